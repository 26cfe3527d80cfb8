"""Verräter as SVG: the public table and one seat's private cards, as pure functions returning text.

Like ``chess.svg.board`` (and :mod:`ludoteca.present.kreta.svg`) nothing here does I/O: :func:`render_table`
and :func:`render_hand` read a :class:`~ludoteca.verraeter.view.VerraeterView` and return a standalone
SVG document. The table is drawn from public fields only — never the seat's hand, offered or secret
action card, pending draw or log — so every seat and every spectator gets the same picture, and the web
app can send one string to all of them. The private part is a second, small document.

Whatever a player can click carries ``class="target"`` and ``data-target="KEY"`` with the keys of the
web protocol: ``landscape:I`` (ring card I, 0-based), ``gap:I`` (between card I and I+1, where a
conflict lies when ``view.conflict == I``), ``draft:C`` (offered action card, ``C`` an index into
``cards.ACTION_KEYS``) and ``hand:V`` (one element per supply card of value V in the hand). Stable ids:
``landscape-I``, ``gap-I``, ``conflict-marker``, ``center``, ``player-S``, ``hand-card-K``, ``draft-C``,
``chosen-card``.

The ring is laid out as the border of a 5 × 3 grid read clockwise (1–5 along the top, 6 on the right,
7–11 back along the bottom, 12 on the left), which keeps twelve portrait cards readable at 1000 px.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from ludoteca.present.common import seat_mark
from ludoteca.verraeter.components import LANDSCAPE_NAMES, RING_SIZE
from ludoteca.verraeter.options import LandscapeTable
from ludoteca.verraeter.view import Landscape, VerraeterView

from .svg_draw import (
    CONFLICT_RED,
    HOUSE_INK,
    HOUSE_PAPER,
    INK,
    LAND_FILL,
    MUTED,
    PAPER,
    SEAT_FILL,
    SEAT_INK,
    Tr,
    action_effects,
    action_icon,
    action_words,
    document,
    el,
    estate_glyph,
    house_mark,
    house_words,
    landscape_art,
    landscape_words,
    same,
    seat_words,
    swords,
    text,
    title,
    wrap,
)
from .svg_panels import center_panel, header, player_panels

__all__ = ["draw_gap", "draw_landscape", "draw_ring", "render_hand", "render_table", "slot"]

WIDTH = 1000.0
CARD_W, CARD_H = 140.0, 150.0
COL_GAP, ROW_PITCH = 50.0, 216.0
LEFT, TOP = 50.0, 60.0
TAB = 20.0
"""How far an estate card sticks out under its landscape."""
PANELS_TOP = TOP + 2 * ROW_PITCH + CARD_H + TAB + 28
PANEL_H = 176.0


def _slot(i: int) -> tuple[float, float]:
    """Top-left corner of ring card ``i``: clockwise around the border of a 5 × 3 grid."""
    if i <= 4:
        col, row = i, 0
    elif i == 5:
        col, row = 4, 1
    elif i <= 10:
        col, row = 10 - i, 2
    else:
        col, row = 0, 1
    return LEFT + col * (CARD_W + COL_GAP), TOP + row * ROW_PITCH


def render_table(view: VerraeterView, names: Sequence[str] | None = None, tr: Tr = same) -> str:
    """The public table as one SVG document: header, ring, conflict, piles and one panel per seat.

    ``names`` are the seats' names (default: the game's colours, translated). The result depends only on
    public information, so it is the same for every seat's view and a spectator's.
    """
    shown = _names(view, names, tr)
    height = PANELS_TOP + PANEL_H + 14
    body = [
        el("rect", x=0.0, y=0.0, width=WIDTH, height=height, fill=PAPER, class_="background"),
        header(view, shown, tr, WIDTH),
        _ring(view, shown, tr),
        center_panel(
            view, shown, tr, LEFT + CARD_W + COL_GAP, TOP + ROW_PITCH - 14, 3 * CARD_W + 2 * COL_GAP, CARD_H + 34
        ),
        player_panels(view, shown, tr, LEFT, PANELS_TOP, WIDTH - 2 * LEFT, PANEL_H),
    ]
    return document(WIDTH, height, body, "verraeter-table", tr("Verräter: the table"))


def _names(view: VerraeterView, names: Sequence[str] | None, tr: Tr) -> tuple[str, ...]:
    defaults = seat_words(tr)
    given = tuple(names or ())
    return tuple(given[p] if p < len(given) else defaults[p % len(defaults)] for p in range(view.num_players))


# ---------------------------------------------------------------- the ring


def slot(i: int) -> tuple[float, float]:
    """Top-left corner of ring card ``i`` on the table (figures of the rules place cards by it)."""
    return _slot(i)


def draw_ring(view: VerraeterView, names: Sequence[str] | None = None, tr: Tr = same) -> str:
    """The ring alone (cards, estate cards, gaps and the conflict card), as the table draws it: an SVG group."""
    return _ring(view, _names(view, names, tr), tr)


def draw_landscape(
    i: int, land: Landscape, table: LandscapeTable, at_conflict: bool, names: Sequence[str], tr: Tr = same
) -> str:
    """Ring card ``i`` exactly as on the table, at its slot (:func:`slot`): the rules' figures show the real card."""
    return _landscape(i, land, table, at_conflict, tuple(names), tr)


