"""Turn timers: each new turn gets its deadline, and a seat whose time runs out is handed to its bot.

A turn's deadline is counted from when the turn began as stored (the last action), not from when the room
was loaded, and only a deadline within :data:`.turns.HORIZON` holds a timer in the event loop: a slow
game's turn of three days leaves its room unloadable, and the sweep of
:mod:`ludoteca.web.features.slowturns` brings it back when its time is up.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from .events import Change
from .ownership import Ownership
from .registry import Registry
from .retry import until_stored
from .room import Room
from .turns import HORIZON, turn_began
from .write_path import WritePath

log = logging.getLogger("ludoteca.web")


class Timers:
    """Each live room's turn deadline, on ``clock`` (unix seconds); a seat whose time ran out is handed to
    its bot through the write path."""

    def __init__(
        self, registry: Registry, ownership: Ownership, write_path: WritePath, clock: Callable[[], float]
    ) -> None:
        self.registry = registry
        self.ownership = ownership
        self.write_path = write_path
        self.clock = clock

    def follow(self, change: Change) -> None:
        """After a change (:attr:`.TableEvents.changed`): the turn's deadline follows it."""
        self.arm(change.room)

    def arm(self, room: Room) -> None:
        """Give a new turn its deadline — from when it began as stored if the room was loaded during it,
        else from now — and hold a timer for it once the deadline is within :data:`.HORIZON`
        (called again by the sweep, so a far deadline needs no timer until it comes near)."""
        match = room.match
        if not match.waiting and (room.turn is None or room.turn[0] != match.version):
            began, room.stored_turn = turn_began(room.stored_turn, match.version, self.clock()), None
            room.turn = (match.version, began)
        seat = match.human_to_act()
        key = None if seat is None or not match.turn_seconds or room.turn is None else (match.version, seat)
        deadline = None if key is None or room.turn is None else room.turn[1] + (match.turn_seconds or 0)
        if key != room.timed or deadline != room.deadline:
            if room.timer is not None:
                room.timer.cancel()
            room.timer, room.deadline, room.timed = None, deadline, key
        if key is None or room.deadline is None or room.timer is not None:
            return
        if not room.owned:
            self.ownership.claim_soon(room)
            return
        left = room.deadline - self.clock()
        if left <= HORIZON:
            loop = asyncio.get_running_loop()
            room.timer = loop.call_later(max(0.0, left), lambda: loop.create_task(self._expire(room, key)))

    def arm_timers(self) -> None:
        """Hold a timer for every live room whose deadline has come within :data:`.HORIZON`."""
        for room in list(self.registry.rooms.values()):
            self.arm(room)

    async def _expire(self, room: Room, key: tuple[int, int]) -> None:
        version, seat = key

        def due() -> bool:
            return room.owned and room.match.version == version and room.match.human_to_act() == seat

        if due():
            log.info("game %s: seat %d ran out of time; a bot takes over", room.match.id, seat)
            try:  # the seat goes to its bot once the database takes it (and the turn is still that seat's)
                await until_stored(
                    lambda: self.write_path.set_autoplay(room, seat, True), due, f"game {room.match.id}, timer"
                )
            except Exception:  # never silently
                log.exception("game %s: seat %d ran out of time, but no bot could take it", room.match.id, seat)

    def drop(self, room: Room) -> None:
        """The room left memory (:attr:`.TableEvents.unloaded`): its timer is dropped, the store keeps the
        deadline (:mod:`ludoteca.web.features.slowturns`)."""
        if room.timer is not None:
            room.timer.cancel()
            room.timer = None

    def close(self) -> None:
        """The server is closing: no timer runs out any more."""
        for room in self.registry.rooms.values():
            if room.timer is not None:
                room.timer.cancel()
