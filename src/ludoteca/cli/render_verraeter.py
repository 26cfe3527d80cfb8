"""Verräter in the terminal: a player's view drawn with rich, and the event log in words.

Every function here is pure: it reads a :class:`VerraeterView` (never the true state) or one event
and returns something to print, so the play loop, replays and tests share them. The ring is drawn as
a rectangle read clockwise, with the conflict card between its two landscapes and the full board in
99 columns; seats are drawn in their colours and houses as coloured badges, so the two are never
confused. ``explain`` and ``annotate`` add help for the current phase and for each numbered option.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ludoteca.core.events import Event
from ludoteca.verraeter.actions import Action, Build, PlaceGutshof, PlaySupply, SetConflict, TurnEstate
from ludoteca.verraeter.cards import (
    ACTION_NAMES,
    DIPLOMAT5,
    EAGLE,
    HOUSE_NAMES,
    LANDSCAPE_ENGLISH,
    LANDSCAPE_NAMES,
    RING_SIZE,
)
from ludoteca.verraeter.view import VerraeterView

SEAT_STYLES = ("bold #a0642d", "bold #3c8cff", "bold #2eb82e", "bold #ff8c00")
"""Brown, Blue, Green, Orange: the seat colours of the game, whatever the players are called."""
HOUSE_STYLES = ("bold black on #e6c200", "bold white on #c2185b")
"""Eagle (gold) and Rose (crimson), drawn as badges."""

PHASE_TITLES = {
    "setup": "Set-up: place your first Gutshof",
    "conflict": "Phase 1: choose the conflict site",
    "draft": "Phase 2: choose action cards",
    "supply": "Phase 3: play supply cards",
    "build": "Phase 7: the Builder builds",
    "draw": "Phase 10: draw, within the hand limit",
    "over": "Game over",
}


def seat_name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"


def seat_text(names: Sequence[str], seat: int) -> Text:
    return Text(seat_name(names, seat), style=SEAT_STYLES[seat % len(SEAT_STYLES)] if seat >= 0 else "")


def house_badge(house: int) -> Text:
    return Text(f" {HOUSE_NAMES[house]:<5} ", style=HOUSE_STYLES[house])


def _cards(values: Sequence[int]) -> str:
    return " ".join(map(str, values)) if values else "none"


# ---------------------------------------------------------------- the board


def render(view: VerraeterView, names: Sequence[str]) -> RenderableType:
    """The table as ``view.player`` sees it: header, ring, seats, and the player's own cards."""
    parts: list[RenderableType] = [_header(view, names), _ring(view, names)]
    parts.extend(_conflict_lines(view, names))
    parts.append(_seats(view, names))
    parts.extend(_private(view))
    return Group(*parts)


def _header(view: VerraeterView, names: Sequence[str]) -> Text:
    t = Text()
    t.append("Verräter", style="bold")
    t.append(f" · Round {view.round} of {view.rounds_total} · ")
    t.append(PHASE_TITLES.get(view.phase, view.phase), style="bold")
    if view.to_act >= 0:
        t.append(" · ")
        t.append_text(seat_text(names, view.to_act))
        t.append(" to act")
    t.append("\nStart player ")
    t.append_text(seat_text(names, view.start_player))
    t.append(" · strategy and conflict cards ")
    t.append_text(seat_text(names, view.strategy_holder))
    t.append(f" · draw pile {view.draw_pile_size} · discard pile ")
    t.append(f"{_cards(view.discard)} ({len(view.discard)})" if view.discard else "empty")
    t.append(f"\nRules: {view.options.describe()}", style="dim")
    return t


CELL = 14
"""Width of one landscape in the ring: six across with three-character gutters, 99 columns in all."""


