"""Perudo's simulation counters (the ``counters`` facet): per seat, bids made, doubts called and won, dice lost."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludoteca.core.events import Event

NAMES = ("bids", "dudos", "dudos_won", "dice_lost")


def count(players: int, moves: Sequence[tuple[int, Any]], events: Sequence[Event]) -> dict[str, list[int]]:
    out = {name: [0] * players for name in NAMES}
    for event in events:
        if event.kind == "bid":
            out["bids"][event.seat] += 1
        elif event.kind == "dudo":
            loser = event.data[4]
            assert isinstance(loser, int)
            out["dudos"][event.seat] += 1
            out["dudos_won"][event.seat] += loser != event.seat
            out["dice_lost"][loser] += 1
    return out


def rounds(players: int, events: Sequence[Event]) -> int:
    return sum(1 for e in events if e.kind == "round")


def start_player(events: Sequence[Event]) -> int:
    return next((e.seat for e in events if e.kind == "round"), -1)
