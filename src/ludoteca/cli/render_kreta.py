"""Kreta in the terminal: a player's view drawn with rich, and the event log in words.

Both functions are pure: they read a :class:`~ludoteca.kreta.view.KretaView` (never the true state)
or one event and return something to print. The table shows what a player weighs before a turn:
the fort-card row with the nodes that score next and the provinces they touch, every province with
its pieces and each seat's influence there (the figure a scoring would use), then the players' scores,
hands, played cards, harvested tiles and reserves. Seats are drawn in their colours.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ludoteca.core.events import Event
from ludoteca.kreta.constants import CARDS, SUPPLY
from ludoteca.kreta.view import KretaView

SEAT_STYLES = ("bold #e0303a", "bold #3f7fff", "bold #e6c200", "bold #2eae5b")
"""Red, Blue, Yellow, Green: the seat colours of the game, whatever the players are called."""
KIND_STYLES = {"plain": "#e6c200", "hill": "#6fb33f", "mountain": "#b07a45"}
TILE_LETTERS = {"wheat": "Wh", "olive": "Ol", "wine": "Wi", "thyme": "Th", "cheese": "Ch"}
CARD_NAMES = {
    "admiral": "Admiral",
    "commander": "Commander",
    "abbot": "Abbot",
    "farmer": "Farmer",
    "architect": "Architect",
    "king": "King",
    "castellan": "Castellan",
}
CARD_SHORT = {
    "admiral": "Adm",
    "commander": "Com",
    "abbot": "Abb",
    "farmer": "Far",
    "architect": "Arc",
    "king": "Kng",
    "castellan": "Cas",
}
ABBOT, VILLAGER, VILLAGE, SHIP = "✝", "●", "⌂", "⚓"
NEXT_STYLE = "bold black on #ffd400"
AFTER_STYLE = "black on #fff1a8"


def seat_name(names: Sequence[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"seat {seat + 1}"


def seat_text(names: Sequence[str], seat: int) -> Text:
    return Text(seat_name(names, seat), style=SEAT_STYLES[seat % len(SEAT_STYLES)] if seat >= 0 else "")


def influence(view: KretaView, province: int) -> tuple[int, ...]:
    """Each seat's influence in a province, as a scoring counts it (rules digest, "Scoring a province")."""
    nodes = set(view.board.nodes_of[province])
    return tuple(
        (view.abbots[s] == province)
        + view.villagers[s][province]
        + 2 * view.villages[s][province]
        + view.ships[s].count(province)
        + sum(1 for n in view.forts[s] if n in nodes)
        for s in range(view.num_players)
    )


def next_nodes(view: KretaView) -> tuple[int | None, int | None]:
    """The node the next scoring takes (the leftmost face-up fort card) and the one after it."""
    up = [n for i, n in enumerate(view.fort_row) if i >= view.scorings and n is not None]
    return (up[0] if up else None, up[1] if len(up) > 1 else None)


# ---------------------------------------------------------------- the table


def render(view: KretaView, names: Sequence[str]) -> RenderableType:
    """The table as ``view.player`` sees it: header, fort-card row, provinces, players."""
    return Group(_header(view, names), _fort_row(view), _provinces(view, names), _legend(), _players(view, names))


def _header(view: KretaView, names: Sequence[str]) -> Text:
    total = len(view.fort_row)
    t = Text()
    t.append("Kreta", style="bold")
    if view.phase == "over" or view.to_act < 0:
        t.append(f" · all {view.scorings} scorings done · ")
        t.append("Game over", style="bold")
    else:
        t.append(f" · scoring {view.scorings + 1} of {total} to come · ")
        t.append_text(seat_text(names, view.to_act))
        if view.phase == "castellan":
            t.append(" to keep or replace the fort card just turned up")
        elif view.move_points:
            points = "point" if view.move_points == 1 else "points"
            t.append(f" moving villagers: {view.move_points} movement {points} left (step a->b, or stop)")
        else:
            t.append(" to play a character card")
    t.append(" · start player ")
    t.append_text(seat_text(names, view.start_player))
    t.append(f"\nBoard: {view.board.name} · rules: {_options(view)}", style="dim")
    return t


def _options(view: KretaView) -> str:
    describe = getattr(view.options, "describe", None)
    if callable(describe):
        return str(describe())
    to_dict = getattr(view.options, "to_dict", None)
    values = to_dict() if callable(to_dict) else {}
    return ", ".join(f"{k}={'default' if v is None else v}" for k, v in values.items()) or "defaults"


