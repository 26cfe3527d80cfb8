"""Several server processes on one PostgreSQL acting as one site (``serve --workers N``, or several machines).

Any process accepts any client for any game; nothing here decides who may act. The database orders the
actions — the primary key ``(game_id, n)`` of ``actions`` lets exactly one of two racing writers store
action ``n`` (:meth:`.store.Store.append_action`), and the loser's client is told its action is stale.

**Announcements.** A process that changes a game (an action, a seat taken or handed to a bot, a
rematch) sends ``NOTIFY ludoteca, '{"o": origin, "g": game, "w": "table"}'`` inside the very transaction
that stores the change (``"chat"`` for a chat message, which only the chat needs to reload;
:meth:`.repository.Repository._announce`): PostgreSQL delivers a notification when, and only if, its
transaction commits, so a process killed right after a commit has announced it all the same, and a
change that was rolled back is never announced. Every other process
LISTENs on a connection of its own and, if it holds that game live, reloads it from the store and
applies what is new (:meth:`.write_path.WritePath.catch_up`): the store stays the only truth, a notification
only says where to look, so a lost or duplicated one costs a reload, never a wrong table. A listener
that loses its connection reloads every live game once reconnected (it may have missed some).
PostgreSQL's LISTEN/NOTIFY rather than another broker (Redis, NATS): the database is already shared by
every process and already orders the actions; a second engine would be one more thing to run and one
more way for the two to disagree.

**Ownership.** A game's bots, turn timer and review run in exactly one process: the one holding the
game's *advisory lock* (``pg_try_advisory_lock(hashtextextended(id, SPACE))``: a 64-bit key, so two
games share a lock only by a chance of one in 2^64 per pair — the 32-bit ``hashtext`` made two of
100,000 games share one) on a dedicated connection.
Advisory locks rather than a ``leases`` table renewed every few seconds: the lock ends with its session,
so a process killed with ``kill -9`` frees its games at once (its socket closes), and a machine that
vanishes without closing its sockets is noticed by the server's TCP keepalives, which the connection
sets to a few seconds — there is no expiry to tune and no renewal write per game. Every
:data:`CLAIM_SECONDS` each process tries to take the lock of its live games that need an owner (a bot to
move, a turn timer) and of unfinished games with a bot seat or a turn timer whose lock nobody holds
(loading them). A process whose lock connection fails gives up every game at once and reconnects. Two owners
for a moment (a partitioned one that has not noticed yet) would cost wasted bot work, never a double
action: the primary key still decides.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import uuid
from typing import Any, Protocol

import psycopg
from psycopg.conninfo import make_conninfo
from sqlalchemy.engine import make_url

from ..live.front import Tables
from ..storage.repository import CHANNEL
from . import chat

log = logging.getLogger("ludoteca.web")

SPACE = 0x1D0
"""The seed of every game's advisory lock key (:data:`LOCK_KEY`): a game's key and its review's differ."""
REVIEW_SPACE = 0x1D1
"""The seed of a review's advisory lock key: a review runs in one process too."""
LOCK_KEY = "hashtextextended(%s, %s)"
"""The advisory lock key of a game id and a space, in SQL: PostgreSQL's 64-bit text hash (stable across
versions and machines: hash partitioning relies on it), seeded by the space; a lock is taken by that one
``bigint`` (``pg_try_advisory_lock(bigint)``). In ``pg_locks`` the key is split in two: ``classid`` its
high 32 bits, ``objid`` its low 32 bits, ``objsubid`` 1 (:data:`ORPHANS`)."""
CLAIM_SECONDS = 1.0
"""How often a process tries to take over games without an owner (and checks its lock connection)."""
ADOPT_EVERY = 3
"""Every this many claims, unfinished games with a bot seat that nobody owns are looked for in the store."""
ADOPT_AT_ONCE = 20
"""Games without an owner one process loads per round (the others take the rest)."""
KEEPALIVE = {"keepalives": "1", "keepalives_idle": "5", "keepalives_interval": "2", "keepalives_count": "2"}
"""Client-side TCP keepalives of the dedicated connections (a dead database is noticed within ~10 s)."""
SERVER_KEEPALIVE = ("SET tcp_keepalives_idle = 5", "SET tcp_keepalives_interval = 2", "SET tcp_keepalives_count = 2")
"""The same on the server's side of the lock connection: a vanished process's locks end within ~10 s."""


