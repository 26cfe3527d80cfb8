"""Print the action-id and observation-slot tables of ``docs/rl.md`` from the encodings themselves.

The tables are generated, not typed, so they cannot drift from the code: ``scripts/rl_docs.py`` prints
them, ``scripts/rl_docs.py --write`` puts them into ``docs/rl.md`` between the two marker comments (a
test checks that the docs hold what this prints). Each table folds runs of ids or slots that belong
together (one verb, one block, one seat) into a single row.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from ludoteca.rl.encoding import Encoding, encoding_for

VERRAETER_SLOTS = {
    "round": "the round under way, and the number of rounds in the game",
    "phase": "one-hot: setup (Gutshof placement), conflict, draft, supply, build, draw (hand limit), over",
    "to_act": "one-hot: the seat to act (all zero once the game is over)",
    "start_player": "one-hot: the start player",
    "strategy_holder": "one-hot: the holder of the strategy card (sets the next conflict)",
    "conflict": "one-hot: the border the conflict card lies on (all zero before it is set)",
    "landscapeN.type": "one-hot: the landscape's type (fixed for the game; its CP/VP follow from the options)",
    "landscapeN.rose": "1 if the Rose side is face up, 0 for Eagle",
    "landscapeN.estate": "one-hot: the seat whose estate card lies under it (none: all zero)",
    "landscapeN.kontor": "1 if that estate card shows its Kontor side",
    "all_same_at_start": "1 if every seat supported the same house when the round began (Diplomat +5, 2008)",
    "hand": "the observer's supply cards, counted by value (a spectator: all zero)",
    "offered": "the action cards the observer was offered in this round's draft",
    "seat+k.rose": "1 if the seat supports Rose, 0 for Eagle",
    "seat+k.reserve": "estate cards still in the seat's reserve",
    "seat+k.hand_size": "supply cards in the seat's hand",
    "seat+k.played": "supply cards the seat played face up this round, by value",
    "seat+k.has_chosen": "1 once the seat has kept an action card this round",
    "seat+k.chosen": "one-hot: the seat's action card if the observer knows it (its own, or after the reveal)",
    "seat+k.vp": "victory points by source, and the total (Kontor only at the end)",
    "revealed": "1 once this round's action cards are revealed",
    "strength": "Eagle's and Rose's strength once the conflict is resolved (else 0)",
    "conflict_winner": "one-hot: Eagle, Rose, a tie, or not resolved yet",
    "pending_draw": "in the draw phase, the cards the observer is about to draw (its hand-limit choice)",
    "draw_pile_size": "cards in the draw pile",
    "discard": "the public discard pile, counted by value",
}
KRETA_SLOTS = {
    "phase": "one-hot: play a character card (or go on with a movement), the Castellan's keep/replace, over",
    "to_act": "one-hot: the seat to act (all zero once the game is over)",
    "start_player": "one-hot: the start player",
    "seat+k.abbot": "one-hot: the province of the seat's abbot (in reserve: all zero)",
    "seat+k.villagers": "the seat's villagers per province",
    "seat+k.villages": "the seat's villages per province",
    "seat+k.ships": "the seat's ships per port",
    "seat+k.forts": "1 per node holding one of the seat's forts",
    "seat+k.tiles": "farm tiles the seat harvested, by kind",
    "seat+k.hand": "character cards in the seat's hand (public in Kreta)",
    "seat+k.played": "character cards lying face up in front of the seat",
    "seat+k.vp": "victory points from province scorings and farm tiles, and the total",
    "tile_on_board.PROVINCE": "one-hot: the farm tile still lying in the province (none: all zero)",
    "fort_cardK": "one-hot: the node of face-up fort card K (1: scored next, 2: after it)",
    "scorings": "scorings done so far",
    "scored": "the nodes scored so far (a count per node)",
    "pile_size": "fort cards in the draw pile",
    "pile_bottom": "fort cards known to lie at the bottom of the pile (put back by a Castellan)",
    "move_points": "movement points left in the Commander's movement under way (0: none)",
    "move_start": "during a movement: the moving seat's villagers per province when it began",
}
MEANINGS = {"verraeter": VERRAETER_SLOTS, "kreta": KRETA_SLOTS}
_REPEATED = (
    (re.compile(r"^seat\+(\d+)(\..*)?$"), "seat", "seat+k"),
    (re.compile(r"^landscape(\d+)(\..*)?$"), "landscape", "landscapeN"),
    (re.compile(r"^tile_on_board\.([^.]+)()$"), "tile_on_board", "tile_on_board.PROVINCE"),
    (re.compile(r"^fort_card(\d+)()$"), "fort_card", "fort_cardK"),
)


def _generic(block: str) -> tuple[str, str, str]:
    """``(group, instance, generic name)``: ``seat+2.vp`` → ``("seat", "2", "seat+k.vp")``; a block that
    is not repeated is its own group."""
    for pattern, group, generic in _REPEATED:
        m = pattern.match(block)
        if m:
            return group, m.group(1), generic + (m.group(2) or "")
    return block, "", block


def _labels(slots: list[str], name: str, first: int, count: int) -> str:
    labels = [s[len(name) + 1 :] for s in slots[first : first + count] if s != name]
    return ", ".join(labels) if len(labels) <= 8 else f"{', '.join(labels[:4])}, …, {labels[-1]}"


def _bound(high: Any, first: int, count: int) -> str:
    most = sorted({float(h) for h in high[first : first + count]})
    return "/".join(f"{m:g}" for m in most) if len(most) <= 3 else f"{most[0]:g}–{most[-1]:g}"


def slot_table(game: str, enc: Encoding) -> list[str]:
    """One row per block; a group repeated per seat, landscape, province or fort card shows its first
    instance in full and the others as one row."""
    slots, high, meanings = enc.slots(), enc.observation_high(), MEANINGS[game]
    rows = ["| slots | count | block | labels | at most | meaning |", "| --- | --- | --- | --- | --- | --- |"]
    first_instance: dict[str, str] = {}
    pending: list[Any] = []  # [group, first slot, last slot, instances]

    def flush() -> None:
        if pending:
            _, a, b, seen = pending
            which = seen[0] if len(seen) == 1 else f"{seen[0]} … {seen[-1]}"
            rows.append(f"| {a}–{b} | {b - a + 1} | the same for {which} | | | |")
            pending.clear()

    for name, first, count in enc.slot_blocks():
        group, instance, generic = _generic(name)
        first_instance.setdefault(group, instance)
        if instance != first_instance[group]:
            label = name.split(".")[0] if group != "tile_on_board" else name
            if pending and pending[0] == group:
                pending[2] = first + count - 1
                if pending[3][-1] != label:
                    pending[3].append(label)
            else:
                flush()
                pending.extend([group, first, first + count - 1, [label]])
            continue
        flush()
        shown = f"`{generic}`" if generic == name else f"`{generic}` (`{name}`)"
        rows.append(
            f"| {first}–{first + count - 1} | {count} | {shown} | {_labels(slots, name, first, count)} "
            f"| {_bound(high, first, count)} | {meanings.get(generic, '')} |"
        )
    flush()
    rows.append(f"\n{enc.observation_shape[0]} slots in all.")
    return rows


def _runs(names: list[str], key_of: Callable[[str], str]) -> Iterator[tuple[int, int, str]]:
    """Maximal runs ``(first, last, key)`` of consecutive names with the same key."""
    start = 0
    for i in range(1, len(names) + 1):
        if i == len(names) or key_of(names[i]) != key_of(names[start]):
            yield start, i - 1, key_of(names[start])
            start = i


def _verb(name: str) -> str:
    words = name.split()
    if words[0] == "king":
        return "king " + _verb(" ".join(words[1:]))
    if words[0] in ("admiral", "commander", "abbot"):
        if words[1].startswith("+"):
            return f"{words[0]} +PROVINCE"
        return f"{words[0]} a->b, c->d" if "," in name else f"{words[0]} a->b"
    if words[0] == "architect":
        return f"architect {words[1]}"
    if words[0] == "build":
        return "build N kontor" if name.endswith("kontor") else "build N"
    return words[0]


def action_table(enc: Encoding) -> list[str]:
    names = enc.action_names()
    rows = ["| ids | count | actions | first … last |", "| --- | --- | --- | --- |"]
    for first, last, verb in _runs(names, _verb):
        ends = f"`{names[first]}`" + (f" … `{names[last]}`" if last > first else "")
        rows.append(f"| {first}–{last} | {last - first + 1} | {verb} | {ends} |")
    rows.append(f"\n{enc.num_actions} action ids in all.")
    return rows


def tables() -> str:
    out: list[str] = []
    for game, title, players in (("verraeter", "Verräter", 4), ("kreta", "Kreta", 2)):
        enc = encoding_for(game, None, players)
        out += [f"### {title}: action ids", "", *action_table(enc), ""]
        out += [f"### {title}: observation slots ({players} players)", "", *slot_table(game, enc), ""]
    return "\n".join(out)


DOC = Path(__file__).resolve().parent.parent / "docs" / "rl.md"
BEGIN = "<!-- tables: generated by scripts/rl_docs.py --write -->"
END = "<!-- end of generated tables -->"


def with_tables(doc: str) -> str:
    """``doc`` with the text between the markers replaced by :func:`tables`."""
    head, _, rest = doc.partition(BEGIN)
    _, _, tail = rest.partition(END)
    return f"{head}{BEGIN}\n\n{tables()}\n{END}{tail}"


if __name__ == "__main__":
    if sys.argv[1:] == ["--write"]:
        DOC.write_text(with_tables(DOC.read_text(encoding="utf-8")), encoding="utf-8")
    else:
        sys.stdout.write(tables())
