"""Kreta's seat hand as a small SVG: the character cards of the seat whose page it is, large enough to tap.

Kreta has no secrets: every seat's cards are on the table's panel too (:mod:`.svg_panel`), drawn small in
one line per seat. The web page pins this document in its dock, under the choices, so the cards a seat
plays from stay in reach on a phone while the map scrolls above. It reads the seat's own entries only;
a spectator has no hand (``None``). Cards in hand are click targets (``data-target="card:NAME"``, the
same keys as the panel's) while the seat is to play one.
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from ludoteca.kreta.components import CARDS
from ludoteca.kreta.view import KretaView

from .svg_draw import CARD_COLORS, FONT, Tr, card_words, groups_for, num, same, squeeze

INK, MUTED = "#2b1d0e", "#6f6758"
CARD_W, CARD_H, GAP, PER_ROW = 124.0, 58.0, 10.0, 4
"""Two rows of four cards at most: narrow enough to read on a phone held upright."""


def render_hand(view: KretaView, tr: Tr = same) -> str | None:
    """The seat's character cards: in hand face up (clickable while it is to play one), played greyed,
    dashed and in italics (so not by colour alone), the tooltip saying so."""
    if view.player < 0:
        return None
    seat = view.player
    clickable = seat == view.to_act and view.phase == "play" and not view.move_points
    key = ("hand", seat, view.hands[seat], view.played[seat], clickable)  # all it reads: drawn once per change
    return groups_for(view.board, tr, ()).get(key, _hand, view.hands[seat], view.played[seat], clickable, tr)


def _hand(in_hand: tuple[str, ...], were_played: tuple[str, ...], clickable: bool, tr: Tr) -> str:
    words = card_words(tr)
    hand, played = set(in_hand), set(were_played)
    cards = [card for card in CARDS if card in hand or card in played]
    rows = max(1, (len(cards) + PER_ROW - 1) // PER_ROW)
    width = 2 * GAP + PER_ROW * CARD_W + (PER_ROW - 1) * GAP
    height = 2 * GAP + rows * CARD_H + (rows - 1) * GAP
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" viewBox="0 0 {num(width)} {num(height)}" '
        f'width="{num(width)}" height="{num(height)}" font-family={quoteattr(FONT)} class="kreta-hand">',
        f"<title>{escape(tr('Your character cards'))}</title>",
        f'<rect class="background" x="0" y="0" width="{num(width)}" height="{num(height)}" fill="#f7f1e1"/>',
    ]
    out.append('<g class="cards">')
    for k, card in enumerate(cards):
        x = GAP + (k % PER_ROW) * (CARD_W + GAP)
        y = GAP + (k // PER_ROW) * (CARD_H + GAP)
        out.append(_card(card, words[card], card in hand, clickable, x, y, tr))
    out.append("</g></svg>")
    return "\n".join(out) + "\n"


def _card(card: str, name: str, in_hand: bool, clickable: bool, x: float, y: float, tr: Tr) -> str:
    target = f' data-target="card:{card}"' if in_hand and clickable else ""
    classes = f"character-card {card} {'in-hand' if in_hand else 'played'}" + (" target" if target else "")
    fill, ink, dash = ("#fffdf6", INK, "") if in_hand else ("#e3dccb", "#6f6758", ' stroke-dasharray="4 3"')
    tip = name if in_hand else tr("{card} (played)").format(card=name)
    return (
        f'<g id="hand-card-{card}" class="{classes}" data-card="{card}"{target}>'
        f'<rect x="{num(x)}" y="{num(y)}" width="{num(CARD_W)}" height="{num(CARD_H)}" rx="6" fill="{fill}" '
        f'stroke="#3b2f1e" stroke-width="1.3"{dash}/>'
        f'<rect x="{num(x + 2)}" y="{num(y + 2)}" width="9" height="{num(CARD_H - 4)}" rx="3" '
        f'fill="{CARD_COLORS[card]}"{"" if in_hand else " opacity=" + quoteattr("0.45")}/>'
        f'<text x="{num(x + 18)}" y="{num(y + 36)}" font-size="20" font-weight="bold" fill="{ink}"'
        f"{squeeze(name, 20, CARD_W - 26, True)}{'' if in_hand else ' font-style=' + quoteattr('italic')}>"
        f"{escape(name)}</text><title>{escape(tip)}</title></g>"
    )
