"""The panels of Verräter's table SVG: the header, the conflict in the middle of the ring, one panel per seat.

Split from :mod:`ludoteca.present.verraeter.svg`, which lays out the ring and calls these. Like the rest of
the table they read public fields of the view only (never ``hand``, ``offered``, an unrevealed
``chosen``, ``pending_draw`` or the log), so every seat's table is the same picture.

The server draws the table once per action, and an action changes a line or two: each group is drawn by a
memoised function of the few values it shows (:class:`Centre`, :class:`SeatPanel` and plain numbers), so
only what changed is drawn again (issue #19; ``tests/present/verraeter/test_svg_groups.py`` checks the text equals
a fresh drawing over whole games).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from ludoteca.present.common import seat_mark
from ludoteca.verraeter.components import LANDSCAPE_NAMES, RING_SIZE
from ludoteca.verraeter.view import Landscape, VerraeterView

from .svg_draw import (
    HOUSE_INK,
    INK,
    MUTED,
    SEAT_FILL,
    SEAT_INK,
    Tr,
    action_words,
    approx_width,
    el,
    house_badge,
    house_mark,
    house_words,
    phase_words,
    text,
    title,
    wrap,
)


def header(view: VerraeterView, names: Sequence[str], tr: Tr, width: float) -> str:
    """Title, round, phase and the seat to act, on one line."""
    name = names[view.to_act] if view.to_act >= 0 else ""
    return _header(view.round, view.rounds_total, view.phase, view.to_act, name, tr, width)


@lru_cache(maxsize=1024)
def _header(round_: int, total: int, phase: str, to_act: int, name: str, tr: Tr, width: float) -> str:
    """The header from the values it shows (memoised: most actions leave it as it was)."""
    out = ['<g id="header" class="header">', text(24, 34, "Verräter", 22, bold=True, fill=INK)]
    x = 140.0
    if round_ > 0:
        round_text = tr("Round {round} of {total}").format(round=round_, total=total)
        out.append(text(x, 33, round_text, 14, fill=INK, class_="round"))
        x = max(270.0, x + approx_width(round_text, 14) + 24)
    out.append(text(x, 33, phase_words(tr, phase), 14, bold=True, fill=INK, class_="phase", fit=width - x - 200))
    if to_act >= 0:
        who = tr("{name} to act").format(name=name)
        color = SEAT_INK[to_act % len(SEAT_INK)]
        out.append(text(width - 24, 33, who, 14, bold=True, fill=color, text_anchor="end", class_="to-act"))
    out.append(el("line", x1=16.0, y1=46.0, x2=width - 16, y2=46.0, stroke="#c9bda0", stroke_width=1))
    out.append("</g>")
    return "".join(out)


# ---------------------------------------------------------------- the conflict


class Centre(NamedTuple):
    """What the conflict panel shows, read from the view: the key it is remembered under."""

    conflict: int
    phase: str
    holder: str
    """The name of the seat setting the conflict card (only while it does)."""
    ends: tuple[tuple[int, Landscape], ...]
    """The conflict's two landscapes with their places on the ring (none without a conflict)."""
    cp: tuple[int, ...]
    supply: tuple[int, int]
    """The supply played so far for each house's side."""
    strength: tuple[int, int] | None
    conflict_winner: int
    draw_pile_size: int
    discard: tuple[int, ...]


def center_panel(view: VerraeterView, names: Sequence[str], tr: Tr, x: float, y: float, w: float, h: float) -> str:
    """What the conflict stands at: its two landscapes, the supply played, then strengths and winner."""
    c = view.conflict
    supply = [0, 0]
    for p, cards in enumerate(view.played):
        supply[view.allegiance[p]] += sum(cards)
    centre = Centre(
        c,
        view.phase,
        names[view.strategy_holder] if c < 0 and view.phase == "conflict" else "",
        tuple((i, view.ring[i]) for i in (c, (c + 1) % RING_SIZE)) if c >= 0 else (),
        view.options.landscapes.cp,
        (supply[0], supply[1]),
        view.strength,
        view.conflict_winner,
        view.draw_pile_size,
        view.discard,
    )
    return _center(centre, tr, x, y, w, h)


