"""The one door through which JSON from the network comes in: checked for depth before it is parsed.

Python's parser recurses once per ``[`` or ``{``, so 10 KB of ``[[[[`` (well under any size cap) ends
in :class:`RecursionError`, which no caller expects: a dropped WebSocket, a 500 with a traceback.
:func:`loads` first scans the text once, counting bracket depth outside strings (linear, no recursion)
and refuses anything nested deeper than :data:`MAX_DEPTH`; only then does it parse. It also refuses
what Python's parser would otherwise bend: ``NaN``/``Infinity`` (not JSON at all) and an object naming
a key twice (which another parser may read with the other value). Every JSON body of ``POST /api/…``,
every WebSocket frame and every JSON-form action goes through here.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from ludoteca.core.errors import LudotecaError

MAX_DEPTH = 16
"""The deepest nesting accepted. The deepest legitimate message (an action in its JSON form inside a
WebSocket message) nests four levels; sixteen leaves room and stays far from the recursion limit."""


class JSONInputError(LudotecaError, ValueError):
    """Text from the network that is not JSON this server reads, with the reason in words."""


def depth(text: str) -> int:
    """The deepest bracket nesting of ``text`` outside strings (a linear scan; no parsing)."""
    deepest = level = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            level += 1
            deepest = max(deepest, level)
        elif ch in "]}":
            level -= 1
    return deepest


def _no_constant(name: str) -> Any:
    raise JSONInputError(f"{name} is not JSON")


def _object(pairs: list[tuple[str, Any]], max_keys: int | None = None) -> dict[str, Any]:
    if max_keys is not None and len(pairs) > max_keys:
        raise JSONInputError(f"an object has {len(pairs)} keys (at most {max_keys})")
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise JSONInputError(f"the key {key[:40]!r} appears twice in one object")
        out[key] = value
    return out


def loads(data: str | bytes, max_depth: int = MAX_DEPTH, max_keys: int | None = None) -> Any:
    """The value of a JSON text from the network, or :class:`JSONInputError` (never another error).

    ``max_keys``: the most keys one object may have, refused as soon as the parser has read that object
    (a WebSocket frame of 2,700 unknown one-letter keys passed the size check and then cost its
    validation 10–24 ms of the event loop: issue #33)."""
    if isinstance(data, bytes):
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise JSONInputError("the text is not valid UTF-8") from None
    if depth(data) > max_depth:
        raise JSONInputError(f"the JSON is nested too deeply (at most {max_depth} levels)")
    try:
        hook = _object if max_keys is None else functools.partial(_object, max_keys=max_keys)
        return json.loads(data, parse_constant=_no_constant, object_pairs_hook=hook)
    except JSONInputError:
        raise
    except (ValueError, RecursionError):  # RecursionError cannot happen after the scan; kept as a last guard
        raise JSONInputError("the text is not valid JSON") from None
