"""The registry of live rooms: every live game of the server, loaded from the store and unloaded when idle.

Rooms live in memory only while they are needed: an idle room (nobody connected, no bot to move, no turn
timer about to run out) is unloaded when the server holds its limit of live games, and is loaded again from
the store by the next connection. The registry only holds rooms: it changes no game (that is the write
path's, :mod:`.write_path`); when a room becomes live it emits :attr:`.events.TableEvents.changed`, and when
it leaves memory :attr:`~.events.TableEvents.unloaded`, which the parts that run a room follow.
"""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ludoteca import games
from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import AnyGameDefinition

from ..hosting.limits import RateLimit
from ..language.wording import Refused, Said, _
from ..play.match import Diverged, Match
from ..play.seat import Seat, SeatKind
from ..storage.schema import GameRow, StoredGame
from ..storage.table_store import TableStore
from .bot_choice import nearest_choice
from .events import RoomLive, TableEvents
from .room import Room
from .turns import stored_turn

log = logging.getLogger("ludoteca.web")

FINISHED_KEPT = 64
"""Finished games' matches kept after they were read (a few hundred kB each)."""


class RoomsFull(Refused):
    """Every live game is busy (connected or moving) and the server holds as many as it may (the reason
    said in the reader's language)."""


class LoadsExhausted(Refused):
    """The asking address has had as many games loaded from the store this minute as it may
    (``--loads-per-minute``): each load replays a whole game (issue #33)."""


@dataclass
class NewGame:
    """A checked request: everything needed to store and start the game, and the seats' secrets."""

    id: str
    definition: AnyGameDefinition
    options: dict[str, Any]
    seed: int
    seats: list[Seat]
    tokens: dict[int, str]
    """The secret token of each human seat (only its hash is stored); an open seat has none yet."""
    turn_seconds: int | None
    public: bool = False
    """Listed in the lobby's open games (:mod:`.open_games`)."""
    seed_chosen: bool = False
    """The request named :attr:`seed` (never for a public game): every seat is told the deal was chosen."""
    created_from: str | None = None
    """Who created a public game (:func:`.limits.address_tag`): the lobby lists a few games of each address."""


def match_from_stored(stored: StoredGame) -> Match:
    """The match of a stored game, replayed and checked against its stored digests (see :class:`Match`); a bot
    the lobby would not offer plays as the nearest one it does."""
    g = stored.game
    seats = list(stored.seats)  # the seats as stored are the match's (one Seat type, web/seat.py)
    for seat in seats:
        if seat.kind == SeatKind.BOT and seat.bot is not None and nearest_choice(seat.bot) != seat.bot:
            log.warning("game %s, seat %d: bot %r plays as %r", g.id, seat.seat, seat.bot, nearest_choice(seat.bot))
            seat.bot = nearest_choice(seat.bot)
    diverged = None if g.diverged_at is None else Diverged(g.diverged_at, g.diverged_reason or "")
    return Match(
        g.id,
        games.get(g.game),
        g.options,
        g.seed,
        seats,
        start_player=g.start_player,
        turn_seconds=g.turn_seconds,
        actions=[a.action for a in stored.actions],
        digests=[a.digest for a in stored.actions],
        by_bot=[a.by_bot for a in stored.actions],
        diverged=diverged,
        seed_chosen=g.seed_chosen,
    )