def _province_list(view: KretaView, node: int) -> str:
    board = view.board
    try:
        touching = board.node(node).provinces
    except KeyError:
        return "?"
    return ", ".join(f"{board.provinces[i].name} ({board.provinces[i].vp})" for i in touching)


def _fort_row(view: KretaView) -> Text:
    t = Text("Fort cards ", style="bold")
    nxt_slot = next((i for i, n in enumerate(view.fort_row) if i >= view.scorings and n is not None), None)
    after_slot = None
    if nxt_slot is not None:
        after_slot = next((i for i, n in enumerate(view.fort_row) if i > nxt_slot and n is not None), None)
    for i, number in enumerate(view.fort_row):
        if i < view.scorings:
            spent = view.scored_nodes[i] if i < len(view.scored_nodes) else None
            t.append(f"[{spent if spent is not None else '·':>2}✓]", style="dim")
        elif number is None:
            t.append("[ ▒▒]", style="#a0522d")
        else:
            style = NEXT_STYLE if i == nxt_slot else AFTER_STYLE if i == after_slot else "bold"
            t.append(f"[{number:>3}]", style=style)
        t.append(" ")
    t.append(f" pile {view.pile_size}")
    if view.pile_bottom:
        t.append(f"\nKnown at the bottom of the pile: {', '.join(map(str, view.pile_bottom))}", style="dim")
    nxt, after = next_nodes(view)
    if nxt is not None:
        t.append("\nScores next: ")
        t.append(f"node {nxt}", style=NEXT_STYLE)
        t.append(f" → {_province_list(view, nxt)}")
    if after is not None:
        t.append("\nThen: ")
        t.append(f"node {after}", style=AFTER_STYLE)
        t.append(f" → {_province_list(view, after)}")
    return t


def _pieces(view: KretaView, province: int) -> Text:
    t = Text()
    for s in range(view.num_players):
        glyphs = (
            (ABBOT if view.abbots[s] == province else "")
            + VILLAGER * view.villagers[s][province]
            + VILLAGE * view.villages[s][province]
            + SHIP * view.ships[s].count(province)
        )
        if glyphs:
            if t:
                t.append(" ")
            t.append(glyphs, style=SEAT_STYLES[s % len(SEAT_STYLES)])
    return t


def _nodes(view: KretaView, province: int, nxt: int | None, after: int | None) -> Text:
    owner = {n: s for s in range(view.num_players) for n in view.forts[s]}
    t = Text()
    for k, n in enumerate(view.board.nodes_of[province]):
        if k:
            t.append(" ")
        style = SEAT_STYLES[owner[n] % len(SEAT_STYLES)] if n in owner else "dim"
        if n == nxt:
            style = NEXT_STYLE
        elif n == after:
            style = AFTER_STYLE
        t.append(f"{n}{'♜' if n in owner else ''}", style=style)
    return t


def _provinces(view: KretaView, names: Sequence[str]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1))
    table.add_column("Province", no_wrap=True)
    table.add_column("Type", no_wrap=True)
    table.add_column("VP", justify="right")
    table.add_column("Tile", no_wrap=True)
    table.add_column("Nodes (♜ fort)", no_wrap=True)
    table.add_column("Pieces", no_wrap=True)
    for s in range(view.num_players):
        head = seat_text(names, s)
        head.truncate(6, overflow="ellipsis")
        table.add_column(head, justify="right", no_wrap=True)
    nxt, after = next_nodes(view)
    scoring_next = set(view.board.node(nxt).provinces) if nxt is not None else set()
    for p in view.board.provinces:
        inf = influence(view, p.index)
        top = max(inf) if inf else 0
        second = max((v for v in inf if v < top), default=0)
        name = Text("▶ " if p.index in scoring_next else "  ", style=NEXT_STYLE if p.index in scoring_next else "")
        name.append(p.name, style="bold")
        kind = Text(p.kind, style=KIND_STYLES.get(p.kind, ""))
        if p.port:
            kind.append(" port")
        tile = view.tiles_on_board[p.index]
        cells: list[Text] = []
        for v in inf:
            if v == 0:
                cells.append(Text("·", style="dim"))
            elif v == top:
                cells.append(Text(str(v), style="bold reverse"))
            elif v == second and view.num_players >= 3:
                cells.append(Text(str(v), style="bold"))
            else:
                cells.append(Text(str(v)))
        table.add_row(
            name,
            kind,
            str(p.vp),
            Text(tile or "—", style="" if tile else "dim"),
            _nodes(view, p.index, nxt, after),
            _pieces(view, p.index),
            *cells,
        )
    return table


