"""Following the other processes: an announcement makes a live room catch up with what another process stored.

Several processes on one PostgreSQL serve the same games (:mod:`ludoteca.web.features.cluster` is the
site): the store stays the only truth, an announcement makes a live room read what is new (the catch-up
itself is a change of the game, made by :meth:`.write_path.WritePath.catch_up`), and the features hear of
it through :attr:`.events.TableEvents.caught_up`.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable

from ..storage.schema import hash_token
from ..storage.table_store import TableStore
from .registry import Registry
from .retry import until_stored
from .room import Room
from .write_path import WritePath

log = logging.getLogger("ludoteca.web")


class Follower:
    """The live rooms following what other processes store."""

    def __init__(self, store: TableStore, registry: Registry, write_path: WritePath) -> None:
        self.store = store
        self.registry = registry
        self.write_path = write_path
        self._catching_up: dict[str, bool] = {}
        """The games being caught up, each with whether another announcement came meanwhile."""

    def catch_up_soon(self, game_id: str) -> None:
        """Reload a live game from the store when another process announced a change of it; announcements
        arriving during a reload make one more reload, not one each. A game being loaded right now is
        reloaded once it is (the load may have read the store just before the change)."""
        if game_id not in self.registry.rooms and game_id not in self.registry.loading:
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
                    await self.catch_up_while(game_id, lambda: game_id in self.registry.rooms)
                except Exception:
                    log.exception("could not reload game %s from the store", game_id)
                if not self._catching_up.get(game_id):
                    return
                self._catching_up[game_id] = False
        finally:
            self._catching_up.pop(game_id, None)

    async def catch_up_while(self, game_id: str, wanted: Callable[[], bool]) -> None:
        """:meth:`.WritePath.catch_up`, tried again while the database is unavailable and the catch-up
        still ``wanted``."""
        await until_stored(lambda: self.write_path.catch_up(game_id), wanted, f"game {game_id}")

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
        rooms = self.registry.rooms
        room = rooms.get(game_id)
        if room is None or room.owned or not room.idle():
            return False
        if game_id in self._catching_up or game_id in self.registry.loading:
            return False
        del rooms[game_id]
        self.registry.unloaded += 1
        return True
