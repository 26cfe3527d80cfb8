"""How the search bot looks ahead in Kreta: the heuristic's best moves, a round of answers, its judgement.

Random playouts are useless in Kreta (a random Commander wanders, a random Castellan scores for the
rival), so the search branches only on its own seat's choices and expects the other seats to answer as
the heuristic bot's one-ply strategy would (from their own view of the sampled world). Four things
make it stronger than the heuristic it is built on rather than a noisier copy of it (and ``hard``
``normal`` and ``hard`` look two rounds ahead, ``easy`` one):

- **Its judgement is the heuristic's.** Where the lookahead stops (when every seat has had its turn,
  ``rounds`` times, and play is back with the searching seat), the position is valued by the
  heuristic's own estimate of final points (:func:`heuristic_kreta.estimate`: our expected points less
  the others'), turned into a chance of winning by a logistic curve that is wide early in the game and
  sharp near its end. A cruder projection (points won plus the provinces around the coming fort sites)
  disagreed with the heuristic often enough that the search lost every game to it.
- **It looks at the heuristic's best moves only** (progressive widening): a node of its own seat lets
  only the first ``width`` actions of the heuristic's one-ply ranking compete (one round: the best 4),
  and with ``widen`` one more each time the square root of the decisions taken there grows by
  ``1 / widen`` (two rounds). Some sixty legal actions would otherwise share a few hundred iterations, and
  letting more of them in at one round did not make the search stronger (docs/bots.md): the best of
  more estimates is more often one the estimate overrates.
- **A Commander's movement is one decision.** Its first step is chosen in the tree; the steps after it
  (below the root) follow the heuristic's plan for the whole movement, instead of four single-step
  levels of noisy tree.
- **Nothing is computed twice.** The other seats' answers and the judgements are cached per search by
  the public position (everything but the face-down fort cards): the answers depend only on what the
  answering seat sees, so most iterations replay known positions, and the few where the sampled fort
  cards matter (a Castellan's scoring reveals one) are averaged over the worlds sampled.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ludoteca.core.rng import Rng
from ludoteca.kreta.components import MOVE
from ludoteca.kreta.state import KretaState
from ludoteca.kreta.view import KretaView

from . import heuristic_kreta
from .base import Budget
from .ismcts import Lookahead


@dataclass(frozen=True)
class Settings:
    """The numbers of the Kreta lookahead (the defaults are what ``ismcts`` plays)."""

    rounds: int = 1
    """Rounds of turns (every seat once) played before judging."""
    width: int = 4
    """Actions of the heuristic's ranking that first compete at a node of the searching seat."""
    widen: float = 0.0
    """More of them as the node is used: ``width + widen * sqrt(decisions taken there)`` ..."""
    max_width: int = 8
    """... but never more than this many."""
    base_spread: float = 3.0
    """The logistic curve's scale (VP of estimate per unit of log-odds) at the last scoring ..."""
    spread_per_scoring: float = 2.0
    """... plus this much times the square root of the scorings still to come."""
    others_full: bool = False
    """Model the other seats by the heuristic's full two-ply strategy (else its one-ply one, several
    times cheaper)."""


def win_chance(estimate: float, scorings_left: int, settings: Settings) -> float:
    """A chance of winning from the heuristic's estimate (our expected points less the others')."""
    spread = settings.base_spread + settings.spread_per_scoring * math.sqrt(max(scorings_left, 0))
    x = estimate / spread
    if x < -40.0:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


