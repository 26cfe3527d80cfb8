"""When a turn began, as the store says, and how near a deadline must be to hold a timer in memory.

The rest of slow games (the sweep that brings back a game whose deadline passed while it was not live) is
:mod:`ludoteca.web.features.slowturns`.
"""

from __future__ import annotations

from ..storage.schema import StoredGame
from .room import Room

HORIZON = 600.0
"""Seconds before a deadline at which a live room holds a timer for it (more than the sweep's period,
:data:`ludoteca.web.hosting.config.SWEEP_SECONDS`, so no deadline falls between two sweeps unarmed)."""


def stored_turn(stored: StoredGame) -> tuple[int, float] | None:
    """(rows stored, when the turn after them began) of a stored game: the later of its last action's
    time (its creation before the first action) and the moment a turn's time began again without an action
    (the last open seat of a public game taken; servers before #24 also stored a seat taken back from the
    bot)."""
    played = len(stored.actions)
    restarted = stored.game.turn_started
    last = stored.actions[-1].at if stored.actions else None
    if restarted is not None and (last is None or restarted >= last):
        return played, restarted
    if last is not None:
        return played, last
    if stored.game.public:
        return None  # seats still open when it was stored: the first turn begins when the last is taken
    return 0, stored.game.created


def turn_began(stored: tuple[int, float] | None, played: int, now: float) -> float:
    """When the turn after ``played`` rows began: as stored if the room was loaded during it, else ``now``
    (a turn that began in this process gets its whole time)."""
    if stored is not None and stored[0] == played:
        return min(stored[1], now)
    return now


def time_up(room: Room, seat: int, now: float) -> bool:
    """Whether it is ``seat``'s turn in ``room`` and that turn's deadline has passed at ``now``."""
    match, turn = room.match, room.turn
    if match.to_act() != seat or not match.turn_seconds or turn is None or turn[0] != match.version:
        return False
    return now >= turn[1] + match.turn_seconds