@lru_cache(maxsize=2048)
def _center(view: Centre, tr: Tr, x: float, y: float, w: float, h: float) -> str:
    """The conflict panel from the values it shows (memoised: an action changes it now and then)."""
    houses = house_words(tr)
    out = [
        '<g id="center" class="center">',
        el("rect", x=x, y=y, width=w, height=h, rx=10, fill="#fffaf0", stroke="#c9bda0", stroke_width=1.2),
    ]
    mid = x + w / 2
    c = view.conflict
    if c >= 0:
        a, b = c, (c + 1) % RING_SIZE
        heading = tr("Conflict between landscapes {a} and {b}").format(a=a + 1, b=b + 1)
    elif view.phase == "setup":
        heading = tr("Set-up: each player places a Gutshof")
    elif view.phase == "conflict":
        heading = tr("{name} sets the conflict card").format(name=view.holder)
    else:
        heading = tr("No conflict")
    out.append(text(mid, y + 26, heading, 16, bold=True, fill=INK, text_anchor="middle", class_="heading", fit=w - 24))
    if view.strength is not None:
        out.append(_strengths(view, houses, tr, x, y, w))
    elif c >= 0:
        out.append(_sides(view, houses, tr, x, y, w))
    else:
        out.append(_how(view, tr, mid, y + 60))
    out.append(_piles(view, tr, x + 16, y + h - 14, w - 32))
    out.append("</g>")
    return "".join(out)


def _how(view: Centre, tr: Tr, mid: float, y: float) -> str:
    """Before there is a conflict: what the phase asks, in a sentence."""
    if view.phase == "setup":
        how = tr(
            "From the start player clockwise, everyone places one Gutshof under a landscape without an estate "
            "card. A Gutshof under land of the house you support brings you supply cards."
        )
    elif view.phase == "conflict":
        how = tr("The conflict card goes between two neighbouring landscapes of different houses.")
    else:
        return ""
    lines = wrap(how, 70)
    return "".join(text(mid, y + 18 * k, line, 12, fill=MUTED, text_anchor="middle") for k, line in enumerate(lines))


def _sides(view: Centre, houses: tuple[str, str], tr: Tr, x: float, y: float, w: float) -> str:
    """Before the reveal: each house's landscape in the conflict and the supply its supporters played."""
    cp = view.cp
    out = []
    for i, land in view.ends:
        cx = x + w * (0.25 if land.house == 0 else 0.75)
        out.append(house_mark(land.house, cx, y + 58, 15))
        out.append(
            text(cx, y + 92, houses[land.house], 13, bold=True, fill=HOUSE_INK[land.house], text_anchor="middle")
        )
        where = tr("{name} ({number}): {cp} CP").format(number=i + 1, name=LANDSCAPE_NAMES[land.kind], cp=cp[land.kind])
        out.append(text(cx, y + 110, where, 12, fill=INK, text_anchor="middle", fit=w / 2 - 24))
        if view.phase == "supply":
            played = tr("+ {cp} CP of supply so far").format(cp=view.supply[land.house])
            out.append(text(cx, y + 127, played, 12, fill=MUTED, text_anchor="middle", fit=w / 2 - 24))
    out.append(text(x + w / 2, y + 76, tr("against"), 12, fill=MUTED, text_anchor="middle", font_style="italic"))
    return "".join(out)


def _strengths(view: Centre, houses: tuple[str, str], tr: Tr, x: float, y: float, w: float) -> str:
    """After the reveal: both strengths and who won (or the tie)."""
    assert view.strength is not None
    out = ['<g class="strengths">']
    for house, strength in enumerate(view.strength):
        cx = x + w * (0.25 if house == 0 else 0.75)
        won = view.conflict_winner == house
        out.append(house_mark(house, cx - 44, y + 70, 15))
        out.append(text(cx - 20, y + 76, houses[house], 13, bold=True, fill=HOUSE_INK[house]))
        out.append(text(cx, y + 112, str(strength), 28, bold=True, fill=INK if won else MUTED, text_anchor="middle"))
    out.append(text(x + w / 2, y + 108, ":", 28, bold=True, fill=INK, text_anchor="middle"))
    if view.conflict_winner >= 0:
        outcome = tr("{house} wins the conflict").format(house=houses[view.conflict_winner])
    else:
        outcome = tr("A tie: no landscape changes hands")
    out.append(
        text(x + w / 2, y + 138, outcome, 13, bold=True, fill=INK, text_anchor="middle", class_="outcome", fit=w - 24)
    )
    out.append("</g>")
    return "".join(out)


def _piles(view: Centre, tr: Tr, x: float, y: float, width: float) -> str:
    out = ['<g class="piles">']
    for k in range(3):
        out.append(
            el("rect", x=x + 2 * k, y=y - 18 + 2 * k, width=12, height=17, rx=2, fill="#8c2f1b", stroke="#3b2f1e")
        )
    draw = tr("Draw pile: {count}").format(count=view.draw_pile_size)
    out.append(text(x + 22, y, draw, 12, fill=INK))
    discard = tr("Discard pile: {cards}").format(cards=_counts(view.discard) if view.discard else tr("empty"))
    left = x + 22 + max(100.0, approx_width(draw, 12) + 20)
    out.append(text(left, y, discard, 12, fill=INK, fit=x + width - left))
    out.append("</g>")
    return "".join(out)


