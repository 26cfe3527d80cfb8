"""Digests of what each seat sees, chained over a game: the fingerprint that says a replay has not drifted.

A stored game or a golden transcript keeps, after every action, a digest of every seat's view (and the
spectator's). Replaying the actions under the same rules must give the same digests; any difference in
what anyone could see — a card, a score, a log line — changes them from that action on.

The encoding (:func:`encode`) is canonical and does not depend on the interpreter: dataclasses by class
name and field, tuples and lists in order, dicts and sets sorted by the encoding of their keys, enums by
class and name, ints, floats, strings, bytes, booleans and None; never ``repr`` or ``hash`` (which hash
randomisation changes between runs). Two choices keep digests stable where nothing a player sees changed:

* A dataclass field whose value equals its declared default is left out, so a view may gain a field
  with a default (as Kreta's ``move_points`` was added) without changing the digests of games that
  never use it.
* Fields that never change during a game are left out (:data:`CONSTANT_FIELDS`: the ``options`` and
  Kreta's ``board``), because the game record holds them already.

Digests are chained per seat (:class:`ViewChain`): ``d_n = sha256(d_{n-1}, view without its log, the
log entries added since)``, so the cost of one step does not grow with the game's length — only the
rules core's own ``view()`` walks the log.
"""

from __future__ import annotations

import dataclasses
import enum
import hashlib
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from .errors import LudotecaError, RecordError
from .game import GameDefinition
from .records import GameRecord, parse_record_action, start

CONSTANT_FIELDS = frozenset({"options", "board"})
"""View fields left out of a step's digest: fixed for a whole game and written in its record."""
_LOG = "log"
_MISSING = dataclasses.MISSING

_FieldPlan = tuple[tuple[str, bytes, Any], ...]
"""Per encoded field: its name, the name's encoding, its default (``MISSING`` when it has none)."""
_plans: dict[tuple[type, frozenset[str]], _FieldPlan] = {}


def _plan(cls: type, skip: frozenset[str]) -> _FieldPlan:
    """The encoded fields of ``cls`` in declaration order (name, encoded name, default)."""
    key = (cls, skip)
    plan = _plans.get(key)
    if plan is None:
        out: list[tuple[str, bytes, Any]] = []
        for f in dataclasses.fields(cls):
            if f.name in skip:
                continue
            if f.default is not _MISSING:
                default: Any = f.default
            elif f.default_factory is not _MISSING:
                default = f.default_factory()
            else:
                default = _MISSING
            out.append((f.name, encode(f.name), default))
        plan = _plans[key] = tuple(out)
    return plan


def _put(value: object, out: list[bytes], skip: frozenset[str] = frozenset()) -> None:
    """Append the canonical encoding of ``value`` to ``out`` (``skip``: field names left out, top level only)."""
    kind = type(value)
    # the exact types views are made of come first (a view has a few hundred of them: this is the hot path)
    if kind is int:
        out.append(b"i%d;" % value)  # type: ignore[str-format]
    elif kind is tuple or kind is list:
        items: Sequence[object] = value  # type: ignore[assignment]
        if all(type(item) is int for item in items):  # counts per seat or per province: one join
            out.append(b"I%d:%s;" % (len(items), ",".join(map(str, items)).encode()))
        else:
            out.append(b"L%d:" % len(items))
            for item in items:
                _put_item(item, out)
    elif kind is str:
        data = value.encode()  # type: ignore[attr-defined]
        out.append(b"s%d:" % len(data))
        out.append(data)
    elif value is None:
        out.append(b"N")
    elif kind is bool:
        out.append(b"T" if value else b"F")
    else:
        plan = _dataclass_plans.get(kind)
        if plan is None and kind not in _dataclass_plans:
            plan = _dataclass_plans[kind] = _plan(kind, frozenset()) if dataclasses.is_dataclass(kind) else None
        if plan is not None:
            if skip:
                plan = _plan(kind, skip)
            present = [
                (label, item)
                for name, label, default in plan
                if (item := getattr(value, name)) is not default and (default is _MISSING or item != default)
            ]
            out.append(f"D{kind.__qualname__}{len(present)}:".encode())
            for label, item in present:
                out.append(label)
                _put_item(item, out)
        else:
            _put_other(value, out)


_dataclass_plans: dict[type, _FieldPlan | None] = {}


def _put_item(item: object, out: list[bytes]) -> None:
    """:func:`_put` for an element or a field: the commonest scalars inline, the same bytes as ``_put``."""
    kind = type(item)
    if kind is int:
        out.append(b"i%d;" % item)  # type: ignore[str-format]
    elif kind is str:
        data = item.encode()  # type: ignore[attr-defined]
        out.append(b"s%d:" % len(data))
        out.append(data)
    elif item is None:
        out.append(b"N")
    else:
        _put(item, out)


