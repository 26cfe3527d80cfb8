"""Owning a game: in a site of several processes, a game's bots and turn timer run only in the process that
holds the game's lock.

The lock itself is the site's (:class:`.events.Site`, implemented by :mod:`ludoteca.web.features.cluster`);
this part asks for it when a live room needs an owner (a bot to move, a timer to run) and, once it has it,
catches the room up with what the previous owner stored. Alone (no site), this process owns every game.
"""

from __future__ import annotations

import asyncio
import logging

from .events import Change, Site
from .following import Follower
from .registry import Registry
from .room import Room

log = logging.getLogger("ludoteca.web")


class Ownership:
    """Which live games this process runs, over the site's locks (``site`` None: this process is the site)."""

    def __init__(self, site: Site | None, registry: Registry, follower: Follower) -> None:
        self.site = site
        self.registry = registry
        self.follower = follower
        self.closing = False
        """Set once the server is closing: no lock is asked for any more."""

    def claim_soon(self, room: Room) -> None:
        """Try to take the game's lock (a bot to move or a timer to run and no owner here)."""
        if self.site is None or room.claiming or self.closing:
            return
        room.claiming = True
        asyncio.get_running_loop().create_task(self._claim(room, self.site))

    async def _claim(self, room: Room, site: Site) -> None:
        rooms = self.registry.rooms
        try:
            if room.owned or room.match.finished or rooms.get(room.match.id) is not room:
                return
            if not await site.own(room.match.id):
                return
            if rooms.get(room.match.id) is not room:  # unloaded meanwhile
                await site.release(room.match.id)
                return
            log.info("game %s: this process runs its bots and timer now", room.match.id)
            room.owned = True
        finally:
            room.claiming = False
        # what happened while another process owned it: reload, then bots and timer go on from the store
        game_id = room.match.id
        try:
            await self.follower.catch_up_while(game_id, lambda: rooms.get(game_id) is room)
        except Exception:  # never silently
            log.exception("could not reload game %s from the store", game_id)

    async def claim_all(self) -> None:
        """Take over the live games that need an owner and have none (their owner gave them up or died)."""
        for room in list(self.registry.rooms.values()):
            if not room.owned and not room.match.finished:
                needs = room.match.bot_to_act() is not None or room.deadline is not None
                if needs:
                    self.claim_soon(room)

    def disown_all(self) -> None:
        """The lock connection failed: this process owns nothing any more (its timers are dropped; the
        bots' part gives up its places, :meth:`.bots.BotDriver.stop_all`)."""
        for room in self.registry.rooms.values():
            if self.site is not None:
                room.owned = False
            if room.timer is not None:
                room.timer.cancel()
                room.timer = None

    def follow(self, change: Change) -> None:
        """After a change: a finished game is given up (:attr:`.TableEvents.changed`)."""
        if change.room.match.finished:
            self.disown(change.room)

    def disown(self, room: Room) -> None:
        """Give up a game that is finished or unloaded here (:attr:`.TableEvents.unloaded`)."""
        if self.site is None or not room.owned:
            return
        room.owned = False
        if room.timer is not None:
            room.timer.cancel()
