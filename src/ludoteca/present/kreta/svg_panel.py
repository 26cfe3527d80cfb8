"""The panel under Kreta's map: the fort-card row, whose turn it is, and one line per seat.

Split from :mod:`ludoteca.present.kreta.svg`, which draws the map and calls :func:`render_panel`. Every seat's
line shows its seven character cards (all public in Kreta): the cards in hand face up, those already
played greyed. The cards in the hand of the seat to act are click targets (``data-target="card:NAME"``),
as are the slots of the fort-card row (``fort:I``). Nothing here reads ``view.player``, so every seat
and every spectator is shown the same picture.
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape, quoteattr

from ludoteca.kreta.components import CARDS, SUPPLY
from ludoteca.kreta.view import KretaView
from ludoteca.present.common import seat_mark, seat_name

from .svg_draw import (
    CARD_COLORS,
    TILE_STYLE,
    Groups,
    Tr,
    approx_width,
    card_initials,
    card_words,
    num,
    squeeze,
    tile_words,
)

TOP_H = 84.0
"""Height of the panel's first part: the fort-card row and the turn."""
ROW_H = 28.0
CARD_X, CARD_W, CARD_PITCH = 212.0, 70.0, 74.0
OVERVIEW_BELOW = 0.92
"""The scale under which a card's name (12 units) would be drawn under 11 px: there the web page shows the
card's two large letters instead (``data-overview-below``, docs/web.md "Screens"); 33 units is 11 px at a
phone's scale (0.34)."""
STATUS_X = 580.0
"""Where the turn is written, right of the fort-card row and its legend."""
INK, MUTED = "#2b1d0e", "#6f6758"


def panel_height(seats: int) -> float:
    """The panel's height for ``seats`` players."""
    return TOP_H + ROW_H * seats + 10


def render_panel(
    view: KretaView,
    names: Sequence[str],
    colors: Sequence[str],
    width: float,
    top: float,
    tr: Tr,
    groups: Groups | None = None,
) -> str:
    """The panel as an SVG group placed at ``top`` (the map's bottom edge); with ``groups``, the parts an
    action left unchanged are taken from there instead of drawn again (:class:`.svg_draw.Groups`)."""
    height = panel_height(view.num_players)
    out = [f'<g class="panel" transform="translate(0,{num(top)})">']
    out.append(f'<rect x="0" y="0" width="{num(width)}" height="{num(height)}" fill="#f7f1e1"/>')
    out.append(f'<line x1="0" y1="0" x2="{num(width)}" y2="0" stroke="#3b2f1e" stroke-width="1.5"/>')
    if groups is None:
        out.append(_fort_row(view, tr))
        out.append(_status(view, names, width, tr))
    else:
        castellan = view.phase == "castellan"
        row = ("fort-row", view.fort_row, view.scorings, view.scored_nodes, castellan, view.pile_size)
        out.append(groups.get(row, _fort_row, view, tr))
        status = ("status", view.phase, view.to_act, view.move_points, tuple(names), width)
        out.append(groups.get(status, _status, view, names, width, tr))
    for seat in range(view.num_players):
        y = TOP_H + seat * ROW_H
        if groups is None:
            out.append(_seat(view, seat, names, colors, width, y, tr))
            continue
        key = (
            "seat",
            seat,
            seat == view.to_act,
            view.phase,
            bool(view.move_points),
            view.province_vp[seat],
            view.tile_vp[seat],
            view.scores[seat],
            view.hands[seat],
            view.played[seat],
            view.tiles[seat],
            sum(view.villagers[seat]),
            sum(view.villages[seat]),
            len(view.ships[seat]),
            len(view.forts[seat]),
            view.abbots[seat] >= 0,
            seat_name(names, seat, tr),
            width,
            y,
        )
        out.append(groups.get(key, _seat, view, seat, names, colors, width, y, tr))
    out.append("</g>")
    return "".join(out)


