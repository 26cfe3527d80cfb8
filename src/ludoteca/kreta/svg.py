"""The Kreta board, and a position on it, as a standalone SVG document: a pure function returning text.

Like ``chess.svg.board`` this does no I/O: :func:`render_svg` takes a board (and optionally a player's
:class:`~ludoteca.kreta.view.KretaView`) and returns a string. Elements carry stable ids and classes so
that a web page can attach clicks to them:

- ``<g id="province-ID" class="province hill has-port" data-province="ID">`` for each province;
- ``<g id="node-N" class="node" data-node="N">`` for each node (``next`` / ``after`` added for the
  nodes that the fort-card row scores next and after that);
- ``<g id="port-ID" class="port" data-province="ID">`` for each port marker;
- pieces as ``class="piece KIND seat-S"`` (KIND: abbot, villager, village, ship, fort) with
  ``data-seat``, ``data-province`` or ``data-node``, and ``data-count`` for villagers and villages;
- ``class="tile KIND"`` for farm tiles still on the board; ``id="fort-card-I"`` for the row's slots;
  ``id="player-S"`` for each player's line of the score panel.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape, quoteattr

from .board import Board, Point, Province

if TYPE_CHECKING:
    from .view import KretaView

DEFAULT_COLORS = ("#d7263d", "#1f5fcf", "#f5c518", "#1e8f4e")
"""Seat colours: red, blue, yellow, green."""
DEFAULT_NAMES = ("Red", "Blue", "Yellow", "Green")

FILL = {"plain": "#efd56e", "hill": "#a9cb7c", "mountain": "#bb8f5f"}
SEA = "#8fc1e3"
BORDER = "#e27619"
"""Borders are orange on the printed board."""
TILE_STYLE = {
    "wheat": ("Wh", "#e5b53a", "#3a2a00"),
    "olive": ("Ol", "#6b7f2a", "#ffffff"),
    "wine": ("Wi", "#7a2048", "#ffffff"),
    "thyme": ("Th", "#8f73c2", "#ffffff"),
    "cheese": ("Ch", "#f6e7b0", "#4a3a00"),
}
CARD_LETTERS = {
    "admiral": "Ad",
    "commander": "Co",
    "abbot": "Ab",
    "farmer": "Fa",
    "architect": "Ar",
    "king": "Ki",
    "castellan": "Ca",
}
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
PANEL = 118.0
"""Height of the panel under the map (fort-card row and players) when a position is drawn."""


def render_svg(
    board: Board,
    view: KretaView | None = None,
    *,
    names: Sequence[str] | None = None,
    colors: Sequence[str] | None = None,
) -> str:
    """A standalone SVG document of ``board``, with the position of ``view`` drawn on it if given.

    ``names`` and ``colors`` are per seat (defaults: Red, Blue, Yellow, Green in those colours).
    Raises ``ValueError`` for a board without geometry (province outlines and node positions).
    """
    if any(len(p.outline) < 3 for p in board.provinces) or any(n.at is None for n in board.nodes):
        raise ValueError("this board has no geometry to draw (province outlines and node positions)")
    seats = view.num_players if view is not None else 0
    colors = tuple(colors) if colors else DEFAULT_COLORS
    if len(colors) < seats:
        raise ValueError(f"{seats} seats need {seats} colours, got {len(colors)}")
    names = tuple(names) if names else DEFAULT_NAMES
    names = tuple(names[:seats]) + tuple(f"Player {i + 1}" for i in range(len(names), seats))
    width, height = _extent(board)
    total = height + (PANEL if view is not None else 0)
    out: list[str] = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {_n(width)} {_n(total)}" '
        f'width="{_n(width)}" height="{_n(total)}" font-family={quoteattr(FONT)} class="kreta-board">',
        f"<title>{escape(board.name)}</title>",
        _defs(),
        f'<rect class="sea" x="0" y="0" width="{_n(width)}" height="{_n(height)}" fill="url(#sea)"/>',
    ]
    out.extend(_sea_labels(board, width, height))
    next_node, after_node = _next_nodes(view)
    touching_next = set()
    if next_node is not None:
        touching_next = {p for n in board.nodes if n.number == next_node for p in n.provinces}
    # the coast: every province drawn wide in sand colour first, so the island gets a beach
    out.append('<g class="coast">')
    for p in board.provinces:
        out.append(
            f'<polygon points="{_pts(p.outline)}" fill="#f3e6bf" stroke="#f3e6bf" stroke-width="7" '
            'stroke-linejoin="round"/>'
        )
    out.append("</g>")
    out.append('<g class="provinces">')
    for p in board.provinces:
        out.append(_province(p, p.index in touching_next))
    out.append("</g>")
    # borders on top of all fills, so each shows once, orange
    out.append(f'<g class="borders" fill="none" stroke="{BORDER}" stroke-width="2.2" stroke-linejoin="round">')
    for p in board.provinces:
        out.append(f'<polygon points="{_pts(p.outline)}"/>')
    out.append("</g>")
    if touching_next:
        out.append('<g class="scoring-highlight" fill="none" stroke="#ffd400" stroke-width="3" opacity="0.9">')
        for i in sorted(touching_next):
            out.append(f'<polygon points="{_pts(board.provinces[i].outline)}" stroke-dasharray="9 5"/>')
        out.append("</g>")
    out.append('<g class="labels">')
    for p in board.provinces:
        out.append(_label(p, view))
    out.append("</g>")
    out.append('<g class="ports">')
    for p in board.provinces:
        if p.port:
            out.append(_port(p, view, colors))
    out.append("</g>")
    out.append('<g class="nodes">')
    for n in board.nodes:
        assert n.at is not None
        owner = _fort_owner(view, n.number)
        out.append(_node(n.number, n.at, owner, colors, n.number == next_node, n.number == after_node))
    out.append("</g>")
    if view is not None:
        out.append(_pieces(board, view, colors))
        out.append(_panel(view, names, colors, width, height))
    out.append("</svg>")
    return "\n".join(out) + "\n"


# --- pieces of drawing ---------------------------------------------------------------------------


def _n(x: float) -> str:
    """A number for SVG text: at most one decimal, no trailing zeros."""
    text = f"{x:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _pts(points: Sequence[Point]) -> str:
    return " ".join(f"{_n(x)},{_n(y)}" for x, y in points)


def _path(points: Sequence[Point]) -> str:
    """A closed SVG path through ``points``."""
    return "M" + " L".join(f"{_n(x)},{_n(y)}" for x, y in points) + " Z"


def _extent(board: Board) -> Point:
    if board.size != (0.0, 0.0):
        return board.size
    xs = [x for p in board.provinces for x, _ in p.outline]
    ys = [y for p in board.provinces for _, y in p.outline]
    return (max(xs) + 30, max(ys) + 30)


def _defs() -> str:
    return (
        "<defs>"
        '<linearGradient id="sea" x1="0" y1="0" x2="0" y2="1">'
        f'<stop offset="0" stop-color="#a7d0ec"/><stop offset="1" stop-color="{SEA}"/></linearGradient>'
        '<g id="wheel" fill="none" stroke="#1d3557" stroke-width="1.6">'
        '<circle r="5.2"/><circle r="1.6" fill="#1d3557"/>'
        + "".join(
            f'<line x1="{_n(1.6 * math.cos(a))}" y1="{_n(1.6 * math.sin(a))}" '
            f'x2="{_n(8 * math.cos(a))}" y2="{_n(8 * math.sin(a))}" stroke-linecap="round"/>'
            for a in (k * math.pi / 4 for k in range(8))
        )
        + "</g>"
        "</defs>"
    )


def _sea_labels(board: Board, width: float, height: float) -> list[str]:
    style = 'font-style="italic" fill="#2f6690" opacity="0.75" text-anchor="middle" letter-spacing="3"'
    return [
        f'<text class="sea-label" x="{_n(width * 0.6)}" y="{_n(height * 0.12)}" font-size="18" {style}>'
        "Sea of Crete</text>",
        f'<text class="sea-label" x="{_n(width * 0.3)}" y="{_n(height * 0.93)}" font-size="18" {style}>'
        "Libyan Sea</text>",
        f'<text class="title" x="{_n(width - 24)}" y="{_n(height - 22)}" font-size="26" font-weight="bold" '
        f'fill="#1d3557" opacity="0.8" text-anchor="end" letter-spacing="6">KRETA</text>',
    ]


def _province(p: Province, scoring: bool) -> str:
    classes = f"province {p.kind}" + (" has-port" if p.port else "") + (" scoring-next" if scoring else "")
    return (
        f'<g id={quoteattr("province-" + p.id)} class="{classes}" data-province={quoteattr(p.id)}>'
        f'<polygon points="{_pts(p.outline)}" fill="{FILL[p.kind]}"/></g>'
    )


def _anchor(p: Province) -> Point:
    if p.label_at is not None:
        return p.label_at
    xs = [x for x, _ in p.outline]
    ys = [y for _, y in p.outline]
    return (sum(xs) / len(xs), sum(ys) / len(ys))


def _hexagon(x: float, y: float, r: float) -> str:
    pts = [
        (x + r * math.cos(math.pi / 6 + k * math.pi / 3), y + r * math.sin(math.pi / 6 + k * math.pi / 3))
        for k in range(6)
    ]
    return f'<polygon points="{_pts(pts)}"/>'


def _label(p: Province, view: KretaView | None) -> str:
    """Name, VP as white hexagons (as printed), and the farm tile still lying there."""
    x, y = _anchor(p)
    parts = [f'<g class="label" data-province={quoteattr(p.id)}>']
    parts.append(
        f'<text x="{_n(x)}" y="{_n(y - 5)}" font-size="11.5" font-weight="bold" text-anchor="middle" '
        f'fill="#2b1d0e" stroke="#fffaf0" stroke-width="3" paint-order="stroke" stroke-linejoin="round">'
        f"{escape(p.name)}</text>"
    )
    tile = view.tiles_on_board[p.index] if view is not None else None
    r, gap = 4.2, 9.0
    row = p.vp * gap + (20 if tile else 0)
    left = x - row / 2 + gap / 2
    parts.append(f'<g class="vp" data-vp="{p.vp}" fill="#ffffff" stroke="#6b5a3a" stroke-width="0.8">')
    parts.extend(_hexagon(left + k * gap, y + 5, r) for k in range(p.vp))
    parts.append(f"<title>{p.vp} VP</title></g>")
    if tile:
        letters, fill, ink = TILE_STYLE.get(tile, (tile[:2].title(), "#dddddd", "#000000"))
        tx = left + p.vp * gap + 6
        parts.append(
            f'<g class="tile {escape(tile)}" data-province={quoteattr(p.id)}>'
            f'<rect x="{_n(tx - 1)}" y="{_n(y - 1.5)}" width="17" height="13" rx="2.5" fill="{fill}" '
            f'stroke="#3b2f1e" stroke-width="0.8"/>'
            f'<text x="{_n(tx + 7.5)}" y="{_n(y + 8.2)}" font-size="8.5" font-weight="bold" text-anchor="middle" '
            f'fill="{ink}">{escape(letters)}</text><title>{escape(tile)}</title></g>'
        )
    parts.append("</g>")
    return "".join(parts)


def _port(p: Province, view: KretaView | None, colors: Sequence[str]) -> str:
    at = p.port_at if p.port_at is not None else _anchor(p)
    x, y = at
    parts = [
        f'<g id={quoteattr("port-" + p.id)} class="port" data-province={quoteattr(p.id)}>'
        f'<circle cx="{_n(x)}" cy="{_n(y)}" r="9.5" fill="#fdfbf3" stroke="#1d3557" stroke-width="1"/>'
        f'<use href="#wheel" x="{_n(x)}" y="{_n(y)}"/><title>port of {escape(p.name)}</title></g>'
    ]
    if view is not None:
        ships = [s for s in range(view.num_players) if p.index in view.ships[s]]
        for k, seat in enumerate(ships):
            sx = x + (-20 if k == 0 else 20)
            parts.append(_ship(sx, y, seat, colors[seat], p.id))
    return "".join(parts)


def _ship(x: float, y: float, seat: int, color: str, pid: str) -> str:
    hull = f"M{_n(x - 9)},{_n(y)} L{_n(x + 9)},{_n(y)} L{_n(x + 6)},{_n(y + 5)} L{_n(x - 6)},{_n(y + 5)} Z"
    sail = f"M{_n(x)},{_n(y - 1.5)} L{_n(x)},{_n(y - 11)} L{_n(x + 7)},{_n(y - 3)} Z"
    return (
        f'<g class="piece ship seat-{seat}" data-seat="{seat}" data-province={quoteattr(pid)}>'
        f'<path d="{hull}" fill="{color}" stroke="#111" stroke-width="0.9"/>'
        f'<path d="{sail}" fill="#fffdf5" stroke="#111" stroke-width="0.8"/></g>'
    )


def _node(number: int, at: Point, owner: int | None, colors: Sequence[str], is_next: bool, is_after: bool) -> str:
    x, y = at
    classes = "node" + (" next" if is_next else "") + (" after" if is_after else "")
    parts = [f'<g id="node-{number}" class="{classes}" data-node="{number}">']
    if is_next:
        parts.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="14.5" fill="#ffd400" opacity="0.55"/>')
        parts.append(f'<circle cx="{_n(x)}" cy="{_n(y)}" r="14.5" fill="none" stroke="#b8860b" stroke-width="2.2"/>')
    elif is_after:
        parts.append(
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="13.5" fill="none" stroke="#b8860b" stroke-width="2" '
            'stroke-dasharray="4 3"/>'
        )
    if owner is None:
        parts.append(
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="8.5" fill="#ffffff" stroke="#3b2f1e" stroke-width="1.3"/>'
            f'<text x="{_n(x)}" y="{_n(y + 3.3)}" font-size="9" font-weight="bold" text-anchor="middle" '
            f'fill="#3b2f1e">{number}</text>'
        )
    else:
        # a fort: a small crenellated tower in the owner's colour, the node number on it
        t, b, lft, rgt = y - 10, y + 8, x - 9, x + 9
        d = (
            f"M{_n(lft)},{_n(b)} V{_n(t)} H{_n(lft + 4)} V{_n(t + 3.5)} H{_n(x - 2)} V{_n(t)} H{_n(x + 2)} "
            f"V{_n(t + 3.5)} H{_n(rgt - 4)} V{_n(t)} H{_n(rgt)} V{_n(b)} Z"
        )
        parts.append(
            f'<g class="piece fort seat-{owner}" data-seat="{owner}" data-node="{number}">'
            f'<path d="{d}" fill="{colors[owner]}" stroke="#111" stroke-width="1.1"/></g>'
            f'<text x="{_n(x)}" y="{_n(y + 5.5)}" font-size="9" font-weight="bold" text-anchor="middle" '
            f'fill="#ffffff" stroke="#111" stroke-width="2" paint-order="stroke">{number}</text>'
        )
    parts.append("</g>")
    return "".join(parts)


def _fort_owner(view: KretaView | None, number: int) -> int | None:
    if view is None:
        return None
    for seat, forts in enumerate(view.forts):
        if number in forts:
            return seat
    return None


def _next_nodes(view: KretaView | None) -> tuple[int | None, int | None]:
    """The node the next scoring takes, and the one after, from the face-up fort cards."""
    if view is None:
        return None, None
    up = [n for i, n in enumerate(view.fort_row) if i >= view.scorings and n is not None]
    return (up[0] if up else None, up[1] if len(up) > 1 else None)


def _pieces(board: Board, view: KretaView, colors: Sequence[str]) -> str:
    """Abbots, villagers and villages: one chip per seat present, in rows under the province's label."""
    out = ['<g class="pieces">']
    for p in board.provinces:
        x, y = _anchor(p)
        present = [
            s
            for s in range(view.num_players)
            if view.abbots[s] == p.index or view.villagers[s][p.index] or view.villages[s][p.index]
        ]
        chips = [_chip(s, view, p, colors[s]) for s in present]
        per_row = 2
        for r in range(0, len(chips), per_row):
            row = chips[r : r + per_row]
            total = sum(w for w, _ in row) + 4 * (len(row) - 1)
            cx = x - total / 2
            cy = y + 20 + (r // per_row) * 16
            for w, draw in row:
                out.append(draw(cx, cy))
                cx += w + 4
    out.append("</g>")
    return "".join(out)


class _Chip:
    """Draws one seat's pieces in one province at a given place (left, middle line)."""

    def __init__(self, parts: list[tuple[str, float]], seat: int, pid: str, color: str) -> None:
        self.parts, self.seat, self.pid, self.color = parts, seat, pid, color

    def __call__(self, left: float, mid: float) -> str:
        out = [f'<g class="chip seat-{self.seat}" data-seat="{self.seat}" data-province={quoteattr(self.pid)}>']
        width = sum(w for _, w in self.parts) + 4
        out.append(
            f'<rect x="{_n(left)}" y="{_n(mid - 7)}" width="{_n(width)}" height="14" rx="4" fill="#fffaf0" '
            f'fill-opacity="0.8" stroke="{self.color}" stroke-width="1.2"/>'
        )
        cx = left + 2
        for kind, w in self.parts:
            out.append(_glyph(kind, cx, mid, self.seat, self.pid, self.color))
            cx += w
        out.append("</g>")
        return "".join(out)


def _chip(seat: int, view: KretaView, p: Province, color: str) -> tuple[float, _Chip]:
    parts: list[tuple[str, float]] = []
    if view.abbots[seat] == p.index:
        parts.append(("abbot", 11.0))
    villagers, villages = view.villagers[seat][p.index], view.villages[seat][p.index]
    if villagers:
        parts.append((f"villager:{villagers}", 17.0))
    if villages:
        parts.append((f"village:{villages}", 19.0))
    chip = _Chip(parts, seat, p.id, color)
    return sum(w for _, w in parts) + 4, chip


def _glyph(kind: str, left: float, mid: float, seat: int, pid: str, color: str) -> str:
    name, _, count = kind.partition(":")
    attrs = f'class="piece {name} seat-{seat}" data-seat="{seat}" data-province={quoteattr(pid)}'
    stroke = 'stroke="#111" stroke-width="0.9"'
    if name == "abbot":
        x = left + 5
        d = _path([(x - 3.8, mid + 5), (x - 3.8, mid - 1), (x, mid - 6), (x + 3.8, mid - 1), (x + 3.8, mid + 5)])
        return (
            f'<g {attrs}><path d="{d}" fill="{color}" {stroke}/>'
            f'<path d="M{_n(x)},{_n(mid - 2.5)} V{_n(mid + 3)} M{_n(x - 2)},{_n(mid)} H{_n(x + 2)}" '
            f'stroke="#fff" stroke-width="1.1"/><title>abbot</title></g>'
        )
    text = f'<text x="{{x}}" y="{_n(mid + 3.4)}" font-size="9" font-weight="bold" fill="#111">{count}</text>'
    if name == "villager":
        x = left + 4.5
        return (
            f'<g {attrs} data-count="{count}">'
            f'<circle cx="{_n(x)}" cy="{_n(mid - 3)}" r="2.4" fill="{color}" {stroke}/>'
            f'<path d="M{_n(x - 3.6)},{_n(mid + 5)} L{_n(x - 2.2)},{_n(mid - 0.5)} H{_n(x + 2.2)} '
            f'L{_n(x + 3.6)},{_n(mid + 5)} Z" fill="{color}" {stroke}/>'
            + text.format(x=_n(x + 5))
            + f"<title>{count} villager(s)</title></g>"
        )
    x = left + 5.5
    d = _path([(x - 4.8, mid + 5), (x - 4.8, mid - 0.5), (x, mid - 5.5), (x + 4.8, mid - 0.5), (x + 4.8, mid + 5)])
    return (
        f'<g {attrs} data-count="{count}"><path d="{d}" fill="{color}" {stroke}/>'
        + text.format(x=_n(x + 6))
        + f"<title>{count} village(s)</title></g>"
    )


# --- the panel under the map ---------------------------------------------------------------------


def _panel(view: KretaView, names: Sequence[str], colors: Sequence[str], width: float, top: float) -> str:
    out = [f'<g class="panel" transform="translate(0,{_n(top)})">']
    out.append(f'<rect x="0" y="0" width="{_n(width)}" height="{_n(PANEL)}" fill="#f7f1e1"/>')
    out.append(f'<line x1="0" y1="0" x2="{_n(width)}" y2="0" stroke="#3b2f1e" stroke-width="1.5"/>')
    # the fort-card row
    out.append(
        '<text x="16" y="20" font-size="12" font-weight="bold" fill="#3b2f1e">Fort cards</text>'
        f'<text x="100" y="20" font-size="11" fill="#3b2f1e">scorings {view.scorings} of {len(view.fort_row)}'
        f" · pile {view.pile_size}</text>"
    )
    next_slot = next((i for i, n in enumerate(view.fort_row) if i >= view.scorings and n is not None), None)
    after_slot = None
    if next_slot is not None:
        after_slot = next((i for i, n in enumerate(view.fort_row) if i > next_slot and n is not None), None)
    for i, number in enumerate(view.fort_row):
        x, y = 16 + i * 34, 30.0
        if i < view.scorings:
            state = "spent"
            shown = view.scored_nodes[i] if i < len(view.scored_nodes) else None
        else:
            state = "face-up" if number is not None else "face-down"
            shown = number
        extra = " next" if i == next_slot else " after" if i == after_slot else ""
        fill = {"spent": "#d9d2c0", "face-up": "#fffdf6", "face-down": "#8c2f1b"}[state]
        stroke, sw, dash = "#3b2f1e", 1.0, ""
        if extra == " next":
            stroke, sw = "#d99a00", 3.0
        elif extra == " after":
            stroke, sw, dash = "#d99a00", 2.2, ' stroke-dasharray="4 2"'
        out.append(
            f'<g id="fort-card-{i}" class="fort-card {state}{extra}" data-slot="{i}"'
            + (f' data-node="{shown}"' if shown is not None else "")
            + f'><rect x="{x}" y="{y}" width="28" height="40" rx="3" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{sw}"{dash}/>'
        )
        if shown is not None:
            ink = "#8a8170" if state == "spent" else "#2b1d0e"
            out.append(
                f'<text x="{x + 14}" y="{_n(y + 25)}" font-size="13" font-weight="bold" text-anchor="middle" '
                f'fill="{ink}">{shown}</text>'
            )
        elif state == "face-down":
            out.append(
                f'<rect x="{x + 5}" y="{y + 6}" width="18" height="28" rx="2" fill="none" stroke="#e8b77a" '
                'stroke-width="1"/>'
            )
        out.append("</g>")
    legend_y = 88
    out.append(
        f'<rect x="16" y="{legend_y}" width="14" height="10" rx="2" fill="#fffdf6" stroke="#d99a00" '
        'stroke-width="2.5"/>'
        f'<text x="36" y="{legend_y + 9}" font-size="10" fill="#3b2f1e">scores next</text>'
        f'<rect x="110" y="{legend_y}" width="14" height="10" rx="2" fill="#fffdf6" stroke="#d99a00" '
        f'stroke-width="2" stroke-dasharray="3 2"/>'
        f'<text x="130" y="{legend_y + 9}" font-size="10" fill="#3b2f1e">then</text>'
    )
    # players
    px = 16 + len(view.fort_row) * 34 + 24
    status = (
        "Game over"
        if view.phase == "over" or view.to_act < 0
        else (
            f"{_name(names, view.to_act)} to "
            + ("keep or replace the new fort card" if view.phase == "castellan" else "play")
        )
    )
    out.append(f'<text x="{px}" y="20" font-size="12" font-weight="bold" fill="#3b2f1e">{escape(status)}</text>')
    row_h = 22.0 if view.num_players <= 4 else 88 / view.num_players
    for seat in range(view.num_players):
        y = 30 + seat * row_h
        acting = seat == view.to_act and view.phase != "over"
        out.append(f'<g id="player-{seat}" class="player seat-{seat}{" to-act" if acting else ""}" data-seat="{seat}">')
        if acting:
            out.append(
                f'<rect x="{px - 4}" y="{_n(y - 2)}" width="{_n(width - px - 8)}" height="{_n(row_h)}" '
                'rx="3" fill="#ffe680"/>'
            )
        name = escape(_name(names, seat))
        out.append(
            f'<rect x="{px}" y="{_n(y + 2)}" width="14" height="14" rx="3" fill="{colors[seat]}" stroke="#111" '
            'stroke-width="0.8"/>'
            f'<text x="{px + 20}" y="{_n(y + 13)}" font-size="11.5" font-weight="bold" fill="#2b1d0e">{name}</text>'
            f'<text class="score" x="{px + 150}" y="{_n(y + 13)}" font-size="12" font-weight="bold" text-anchor="end" '
            f'fill="#2b1d0e">{view.scores[seat]} VP</text>'
        )
        tiles = view.tiles[seat]
        tile_text = ", ".join(f"{tiles.count(t)} {t}" for t in dict.fromkeys(tiles)) or "no tiles"
        hand = " ".join(CARD_LETTERS.get(c, c[:2]) for c in view.hands[seat])
        played = " ".join(CARD_LETTERS.get(c, c[:2]) for c in view.played[seat])
        out.append(
            f'<text class="hand" x="{px + 164}" y="{_n(y + 13)}" font-size="10" fill="#3b2f1e">'
            f"hand: {escape(hand) or '–'}</text>"
            f'<text class="played" x="{px + 300}" y="{_n(y + 13)}" font-size="10" fill="#6f6758">'
            f"played: {escape(played) or '–'}</text>"
            f'<text class="tiles" x="{px + 430}" y="{_n(y + 13)}" font-size="10" fill="#3b2f1e">'
            f"{escape(tile_text)}</text>"
        )
        out.append("</g>")
    out.append("</g>")
    return "".join(out)


def _name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"Player {seat + 1}"
