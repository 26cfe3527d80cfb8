"""What changed on the board since a seat's last turn: the places the others' moves touched, marked on its table.

The page marks them after any reload as before it (issue #34): they are measured here, on the server, from
where the seat's last turn ended (:attr:`ludoteca.web.play.match.Match.turn_ends`, found again by the replay
after a restart), not from what one page remembers. Two drawings of the public board are compared place by
place, so nothing of a game's rules is needed: a place is an innermost element with an ``id`` (a landscape,
an estate, a node, a port, a player's panel…) or one of Kreta's chips of pieces (``g.chip`` with a
``data-province``, keyed ``province-ID``); what only says whether it can be clicked now (a target's key and
label, its title, the class ``target``) is left out of the comparison.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

_SVG = "{http://www.w3.org/2000/svg}"
_CLICK = frozenset({"data-target", "data-label", "data-label-at"})


def _tag(el: ET.Element) -> str:
    return el.tag.removeprefix(_SVG)


def _keyed(el: ET.Element) -> str | None:
    if el.get("id"):
        return el.get("id")
    if _tag(el) == "g" and "chip" in (el.get("class") or "").split() and el.get("data-province") is not None:
        return f"province-{el.get('data-province')}"
    return None


def _signature(el: ET.Element) -> str:
    """A place's drawing without what only says whether it can be clicked now."""
    parts: list[str] = []

    def walk(node: ET.Element) -> None:
        if _tag(node) == "title":
            parts.append(node.tail or "")
            return
        attrs = []
        for name, value in sorted(node.attrib.items()):
            if name in _CLICK:
                continue
            if name == "class":
                value = " ".join(c for c in value.split() if c != "target")
                if not value:
                    continue
            attrs.append(f"{name}={value!r}")
        parts.append(f"<{_tag(node)} {' '.join(attrs)}>{node.text or ''}")
        for child in node:
            walk(child)
        parts.append(f"</{_tag(node)}>{node.tail or ''}")

    walk(el)
    return "".join(parts)


def places(svg: str) -> dict[str, str]:
    """The places of a board drawing, by key, each with its drawing's signature (only the innermost keyed
    elements count: a group around many places would change with any of them)."""
    root = ET.fromstring(svg.encode())
    out: dict[str, str] = {}
    defs: set[int] = set()
    for d in root.iter(f"{_SVG}defs"):
        defs.update(id(e) for e in d.iter())

    def walk(node: ET.Element) -> bool:
        """Visit ``node``'s subtree; whether it holds a keyed element."""
        inner = False
        for child in node:
            inner = walk(child) or inner
        key = None if id(node) in defs else _keyed(node)
        if key is not None and not inner:
            out[key] = out.get(key, "") + _signature(node)
        return inner or key is not None

    walk(root)
    return out


def changed_places(before: str, after: str) -> list[str]:
    """The keys (element ids) of the places whose drawing differs between two board SVGs: a piece added,
    moved away or changed, a score's row, a card turned. Empty when either is missing or unreadable."""
    if not before or not after:
        return []
    try:
        was, now = places(before), places(after)
    except ET.ParseError:
        return []
    return sorted(key for key in was.keys() | now.keys() if was.get(key) != now.get(key))