def conninfo(url: str) -> str:
    """A libpq URI for the psycopg connections of this module, from the store's SQLAlchemy URL."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def new_origin() -> str:
    """A name for this process among the others of the site, in the announcements its store makes."""
    return uuid.uuid4().hex[:12]


def is_postgres(url: str) -> bool:
    return make_url(url).get_backend_name() == "postgresql"


class GameLocks:
    """The games' advisory locks this process holds, on a connection of their own (:class:`.events.Site`):
    a game's bots and timer run where its lock is, a review where the review's is."""

    def __init__(self, url: str) -> None:
        self.url = conninfo(url)
        self._locks: psycopg.AsyncConnection[Any] | None = None

    async def start(self) -> None:
        await self._connect_locks()

    async def close(self) -> None:
        if self._locks is not None:
            with contextlib.suppress(Exception):
                await self._locks.close()

    async def _connect_locks(self) -> None:
        conn = await _connect(self.url)
        for statement in SERVER_KEEPALIVE:
            await conn.execute(statement)
        self._locks = conn

    async def own(self, game_id: str, space: int = SPACE) -> bool:
        """Take the game's lock if nobody holds it; whether this process now owns the game."""
        if self._locks is None or self._locks.closed:
            return False
        try:
            cur = await self._locks.execute(f"SELECT pg_try_advisory_lock({LOCK_KEY})", (game_id, space))
            row = await cur.fetchone()
        except psycopg.Error:
            log.exception("could not take the lock of game %s", game_id)
            return False
        return bool(row and row[0])

    async def release(self, game_id: str, space: int = SPACE) -> None:
        """Give up the game's lock (finished or unloaded: another process may take it when it needs to)."""
        if self._locks is None or self._locks.closed:
            return
        with contextlib.suppress(psycopg.Error):
            await self._locks.execute(f"SELECT pg_advisory_unlock({LOCK_KEY})", (game_id, space))

    async def check(self) -> bool:
        """Whether the lock connection still holds: one that fails has lost every lock with it, and is
        closed (:meth:`start` opens a new one, holding none)."""
        try:
            assert self._locks is not None
            await self._locks.execute("SELECT 1")
            return True
        except (psycopg.Error, AssertionError):
            log.warning("lost the connection holding this process's games; giving them up")
        with contextlib.suppress(Exception):
            if self._locks is not None:
                await self._locks.close()
        self._locks = None
        return False

    async def orphans(self, live: list[str]) -> list[str]:
        """The unfinished games that need an owner and have none, not ``live`` here (:data:`ORPHANS`)."""
        assert self._locks is not None
        cur = await self._locks.execute(ORPHANS, {"live": live, "space": SPACE, "limit": ADOPT_AT_ONCE})
        return [game_id for (game_id,) in await cur.fetchall()]


class Resuming(Protocol):
    """What the cluster asks of the process's reviews (:class:`.reviews.Reviews`)."""

    async def resume(self) -> int:
        """Queue the reviews nobody runs."""
        ...


async def _connect(url: str) -> psycopg.AsyncConnection[Any]:
    """A connection of this module's own (autocommit: LISTEN, NOTIFY and advisory locks act at once)."""
    return await psycopg.AsyncConnection.connect(make_conninfo(url, **KEEPALIVE), autocommit=True)


