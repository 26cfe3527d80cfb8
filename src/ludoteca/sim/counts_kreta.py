"""Per-seat counts of one Kreta game: the character cards played and the scorings each seat started or won,
read from the public event log (everything that matters in Kreta is public)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludoteca.core.events import Event
from ludoteca.kreta.components import CARDS
from ludoteca.kreta.scoring import places

PLAY_NAMES = tuple(f"play_{card}" for card in CARDS)

NAMES = (*PLAY_NAMES, "king_copies", "scorings_started", "provinces_won", "provinces_second")
"""The count columns (``n_<name>``). ``provinces_won``: provinces scored with the most influence (ties
count for each tied seat); ``provinces_second``: second place (3 and 4 players)."""


def count(players: int, moves: Sequence[tuple[int, Any]], events: Sequence[Event]) -> dict[str, list[int]]:
    out = {name: [0] * players for name in NAMES}
    for event in events:
        kind = event.kind
        if kind == "play":
            out[f"play_{event.data[0]}"][event.seat] += 1
        elif kind == "copy":
            out["king_copies"][event.seat] += 1
        elif kind == "scoring":
            out["scorings_started"][event.seat] += 1
        elif kind == "province":
            influences: tuple[int, ...] = event.data[2]  # type: ignore[assignment]
            top, second = places(influences)
            if not top:
                continue
            for seat, x in enumerate(influences):
                if x == top:
                    out["provinces_won"][seat] += 1
                elif second and x == second:
                    out["provinces_second"][seat] += 1
    return out


def rounds(players: int, events: Sequence[Event]) -> int:
    """Turns round the table: character cards played ÷ players."""
    return sum(1 for e in events if e.kind == "play") // players


def start_player(events: Sequence[Event]) -> int:
    """The seat that started the game."""
    return next((e.seat for e in events if e.kind == "start"), -1)
