"""Fixed-size numbers for learning agents: an action space of integer ids and an observation vector.

The rules cores speak in actions (small frozen values) and views (what one seat may know); learning
libraries want a finite ``Discrete`` action space with a legality mask and a flat float vector. An
:class:`Encoding` translates between the two for one game, rule options and player count, so that the
PettingZoo environments and the OpenSpiel games share one numbering (an agent trained in one reads the
other's tensors). Encodings are numpy-only on purpose: no adapter library is imported here.

Two promises every encoding keeps, checked by the tests over many random games:

- **Actions.** Every legal action of every reachable position has an id in ``range(num_actions)``, the
  same id wherever it occurs, and distinct legal actions have distinct ids; ``action(index(a), legal)``
  gives ``a`` back. The space is enumerated from the game's structure (landscapes, provinces, borders,
  ports, multisets of supply cards), never learned from play.
- **Observations.** ``observe(view)`` reads the view only, so two states that differ in what a seat
  cannot see give that seat the same vector. Seats are numbered *relative to the observer*: slot block
  ``seat+0`` is the observing seat, ``seat+1`` the next one clockwise, and so on (a spectator's view,
  player -1, uses the table's own numbering), so one policy can play from any seat.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from functools import lru_cache
from typing import Any, Protocol, runtime_checkable

import numpy as np
import numpy.typing as npt

from ludoteca import games
from ludoteca.core.game import GameDefinition
from ludoteca.core.plugin import PluginError

Observation = npt.NDArray[np.float32]
Mask = npt.NDArray[np.int8]

POINTS_MOST = 1000.0
"""A safe upper bound for victory points and conflict strengths in observation spaces (not a tight one)."""


@runtime_checkable
class Encoding(Protocol):
    """One game's action ids and observation vector, for a given rule set and player count."""

    game: str
    players: int
    num_actions: int
    """Size of the fixed, finite action space (ids ``0 .. num_actions - 1``)."""
    observation_shape: tuple[int, ...]
    """Shape of :meth:`observe`'s result: a flat float32 vector."""

    def index(self, action: Any) -> int:
        """The id of a core action (the same in every position); ``ValueError`` for a foreign action."""
        ...

    def action(self, index: int, legal: Sequence[Any]) -> Any:
        """The legal action with id ``index``; ``ValueError`` if none of ``legal`` has it."""
        ...

    def mask(self, legal: Sequence[Any]) -> Mask:
        """int8, length ``num_actions``: 1 at the ids of ``legal``."""
        ...

    def observe(self, view: Any) -> Observation:
        """The view as a float32 vector of ``observation_shape`` (nothing the view does not hold)."""
        ...

    def slots(self) -> list[str]:
        """A name per observation slot, in order (for the docs and for debugging)."""
        ...

    def observation_high(self) -> Observation:
        """Per slot, the most it can hold (the least is 0): the bounds of an observation space."""
        ...

    def slot_blocks(self) -> list[tuple[str, int, int]]:
        """The observation's blocks as ``(name, first slot, count)``: a block's slots are ``name.label``
        (or just ``name`` for a single unlabelled slot)."""
        ...

    def action_names(self) -> list[str]:
        """A readable name per action id: the action's text notation."""
        ...


class ActionTable:
    """The action half of an encoding: an enumerated list of every action the game can ever offer.

    Actions are frozen dataclasses with value equality, so a dict from action to id serves positions
    that hand out equal (not identical) objects, such as Kreta's interned Admiral moves.
    """

    def __init__(self, actions: Sequence[Hashable]) -> None:
        self._actions = tuple(actions)
        self._ids: dict[Hashable, int] = {}
        for i, a in enumerate(self._actions):
            if a in self._ids:
                raise AssertionError(f"action {a!r} enumerated twice")
            self._ids[a] = i
        self.num_actions = len(self._actions)
        self._names: tuple[str, ...] | None = None

    def index(self, action: Any) -> int:
        try:
            return self._ids[action]
        except (KeyError, TypeError):
            raise ValueError(f"{action!r} is not in this encoding's action space") from None

    def action(self, index: int, legal: Sequence[Any]) -> Any:
        if not 0 <= index < self.num_actions:
            raise ValueError(f"action id {index} is out of range (0–{self.num_actions - 1})")
        ids = self._ids
        for a in legal:
            if ids.get(a) == index:
                return a
        raise ValueError(f"action id {index} ({self._name(index)}) is not legal now")

    def mask(self, legal: Sequence[Any]) -> Mask:
        out = np.zeros(self.num_actions, dtype=np.int8)
        for a in legal:
            out[self.index(a)] = 1
        return out

    def action_names(self) -> list[str]:
        if self._names is None:
            self._names = tuple(self._name(i) for i in range(self.num_actions))
        return list(self._names)

    def _name(self, index: int) -> str:
        a = self._actions[index]
        to_text = getattr(a, "to_text", None)
        return to_text() if callable(to_text) else repr(a)


