"""A game is one plug-in: its rules and everything the outer layers need of it, found through an entry point.

Modelled on OpenSpiel's self-registering games (a static game-info block per game) and on the
``ludoteca.bots`` entry points: a package declares, in its metadata,

```toml
[project.entry-points."ludoteca.games"]
verraeter = "ludoteca.plugins.verraeter:PLUGIN"
```

and every outer layer — CLI, web, arena, simulation, research adapters, bots — finds the game only through
:mod:`ludoteca.games` (which reads that group), never by ``isinstance`` on a view, a switch on the game's
name or a naming convention. A third game is a package of its own with such an entry point.

The plug-in is declarative and cheap to load: the rules definition, the lobby's option schema, and the
*facets* — the per-game parts of the outer layers (presenter, strategy, search lookahead, RL encoding,
simulation counters, OpenSpiel spec) — named as ``"module:attribute"`` strings and imported on first use.
So loading a plug-in never imports an outer layer, and the core, which defines this class, imports none
either. Each layer types the facet it consumes with its own protocol (``ludoteca.present.Presenter``,
``ludoteca.bots.Strategy`` …) through a small typed accessor, so no layer computes on ``Any``.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any, Generic, Literal, TypeVar

from .errors import LudotecaError
from .game import GameDefinition

ENTRY_POINT_GROUP = "ludoteca.games"
"""The entry-point group games register in (``name = "package.module:PLUGIN"``)."""

FACETS = ("presenter", "strategy", "lookahead", "encoding", "counters", "openspiel", "guide")
"""The facets a plug-in may name. ``presenter`` (``ludoteca.present.Presenter``: words and pictures) and
``strategy`` (``ludoteca.bots.Strategy``: the heuristic's choice) every playable game has; the others are
optional and the layer that needs one says clearly when a game lacks it (``guide``,
``ludoteca.present.Guide``: the words of a guided first game, is simply not offered without one)."""

S = TypeVar("S")
A = TypeVar("A")
V = TypeVar("V")


class PluginError(LudotecaError):
    """A game plug-in is missing, malformed, or lacks a facet a layer asked for."""


@dataclass(frozen=True)
class OptionSpec:
    """A rule option people may set in the lobby: the schema the web form and its validation share.

    Options that read files (Verräter's ``landscapes``, Kreta's ``board``) are never listed: a server must
    not read files a client names.
    """

    key: str
    label: str
    """English label, marked for translation where the plug-in defines it (translated when shown)."""
    kind: Literal["bool", "choice"]
    choices: tuple[Any, ...] = ()
    """For ``choice``: the JSON values offered, the default among them (``None`` may mean "no limit")."""
    choice_labels: tuple[str, ...] = ()
    """English labels of the choices, in order (translated when shown); empty: the values themselves."""


@dataclass(frozen=True)
class DataOption:
    """A rule option whose value is data a player supplies (Verräter's landscape table, Kreta's board).

    At a terminal its value may be a file path (``landscapes=my-cards.json``); in a record it is the data
    itself or the word for the shipped data. Whatever comes from the network (a creation, an uploaded record)
    may hold only the latter two: a string naming a file would have the server read its own files
    (``/dev/zero``, ``/proc/self/fd/…``), so the web refuses every value not declared here.
    """

    key: str
    shipped: tuple[Any, ...]
    """The values that mean "the shipped data" (``"reconstruction"``, ``None``)."""
    inline: bool = False
    """Whether the data itself, as a JSON object, is accepted (the core validates its content)."""


@dataclass(frozen=True)
class GamePlugin(Generic[S, A, V]):
    """One game, as the outer layers know it."""

    rules: GameDefinition[S, A, V, Any]
    """The rules core's definition (name, title, player counts, options, set-up, actions, views)."""
    facets: Mapping[str, str] = field(default_factory=dict)
    """Facet name (one of :data:`FACETS`) → ``"module:attribute"``, imported on first use."""
    lobby_options: tuple[OptionSpec, ...] = ()
    """The rule options the web lobby offers, in the order shown."""
    data_options: tuple[DataOption, ...] = ()
    """The rule options holding supplied data, as a record from the network may carry them (never a path)."""
    _loaded: dict[str, object] = field(default_factory=dict, compare=False, repr=False)

    @property
    def name(self) -> str:
        return self.rules.name

    @property
    def title(self) -> str:
        return self.rules.title

    def __post_init__(self) -> None:
        unknown = set(self.facets) - set(FACETS)
        if unknown:
            raise PluginError(f"game {self.name!r}: unknown facet(s) {', '.join(sorted(unknown))}")

    def has(self, facet: str) -> bool:
        return facet in self.facets

    def facet(self, facet: str) -> object:
        """The object named for ``facet``, imported on first use (:class:`PluginError` if the game has none)."""
        if facet in self._loaded:
            return self._loaded[facet]
        target = self.facets.get(facet)
        if target is None:
            raise PluginError(f"{self.title} has no {facet}")
        module, _, attribute = target.partition(":")
        try:
            value: object = import_module(module)
            for part in attribute.split(".") if attribute else ():
                value = getattr(value, part)
        except (ImportError, AttributeError) as e:
            raise PluginError(f"{self.title}: its {facet} {target!r} cannot be loaded ({e})") from e
        self._loaded[facet] = value
        return value
