"""Waiting for the database to come back: what a change nobody is waiting on (a bot's move, a turn timer
running out, a catch-up) does when the store answers ``unavailable``.

A person's action that could not be stored is refused, and the person tries again; a bot or a timer has
nobody to tell, so it tries again itself, a little later each time, for as long as the change is still
wanted (the table may have moved on, or the room been unloaded, meanwhile). The wait is a real one: it is
for another program, not part of the table's pace (which :class:`.bots.BotDriver`'s ``sleep`` is).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable

from ..language.refusals import Refusal
from ..play.match import MatchError
from ..storage.errors import Kind, StoreError

log = logging.getLogger("ludoteca.web")

FIRST_WAIT = 0.25
"""Seconds before the first new attempt; each later one waits twice as long, up to :data:`LONGEST_WAIT`."""
LONGEST_WAIT = 4.0
"""The longest wait between attempts: a database back after a restart is used within this many seconds."""


def unavailable(error: Exception) -> bool:
    """Whether ``error`` says the database is unavailable (the same change may succeed in a moment)."""
    if isinstance(error, MatchError):
        return error.code is Refusal.UNAVAILABLE
    return isinstance(error, StoreError) and error.kind is Kind.UNAVAILABLE


async def until_stored(change: Callable[[], Awaitable[object]], wanted: Callable[[], bool], what: str) -> bool:
    """Run ``change`` until it does not fail for an unavailable database, or is no longer ``wanted``: whether
    it ran to its end. Any other error reaches the caller."""
    wait = FIRST_WAIT
    while True:
        try:
            await change()
            return True
        except (MatchError, StoreError) as error:
            if not unavailable(error):
                raise
        if not wanted():
            return False
        log.warning("%s: the database is unavailable; trying again in %.2f s", what, wait)
        await asyncio.sleep(wait)
        wait = min(2 * wait, LONGEST_WAIT)
        if not wanted():
            return False
