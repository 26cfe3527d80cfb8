"""The live tables: every live room of the server, loaded and unloaded as needed.

Rooms live in memory only while they are needed: an idle room (nobody connected, no bot to move, no turn
timer about to run out) is unloaded when the server holds its limit of live games, and is loaded again from
the store by the next connection. :class:`Tables` is the whole of the live tables; its parts, one module
each, are listed in :mod:`.base`.
"""

from __future__ import annotations

import asyncio
import logging

from ludoteca.core.errors import LudotecaError

from ..language.wording import Said, _
from ..play.match import Match
from ..storage.schema import GameRow, StoredGame
from .base import LoadsExhausted, NewGame, RoomsFull, match_from_stored
from .pipeline import Pipeline
from .room import Room
from .turns import stored_turn

log = logging.getLogger("ludoteca.web")

FINISHED_KEPT = 64
"""Finished games' matches kept after they were read (a few hundred kB each)."""


class Tables(Pipeline):
    """Every live room of the server, over one store and one pool of bot workers (see :class:`.TablesBase`)."""

    async def resume(self) -> int:
        """Load the unfinished games from the store (after a start or a crash) and set their bots going;
        beyond the limit of live games, those nobody is waiting for stay in the store until asked for."""
        resumed = 0
        for stored in await self.store.unfinished():
            try:
                room = await self._room(stored)
            except LudotecaError:
                log.exception("game %s does not replay; left in the store untouched", stored.game.id)
                continue
            try:
                self._admit(room)
            except RoomsFull:
                continue
            resumed += 1
            self._refresh(room)
            if room.idle() and len(self.rooms) >= self.max_rooms:
                self._unload(room, count=False)
        return resumed

    def _admit(self, room: Room) -> None:
        """Make ``room`` live, unloading the longest-idle rooms if the server holds its limit."""
        if len(self.rooms) >= self.max_rooms:
            idle = sorted((r for r in self.rooms.values() if r.idle()), key=lambda r: r.last_used)
            for old in idle[: len(self.rooms) - self.max_rooms + 1]:
                self._unload(old)
            if len(self.rooms) >= self.max_rooms:
                raise RoomsFull(Said(_("the server holds %(n)d live games, all in use"), {"n": self.max_rooms}))
        self.rooms[room.match.id] = room

    def _unload(self, room: Room, count: bool = True) -> None:
        """Take an idle room out of memory: its timer (if nobody joined it) is dropped, the store keeps the
        deadline (:mod:`.slowturns`)."""
        del self.rooms[room.match.id]
        self._leave_bot_place(room)
        if count:
            self.unloaded += 1
        if room.timer is not None:
            room.timer.cancel()
            room.timer = None
        self._disown(room)

    async def get(self, game_id: str, address: str | None = None) -> Room | None:
        """The room of a game, loading a finished (or not yet loaded) game from the store on demand: a
        load asked for by a client ``address`` counts against its ``--loads-per-minute``
        (:class:`LoadsExhausted` beyond; None: the server's own, not counted)."""
        room = self.rooms.get(game_id)
        if room is not None or not game_id or len(game_id) > 64:
            return room
        self._count_load(address)
        lock = self._loading.setdefault(game_id, asyncio.Lock())
        try:
            async with lock:
                room = self.rooms.get(game_id)
                if room is None:
                    stored = await self.store.load(game_id)
                    if stored is None:
                        return None
                    room = await self._room(stored)
                    self._admit(room)
                    self._refresh(room)
        finally:
            # forgotten once done, or every made-up game id asked for would stay here for good
            if self._loading.get(game_id) is lock and not lock.locked():
                del self._loading[game_id]
        return room

    async def finished_match(self, game_id: str, address: str | None = None) -> Match | None:
        """The match of a game that is over (or diverged) for what only reads it — its replay, chat and
        review —, or of the live game (in progress: the caller refuses it); None: no such game. A game that
        is not live is read from the store without becoming live (it takes no place among the live games)
        and, once over, kept (:data:`FINISHED_KEPT` of them): its replay runs once, in a thread. A game in
        progress is loaded as a live room (:meth:`get`), the load counted once."""
        room = self.rooms.get(game_id)
        if room is not None:
            return room.match
        kept = self.finished.get(game_id)
        if kept is not None:
            self.finished.move_to_end(game_id)
            return kept
        if not game_id or len(game_id) > 64:
            return None
        self._count_load(address)
        stored = await self.store.load(game_id)
        if stored is None:
            return None
        if not stored.game.finished and stored.game.diverged_at is None:
            room = await self.get(game_id)
            return None if room is None else room.match
        match = await self._load(stored)
        self._keep_finished(match)
        return match

    def _keep_finished(self, match: Match) -> None:
        if not match.finished or match.diverged is not None:
            return
        self.finished[match.id] = match
        self.finished.move_to_end(match.id)
        while len(self.finished) > FINISHED_KEPT:
            self.finished.popitem(last=False)

    def _count_load(self, address: str | None) -> None:
        """Count a load from the store asked for by ``address``, or refuse it (:class:`LoadsExhausted`)."""
        if address is not None and not self.loads.allow(address):
            too_many = _("too many games opened from your address (at most %(n)d a minute); try again later")
            raise LoadsExhausted(Said(too_many, {"n": self.loads.count}))

    async def _room(self, stored: StoredGame) -> Room:
        """A stored game's room, knowing when its current turn began (:func:`.slowturns.stored_turn`); a game
        whose last action ended it is marked finished in the store if it is not yet."""
        room = Room(await self._load(stored))
        room.owned = self.cluster is None
        room.stored_turn = stored_turn(stored)
        room.public = stored.game.public
        room.rematch_of, room.rematch = stored.game.rematch_of, stored.game.rematch
        room.rematch_by = stored.game.rematch_by
        if room.match.finished and not stored.game.finished and await self.store.finish(
            room.match.id, room.match.result_dict()
        ):
            # stored before a game's end was written with its last action, by a process that died in between
            log.warning("game %s: its last action ended it; its row now says so too", room.match.id)
            self.events.finished.emit(room)
        return room

    async def _load(self, stored: StoredGame) -> Match:
        """A stored game's match; what its replay found is written back: the digests of actions stored
        before digests existed, or the divergence (never silently: the game is marked and stops)."""
        kept = self.finished.get(stored.game.id)
        if kept is not None and kept.version == len(stored.actions):
            return kept  # over: the same match as the one its replay and review read
        # a replay checks every action's digests (40-110 ms for a game of 2-3 seats): in a thread, so that
        # the event loop (every other table) is held only by the interpreter's switches (issue #33)
        match = await asyncio.to_thread(match_from_stored, stored)
        self._keep_finished(match)
        if match.diverged is not None and stored.game.diverged_at is None:
            log.error("game %s diverged at action %d: %s", match.id, match.diverged.at, match.diverged.reason)
            await self.store.mark_diverged(match.id, match.diverged.at, match.diverged.reason)
        await self.store.fill_digests(match.id, match.missing_digests([a.digest for a in stored.actions]))
        return match

    async def create(self, new: NewGame, address: str = "") -> Room:
        """Store and start a new game (its bots' worker time counted against ``address``), or
        :class:`RoomsFull` (nothing stored) when it may not start now."""
        if all(s.kind == "bot" for s in new.seats) and self.bot_games() >= self.max_bot_games:  # no line for new ones
            raise RoomsFull(
                Said(_("%(n)d games of bots only are already running; try again later"), {"n": self.max_bot_games})
            )
        if len(self.rooms) >= self.max_rooms and not any(r.idle() for r in self.rooms.values()):
            full = _("the server holds %(n)d live games, all in use; try again later")
            raise RoomsFull(Said(full, {"n": self.max_rooms}))
        match = Match(
            new.id,
            new.definition,
            new.options,
            new.seed,
            new.seats,
            turn_seconds=new.turn_seconds,
            seed_chosen=new.seed_chosen,
        )
        row = GameRow(
            id=new.id,
            game=new.definition.name,
            options=match.record.options,
            seed=new.seed,
            start_player=None,
            turn_seconds=new.turn_seconds,
            created=self.clock(),
            rules_version=match.rules_version,
            public=new.public,
            seed_chosen=new.seed_chosen,
            created_from=new.created_from if new.public else None,
        )
        await self.store.create_game(row, list(new.seats))
        room = Room(match)
        room.owned = self.cluster is None
        room.public = new.public
        room.address = address
        if not new.public:  # the first turn's deadline as a reload counts it (a public game's waits for players)
            room.stored_turn = (0, row.created)
        self._admit(room)
        self._refresh(room)
        return room

    async def close(self) -> None:
        self._closing = True  # a cancelled bot move must not schedule the next one
        for room in self.rooms.values():
            if room.timer is not None:
                room.timer.cancel()
            if room.bot_task is not None:
                room.bot_task.cancel()
        tasks = [r.bot_task for r in self.rooms.values() if r.bot_task is not None]
        await asyncio.gather(*tasks, return_exceptions=True)

