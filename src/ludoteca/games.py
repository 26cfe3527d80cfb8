"""The registry of games, for the outer layers (CLI, bots, simulation, server).

The rules cores never import this module; it imports them (lazily, so a broken or slow import of one
game never affects the other).
"""

from __future__ import annotations

from importlib import import_module

from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import GameDefinition

_GAMES = {
    "verraeter": "ludoteca.verraeter",
    "kreta": "ludoteca.kreta",
}
_ALIASES = {"verräter": "verraeter", "verrater": "verraeter", "traitor": "verraeter", "crete": "kreta"}


class UnknownGameError(LudotecaError):
    pass


def names() -> tuple[str, ...]:
    return tuple(_GAMES)


def get(name: str) -> GameDefinition:
    """The definition of the game called ``name`` (case-insensitive; a few aliases are accepted)."""
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key not in _GAMES:
        raise UnknownGameError(f"unknown game {name!r} (choose from {', '.join(_GAMES)})")
    definition = import_module(_GAMES[key]).DEFINITION
    assert isinstance(definition, GameDefinition)
    return definition


def for_view(view: object) -> GameDefinition:
    """The game a view belongs to: how a bot handed only a view finds the game's rules."""
    for name in _GAMES:
        definition = get(name)
        if definition.view_type is not None and isinstance(view, definition.view_type):
            return definition
    raise UnknownGameError(f"{type(view).__name__} is not the view of a known game")
