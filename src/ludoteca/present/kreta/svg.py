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
  ``id="player-S"`` for each player's line of the score panel, ``id="card-S-NAME"`` for its character
  cards (:mod:`ludoteca.present.kreta.svg_panel`).

When a position is drawn, whatever a player can click also carries ``class="target"`` and the web
protocol's ``data-target`` key: ``province:ID`` (the province's shape), ``node:N``, ``port:ID`` (the port
marker and the ships in it), ``fort:I`` (a slot of the fort-card row) and ``card:NAME`` (a card in the
hand of the seat to act). A node, a province and a port target also carry ``data-label`` (its number, or
the province's name) and, for the last two, ``data-label-at`` (where to write it): a page that draws the
map too small to read writes the places of the current choices there in large type. Labels and pieces let
clicks through to the province beneath them. The bare board has no targets (and is byte-for-byte the
drawing in ``docs/kreta-board.svg``). A Commander movement under way is drawn as tags ``before→now`` on
the provinces whose villagers it changed.

English words go through ``tr`` (keyword for gettext extraction), so the web app can translate them.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from typing import TYPE_CHECKING
from xml.sax.saxutils import escape, quoteattr

from ludoteca.kreta.board import Board, Point, Province
from ludoteca.present.common import seat_mark, seat_name

from .svg_draw import CARD_LETTERS, FONT, TILE_STYLE, Groups, Tr, groups_for, num, same, tile_words
from .svg_panel import panel_height, render_panel

if TYPE_CHECKING:
    from ludoteca.kreta.view import KretaView

DEFAULT_COLORS = ("#d7263d", "#1f5fcf", "#f5c518", "#1e8f4e")
"""Seat colours: red, blue, yellow, green."""
DEFAULT_NAMES = ("Red", "Blue", "Yellow", "Green")

FILL = {"plain": "#efd56e", "hill": "#a9cb7c", "mountain": "#bb8f5f"}
SEA = "#8fc1e3"
BORDER = "#e27619"
"""Borders are orange on the printed board."""
__all__ = ["CARD_LETTERS", "DEFAULT_COLORS", "DEFAULT_NAMES", "FILL", "FONT", "TILE_STYLE", "render_svg"]


def render_svg(
    board: Board,
    view: KretaView | None = None,
    *,
    names: Sequence[str] | None = None,
    colors: Sequence[str] | None = None,
    tr: Tr = same,
) -> str:
    """A standalone SVG document of ``board``, with the position of ``view`` drawn on it if given.

    ``names`` and ``colors`` are per seat (defaults: Red, Blue, Yellow, Green in those colours); ``tr``
    translates the English words shown. The drawing never depends on ``view.player`` (Kreta has no
    secrets a seat sees), so every seat's and a spectator's position give the same document.
    Raises ``ValueError`` for a board without geometry (province outlines and node positions).
    """
    if any(len(p.outline) < 3 for p in board.provinces) or any(n.at is None for n in board.nodes):
        raise ValueError("this board has no geometry to draw (province outlines and node positions)")
    seats = view.num_players if view is not None else 0
    colors = tuple(colors) if colors else DEFAULT_COLORS
    if len(colors) < seats:
        raise ValueError(f"{seats} seats need {seats} colours, got {len(colors)}")
    names = tuple(names) if names else DEFAULT_NAMES
    names = tuple(names[:seats]) + tuple(seat_name((), i, tr) for i in range(len(names), seats))
    width, height = _extent(board)
    total = height + (panel_height(view.num_players) if view is not None else 0)
    clicks = view is not None
    groups = groups_for(board, tr, colors)
    out: list[str] = [groups.get(("head", total), _head, board, width, height, total, tr)]
    next_node, after_node = _next_nodes(view)
    out.append(groups.get(("provinces", next_node, clicks), _provinces, board, next_node, clicks))
    tiles = view.tiles_on_board if view is not None else None
    out.append(groups.get(("labels", tiles, clicks), _labels, board, view, tr, clicks))
    out.append('<g class="ports">')
    for p in board.provinces:
        if p.port:
            ships = tuple(s for s in range(view.num_players) if p.index in view.ships[s]) if view else None
            out.append(groups.get(("port", p.index, ships), _port, p, view, colors, tr))
    out.append("</g>")
    forts = view.forts if view is not None else None
    out.append(groups.get(("nodes", forts, next_node, after_node, clicks), _nodes, board, view, colors, tr))
    if view is not None:
        out.append(_pieces(board, view, colors, tr, groups))
        out.append(_movement(board, view, colors))
        out.append(render_panel(view, names, colors, width, height, tr, groups))
    out.append("</svg>")
    return "\n".join(out) + "\n"


SHIPPED_NAME = "Crete (ludoteca reconstruction)"
"""The shipped board's name (``kreta/data/crete.json``), said in the reader's language; a board file's as written."""


def _board_title(board: Board, tr: Tr) -> str:
    return tr("Crete (ludoteca reconstruction)") if board.name == SHIPPED_NAME else board.name


def _head(board: Board, width: float, height: float, total: float, tr: Tr) -> str:
    """The document's start, the sea and the coast: the same for every position of a game."""
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {_n(width)} {_n(total)}" '
        f'width="{_n(width)}" height="{_n(total)}" font-family={quoteattr(FONT)} class="kreta-board">',
        f"<title>{escape(_board_title(board, tr))}</title>",
        _defs(),
        f'<rect class="sea" x="0" y="0" width="{_n(width)}" height="{_n(height)}" fill="url(#sea)"/>',
    ]
    out.extend(_sea_labels(board, width, height, tr))
    # the coast: every province drawn wide in sand colour first, so the island gets a beach
    out.append('<g class="coast">')
    for p in board.provinces:
        out.append(
            f'<polygon points="{_pts(p.outline)}" fill="#f3e6bf" stroke="#f3e6bf" stroke-width="7" '
            'stroke-linejoin="round"/>'
        )
    out.append("</g>")
    return "\n".join(out)


