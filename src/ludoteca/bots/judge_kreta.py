"""A learned judge of Kreta positions: each seat's chance of winning, from a model fitted to many games.

The search stops when every seat has had its turns and must say who is likely to win from there. Today's
judgement (:meth:`search_kreta.Session.judge`) turns the heuristic's estimate (:func:`heuristic_kreta.estimate`:
the seat's expected final points less the others') into a chance by a logistic curve whose scale was guessed.
This one keeps the heuristic's estimate as its main input and learns the rest, with the Verräter judge's shape
and trainer (:mod:`ludoteca.training.judges`): a softmax over the seats of a linear score of each seat's
features (a *conditional logit*), its weights fitted to the outcomes of simulated games separately for a few
spans of scorings still to come (``ludoteca train kreta`` reproduces :data:`WEIGHTS_FILE` from its seed).

The features of a seat (:func:`features`) are read from **that seat's view** of the position — in Kreta every
seat sees the same position but for the face-down fort cards, which nobody sees — so the judge knows nothing a
player at the table could not. Loading needs nothing but the standard library (the weights are a small JSON
file shipped in the package).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from ludoteca.kreta.view import KretaView

from . import heuristic_kreta, logit

WEIGHTS_FILE = "judge_kreta.json"
"""The shipped weights, in ``ludoteca/bots/data``."""

FEATURES = ("estimate", "vp", "cards")
"""A seat's features, in :func:`features`' order: the heuristic's estimate from its view (its expected final
points less the others'), the points it has won, the character cards in its hand."""

PLAYERS = (3, 4)
"""The player counts the search judges with this judge: where it measured better than the logistic curve on
held-out games (log loss and Brier score, ``docs/bots.md``). With two players its weights, shared with the other
counts, judged worse than the curve, so two-player searches keep the curve."""

EDGES = (2, 4, 7)
"""Scorings still to come that close each bucket: 1–2, 3–4, 5–7 and 8 or more."""
BUCKETS = len(EDGES) + 1


def bucket_of(scorings_left: int) -> int:
    """Which weights judge a position with ``scorings_left`` scorings still to come: 1 to :data:`BUCKETS`."""
    for b, edge in enumerate(EDGES, start=1):
        if scorings_left <= edge:
            return b
    return BUCKETS


def bucket(state: Any) -> int:
    """Which weights judge ``state`` (a Kreta state or view)."""
    return bucket_of(len(state.fort_row) - state.scorings)


def features(view: KretaView) -> list[float]:
    """The features (:data:`FEATURES`) of the seat whose view this is."""
    p = view.player
    return [float(heuristic_kreta.estimate(view, p)), float(view.scores[p]), float(len(view.hands[p]))]


@cache
def weights() -> dict[str, Any]:
    """The shipped model: ``{"buckets": [[w per feature] per bucket], ...}`` (read once, :func:`.logit.load`)."""
    return logit.load(WEIGHTS_FILE, FEATURES, BUCKETS)


def chances(rows: list[list[float]], b: int) -> list[float]:
    """Each seat's chance of winning from the seats' features ``rows`` in bucket ``b`` (they sum to 1)."""
    return logit.chances(weights()["buckets"][b - 1], rows)


def evaluate(state: Any) -> list[float]:
    """Each seat's chance of winning from ``state``, every seat judged from its own view."""
    return chances([features(state.view(p)) for p in range(state.num_players)], bucket(state))


__all__ = [
    "BUCKETS",
    "EDGES",
    "FEATURES",
    "PLAYERS",
    "WEIGHTS_FILE",
    "bucket",
    "bucket_of",
    "chances",
    "evaluate",
    "features",
    "weights",
]
