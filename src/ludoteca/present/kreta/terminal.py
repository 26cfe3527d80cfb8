"""Kreta in the terminal: a player's view drawn with rich, in the words of :mod:`.words`.

Pure: it reads a :class:`~ludoteca.kreta.view.KretaView` (never the true state) and returns something to
print. The table shows what a player weighs before a turn: the fort-card row with the nodes that score
next and the provinces they touch, every province with its pieces and each seat's influence there (the
figure a scoring would use), then the players' scores, hands, played cards, harvested tiles and reserves.
Seats are drawn in their colours. Every word goes through the translator ``tr`` (English when none is
given), the same catalogues as the web's.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich import box
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ludoteca.kreta.components import CARDS, SUPPLY
from ludoteca.kreta.view import KretaView
from ludoteca.present.common import ENGLISH, seat_name
from ludoteca.present.i18n import Translator

from .words import board_name, card_name, kind_name, rules_text, tile_name

SEAT_STYLES = ("bold #e0303a", "bold #3f7fff", "bold #e6c200", "bold #2eae5b")
"""Red, Blue, Yellow, Green: the seat colours of the game, whatever the players are called."""
KIND_STYLES = {"plain": "#e6c200", "hill": "#6fb33f", "mountain": "#b07a45"}
ABBOT, VILLAGER, VILLAGE, SHIP = "✝", "●", "⌂", "⚓"
NEXT_STYLE = "bold black on #ffd400"
AFTER_STYLE = "black on #fff1a8"


def seat_text(names: Sequence[str], seat: int, tr: Translator = ENGLISH) -> Text:
    return Text(seat_name(names, seat, tr), style=SEAT_STYLES[seat % len(SEAT_STYLES)] if seat >= 0 else "")


def short_card(card: str, tr: Translator) -> str:
    """A character card's name cut short for the players' table: its first three letters, or as many more as
    tell it from every other card in this language (German "Baue" Bauer and "Baum" Baumeister, not "Bau"
    twice)."""
    name = card_name(card, tr)
    others = [card_name(c, tr).lower() for c in CARDS if c != card]
    size = 3
    while size < len(name) and any(other.startswith(name[:size].lower()) for other in others):
        size += 1
    return name[:size]


def next_nodes(view: KretaView) -> tuple[int | None, int | None]:
    """The node the next scoring takes (the leftmost face-up fort card) and the one after it."""
    up = [n for i, n in enumerate(view.fort_row) if i >= view.scorings and n is not None]
    return (up[0] if up else None, up[1] if len(up) > 1 else None)


# ---------------------------------------------------------------- the table


def render(view: KretaView, names: Sequence[str], tr: Translator = ENGLISH) -> RenderableType:
    """The table as ``view.player`` sees it: header, fort-card row, provinces, players."""
    return Group(
        _header(view, names, tr),
        _fort_row(view, tr),
        _provinces(view, names, tr),
        _legend(tr),
        _players(view, names, tr),
    )


def _header(view: KretaView, names: Sequence[str], tr: Translator) -> Text:
    total = len(view.fort_row)
    t = Text()
    t.append("Kreta", style="bold")
    if view.phase == "over" or view.to_act < 0:
        t.append(" · " + tr("all %(n)d scorings done") % {"n": view.scorings} + " · ")
        t.append(tr("Game over"), style="bold")
    else:
        t.append(" · " + tr("Scoring %(number)d of %(total)d to come") % {"number": view.scorings + 1, "total": total})
        t.append(" · ")
        t.append_text(seat_text(names, view.to_act, tr))
        if view.phase == "castellan":
            t.append(" " + tr("to keep or replace the fort card just turned up"))
        elif view.move_points:
            t.append(
                " "
                + tr.ngettext(
                    "moving villagers: %(n)d movement point left (step a->b, or stop)",
                    "moving villagers: %(n)d movement points left (step a->b, or stop)",
                    view.move_points,
                )
                % {"n": view.move_points}
            )
        else:
            t.append(" " + tr("to play a character card"))
    t.append(" · " + tr("start player") + " ")
    t.append_text(seat_text(names, view.start_player, tr))
    t.append(
        "\n"
        + tr("Board: %(board)s · rules: %(rules)s") % {"board": board_name(view, tr), "rules": rules_text(view, tr)},
        style="dim",
    )
    return t


def _province_list(view: KretaView, node: int) -> str:
    board = view.board
    try:
        touching = board.node(node).provinces
    except KeyError:
        return "?"
    return ", ".join(f"{board.provinces[i].name} ({board.provinces[i].vp})" for i in touching)


def _fort_row(view: KretaView, tr: Translator) -> Text:
    t = Text(tr("Fort cards") + " ", style="bold")
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
    t.append(" " + tr("pile %(n)d") % {"n": view.pile_size})
    if view.pile_bottom:
        t.append(
            "\n" + tr("Known at the bottom of the pile: %(nodes)s") % {"nodes": ", ".join(map(str, view.pile_bottom))},
            style="dim",
        )
    nxt, after = next_nodes(view)
    if nxt is not None:
        t.append("\n" + tr("Scores next:") + " ")
        t.append(tr("node %(number)d") % {"number": nxt}, style=NEXT_STYLE)
        t.append(f" → {_province_list(view, nxt)}")
    if after is not None:
        t.append("\n" + tr("Then:") + " ")
        t.append(tr("node %(number)d") % {"number": after}, style=AFTER_STYLE)
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


def _provinces(view: KretaView, names: Sequence[str], tr: Translator) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1))
    table.add_column(tr("Province"), no_wrap=True)
    table.add_column(tr("Type"), no_wrap=True)
    table.add_column(tr("VP"), justify="right")
    table.add_column(tr("Tile"), no_wrap=True)
    table.add_column(tr("Nodes (♜ fort)"), no_wrap=True)
    table.add_column(tr("Pieces"), no_wrap=True)
    for s in range(view.num_players):
        head = seat_text(names, s, tr)
        head.truncate(6, overflow="ellipsis")
        table.add_column(head, justify="right", no_wrap=True)
    nxt, after = next_nodes(view)
    scoring_next = set(view.board.node(nxt).provinces) if nxt is not None else set()
    for p in view.board.provinces:
        inf = view.influences(p.index)
        top = max(inf) if inf else 0
        second = max((v for v in inf if v < top), default=0)
        name = Text("▶ " if p.index in scoring_next else "  ", style=NEXT_STYLE if p.index in scoring_next else "")
        name.append(p.name, style="bold")
        kind = Text(kind_name(p.kind, tr), style=KIND_STYLES.get(p.kind, ""))
        if p.port:
            kind.append(" " + tr("port"))
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
            Text(tile_name(tile, tr) if tile else "—", style="" if tile else "dim"),
            _nodes(view, p.index, nxt, after),
            _pieces(view, p.index),
            *cells,
        )
    return table


def _legend(tr: Translator) -> Text:
    return Text(
        f"{ABBOT} {tr('abbot')}  {VILLAGER} {tr('villager')}  {VILLAGE} {tr('village (2)')}  "
        f"{SHIP} {tr('ship in port')}  ♜ {tr('fort')} · {tr('influence per seat: first reversed, second bold')}",
        style="dim",
    )


def _count(items: Sequence[str], tr: Translator) -> str:
    return ", ".join(f"{items.count(x)} {tile_name(x, tr)}" for x in dict.fromkeys(items)) or tr("none")


def _players(view: KretaView, names: Sequence[str], tr: Translator) -> Table:
    table = Table(box=box.SIMPLE_HEAD, show_edge=False, pad_edge=False, padding=(0, 1))
    table.add_column(tr("Seat"), no_wrap=True)
    table.add_column(tr("VP"), justify="right")
    table.add_column(tr("provinces+tiles"), justify="right", no_wrap=True)
    table.add_column(tr("Hand"), no_wrap=True)
    table.add_column(tr("Played"), no_wrap=True)
    table.add_column(tr("Tiles"))
    table.add_column(tr("Reserve"), no_wrap=True)
    for s in range(view.num_players):
        name = Text("▶ " if s == view.to_act and view.phase != "over" else "  ")
        name.append_text(seat_text(names, s, tr))
        if s == view.player:
            name.append(" " + tr("(you)"))
        hand = " ".join(short_card(c, tr) for c in _in_card_order(view.hands[s])) or "—"
        played = " ".join(short_card(c, tr) for c in view.played[s]) or "—"
        table.add_row(
            name,
            Text(str(view.scores[s]), style="bold"),
            f"{view.province_vp[s]}+{view.tile_vp[s]}",
            hand,
            Text(played, style="dim" if not view.played[s] else ""),
            _count(view.tiles[s], tr) if view.tiles[s] else Text(tr("none"), style="dim"),
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


def explain(view: KretaView, tr: Translator = ENGLISH) -> str:
    """What the current phase asks of the player (for the ``help`` command)."""
    if view.phase == "castellan":
        return tr(
            "You scored with the Castellan and turned up the next fort card. Keep it, or put it under the "
            "draw pile and turn up the pile's top card instead (that one must be kept)."
        )
    if view.phase == "over":
        return tr("The game is over: the 11th scoring is done.")
    if view.move_points:
        return tr(
            "You are moving villagers with the Commander and have %(n)d movement point(s) left. "
            "Each step moves one of your villagers across one border. Stop when you like, as long as at least "
            "one villager has moved and no province is left over its limit of 7."
        ) % {"n": view.move_points}
    back = (
        tr("everyone takes their cards back")
        if view.options.takeback == "all"
        else tr("you take your cards back (the others keep theirs lying: option takeback=castellan)")
    )
    return tr(
        "Play one character card from your hand and carry out its action. Admiral: place or move ships. "
        "Commander: place a villager, or move villagers with 4 steps across borders. Abbot: place your abbot "
        "or move it up to 3 provinces. Farmer: harvest the tiles linked to your ships by your villagers. "
        "Architect: build a fort on a node or a village (needs as many tiles as villages). King: repeat a "
        "card lying in front of you. Castellan: score the node of the leftmost face-up fort card, then "
        "%(takeback)s. A province holding 7 abbots, villagers and villages is full."
    ) % {"takeback": back}
