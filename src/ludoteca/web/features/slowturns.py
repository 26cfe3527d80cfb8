"""Slow games: turn timers of hours or days that survive restarts and unloaded rooms.

A turn's deadline is when the turn began plus the game's ``turn_seconds``, and when the turn began is
stored: the time of the last action (``actions.at``), or the game's creation before the first action.
A room loaded in the middle of a turn — after a restart, or after it was unloaded — counts from that
stored time (:func:`.live.turns.stored_turn`, :func:`~.live.turns.turn_began`), so a server that was down
while a deadline passed hands the seat to a bot as soon as the game is loaded again, exactly as the timer would have.

Only a deadline within :data:`.live.turns.HORIZON` holds a timer in the event loop; a room whose deadline is
further away counts as idle and may be unloaded. Every :data:`SWEEP_SECONDS` the :func:`sweep` arms
the live rooms whose deadline has come near and loads the stored games whose deadline has passed
(:meth:`.store.Store.overdue_games`) — loading arms their timer, which then runs out at once. What
happens then is what happens to a short timer: a bot takes the seat, and its owner can take it back.

A turn can also begin without an action: a public game's first turn when its last open seat is taken.
That moment is stored too (``games.turn_started``, with the seat: :meth:`.store.Store.take_seat`); a turn began at the
later of that and the last action. A seat taken back from the bot in its own turn does *not* begin it
again: the turn keeps its deadline (once it has passed, the turn is the bot's), or leaving and taking
back would hold a game for ever.
"""

from __future__ import annotations

import asyncio
import logging
import time

from ludoteca.core.errors import LudotecaError

from ..hosting.config import SWEEP_SECONDS
from ..live.front import Tables
from ..storage.errors import StoreError

log = logging.getLogger("ludoteca.web")


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