class Slots:
    """The observation's layout: named blocks of consecutive slots, laid out once per encoding.

    ``add(name, labels, most)`` reserves one slot per label (named ``name.label``), each at most
    ``most`` (every slot is at least 0), and returns the block's offset, so ``observe`` writes by
    offset and the docs and the adapters' observation spaces read the same names and bounds.
    """

    def __init__(self) -> None:
        self.names: list[str] = []
        self.high: list[float] = []
        self.blocks: list[tuple[str, int, int]] = []
        """``(name, first, count)`` per block, in order."""

    def add(self, name: str, labels: Sequence[object] = ("",), most: float | Sequence[float] = 1) -> int:
        start = len(self.names)
        self.names += [f"{name}.{label}" if label != "" else name for label in labels]
        highs = [most] * len(labels) if isinstance(most, int | float) else list(most)
        if len(highs) != len(labels):
            raise ValueError(f"slot block {name}: {len(labels)} labels but {len(highs)} bounds")
        self.high += [float(h) for h in highs]
        self.blocks.append((name, start, len(labels)))
        return start

    def bounds(self) -> npt.NDArray[np.float32]:
        return np.array(self.high, dtype=np.float32)

    def __len__(self) -> int:
        return len(self.names)


class SlotLayout:
    """What every encoding derives from its :class:`Slots` once laid out: the names, bounds and blocks."""

    observation_shape: tuple[int, ...]

    def _lay_out(self, lay: Slots) -> None:
        self._slots = lay.names
        self._high = lay.bounds()
        self._blocks = list(lay.blocks)
        self.observation_shape = (len(lay),)

    def slots(self) -> list[str]:
        return list(self._slots)

    def observation_high(self) -> Observation:
        return self._high.copy()

    def slot_blocks(self) -> list[tuple[str, int, int]]:
        return list(self._blocks)


def relative_seats(n: int) -> list[str]:
    """Labels of seats counted from the observer: ``seat+0`` (the observer), ``seat+1``, …"""
    return [f"seat+{k}" for k in range(n)]


def rotation(player: int, n: int) -> list[int]:
    """``order[k]``: the table seat that is ``seat+k`` for ``player`` (a spectator, -1: seat k itself)."""
    base = player if player >= 0 else 0
    return [(base + k) % n for k in range(n)]


def encoding_for(
    game: str | GameDefinition[Any, Any, Any, Any], options: Any = None, players: int | None = None
) -> Encoding:
    """The encoding of ``game`` (a name or definition) for ``options`` (an options object, a dict of
    plain values, or None for the defaults) and ``players`` (default: the most the game seats).

    Built once per distinct (game, options, players) and cached, so adapters can call this freely.
    """
    definition = games.get(game) if isinstance(game, str) else game
    if options is None or isinstance(options, Mapping):
        options = definition.options_from_dict(dict(options or {}))
    n = definition.max_players if players is None else players
    if not definition.min_players <= n <= definition.max_players:
        raise ValueError(f"{definition.title} takes {definition.min_players}–{definition.max_players} players, not {n}")
    return _build(definition.name, options, n)


@runtime_checkable
class EncodingFactory(Protocol):
    """A game's ``encoding`` facet: its :class:`Encoding` for validated options and a player count
    (typically the encoding class itself)."""

    def __call__(self, options: Any, players: int, /) -> Encoding: ...


def factory(game: str) -> EncodingFactory:
    """The game's encoding factory (the ``encoding`` facet of its plug-in)."""
    plugin = games.plugin(game)
    found = plugin.facet("encoding")
    if not isinstance(found, EncodingFactory):
        raise PluginError(f"{plugin.title}: its encoding is not a factory (options, players) -> Encoding")
    return found


@lru_cache(maxsize=32)
def _build(name: str, options: Any, players: int) -> Encoding:
    encoding = factory(name)(options, players)
    if not isinstance(encoding, Encoding):
        raise PluginError(f"{games.get(name).title}: its encoding does not provide the Encoding members")
    return encoding