def _provinces(board: Board, next_node: int | None, clicks: bool) -> str:
    """The provinces, their borders, and the outline of those the next scoring takes."""
    touching_next: set[int] = set()
    if next_node is not None:
        touching_next = {p for n in board.nodes if n.number == next_node for p in n.provinces}
    out = ['<g class="provinces">']
    for p in board.provinces:
        out.append(_province(p, p.index in touching_next, clicks))
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
    return "\n".join(out)


def _labels(board: Board, view: KretaView | None, tr: Tr, clicks: bool) -> str:
    out = ['<g class="labels" pointer-events="none">' if clicks else '<g class="labels">']
    for p in board.provinces:
        out.append(_label(p, view, tr))
    out.append("</g>")
    return "\n".join(out)


def _nodes(board: Board, view: KretaView | None, colors: Sequence[str], tr: Tr) -> str:
    clicks = view is not None
    next_node, after_node = _next_nodes(view)
    out = ['<g class="nodes">']
    for n in board.nodes:
        assert n.at is not None
        owner = _fort_owner(view, n.number)
        name = tr("node %(number)d") % {"number": n.number} if clicks else None
        out.append(_node(n.number, n.at, owner, colors, n.number == next_node, n.number == after_node, name))
    out.append("</g>")
    return "\n".join(out)


# --- pieces of drawing ---------------------------------------------------------------------------


_n = num


@lru_cache(maxsize=1024)
def _pts(points: tuple[Point, ...]) -> str:
    """Outlines are the board's fixed geometry: formatting their numbers once, not on every move,
    took the map from 2.3 to 1.1 ms per position (the server draws one per move)."""
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


def _sea_labels(board: Board, width: float, height: float, tr: Tr) -> list[str]:
    style = 'font-style="italic" fill="#2f6690" opacity="0.75" text-anchor="middle" letter-spacing="3"'
    return [
        f'<text class="sea-label" x="{_n(width * 0.6)}" y="{_n(height * 0.12)}" font-size="18" {style}>'
        f"{escape(tr('Sea of Crete'))}</text>",
        f'<text class="sea-label" x="{_n(width * 0.3)}" y="{_n(height * 0.93)}" font-size="18" {style}>'
        f"{escape(tr('Libyan Sea'))}</text>",
        f'<text class="title" x="{_n(width - 24)}" y="{_n(height - 22)}" font-size="26" font-weight="bold" '
        f'fill="#1d3557" opacity="0.8" text-anchor="end" letter-spacing="6">KRETA</text>',
    ]


