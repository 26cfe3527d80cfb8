"""One live game with its connections: who is seated where, its lock, and each connection's next frame.

Each room has one lock, so two clients (or a client and a bot) never act on the same version twice. A room
draws each connection's state (:mod:`ludoteca.web.seatview.state`) and sends whole states or patches; the
registry (:mod:`.registry`) decides when rooms are loaded and unloaded.
"""

from __future__ import annotations

import asyncio
import time

from ..play.match import Match
from ..protocol.outgoing import State
from ..seatview.patches import Edits, patch
from ..seatview.patches import encode as encode_patch
from ..seatview.state import BoardCache, encode, state_message
from .connection import Connection

PRESENCE_SECONDS = 0.5
"""How long a table waits before redrawing its other pages for a seat's connection coming or going: a
page reloading (gone, back) redraws nobody, and a script toggling a token between seat and spectator
costs the table at most two redraws a second, however fast it sends (issue #24)."""


async def settle() -> None:
    """The pause before a table redraws its pages for a seat's presence: :data:`PRESENCE_SECONDS`. Looked up
    when it is needed, so that a test can hold it until it has sent what it means to (instead of racing it)."""
    await asyncio.sleep(PRESENCE_SECONDS)


class Room:
    def __init__(self, match: Match) -> None:
        self.match = match
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.seated: dict[int, int] = {}
        """Open connections per seat (kept as they come and go: a redraw must not count them)."""
        self.held = 0
        """Jobs under way for this room that unloading it would lose (a player's hint being searched)."""
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
        self.stored_turn: tuple[int, float] | None = None
        """(actions stored, when the turn after them began) as the store had it when the room was loaded:
        the deadline of that turn counts from then, not from the load (used once, see :meth:`.Timers.arm`)."""
        self.turn: tuple[int, float] | None = None
        """(version, when its turn began) of the turn being played: kept while its seat is with the bot, so
        a seat taken back in its turn keeps that turn's deadline (``leave`` and ``take_back`` over and over
        used to give the turn its whole time again each time)."""
        self.owned = True
        """Whether this process runs the game's bots and turn timer: always alone, else while it holds the
        game's lock (:mod:`.cluster`); another process's room only follows the store."""
        self.claiming = False
        self.address = ""
        """Whose worker time this table's bot moves count as (:mod:`.jobs`): the address that created the
        game, then of the last person to act or leave or take back a seat there (unknown: "")."""
        self.bots_waiting = False
        """A game of bots only waiting for a place among the server's ``max_bot_games``: its bots do not
        move meanwhile, and the room may be unloaded (:meth:`.BotDriver._bots_may_move`)."""
        self.joined = False
        """Whether a seat's owner has connected since the room was loaded: until then its turn timer does not
        keep it in memory (games created and never opened would fill the server); the deadline is honoured
        all the same, when the room is loaded again or by the sweep (:mod:`.slowturns`)."""
        self.presence_redraw: asyncio.Task[None] | None = None
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
            and not self.held
            and not self.lock.locked()
        )

    def _state(self, conn: Connection) -> State:
        """``conn``'s next state message, leaving ``conn`` as it is (what it draws is kept in :attr:`board`)."""
        return state_message(
            self.match,
            -1 if conn.seat is None else conn.seat,
            conn.lang,
            conn.tr,
            board=self.board,
            connected=self.seated,
            log_start=conn.log_sent,
            deadline=self.deadline,
            guide=conn.guide,
        )

    def message_for(self, conn: Connection) -> State:
        msg = self._state(conn)
        conn.log_sent = msg["log_start"] + len(msg["log"])
        conn.presence = frozenset(self.seated)
        self.renders += 1
        return msg

    def drawn_for(self, conn: Connection) -> bool:
        """Whether what ``conn``'s next state shows of a finished game is drawn already (its board in the
        connection's language, its seat's parts and log): else :meth:`draw_for` draws it off the loop."""
        seat = -1 if conn.seat is None else conn.seat
        return not self.match.finished or self.board.holds(self.match, seat, conn.lang)

    def draw_for(self, conn: Connection) -> None:
        """Draw into :attr:`board` what ``conn``'s next state shows, leaving ``conn`` as it is: run in a
        thread for a finished game opened cold (its first state took 11-12 ms of the event loop, a
        script opening finished tables as fast as its loads allow), so that :meth:`frame_for`, on the
        loop, finds it drawn. A finished game's position never changes, so nothing drawn here is stale."""
        self._state(conn)
        self.board.json(conn.lang)

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
            self.presence_redraw = asyncio.get_running_loop().create_task(self._redraw_presence())

    async def _redraw_presence(self) -> None:
        await settle()
        self.presence_redraw = None
        now = frozenset(self.seated)
        for c in self.connections:
            if c.seat is not None and c.presence != now:
                c.refresh()
