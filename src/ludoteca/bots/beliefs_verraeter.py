"""What the others' choices this round say about their hidden cards, in Verräter.

Until the reveal, the action cards kept in the draft are hidden, and so are the hands all game long. But
each seat chose its draft card from what it was offered, knowing its hand, and played its supply knowing
its card: a world in which those choices make sense to the heuristic strategy is likelier than one in which
they do not. For a sampled world, :class:`Evidence` rebuilds the view each other seat had when it made each
of this round's choices (the draft pick, the supply play) — the searching seat's view with that seat's hand,
offer and card *from the sampled world*, and the table as it then stood — values that seat's legal actions
with the heuristic (:func:`heuristic_verraeter.valued`), and multiplies the probabilities of the actions
actually taken under the :class:`~ludoteca.bots.beliefs.OpponentModel` (a softmax over those values).

Only this round's choices count: earlier rounds' evidence about the hands would need the hands as they were
then (before the draws and discards since), and the action cards of earlier rounds are public after their
reveal. After the reveal (the build and draw phases) and in the conflict phase there is nothing to weigh, and
the search samples uniformly, as before.

Rewinding is exact within a round before the reveal: nothing reaches the discard pile or the draw pile between
the draft and the last supply play, so a seat's hand at its choice is its hand now plus what it played.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ludoteca.core.rng import Rng
from ludoteca.verraeter.actions import Action, PlaySupply, TakeAction, supply_actions
from ludoteca.verraeter.determinize import determinize
from ludoteca.verraeter.state import VerraeterState
from ludoteca.verraeter.view import VerraeterView

from . import heuristic_verraeter
from .beliefs import OpponentModel, Particles, particles

MODEL = OpponentModel(temperature=0.5, epsilon=0.1)
"""The opponent model of the ``reader`` bot (temperature chosen by ``benchmarks/beliefs.py``)."""


class Evidence:
    """The others' choices this round, as seen from one view, and their likelihood in a sampled world."""

    __slots__ = ("base", "cache", "draft", "model", "n", "order", "supply")

    def __init__(self, view: VerraeterView, model: OpponentModel = MODEL) -> None:
        self.model = model
        self.n = n = view.num_players
        self.order = {(view.start_player + k) % n: k for k in range(n)}
        me = view.player
        self.base = view
        self.draft: tuple[int, ...] = ()
        self.supply: tuple[int, ...] = ()
        if view.revealed or view.phase not in ("draft", "supply"):
            return
        pos = self.order
        if view.phase == "draft":
            self.draft = tuple(q for q in range(n) if q != me and view.has_chosen[q])
        else:
            self.draft = tuple(q for q in range(n) if q != me)
            here = pos[view.to_act]
            self.supply = tuple(q for q in range(n) if q != me and pos[q] < here)
        self.cache: dict[tuple[Any, ...], dict[Action, float]] = {}

    def __bool__(self) -> bool:
        """Whether there is any choice to weigh."""
        return bool(self.draft or self.supply)

    def likelihood(self, world: Any) -> float:
        """The probability of the others' choices this round in ``world``, under the opponent model."""
        w: VerraeterState = world
        out = 1.0
        for q in self.draft:
            out *= self._draft(w, q)
        for q in self.supply:
            out *= self._supply(w, q)
        return out

    def _hand_then(self, w: VerraeterState, q: int) -> tuple[int, ...]:
        return tuple(sorted(list(w.hands[q]) + list(w.played[q])))

    def _draft(self, w: VerraeterState, q: int) -> float:
        hand = self._hand_then(w, q)
        offered = w.offered[q]
        key = ("draft", q, hand, offered)
        probs = self.cache.get(key)
        if probs is None:
            n, pos, v = self.n, self.order, self.base
            view = replace(
                v,
                player=q,
                phase="draft",
                to_act=q,
                hand=hand,
                hand_sizes=tuple(len(w.hands[p]) + len(w.played[p]) for p in range(n)),
                played=((),) * n,
                has_chosen=tuple(pos[p] < pos[q] for p in range(n)),
                chosen=(-1,) * n,
                offered=offered,
                log=(),
            )
            legal = [TakeAction(c) for c in offered]
            probs = self.cache[key] = self.model.probabilities(heuristic_verraeter.valued(view, legal), legal)
        return probs.get(TakeAction(w.chosen[q]), 0.0)

    def _supply(self, w: VerraeterState, q: int) -> float:
        hand = self._hand_then(w, q)
        card = w.chosen[q]
        key = ("supply", q, hand, card, w.offered[q])
        probs = self.cache.get(key)
        if probs is None:
            n, pos, v = self.n, self.order, self.base
            earlier = [pos[p] < pos[q] for p in range(n)]
            view = replace(
                v,
                player=q,
                phase="supply",
                to_act=q,
                hand=hand,
                hand_sizes=tuple(len(w.hands[p]) + (0 if earlier[p] else len(w.played[p])) for p in range(n)),
                played=tuple(w.played[p] if earlier[p] else () for p in range(n)),
                has_chosen=(True,) * n,
                chosen=tuple(card if p == q else -1 for p in range(n)),
                offered=w.offered[q],
                log=(),
            )
            legal = list(supply_actions(hand))
            probs = self.cache[key] = self.model.probabilities(heuristic_verraeter.valued(view, legal), legal)
        return probs.get(PlaySupply(w.played[q]), 0.0)


def refresh(world: Any, rng: Rng) -> Any:
    """A candidate world's chance to come, re-dealt: a new generator and a new order of the draw pile (no
    choice so far depended on it)."""
    w: VerraeterState = world
    w.rng = rng.spawn()
    rng.shuffle(w.draw_pile)
    return w


def sampler(view: object, rng: Rng, count: int, model: OpponentModel = MODEL) -> Particles | None:
    """``count`` worlds from ``view`` weighted by the others' choices this round, or ``None`` when there are
    none to weigh (the search then samples uniformly, exactly as without beliefs)."""
    if not isinstance(view, VerraeterView):
        raise TypeError(f"not a Verräter view: {type(view).__name__}")
    evidence = Evidence(view, model)
    if not evidence:
        return None
    return particles(view, rng, count, determinize, evidence.likelihood, refresh)


__all__ = ["MODEL", "Evidence", "refresh", "sampler"]