def _province(p: Province, scoring: bool, clicks: bool) -> str:
    classes = f"province {p.kind}" + (" has-port" if p.port else "") + (" scoring-next" if scoring else "")
    target = f" data-target={quoteattr('province:' + p.id)}" if clicks else ""
    if clicks:  # its name and where it is written: the page labels the places of the choices large (layout.js)
        x, y = _anchor(p)
        target += f' data-label={quoteattr(p.name)} data-label-at="{_n(x)},{_n(y - 9)}"'
    return (
        f'<g id={quoteattr("province-" + p.id)} class="{classes}{" target" if clicks else ""}" '
        f"data-province={quoteattr(p.id)}{target}>"
        f'<polygon points="{_pts(p.outline)}" fill="{FILL[p.kind]}"/>'
        # a clickable province is named by its title (the page's accessible name for the target)
        + (f"<title>{escape(p.name)}</title>" if clicks else "")
        + "</g>"
    )


def _anchor(p: Province) -> Point:
    if p.label_at is not None:
        return p.label_at
    xs = [x for x, _ in p.outline]
    ys = [y for _, y in p.outline]
    return (sum(xs) / len(xs), sum(ys) / len(ys))


@lru_cache(maxsize=256)
def _hexagon(x: float, y: float, r: float) -> str:
    pts = tuple(
        (x + r * math.cos(math.pi / 6 + k * math.pi / 3), y + r * math.sin(math.pi / 6 + k * math.pi / 3))
        for k in range(6)
    )
    return f'<polygon points="{_pts(pts)}"/>'


def _label(p: Province, view: KretaView | None, tr: Tr) -> str:
    """Name, VP as white hexagons (as printed), and the farm tile still lying there."""
    x, y = _anchor(p)
    parts = [f'<g class="label" data-province={quoteattr(p.id)}>']
    parts.append(
        f'<text x="{_n(x)}" y="{_n(y - 5)}" font-size="13" font-weight="bold" text-anchor="middle" '
        f'fill="#2b1d0e" stroke="#fffaf0" stroke-width="3" paint-order="stroke" stroke-linejoin="round">'
        f"{escape(p.name)}</text>"
    )
    tile = view.tiles_on_board[p.index] if view is not None else None
    r, gap = 4.2, 9.0
    row = p.vp * gap + (20 if tile else 0)
    left = x - row / 2 + gap / 2
    parts.append(f'<g class="vp" data-vp="{p.vp}" fill="#ffffff" stroke="#6b5a3a" stroke-width="0.8">')
    parts.extend(_hexagon(left + k * gap, y + 5, r) for k in range(p.vp))
    parts.append(f"<title>{escape(tr('{vp} VP').format(vp=p.vp))}</title></g>")
    if tile:
        letters, fill, ink = TILE_STYLE.get(tile, (tile[:2].title(), "#dddddd", "#000000"))
        tx = left + p.vp * gap + 6
        parts.append(
            f'<g class="tile {escape(tile)}" data-province={quoteattr(p.id)}>'
            f'<rect x="{_n(tx - 1)}" y="{_n(y - 1.5)}" width="17" height="13" rx="2.5" fill="{fill}" '
            f'stroke="#3b2f1e" stroke-width="0.8"/>'
            f'<text x="{_n(tx + 7.5)}" y="{_n(y + 8.2)}" font-size="8.5" font-weight="bold" text-anchor="middle" '
            f'fill="{ink}">{escape(letters)}</text><title>{escape(tile_words(tr).get(tile, tile))}</title></g>'
        )
    parts.append("</g>")
    return "".join(parts)


def _port(p: Province, view: KretaView | None, colors: Sequence[str], tr: Tr) -> str:
    """The port marker (a ship's wheel) and the ships in it; with a position both are the port's target."""
    at = p.port_at if p.port_at is not None else _anchor(p)
    x, y = at
    classes, target = ("port target", f" data-target={quoteattr('port:' + p.id)}") if view else ("port", "")
    if view:
        target += f' data-label={quoteattr(p.name)} data-label-at="{_n(x)},{_n(y - 16)}"'
    parts = [
        f'<g id={quoteattr("port-" + p.id)} class="{classes}" data-province={quoteattr(p.id)}{target}>'
        f'<circle cx="{_n(x)}" cy="{_n(y)}" r="9.5" fill="#fdfbf3" stroke="#1d3557" stroke-width="1"/>'
        f'<use href="#wheel" x="{_n(x)}" y="{_n(y)}"/>'
        f"<title>{escape(tr('{province}: port').format(province=p.name))}</title></g>"
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
        f'<g class="piece ship seat-{seat} target" data-seat="{seat}" data-province={quoteattr(pid)} '
        f"data-target={quoteattr('port:' + pid)}>"
        f'<path d="{hull}" fill="{color}" stroke="#111" stroke-width="0.9"/>'
        f'<path d="{sail}" fill="#fffdf5" stroke="#111" stroke-width="0.8"/>'
        + seat_mark(seat, x - 4, y - 6, 3.2, color, "#111111")
        + "</g>"
    )


