"""What changed on the board since a seat's last turn: the places the others' moves touched, marked on its table.

The page marks them after any reload as before it (issue #34): they are measured here, on the server, from
where the seat's last turn ended (:attr:`ludoteca.web.play.match.Match.turn_ends`, found again by the replay
after a restart), not from what one page remembers. Two drawings of the public board are compared place by
place, so nothing of a game's rules is needed: a place is an innermost element with an ``id`` (a landscape,
an estate, a node, a port, a player's panel…) or one of Kreta's chips of pieces (``g.chip`` with a
``data-province``, keyed ``province-ID``); what only says whether it can be clicked now (a target's key and
label, its title, the class ``target``) is left out of the comparison.

The drawings are read as the server writes them, by regular expressions over the tags that may open a place
and the groups, not by an XML parser: a place's drawing is the text between its tags, compared as it
stands and normalised (what says clickable left out) only when the two texts differ — most places do not. Parsing both
boards with ``ElementTree`` and rebuilding every element's signature cost 13 ms an action in Kreta, more
than all the rest of the table's work (issue #35 point 7, ``benchmarks/light.py``); each board's places are
found once (:func:`places` keeps the last few), though several seats' turns compare against the same.
"""

from __future__ import annotations

import functools
import re

_ATTR = re.compile(r"([^\s=]+)\s*=\s*(?:\"([^\"]*)\"|'([^']*)')")
_TITLE = re.compile(r"<title\b[^>]*>.*?</title>", re.S)
_CLICKABLE = re.compile(r'\s(?:data-target|data-label|data-label-at)="[^"]*"')
_CLASS = re.compile(r'\sclass="([^"]*)"')


_KEYED = re.compile(r'<([A-Za-z][\w:.-]*)(\s(?:[^>]*?\s)?(?:id="[^"]+"|data-province="[^"]*")[^>]*?)(/?)>')
"""A start tag that may open a place: one with an ``id``, or a ``data-province`` (Kreta's chips)."""
_ID = re.compile(r'\sid="([^"]+)"')
_GROUPS = re.compile(r"<g[\s>/]|</g>")
_DEFS = re.compile(r"<defs[\s>].*?</defs>", re.S)


def _attrs(text: str) -> dict[str, str]:
    return {m.group(1): m.group(2) if m.group(2) is not None else m.group(3) for m in _ATTR.finditer(text)}


def _keyed(tag: str, attrs: str) -> str | None:
    named = _ID.search(attrs)
    if named is not None:
        return named.group(1)
    if tag != "g":
        return None
    found = _attrs(attrs)
    if "chip" in found.get("class", "").split() and "data-province" in found:
        return f"province-{found['data-province']}"
    return None


def _group_ends(svg: str) -> dict[int, int]:
    """Where each ``<g>`` of the drawing ends (just past its ``</g>``), by where it starts."""
    ends: dict[int, int] = {}
    opened: list[int] = []
    for m in _GROUPS.finditer(svg):
        if m.group(0) == "</g>":
            if not opened:
                raise ValueError("</g> closes nothing")
            ends[opened.pop()] = m.end()
        elif not svg.startswith("/>", svg.find(">", m.start()) - 1):
            opened.append(m.start())
    if opened:
        raise ValueError("a <g> is never closed")
    return ends


@functools.lru_cache(maxsize=16)
def places(svg: str) -> dict[str, str]:
    """The places of a board drawing, by key, each with its drawing's text and the text after it up to the
    next tag (a piece drawn next to a place, a ship beside its port, changes that text from a line break).
    Only the innermost keyed elements count — a group around many places would change with any of them —
    and nothing in ``<defs>``."""
    if not svg.rstrip().endswith(">") or "<svg" not in svg:
        raise ValueError("not a drawing")
    defs = [(m.start(), m.end()) for m in _DEFS.finditer(svg)]
    ends = _group_ends(svg)
    found: list[tuple[int, int, str]] = []
    for m in _KEYED.finditer(svg):
        start = m.start()
        if defs and any(a <= start < b for a, b in defs):
            continue
        tag, attrs, empty = m.group(1, 2, 3)
        key = _keyed(tag, attrs)
        if key is None:
            continue
        if empty:
            end = m.end()
        elif tag == "g":
            end = ends[start]
        else:  # a leaf with text (no element of these nests in one of its own kind)
            close = svg.find(f"</{tag}>", m.end())
            if close < 0:
                raise ValueError(f"<{tag}> is never closed")
            end = close + len(tag) + 3
        found.append((start, end, key))
    out: dict[str, str] = {}
    for k, (start, end, key) in enumerate(found):
        if k + 1 < len(found) and found[k + 1][0] < end:
            continue  # holds another place: only the innermost count
        tail = svg.find("<", end)
        out[key] = out.get(key, "") + svg[start : tail if tail >= 0 else len(svg)]
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
