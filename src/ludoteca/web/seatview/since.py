"""What changed on the board since a seat's last turn: the places the others' moves touched, marked on its table.

The page marks them after any reload as before it (issue #34): they are measured here, on the server, from
where the seat's last turn ended (:attr:`ludoteca.web.play.match.Match.turn_ends`, found again by the replay
after a restart), not from what one page remembers. Two drawings of the public board are compared place by
place, so nothing of a game's rules is needed: a place is an innermost element with an ``id`` (a landscape,
an estate, a node, a port, a player's panel…) or one of Kreta's chips of pieces (``g.chip`` with a
``data-province``, keyed ``province-ID``); what only says whether it can be clicked now (a target's key and
label, its title, the class ``target``) is left out of the comparison.

The drawings are read as the server writes them, by one regular expression over their tags, not by an XML
parser: a place's drawing is the text between its tags, compared as it stands and normalised (what says
clickable left out) only when the two texts differ — most places do not. Parsing both
boards with ``ElementTree`` and rebuilding every element's signature cost 13 ms an action in Kreta, more
than all the rest of the table's work (issue #35 point 7, ``benchmarks/light.py``); each board's places are
found once (:func:`places` keeps the last few), though several seats' turns compare against the same.
"""

from __future__ import annotations

import functools
import re

_TOKEN = re.compile(
    r"<!--.*?-->|<\?.*?\?>|<!\[CDATA\[.*?\]\]>|<(/?)([A-Za-z][\w:.-]*)((?:\s+[^\s=>/]+\s*=\s*(?:\"[^\"]*\"|'[^']*'))*)\s*(/?)>",
    re.S,
)
_ATTR = re.compile(r"([^\s=]+)\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")
_TITLE = re.compile(r"<title\b[^>]*>.*?</title>", re.S)
_CLICKABLE = re.compile(r'\s(?:data-target|data-label|data-label-at)="[^"]*"')
_CLASS = re.compile(r'\sclass="([^"]*)"')


class _Open:
    """An element whose end tag is still to come, while the drawing is read."""

    __slots__ = ("inner", "key", "start", "tag")

    def __init__(self, tag: str, key: str | None, start: int) -> None:
        self.tag, self.key, self.start, self.inner = tag, key, start, False


def _attrs(text: str) -> dict[str, str]:
    return {m.group(1): m.group(2) if m.group(2) is not None else m.group(3) for m in _ATTR.finditer(text)}


def _keyed(tag: str, attrs: str) -> str | None:
    if "id=" not in attrs and "data-province=" not in attrs:
        return None
    found = _attrs(attrs)
    if found.get("id"):
        return found["id"]
    if tag == "g" and "chip" in found.get("class", "").split() and "data-province" in found:
        return f"province-{found['data-province']}"
    return None


@functools.lru_cache(maxsize=16)
def places(svg: str) -> dict[str, str]:
    """The places of a board drawing, by key, each with its drawing's text (only the innermost keyed
    elements count: a group around many places would change with any of them; nothing in ``<defs>``)."""
    out: dict[str, str] = {}
    stack: list[_Open] = []
    defs = 0
    for m in _TOKEN.finditer(svg):
        closing, tag, attrs, empty = m.group(1, 2, 3, 4)
        if tag is None:
            continue  # a comment, the XML declaration, character data
        if not closing:
            if tag == "defs":
                defs += 1
            opened = _Open(tag, None if defs else _keyed(tag, attrs or ""), m.start())
            if not empty:
                stack.append(opened)
                continue
        else:
            if not stack:
                raise ValueError(f"</{tag}> closes nothing")
            opened = stack.pop()
            if opened.tag != tag:
                raise ValueError(f"</{tag}> closes <{opened.tag}>")
            if tag == "defs":
                defs -= 1
        if opened.key is not None and not opened.inner:
            # with the text after it up to the next tag, as the place's drawing always counted it: a
            # piece drawn next to a place (a ship beside its port) changes that text from a line break
            tail = svg.find("<", m.end())
            out[opened.key] = out.get(opened.key, "") + svg[opened.start : tail if tail >= 0 else len(svg)]
        if stack and (opened.key is not None or opened.inner):
            stack[-1].inner = True
    if stack:
        raise ValueError(f"<{stack[-1].tag}> is never closed")
    if not svg.rstrip().endswith(">") or "<svg" not in svg:
        raise ValueError("not a drawing")
    return out


def _normalised(drawing: str) -> str:
    """A place's drawing without what only says whether it can be clicked now: its titles, the target's key
    and label, the class ``target`` (both drawings come from the same code, attributes in the same order)."""
    return _CLASS.sub(_unmarked, _CLICKABLE.sub("", _TITLE.sub("", drawing)))


def _unmarked(m: re.Match[str]) -> str:
    kept = " ".join(c for c in m.group(1).split() if c != "target")
    return f' class="{kept}"' if kept else ""


def changed_places(before: str, after: str) -> list[str]:
    """The keys (element ids) of the places whose drawing differs between two board SVGs: a piece added,
    moved away or changed, a score's row, a card turned. Empty when either is missing or unreadable."""
    if not before or not after:
        return []
    try:
        was, now = places(before), places(after)
    except ValueError:
        return []
    changed = []
    for key in was.keys() | now.keys():
        a, b = was.get(key), now.get(key)
        if a != b and (a is None or b is None or _normalised(a) != _normalised(b)):
            changed.append(key)
    return sorted(changed)