def _node(
    number: int, at: Point, owner: int | None, colors: Sequence[str], is_next: bool, is_after: bool, name: str | None
) -> str:
    """A node (a fort on it if built); ``name`` given when it can be clicked: its title, the target's name."""
    clicks = name is not None
    x, y = at
    classes = "node" + (" next" if is_next else "") + (" after" if is_after else "") + (" target" if clicks else "")
    target = f' data-target="node:{number}" data-label="{number}"' if clicks else ""
    parts = [f'<g id="node-{number}" class="{classes}" data-node="{number}"{target}>']
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
            f'<circle cx="{_n(x)}" cy="{_n(y)}" r="10" fill="#ffffff" stroke="#3b2f1e" stroke-width="1.3"/>'
            f'<text x="{_n(x)}" y="{_n(y + 4.2)}" font-size="12" font-weight="bold" text-anchor="middle" '
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
            f'<path d="{d}" fill="{colors[owner]}" stroke="#111" stroke-width="1.1"/>'
            f"{seat_mark(owner, x + 10, y - 11, 4.5, colors[owner])}</g>"
            f'<text x="{_n(x)}" y="{_n(y + 6)}" font-size="12" font-weight="bold" text-anchor="middle" '
            f'fill="#ffffff" stroke="#111" stroke-width="2" paint-order="stroke">{number}</text>'
        )
    if name is not None:
        parts.append(f"<title>{escape(name)}</title>")
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


def _pieces(board: Board, view: KretaView, colors: Sequence[str], tr: Tr, groups: Groups) -> str:
    """Abbots, villagers and villages: one chip per seat present, in rows under the province's label.

    Clicks go through them to the province beneath (``pointer-events="none"``).
    """
    out = ['<g class="pieces" pointer-events="none">']
    abbots, villagers, villages = view.abbots, view.villagers, view.villages
    for p in board.provinces:
        i = p.index
        present = tuple(
            (s, abbots[s] == i, villagers[s][i], villages[s][i])
            for s in range(view.num_players)
            if abbots[s] == i or villagers[s][i] or villages[s][i]
        )
        if present:
            out.append(groups.get(("chips", i, present), _chips, p, view, present, colors, tr))
    out.append("</g>")
    return "".join(out)


