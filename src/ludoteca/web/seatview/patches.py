"""Light updates: a ``patch`` message carries only what changed in a connection's ``state`` since the last.

The server still builds, for every connection, the whole ``state`` message it would send (so what a seat
sees is defined in one place, :func:`.state.state_message`, and the leak test's argument carries over);
what travels is the difference from the last state that connection was sent: the top-level fields whose
values changed (``set``), those that are gone (``drop``), and, for long texts such as the board's SVG,
an edit of the previous text (``edit``: pieces copied from it by their offsets, and new text). Applying
the patches a connection receives in order to the first whole ``state`` gives exactly the whole ``state``
the server would have sent instead (:func:`apply` here, ``applyPatch`` in ``static/js/patch.js``; checked
over whole games in ``tests/web/test_patches.py``). Nothing in this module knows a field's meaning, so a
field someone adds to the state message is carried by patches as well.

A patch names the ``version`` of the state it applies to (``base``) and the length of each edited text
(``size``); a client whose state does not match asks for the whole table (``sync``), and after a
(re)connection, a ``sync``, a ``stale`` refusal or a change of language the server sends a whole state
again (:meth:`.connection.Connection.refresh`).

Offsets count UTF-16 code units, as JavaScript strings do (a name with an emoji is one code point in Python
and two units in the page). Texts are cut into pieces at SVG group boundaries and lines, and each piece of
the new text found in the old one is copied from it (:func:`edit`); the board is the same for every seat
in a language, so :class:`Edits` remembers its edit once for all the room's connections.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from collections.abc import Mapping
from itertools import accumulate
from typing import Any

from ..protocol.outgoing import Patch

EDIT_FROM = 512
"""Texts at least this long (in both states) travel as an edit of the previous text, not whole."""


LONG_LINE = 2048
"""A line longer than this is cut further, at its SVG groups (Verräter draws its ring of landscapes on one line)."""


def _pieces(text: str) -> list[str]:
    """``text`` cut after each line, and a long line also before each group opens and after each closes
    (XML text never holds a NUL, so it marks the cuts; ``str.replace`` is far quicker than a regular
    expression, and only the few long lines pay for it)."""
    lines = text.split("\n")
    pieces: list[str] = []
    last = len(lines) - 1
    for i, line in enumerate(lines):
        if i < last:
            line += "\n"
        if len(line) > LONG_LINE:
            pieces.extend(line.replace("</g>", "</g>\0").replace("<g ", "\0<g ").split("\0"))
        elif line:
            pieces.append(line)
    return pieces


class _Cut:
    """A text cut into pieces, with where each piece starts (UTF-16 units) and where each first occurs."""

    __slots__ = ("pieces", "starts", "text", "where")

    def __init__(self, text: str) -> None:
        self.text = text
        self.pieces = pieces = _pieces(text)
        # the first occurrence of each piece wins: a dict built backwards keeps the earliest index
        self.where: dict[str, int] = {piece: i for i, piece in reversed(list(enumerate(pieces)))}
        self.starts = [0, *accumulate(map(len if text.isascii() else _units, pieces))]


Op = list[int] | str


def _units(text: str) -> int:
    """The length of ``text`` in UTF-16 code units (JavaScript's ``length``)."""
    return len(text) if text.isascii() else len(text.encode("utf-16-le")) // 2


def edit(old: str | _Cut, new: str | _Cut) -> list[Op]:
    """``new`` as pieces of ``old`` (``[start, end]`` in UTF-16 units) and new text, in order.

    Each piece of ``new`` found among the pieces of ``old`` is copied from there (preferring the piece
    where the last copy ended, so unchanged runs merge into one copy); short pieces are cheaper sent
    than copied unless they continue a copy. One pass with a dictionary: the board's SVG has
    hundreds of pieces, and a general sequence diff costs more than drawing it.
    """
    a = old if isinstance(old, _Cut) else _Cut(old)
    b = new.pieces if isinstance(new, _Cut) else _pieces(new)
    pieces, starts, where = a.pieces, a.starts, a.where
    ops: list[Op] = []
    i = 0  # the piece of ``old`` after the last copy
    count = len(pieces)
    for piece in b:
        if i < count and pieces[i] == piece:
            k = i
        else:
            found = where.get(piece)
            k = found if found is not None and len(piece) >= _WORTH_COPYING else -1
        last = ops[-1] if ops else None
        if k < 0:
            if isinstance(last, str):
                ops[-1] = last + piece
            else:
                ops.append(piece)
            continue
        i = k + 1
        if isinstance(last, list) and last[1] == starts[k]:
            last[1] = starts[i]
        else:
            ops.append([starts[k], starts[i]])
    return ops


_WORTH_COPYING = 16
"""A piece shorter than this is sent as text unless it continues a copy (``[12345, 12349]`` is longer)."""


def apply_edit(old: str, ops: list[Op]) -> str:
    """The text an :func:`edit` of ``old`` describes (offsets in UTF-16 units, as the page counts them)."""
    if old.isascii():
        return "".join(op if isinstance(op, str) else old[op[0] : op[1]] for op in ops)
    units = old.encode("utf-16-le")
    return "".join(op if isinstance(op, str) else units[2 * op[0] : 2 * op[1]].decode("utf-16-le") for op in ops)


class Edits:
    """The edits between texts already worked out, so the board's edit is made once for all connections.

    Keyed by the two texts' identities: the shared board of a version is one ``str`` object, which this
    cache keeps alive while its entry lives (so an identity is never reused for another text meanwhile).
    The texts' pieces are kept too: the new board of one action is the old board of the next.
    """

    def __init__(self, shared: tuple[str, ...] = ("board_svg",), size: int = 2) -> None:
        self.shared = shared
        """The fields whose texts every connection shares (the others, such as a hand, are one seat's)."""
        self.size = size
        """Edits and cut texts kept: the last version's and this one's are all a broadcast needs (a cut
        board is ~150 kB, and a live room keeps its cache; a table in two languages recuts, no more)."""
        self._known: OrderedDict[tuple[int, int], tuple[str, str, list[Op]]] = OrderedDict()
        self._cuts: OrderedDict[int, _Cut] = OrderedDict()
        self._encoded: dict[tuple[int, int], str] = {}

    def _cut(self, text: str) -> _Cut:
        cut = self._cuts.get(id(text))
        if cut is None:
            cut = self._cuts[id(text)] = _Cut(text)
            if len(self._cuts) > self.size:
                self._cuts.popitem(last=False)
        return cut

    def json(self, ops: list[Op]) -> str:
        """``ops`` (an edit :meth:`get` returned) as JSON, encoded once for every connection it goes to:
        the board's new groups are most of a patch's bytes."""
        for old, new, known in reversed(self._known.values()):
            if known is ops:
                key = (id(old), id(new))
                encoded = self._encoded.get(key)
                if encoded is None:
                    encoded = self._encoded[key] = json.dumps(ops, ensure_ascii=False)
                    while len(self._encoded) > self.size:
                        self._encoded.pop(next(iter(self._encoded)))
                return encoded
        return json.dumps(ops, ensure_ascii=False)

    def get(self, old: str, new: str) -> list[Op]:
        key = (id(old), id(new))
        found = self._known.get(key)
        if found is not None:
            return found[2]
        ops = edit(self._cut(old), self._cut(new))
        self._known[key] = (old, new, ops)
        if len(self._known) > self.size:
            self._known.popitem(last=False)
        return ops


def patch(old: Mapping[str, Any], new: Mapping[str, Any], edits: Edits | None = None) -> Patch | None:
    """The ``patch`` message from the state ``old`` to the state ``new``; None when nothing changed."""
    changed: dict[str, Any] = {}
    edited: dict[str, Any] = {}
    for key, value in new.items():
        if key in old:
            before = old[key]
            if before is value or (type(before) is type(value) and before == value):
                continue
            if isinstance(value, str) and isinstance(before, str) and min(len(value), len(before)) >= EDIT_FROM:
                shared = edits is not None and key in edits.shared
                ops = edits.get(before, value) if edits is not None and shared else edit(before, value)
                edited[key] = {"ops": ops, "size": _units(value)}
                continue
        changed[key] = value
    dropped = [key for key in old if key not in new]
    if not changed and not edited and not dropped:
        return None
    message: Patch = {"type": "patch", "base": old.get("version")}
    if changed:
        message["set"] = changed
    if edited:
        message["edit"] = edited
    if dropped:
        message["drop"] = dropped
    return message


def encode(message: Patch, edits: Edits) -> str:
    """The ``patch`` message as JSON text, the shared fields' edits spliced in from :meth:`Edits.json`
    (the same text as ``json.dumps`` gives, but for the place of ``edit`` among the keys)."""
    edited: dict[str, Any] = message.get("edit", {})
    if not any(key in edits.shared for key in edited):
        return json.dumps(message, ensure_ascii=False)
    rest = {key: value for key, value in message.items() if key != "edit"}
    parts = []
    for key, change in edited.items():
        ops = edits.json(change["ops"]) if key in edits.shared else json.dumps(change["ops"], ensure_ascii=False)
        parts.append(f'{json.dumps(key, ensure_ascii=False)}: {{"ops": {ops}, "size": {change["size"]}}}')
    return f'{json.dumps(rest, ensure_ascii=False)[:-1]}, "edit": {{{", ".join(parts)}}}}}'


class PatchError(ValueError):
    """A patch that does not apply to the state at hand (the client then asks for the whole table)."""


def apply(state: dict[str, Any], message: dict[str, Any]) -> dict[str, Any]:
    """The state ``message`` (a ``patch``) turns ``state`` into; :class:`PatchError` if it does not apply."""
    if message.get("base") != state.get("version"):
        raise PatchError(f"a patch of version {message.get('base')} for a state of version {state.get('version')}")
    result = dict(state)
    for key in message.get("drop", ()):
        result.pop(key, None)
    result.update(message.get("set", {}))
    for key, change in message.get("edit", {}).items():
        before = state.get(key)
        if not isinstance(before, str):
            raise PatchError(f"an edit of {key!r}, which is not a text")
        text = apply_edit(before, change["ops"])
        if _units(text) != change["size"]:
            raise PatchError(f"the edit of {key!r} does not give a text of its size")
        result[key] = text
    return result
