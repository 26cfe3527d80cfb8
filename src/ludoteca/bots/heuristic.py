"""The heuristic bot: a hand-written strategy per game, behind the one bot interface.

The strategies themselves live in one module per game (:mod:`ludoteca.bots.heuristic_verraeter`,
:mod:`ludoteca.bots.heuristic_kreta`), each a pure function of the view, the legal actions and the
bot's generator (used only to break ties), so the same view and seed always give the same action.
They are documented there and in ``docs/bots.md``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from ludoteca import games
from ludoteca.core.errors import IllegalActionError
from ludoteca.core.plugin import PluginError
from ludoteca.core.rng import Rng

from .base import Bot

A = TypeVar("A")


@runtime_checkable
class Strategy(Protocol):
    """A game's ``strategy`` facet: ``choose(view, legal_actions, rng) -> action``, a pure function of the
    view and the legal actions, using ``rng`` only to break ties."""

    def __call__(self, view: Any, legal_actions: Sequence[Any], rng: Rng, /) -> Any: ...


_CHECKED: dict[int, Strategy] = {}
"""Strategies already checked, by identity (a protocol check costs microseconds; a bot asks every move)."""


def strategy(game: str) -> Strategy:
    """The game's strategy (the ``strategy`` facet of its plug-in)."""
    plugin = games.plugin(game)
    found = plugin.facet("strategy")
    checked = _CHECKED.get(id(found))
    if checked is None:
        if not isinstance(found, Strategy):
            raise PluginError(f"{plugin.title}: its strategy is not a function (view, legal actions, rng) -> action")
        _CHECKED[id(found)] = checked = found
    return checked


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
