"""Slow games: turn timers of hours or days that survive restarts and unloaded rooms.

A turn's deadline is when the turn began plus the game's ``turn_seconds``, and when the turn began is
stored: the time of the last action (``actions.at``), or the game's creation before the first action.
A room loaded in the middle of a turn — after a restart, or after it was unloaded — counts from that
stored time (:func:`stored_turn`, :func:`turn_began`), so a server that was down while a deadline
passed hands the seat to a bot as soon as the game is loaded again, exactly as the timer would have.

Only a deadline within :data:`HORIZON` holds a timer in the event loop; a room whose deadline is
further away counts as idle and may be unloaded. Every :data:`SWEEP_SECONDS` the :func:`sweep` arms
the live rooms whose deadline has come near and loads the stored games whose deadline has passed
(:meth:`.store.Store.overdue_games`) — loading arms their timer, which then runs out at once. What
happens then is what happens to a short timer: a bot takes the seat, and its owner can take it back.

A turn can also begin without an action: a public game's first turn when its last open seat is taken.
That moment is stored too (``games.turn_started``, :meth:`.store.Store.restart_turn`); a turn began at the
later of that and the last action. A seat taken back from the bot in its own turn does *not* begin it
again: the turn keeps its deadline (once it has passed, the turn is the bot's), or leaving and taking
back would hold a game for ever.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from ludoteca.core.errors import LudotecaError

from .config import SWEEP_SECONDS
from .store import StoredGame, StoreError

if TYPE_CHECKING:
    from .tables import Tables

log = logging.getLogger("ludoteca.web")

HORIZON = 600.0
"""Seconds before a deadline at which a live room holds a timer for it (more than :data:`SWEEP_SECONDS`,
so no deadline falls between two sweeps unarmed)."""


def stored_turn(stored: StoredGame) -> tuple[int, float] | None:
    """(version, when that turn began) of a stored game: the later of its last action's time (its creation
    before the first action) and the moment a turn's time began again without an action (the last open
    seat of a public game taken; servers before #24 also stored a seat taken back from the bot)."""
    version = len(stored.actions)
    restarted = stored.game.turn_started
    last = stored.actions[-1].at if stored.actions else None
    if restarted is not None and (last is None or restarted >= last):
        return version, restarted
    if last is not None:
        return version, last
    if stored.game.public:
        return None  # seats still open when it was stored: the first turn begins when the last is taken
    return 0, stored.game.created


def turn_began(stored: tuple[int, float] | None, version: int, now: float) -> float:
    """When the turn at ``version`` began: as stored if the room was loaded during it, else ``now`` (a
    turn that began in this process gets its whole time)."""
    if stored is not None and stored[0] == version:
        return min(stored[1], now)
    return now


async def sweep(tables: Tables, now: float | None = None) -> int:
    """Arm the live rooms' near deadlines and load the stored games whose deadline has passed; how many
    games were loaded."""
    tables.arm_timers()
    loaded = 0
    for game_id in await tables.store.overdue_games(time.time() if now is None else now):
        if game_id in tables.rooms:
            continue  # live: its own timer acts (or the turn was given back its time)
        try:
            room = await tables.get(game_id)
        except (LudotecaError, StoreError) as e:  # a full server, an unreadable game: the next sweep tries again
            log.warning("slow turns: could not load game %s: %s", game_id, e)
            continue
        if room is not None:
            loaded += 1
    return loaded


async def run(tables: Tables, every: float = SWEEP_SECONDS) -> None:
    """Sweep every ``every`` seconds until cancelled (the app's lifespan starts and stops it)."""
    while True:
        await asyncio.sleep(every)
        try:
            await sweep(tables)
        except Exception:
            log.exception("slow turns: the sweep failed")
