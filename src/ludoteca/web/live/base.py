"""What every part of the live tables shares: their state, the rooms' loading, and the parts' seams.

:class:`.registry.Tables` is made of parts, one module each: following the store and other processes
(:mod:`.following`), turn timers (:mod:`.timers`), bots (:mod:`.bots`) and the action pipeline
(:mod:`.pipeline`). Each part is a class over this one, in that order; a part that calls a later one does so
through the abstract methods declared here.
"""

from __future__ import annotations

import asyncio
import logging
import time
from abc import ABC, abstractmethod
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from ludoteca import games
from ludoteca.core.game import AnyGameDefinition

from ..hosting.limits import RateLimit
from ..language.wording import Refused
from ..play.match import Diverged, Match
from ..play.seat import Seat
from ..storage.schema import StoredGame
from ..storage.store import Store
from .bot_choice import nearest_choice
from .events import Site, TableEvents
from .jobs import Workers
from .room import Room

log = logging.getLogger("ludoteca.web")


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


def shown(room: Room) -> tuple[Any, ...]:
    """What a reload from the store may change that the table's pages show."""
    seats = tuple((s.kind, s.name, s.generated, s.token_hash, s.autoplay) for s in room.match.seats)
    return (id(room.match), room.match.version, seats, room.public, room.rematch, room.rematch_by)


def match_from_stored(stored: StoredGame) -> Match:
    """The match of a stored game, replayed and checked against its stored digests (see :class:`Match`); a bot
    the lobby would not offer plays as the nearest one it does."""
    g = stored.game
    seats = list(stored.seats)  # the seats as stored are the match's (one Seat type, web/seat.py)
    for seat in seats:
        if seat.kind == "bot" and seat.bot is not None and nearest_choice(seat.bot) != seat.bot:
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
        diverged=diverged,
        seed_chosen=g.seed_chosen,
    )


class TablesBase(ABC):
    """The state of every live room of the server, over one store and one pool of bot workers.

    ``max_rooms`` bounds the games held in memory (idle ones are unloaded to make room);
    ``max_bot_games`` bounds the unfinished games that only bots play (:meth:`.Match.bots_only`: every
    seat a bot's or handed to one), which cost worker time without anyone waiting for it: a new game of
    bots is refused beyond it, and a game whose people left waits in line for a place. ``clock`` (unix
    seconds) and ``sleep`` are the real ones but in tests: turn deadlines read the one, a bot's pause
    before its move awaits the other.
    """

    def __init__(
        self,
        store: Store,
        workers: Workers,
        *,
        bot_delay: float = 0.6,
        max_rooms: int = 1000,
        max_bot_games: int = 4,
        clock: Callable[[], float] = time.time,
        sleep: Callable[[float], Awaitable[None]] = asyncio.sleep,
    ) -> None:
        self.store = store
        self.clock = clock
        self.sleep = sleep
        self.workers = workers
        self.bot_delay = bot_delay
        self.max_rooms = max_rooms
        self.max_bot_games = max_bot_games
        self.rooms: dict[str, Room] = {}
        self.bot_places: set[str] = set()
        """The games of bots only whose bots may move (at most ``max_bot_games``)."""
        self.bot_line: dict[str, Room] = {}
        """The live games of bots only waiting for a place, in the order they came."""
        self.unloaded = 0
        self._loading: dict[str, asyncio.Lock] = {}
        self._closing = False
        self.cluster: Site | None = None
        """The other processes on the same PostgreSQL (:mod:`ludoteca.web.features.cluster`); None: this process
        is the site."""
        self.events = TableEvents()
        """What the features around the tables follow (:mod:`.events`)."""
        self._catching_up: dict[str, bool] = {}
        self.loads = RateLimit(1_000_000, 60.0)
        """Games loaded from the store per client address per minute (``--loads-per-minute``, set by the app):
        opening a table not in memory, a finished game's replay or review, "your games"."""
        self.finished: OrderedDict[str, Match] = OrderedDict()
        """The matches of finished games read lately (a finished game never changes): served again to its
        replay, chat, review and table without another replay (:meth:`.registry.Tables.finished_match`)."""
        self.creations = RateLimit(1_000_000, 60.0)
        """New games per client address per minute (``--creates-per-minute``; the app shares its own with
        ``POST /api/games``): a rematch is a new game of the address that proposes it (:mod:`.rematch`)."""

    # the seams: each defined by a later part

    @abstractmethod
    async def act(self, room: Room, seat: int, version: Any, action: Any, *, by_bot: bool = False) -> int:
        """Check, store, apply, announce (:mod:`.pipeline`): the new version."""

    @abstractmethod
    async def set_autoplay(self, room: Room, seat: int, on: bool) -> None:
        """A bot takes a human seat, or its owner takes it back (:mod:`.pipeline`)."""

    @abstractmethod
    def _refresh(self, room: Room, redraw: bool = True) -> None:
        """After a change: timers, bots and pages follow it (:mod:`.pipeline`)."""

    @abstractmethod
    def _leave_bot_place(self, room: Room) -> None:
        """``room`` no longer needs a place among the games of bots only (:mod:`.bots`)."""
