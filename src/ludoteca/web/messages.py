"""The client → server messages of the table's WebSocket, parsed and typed before anything acts on them.

A frame becomes a message in one place: :func:`parse` reads it through :func:`.jsonin.loads` (so depth,
``NaN`` and repeated keys are refused before Python's parser runs) and checks every field of a known
type against the protocol of ``docs/web.md``: which fields exist, and of which JSON type. A ``version``
of ``true``, ``1.0`` or ``10**30``, a ``lang`` that is an object, a field the protocol does not have:
each is ``malformed`` with the reason, before any handler sees it. Types this module does not know are
left for the dispatcher to answer ``unknown_type``.
"""

from __future__ import annotations

from typing import Any

from . import jsonin
from .match import MatchError

MAX_VERSION = 2**63 - 1
"""The largest version number a client may name (a stored game never comes near it)."""

_TEXT = "text"
_TOKEN = "token"
_VERSION = "version"
_ACTION = "action"

FIELDS: dict[str, dict[str, str]] = {
    "hello": {"token": _TOKEN, "lang": _TEXT},
    "action": {"version": _VERSION, "action": _ACTION},
    "lang": {"lang": _TEXT},
    "sync": {},
    "ping": {},
    "hint": {},
    "leave": {},
    "take_back": {},
}
"""Each known message type and its fields (besides ``type``), with what each field holds."""

REQUIRED = {"lang": ("lang",)}
"""Fields a message cannot do without (a missing ``version`` or ``token`` is explained further in)."""


def parse(data: str) -> dict[str, Any]:
    """The message a frame holds, typed, or :class:`~.match.MatchError` ``malformed`` saying why."""
    try:
        msg = jsonin.loads(data)
    except jsonin.JSONInputError as e:
        raise MatchError("malformed", str(e)) from None
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        raise MatchError("malformed", "a message is a JSON object with a 'type'")
    fields = FIELDS.get(msg["type"])
    if fields is None:
        return msg
    unknown = set(msg) - set(fields) - {"type"}
    if unknown:
        raise MatchError("malformed", f"unknown field(s) of {msg['type']!r}: {', '.join(sorted(unknown))[:80]}")
    for name in REQUIRED.get(msg["type"], ()):
        if name not in msg:
            raise MatchError("malformed", f"{msg['type']!r} needs its {name!r}")
    for name, kind in fields.items():
        if name in msg and not _fits(kind, msg[name]):
            raise MatchError("malformed", f"{name!r} {_WANTED[kind]}")
    return msg


_WANTED = {
    _TEXT: "must be text",
    _TOKEN: "must be the seat's token as text, or null to watch",
    _VERSION: f"must be a whole number from 0 to {MAX_VERSION}",
    _ACTION: "must be the action's notation text (or its JSON object)",
}


def _fits(kind: str, value: Any) -> bool:
    if kind == _TEXT:
        return isinstance(value, str)
    if kind == _TOKEN:
        return value is None or isinstance(value, str)
    if kind == _VERSION:
        return type(value) is int and 0 <= value <= MAX_VERSION
    return isinstance(value, (str, dict))