def _legend() -> Text:
    return Text(
        f"{ABBOT} abbot  {VILLAGER} villager  {VILLAGE} village (2)  {SHIP} ship in port  ♜ fort · "
        "influence per seat: first reversed, second bold",
        style="dim",
    )


def _count(items: Sequence[str]) -> str:
    return ", ".join(f"{items.count(x)} {x}" for x in dict.fromkeys(items)) or "none"


def _players(view: KretaView, names: Sequence[str]) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1))
    table.add_column("Seat", no_wrap=True)
    table.add_column("VP", justify="right")
    table.add_column("provinces+tiles", justify="right", no_wrap=True)
    table.add_column("Hand", no_wrap=True)
    table.add_column("Played", no_wrap=True)
    table.add_column("Tiles")
    table.add_column("Reserve", no_wrap=True)
    for s in range(view.num_players):
        name = Text("▶ " if s == view.to_act and view.phase != "over" else "  ")
        name.append_text(seat_text(names, s))
        if s == view.player:
            name.append(" (you)")
        hand = " ".join(CARD_SHORT.get(c, c) for c in _in_card_order(view.hands[s])) or "—"
        played = " ".join(CARD_SHORT.get(c, c) for c in view.played[s]) or "—"
        table.add_row(
            name,
            Text(str(view.scores[s]), style="bold"),
            f"{view.province_vp[s]}+{view.tile_vp[s]}",
            hand,
            Text(played, style="dim" if not view.played[s] else ""),
            _count(view.tiles[s]) if view.tiles[s] else Text("none", style="dim"),
            _reserve(view, s),
        )
    return table


def _in_card_order(cards: Sequence[str]) -> list[str]:
    return sorted(cards, key=lambda c: CARDS.index(c) if c in CARDS else len(CARDS))


def _reserve(view: KretaView, s: int) -> str:
    left = {
        "abbot": SUPPLY["abbot"] - (view.abbots[s] >= 0),
        "villager": SUPPLY["villager"] - sum(view.villagers[s]),
        "village": SUPPLY["village"] - sum(view.villages[s]),
        "ship": SUPPLY["ship"] - len(view.ships[s]),
        "fort": SUPPLY["fort"] - len(view.forts[s]),
    }
    glyph = {"abbot": ABBOT, "villager": VILLAGER, "village": VILLAGE, "ship": SHIP, "fort": "♜"}
    return " ".join(f"{glyph[k]}{v}" for k, v in left.items())


# ---------------------------------------------------------------- help


def explain(view: KretaView) -> str:
    """What the current phase asks of the player (for the ``help`` command)."""
    if view.phase == "castellan":
        return (
            "You scored with the Castellan and turned up the next fort card. Keep it, or put it under the "
            "draw pile and turn up the pile's top card instead (that one must be kept)."
        )
    if view.phase == "over":
        return "The game is over: the 11th scoring is done."
    if view.move_points:
        return (
            f"You are moving villagers with the Commander and have {view.move_points} movement point(s) left. "
            "Each step moves one of your villagers across one border. Stop when you like, as long as at least "
            "one villager has moved and no province is left over its limit of 7."
        )
    back = (
        "everyone takes their cards back"
        if getattr(view.options, "takeback", "all") == "all"
        else "you take your cards back (the others keep theirs lying: option takeback=castellan)"
    )
    return (
        "Play one character card from your hand and carry out its action. Admiral: place or move ships. "
        "Commander: place a villager, or move villagers with 4 steps across borders. Abbot: place your abbot "
        "or move it up to 3 provinces. Farmer: harvest the tiles linked to your ships by your villagers. "
        "Architect: build a fort on a node or a village (needs as many tiles as villages). King: repeat a "
        "card lying in front of you. Castellan: score the node of the leftmost face-up fort card, then "
        f"{back}. A province holding 7 abbots, villagers and villages is full."
    )


# ---------------------------------------------------------------- the log


def describe(event: Event, names: Sequence[str]) -> str:
    """One line in words for an event of the Kreta core (unknown kinds get a plain fallback)."""
    fn = _DESCRIBE.get(event.kind)
    if fn is None:
        return generic(event, names)
    if event.kind == "takeback" and event.seat < 0:
        return "Everyone takes their played cards back into hand."
    try:
        return fn(seat_name(names, event.seat), event.data, names)
    except (IndexError, TypeError, ValueError):
        return generic(event, names)


