"""Verräter in the terminal: a player's view drawn with rich, in the words of :mod:`.words`.

Every function here is pure: it reads a :class:`VerraeterView` (never the true state) and returns
something to print, so the play loop, replays and tests share them. The ring is drawn as a rectangle
read clockwise, with the conflict card between its two landscapes and the full board in 99 columns;
seats are drawn in their colours and houses as coloured badges, so the two are never confused.
``explain`` and ``annotate`` add help for the current phase and for each numbered option. Every word
goes through the translator ``tr`` (English when none is given), the same catalogues as the web's.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ludoteca.present.common import ENGLISH, seat_name
from ludoteca.present.i18n import Translator
from ludoteca.verraeter.actions import Action, Build, PlaceGutshof, PlaySupply, SetConflict, TurnEstate
from ludoteca.verraeter.components import LANDSCAPE_NAMES, RING_SIZE
from ludoteca.verraeter.view import VerraeterView

from .words import card_name, house_name, kind_name, phase_title, rules_text

SEAT_STYLES = ("bold #a0642d", "bold #3c8cff", "bold #2eb82e", "bold #ff8c00")
"""Brown, Blue, Green, Orange: the seat colours of the game, whatever the players are called."""
HOUSE_STYLES = ("bold black on #e6c200", "bold white on #c2185b")
"""Eagle (gold) and Rose (crimson), drawn as badges."""


def seat_text(names: Sequence[str], seat: int, tr: Translator = ENGLISH) -> Text:
    return Text(seat_name(names, seat, tr), style=SEAT_STYLES[seat % len(SEAT_STYLES)] if seat >= 0 else "")


def house_badge(house: int, tr: Translator = ENGLISH) -> Text:
    return Text(f" {house_name(house, tr):<5} ", style=HOUSE_STYLES[house])


def _cards(values: Sequence[int], tr: Translator) -> str:
    return " ".join(map(str, values)) if values else tr("none")


# ---------------------------------------------------------------- the board


def render(view: VerraeterView, names: Sequence[str], tr: Translator = ENGLISH) -> RenderableType:
    """The table as ``view.player`` sees it: header, ring, seats, and the player's own cards."""
    parts: list[RenderableType] = [_header(view, names, tr), _ring(view, names, tr)]
    parts.extend(_conflict_lines(view, names, tr))
    parts.append(_seats(view, names, tr))
    parts.extend(_private(view, tr))
    return Group(*parts)


def _header(view: VerraeterView, names: Sequence[str], tr: Translator) -> Text:
    t = Text()
    t.append("Verräter", style="bold")
    t.append(" · " + tr("Round %(round)d of %(total)d") % {"round": view.round, "total": view.rounds_total} + " · ")
    t.append(phase_title(view, tr), style="bold")
    if view.to_act >= 0:
        t.append(" · ")
        t.append_text(seat_text(names, view.to_act, tr))
        t.append(" " + tr("to act"))
    t.append("\n" + tr("Start player") + " ")
    t.append_text(seat_text(names, view.start_player, tr))
    t.append(" · " + tr("strategy and conflict cards") + " ")
    t.append_text(seat_text(names, view.strategy_holder, tr))
    t.append(" · " + tr("draw pile %(n)d") % {"n": view.draw_pile_size} + " · " + tr("discard pile") + " ")
    t.append(f"{_cards(view.discard, tr)} ({len(view.discard)})" if view.discard else tr("empty"))
    t.append("\n" + tr("Rules: %(rules)s") % {"rules": rules_text(view, tr)}, style="dim")
    return t


CELL = 14
"""Width of one landscape in the ring: six across with three-character gutters, 99 columns in all."""


