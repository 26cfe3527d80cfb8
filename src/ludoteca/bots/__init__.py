"""Bots for every game, found by name: ``create("random", seed)``.

The registry maps names to ``module:Class`` strings and imports a bot only when it is created, so a
heavy search bot costs nothing to programs that never use it. Every bot is game-agnostic at this
level: it sees a view and a list of legal actions (see :mod:`ludoteca.bots.base`).

Bots that live above this layer (``openspiel-ismcts`` in :mod:`ludoteca.rl`, which needs the ``rl``
extra) or in other packages are *plug-ins*: a distribution declares them as entry points of the group
:data:`ENTRY_POINT_GROUP` (``name = "module:Class"``), and the registry finds them by name without
importing anything from those layers. Entry points are package metadata, so worker processes — forked
or spawned — find the same bots as the process that started them.
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache
from importlib import import_module
from importlib.metadata import entry_points

from ludoteca.core.errors import LudotecaError

from .base import Bot, Budget

__all__ = [
    "Bot",
    "Budget",
    "UnknownBotError",
    "create",
    "describe",
    "from_spec",
    "names",
    "parse_spec",
    "register",
    "replayable",
]

ENTRY_POINT_GROUP = "ludoteca.bots"
"""The entry-point group of plug-in bots: ``openspiel-ismcts = "ludoteca.rl.openspiel.bot:OpenSpielIsmctsBot"``."""

_BOTS: dict[str, str] = {
    "random": "ludoteca.bots.random_bot:RandomBot",
    "heuristic": "ludoteca.bots.heuristic:HeuristicBot",
    "ismcts": "ludoteca.bots.ismcts:IsmctsBot",
    "reader": "ludoteca.bots.ismcts:ReaderBot",
}


class UnknownBotError(LudotecaError):
    """A bot name the registry does not know."""


@cache
def _plugins() -> dict[str, str]:
    """Plug-in bots declared by installed distributions: name -> ``module:Class`` (read once per process:
    scanning the installed distributions' metadata takes tens of milliseconds)."""
    return {ep.name.strip().lower(): ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}


def names() -> tuple[str, ...]:
    """The registered bot names, in registration order, then the plug-ins not registered under their name."""
    return tuple(_BOTS) + tuple(name for name in _plugins() if name not in _BOTS)


def register(name: str, target: str) -> None:
    """Make the bot class at ``target`` (``"package.module:Class"``) available as ``name``."""
    key = name.strip().lower()
    if not key or key == "human":
        raise ValueError(f"{name!r} cannot name a bot")
    _BOTS[key] = target


def _load(name: str) -> type[Bot]:
    key = name.strip().lower()
    plugin = False
    if key not in _BOTS:
        found = _plugins().get(key)
        if found is None:
            raise UnknownBotError(f"unknown bot {name!r} (choose from {', '.join(names())})")
        _BOTS[key] = found
        plugin = True
    module, _, attr = _BOTS[key].partition(":")
    try:
        cls = getattr(import_module(module), attr)
    except ImportError as exc:
        if not plugin:
            raise
        _BOTS.pop(key)
        raise UnknownBotError(f"bot {name!r} cannot be loaded ({exc}): is the extra it needs installed?") from exc
    if not (isinstance(cls, type) and issubclass(cls, Bot)):
        raise TypeError(f"{_BOTS[key]} is not a Bot class")
    return cls


def create(name: str, seed: int, budget: Budget | None = None) -> Bot:
    """A new bot of kind ``name`` (case-insensitive) with its own seed and budget."""
    return _load(name)(seed, budget)


def parse_spec(spec: str) -> tuple[str, Budget | None]:
    """A seat's bot as written on a command line: ``NAME`` or ``NAME:BUDGET``.

    BUDGET is one of the bot's levels (``ismcts:hard``), a number of iterations (``ismcts:800``)
    or seconds per move (``ismcts:0.5s``). Bad specs raise ``UnknownBotError`` naming what is accepted.
    """
    name, colon, budget_text = spec.strip().lower().partition(":")
    cls = _load(name)
    if not colon:
        return name, None
    budget_text = budget_text.strip()
    if budget_text in cls.levels:
        return name, cls.levels[budget_text]
    try:
        if budget_text.endswith("s"):
            return name, Budget(seconds=float(budget_text[:-1]))
        return name, Budget(iterations=int(budget_text))
    except ValueError as exc:
        levels = "".join(f"{level}, " for level in cls.levels)
        raise UnknownBotError(
            f"bad budget {budget_text!r} for bot {name!r} (use {levels}a number of iterations like 800, "
            "or seconds like 0.5s)"
        ) from exc


def from_spec(spec: str, seed: int, *, clock: bool = True) -> Bot:
    """A new bot from a seat spec like ``heuristic`` or ``ismcts:hard`` (see :func:`parse_spec`).

    ``clock=False`` (arenas, benchmarks, simulations: nobody waits) switches off the levels' time limits
    where iterations bound the search too, so that the games replay exactly whatever the machine's load
    (:attr:`Budget.clock`); a budget of seconds alone (``ismcts:0.5s``) keeps its clock."""
    name, budget = parse_spec(spec)
    if not clock:
        budget = replace(budget or Budget(), clock=False)
    return create(name, seed, budget)


def replayable(spec: str, seed: int) -> Bot:
    """:func:`from_spec` with the clock off: a bot whose play depends on its seed alone (an arena's)."""
    return from_spec(spec, seed, clock=False)


def describe(name: str) -> str:
    """The first line of the bot's docstring, for help texts."""
    doc = _load(name).__doc__ or ""
    return doc.strip().splitlines()[0] if doc.strip() else name