class Session:
    """The lookahead of one search (from one view): its settings and its caches."""

    def __init__(self, view: KretaView, settings: Settings) -> None:
        self.me = view.player
        self.settings = settings
        self.answers: dict[tuple[Any, ...], Any] = {}
        self.judged: dict[tuple[Any, ...], float] = {}
        self.params = heuristic_kreta.PARAMS if settings.others_full else heuristic_kreta.QUICK

    def lookahead(self) -> Lookahead:
        return Lookahead(
            horizon=self.horizon,
            judge=self.judge,
            policy=self.policy,
            model_others=True,
            order=self.order,
            widen=self.widen,
            follow=self.follow,
        )

    def horizon(self, world: Any) -> Callable[[Any], bool]:
        """Stop once every seat has had ``rounds`` turns since the search began and play is back with it."""
        me = self.me
        turns = world.num_players * self.settings.rounds
        seen = [world.current_player(), 0]  # last seat to act, turns passed

        def past(state: Any) -> bool:
            p = state.current_player()
            if p != seen[0]:
                seen[0] = p
                seen[1] += 1
            return bool(seen[1] >= turns and p == me and state.phase != MOVE)

        return past

    def policy(self, state: Any, rng: Rng) -> Any:
        """The heuristic's one-ply choice for the seat to act (the others: as set), from its view of the
        sampled world; remembered by public position."""
        st: KretaState = state
        legal = st.legal_actions()
        if len(legal) == 1:
            return legal[0]
        key = st.public_key()
        got = self.answers.get(key)
        if got is None:
            p = st.current_player()
            params = heuristic_kreta.QUICK if p == self.me else self.params
            got = self.answers[key] = heuristic_kreta.choose(st.view(p), legal, rng, params)
        return got

    def judge(self, state: Any, seat: int) -> float:
        """The seat's chance of winning from the heuristic's estimate of the position."""
        st: KretaState = state
        key = st.public_key()
        estimate = self.judged.get(key)
        if estimate is None:
            estimate = self.judged[key] = heuristic_kreta.estimate(st.view(seat), seat)
        return win_chance(estimate, len(st.fort_row) - st.scorings, self.settings)

    def order(self, state: Any) -> Sequence[Any]:
        """The legal actions of the seat to act, best first by the heuristic's one-ply values."""
        st: KretaState = state
        return heuristic_kreta.ranked(st.view(st.current_player()), st.legal_actions())

    def widen(self, passes: int) -> int:
        return min(self.settings.max_width, self.settings.width + int(self.settings.widen * math.sqrt(passes)))

    def follow(self, state: Any) -> bool:
        """Below the root, a Commander's later steps follow the heuristic's plan."""
        return bool(state.phase == MOVE)


def lookahead(settings: Settings, deep: Settings) -> Lookahead:
    """A Kreta lookahead (a fresh :class:`Session` for every search) with ``settings``, or ``deep`` for
    budgets of :data:`DEEP_FROM` iterations or more."""

    def prepare(view: object, budget: Budget) -> Lookahead:
        if not isinstance(view, KretaView):
            raise TypeError(f"not a Kreta view: {type(view).__name__}")
        iterations = budget.iterations
        chosen = deep if iterations is None or iterations >= DEEP_FROM else settings
        if iterations is not None and iterations >= DEEPER_FROM:
            chosen = DEEPER
        return Session(view, chosen).lookahead()

    return Lookahead(prepare=prepare, levels=LEVELS)


NORMAL = Settings()
"""One round, the heuristic's best four moves: ``easy`` and budgets below :data:`DEEP_FROM` iterations."""
DEEP = Settings(rounds=2, width=3, widen=1.0, max_width=1000)
"""Two rounds, the root and the searching seat's next turn widened progressively: ``normal`` and ``hard``."""
DEEP_FROM = 200
"""Budgets of this many iterations or more (or of time alone) look two rounds ahead."""
DEEPER = Settings(rounds=3, width=3, widen=1.0, max_width=1000)
"""Three rounds, widened as :data:`DEEP`: budgets of :data:`DEEPER_FROM` iterations or more (issue #37's trial
of a Kreta ``hard`` that looks further rather than longer: two rounds at 800 iterations were no stronger than at
200)."""
DEEPER_FROM = 1600
"""Budgets of this many iterations or more look three rounds ahead (no level of the lobby's is that large)."""

LEVELS = {"normal": Budget(iterations=DEEP_FROM, seconds=1.0), "hard": Budget(iterations=800, seconds=1.8)}
"""Kreta's own budgets for the levels. The second round is where the search's strength comes from (one round
at 100 iterations won 0.55 of 200 games against the heuristic, two rounds at 200 about 0.88 of 20), and
compiled (``ludoteca.native``) 200 two-round iterations take about 0.3 s, so ``normal`` looks two rounds
ahead for 200 iterations or 1 s and ``hard`` for 800 iterations or 1.8 s (its root widening further).
Budgets below 200 iterations (``easy``, ``ismcts:100``) look one round ahead."""


def _reading(view: object, budget: Budget) -> Lookahead:
    """The ``reader`` bot's lookahead, from :mod:`ludoteca.bots.reader_kreta` (imported when first used)."""
    from . import reader_kreta

    return reader_kreta.prepare(view, budget)


LOOKAHEAD = replace(lookahead(NORMAL, DEEP), reading=Lookahead(prepare=_reading))