def _ring(view: VerraeterView, names: Sequence[str], tr: Translator) -> Text:
    """The ring as a rectangle read clockwise: 1–6 along the top, 7–12 back along the bottom.

    Arrows between neighbours show the direction of play and which landscapes touch (12 touches 1);
    the conflict card replaces the arrow between its two landscapes.
    """
    c = view.conflict
    top, bottom = list(range(6)), list(range(11, 5, -1))
    out = Text(tr("The ring"), style="bold")
    out.append(
        ", " + tr("clockwise (12 touches 1) · CP conflict points · VP for one/two/three winners") + "\n", style="dim"
    )
    out.append_text(_ring_row(view, names, top, "→", tr))
    left = Text("⚔ 12/1" if c == RING_SIZE - 1 else "↑", style="bold red" if c == RING_SIZE - 1 else "dim")
    right = Text("6/7 ⚔" if c == 5 else "↓", style="bold red" if c == 5 else "dim")
    middle = 6 * CELL + 5 * 3 - left.cell_len - right.cell_len - 2 * (CELL // 2)
    out.append(" " * (CELL // 2))
    out.append_text(left)
    out.append(" " * middle)
    out.append_text(right)
    out.append("\n")
    out.append_text(_ring_row(view, names, bottom, "←", tr))
    out.rstrip()
    return out


def _ring_row(view: VerraeterView, names: Sequence[str], positions: list[int], arrow: str, tr: Translator) -> Text:
    cells = [_cell(view, names, i, tr) for i in positions]
    row = Text()
    for line in range(3):
        for k, i in enumerate(positions):
            if k:
                j = positions[k - 1]
                between = view.conflict >= 0 and {i, j} == {view.conflict, (view.conflict + 1) % RING_SIZE}
                if between and line < 2:
                    row.append(" ⚔ ", style="bold red")
                else:
                    row.append(f" {arrow} " if line == 0 else "   ", style="dim")
            row.append_text(cells[k][line])
        row.append("\n")
    return row


def _cell(view: VerraeterView, names: Sequence[str], i: int, tr: Translator) -> list[Text]:
    """Three lines of exactly ``CELL`` columns: number, printed name and CP; house and VP; the estate card."""
    land = view.ring[i]
    table = view.options.landscapes
    at_conflict = view.conflict >= 0 and i in (view.conflict, (view.conflict + 1) % RING_SIZE)
    head = Text(f"{i + 1:>2} ", style="bold red" if at_conflict else "bold")
    head.append(LANDSCAPE_NAMES[land.kind], style="bold")  # the printed name, as on the card (and the SVG)
    cp = f"{tr('CP')}{table.cp[land.kind]}"
    head.append(" " * max(1, CELL - head.cell_len - len(cp)) + cp)
    house = Text(house_name(land.house, tr).ljust(5), style=HOUSE_STYLES[land.house])
    vp = "/".join(map(str, table.vp[land.kind]))
    house.append(" " * max(0, CELL - house.cell_len - len(vp)) + vp)
    if land.estate_owner >= 0:
        side = " " + (tr("Kontor") if land.kontor else tr("Gutshof"))
        estate = seat_text(names, land.estate_owner, tr)
        estate.truncate(max(1, CELL - len(side)), overflow="ellipsis")
        estate.append(side, style="bold" if land.kontor else "")
    else:
        estate = Text("—", style="dim")
    lines = [head, house, estate]
    for t in lines:
        t.truncate(CELL, overflow="ellipsis", pad=True)
    return lines


def _conflict_lines(view: VerraeterView, names: Sequence[str], tr: Translator) -> list[Text]:
    """The conflict: what each side brings so far, or how it ended; then who played which supply."""
    c = view.conflict
    if c < 0:
        return []
    a, b = c, (c + 1) % RING_SIZE
    t = Text(tr("Conflict %(first)d/%(second)d:") % {"first": a + 1, "second": b + 1} + " ", style="bold")
    if view.strength is not None:
        eagle, rose = view.strength
        t.append_text(house_badge(0, tr))
        t.append(f" {eagle} – {rose} ")
        t.append_text(house_badge(1, tr))
        if view.conflict_winner >= 0:
            t.append(" → ")
            t.append_text(house_badge(view.conflict_winner, tr))
            t.append(" " + tr("wins"))
        else:
            t.append(" → " + tr("a tie: no landscape changes hands"))
    else:
        cp = view.options.landscapes.cp
        supply = [0, 0]
        for p, cards in enumerate(view.played):
            supply[view.allegiance[p]] += sum(cards)
        for k, i in enumerate((a, b)):
            land = view.ring[i]
            if k:
                t.append("  " + tr("vs") + "  ")
            t.append_text(house_badge(land.house, tr))
            t.append(f" {LANDSCAPE_NAMES[land.kind]} {tr('CP')} {cp[land.kind]}")
            if view.phase == "supply":
                t.append(" + " + tr("supply %(cp)d") % {"cp": supply[land.house]})
        if view.phase == "supply":
            t.append("  (" + tr("before the action cards") + ")", style="dim")
    lines = [t]
    if view.phase in ("supply", "build"):
        played = Text(tr("Supply played:") + " ", style="bold")
        for k in range(view.num_players):
            p = (view.start_player + k) % view.num_players
            if k:
                played.append(" · ")
            played.append_text(seat_text(names, p, tr))
            played.append(f" {_played(view, p, tr)}")
        lines.append(played)
    return lines


def _played(view: VerraeterView, p: int, tr: Translator) -> str:
    cards = view.played[p]
    if view.phase == "supply":
        order = [(view.start_player + k) % view.num_players for k in range(view.num_players)]
        if order.index(p) >= order.index(view.to_act):
            return "…"
    return "+".join(map(str, cards)) if cards else tr("none")


def _action(view: VerraeterView, p: int, tr: Translator) -> Text:
    card = view.chosen[p]
    if card >= 0:
        return Text(card_name(card, tr), style="" if view.revealed else "italic")
    return Text(tr("face down") if view.has_chosen[p] else "—", style="dim")


def _breakdown(view: VerraeterView, p: int, tr: Translator) -> str:
    parts = [
        (view.conflict_vp[p], tr("conflict")),
        (view.traitor_vp[p], tr("traitor")),
        (view.strategist_vp[p], tr("strategist")),
        (view.kontor_vp[p], tr("kontor")),
    ]
    return " · ".join(f"{v} {label}" for v, label in parts if v) or "—"


def _seats(view: VerraeterView, names: Sequence[str], tr: Translator) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1))
    for head, justify in (
        (tr("Seat"), "left"), (tr("House"), "left"), (tr("Hand"), "right"), (tr("Kontor"), "right"),
        (tr("Reserve"), "right"), (tr("Action card"), "left"), (tr("VP"), "right"),
    ):  # fmt: skip
        table.add_column(head, justify=justify, no_wrap=True)  # type: ignore[arg-type]
    table.add_column(tr("Score breakdown"))
    scores = view.scores
    for p in range(view.num_players):
        name = Text("▶ " if p == view.to_act else "  ")
        name.append_text(seat_text(names, p, tr))
        if p == view.player:
            name.append(" " + tr("(you)"))
        table.add_row(
            name,
            house_badge(view.allegiance[p], tr),
            str(view.hand_sizes[p]),
            str(sum(land.kontor for land in view.ring if land.estate_owner == p)),
            str(view.reserve[p]),
            _action(view, p, tr),
            Text(str(scores[p]), style="bold"),
            _breakdown(view, p, tr),
        )
    return table


def _private(view: VerraeterView, tr: Translator) -> list[RenderableType]:
    """What only this player sees: their hand, the cards offered to them, a pending hand-limit choice."""
    if view.player < 0:
        return []
    lines: list[RenderableType] = []
    hand = Text(tr("Your hand:") + " ", style="bold")
    for v in view.hand:
        hand.append(f" {v} ", style="bold black on white")
        hand.append(" ")
    if view.hand:
        hand.append(
            tr.ngettext("(%(cp)d CP in %(n)d card)", "(%(cp)d CP in %(n)d cards)", len(view.hand))
            % {"cp": sum(view.hand), "n": len(view.hand)}
        )
    else:
        hand.append(tr("empty"))
    lines.append(hand)
    if view.offered:
        offered = Text(tr("Offered to you in the draft:") + " ", style="bold")
        offered.append(", ".join(card_name(c, tr) for c in view.offered))
        if view.phase == "draft" and view.to_act == view.player:
            after = (view.player + 1) % view.num_players
            last = after == view.start_player
            offered.append(" — " + (tr("keep one; the rest are put aside") if last else tr("keep one, pass the rest")))
        lines.append(offered)
    limit = view.options.hand_limit
    if view.phase == "draw" and view.to_act == view.player and view.pending_draw:
        lines.append(
            Text(
                tr(
                    "You may draw %(n)d, but you hold %(held)d and the hand limit is %(limit)d: "
                    "discard first, or discard nothing and draw fewer."
                )
                % {"n": view.pending_draw, "held": len(view.hand), "limit": limit},
                style="bold",
            )
        )
    elif view.phase == "draw" and view.to_act == view.player and view.options.discard_timing == "after":
        lines.append(
            Text(
                tr("You hold %(held)d cards and the hand limit is %(limit)d: discard %(n)d of your choice.")
                % {"held": len(view.hand), "limit": limit, "n": len(view.hand) - limit},
                style="bold",
            )
        )
    return lines


# ---------------------------------------------------------------- help


def annotate(action: Action, view: VerraeterView, tr: Translator = ENGLISH) -> str:
    """A few words that make an option's number hard to confuse with a landscape number."""
    if isinstance(action, PlaceGutshof | Build):
        land = view.ring[action.landscape]
        return f"{LANDSCAPE_NAMES[land.kind]} {house_name(land.house, tr)}"
    if isinstance(action, SetConflict):
        a, b = view.ring[action.position], view.ring[(action.position + 1) % RING_SIZE]
        return f"{LANDSCAPE_NAMES[a.kind]}|{LANDSCAPE_NAMES[b.kind]}"
    if isinstance(action, TurnEstate):
        return tr("to Gutshof") if view.ring[action.landscape].kontor else tr("to Kontor")
    if isinstance(action, PlaySupply) and len(action.cards) > 1:
        return f"{sum(action.cards)} {tr('CP')}"
    return ""


def _explain(phase: str, tr: Translator) -> str:
    texts = {
        "setup": tr(
            "Set-up: starting with the start player, each player places one Gutshof under a landscape that "
            "has no estate card yet. Gutshof under land of the house you support bring you supply cards each round."
        ),
        "conflict": tr(
            "Phase 1: the holder of the strategy card puts the conflict card between two adjacent landscapes "
            "of different houses (conflict N/M). The house that loses the conflict loses that landscape."
        ),
        "draft": tr(
            "Phase 2: keep one of the action cards offered to you (take CARD) and pass the rest on. Traitor: "
            "switch house, +1 VP. Diplomat +2/+5: that many CP for your house (+2 also draws a card; in the 2008 "
            "edition +5 switches house if everyone supported one house). Builder: place or turn an estate card. "
            "Strategist: +2 VP and the strategy card. Farmer: draws 3 supply cards."
        ),
        "supply": tr(
            "Phase 3: play 0–5 supply cards from your hand (supply 3,5 or supply none). Their CP count for "
            "the house you support after the action cards are revealed — a Traitor switches before the count."
        ),
        "build": tr(
            "Phase 7: as Builder, place a reserve estate card Gutshof side up under a landscape without one "
            "(build N), turn one of yours over (turn N; at most 2 Kontor), or pass. Kontor score at the end: "
            "Kontor (max 2) × cards in hand (max 3)."
        ),
        "draw": tr(
            "Phase 10: your draw would take you over the hand limit. Discard cards first (discard 2,3) or "
            "discard nothing and draw fewer (discard none)."
        ),
        "over": tr("The game is over."),
    }
    return texts.get(phase, "")


def explain(view: VerraeterView, tr: Translator = ENGLISH) -> str:
    """What the current phase asks of the player, in two or three sentences (for the ``help`` command)."""
    if view.phase == "draw" and view.options.discard_timing == "after":
        text = tr(
            "Phase 10: you have drawn and hold more cards than the hand limit. Choose the cards to discard down "
            "to the limit (discard 2,3)."
        )
    else:
        text = _explain(view.phase, tr)
    glossary = ", ".join(f"{de} ({kind_name(k, tr)})" for k, de in enumerate(LANDSCAPE_NAMES))
    return f"{text}\n" + tr("Landscapes: %(list)s.") % {"list": glossary}
