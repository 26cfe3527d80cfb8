"""The registry of games: every game is a plug-in found through the ``ludoteca.games`` entry points.

The outer layers (CLI, web, arena, simulation, research adapters, bots) find a game only here — by its
name, or by one of its views — and ask its :class:`~ludoteca.core.plugin.GamePlugin` for what they need.
The built-in games register in ``pyproject.toml`` like any third-party game would (see
``docs/architecture.md``). The rules cores never import this module.
"""

from __future__ import annotations

from functools import cache
from importlib.metadata import entry_points
from typing import Any

from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import GameDefinition
from ludoteca.core.plugin import ENTRY_POINT_GROUP, GamePlugin, PluginError

_ALIASES = {"verräter": "verraeter", "verrater": "verraeter", "traitor": "verraeter", "crete": "kreta"}


class UnknownGameError(LudotecaError):
    pass


@cache
def _registered() -> dict[str, str]:
    """Game name → entry-point target, read once per process (a metadata scan costs tens of ms)."""
    found = {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}
    # the built-in games first, in their usual order; then the others by name
    order = ["verraeter", "kreta"]
    return {name: found[name] for name in [*[n for n in order if n in found], *sorted(set(found) - set(order))]}


@cache
def _load(name: str) -> GamePlugin[Any, Any, Any]:
    target = _registered()[name]
    module, _, attribute = target.partition(":")
    try:
        from importlib import import_module

        value: object = import_module(module)
        for part in attribute.split("."):
            value = getattr(value, part)
    except (ImportError, AttributeError) as e:
        raise PluginError(f"game {name!r}: its plug-in {target!r} cannot be loaded ({e})") from e
    if not isinstance(value, GamePlugin):
        raise PluginError(f"game {name!r}: {target!r} is not a GamePlugin")
    if value.name != name:
        raise PluginError(f"game {name!r}: {target!r} is registered under another name ({value.name!r})")
    return value


def clear_cache() -> None:
    """Forget the registered games (tests that install or remove a plug-in call this)."""
    _registered.cache_clear()
    _load.cache_clear()


def names() -> tuple[str, ...]:
    return tuple(_registered())


def _key(name: str) -> str:
    key = name.strip().lower()
    key = _ALIASES.get(key, key)
    if key not in _registered():
        raise UnknownGameError(f"unknown game {name!r} (choose from {', '.join(names())})")
    return key


def plugin(name: str) -> GamePlugin[Any, Any, Any]:
    """The plug-in of the game called ``name`` (case-insensitive; a few aliases are accepted)."""
    return _load(_key(name))


def get(name: str) -> GameDefinition[Any, Any, Any, Any]:
    """The rules definition of the game called ``name``."""
    return plugin(name).rules


def plugin_for_view(view: object) -> GamePlugin[Any, Any, Any]:
    """The game a view belongs to: how a bot handed only a view finds the game's rules."""
    for name in names():
        found = plugin(name)
        if found.rules.view_type is not None and isinstance(view, found.rules.view_type):
            return found
    raise UnknownGameError(f"{type(view).__name__} is not the view of a known game")


def for_view(view: object) -> GameDefinition[Any, Any, Any, Any]:
    return plugin_for_view(view).rules
