"""A learned judge of Verräter positions: each seat's chance of winning, from a model fitted to many games.

The search stops at the end of the round under way and must say who is likely to win from there. The
hand-made judgement (:func:`search_verraeter.evaluate`) is a softmax over projected scores with a guessed
worth per card in hand and a guessed temperature; this one has the same shape — a softmax over the seats of a
linear score of each seat's position (a *conditional logit*) — with its weights fitted, for each number of
rounds still to play, to the outcomes of simulated games (``ludoteca train verraeter``, which reproduces
:data:`WEIGHTS_FILE` from its seed; :mod:`ludoteca.training.judges`).

The features of a seat (:func:`features`) are things every seat sees at a round's end — victory points,
estates, Kontor, reserve, hand size — and the seat's hand, which only the seat itself sees: in a search the
hands are those of the sampled world, as for the hand-made judgement. Loading needs nothing but the standard
library (the weights are a small JSON file shipped in the package).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ludoteca.verraeter.scoring import kontor_points
from ludoteca.verraeter.state import VerraeterState

from . import logit

WEIGHTS_FILE = "judge_verraeter.json"
"""The shipped weights, in ``ludoteca/bots/data``."""

FEATURES = ("vp", "hand_sum", "hand_len", "kontor_bonus", "gutshof", "producing", "reserve", "high_cards")
"""The names of a seat's features, in :func:`features`' order."""

BUCKETS = 4
"""Separate weights for 1, 2, 3 and 4 or more rounds still to play (counting the one just ending)."""


def bucket(state: VerraeterState) -> int:
    """Which weights judge ``state``: rounds still to play, from 1 (the last) to :data:`BUCKETS`."""
    left = state.rounds_total - state.round + 1
    return max(1, min(BUCKETS, left))


def features(state: VerraeterState, p: int) -> list[float]:
    """Seat ``p``'s features (:data:`FEATURES`)."""
    hand = state.hands[p]
    kontor = 0
    gutshof = 0
    producing = 0
    side = state.allegiance[p]
    for i, owner in enumerate(state.estate_owner):
        if owner != p:
            continue
        if state.estate_kontor[i]:
            kontor += 1
        else:
            gutshof += 1
            if state.land_house[i] == side:
                producing += 1
    vp = state.conflict_vp[p] + state.traitor_vp[p] + state.strategist_vp[p]
    return [
        float(vp),
        float(sum(hand)),
        float(len(hand)),
        float(kontor_points(kontor, len(hand))),
        float(gutshof),
        float(producing),
        float(state.reserve[p]),
        float(sum(1 for v in hand if v >= 6)),
    ]


@cache
def weights() -> dict[str, Any]:
    """The shipped model: ``{"buckets": [[w per feature] per bucket], ...}`` (read once, :func:`.logit.load`)."""
    return logit.load(WEIGHTS_FILE, FEATURES, BUCKETS)


def evaluate(state: Any) -> list[float]:
    """Each seat's chance of winning from ``state`` (they sum to 1)."""
    st: VerraeterState = state
    w = weights()["buckets"][bucket(st) - 1]
    return logit.chances(w, [features(st, p) for p in range(st.num_players)])


__all__ = ["BUCKETS", "FEATURES", "WEIGHTS_FILE", "bucket", "evaluate", "features", "weights"]
