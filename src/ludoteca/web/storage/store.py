"""Durable storage of games: SQLite by default, PostgreSQL when ``DATABASE_URL`` names one.

A game is stored as its record — options, seed, seats and the append-only list of actions — never as a
state: the rules cores replay ``(options, seed, actions)`` exactly, so the server rebuilds every table
from the log after a restart, and a stored game can never disagree with its own history. Each action
is committed before anyone is told about it (the actions of several games arriving together share one
transaction, :mod:`.appends`), so whatever a player has seen survives a crash (``kill -9``) of the server.

Only the sha256 of a seat's token is stored: the database alone does not let anyone take a seat.

The schema is versioned (:mod:`ludoteca.web.storage.migrations`): :meth:`Store.open` upgrades an older database
before anything else touches it. Each game records the rules version it is played under, and each action
the digest of every seat's view after it (:mod:`ludoteca.core.digest`), written in the same statement as
the action, so a replay that no longer matches what was played is noticed instead of silently believed.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import TYPE_CHECKING

from sqlalchemy.ext.asyncio import AsyncEngine

from . import migrations
from .append_sql import SqliteWriter
from .appends import GroupCommit
from .chat_lines import ChatLines
from .databases import connect_engine, safe
from .errors import StoreError
from .games import Games
from .open_lobby import OpenLobby
from .rematches import Rematches
from .review_progress import ReviewProgress

if TYPE_CHECKING:
    from .table_store import TableStore

log = logging.getLogger("ludoteca.web")


class Store(Games, OpenLobby, Rematches, ReviewProgress, ChatLines):
    """The games of one server, in one database: one repository made of a part per feature
    (:mod:`.repository`). Every method is one short transaction."""

    def __init__(self, engine: AsyncEngine, *, serial_writes: bool = False, origin: str | None = None) -> None:
        """``origin``: this process among others sharing a PostgreSQL database, which each change of a game
        is announced to in its own transaction (:meth:`.Repository._announce`); None: no other process."""
        self._engine = engine
        self._origin = origin
        # SQLite has one writer at a time, and a connection that finds the database locked waits in
        # sqlite3's busy handler, which sleeps in steps of up to 100 ms: under load that turned 2 ms
        # commits into 300 ms stalls. Queueing writers in-process instead keeps commits back to back.
        self._write_lock = asyncio.Lock() if serial_writes else contextlib.nullcontext()
        self._appends = GroupCommit(self._append_batch, self._append_one)
        database = engine.url.database
        file = engine.url.get_backend_name() == "sqlite" and database not in (None, "", ":memory:")
        self._direct = SqliteWriter(str(database)) if file else None

    @classmethod
    async def open(cls, url: str, *, upgrade: bool = True, origin: str | None = None) -> Store:
        """Connects and brings the schema to the newest revision (creating it in an empty database);
        ``origin``: see :class:`Store`."""
        engine = connect_engine(url)
        try:
            async with engine.begin() as conn:
                if upgrade:
                    before, after = await conn.run_sync(migrations.upgrade)
                    if before != after:
                        log.info("database %s upgraded from revision %s to %s", safe(url), before, after)
                else:
                    revision = await conn.run_sync(migrations.current)
                    if revision != migrations.head():
                        raise StoreError(f"the database is at revision {revision}, not {migrations.head()}")
        except StoreError:
            await engine.dispose()
            raise
        except Exception as error:
            await engine.dispose()
            raise StoreError(f"cannot open database {safe(url)}: {error}") from error
        return cls(engine, serial_writes=engine.url.get_backend_name() == "sqlite", origin=origin)

    def __repr__(self) -> str:
        return f"Store({safe(self._engine.url.render_as_string(hide_password=True))})"

    async def close(self) -> None:
        await self._appends.close()
        if self._direct is not None:
            self._direct.close()
        await self._engine.dispose()


if TYPE_CHECKING:  # mypy checks here that the SQL store keeps the tables' contract
    _CONTRACT: type[TableStore] = Store
