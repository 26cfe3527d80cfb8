"""The heuristic bot: a hand-written strategy per game, behind the one bot interface.

The strategies themselves live in one module per game (:mod:`ludoteca.bots.heuristic_verraeter`,
:mod:`ludoteca.bots.heuristic_kreta`), each a pure function of the view, the legal actions and the
bot's generator (used only to break ties), so the same view and seed always give the same action.
They are documented there and in ``docs/bots.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Any, TypeVar

from ludoteca import games
from ludoteca.core.errors import IllegalActionError
from ludoteca.core.rng import Rng

from .base import Bot

A = TypeVar("A")

_STRATEGIES = {
    "verraeter": "ludoteca.bots.heuristic_verraeter",
    "kreta": "ludoteca.bots.heuristic_kreta",
}


def strategy(game: str) -> Callable[[Any, Sequence[Any], Rng], Any]:
    """The game's ``choose(view, legal_actions, rng) -> action`` function."""
    choose: Callable[[Any, Sequence[Any], Rng], Any] = import_module(_STRATEGIES[game]).choose
    return choose


class HeuristicBot(Bot):
    """Plays a hand-written strategy for each game: quick, deterministic for a seed, fair (view only)."""

    name = "heuristic"

    def choose(self, view: object, legal_actions: Sequence[A]) -> A:
        if not legal_actions:
            raise IllegalActionError("no legal actions to choose from: the game is over")
        if len(legal_actions) == 1:
            return legal_actions[0]
        action: A = strategy(games.for_view(view).name)(view, legal_actions, self.rng)
        return action
