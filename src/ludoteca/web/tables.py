"""The live tables: each match with its connections, its bot and its turn timer.

The order of an accepted action is fixed here and is what "nothing lost" rests on: check it against
the match (no change), store it in one transaction, then apply it and only then tell anyone. A crash
before the store leaves no trace; a crash after it is repaired by replaying the stored actions.
Each room has one lock, so two clients (or a client and a bot) never act on the same version twice.
Sending never blocks a room: every connection has its own writer task that sends the newest state
when it gets to it, so a slow client only delays itself (and one that stops reading altogether is
disconnected once its queue of other messages is full, see :meth:`Connection.send`).

Rooms live in memory only while they are needed: an idle room (nobody connected, no bot to move, no
turn timer about to run out) is unloaded when the server holds its limit of live games, and is loaded
again from the store by the next connection. A turn's deadline is counted from when the turn began as
stored (the last action), not from when the room was loaded, and only a deadline within
:data:`.slowturns.HORIZON` holds a timer in the event loop: a slow game's turn of three days leaves its
room unloadable, and the sweep of :mod:`.slowturns` brings it back when its time is up.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from collections import deque
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Protocol

from ludoteca import games
from ludoteca.core.errors import LudotecaError

from . import guide, slowturns, text, workers
from .chat import ChatRoom
from .i18n import Translator
from .jobs import JobTimeout, Kind, Workers
from .limits import RateLimit
from .lobby import NewGame, nearest_choice
from .match import Diverged, Match, MatchError
from .patches import Edits, patch
from .patches import encode as encode_patch
from .present import BoardCache, encode, state_message
from .seat import AUTOPLAY_BOT
from .store import ActionRow, GameRow, StaleActionError, Store, StoredGame, StoreError, hash_token
from .wording import Refused, Said, _

if TYPE_CHECKING:
    from .cluster import Cluster

log = logging.getLogger("ludoteca.web")

PRESENCE_SECONDS = 0.5
"""How long a table waits before redrawing its other pages for a seat's connection coming or going: a
page reloading (gone, back) redraws nobody, and a script toggling a token between seat and spectator
costs the table at most two redraws a second, however fast it sends (issue #24)."""

GUIDED_PACE = 3.0
"""How many times the bot delay a bot waits at a guided table: time to read the log line of each move (a
learner's own turns wait for them anyway; a "Next" button would double the clicks of a 9-round game)."""


class Socket(Protocol):
    async def send_text(self, data: str) -> None: ...


class RoomsFull(Refused):
    """Every live game is busy (connected or moving) and the server holds as many as it may (the reason
    said in the reader's language)."""


class Connection:
    """One client socket at one table; ``seat`` is None until its ``hello`` (then -1 for spectators)."""

    def __init__(self, socket: Socket, lang: str, tr: Translator, outbox_limit: int = 100, address: str = "") -> None:
        self.socket = socket
        self.address = address
        """The client's address as the per-address limits count it (:func:`.limits.address_key`: an IPv6 client
        by its /64); its hints' worker time counts against it (:mod:`.jobs`)."""
        self.lang = lang
        self.tr = tr
        self.seat: int | None = None
        self.guide = False
        """Whether the page plays a guided first game (its ``hello`` said so): see :mod:`.guide`."""
        self.token: str | None = None
        """The seat's token as its ``hello`` gave it (memory only): a rematch's seat token is derived from it."""
        self.log_sent = 0
        self.patches = False
        """Whether this client applies ``patch`` messages (its ``hello`` said so): see :mod:`.patches`."""
        self.last: dict[str, Any] | None = None
        """The whole state this client holds (sent, or made by the patches sent); None: send a whole one."""
        self.presence: frozenset[int] | None = None
        """The connected seats as this client's newest state showed them."""
        self.dirty = False
        self.outbox: deque[dict[str, Any]] = deque()
        self.outbox_limit = outbox_limit
        self.overflowed = asyncio.Event()
        """Set when the client stopped reading: the socket is then closed, its queue dropped."""
        self.wake = asyncio.Event()

    def send(self, message: dict[str, Any]) -> None:
        """Queue a message; states are not queued but coalesce (:meth:`refresh`), so only a client that
        keeps asking without reading the answers can fill the queue — and is disconnected for it."""
        if self.overflowed.is_set():
            return
        if len(self.outbox) >= self.outbox_limit:
            self.outbox.clear()
            self.overflowed.set()
            return
        self.outbox.append(message)
        self.wake.set()

    def refresh(self, full: bool = False) -> None:
        """Send the newest state when the writer gets to it; ``full``: a whole one, log from its start."""
        if full:
            self.log_sent = 0
            self.last = None
        self.dirty = True
        self.wake.set()


class Room:
    def __init__(self, match: Match) -> None:
        self.match = match
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.seated: dict[int, int] = {}
        """Open connections per seat (kept as they come and go: a redraw must not count them)."""
        self.hinting: set[int] = set()
        """Seats with a hint being searched: one at a time per seat, whatever its connections."""
        self.renders = 0
        """State messages drawn (each costs a view and its text): the test of O(N) hellos counts them."""
        self.last_used = time.monotonic()
        self.board = BoardCache()
        self.edits = Edits()
        """The board's edits from one version to the next, made once for every connection's patch."""
        self.bot_task: asyncio.Task[None] | None = None
        self.timer: asyncio.TimerHandle | None = None
        self.deadline: float | None = None
        self.timed: tuple[int, int] | None = None
        """(version, seat) the running turn timer belongs to."""
        self.public = False
        """Listed in the lobby while it has open seats (:mod:`.open_games`)."""
        self.stored_turn: tuple[int, float] | None = None
        """(version, when its turn began) as the store had it when the room was loaded: the deadline of
        that turn counts from then, not from the load (used once, see :meth:`Tables._arm_timer`)."""
        self.turn: tuple[int, float] | None = None
        """(version, when its turn began) of the turn being played: kept while its seat is with the bot, so
        a seat taken back in its turn keeps that turn's deadline (``leave`` and ``take_back`` over and over
        used to give the turn its whole time again each time)."""
        self.rematch_of: str | None = None
        """The game this one is the rematch of (:mod:`.rematch`)."""
        self.rematch: str | None = None
        """This finished game's rematch, once proposed."""
        self.rematch_by: int | None = None
        """The seat that proposed the rematch (stored: ``games.rematch_by``)."""
        self.owned = True
        """Whether this process runs the game's bots and turn timer: always alone, else while it holds the
        game's lock (:mod:`.cluster`); another process's room only follows the store."""
        self.claiming = False
        self.chat = ChatRoom()
        self.address = ""
        """Whose worker time this table's bot moves count as (:mod:`.jobs`): the address that created the
        game, then of the last person to act or leave or take back a seat there (unknown: "")."""
        self.bots_waiting = False
        """A game of bots only waiting for a place among the server's ``max_bot_games``: its bots do not
        move meanwhile, and the room may be unloaded (:meth:`Tables._bots_may_move`)."""
        self.joined = False
        """Whether a seat's owner has connected since the room was loaded: until then its turn timer does not
        keep it in memory (games created and never opened would fill the server); the deadline is honoured
        all the same, when the room is loaded again or by the sweep (:mod:`.slowturns`)."""
        self.presence_redraw: asyncio.TimerHandle | None = None
        """The pending redraw for seats' connections that came or went (:meth:`presence_changed`)."""


    def seat_connection(self, conn: Connection, seat: int | None) -> bool:
        """Move ``conn`` to ``seat`` (None: it left); whether a seat's connected status changed, which is
        the only thing about a connection that the others see."""
        if conn.seat == seat:
            return False
        changed = False
        if conn.seat is not None and conn.seat >= 0:
            self.seated[conn.seat] -= 1
            if self.seated[conn.seat] == 0:
                del self.seated[conn.seat]
                changed = True
        conn.seat = seat
        if seat is not None and seat >= 0:
            self.seated[seat] = self.seated.get(seat, 0) + 1
            changed = changed or self.seated[seat] == 1
        return changed

    def idle(self) -> bool:
        """Nothing would be lost by unloading this room: nobody here, nothing running, no timer about to
        run out in a game someone joined (a far deadline, or one nobody has seen, is kept by the store:
        :mod:`.slowturns`), no bot to move unless it waits for a place (:attr:`bots_waiting`)."""
        return (
            not self.connections
            and (not self.owned or self.match.bot_to_act() is None or self.bots_waiting)
            and (self.bot_task is None or self.bot_task.done())
            and (self.timer is None or not self.joined)
            and not self.hinting
            and not self.lock.locked()
        )

    def message_for(self, conn: Connection) -> dict[str, Any]:
        seat = -1 if conn.seat is None else conn.seat
        msg = state_message(
            self.match,
            seat,
            conn.lang,
            conn.tr,
            board=self.board,
            connected=self.seated,
            log_start=conn.log_sent,
            deadline=self.deadline,
            guide=conn.guide,
        )
        conn.log_sent = msg["log_start"] + len(msg["log"])
        conn.presence = frozenset(self.seated)
        self.renders += 1
        return msg

    def frame_for(self, conn: Connection) -> str | None:
        """The text of the next state frame for ``conn``: the whole state, or for a client that takes
        patches and holds a state, only what changed (None: nothing did)."""
        message = self.message_for(conn)
        if not conn.patches:
            return encode(message, self.board)
        last, conn.last = conn.last, message
        if last is None:
            return encode(message, self.board)
        change = patch(last, message, self.edits)
        return None if change is None else encode_patch(change, self.edits)

    def guided(self) -> bool:
        """Whether a player at this table is following a guided first game (its bots then play slower); a
        spectator's page may say ``guide`` too, but only sees the lesson: it does not slow the table."""
        return any(c.guide and c.seat is not None and c.seat >= 0 for c in self.connections)

    def refresh_all(self, but: Connection | None = None) -> None:
        for c in self.connections:
            if c.seat is not None and c is not but:
                c.refresh()

    def presence_changed(self) -> None:
        """A seat became connected or not: redraw, after :data:`PRESENCE_SECONDS`, the pages that show
        otherwise then (none, if it came back meanwhile)."""
        if self.presence_redraw is None:
            self.presence_redraw = asyncio.get_running_loop().call_later(PRESENCE_SECONDS, self._redraw_presence)

    def _redraw_presence(self) -> None:
        self.presence_redraw = None
        now = frozenset(self.seated)
        for c in self.connections:
            if c.seat is not None and c.presence != now:
                c.refresh()


def _shown(room: Room) -> tuple[Any, ...]:
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


class Tables:
    """Every live room of the server, over one store and one pool of bot workers.

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
        self.cluster: Cluster | None = None
        """The other processes on the same PostgreSQL (:mod:`.cluster`); None: this process is the site."""
        self._catching_up: dict[str, bool] = {}
        self.creations = RateLimit(1_000_000, 60.0)
        """New games per client address per minute (``--creates-per-minute``; the app shares its own with
        ``POST /api/games``): a rematch is a new game of the address that proposes it (:mod:`.rematch`)."""

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

    def bot_games(self) -> int:
        """Unfinished games of bots only whose bots move now (see :meth:`_bots_may_move`)."""
        return len(self.bot_places)

    def _bots_may_move(self, room: Room) -> bool:
        """Whether the bots of ``room`` may move now: always in a game a person plays; in a game of bots
        only while it holds one of the ``max_bot_games`` places — else it waits in line for one."""
        game_id = room.match.id
        if not room.match.bots_only() or game_id in self.bot_places:
            return True
        if len(self.bot_places) < self.max_bot_games:
            self.bot_places.add(game_id)
            self.bot_line.pop(game_id, None)
            room.bots_waiting = False
            return True
        self.bot_line.setdefault(game_id, room)
        room.bots_waiting = True
        return False

    def _leave_bot_place(self, room: Room) -> None:
        """``room`` no longer needs a place (finished, a person took a seat back, unloaded): the first
        game in line gets it."""
        game_id = room.match.id
        room.bots_waiting = False
        if self.bot_line.pop(game_id, None) is None and game_id not in self.bot_places:
            return
        self.bot_places.discard(game_id)
        while self.bot_line and len(self.bot_places) < self.max_bot_games:
            first_id, first = next(iter(self.bot_line.items()))
            del self.bot_line[first_id]
            first.bots_waiting = False
            if self.rooms.get(first_id) is first:
                self._schedule_bot(first)  # takes the place (or, if its bot cannot move yet, does when it can)

    async def get(self, game_id: str) -> Room | None:
        """The room of a game, loading a finished (or not yet loaded) game from the store on demand."""
        room = self.rooms.get(game_id)
        if room is not None or not game_id or len(game_id) > 64:
            return room
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

    async def _room(self, stored: StoredGame) -> Room:
        """A stored game's room, knowing when its current turn began (:func:`.slowturns.stored_turn`)."""
        room = Room(await self._load(stored))
        room.owned = self.cluster is None
        room.stored_turn = slowturns.stored_turn(stored)
        room.public = stored.game.public
        room.rematch_of, room.rematch = stored.game.rematch_of, stored.game.rematch
        room.rematch_by = stored.game.rematch_by
        return room

    async def _load(self, stored: StoredGame) -> Match:
        """A stored game's match; what its replay found is written back: the digests of actions stored
        before digests existed, or the divergence (never silently: the game is marked and stops)."""
        match = match_from_stored(stored)
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

    # ------------------------------------------------------------------ acting

    async def act(self, room: Room, seat: int, version: Any, action: Any, *, by_bot: bool = False) -> None:
        """Check, store, apply, announce — in that order (see the module docstring)."""
        match = room.match
        stale = False
        async with room.lock:
            if seat >= 0 and match.seats[seat].bot_plays != by_bot:
                raise MatchError("autoplay" if not by_bot else "stale")
            parsed, text = match.check(seat, version, action)
            after = match.prepare(parsed)
            row = ActionRow(match.version, seat, text, by_bot, self.clock(), after.digest)
            try:
                await self.store.append_action(match.id, row)
            except StaleActionError:
                stale = True  # another process stored this action number first: catch up, then say so
            except StoreError as e:
                log.exception("could not store an action of game %s", match.id)
                raise MatchError("storage", str(e)) from None
            if not stale:
                match.commit(parsed, text, after)
                if match.finished:
                    await self.store.finish(match.id, match.result_dict())
        if stale:
            await self.catch_up(match.id)
            raise MatchError("stale")
        self.after_change(room)

    async def set_autoplay(self, room: Room, seat: int, on: bool) -> None:
        """A bot takes a human seat (``leave``, or the turn timer ran out), or its owner takes it back.

        A seat taken back in its own turn keeps that turn's deadline (:attr:`Room.turn`, and in the store
        the turn's stored beginning); once the deadline has passed the turn is the bot's, and taking the
        seat back waits for its move (``time_up``) — else leave, take back and the timer could hand the
        turn to and fro for ever."""
        match = room.match
        s = match.seats[seat]
        if s.kind != "human" or s.autoplay == on:
            return
        async with room.lock:
            if not on and self._time_up(room, seat):
                raise MatchError("time_up")
            await self.store.set_autoplay(match.id, seat, on)
            s.autoplay = on
        self.after_change(room)

    def _time_up(self, room: Room, seat: int) -> bool:
        """Whether it is ``seat``'s turn and that turn's deadline has passed."""
        match, turn = room.match, room.turn
        if match.to_act() != seat or not match.turn_seconds or turn is None or turn[0] != match.version:
            return False
        return self.clock() >= turn[1] + match.turn_seconds

    def after_change(self, room: Room) -> None:
        """After a change this process stored: every client here and every other process is told."""
        self.announce(room.match.id)
        self._refresh(room)

    def announce(self, game_id: str, what: str = "table") -> None:
        """Tell the other processes (if any) that the game's table (or only its ``chat``) changed in the store."""
        if self.cluster is not None:
            self.cluster.announce(game_id, what)

    def _refresh(self, room: Room, redraw: bool = True) -> None:
        room.last_used = time.monotonic()
        self._arm_timer(room)
        if redraw:
            room.refresh_all()
        if room.match.finished or not room.match.bots_only():
            self._leave_bot_place(room)
        self._schedule_bot(room)
        if room.match.finished:
            self._disown(room)

    # ------------------------------------------------------------------ bots

    def _schedule_bot(self, room: Room) -> None:
        if self._closing:
            return
        seat = room.match.bot_to_act()
        if seat is None or (room.owned and not self._bots_may_move(room)):
            return  # (a move already under way when its game became one of bots only ends first)
        if room.bot_task is not None and not room.bot_task.done():
            return
        if not room.owned:
            self._claim_soon(room)
        else:
            room.bot_task = asyncio.get_running_loop().create_task(self._bot_move(room, seat))

    async def _bot_move(self, room: Room, seat: int) -> None:
        match = room.match
        try:
            if self.bot_delay:
                await self.sleep(self.bot_delay * (GUIDED_PACE if room.guided() else 1))
            if match.bot_to_act() != seat or not room.owned:
                return
            version = match.version
            view, legal = match.state.view(seat), match.state.legal_actions()
            spec, seed = match.seats[seat].bot_spec, match.bot_seed(seat)
            index = await self._choose(room, spec, seed, view, legal)
            with contextlib.suppress(MatchError):  # the table moved on (e.g. the owner took the seat back)
                await self.act(room, seat, version, legal[index].to_text(), by_bot=True)
        finally:
            room.bot_task = None
            if not match.finished:
                self._schedule_bot(room)

    async def _choose(self, room: Room, spec: str, seed: int, view: Any, legal: list[Any]) -> int:
        """The bot's choice; past its deadline (or on any failure) the heuristic's, and failing that the
        first legal action — the game goes on whatever happens in the workers."""
        game_id = room.match.id
        for bot in dict.fromkeys((spec, AUTOPLAY_BOT)):
            try:
                job = (workers.choose, bot, seed, view, legal)
                index = await self.workers.run(Kind.MOVE, *job, address=room.address, table=game_id)
                if 0 <= index < len(legal):
                    return index
            except JobTimeout as e:
                log.warning("bot %s in game %s: %s", bot, game_id, e)
            except Exception:
                log.exception("bot %s failed in game %s", bot, game_id)
        log.warning("game %s: playing the first legal action", game_id)
        return 0

    async def hint(self, room: Room, conn: Connection) -> dict[str, Any]:
        """The search bot's advice for the connection's seat, as a ``hint`` message."""
        match, seat = room.match, conn.seat
        if seat is None or seat < 0 or match.human_to_act() != seat:
            raise MatchError("no_hint")
        version = match.version
        view, legal = match.state.view(seat), match.state.legal_actions()
        seed = match.bot_seed(seat) ^ 0x4E17
        ranked = await self.workers.run(
            Kind.HINT, workers.hint, seed, view, legal, address=conn.address, table=match.id
        )

        def entry(index: int, chance: float) -> dict[str, Any]:
            action = legal[index]
            label = text.action_label(view, action, match.names_in(conn.tr), conn.tr)
            return {"text": action.to_text(), "label": label, "win_chance": round(chance, 3)}

        items = [entry(i, c) for i, c in ranked]
        message = {"type": "hint", "version": version, "best": items[0], "alternatives": items[1:]}
        if conn.guide:
            guide.explain_hint(message, view, [legal[i] for i, _ in ranked], conn.tr)
        return message

    # ------------------------------------------------------------------ turn timer

    def _arm_timer(self, room: Room) -> None:
        """Give a new turn its deadline — from when it began as stored if the room was loaded during it,
        else from now — and hold a timer for it once the deadline is within :data:`.slowturns.HORIZON`
        (called again by the sweep, so a far deadline needs no timer until it comes near)."""
        match = room.match
        if not match.waiting and (room.turn is None or room.turn[0] != match.version):
            began, room.stored_turn = slowturns.turn_began(room.stored_turn, match.version, self.clock()), None
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
            self._claim_soon(room)
            return
        left = room.deadline - self.clock()
        if left <= slowturns.HORIZON:
            loop = asyncio.get_running_loop()
            room.timer = loop.call_later(max(0.0, left), lambda: loop.create_task(self._expire(room, key)))

    def arm_timers(self) -> None:
        """Hold a timer for every live room whose deadline has come within :data:`.slowturns.HORIZON`."""
        for room in list(self.rooms.values()):
            self._arm_timer(room)

    async def _expire(self, room: Room, key: tuple[int, int]) -> None:
        version, seat = key
        if room.owned and room.match.version == version and room.match.human_to_act() == seat:
            log.info("game %s: seat %d ran out of time; a bot takes over", room.match.id, seat)
            await self.set_autoplay(room, seat, True)

    async def close(self) -> None:
        self._closing = True  # a cancelled bot move must not schedule the next one
        for room in self.rooms.values():
            if room.timer is not None:
                room.timer.cancel()
            if room.bot_task is not None:
                room.bot_task.cancel()
        tasks = [r.bot_task for r in self.rooms.values() if r.bot_task is not None]
        await asyncio.gather(*tasks, return_exceptions=True)

    # ------------------------------------------------------------------ several processes (:mod:`.cluster`)

    def catch_up_soon(self, game_id: str) -> None:
        """Reload a live game from the store when another process announced a change of it; announcements
        arriving during a reload make one more reload, not one each. A game being loaded right now is
        reloaded once it is (the load may have read the store just before the change)."""
        if game_id not in self.rooms and game_id not in self._loading:
            return
        if self._forget_unwatched(game_id):
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
                    await self.catch_up(game_id)
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
        before = _shown(room)
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
                room.match = match = match_from_stored(whole)
            for seat_row in stored.seats:
                seat = match.seats[seat_row.seat]
                seat.kind, seat.name, seat.generated = seat_row.kind, seat_row.name, seat_row.generated
                seat.token_hash, seat.autoplay = seat_row.token_hash, seat_row.autoplay
                match.record.players[seat_row.seat] = seat_row.name
            room.public = stored.game.public
            room.rematch, room.rematch_by = stored.game.rematch, stored.game.rematch_by
            turn = slowturns.stored_turn(stored)  # counts only the actions read: the version is ``total``
            room.stored_turn = None if turn is None else (total, turn[1])
            room.turn = None  # the current turn's beginning as stored (another process may have started it)
        self._refresh(room, redraw=_shown(room) != before)  # nothing new (a late announcement): no redraw
        if room.rematch is not None and rematch_before is None:
            from . import rematch  # imports this module

            for conn in list(room.connections):
                await rematch.deliver(self, room, conn)

    async def token_given_elsewhere(self, room: Room, token: str | None) -> bool:
        """Whether the store knows ``token`` as a seat of the room's game that the room does not (another
        process gave the seat a moment ago): one look-up, so a made-up token never reloads the game."""
        if not token or len(token) >= 200 or room.match.seat_of(hash_token(token)) is not None:
            return False
        return await self.store.seat_of_token(room.match.id, hash_token(token)) is not None

    def catch_up_chat_soon(self, game_id: str) -> None:
        """Send the chat messages another process announced to this process's clients of the game."""
        room = self.rooms.get(game_id)
        if room is not None and not self._forget_unwatched(game_id):
            asyncio.get_running_loop().create_task(self.catch_up_chat(room))

    def _forget_unwatched(self, game_id: str) -> bool:
        """Unload a live game that another process changed if nobody here watches it and this process
        runs nothing of it (the process that created a game, or whose last client left, would otherwise
        apply every action of it again for nobody); the next hello loads it whole from the store."""
        room = self.rooms.get(game_id)
        if room is None or room.owned or not room.idle() or game_id in self._catching_up or game_id in self._loading:
            return False
        del self.rooms[game_id]
        self.unloaded += 1
        return True

    async def catch_up_chat(self, room: Room) -> None:
        """Send this process's clients of the game the chat messages stored since they got the last one."""
        await room.chat.deliver(room, self.store)

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
        await self.catch_up(room.match.id)

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
            room.timer = None
        asyncio.get_running_loop().create_task(self.cluster.release(room.match.id))
