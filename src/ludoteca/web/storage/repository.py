"""What every part of the store shares: its engine, the queue its writers take turns in on SQLite, and the
one way into a transaction, which turns every database error into a :class:`.StoreError` (:mod:`.faults`).

:class:`.store.Store` is one repository made of parts, one module per feature: games, seats and actions
(:mod:`.games`), the open lobby (:mod:`.open_lobby`), rematches (:mod:`.rematches`), reviews
(:mod:`.review_progress`) and the chat (:mod:`.chat_lines`). Every method is one short transaction.
"""

from __future__ import annotations

import contextlib
from collections.abc import AsyncIterator
from typing import Any

from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine

from .faults import database_faults


class Repository:
    """The state each part of the store reads (set by :class:`.store.Store`)."""

    _engine: AsyncEngine
    _write_lock: contextlib.AbstractAsyncContextManager[Any]
    """SQLite has one writer at a time: the store's writers queue here (elsewhere it holds nothing)."""

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
