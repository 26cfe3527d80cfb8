"""The live tables, built of their parts in one place; the one object the routes and features are given.

Each part has one job and is handed the parts it uses when it is made; none reads another's state:

- :class:`.registry.Registry` holds the live rooms, loads them from the store and unloads them;
- :class:`.write_path.WritePath` makes every change of a live game (an action, a seat handed to its bot or
  taken back, a catch-up with another process), under the room's lock, and emits the tables' events;
- :class:`.following.Follower` turns another process's announcement into a catch-up;
- :class:`.ownership.Ownership` takes and gives up the games' locks (several processes, one store);
- :class:`.timers.Timers` keeps each turn's deadline; :class:`.bots.BotDriver` moves the bots.

They meet through :class:`.events.TableEvents`: after a change (and when a room becomes live) the write
path and the registry emit ``changed``, which the timers, a redraw of the room's pages, the bots and the
ownership follow in that order; a room unloaded emits ``unloaded``. :class:`Tables` is a thin front door
over the parts: what the routes and features call, each method handing over to the part whose job it is.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from typing import Any

from ..hosting.limits import RateLimit
from ..play.match import Match
from ..protocol.outgoing import Hint
from ..storage.store import Store
from .bots import BotDriver
from .connection import Connection
from .events import Change, Site, TableEvents
from .following import Follower
from .jobs import Workers
from .ownership import Ownership
from .registry import NewGame, Registry
from .room import Room
from .timers import Timers
from .write_path import WritePath


def _redraw(change: Change) -> None:
    """After a change: the room was used now, and (if the change says ``redraw``) every page at it is drawn again."""
    change.room.last_used = time.monotonic()
    if change.redraw:
        change.room.refresh_all()


class Tables:
    """Every live room of the server, over one store and one pool of bot workers.

    ``site``: the other processes on the same PostgreSQL (:mod:`ludoteca.web.features.cluster`), None when
    this process is the site. ``loads`` bounds the games loaded from the store per client address
    (``--loads-per-minute``), ``creations`` the new games per address (``--creates-per-minute``, shared with
    ``POST /api/games``: a rematch is a new game of the address that proposes it). ``max_rooms``,
    ``max_bot_games``: see :class:`.Registry` and :class:`.BotDriver`. ``clock`` (unix seconds) and
    ``sleep`` are the real ones but in tests: turn deadlines read the one, a bot's pause before its move
    awaits the other.
    """

    def __init__(
        self,
        store: Store,
        workers: Workers,
        *,
        site: Site | None = None,
        loads: RateLimit | None = None,
        creations: RateLimit | None = None,
        bot_delay: float = 0.6,
        max_rooms: int = 1000,
        max_bot_games: int = 4,
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.store = store
        self.workers = workers
        self.clock = clock
        self.site = site
        self.creations = creations if creations is not None else RateLimit(1_000_000, 60.0)
        self.events = TableEvents()
        """What the features around the tables follow (:mod:`.events`)."""
        loads = loads if loads is not None else RateLimit(1_000_000, 60.0)
        self.registry = Registry(
            store,
            self.events,
            alone=site is None,
            loads=loads,
            clock=clock,
            max_rooms=max_rooms,
            max_bot_games=max_bot_games,
        )
        self.write_path = WritePath(store, self.registry, self.events, clock)
        self.follower = Follower(store, self.registry, self.write_path)
        self.ownership = Ownership(site, self.registry, self.follower)
        self.timers = Timers(self.registry, self.ownership, self.write_path, clock)
        self.bots = BotDriver(
            self.registry,
            self.ownership,
            self.write_path,
            workers,
            bot_delay=bot_delay,
            max_bot_games=max_bot_games,
            sleep=sleep,
        )
        for follow in (self.timers.follow, _redraw, self.bots.follow, self.ownership.follow):
            self.events.changed.subscribe(follow)
        for drop in (self.bots.leave_bot_place, self.timers.drop, self.ownership.disown):
            self.events.unloaded.subscribe(drop)

    # the rooms (:class:`.Registry`)

    @property
    def rooms(self) -> dict[str, Room]:
        """The live rooms by game id."""
        return self.registry.rooms

    @property
    def unloaded(self) -> int:
        """Rooms taken out of memory since the start."""
        return self.registry.unloaded

    async def get(self, game_id: str, address: str | None = None) -> Room | None:
        """:meth:`.Registry.get`."""
        return await self.registry.get(game_id, address)

    async def finished_match(self, game_id: str, address: str | None = None) -> Match | None:
        """:meth:`.Registry.finished_match`."""
        return await self.registry.finished_match(game_id, address)

    async def create(self, new: NewGame, address: str = "") -> Room:
        """:meth:`.Registry.create`, counting the games of bots only that move (:meth:`.BotDriver.bot_games`)."""
        return await self.registry.create(new, address, bot_games=self.bots.bot_games())

    async def resume(self) -> int:
        """:meth:`.Registry.resume`."""
        return await self.registry.resume()

    # changes (:class:`.WritePath`)

    async def act(self, room: Room, seat: int, version: Any, action: Any, *, by_bot: bool = False) -> int:
        """:meth:`.WritePath.act`."""
        return await self.write_path.act(room, seat, version, action, by_bot=by_bot)

    async def undo(self, room: Room, seat: int, version: Any) -> int:
        """:meth:`.WritePath.undo`."""
        return await self.write_path.undo(room, seat, version)

    async def set_autoplay(self, room: Room, seat: int, on: bool) -> None:
        """:meth:`.WritePath.set_autoplay`."""
        await self.write_path.set_autoplay(room, seat, on)

    async def catch_up(self, game_id: str) -> None:
        """:meth:`.WritePath.catch_up`."""
        await self.write_path.catch_up(game_id)

    # the other processes (:class:`.Follower`, :class:`.Ownership`)

    def catch_up_soon(self, game_id: str) -> None:
        """:meth:`.Follower.catch_up_soon`."""
        self.follower.catch_up_soon(game_id)

    def forget_unwatched(self, game_id: str) -> bool:
        """:meth:`.Follower.forget_unwatched`."""
        return self.follower.forget_unwatched(game_id)

    async def token_given_elsewhere(self, room: Room, token: str | None) -> bool:
        """:meth:`.Follower.token_given_elsewhere`."""
        return await self.follower.token_given_elsewhere(room, token)

    async def claim_all(self) -> None:
        """:meth:`.Ownership.claim_all`."""
        await self.ownership.claim_all()

    def disown_all(self) -> None:
        """The lock connection failed: this process owns nothing any more (bots stop, timers are dropped)."""
        self.bots.give_up_places(all_places=self.site is not None)
        self.ownership.disown_all()

    # timers and bots

    def arm_timers(self) -> None:
        """:meth:`.Timers.arm_timers`."""
        self.timers.arm_timers()

    def bot_games(self) -> int:
        """:meth:`.BotDriver.bot_games`."""
        return self.bots.bot_games()

    async def hint(self, room: Room, conn: Connection) -> Hint:
        """:meth:`.BotDriver.hint`."""
        return await self.bots.hint(room, conn)

    async def close(self) -> None:
        """Stop every timer and bot (a cancelled bot move schedules no next one)."""
        self.ownership.closing = True
        self.timers.close()
        await self.bots.close()
