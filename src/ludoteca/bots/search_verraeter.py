"""How the search bot looks ahead in Verräter: play to the end of the round, then judge the position.

A random playout to the end of the game adds many rounds of noise for each round of signal (the
future conflicts are played at random by everyone), so the search plays only to the end of the round
under way and then estimates each seat's chance of winning from the victory points banked, the
supply cards in hand (strength for later conflicts, and the Kontor bonus at the end) and the rounds
left: a softmax over projected scores whose temperature grows with the rounds still to play.

``hard`` has a budget of its own, 1,000 iterations, and lets the heuristic's best actions in first
(progressive widening by :func:`heuristic_verraeter.ranked`), so that the searching seat's later choices
in the round are not first tried in random order. It is reproducible and cheap, but measured no stronger
than ``normal`` (docs/bots.md); so were deeper lookaheads tried (:class:`Settings`).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from ludoteca.core.rng import Rng
from ludoteca.verraeter.scoring import kontor_points
from ludoteca.verraeter.state import VerraeterState
from ludoteca.verraeter.view import VerraeterView

from . import heuristic_verraeter
from .base import Budget
from .ismcts import Lookahead, win_chances

HAND_VP_PER_CP = 0.15
"""Worth (VP) of one conflict point of supply in hand, for the rounds to come."""
SPREAD_PER_ROUND = 2.5
"""Typical swing in VP difference per round still to play (the softmax temperature's scale)."""
BASE_SPREAD = 1.0


def horizon(world: Any) -> Callable[[Any], bool]:
    """Stop at the end of the round the search started in."""
    start = world.round

    def past(state: Any) -> bool:
        return bool(state.round != start)

    return past


def heuristic_move(state: Any, rng: Rng) -> Any:
    """The heuristic bot's choice for the seat to act, from that seat's view of the sampled world."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return heuristic_verraeter.choose(state.view(state.current_player()), legal, rng)


def evaluate(state: Any) -> list[float]:
    """Each seat's estimated chance of winning from here (they sum to 1)."""
    st: VerraeterState = state
    n = st.num_players
    left = st.rounds_total - st.round + 1
    proj = []
    for p in range(n):
        vp = st.conflict_vp[p] + st.traitor_vp[p] + st.strategist_vp[p]
        hand = st.hands[p]
        kontor = kontor_points(st.kontor_count(p), len(hand))
        proj.append(vp + HAND_VP_PER_CP * sum(hand) + kontor * (0.5 if left > 1 else 1.0))
    return win_chances(proj, BASE_SPREAD + SPREAD_PER_ROUND * math.sqrt(left))


ONE_ROUND = Lookahead(horizon=horizon, evaluate=evaluate, policy=heuristic_move, model_others=True)
"""The round under way, every choice of the searching seat in the tree: ``easy``, ``normal``, and budgets below
:data:`DEEP_FROM` iterations."""


@dataclass(frozen=True)
class Settings:
    """A Verräter lookahead of the search's own: how many rounds it plays, how many of them branch in the
    tree, and how widely (the defaults are :data:`ONE_ROUND`'s)."""

    rounds: int = 1
    """Rounds played before judging: the one under way and ``rounds - 1`` more."""
    tree_rounds: int = 1
    """Rounds in which the searching seat's choices branch in the tree; in the later ones (below the root)
    it plays as the heuristic would, like the others."""
    width: int = 0
    """With progressive widening: actions of the heuristic's ranking that first compete at a node (0: all)."""
    widen: float = 1.0
    """... and one more each time the square root of the decisions taken there grows by ``1 / widen``."""


class Session:
    """The lookahead of one search from one view, with ``settings``."""

    def __init__(self, round_: int, settings: Settings) -> None:
        self.start = round_
        self.settings = settings

    def lookahead(self) -> Lookahead:
        settings = self.settings
        tree = settings.tree_rounds < settings.rounds
        widening = settings.width > 0
        return Lookahead(
            horizon=self.horizon,
            evaluate=evaluate,
            policy=heuristic_move,
            model_others=True,
            order=self.order if widening else None,
            widen=self.widen if widening else None,
            follow=self.follow if tree else None,
        )

    def horizon(self, world: Any) -> Callable[[Any], bool]:
        """Stop at the end of the ``rounds``-th round counted from the one the search started in."""
        end = self.start + self.settings.rounds

        def past(state: Any) -> bool:
            return bool(state.round >= end)

        return past

    def follow(self, state: Any) -> bool:
        """Past the rounds of the tree, the searching seat plays as the heuristic would."""
        return bool(state.round >= self.start + self.settings.tree_rounds)

    def order(self, state: Any) -> Sequence[Any]:
        """The legal actions of the seat to act, best first by the heuristic's values."""
        st: VerraeterState = state
        return heuristic_verraeter.ranked(st.view(st.current_player()), st.legal_actions())

    def widen(self, passes: int) -> int:
        return self.settings.width + int(self.settings.widen * math.sqrt(passes))


def lookahead(deep: Settings) -> Lookahead:
    """The Verräter lookahead: :data:`ONE_ROUND` for budgets below :data:`DEEP_FROM` iterations, else one
    with ``deep`` (a fresh :class:`Session` per search)."""

    def prepare(view: object, budget: Budget) -> Lookahead:
        if not isinstance(view, VerraeterView):
            raise TypeError(f"not a Verräter view: {type(view).__name__}")
        iterations = budget.iterations
        if iterations is not None and iterations < DEEP_FROM:
            return ONE_ROUND
        return Session(view.round, deep).lookahead()

    return Lookahead(prepare=prepare, levels=LEVELS)


HARD = Settings(width=2, widen=1.0)
"""``hard``: the round under way, the heuristic's best two actions first at every node of the searching seat,
one more each time the square root of the decisions taken there grows by one."""
DEEP_FROM = 1000
"""Budgets of this many iterations or more (or of time alone) search with :data:`HARD`."""
LEVELS = {"hard": Budget(iterations=1000, seconds=2.0)}
"""Verräter's own budget for ``hard`` (``easy`` and ``normal`` keep the generic ones): iterations, so that its
strength depends on the machine's load only when that is heavy enough to reach the 2 s safety net."""


def _reading(view: object, budget: Budget) -> Lookahead:
    """The ``reader`` bot's lookahead, from :mod:`ludoteca.bots.reader_verraeter` (imported when first used)."""
    from . import reader_verraeter

    return reader_verraeter.prepare(view, budget)


LOOKAHEAD = replace(lookahead(HARD), reading=Lookahead(prepare=_reading))