def draw_gap(i: int, has_conflict: bool, tr: Tr = same) -> str:
    """The space after ring card ``i``, with the conflict card on it if ``has_conflict``."""
    return _gap(i, has_conflict, tr)


def _ring(view: VerraeterView, seats: tuple[str, ...], tr: Tr) -> str:
    """The twelve landscapes (each with the estate card under it), then the gaps between them."""
    out = ['<g class="ring">']
    at_conflict = _conflict_cards(view)
    table = view.options.landscapes
    for i in range(RING_SIZE):
        out.append(_landscape(i, view.ring[i], table, i in at_conflict, seats, tr))
    for i in range(RING_SIZE):
        out.append(_gap(i, view.conflict == i, tr))
    out.append("</g>")
    return "".join(out)


def _conflict_cards(view: VerraeterView) -> set[int]:
    return {view.conflict, (view.conflict + 1) % RING_SIZE} if view.conflict >= 0 else set()


def _landscape(
    i: int, land: Landscape, table: LandscapeTable, at_conflict: bool, seats: tuple[str, ...], tr: Tr
) -> str:
    """Ring card ``i`` as one click target, its estate card (sticking out below) included: a Builder
    turning an estate card may click either. Drawn from three parts remembered apart (issue #19): the
    estate card, the card's outline (red at the conflict) and its face, which reads only the card's place,
    kind, side and the landscape table, so twelve places × six kinds × two sides serve every game."""
    house = land.house
    classes = f"landscape target {('eagle', 'rose')[house]}" + (" at-conflict" if at_conflict else "")
    head = f'<g id="landscape-{i}" class="{classes}" data-target="landscape:{i}" data-landscape="{i}">'
    estate = _estate(i, land.estate_owner, land.kontor, tr, seats) if land.estate_owner >= 0 else ""
    return head + estate + _outline(i, house, at_conflict) + _face(i, land.kind, house, table, tr) + "</g>"


@lru_cache(maxsize=64)
def _outline(i: int, house: int, at_conflict: bool) -> str:
    x, y = _slot(i)
    return el(
        "rect",
        x=x,
        y=y,
        width=CARD_W,
        height=CARD_H,
        rx=8,
        fill=HOUSE_PAPER[house],
        stroke=CONFLICT_RED if at_conflict else "#5b4a3a",
        stroke_width=4 if at_conflict else 1.3,
        class_="card-face",
    )