def _fort_row(view: KretaView, tr: Tr) -> str:
    """The eleven slots: spent (the node scored), face up (next, then), face down; each a click target."""
    scorings = tr("scorings {done} of {total} · pile {pile}").format(
        done=view.scorings, total=len(view.fort_row), pile=view.pile_size
    )
    heading = tr("Fort cards")
    x = max(100.0, 16 + approx_width(heading, 12, True) + 12)
    out = [
        f'<text x="16" y="20" font-size="12" font-weight="bold" fill="{INK}">{escape(heading)}</text>'
        f'<text x="{num(x)}" y="20" font-size="12" fill="{INK}"{squeeze(scorings, 12, STATUS_X - 16 - x)}>'
        f"{escape(scorings)}</text>"
    ]
    up = [i for i, n in enumerate(view.fort_row) if i >= view.scorings and n is not None]
    next_slot, after_slot = (up[0] if up else None), (up[1] if len(up) > 1 else None)
    new_slot = view.scorings + 1 if view.phase == "castellan" else None
    for i, number in enumerate(view.fort_row):
        x, y = 16 + i * 34, 30.0
        if i < view.scorings:
            state = "spent"
            shown = view.scored_nodes[i] if i < len(view.scored_nodes) else None
        else:
            state = "face-up" if number is not None else "face-down"
            shown = number
        extra = " next" if i == next_slot else " after" if i == after_slot else ""
        extra += " new" if i == new_slot else ""
        fill = {"spent": "#d9d2c0", "face-up": "#fffdf6", "face-down": "#8c2f1b"}[state]
        stroke, sw, dash = "#3b2f1e", 1.0, ""
        if i == new_slot:
            stroke, sw = "#d62828", 3.0
        elif i == next_slot:
            stroke, sw = "#d99a00", 3.0
        elif i == after_slot:
            stroke, sw, dash = "#d99a00", 2.2, ' stroke-dasharray="4 2"'
        out.append(
            f'<g id="fort-card-{i}" class="fort-card {state}{extra} target" data-slot="{i}" data-target="fort:{i}"'
            + (f' data-node="{shown}"' if shown is not None else "")
            + f'><rect x="{x}" y="{y}" width="28" height="40" rx="3" fill="{fill}" stroke="{stroke}" '
            f'stroke-width="{sw}"{dash}/>'
        )
        if shown is not None:
            ink = "#8a8170" if state == "spent" else INK
            out.append(
                f'<text x="{x + 14}" y="{num(y + 25)}" font-size="13" font-weight="bold" text-anchor="middle" '
                f'fill="{ink}">{shown}</text>'
            )
        elif state == "face-down":
            out.append(
                f'<rect x="{x + 5}" y="{y + 6}" width="18" height="28" rx="2" fill="none" stroke="#e8b77a" '
                'stroke-width="1"/>'
            )
        out.append("</g>")
    legend = 16 + len(view.fort_row) * 34 + 12
    room = STATUS_X - 16 - legend - 20
    first, then = tr("scores next"), tr("then")
    out.append(
        f'<rect x="{legend}" y="32" width="14" height="10" rx="2" fill="#fffdf6" stroke="#d99a00" stroke-width="2.5"/>'
        f'<text x="{legend + 20}" y="41" font-size="12" fill="{INK}"{squeeze(first, 12, room)}>{escape(first)}</text>'
        f'<rect x="{legend}" y="52" width="14" height="10" rx="2" fill="#fffdf6" stroke="#d99a00" '
        f'stroke-width="2" stroke-dasharray="3 2"/>'
        f'<text x="{legend + 20}" y="61" font-size="12" fill="{INK}"{squeeze(then, 12, room)}>{escape(then)}</text>'
    )
    return "".join(out)


def _status(view: KretaView, names: Sequence[str], width: float, tr: Tr) -> str:
    """Whose turn it is and what they must do; a Commander movement's points left."""
    x = STATUS_X
    if view.phase == "over" or view.to_act < 0:
        status = tr("Game over")
    elif view.phase == "castellan":
        status = tr("{name} to keep or replace the new fort card").format(name=seat_name(names, view.to_act, tr))
    elif view.move_points:
        status = tr("{name} to move villagers").format(name=seat_name(names, view.to_act, tr))
    else:
        status = tr("{name} to play").format(name=seat_name(names, view.to_act, tr))
    room = width - x - 16
    out = [
        f'<text class="status" x="{x}" y="20" font-size="13" font-weight="bold" fill="{INK}"'
        f"{squeeze(status, 13, room, True)}>{escape(status)}</text>"
    ]
    detail = ""
    if view.move_points:
        detail = tr("Commander movement: points left {points}; step on or stop").format(points=view.move_points)
    elif view.phase == "castellan":
        detail = tr("Replace puts it under the pile and turns up the pile's top card.")
    if detail:
        out.append(
            f'<text class="status-detail" x="{x}" y="40" font-size="12" fill="{INK}"{squeeze(detail, 12, room)}>'
            f"{escape(detail)}</text>"
        )
    return "".join(out)