def _counts(values: Sequence[int]) -> str:
    """Card values as written on them; long piles as value×count."""
    if len(values) <= 10:
        return " ".join(map(str, values))
    return "  ".join(f"{v}×{n}" for v, n in sorted(Counter(values).items()))


# ---------------------------------------------------------------- the seats


def player_panels(view: VerraeterView, names: Sequence[str], tr: Tr, x: float, y: float, w: float, h: float) -> str:
    """One panel per seat, left to right in seat order."""
    n = view.num_players
    pw = (w - 16 * (n - 1)) / n
    over = view.phase == "over"
    best = max(view.scores) if over else None
    scores = view.scores
    if view.phase == "supply":
        order = [(view.start_player + k) % n for k in range(n)]
        still = order[order.index(view.to_act) :]
    else:
        still = []
    out = ['<g class="players">']
    for p in range(n):
        seat = SeatPanel(
            p,
            names[p],
            p == view.to_act,
            scores[p] == best,
            scores[p],
            view.allegiance[p],
            p == view.start_player and not over,  # at the end only "Winner" means anything
            p == view.strategy_holder and not over,
            sum(1 for land in view.ring if land.estate_owner == p and land.kontor),
            view.hand_sizes[p],
            view.reserve[p],
            p in still,
            view.played[p],
            view.chosen[p] if view.revealed else -1,
            view.has_chosen[p],
            (view.conflict_vp[p], view.traitor_vp[p], view.strategist_vp[p], view.kontor_vp[p]),
        )
        out.append(_panel(seat, tr, x + p * (pw + 16), y, pw, h))
    out.append("</g>")
    return "".join(out)


class SeatPanel(NamedTuple):
    """What a seat's panel shows, read from the view: the key it is remembered under."""

    seat: int
    name: str
    acting: bool
    winner: bool
    score: int
    allegiance: int
    start: bool
    strategist: bool
    kontor: int
    """Kontor cards the seat has on the ring."""
    hand: int
    reserve: int
    not_yet: bool
    """In the supply phase: the seat has still to play its supply cards."""
    played: tuple[int, ...]
    action: int
    """The seat's action card once revealed (-1 before)."""
    has_chosen: bool
    vp: tuple[int, int, int, int]
    """Conflict, traitor, strategist and Kontor VP."""


def _panel(seat: SeatPanel, tr: Tr, x: float, y: float, w: float, h: float) -> str:
    """A seat's panel, from parts remembered apart: an action changes a line or two of one or two panels,
    and most lines (counts, cards played, VP) read a few numbers that recur from game to game."""
    supply, action = tr("Supply:"), tr("Action:")
    indent = 18 + max(48.0, approx_width(supply, 12), approx_width(action, 12))
    return (
        _panel_head(seat.seat, seat.name, seat.acting, seat.winner, seat.score, seat.allegiance, seat.start,
                    seat.strategist, tr, x, y, w, h)
        + _counts_line(seat.hand, seat.reserve, seat.kontor, tr, x, y, w)
        + _played_line(seat.not_yet, seat.played, tr, x, y, indent)
        + _action_line(seat.action, seat.has_chosen, tr, x, y, indent)
        + _breakdown(seat.vp, tr, x, y, w)
        + "</g>"
    )  # fmt: skip