class Cluster:
    """This process's link with the others: announcements out and in, and taking over the games nobody
    owns (through ``locks``, which the tables were given too)."""

    def __init__(self, url: str, tables: Tables, locks: GameLocks, reviews: Resuming, origin: str) -> None:
        self.url = conninfo(url)
        self.tables = tables
        self.locks = locks
        self.reviews = reviews
        self.origin = origin
        """This process among the others (the store announces its changes under it, :func:`new_origin`): its
        own notifications come back to it and are ignored."""
        self._listener: asyncio.Task[None] | None = None
        self._claimer: asyncio.Task[None] | None = None
        self.listening = asyncio.Event()

    async def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._listener = loop.create_task(self._listen(), name="ludoteca-listen")
        self._claimer = loop.create_task(self._claim_loop(), name="ludoteca-claim")
        await asyncio.wait_for(self.listening.wait(), 30)

    async def close(self) -> None:
        for task in (self._claimer, self._listener):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task

    async def _connect(self) -> psycopg.AsyncConnection[Any]:
        return await _connect(self.url)

    # ------------------------------------------------------------------ announcements

    async def _listen(self) -> None:
        first = True
        while True:
            try:
                async with await self._connect() as conn:
                    await conn.execute(f"LISTEN {CHANNEL}")
                    self.listening.set()
                    if not first:  # notifications may have been missed while the connection was down
                        for game_id in list(self.tables.rooms):
                            self.tables.catch_up_soon(game_id)
                    first = False
                    async for note in conn.notifies():
                        self._heard(note.payload)
            except asyncio.CancelledError:
                raise
            except Exception as error:
                log.warning("lost the database's notifications (%s); listening again", error)
                await asyncio.sleep(1.0)

    def _heard(self, payload: str) -> None:
        try:
            note = json.loads(payload)
            origin, game_id = note["o"], note["g"]
        except (ValueError, KeyError, TypeError):
            log.warning("ignored a notification that is not ours: %.80r", payload)
            return
        if origin == self.origin or not isinstance(game_id, str):
            return
        if note.get("w") == "chat":
            chat.catch_up_soon(self.tables, game_id)
        else:
            self.tables.catch_up_soon(game_id)

    # ------------------------------------------------------------------ ownership

    async def _claim_loop(self) -> None:
        rounds = 0
        while True:
            await asyncio.sleep(CLAIM_SECONDS)
            try:
                if not await self.locks.check():
                    self.tables.disown_all()
                    await self.locks.start()
                await self.tables.claim_all()
                rounds += 1
                if rounds % ADOPT_EVERY == 0:
                    await self._adopt()
            except asyncio.CancelledError:
                raise
            except psycopg.OperationalError as error:  # the database is down or restarting: expected, said once a round
                log.warning("taking over games: the database is unavailable (%s); trying again", error)
            except Exception:
                log.exception("taking over games failed; trying again")

    async def _adopt(self) -> None:
        """Load the unfinished games with a bot seat or a turn timer that nobody owns (their owner died, or
        unloaded them), and queue the reviews nobody runs."""
        for game_id in await self.locks.orphans(list(self.tables.rooms)):
            try:
                await self.tables.get(game_id)
            except Exception as error:  # a full process, a game that does not replay: the next round tries again
                log.warning("could not take over game %s: %s", game_id, error)
        await self.reviews.resume()


ORPHANS = """
SELECT g.id FROM games g, LATERAL (SELECT hashtextextended(g.id, %(space)s) AS key) AS lock
WHERE NOT g.finished AND g.diverged_at IS NULL AND NOT (g.id = ANY(%(live)s))
  AND (g.turn_seconds IS NOT NULL
       OR EXISTS (SELECT 1 FROM seats s WHERE s.game_id = g.id AND (s.kind = 'bot' OR s.autoplay)))
  AND NOT EXISTS (
    SELECT 1 FROM pg_locks l
    WHERE l.locktype = 'advisory' AND l.objsubid = 1
      AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
      AND l.classid = ((lock.key >> 32) & 4294967295)::oid
      AND l.objid = (lock.key & 4294967295)::oid
  )
ORDER BY g.created LIMIT %(limit)s
"""
"""Unfinished games with a bot (or a bot-played) seat or a turn timer whose advisory lock (:data:`LOCK_KEY`)
no session holds, not live here (a live one is claimed when it needs an owner); parameters ``live`` (the
ids live here), ``space`` and ``limit``."""