@lru_cache(maxsize=1024)
def _face(i: int, kind: int, house: int, table: LandscapeTable, tr: Tr) -> str:
    """The printed face of ring card ``i``: picture, number, names, house, CP and VP, the overview number."""
    houses, words = house_words(tr), landscape_words(tr)
    x, y = _slot(i)
    out = []
    out.append(el("rect", x=x + 5, y=y + 5, width=CARD_W - 10, height=46, rx=5, fill=LAND_FILL[kind]))
    out.append(landscape_art(kind, x + 34, y + 6, CARD_W - 42, 44))
    out.append(el("circle", cx=x + 19, cy=y + 19, r=11, fill="#ffffff", stroke=INK, stroke_width=1.2))
    out.append(text(x + 19, y + 23.5, str(i + 1), 12.5, bold=True, fill=INK, text_anchor="middle"))
    out.append(text(x + 9, y + 71, LANDSCAPE_NAMES[kind], 15, bold=True, fill=INK, fit=CARD_W - 52))
    if words[kind].casefold() != LANDSCAPE_NAMES[kind].casefold():  # a German table needs no gloss
        out.append(text(x + 9, y + 87, words[kind], 12, fill=MUTED, font_style="italic", fit=CARD_W - 52))
    out.append(house_mark(house, x + CARD_W - 25, y + 73, 15))
    out.append(
        text(
            x + CARD_W - 25,
            y + 103,
            houses[house],
            12,
            bold=True,
            fill=HOUSE_INK[house],
            text_anchor="middle",
            fit=42,
        )
    )
    # conflict points in a square, victory points in circles for I, II, III (IV) winners, as printed
    out.append(el("rect", x=x + 8, y=y + 110, width=34, height=32, rx=3, fill="#ffffff", stroke=INK, stroke_width=1.2))
    out.append(text(x + 25, y + 132, str(table.cp[kind]), 16, bold=True, fill=INK, text_anchor="middle"))
    out.append(text(x + 25, y + 107, tr("CP"), 8.5, fill=MUTED, text_anchor="middle"))
    vps = table.vp[kind]
    step = 22.0 if len(vps) <= 3 else 19.0
    left = x + CARD_W - 12 - step * (len(vps) - 1)
    out.append(text(left - 12, y + 107, tr("VP"), 8.5, fill=MUTED, text_anchor="middle"))
    for k, vp in enumerate(vps):
        cx = left + k * step
        out.append(el("circle", cx=cx, cy=y + 123, r=9.5, fill="#ffffff", stroke=INK, stroke_width=1.1))
        out.append(text(cx, y + 127.5, str(vp), 12, bold=True, fill=INK, text_anchor="middle", fit=17))
        out.append(text(cx, y + 143, "I" * (k + 1) if k < 3 else "IV", 7.5, fill=MUTED, text_anchor="middle"))
    out.append(_overview_number(i, kind, x, y))
    vp_text = "/".join(map(str, vps))
    caption = (
        tr("{number} {name} ({word}), {house} side up: {cp} CP; VP {vp} for one/two/three/four winners")
        if len(vps) > 3
        else tr("{number} {name} ({word}), {house} side up: {cp} CP; VP {vp} for one/two/three winners")
    )
    out.append(
        title(
            caption.format(
                number=i + 1, name=LANDSCAPE_NAMES[kind], word=words[kind], house=houses[house],
                cp=table.cp[kind], vp=vp_text,
            )
        )
    )  # fmt: skip
    return "".join(out)


OVERVIEW_BELOW = 0.88
"""The scale under which the card's own number (12.5 units) would be drawn under 11 px: there the web page
shows the big number of :func:`_overview_number` instead (docs/web.md, "Screens")."""


def _overview_number(i: int, kind: int, x: float, y: float) -> str:
    """The card's number and its landscape's printed name, large, for a board seen whole on a phone: the
    number on a white disc over the picture, the name on a white band below it (the small print it covers
    is too small to read there anyway), clear of the house's mark on the right. Hidden (``display="none"``)
    unless the page shows it (``data-overview-below``: the scale it is shown under)."""
    cx, cy = x + CARD_W / 2, y + 40
    return (
        f'<g class="overview-label" display="none" data-overview-below="{OVERVIEW_BELOW}">'
        + el("circle", cx=cx, cy=cy, r=27, fill="#ffffff", fill_opacity=0.92, stroke=INK, stroke_width=2.5)
        + text(cx, cy + 15, str(i + 1), 42, bold=True, fill=INK, text_anchor="middle")
        + el("rect", x=x + 4, y=y + 92, width=CARD_W - 8, height=52, rx=6, fill="#ffffff", fill_opacity=0.92)
        + text(cx, y + 133, LANDSCAPE_NAMES[kind], 40, bold=True, fill=INK, text_anchor="middle", fit=CARD_W - 14)
        + "</g>"
    )


@lru_cache(maxsize=4096)
def _estate(i: int, owner: int, kontor: bool, tr: Tr, seats: tuple[str, ...]) -> str:
    """The estate card under landscape ``i``: a tab in the owner's colour, Gutshof or Kontor side."""
    x, y = _slot(i)
    color, ink = SEAT_FILL[owner % len(SEAT_FILL)], SEAT_INK[owner % len(SEAT_INK)]
    side = tr("Kontor") if kontor else tr("Gutshof")
    # The tab names the owner (the glyph, farmhouse or coins, and the tooltip say which side is up). A long
    # name loses its parenthesis first ("Orange (heuristic)" is Orange on the tab, in full in the tooltip).
    name = seats[owner]
    if len(name) > 12 and " (" in name:
        name = name.split(" (", 1)[0]
    label = name if len(name) <= 12 else name[:11] + "…"
    top = y + CARD_H - 12
    return (
        f'<g id="estate-{i}" class="estate {"kontor" if kontor else "gutshof"} seat-{owner}" '
        f'data-landscape="{i}" data-seat="{owner}">'
        + el(
            "rect",
            x=x + 5,
            y=top,
            width=CARD_W - 10,
            height=12 + TAB,
            rx=4,
            fill=color if kontor else "#ffffff",
            stroke=ink,
            stroke_width=2.2,
        )
        + estate_glyph(kontor, x + 11, y + CARD_H + TAB - 3, "#ffffff" if kontor else color)
        + seat_mark(owner, x + 33, y + CARD_H + TAB - 9.5, 6, color, "#ffffff" if kontor else ink)
        + text(
            x + 43, y + CARD_H + TAB - 5.5, label, 12, bold=True, fill="#ffffff" if kontor else ink, fit=CARD_W - 53,
            stroke=ink if kontor else None, stroke_width=0.4 if kontor else None,
        )
        + title(tr("{side} of {seat}").format(side=side, seat=seats[owner]))
        + "</g>"
    )  # fmt: skip


