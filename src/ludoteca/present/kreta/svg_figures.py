"""The pictures of Kreta's rules for players: the map, and a scoring.

Drawn by the table's own :func:`~ludoteca.present.kreta.svg.render_svg`, so the rules show the board a
player meets, labelled in the reader's language. The scoring is taken from a fixed position: a seeded game
advanced by a fixed choice at every turn (:func:`example_view`), so the picture changes only when the rules
or the drawing do. Each function returns a standalone SVG document.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from xml.sax.saxutils import escape, quoteattr

from ludoteca.kreta import DEFINITION
from ludoteca.kreta.actions import Castellan, King, KretaAction
from ludoteca.kreta.options import KretaOptions
from ludoteca.kreta.scoring import awards
from ludoteca.kreta.view import KretaView

from .svg import DEFAULT_COLORS, render_svg
from .svg_draw import FONT, Tr, num
from .words import next_node

SEED = 19
"""The example game's seed (3 players)."""
TURNS = 15
"""Turns played before the picture: enough pieces on the board for a scoring with a first and a second place."""
INK = "#1d3557"


def _choose(turn: int, legal: list[KretaAction]) -> KretaAction:
    """The example's fixed choices: spread over the legal actions, never a scoring (nor a King copying one)."""
    building = [a for a in legal if not isinstance(a, Castellan | King)] or legal
    return building[(turn * 7) % len(building)]


@cache
def example_view() -> KretaView:
    """The spectator's view of the example game after :data:`TURNS` turns, before its first scoring."""
    state = DEFINITION.new_game(KretaOptions(), SEED, 3)
    turn = 0
    while turn < TURNS:
        view = state.view(-1)
        if view.move_points == 0 and view.phase == "play":
            turn += 1
        state.apply(_choose(turn, state.legal_actions()))
    while state.view(-1).move_points:  # a Commander's movement under way ends first
        state.apply(_choose(turn, state.legal_actions()))
    return state.view(-1)


def _document(width: float, height: float, body: list[str], css_class: str, label: str) -> str:
    head = (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {num(width)} {num(height)}" '
        f'width="{num(width)}" height="{num(height)}" font-family={quoteattr(FONT)} class="{css_class}">'
    )
    return "\n".join(
        ['<?xml version="1.0" encoding="UTF-8"?>', head, f"<title>{escape(label)}</title>", *body, "</svg>"]
    )


def _text(x: float, y: float, words: str, size: float = 13, **attrs: str) -> str:
    extra = "".join(f" {k.replace('_', '-')}={quoteattr(v)}" for k, v in attrs.items())
    return f'<text x="{num(x)}" y="{num(y)}" font-size="{num(size)}"{extra}>{escape(words)}</text>'


def board_map(tr: Tr) -> str:
    """The island with its sixteen provinces, ports and numbered nodes, as the table draws it."""
    view = example_view()
    return render_svg(view.board, tr=tr)


def scoring(tr: Tr) -> str:
    """The example position around the node the next scoring takes, and what each player would score there."""
    view = example_view()
    board = view.board
    node = next_node(view)
    if node is None:
        raise RuntimeError("the example game has no fort card face up")
    names = [tr("Red"), tr("Blue"), tr("Yellow")]
    at = board.node(node).at
    assert at is not None
    full = render_svg(board, view, names=names, tr=tr).split("?>", 1)[1]
    map_w, map_h, zoom_w, zoom_h = 620.0, 380.0, 520.0, 320.0
    inner = full.replace(
        full[: full.index(">") + 1],
        f'<svg x="0" y="0" width="{num(map_w)}" height="{num(map_h)}" '
        f'viewBox="{num(at[0] - zoom_w / 2)} {num(at[1] - zoom_h / 2)} {num(zoom_w)} {num(zoom_h)}">',
        1,
    )
    provinces = board.nodes[[n.number for n in board.nodes].index(node)].provinces
    rows = []
    y = 30.0
    x0 = map_w + 20
    rows.append(_text(x0, y, tr("Scoring at node {node}").format(node=node), 19, font_weight="bold", fill=INK))
    y += 30
    for p in provinces:
        province = board.provinces[p]
        inf = view.influences(p)
        won = awards(inf, province.vp)
        rows.append(
            _text(
                x0, y, tr("{province}: {vp} VP").format(province=province.name, vp=province.vp), 17, font_weight="bold"
            )
        )
        y += 22
        for s in range(view.num_players):
            line = tr("{name}: influence {influence} → {vp} VP").format(name=names[s], influence=inf[s], vp=won[s])
            rows.append(f'<circle cx="{num(x0 + 8)}" cy="{num(y - 5)}" r="7" fill="{DEFAULT_COLORS[s]}"/>')
            rows.append(_text(x0 + 22, y, line, 15.5, fill="#222" if won[s] else "#6b6b6b"))
            y += 21
        y += 8
    height = max(map_h, y) + 10
    body = [
        f'<rect x="0" y="0" width="{num(map_w + 360)}" height="{num(height)}" fill="#f7f3e8"/>',
        inner,
        *rows,
    ]
    return _document(map_w + 360, height, body, "rules-figure kreta-scoring", tr("A scoring"))


FIGURES: dict[str, Callable[[Tr], str]] = {"map": board_map, "scoring": scoring}
"""The figures the rules texts name (``[[figure NAME | caption]]``), by name."""
__all__ = ["FIGURES", "board_map", "example_view", "scoring"]
