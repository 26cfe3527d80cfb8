"""The event log: what happened, for people (terminal log, web log) — never used by the rules.

A log is an immutable linked list ``(event, previous)`` so that cloning a state shares it at no cost
and appending is O(1). An event is public unless ``private_to`` names the one seat that may see it
(for example the cards a player drew); :func:`visible_events` is the only way views read the log.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, NamedTuple


class Event(NamedTuple):
    """One thing that happened. ``kind`` names it; ``data`` holds game-specific plain values."""

    kind: str
    seat: int = -1
    data: tuple[object, ...] = ()
    private_to: int = -1


EventLog = tuple[Event, Any] | None
"""A log: ``None`` (empty) or ``(latest event, the log before it)``. The tail is typed ``Any`` because
mypyc, which compiles this module, cannot describe a recursive alias; every reader assigns it back to
an ``EventLog`` variable, which the compiled code checks."""


_NEW_EVENT: Final[Callable[[type[Event], tuple[str, int, tuple[object, ...], int]], Event]] = tuple.__new__
"""``Event(...)`` without its ``__new__``, which ``NamedTuple`` writes in Python: compiled code calling the
class would run an interpreted frame per event; ``tuple.__new__`` makes the same ``Event`` in C."""


_EVENT: Final[type[Event]] = Event
"""The class, as a constant that compiled code reads without a lookup in the module's namespace."""


def push(log: EventLog, event: Event) -> EventLog:
    """The log with ``event`` appended."""
    return (event, log)


def new_event(kind: str, seat: int = -1, data: tuple[object, ...] = (), private_to: int = -1) -> Event:
    """``Event(kind, seat, data, private_to)``, made in C (see ``_NEW_EVENT``): for compiled code that makes
    events often, such as the rules cores' tables of interned events when they meet a new one."""
    return _NEW_EVENT(_EVENT, (kind, seat, data, private_to))


def push_event(
    log: EventLog, kind: str, seat: int = -1, data: tuple[object, ...] = (), private_to: int = -1
) -> EventLog:
    """The log with ``Event(kind, seat, data, private_to)`` appended: the rules cores' fast path."""
    return (_NEW_EVENT(_EVENT, (kind, seat, data, private_to)), log)


def visible_events(log: EventLog, player: int) -> tuple[Event, ...]:
    """The events ``player`` may see, oldest first (``player=-1``: public events only)."""
    out: list[Event] = []
    node: EventLog = log
    while node is not None:
        event, node = node
        if event.private_to < 0 or event.private_to == player:
            out.append(event)
    out.reverse()
    return tuple(out)
