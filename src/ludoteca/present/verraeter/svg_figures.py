"""The pictures of Verräter's rules for players: a landscape card, the ring, a conflict.

Drawn with the table's own pieces (:mod:`.svg`, :mod:`.svg_panels`), so the rules show exactly what a
player meets at the table, labelled in the reader's language. The positions are fixed: a seeded game
advanced by a fixed choice at every decision (:func:`example_view`), so the pictures never change unless
the rules or the drawing do. Each function returns a standalone SVG document.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from ludoteca.verraeter import DEFINITION
from ludoteca.verraeter.actions import Action, PlaySupply
from ludoteca.verraeter.components import RING_SIZE
from ludoteca.verraeter.options import VerraeterOptions
from ludoteca.verraeter.view import Landscape, VerraeterView

from .svg import CARD_H, CARD_W, TAB, draw_landscape, draw_ring, slot
from .svg_draw import (
    HOUSE_INK,
    INK,
    MUTED,
    PAPER,
    Tr,
    action_words,
    document,
    el,
    house_words,
    seat_words,
    swords,
    text,
    wrap,
)
from .svg_panels import center_panel, header

SEED = 2022
"""The example game's seed: its first conflict is close (a Fluss against an Ödnis) and has a Traitor."""


def _choose(view: VerraeterView, legal: list[Action]) -> Action:
    """The example's fixed choices: the first legal action, except that supply is played two cards at most,
    the strongest such play (so both houses put cards on the conflict)."""
    if view.phase == "supply":
        plays = [a for a in legal if isinstance(a, PlaySupply) and len(a.cards) <= 2]
        return max(plays, key=lambda a: (sum(a.cards), a.cards))
    return legal[0]


@cache
def example_view(until: str) -> VerraeterView:
    """The spectator's view of the example game (4 players, the default options) when it first reaches
    ``until``: ``"conflict"`` (set-up done), ``"draft"`` (the conflict card placed), ``"resolved"`` (both
    houses' strengths known)."""
    state = DEFINITION.new_game(VerraeterOptions(), SEED, 4)
    for _ in range(200):
        view = state.view(-1)
        if (until == "resolved" and view.strength is not None) or view.phase == until:
            return view
        state.apply(_choose(state.view(state.to_act), state.legal_actions()))
    raise RuntimeError(f"the example game never reached {until!r}")


def _label(x: float, y: float, to: tuple[float, float], words: str, width: int = 44) -> str:
    """A callout: a line from the words at ``x, y`` to the point ``to`` on the card, with a dot there."""
    lines = wrap(words, width)
    out = [
        el("line", x1=x - 6, y1=y - 4, x2=to[0], y2=to[1], stroke=MUTED, stroke_width=1.2),
        el("circle", cx=to[0], cy=to[1], r=3.2, fill=INK),
    ]
    out += [text(x, y + 15 * k, line, 12.5, fill=INK) for k, line in enumerate(lines)]
    return "".join(out)


def landscape_card(tr: Tr) -> str:
    """One landscape card of the ring, with a Gutshof under it, and what each part of it means."""
    names = seat_words(tr)
    land = Landscape(kind=5, house=0, estate_owner=1, kontor=False)
    x0, y0 = slot(0)
    dx, dy = 20 - x0, 20 - y0
    card = draw_landscape(0, land, VerraeterOptions().landscapes, False, names, tr)
    x, y = 20.0, 20.0  # the card's top-left corner in the figure
    right = x + CARD_W + 60
    body = [
        el("rect", x=0.0, y=0.0, width=640.0, height=262.0, fill=PAPER),
        f'<g transform="translate({dx:.0f},{dy:.0f})">{card}</g>',
        _label(right, 26, (x + 30, y + 19), tr("its place in the ring (1 to 12)")),
        _label(right, 66, (x + 70, y + 62), tr("the landscape type")),
        _label(right, 106, (x + CARD_W - 10, y + 73), tr("the house whose side is face up")),
        _label(right, 146, (x + 42, y + 126), tr("conflict points (CP): its strength in a conflict")),
        _label(
            right, 186, (x + CARD_W - 4, y + 123),
            tr("victory points (VP) for one, two, three or four winning players"),
        ),
        _label(right, 234, (x + CARD_W - 5, y + CARD_H + TAB / 2), tr("a Gutshof of Blue lies under it")),
    ]  # fmt: skip
    return document(640.0, 262.0, body, "rules-figure verraeter-landscape", tr("A landscape card"))


def ring(tr: Tr) -> str:
    """The twelve landscapes of the example game after set-up, with the conflict card placed."""
    view = example_view("draft")
    names = seat_words(tr)
    left = slot(0)[0]
    height = slot(6)[1] + CARD_H + TAB + 16
    body = [
        el("rect", x=0.0, y=0.0, width=1000.0, height=height, fill=PAPER),
        header(view, names, tr, 1000.0),
        draw_ring(view, names, tr),
        center_panel(view, names, tr, left + CARD_W + 50, slot(11)[1] - 14, 3 * CARD_W + 100, CARD_H + 34),
    ]
    return document(1000.0, height, body, "rules-figure verraeter-ring", tr("The ring of twelve landscapes"))


def conflict(tr: Tr) -> str:
    """The example game's first conflict once resolved: its two landscapes as they lay when the conflict
    card was placed, what each player played and chose, both houses' strengths and the winner."""
    before, view = example_view("draft"), example_view("resolved")
    names, houses, actions = seat_words(tr), house_words(tr), action_words(tr)
    table = view.options.landscapes
    cards = []
    for k, i in enumerate((view.conflict, (view.conflict + 1) % RING_SIZE)):
        x, y = slot(i)  # each card drawn where the table draws it, moved to its place in the figure
        card = draw_landscape(i, before.ring[i], table, True, names, tr)
        cards.append(f'<g transform="translate({20 + k * 200 - x:.0f},{20 - y:.0f})">{card}</g>')
    width, height = 1000.0, 310.0
    body = [
        el("rect", x=0.0, y=0.0, width=width, height=height, fill=PAPER),
        *cards,
        swords(20 + CARD_W + 30, 20 + CARD_H / 2, 16),
        center_panel(view, names, tr, 410.0, 14.0, width - 424, CARD_H + 34),
    ]
    for p in range(view.num_players):
        house = view.allegiance[p]
        played = " + ".join(map(str, view.played[p])) or "–"
        card = actions[view.chosen[p]] if view.chosen[p] >= 0 else "?"
        line = tr("{name} ({house}): supply cards {cards}; {card}").format(
            name=names[p], house=houses[house], cards=played, card=card
        )
        body.append(text(24 + p % 2 * 480, 240 + p // 2 * 22, line, 13, fill=HOUSE_INK[house], bold=True, fit=460))
    note = tr("Each player counts for the house they support after the reveal (the Traitor has already switched).")
    body.append(text(24, 296, note, 12, fill=MUTED, fit=width - 48))
    return document(width, height, body, "rules-figure verraeter-conflict", tr("A conflict"))


FIGURES: dict[str, Callable[[Tr], str]] = {"landscape": landscape_card, "ring": ring, "conflict": conflict}
"""The figures the rules texts name (``[[figure NAME | caption]]``), by name."""
__all__ = ["FIGURES", "conflict", "example_view", "landscape_card", "ring"]
