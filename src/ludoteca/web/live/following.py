"""Following the store: a live room catches up with what other processes stored, and owns its game's bots
and timer only while it holds the game's lock.

Several processes on one PostgreSQL serve the same games (:mod:`ludoteca.web.features.cluster` is the
site, :class:`.events.Site` what the tables ask of it): the store stays the only truth, an announcement
makes a live room read what is new (:meth:`Following.catch_up`), and the features hear of it through
:attr:`.events.TableEvents.caught_up`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from ..play.match import MatchError
from ..storage.schema import hash_token
from .base import TablesBase, match_from_stored, shown
from .retry import until_stored
from .room import Room
from .turns import stored_turn

log = logging.getLogger("ludoteca.web")


class Following(TablesBase):
    """The tables' part that follows the store and the other processes."""

    def catch_up_soon(self, game_id: str) -> None:
        """Reload a live game from the store when another process announced a change of it; announcements
        arriving during a reload make one more reload, not one each. A game being loaded right now is
        reloaded once it is (the load may have read the store just before the change)."""
        if game_id not in self.rooms and game_id not in self._loading:
            return
        if self.forget_unwatched(game_id):
            return
        if game_id in self._catching_up:
            self._catching_up[game_id] = True
            return
        self._catching_up[game_id] = False
        asyncio.get_running_loop().create_task(self._catch_up_until_quiet(game_id))

    async def _catch_up_until_quiet(self, game_id: str) -> None:
        try:
            while True:
                try:
                    await self._catch_up_while(game_id, lambda: game_id in self.rooms)
                except Exception:
                    log.exception("could not reload game %s from the store", game_id)
                if not self._catching_up.get(game_id):
                    return
                self._catching_up[game_id] = False
        finally:
            self._catching_up.pop(game_id, None)

    async def catch_up(self, game_id: str) -> None:
        """Apply to the live room what the store has and it has not: the actions another process stored
        (checked against their digests), seats taken or handed to a bot, the rematch."""
        loading = self._loading.get(game_id)
        if loading is not None:
            async with loading:
                pass
            if self._loading.get(game_id) is loading and not loading.locked():
                del self._loading[game_id]  # as :meth:`get` would have, had this not held the lock
        room = self.rooms.get(game_id)
        if room is None:
            return
        # from the last action this room holds (its time tells when the current turn began) on
        since = max(0, room.match.version - 1)
        stored = await self.store.load_since(game_id, since)
        if stored is None:
            return
        rematch_before = room.rematch
        before = shown(room)
        async with room.lock:
            match = room.match
            total = stored.actions[-1].n + 1 if stored.actions else 0
            if total < match.version:
                return  # an older read than what this room holds: a newer announcement follows
            try:
                for row in stored.actions:
                    if row.n < match.version:
                        continue
                    parsed, notation = match.check(row.seat, match.version, row.action)
                    after = match.prepare(parsed)
                    if row.digest is not None and after.digest != row.digest:
                        raise MatchError("diverged", f"action {row.n} replays differently here")
                    match.commit(parsed, notation, after)
            except MatchError:
                log.exception("game %s: stored actions do not apply here; replaying the whole game", game_id)
                whole = await self.store.load(game_id)
                if whole is None:
                    return
                room.match = match = await asyncio.to_thread(match_from_stored, whole)  # off the loop
            for seat_row in stored.seats:
                seat = match.seats[seat_row.seat]
                seat.kind, seat.name, seat.generated = seat_row.kind, seat_row.name, seat_row.generated
                seat.token_hash, seat.autoplay = seat_row.token_hash, seat_row.autoplay
                match.record.players[seat_row.seat] = seat_row.name
            room.public = stored.game.public
            room.rematch, room.rematch_by = stored.game.rematch, stored.game.rematch_by
            turn = stored_turn(stored)  # counts only the actions read: the version is ``total``
            room.stored_turn = None if turn is None else (total, turn[1])
            room.turn = None  # the current turn's beginning as stored (another process may have started it)
        self._refresh(room, redraw=shown(room) != before)  # nothing new (a late announcement): no redraw
        await self.events.caught_up.emit(room, rematch_before)

    async def token_given_elsewhere(self, room: Room, token: str | None) -> bool:
        """Whether the store knows ``token`` as a seat of the room's game that the room does not (another
        process gave the seat a moment ago): one look-up, so a made-up token never reloads the game."""
        if not token or len(token) >= 200 or room.match.seat_of(hash_token(token)) is not None:
            return False
        return await self.store.seat_of_token(room.match.id, hash_token(token)) is not None

    def forget_unwatched(self, game_id: str) -> bool:
        """Unload a live game that another process changed if nobody here watches it and this process
        runs nothing of it (the process that created a game, or whose last client left, would otherwise
        apply every action of it again for nobody); the next hello loads it whole from the store."""
        room = self.rooms.get(game_id)
        if room is None or room.owned or not room.idle() or game_id in self._catching_up or game_id in self._loading:
            return False
        del self.rooms[game_id]
        self.unloaded += 1
        return True

    def _claim_soon(self, room: Room) -> None:
        """Try to take the game's lock (a bot to move or a timer to run and no owner here)."""
        if self.cluster is None or room.claiming or self._closing:
            return
        room.claiming = True
        asyncio.get_running_loop().create_task(self._claim(room))

    async def _claim(self, room: Room) -> None:
        assert self.cluster is not None
        try:
            if room.owned or room.match.finished or self.rooms.get(room.match.id) is not room:
                return
            if not await self.cluster.own(room.match.id):
                return
            if self.rooms.get(room.match.id) is not room:  # unloaded meanwhile
                await self.cluster.release(room.match.id)
                return
            log.info("game %s: this process runs its bots and timer now", room.match.id)
            room.owned = True
        finally:
            room.claiming = False
        # what happened while another process owned it: reload, then bots and timer go on from the store
        game_id = room.match.id
        try:
            await self._catch_up_while(game_id, lambda: self.rooms.get(game_id) is room)
        except Exception:  # never silently
            log.exception("could not reload game %s from the store", game_id)

    async def _catch_up_while(self, game_id: str, wanted: Callable[[], bool]) -> None:
        """:meth:`catch_up`, tried again while the database is unavailable and the catch-up still ``wanted``."""
        await until_stored(lambda: self.catch_up(game_id), wanted, f"game {game_id}")

    async def claim_all(self) -> None:
        """Take over the live games that need an owner and have none (their owner gave them up or died)."""
        for room in list(self.rooms.values()):
            if not room.owned and not room.match.finished:
                needs = room.match.bot_to_act() is not None or room.deadline is not None
                if needs:
                    self._claim_soon(room)

    def disown_all(self) -> None:
        """The lock connection failed: this process owns nothing any more (bots stop, timers are dropped)."""
        if self.cluster is not None:
            self.bot_places.clear()
            self.bot_line.clear()
        for room in self.rooms.values():
            room.bots_waiting = False
            if self.cluster is not None:
                room.owned = False
            if room.timer is not None:
                room.timer.cancel()
                room.timer = None

    def _disown(self, room: Room) -> None:
        """Give up the lock of a game that is finished or unloaded here."""
        if self.cluster is None or not room.owned:
            return
        self._leave_bot_place(room)
        room.owned = False
        if room.timer is not None:
            room.timer.cancel()
