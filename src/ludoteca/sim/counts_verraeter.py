"""Per-seat counts of one Verräter game: which action cards each seat took, and what they did with them.

Counted from the moves (the draft choices are private, so they come from the actions, not the public
log) and from the full event log, which a simulation may read because nobody is playing it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludoteca.core.events import Event
from ludoteca.verraeter.actions import Build, Discard, PlaySupply, TakeAction, TurnEstate
from ludoteca.verraeter.components import ACTION_KEYS, TRAITOR

TAKE_NAMES = tuple("take_" + key.replace("+", "") for key in ACTION_KEYS)
"""``take_traitor``, ``take_diplomat2``, ``take_diplomat5``, ``take_builder``, ``take_strategist``, ``take_farmer``."""

NAMES = (
    *TAKE_NAMES,
    "traitor_flips",
    "conflicts_won",
    "supply_cards",
    "builds",
    "turns",
    "discarded",
)
"""The count columns (``n_<name>``), fixed so that every game has every column."""


def count(players: int, moves: Sequence[tuple[int, Any]], events: Sequence[Event]) -> dict[str, list[int]]:
    out = {name: [0] * players for name in NAMES}
    for seat, action in moves:
        if isinstance(action, TakeAction):
            out[TAKE_NAMES[action.card]][seat] += 1
        elif isinstance(action, PlaySupply):
            out["supply_cards"][seat] += len(action.cards)
        elif isinstance(action, Build):
            out["builds"][seat] += 1
        elif isinstance(action, TurnEstate):
            out["turns"][seat] += 1
        elif isinstance(action, Discard):
            out["discarded"][seat] += len(action.cards)
    for seat in traitor_flips(events):
        out["traitor_flips"][seat] += 1
    for event in events:
        if event.kind == "score" and event.data[1] == "conflict":
            out["conflicts_won"][event.seat] += 1
    return out


def traitor_flips(events: Sequence[Event]) -> list[int]:
    """The seats whose Traitor switch decided a conflict: had they stayed on their side with the same supply,
    the conflict would have ended otherwise (the other side winning, or a tie instead of a win)."""
    flips: list[int] = []
    supply: dict[int, int] = {}
    traitors: list[tuple[int, int]] = []  # (seat, side after the switch)
    for event in events:
        kind = event.kind
        if kind == "round":
            supply, traitors = {}, []
        elif kind == "supply":
            supply[event.seat] = sum(int(v) for v in event.data)  # type: ignore[call-overload]
        elif kind == "switch" and event.data[1] == TRAITOR:
            traitors.append((event.seat, int(event.data[0])))  # type: ignore[call-overload]
        elif kind in ("won", "tie"):
            strength = event.data[1:3] if kind == "won" else event.data[0:2]
            actual = _outcome(int(strength[0]), int(strength[1]))  # type: ignore[call-overload]
            for seat, side in traitors:
                moved = [int(strength[0]), int(strength[1])]  # type: ignore[call-overload]
                s = supply.get(seat, 0)
                moved[side] -= s
                moved[1 - side] += s
                if _outcome(moved[0], moved[1]) != actual:
                    flips.append(seat)
    return flips


def _outcome(eagle: int, rose: int) -> int:
    return 0 if eagle > rose else 1 if rose > eagle else -1


def rounds(players: int, events: Sequence[Event]) -> int:
    """Rounds played."""
    return sum(1 for e in events if e.kind == "round")


def start_player(events: Sequence[Event]) -> int:
    """The seat that led the first round."""
    return next((e.seat for e in events if e.kind == "round"), -1)