def generic(event: Event, names: Sequence[str]) -> str:
    """The fallback line for an event kind (or shape) this module does not know."""
    data = ", ".join(map(str, event.data))
    who = f"{seat_name(names, event.seat)}: " if event.seat >= 0 else ""
    return f"{who}{event.kind}" + (f" ({data})" if data else "")


def _place_name(pid: object) -> str:
    """A province id as a name (events carry ids; the shipped board's names are its ids capitalised)."""
    text = str(pid).replace("_", " ").replace("-", " ")
    return " ".join(w[:1].upper() + w[1:] for w in text.split())


def _card(c: object) -> str:
    return CARD_NAMES.get(str(c), str(c))


def _start(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    return f"A new game of Kreta: {who} starts."


def _setup(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    return "The game starts from an explicit set-up."


def _play(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    return f"{who} plays the {_card(data[0])}."


def _copy(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    return f"{who}'s King carries out the {_card(data[0])} again."


def _place(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    piece, where = data[0], _place_name(data[1])
    if piece == "abbot":
        return f"{who} puts their abbot into {where}."
    if piece == "ship":
        return f"{who} puts a ship into the port of {where}."
    return f"{who} puts a {piece} into {where}."


def _move(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    piece, frm, to = data[0], _place_name(data[1]), _place_name(data[2])
    if piece == "abbot":
        return f"{who} moves their abbot from {frm} to {to}."
    if piece == "ship":
        return f"{who} sails a ship from {frm} to {to}."
    return f"{who} moves a {piece} from {frm} to {to}."


def _stop(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    left = data[0]
    return f"{who} ends the Commander's movement with {left} point{'' if left == 1 else 's'} unused."


def _build(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    if data[0] == "fort":
        return f"{who} builds a fort on node {data[1]}."
    return f"{who} builds a {data[0]} in {_place_name(data[1])}."


def _harvest(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    return f"{who} harvests the {data[1]} of {_place_name(data[0])}: +{data[2]} VP."


def _scoring(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    return f"{who} plays the Castellan: scoring {data[0]}, at node {data[1]}."


def _province(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    pid, vp, raw = data[0], data[1], data[2]
    inf = list(raw) if isinstance(raw, (tuple, list)) else []
    parts = ", ".join(f"{seat_name(names, s)} {v}" for s, v in enumerate(inf) if v) or "nobody"
    return f"{_place_name(pid)} ({vp} VP) is scored. Influence: {parts}."


def _score(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    return f"{who} scores {data[1]} VP for {_place_name(data[0])} (influence {data[2]})."


def _spent(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    return f"The fort card of node {data[1]} is spent."


def _reveal(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    slot, node = data[0], data[1]
    position = f"slot {slot + 1}" if isinstance(slot, int) else f"slot {slot}"
    return f"Fort card turned up in {position}: node {node}."


def _keep(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    return f"{who} keeps the fort card of node {data[1]}."


def _replace(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    return f"{who} puts node {data[1]} under the draw pile and turns up node {data[2]} instead."


def _takeback(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    """Option takeback=castellan: only the Castellan's player (seat -1, every player: see describe)."""
    return f"{who} takes their played cards back into hand."


def _end(who: str, data: tuple[object, ...], names: Sequence[str]) -> str:
    scores, winners = data[0], data[1]
    totals = ", ".join(f"{seat_name(names, s)} {v}" for s, v in enumerate(scores)) if isinstance(scores, tuple) else ""
    won = [seat_name(names, s) for s in winners] if isinstance(winners, tuple) else []
    verdict = f"{' and '.join(won)} win{'s' if len(won) == 1 else ''}" if won else "no winner"
    return f"Game over. Final scores: {totals} — {verdict}."


_DESCRIBE: dict[str, Callable[[str, tuple[object, ...], Sequence[str]], str]] = {
    "start": _start,
    "setup": _setup,
    "play": _play,
    "copy": _copy,
    "place": _place,
    "move": _move,
    "stop": _stop,
    "build": _build,
    "harvest": _harvest,
    "scoring": _scoring,
    "province": _province,
    "score": _score,
    "spent": _spent,
    "reveal": _reveal,
    "keep": _keep,
    "replace": _replace,
    "takeback": _takeback,
    "end": _end,
}