def _ring(view: VerraeterView, names: Sequence[str]) -> Text:
    """The ring as a rectangle read clockwise: 1–6 along the top, 7–12 back along the bottom.

    Arrows between neighbours show the direction of play and which landscapes touch (12 touches 1);
    the conflict card replaces the arrow between its two landscapes.
    """
    c = view.conflict
    top, bottom = list(range(6)), list(range(11, 5, -1))
    out = Text("The ring", style="bold")
    out.append(", clockwise (12 touches 1) · CP conflict points · VP for one/two/three winners\n", style="dim")
    out.append_text(_ring_row(view, names, top, "→"))
    left = Text("⚔ 12/1" if c == RING_SIZE - 1 else "↑", style="bold red" if c == RING_SIZE - 1 else "dim")
    right = Text("6/7 ⚔" if c == 5 else "↓", style="bold red" if c == 5 else "dim")
    middle = 6 * CELL + 5 * 3 - left.cell_len - right.cell_len - 2 * (CELL // 2)
    out.append(" " * (CELL // 2))
    out.append_text(left)
    out.append(" " * middle)
    out.append_text(right)
    out.append("\n")
    out.append_text(_ring_row(view, names, bottom, "←"))
    out.rstrip()
    return out


def _ring_row(view: VerraeterView, names: Sequence[str], positions: list[int], arrow: str) -> Text:
    cells = [_cell(view, names, i) for i in positions]
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


def _cell(view: VerraeterView, names: Sequence[str], i: int) -> list[Text]:
    """Three lines of exactly ``CELL`` columns: number, type and CP; house and VP; the estate card."""
    land = view.ring[i]
    table = view.options.landscapes
    at_conflict = view.conflict >= 0 and i in (view.conflict, (view.conflict + 1) % RING_SIZE)
    head = Text(f"{i + 1:>2} ", style="bold red" if at_conflict else "bold")
    head.append(LANDSCAPE_NAMES[land.kind], style="bold")
    cp = f"CP{table.cp[land.kind]}"
    head.append(" " * max(1, CELL - head.cell_len - len(cp)) + cp)
    house = Text(HOUSE_NAMES[land.house].ljust(5), style=HOUSE_STYLES[land.house])
    vp = "/".join(map(str, table.vp[land.kind]))
    house.append(" " * max(0, CELL - 5 - len(vp)) + vp)
    if land.estate_owner >= 0:
        side = " Kontor" if land.kontor else " Gutshof"
        estate = seat_text(names, land.estate_owner)
        estate.truncate(CELL - len(side), overflow="ellipsis")
        estate.append(side, style="bold" if land.kontor else "")
    else:
        estate = Text("—", style="dim")
    lines = [head, house, estate]
    for t in lines:
        t.truncate(CELL, overflow="ellipsis", pad=True)
    return lines


def _conflict_lines(view: VerraeterView, names: Sequence[str]) -> list[Text]:
    """The conflict: what each side brings so far, or how it ended; then who played which supply."""
    c = view.conflict
    if c < 0:
        return []
    a, b = c, (c + 1) % RING_SIZE
    t = Text(f"Conflict {a + 1}/{b + 1}: ", style="bold")
    if view.strength is not None:
        eagle, rose = view.strength
        t.append_text(house_badge(0))
        t.append(f" {eagle} – {rose} ")
        t.append_text(house_badge(1))
        if view.conflict_winner >= 0:
            t.append(" → ")
            t.append_text(house_badge(view.conflict_winner))
            t.append(" wins")
        else:
            t.append(" → a tie: no landscape changes hands")
    else:
        cp = view.options.landscapes.cp
        supply = [0, 0]
        for p, cards in enumerate(view.played):
            supply[view.allegiance[p]] += sum(cards)
        for k, i in enumerate((a, b)):
            land = view.ring[i]
            if k:
                t.append("  vs  ")
            t.append_text(house_badge(land.house))
            t.append(f" {LANDSCAPE_NAMES[land.kind]} CP {cp[land.kind]}")
            if view.phase == "supply":
                t.append(f" + supply {supply[land.house]}")
        if view.phase == "supply":
            t.append("  (before the action cards)", style="dim")
    lines = [t]
    if view.phase in ("supply", "build"):
        played = Text("Supply played: ", style="bold")
        for k in range(view.num_players):
            p = (view.start_player + k) % view.num_players
            if k:
                played.append(" · ")
            played.append_text(seat_text(names, p))
            played.append(f" {_played(view, p)}")
        lines.append(played)
    return lines


def _played(view: VerraeterView, p: int) -> str:
    cards = view.played[p]
    if view.phase == "supply":
        order = [(view.start_player + k) % view.num_players for k in range(view.num_players)]
        if order.index(p) >= order.index(view.to_act):
            return "…"
    return "+".join(map(str, cards)) if cards else "none"


def _action(view: VerraeterView, p: int) -> Text:
    card = view.chosen[p]
    if card >= 0:
        return Text(ACTION_NAMES[card], style="" if view.revealed else "italic")
    return Text("face down" if view.has_chosen[p] else "—", style="dim")


def _breakdown(view: VerraeterView, p: int) -> str:
    parts = [
        (view.conflict_vp[p], "conflict"),
        (view.traitor_vp[p], "traitor"),
        (view.strategist_vp[p], "strategist"),
        (view.kontor_vp[p], "kontor"),
    ]
    return " · ".join(f"{v} {label}" for v, label in parts if v) or "—"


def _seats(view: VerraeterView, names: Sequence[str]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1))
    for head, justify in (
        ("Seat", "left"), ("House", "left"), ("Hand", "right"), ("Kontor", "right"), ("Reserve", "right"),
        ("Action card", "left"), ("VP", "right"),
    ):  # fmt: skip
        table.add_column(head, justify=justify, no_wrap=True)  # type: ignore[arg-type]
    table.add_column("Score breakdown")
    scores = view.scores
    for p in range(view.num_players):
        name = Text("▶ " if p == view.to_act else "  ")
        name.append_text(seat_text(names, p))
        if p == view.player:
            name.append(" (you)")
        table.add_row(
            name,
            house_badge(view.allegiance[p]),
            str(view.hand_sizes[p]),
            str(sum(land.kontor for land in view.ring if land.estate_owner == p)),
            str(view.reserve[p]),
            _action(view, p),
            Text(str(scores[p]), style="bold"),
            _breakdown(view, p),
        )
    return table


def _private(view: VerraeterView) -> list[RenderableType]:
    """What only this player sees: their hand, the cards offered to them, a pending hand-limit choice."""
    if view.player < 0:
        return []
    lines: list[RenderableType] = []
    hand = Text("Your hand: ", style="bold")
    for v in view.hand:
        hand.append(f" {v} ", style="bold black on white")
        hand.append(" ")
    hand.append(f"({sum(view.hand)} CP in {len(view.hand)} cards)" if view.hand else "empty")
    lines.append(hand)
    if view.offered:
        offered = Text("Offered to you in the draft: ", style="bold")
        offered.append(", ".join(ACTION_NAMES[c] for c in view.offered))
        if view.phase == "draft" and view.to_act == view.player:
            after = (view.player + 1) % view.num_players
            offered.append(
                " — keep one; the rest are put aside" if after == view.start_player else " — keep one, pass the rest"
            )
        lines.append(offered)
    if view.phase == "draw" and view.to_act == view.player and view.pending_draw:
        limit = view.options.hand_limit
        lines.append(
            Text(
                f"You may draw {view.pending_draw}, but you hold {len(view.hand)} and the hand limit is {limit}: "
                "discard first, or discard nothing and draw fewer.",
                style="bold",
            )
        )
    elif view.phase == "draw" and view.to_act == view.player and view.options.discard_timing == "after":
        limit = view.options.hand_limit
        lines.append(
            Text(
                f"You hold {len(view.hand)} cards and the hand limit is {limit}: "
                f"discard {len(view.hand) - limit} of your choice.",
                style="bold",
            )
        )
    return lines


# ---------------------------------------------------------------- help


def annotate(action: Action, view: VerraeterView) -> str:
    """A few words that make an option's number hard to confuse with a landscape number."""
    if isinstance(action, PlaceGutshof | Build):
        land = view.ring[action.landscape]
        return f"{LANDSCAPE_NAMES[land.kind]} {HOUSE_NAMES[land.house]}"
    if isinstance(action, SetConflict):
        a, b = view.ring[action.position], view.ring[(action.position + 1) % RING_SIZE]
        return f"{LANDSCAPE_NAMES[a.kind]}|{LANDSCAPE_NAMES[b.kind]}"
    if isinstance(action, TurnEstate):
        return "to Gutshof" if view.ring[action.landscape].kontor else "to Kontor"
    if isinstance(action, PlaySupply) and len(action.cards) > 1:
        return f"{sum(action.cards)} CP"
    return ""


_EXPLAIN = {
    "setup": "Set-up: starting with the start player, each player places one Gutshof under a landscape that "
    "has no estate card yet. Gutshof under land of the house you support bring you supply cards each round.",
    "conflict": "Phase 1: the holder of the strategy card puts the conflict card between two adjacent landscapes "
    "of different houses (conflict N/M). The house that loses the conflict loses that landscape.",
    "draft": "Phase 2: keep one of the action cards offered to you (take CARD) and pass the rest on. Traitor: "
    "switch house, +1 VP. Diplomat +2/+5: that many CP for your house (+2 also draws a card; in the 2008 "
    "edition +5 switches house if everyone supported one house). Builder: place or turn an estate card. "
    "Strategist: +2 VP and the strategy card. Farmer: draws 3 supply cards.",
    "supply": "Phase 3: play 0–5 supply cards from your hand (supply 3,5 or supply none). Their CP count for "
    "the house you support after the action cards are revealed — a Traitor switches before the count.",
    "build": "Phase 7: as Builder, place a reserve estate card Gutshof side up under a landscape without one "
    "(build N), turn one of yours over (turn N; at most 2 Kontor), or pass. Kontor score at the end: "
    "Kontor (max 2) × cards in hand (max 3).",
    "draw": "Phase 10: your draw would take you over the hand limit. Discard cards first (discard 2,3) or "
    "discard nothing and draw fewer (discard none).",
    "over": "The game is over.",
}
_EXPLAIN_AFTER = (
    "Phase 10: you have drawn and hold more cards than the hand limit. Choose the cards to discard down to the "
    "limit (discard 2,3)."
)


GLOSSARY = "Landscapes: " + ", ".join(f"{de} ({en})" for de, en in zip(LANDSCAPE_NAMES, LANDSCAPE_ENGLISH, strict=True))


def explain(view: VerraeterView) -> str:
    """What the current phase asks of the player, in two or three sentences (for the ``help`` command)."""
    if view.phase == "draw" and view.options.discard_timing == "after":
        return f"{_EXPLAIN_AFTER}\n{GLOSSARY}."
    return f"{_EXPLAIN.get(view.phase, '')}\n{GLOSSARY}."


# ---------------------------------------------------------------- the log


def _landscape(i: object) -> str:
    return f"landscape {i + 1}" if isinstance(i, int) else f"landscape {i}"


def describe(event: Event, names: Sequence[str]) -> str:
    """One line in words for an event of the Verräter core (unknown kinds get a plain fallback)."""
    who = seat_name(names, event.seat)
    fn = _DESCRIBE.get(event.kind)
    if fn is None:
        return generic(event, names)
    return fn(who, event.data, names)


def generic(event: Event, names: Sequence[str]) -> str:
    """The fallback line for an event kind this module does not know."""
    data = ", ".join(map(str, event.data))
    who = f"{seat_name(names, event.seat)}: " if event.seat >= 0 else ""
    return f"{who}{event.kind}" + (f" ({data})" if data else "")


def _card(c: object) -> str:
    return ACTION_NAMES[c] if isinstance(c, int) and 0 <= c < len(ACTION_NAMES) else "?"


def _house(h: object) -> str:
    return HOUSE_NAMES[h] if isinstance(h, int) and 0 <= h < 2 else "?"


def _ints(data: Sequence[object]) -> list[int]:
    return [v for v in data if isinstance(v, int)]


def _conflict(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    a = data[0] if isinstance(data[0], int) else 0
    return f"{who} sets the conflict between landscapes {a + 1} and {(a + 1) % RING_SIZE + 1}."


def _supply(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    cards = _ints(data)
    if not cards:
        return f"{who} plays no supply cards."
    return f"{who} plays supply {'+'.join(map(str, cards))} ({sum(cards)} CP)."


def _reveal(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    cards = ", ".join(f"{seat_name(names, p)} {_card(c)}" for p, c in enumerate(data))
    return f"Action cards revealed: {cards}."


def _switch(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    house, card = data[0], data[1] if len(data) > 1 else None
    why = " (2008 rule: everyone supported one house)" if card == DIPLOMAT5 else ""
    return f"{who} ({_card(card)}) switches to {_house(house)}{why}."


def _won(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    w, eagle, rose, lost = data[:4]
    winner, loser = (eagle, rose) if w == EAGLE else (rose, eagle)
    return f"{_house(w)} wins the conflict {winner} to {loser}; {_landscape(lost)} is conquered."


def _score(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    vp, source = data[0], data[1]
    if source == "conflict":
        return f"{who} scores {vp} VP for the conquest."
    return f"{who} scores {vp} VP as {str(source).capitalize()}."


def _build(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    side = "Kontor" if data[1] else "Gutshof"
    return f"{who} (Builder) places a {side} under {_landscape(data[0])}."


def _turn(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    side = "Kontor" if data[1] else "Gutshof"
    return f"{who} (Builder) turns the estate card under {_landscape(data[0])} to its {side} side."


def _pass(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    return f"{who} (Builder) builds nothing."


def _discard(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    cards = _ints(data)
    if not cards:
        return f"{who} discards nothing and draws fewer cards (hand limit)."
    return f"{who} discards {', '.join(map(str, cards))} to stay within the hand limit."


def _draw(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    k = data[0] if data else 0
    if k == 0:
        return f"{who} draws no cards."
    return f"{who} draws {k} supply card{'s' if k != 1 else ''}."


def _over(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    rnd, one_house = data[0], data[1] if len(data) > 1 else 0
    if one_house:
        return f"Game over in round {rnd}: one house holds all {RING_SIZE} landscapes."
    return f"Game over after round {rnd}."


_Describer = Callable[[str, tuple[object, ...], Sequence[str]], str]

_DESCRIBE: dict[str, _Describer] = {
    "setup": lambda who, d, n: f"New game ({d[0]} edition): {who} is the start player and supports Eagle.",
    "gutshof": lambda who, d, n: f"{who} places a Gutshof under {_landscape(d[0])}.",
    "dealt": lambda who, d, n: f"{who} is dealt supply {', '.join(map(str, _ints(d)))}.",
    "round": lambda who, d, n: f"── Round {d[0]} ── {who} is the start player.",
    "conflict": _conflict,
    "take": lambda who, d, n: f"{who} keeps an action card.",
    "took": lambda who, d, n: f"{who} keeps the {_card(d[0])} (secret).",
    "supply": _supply,
    "reveal": _reveal,
    "switch": _switch,
    "tie": lambda who, d, n: f"Tie at {d[0]} to {d[1]}: no landscape changes hands.",
    "won": _won,
    "score": _score,
    "conquer": lambda who, d, n: f"{_landscape(d[0]).capitalize()} turns to {_house(d[1])}.",
    "build": _build,
    "turn": _turn,
    "pass": _pass,
    "strategy": lambda who, d, n: f"{who} takes the strategy and conflict cards.",
    "discard": _discard,
    "draw": _draw,
    "drew": lambda who, d, n: f"{who} drew {', '.join(map(str, _ints(d)))}.",
    "reshuffle": lambda who, d, n: f"The discard pile is shuffled into a new draw pile ({d[0]} cards).",
    "over": _over,
}
DESCRIBED_KINDS = frozenset(_DESCRIBE)
"""Every event kind :func:`describe` puts in words (the rest get :func:`generic`)."""