@lru_cache(maxsize=256)
def _gap(i: int, has_conflict: bool, tr: Tr) -> str:
    """The space between card ``i`` and the next one clockwise: where the conflict card can go."""
    (ax, ay), (bx, by) = _slot(i), _slot((i + 1) % RING_SIZE)
    if ay == by:  # side by side in a row
        cx, cy = (max(ax, bx) + min(ax, bx) + CARD_W) / 2, ay + CARD_H / 2
        w, h = COL_GAP - 12, 96.0
        arrow = "M-4,-7 L4,0 L-4,7" if bx > ax else "M4,-7 L-4,0 L4,7"
    else:  # one above the other at an end of the ring
        cx, cy = ax + CARD_W / 2, (max(ay, by) + min(ay, by) + CARD_H + TAB) / 2
        w, h = 100.0, ROW_PITCH - CARD_H - TAB - 8
        arrow = "M-7,-4 L0,4 L7,-4" if by > ay else "M-7,4 L0,-4 L7,4"
    out = [
        f'<g id="gap-{i}" class="gap target{" conflict" if has_conflict else ""}" data-target="gap:{i}" '
        f'data-gap="{i}">',
        el(
            "rect", x=cx - w / 2, y=cy - h / 2, width=w, height=h, rx=6, fill="#000000", fill_opacity=0.03,
            stroke="#b3a88f", stroke_width=1, stroke_dasharray="3 3",
        ),
    ]  # fmt: skip
    if has_conflict:
        out.append(f'<g id="conflict-marker" class="conflict-marker">{swords(cx, cy, 16)}</g>')
    else:
        out.append(
            el(
                "path",
                d=arrow,
                transform=f"translate({cx:.1f},{cy:.1f})",
                fill="none",
                stroke="#b3a88f",
                stroke_width=2,
            )
        )
    between = tr("between landscapes {a} and {b}").format(a=i + 1, b=(i + 1) % RING_SIZE + 1)
    out.append(title((tr("The conflict lies here") + ": " if has_conflict else "") + between))
    out.append("</g>")
    return "".join(out)


# ---------------------------------------------------------------- the private part


HAND_H = 166.0
NOTE_CHARS, NOTE_LINE = 46, 18.0
"""The hand-limit note under the supply cards: wrapped to their width, one line per 18 units of height."""


def render_hand(view: VerraeterView, tr: Tr = same) -> str:
    """The seat's own cards as a small SVG: supply cards in hand, action cards offered, the one kept.

    Only ``view.hand``, ``view.offered`` and the seat's own entry of ``view.chosen`` are drawn: never
    another seat's cards. A spectator has no private cards: the document is empty (callers may skip it).
    The server draws it for every seat after every action, and a seat's cards change now and then: the
    document is remembered under the values it shows (issue #19).
    """
    if view.player < 0:
        return _no_hand(tr)
    mine = view.chosen[view.player]
    choosing = view.phase == "draft" and mine < 0 and bool(view.offered)
    may_draw = view.pending_draw if view.phase == "draw" and view.to_act == view.player else 0
    return _hand(view.hand, may_draw, view.options.hand_limit, choosing, mine, view.offered, tr)


@lru_cache(maxsize=16)
def _no_hand(tr: Tr) -> str:
    return document(WIDTH, 1.0, [], "verraeter-hand empty", tr("Spectator: no cards of your own"))