def _chips(
    p: Province, view: KretaView, present: tuple[tuple[int, bool, int, int], ...], colors: Sequence[str], tr: Tr
) -> str:
    """The chips of the seats ``present`` in one province (two to a row)."""
    x, y = _anchor(p)
    chips = [_chip(s, view, p, colors[s], tr) for s, _, _, _ in present]
    out = []
    per_row = 2
    for r in range(0, len(chips), per_row):
        row = chips[r : r + per_row]
        total = sum(w for w, _ in row) + 4 * (len(row) - 1)
        cx = x - total / 2
        cy = y + 20 + (r // per_row) * 16
        for w, draw in row:
            out.append(draw(cx, cy))
            cx += w + 4
    return "".join(out)


MARK_W = 10.0
"""Room for the seat's shape at the left of its chip (colour-blind players tell seats apart by it)."""


class _Chip:
    """Draws one seat's pieces in one province at a given place (left, middle line)."""

    def __init__(self, parts: list[tuple[str, float]], seat: int, pid: str, color: str, tr: Tr) -> None:
        self.parts, self.seat, self.pid, self.color, self.tr = parts, seat, pid, color, tr

    def __call__(self, left: float, mid: float) -> str:
        out = [f'<g class="chip seat-{self.seat}" data-seat="{self.seat}" data-province={quoteattr(self.pid)}>']
        width = sum(w for _, w in self.parts) + 4 + MARK_W
        out.append(
            f'<rect x="{_n(left)}" y="{_n(mid - 7)}" width="{_n(width)}" height="14" rx="4" fill="#fffaf0" '
            f'fill-opacity="0.8" stroke="{self.color}" stroke-width="1.2"/>'
        )
        out.append(seat_mark(self.seat, left + 6, mid, 4, self.color))
        cx = left + 2 + MARK_W
        for kind, w in self.parts:
            out.append(_glyph(kind, cx, mid, self.seat, self.pid, self.color, self.tr))
            cx += w
        out.append("</g>")
        return "".join(out)


def _chip(seat: int, view: KretaView, p: Province, color: str, tr: Tr) -> tuple[float, _Chip]:
    parts: list[tuple[str, float]] = []
    if view.abbots[seat] == p.index:
        parts.append(("abbot", 11.0))
    villagers, villages = view.villagers[seat][p.index], view.villages[seat][p.index]
    if villagers:
        parts.append((f"villager:{villagers}", 19.0))
    if villages:
        parts.append((f"village:{villages}", 21.0))
    chip = _Chip(parts, seat, p.id, color, tr)
    return sum(w for _, w in parts) + 4 + MARK_W, chip


def _glyph(kind: str, left: float, mid: float, seat: int, pid: str, color: str, tr: Tr) -> str:
    name, _, count = kind.partition(":")
    attrs = f'class="piece {name} seat-{seat}" data-seat="{seat}" data-province={quoteattr(pid)}'
    stroke = 'stroke="#111" stroke-width="0.9"'
    if name == "abbot":
        x = left + 5
        d = _path([(x - 3.8, mid + 5), (x - 3.8, mid - 1), (x, mid - 6), (x + 3.8, mid - 1), (x + 3.8, mid + 5)])
        return (
            f'<g {attrs}><path d="{d}" fill="{color}" {stroke}/>'
            f'<path d="M{_n(x)},{_n(mid - 2.5)} V{_n(mid + 3)} M{_n(x - 2)},{_n(mid)} H{_n(x + 2)}" '
            f'stroke="#fff" stroke-width="1.1"/><title>{escape(tr("abbot"))}</title></g>'
        )
    text = f'<text x="{{x}}" y="{_n(mid + 4.2)}" font-size="12" font-weight="bold" fill="#111">{count}</text>'
    if name == "villager":
        x = left + 4.5
        return (
            f'<g {attrs} data-count="{count}">'
            f'<circle cx="{_n(x)}" cy="{_n(mid - 3)}" r="2.4" fill="{color}" {stroke}/>'
            f'<path d="M{_n(x - 3.6)},{_n(mid + 5)} L{_n(x - 2.2)},{_n(mid - 0.5)} H{_n(x + 2.2)} '
            f'L{_n(x + 3.6)},{_n(mid + 5)} Z" fill="{color}" {stroke}/>'
            + text.format(x=_n(x + 5))
            + f"<title>{escape(tr('villagers: {count}').format(count=count))}</title></g>"
        )
    x = left + 5.5
    d = _path([(x - 4.8, mid + 5), (x - 4.8, mid - 0.5), (x, mid - 5.5), (x + 4.8, mid - 0.5), (x + 4.8, mid + 5)])
    return (
        f'<g {attrs} data-count="{count}"><path d="{d}" fill="{color}" {stroke}/>'
        + text.format(x=_n(x + 6))
        + f"<title>{escape(tr('villages: {count}').format(count=count))}</title></g>"
    )


def _movement(board: Board, view: KretaView, colors: Sequence[str]) -> str:
    """A Commander movement under way: ``before→now`` on each province whose villagers it changed.

    The provinces the moving villagers left show a smaller number after the arrow, those they reached
    a larger one; the tags use the moving seat's colour and carry ``data-before`` / ``data-now``.
    """
    if not view.move_points or not view.move_start or view.to_act < 0:
        return ""
    seat = view.to_act
    now = view.villagers[seat]
    out = [f'<g class="movement seat-{seat}" data-points="{view.move_points}" pointer-events="none">']
    for p in board.provinces:
        before, after = view.move_start[p.index], now[p.index]
        if before == after:
            continue
        x, y = _anchor(p)
        kind = "left" if after < before else "reached"
        out.append(
            f'<g class="move-change {kind}" data-province={quoteattr(p.id)} data-before="{before}" data-now="{after}">'
            f'<rect x="{_n(x - 21)}" y="{_n(y - 34)}" width="42" height="17" rx="8.5" fill="#ffffff" '
            f'stroke="{colors[seat]}" stroke-width="2" stroke-dasharray="{"3 2" if kind == "left" else "none"}"/>'
            f'<text x="{_n(x)}" y="{_n(y - 21.5)}" font-size="12" font-weight="bold" text-anchor="middle" '
            f'fill="#2b1d0e">{before}→{after}</text></g>'
        )
    out.append("</g>")
    return "".join(out)