def _put_other(value: object, out: list[bytes]) -> None:
    """The rarer values: enums, named tuples (the log's events), subclasses, dicts, sets, floats, bytes."""
    if isinstance(value, enum.Enum):
        out.append(f"E{type(value).__qualname__}.{value.name};".encode())
    elif isinstance(value, bool):
        out.append(b"T" if value else b"F")
    elif isinstance(value, int):
        out.append(b"i%d;" % value)
    elif isinstance(value, str):
        _put(str(value), out)
    elif isinstance(value, tuple | list):
        fields = getattr(value, "_fields", None)
        if fields is not None:  # a NamedTuple (the log's events): by name, like a dataclass
            out.append(f"R{type(value).__qualname__}{len(fields)}:".encode())
            for name, item in zip(fields, value, strict=True):
                _put(name, out)
                _put(item, out)
        else:
            _put(list(value), out)
    elif isinstance(value, dict):
        pairs = sorted((encode(k), encode(v)) for k, v in value.items())
        out.append(b"M%d:" % len(pairs))
        for k, v in pairs:
            out.append(k)
            out.append(v)
    elif isinstance(value, set | frozenset):
        members = sorted(encode(item) for item in value)
        out.append(b"S%d:" % len(members))
        out.extend(members)
    elif isinstance(value, float):
        out.append(f"f{value!r};".encode())  # repr of a float is exact and the same on every platform
    elif isinstance(value, bytes):
        out.append(b"b%d:" % len(value))
        out.append(value)
    else:
        raise TypeError(f"cannot digest a {type(value).__name__}")


def encode(value: object) -> bytes:
    """The canonical byte encoding of a view or any part of one (see the module docstring)."""
    out: list[bytes] = []
    _put(value, out)
    return b"".join(out)


def step(previous: str, view: object, log_seen: int) -> tuple[str, int]:
    """The next link of a seat's chain: ``(digest, log length)`` after ``view``.

    ``previous`` is the seat's last digest (``""`` at the start) and ``log_seen`` how many of the view's
    log entries it covered; only the entries after those are encoded again.
    """
    log: Sequence[object] = getattr(view, _LOG, ())
    if len(log) < log_seen:  # a log never shrinks; if one did, start over on it rather than skip entries
        log_seen = 0
    out: list[bytes] = [previous.encode(), b"|"]
    _put(view, out, CONSTANT_FIELDS | {_LOG})
    out.append(b"|")
    _put(tuple(log[log_seen:]), out)
    return hashlib.sha256(b"".join(out)).hexdigest(), len(log)


class ViewChain:
    """One seat's chained digest over a game (``seat`` -1: the spectator)."""

    __slots__ = ("digest", "log_seen", "seat")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.digest = ""
        self.log_seen = 0

    def update(self, view: object) -> str:
        self.digest, self.log_seen = step(self.digest, view, self.log_seen)
        return self.digest

    def copy(self) -> ViewChain:
        other = ViewChain(self.seat)
        other.digest, other.log_seen = self.digest, self.log_seen
        return other


class GameDigest:
    """The chains of every seat and the spectator over one game, and the combined digest of a position.

    Call :meth:`update` with the state at the start and after every action; :attr:`seats` holds each
    chain's digest (spectator first), :meth:`combined` one digest of them all — what the server stores
    per action.
    """

    __slots__ = ("chains",)

    def __init__(self, num_players: int) -> None:
        self.chains = [ViewChain(seat) for seat in range(-1, num_players)]

    def update(self, view_of: Callable[[int], object]) -> str:
        """Advance every chain with ``view_of(seat)`` (e.g. ``state.view``); returns :meth:`combined`."""
        for chain in self.chains:
            chain.update(view_of(chain.seat))
        return self.combined()

    def copy(self) -> GameDigest:
        """An independent copy (to digest a position before deciding to keep it)."""
        other = GameDigest(0)
        other.chains = [chain.copy() for chain in self.chains]
        return other

    @property
    def seats(self) -> tuple[str, ...]:
        """Each chain's current digest: the spectator's, then seat 0, 1, …"""
        return tuple(chain.digest for chain in self.chains)

    def combined(self) -> str:
        return hashlib.sha256("|".join(self.seats).encode()).hexdigest()


def record_digests(
    definition: GameDefinition[Any, Any, Any, Any], record: GameRecord
) -> Iterator[tuple[Any, tuple[str, ...]]]:
    """Replay ``record`` and yield ``(state, seat digests)`` at the start and after each of its actions.

    The state is the live one (it moves on with the next step); the digests are :attr:`GameDigest.seats`.
    A record that does not replay raises :class:`~ludoteca.core.errors.RecordError` naming the action.
    """
    state = start(definition, record)
    chains = GameDigest(len(record.players))
    chains.update(state.view)
    yield state, chains.seats
    for i, text in enumerate(record.actions):
        try:
            state.apply(parse_record_action(definition, text))
        except LudotecaError as e:
            raise RecordError(f"action #{i + 1} {text!r}: {e}") from None
        except (ValueError, TypeError, KeyError) as bad:  # not `e`: compiled code gives it one type
            raise RecordError(f"action #{i + 1} {text!r}: malformed ({bad})") from None
        chains.update(state.view)
        yield state, chains.seats