def _seat(
    view: KretaView, seat: int, names: Sequence[str], colors: Sequence[str], width: float, y: float, tr: Tr
) -> str:
    acting = seat == view.to_act and view.phase != "over"
    out = [f'<g id="player-{seat}" class="player seat-{seat}{" to-act" if acting else ""}" data-seat="{seat}">']
    if acting:
        out.append(
            f'<rect x="8" y="{num(y - 2)}" width="{num(width - 16)}" height="{num(ROW_H - 2)}" rx="3" fill="#ffe680"/>'
        )
    score_title = tr("provinces {province} + tiles {tiles}").format(
        province=view.province_vp[seat], tiles=view.tile_vp[seat]
    )
    out.append(
        seat_mark(seat, 23, y + 11, 7.5, colors[seat])
        + f'<text x="36" y="{num(y + 15)}" font-size="12" font-weight="bold" fill="{INK}">'
        f"{escape(seat_name(names, seat, tr))}</text>"
        f'<g><text class="score" x="202" y="{num(y + 15)}" font-size="12" font-weight="bold" text-anchor="end" '
        f'fill="{INK}">{escape(tr("{vp} VP").format(vp=view.scores[seat]))}</text>'
        f"<title>{escape(score_title)}</title></g>"
    )
    out.append(_cards(view, seat, y, tr))
    out.append(_tiles(view.tiles[seat], CARD_X + 7 * CARD_PITCH + 10, y, tr))
    out.append(_reserve(view, seat, colors[seat], width - 158, y, tr))
    out.append("</g>")
    return "".join(out)


def _cards(view: KretaView, seat: int, y: float, tr: Tr) -> str:
    """The seven character cards in a fixed order: in hand face up, played greyed, absent left blank."""
    words, initials = card_words(tr), card_initials(tr)
    hand, played = set(view.hands[seat]), set(view.played[seat])
    clickable = seat == view.to_act and view.phase == "play" and not view.move_points
    out = []
    for k, card in enumerate(CARDS):
        if card not in hand and card not in played:
            continue
        x = CARD_X + k * CARD_PITCH
        in_hand = card in hand
        state = "in-hand" if in_hand else "played"
        target = f' data-target="card:{card}"' if in_hand and clickable else ""
        classes = f"character-card {card} {state}" + (" target" if target else "")
        fill, ink, dash = ("#fffdf6", INK, "") if in_hand else ("#e3dccb", "#8a8170", ' stroke-dasharray="3 2"')
        name = words[card]
        fit = squeeze(name, 12, CARD_W - 12, True)
        tip = name if in_hand else tr("{card} (played)").format(card=name)
        out.append(
            f'<g id="card-{seat}-{card}" class="{classes}" data-seat="{seat}" data-card="{card}"{target}>'
            f'<rect x="{num(x)}" y="{num(y + 1)}" width="{num(CARD_W)}" height="20" rx="3" fill="{fill}" '
            f'stroke="#3b2f1e" stroke-width="0.9"{dash}/>'
            f'<rect x="{num(x + 1)}" y="{num(y + 2)}" width="5" height="18" rx="1.5" fill="{CARD_COLORS[card]}"'
            f"{' opacity=' + quoteattr('0.4') if not in_hand else ''}/>"
            f'<text x="{num(x + 9)}" y="{num(y + 15)}" font-size="12" font-weight="bold" fill="{ink}"{fit}>'
            f"{escape(name)}</text>"
            f'<text class="overview-label" display="none" data-overview-below="{OVERVIEW_BELOW}" '
            f'x="{num(x + CARD_W / 2 + 3)}" y="{num(y + 23)}" font-size="33" font-weight="bold" '
            f'text-anchor="middle" fill="{ink}">{escape(initials[card])}</text>'
            f"<title>{escape(tip)}</title></g>"
        )
    return "".join(out)


