"""What every part of the store shares: its engine, the queue its writers take turns in on SQLite, and the
one way into a transaction, which turns every database error into a :class:`.StoreError` (:mod:`.faults`).

:class:`.store.Store` is one repository made of parts, one module per feature: games, seats and actions
(:mod:`.games`), the open lobby (:mod:`.open_lobby`), rematches (:mod:`.rematches`), reviews
(:mod:`.review_progress`) and the chat (:mod:`.chat_lines`). Every method is one short transaction.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import AsyncIterator, Collection
from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from .faults import database_faults


class Repository:
    """The state each part of the store reads (set by :class:`.store.Store`)."""

    _engine: AsyncEngine
    _write_lock: contextlib.AbstractAsyncContextManager[Any]
    """SQLite has one writer at a time: the store's writers queue here (elsewhere it holds nothing)."""
    _origin: str | None
    """This process among the others sharing a PostgreSQL database (:mod:`ludoteca.web.features.cluster`):
    set, every change of a game is announced to them inside its own transaction (:meth:`_announce`)."""

    @contextlib.asynccontextmanager
    async def _reading(self) -> AsyncIterator[AsyncConnection]:
        """A connection for reads; any database error of the body leaves as a :class:`.StoreError`."""
        async with database_faults(), self._engine.connect() as conn:
            yield conn

    @contextlib.asynccontextmanager
    async def _writing(self) -> AsyncIterator[AsyncConnection]:
        """One transaction, committed when the body ends (in the writers' queue on SQLite); any database
        error of the body or the commit leaves as a :class:`.StoreError`."""
        async with database_faults(), self._write_lock, self._engine.begin() as conn:
            yield conn

    async def _announce(self, conn: AsyncConnection, game_ids: Collection[str], what: str = "table") -> None:
        """Tell the other processes that ``game_ids`` changed — their ``"table"`` (actions, seats, rematch)
        or only their ``"chat"`` — inside the transaction of ``conn``: PostgreSQL delivers a ``NOTIFY`` when,
        and only if, the transaction commits, so no committed change goes unannounced, whatever becomes of
        this process after the commit (issue #35, point 4). Nothing without others (:attr:`_origin` None)."""
        if self._origin is None or not game_ids:
            return
        payloads = [json.dumps({"o": self._origin, "g": g, "w": what}) for g in sorted(game_ids)]
        await conn.execute(NOTIFY, {"channel": CHANNEL, "payloads": payloads})


CHANNEL = "ludoteca"
"""The PostgreSQL channel the processes of one site announce their changes on, and listen to."""
NOTIFY = sa.text("SELECT pg_notify(:channel, p) FROM unnest(CAST(:payloads AS text[])) AS p")
"""One ``NOTIFY`` per payload, in one statement."""
