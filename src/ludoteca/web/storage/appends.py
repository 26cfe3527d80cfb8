"""Group commit: the actions waiting to be stored at one moment, from every game, written in one transaction.

Storing an action cost the event loop about 0.75 ms of CPU on SQLite and 1.1 ms on PostgreSQL, nearly
all of it the async stack around a statement that takes the database 0.07 ms (SQLAlchemy's greenlet
bridge, aiosqlite's thread hop per call, the pool's checkout, ``BEGIN`` and ``COMMIT``; issue #19). That
cost is per transaction, not per row: when several tables act at once, one transaction for all their
actions pays it once. :class:`GroupCommit` is the one writer of a store that does this. Each caller hands
in its action and waits for its own outcome; the writer takes everything waiting, writes it in one
go, and tells each caller whether its row was written. While a transaction is under way new actions
queue, and the next transaction takes them all: under light load every action is written at once and
alone, as before, and the more actions arrive together the fewer transactions they take.

At most one action per game goes into a transaction: whether action ``n`` may be written depends on
the game's earlier actions, so two actions of one game (which a table never sends at once, but racing
callers may) are written one transaction after the other, exactly as if each had its own.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Awaitable, Callable
from typing import Any

BATCH = 64
"""Most actions in one transaction: bounds the statement (7 parameters per row) and a transaction's time."""

Row = dict[str, Any]
WriteBatch = Callable[[list[Row]], Awaitable[set[str]]]
"""Writes a batch (at most one row per ``game_id``); the ``game_id`` of the rows written (the others were refused)."""


class GroupCommit:
    """The one writer of a store's actions: :meth:`append` waits for its row's own outcome.

    ``write`` stores a batch in one transaction; if it raises, the batch is tried again one row at a
    time through ``write_one`` (the store's single-row append), so that a row's error (an unknown game,
    a database gone away) reaches that row's caller alone.
    """

    def __init__(self, write: WriteBatch, write_one: WriteBatch) -> None:
        self._write = write
        self._write_one = write_one
        self._waiting: list[tuple[Row, asyncio.Future[bool]]] = []
        self._writing: list[tuple[Row, asyncio.Future[bool]]] = []
        self._writer: asyncio.Task[None] | None = None

    async def append(self, row: Row) -> bool:
        """Store ``row`` (a ``game_id`` and an action's columns) with whatever else waits: whether it was written."""
        loop = asyncio.get_running_loop()
        outcome: asyncio.Future[bool] = loop.create_future()
        self._waiting.append((row, outcome))
        if self._writer is None or self._writer.done():
            self._writer = loop.create_task(self._run(), name="ludoteca-group-commit")
        return await outcome

    async def close(self) -> None:
        """Wait for the actions handed in already to be written."""
        if self._writer is not None:
            with contextlib.suppress(Exception):
                await self._writer

    async def _run(self) -> None:
        try:
            await self._write_waiting()
        finally:  # cancelled (the loop is shutting down): nobody is left waiting for an answer forever
            for _, outcome in self._writing + self._waiting:
                outcome.cancel()
            self._writing, self._waiting = [], []

    async def _write_waiting(self) -> None:
        while self._waiting:
            batch: list[tuple[Row, asyncio.Future[bool]]] = []
            later: list[tuple[Row, asyncio.Future[bool]]] = []
            games: set[str] = set()
            for item in self._waiting:
                game_id = item[0]["game_id"]
                if game_id in games or len(batch) >= BATCH:
                    later.append(item)
                else:
                    games.add(game_id)
                    batch.append(item)
            self._writing, self._waiting = batch, later
            try:
                written = await self._write([row for row, _ in batch])
            except Exception:  # each row is tried alone, and its caller gets its own error
                await self._one_by_one(batch)
                continue
            for row, outcome in batch:
                if not outcome.done():  # its caller may have been cancelled meanwhile
                    outcome.set_result(row["game_id"] in written)

    async def _one_by_one(self, batch: list[tuple[Row, asyncio.Future[bool]]]) -> None:
        for row, outcome in batch:
            try:
                written = row["game_id"] in await self._write_one([row])
            except Exception as error:  # handed to the row's caller
                if not outcome.done():
                    outcome.set_exception(error)
            else:
                if not outcome.done():
                    outcome.set_result(written)