def _tiles(tiles: Sequence[str], x: float, y: float, tr: Tr) -> str:
    """Harvested farm tiles as chips with counts."""
    words = tile_words(tr)
    if not tiles:
        return f'<text x="{num(x)}" y="{num(y + 15)}" font-size="12" fill="{MUTED}">{escape(tr("no tiles"))}</text>'
    out = ['<g class="tiles">']
    for kind in dict.fromkeys(tiles):
        letters, fill, ink = TILE_STYLE.get(kind, (kind[:2].title(), "#dddddd", "#000000"))
        out.append(
            f'<g class="tile-chip {escape(kind)}"><rect x="{num(x)}" y="{num(y + 4)}" width="17" height="14" rx="2.5" '
            f'fill="{fill}" stroke="#3b2f1e" stroke-width="0.8"/>'
            f'<text x="{num(x + 8.5)}" y="{num(y + 14.5)}" font-size="8.5" font-weight="bold" text-anchor="middle" '
            f'fill="{ink}">{escape(letters)}</text>'
            f'<text x="{num(x + 20)}" y="{num(y + 15)}" font-size="12" fill="{INK}">×{tiles.count(kind)}</text>'
            f"<title>{escape(words.get(kind, kind))}</title></g>"
        )
        x += 34
    out.append("</g>")
    return "".join(out)


def _reserve(view: KretaView, seat: int, color: str, x: float, y: float, tr: Tr) -> str:
    """Pieces still in reserve, as small glyphs with counts."""
    left = (
        ("villager", SUPPLY["villager"] - sum(view.villagers[seat]), tr("villagers in reserve")),
        ("village", SUPPLY["village"] - sum(view.villages[seat]), tr("villages in reserve")),
        ("ship", SUPPLY["ship"] - len(view.ships[seat]), tr("ships in reserve")),
        ("fort", SUPPLY["fort"] - len(view.forts[seat]), tr("forts in reserve")),
        ("abbot", SUPPLY["abbot"] - (view.abbots[seat] >= 0), tr("abbot in reserve")),
    )
    out = [f'<g class="reserve" data-seat="{seat}">']
    mid = y + 11
    for kind, count, meaning in left:
        out.append(f'<g class="reserve-{kind}" data-count="{count}">{_icon(kind, x + 5, mid, color)}')
        out.append(f'<text x="{num(x + 12)}" y="{num(mid + 4)}" font-size="12" fill="{INK}">{count}</text>')
        out.append(f"<title>{escape(meaning)}: {count}</title></g>")
        x += 30
    out.append("</g>")
    return "".join(out)


def _icon(kind: str, x: float, mid: float, color: str) -> str:
    stroke = 'stroke="#111" stroke-width="0.8"'
    if kind == "villager":
        return (
            f'<circle cx="{num(x)}" cy="{num(mid - 3.5)}" r="2.4" fill="{color}" {stroke}/>'
            f'<path d="M{num(x - 3.6)},{num(mid + 5)} L{num(x - 2.2)},{num(mid - 0.5)} H{num(x + 2.2)} '
            f'L{num(x + 3.6)},{num(mid + 5)} Z" fill="{color}" {stroke}/>'
        )
    if kind == "village":
        return (
            f'<path d="M{num(x - 4.5)},{num(mid + 5)} V{num(mid)} L{num(x)},{num(mid - 5)} L{num(x + 4.5)},{num(mid)} '
            f'V{num(mid + 5)} Z" fill="{color}" {stroke}/>'
        )
    if kind == "ship":
        return (
            f'<path d="M{num(x - 5.5)},{num(mid + 1)} H{num(x + 5.5)} L{num(x + 3.5)},{num(mid + 5)} '
            f'H{num(x - 3.5)} Z" '
            f'fill="{color}" {stroke}/><path d="M{num(x)},{num(mid)} V{num(mid - 6)} L{num(x + 4)},{num(mid - 1)} Z" '
            f'fill="#fffdf5" {stroke}/>'
        )
    if kind == "fort":
        return (
            f'<path d="M{num(x - 4.5)},{num(mid + 5)} V{num(mid - 5)} H{num(x - 2)} V{num(mid - 3)} H{num(x - 0.8)} '
            f"V{num(mid - 5)} H{num(x + 0.8)} V{num(mid - 3)} H{num(x + 2)} V{num(mid - 5)} H{num(x + 4.5)} "
            f'V{num(mid + 5)} Z" fill="{color}" {stroke}/>'
        )
    return (
        f'<path d="M{num(x - 3.5)},{num(mid + 5)} V{num(mid - 1)} L{num(x)},{num(mid - 6)} '
        f"L{num(x + 3.5)},{num(mid - 1)} "
        f'V{num(mid + 5)} Z" fill="{color}" {stroke}/>'
    )