@lru_cache(maxsize=4096)
def _panel_head(
    p: int, name: str, acting: bool, winner: bool, score: int, allegiance: int, start: bool, strategist: bool,
    tr: Tr, x: float, y: float, w: float, h: float,
) -> str:  # fmt: skip
    """The panel's frame, name, score, house and tokens (the group is opened here, closed by :func:`_panel`)."""
    ink = SEAT_INK[p % len(SEAT_INK)]
    classes = f"player seat-{p}" + (" to-act" if acting else "") + (" winner" if winner else "")
    out = [f'<g id="player-{p}" class="{classes}" data-seat="{p}">']
    out.append(
        el(
            "rect", x=x, y=y, width=w, height=h, rx=8, fill="#fff3c4" if acting else "#fffdf6",
            stroke=ink, stroke_width=4 if acting else 1.5,
        )
    )  # fmt: skip
    out.append(el("rect", x=x, y=y, width=w, height=28, rx=8, fill=ink))
    out.append(el("rect", x=x, y=y + 18, width=w, height=10, fill=ink))
    out.append(seat_mark(p, x + 15, y + 14, 8, SEAT_FILL[p % 4], "#ffffff"))
    vp = tr("{vp} VP").format(vp=score)
    room = w - 48 - approx_width(vp, 14, True)
    out.append(text(x + 28, y + 19, name, 14, bold=True, fill="#ffffff", class_="name", fit=room))
    out.append(text(x + w - 10, y + 19, vp, 14, bold=True, fill="#ffffff", text_anchor="end", class_="score"))
    if acting:
        out.append(el("path", d=f"M{x - 12:.1f},{y + 6:.1f} l10,8 l-10,8 Z", fill=ink, class_="to-act-mark"))
    words = house_words(tr)
    out.append(house_badge(allegiance, x + 10, y + 45, words, 13))
    tokens = []
    if start:
        tokens.append((tr("Start"), tr("start player")))
    if strategist:
        tokens.append((tr("Strategy"), tr("holds the strategy and conflict cards")))
    if winner:
        tokens.append((tr("Winner"), tr("highest score")))
    # right-aligned beside the house's name, never over it: smaller where a narrow panel (four seats) has
    # not the room
    free = w - 8 - (10 + 13 * 1.45 + approx_width(words[allegiance], 13, True) + 10)
    size, pad, gap = 12.0, 12.0, 6.0
    if sum(approx_width(label, size, True) + pad for label, _ in tokens) + gap * (len(tokens) - 1) > free:
        size, pad, gap = 10.0, 8.0, 3.0
    right = x + w - 8
    for label, meaning in tokens:
        width = approx_width(label, size, True) + pad
        right -= width
        out.append(
            '<g class="token">'
            + el("rect", x=right, y=y + 36, width=width, height=18, rx=9, fill="#ffffff", stroke=ink, stroke_width=1.3)
            + text(right + width / 2, y + 45 + size * 0.36, label, size, bold=True, fill=ink, text_anchor="middle")
            + title(meaning)
            + "</g>"
        )
        right -= gap
    return "".join(out)


@lru_cache(maxsize=4096)
def _counts_line(hand: int, reserve: int, kontor: int, tr: Tr, x: float, y: float, w: float) -> str:
    counts = tr("Hand {hand} · Reserve {reserve} · Kontor {kontor}").format(hand=hand, reserve=reserve, kontor=kontor)
    return text(x + 10, y + 75, counts, 12, fill=INK, class_="counts", fit=w - 20)


@lru_cache(maxsize=4096)
def _played_line(not_yet: bool, played: tuple[int, ...], tr: Tr, x: float, y: float, indent: float) -> str:
    return text(x + 10, y + 99, tr("Supply:"), 12, fill=INK) + _played(not_yet, played, tr, x + indent, y + 99)


@lru_cache(maxsize=1024)
def _action_line(action: int, has_chosen: bool, tr: Tr, x: float, y: float, indent: float) -> str:
    return text(x + 10, y + 122, tr("Action:"), 12, fill=INK) + _action(action, has_chosen, tr, x + indent, y + 122)


@lru_cache(maxsize=4096)
def _breakdown(vp: tuple[int, int, int, int], tr: Tr, x: float, y: float, w: float) -> str:
    parts = (
        tr("conflict {vp}").format(vp=vp[0]),
        tr("traitor {vp}").format(vp=vp[1]),
        tr("strategist {vp}").format(vp=vp[2]),
        tr("Kontor {vp}").format(vp=vp[3]),
    )
    return text(x + 10, y + 146, f"{parts[0]} · {parts[1]}", 12, fill=MUTED, class_="breakdown", fit=w - 20) + text(
        x + 10, y + 162, f"{parts[2]} · {parts[3]}", 12, fill=MUTED, class_="breakdown", fit=w - 20
    )


def _played(not_yet: bool, cards: tuple[int, ...], tr: Tr, x: float, y: float) -> str:
    """The supply cards a seat played this round, face up; an ellipsis for a seat still to play."""
    if not_yet:
        return text(x, y, tr("not yet"), 12, fill=MUTED, font_style="italic")
    if not cards:
        return text(x, y, "—", 12, fill=MUTED)
    out = ['<g class="played">']
    for k, value in enumerate(cards):
        cx = x + k * 22
        out.append(el("rect", x=cx, y=y - 15, width=19, height=21, rx=3, fill="#ffffff", stroke=INK, stroke_width=1))
        out.append(text(cx + 9.5, y + 1, str(value), 12, bold=True, fill=INK, text_anchor="middle"))
    out.append(text(x + len(cards) * 22 + 4, y, f"= {sum(cards)}", 12, fill=MUTED))
    out.append("</g>")
    return "".join(out)


def _action(action: int, has_chosen: bool, tr: Tr, x: float, y: float) -> str:
    """A seat's action card: its name once revealed, else whether one lies face down (never the card)."""
    if action >= 0:
        return text(x, y, action_words(tr)[action], 12, bold=True, fill=INK, class_="action")
    if has_chosen:
        return text(x, y, tr("face down"), 12, fill=MUTED, font_style="italic", class_="action")
    return text(x, y, "—", 12, fill=MUTED, class_="action")