@lru_cache(maxsize=4096)
def _hand(
    hand: tuple[int, ...],
    may_draw: int,
    hand_limit: int,
    choosing: bool,
    mine: int,
    offered: tuple[int, ...],
    tr: Tr,
) -> str:
    """The hand's document from the values it shows: ``may_draw`` cards the seat may draw now (0: no note)."""
    note: list[str] = []
    if may_draw:
        note = wrap(
            tr(
                "You may draw {draw}, but you hold {held} and the hand limit is {limit}: "
                "discard first, or discard nothing and draw fewer."
            ).format(draw=may_draw, held=len(hand), limit=hand_limit),
            NOTE_CHARS,
        )
    height = HAND_H + NOTE_LINE * len(note)
    body = [el("rect", x=0.0, y=0.0, width=WIDTH, height=height, fill=PAPER, class_="background")]
    body.append(_supply_cards(hand, tr, note))
    body.append(_action_cards(choosing, mine, offered, tr))
    return document(WIDTH, height, body, "verraeter-hand", tr("Your cards"))


def _supply_cards(hand: tuple[int, ...], tr: Tr, note: list[str]) -> str:
    """The supply cards in hand, their count and total, and the hand-limit note (``note``'s lines) under
    them: one group, which the web page keeps together when it packs the hand."""
    out = ['<g class="supply-hand">', text(24, 24, tr("Your supply cards"), 15, bold=True, fill=INK)]
    pitch = min(62.0, 400.0 / max(1, len(hand)))
    for k, value in enumerate(hand):
        x = 24 + k * pitch
        out.append(
            f'<g id="hand-card-{k}" class="supply-card target" data-target="hand:{value}" data-value="{value}">'
            + el("rect", x=x, y=34.0, width=54, height=78, rx=6, fill="#ffffff", stroke=INK, stroke_width=1.4)
            + text(x + 27, 84, str(value), 30, bold=True, fill=INK, text_anchor="middle")
            + text(x + 27, 105, tr("CP"), 14, fill=MUTED, text_anchor="middle")
            + title(tr("supply card worth {value} CP").format(value=value))
            + "</g>"
        )
    summary = (
        tr("Cards: {count} · total {total} CP").format(total=sum(hand), count=len(hand))
        if hand
        else tr("no supply cards")
    )
    out.append(text(24, 134 if hand else 56, summary, 14, fill=MUTED))
    for k, line in enumerate(note):
        out.append(text(24, HAND_H - 6 + NOTE_LINE * k, line, 14, bold=True, fill=CONFLICT_RED, class_="draw-note"))
    out.append("</g>")
    return "".join(out)


def _action_cards(choosing: bool, mine: int, offered: tuple[int, ...], tr: Tr) -> str:
    """In the draft: the offered cards to keep one of; afterwards: the card kept (and what was seen)."""
    names, effects = action_words(tr), action_effects(tr)
    x0 = 440.0
    out = ['<g class="action-cards">']
    if choosing:
        out.append(text(x0, 24, tr("Keep one of the action cards offered to you"), 15, bold=True, fill=INK, fit=318))
        for k, card in enumerate(offered):
            out.append(
                _action_card(
                    card,
                    x0 + k * 106,
                    34,
                    names,
                    effects,
                    f'id="draft-{card}" class="action-card target" data-target="draft:{card}" data-card="{card}"',
                )
            )
    elif mine >= 0:
        out.append(text(x0, 24, tr("Your action card"), 15, bold=True, fill=INK))
        out.append(
            _action_card(
                mine, x0, 34, names, effects, f'id="chosen-card" class="action-card chosen" data-card="{mine}"'
            )
        )
        seen = [names[c] for c in offered if c != mine]
        if seen:
            out.append(text(x0 + 112, 52, tr("Also offered to you:"), 14, fill=MUTED))
            for k, line in enumerate(wrap(", ".join(seen), 24)):
                out.append(text(x0 + 112, 72 + 18 * k, line, 14, fill=MUTED))
    out.append("</g>")
    return "".join(out)


def _action_card(card: int, x: float, y: float, names: tuple[str, ...], effects: tuple[str, ...], head: str) -> str:
    out = [f"<g {head}>"]
    out.append(el("rect", x=x, y=y, width=100, height=108, rx=7, fill="#fffdf6", stroke=INK, stroke_width=1.4))
    out.append(text(x + 50, y + 19, names[card], 14, bold=True, fill=INK, text_anchor="middle", fit=92))
    out.append(action_icon(card, x + 50, y + 46))
    for k, line in enumerate(wrap(effects[card], 13)[:3]):
        out.append(text(x + 50, y + 74 + 14 * k, line, 13, fill=MUTED, text_anchor="middle", fit=92))
    out.append(title(f"{names[card]}: {effects[card]}"))
    out.append("</g>")
    return "".join(out)