class Registry:
    """Every live room of the server, over one store.

    ``max_rooms`` bounds the games held in memory (idle ones are unloaded to make room); ``max_bot_games``
    bounds the unfinished games that only bots play, which a new game of bots only may not exceed (the bots'
    part counts them, :class:`.bots.BotDriver`). ``alone``: no other process shares the store, so this one
    owns every room it loads (else a room is owned only while this process holds the game's lock,
    :class:`.ownership.Ownership`). ``loads`` counts the games loaded from the store per client address
    (``--loads-per-minute``): opening a table not in memory, a finished game's replay or review, "your
    games". ``clock`` (unix seconds) dates a new game.
    """

    def __init__(
        self,
        store: TableStore,
        events: TableEvents,
        *,
        alone: bool,
        loads: RateLimit,
        clock: Callable[[], float],
        max_rooms: int = 1000,
        max_bot_games: int = 4,
    ) -> None:
        self.store = store
        self.events = events
        self.alone = alone
        self.loads = loads
        self.clock = clock
        self.max_rooms = max_rooms
        self.max_bot_games = max_bot_games
        self.rooms: dict[str, Room] = {}
        self.unloaded = 0
        """Rooms taken out of memory (idle, or another process's game nobody watches here)."""
        self.loading: dict[str, asyncio.Lock] = {}
        """The games being loaded from the store right now, each with the lock its loaders share."""
        self.finished: OrderedDict[str, Match] = OrderedDict()
        """The matches of finished games read lately (a finished game never changes): served again to its
        replay, chat, review and table without another replay (:meth:`finished_match`)."""

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
            self.events.changed.emit(RoomLive(room, stored.game))
            if room.idle() and len(self.rooms) >= self.max_rooms:
                self.unload(room, count=False)
        return resumed

    def _admit(self, room: Room) -> None:
        """Make ``room`` live, unloading the longest-idle rooms if the server holds its limit."""
        if len(self.rooms) >= self.max_rooms:
            idle = sorted((r for r in self.rooms.values() if r.idle()), key=lambda r: r.last_used)
            for old in idle[: len(self.rooms) - self.max_rooms + 1]:
                self.unload(old)
            if len(self.rooms) >= self.max_rooms:
                raise RoomsFull(Said(_("the server holds %(n)d live games, all in use"), {"n": self.max_rooms}))
        self.rooms[room.match.id] = room

    def unload(self, room: Room, count: bool = True) -> None:
        """Take a room out of memory: the parts that run it let go of it (:attr:`.TableEvents.unloaded`);
        the store keeps its deadline (:mod:`.slowturns`)."""
        del self.rooms[room.match.id]
        if count:
            self.unloaded += 1
        self.events.unloaded.emit(room)

    async def get(self, game_id: str, address: str | None = None) -> Room | None:
        """The room of a game, loading a finished (or not yet loaded) game from the store on demand: a
        load asked for by a client ``address`` counts against its ``--loads-per-minute``
        (:class:`LoadsExhausted` beyond; None: the server's own, not counted)."""
        room = self.rooms.get(game_id)
        if room is not None or not game_id or len(game_id) > 64:
            return room
        self._count_load(address)
        lock = self.loading.setdefault(game_id, asyncio.Lock())
        try:
            async with lock:
                room = self.rooms.get(game_id)
                if room is None:
                    stored = await self.store.load(game_id)
                    if stored is None:
                        return None
                    room = await self._room(stored)
                    self._admit(room)
                    self.events.changed.emit(RoomLive(room, stored.game))
        finally:
            self.forget_load(game_id, lock)
        return room

    def forget_load(self, game_id: str, lock: asyncio.Lock) -> None:
        """Forget a load once done, or every made-up game id asked for would stay here for good."""
        if self.loading.get(game_id) is lock and not lock.locked():
            del self.loading[game_id]

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
        match = await self.load_match(stored)
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
        room = Room(await self.load_match(stored))
        room.owned = self.alone
        room.stored_turn = stored_turn(stored)
        if (
            room.match.finished
            and not stored.game.finished
            and await self.store.finish(room.match.id, room.match.result_dict())
        ):
            # stored before a game's end was written with its last action, by a process that died in between
            log.warning("game %s: its last action ended it; its row now says so too", room.match.id)
            self.events.finished.emit(room)
        return room

    async def load_match(self, stored: StoredGame) -> Match:
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

    async def create(self, new: NewGame, address: str = "", *, bot_games: int = 0) -> Room:
        """Store and start a new game (its bots' worker time counted against ``address``), or
        :class:`RoomsFull` (nothing stored) when it may not start now: ``bot_games`` games of bots only
        move already (:meth:`.bots.BotDriver.bot_games`)."""
        if all(s.kind == SeatKind.BOT for s in new.seats) and bot_games >= self.max_bot_games:  # no line for new ones
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
        room.owned = self.alone
        room.address = address
        if not new.public:  # the first turn's deadline as a reload counts it (a public game's waits for players)
            room.stored_turn = (0, row.created)
        self._admit(room)
        self.events.changed.emit(RoomLive(room, row))
        return room
