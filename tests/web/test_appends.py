"""Group commit (:mod:`ludoteca.web.storage.appends`): actions arriving together share a transaction, and each
caller still learns exactly its own row's outcome — the same outcome as if it had been written alone."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest
import sqlalchemy as sa

from ludoteca.web.storage.appends import BATCH, GroupCommit, Row
from ludoteca.web.storage.errors import StaleActionError, StoreError
from ludoteca.web.storage.schema import ActionRow
from ludoteca.web.storage.store import Store

from .test_store import a_game, an_action, the_seats


class Recorder:
    """A batch writer that writes every row whose ``n`` is even, and remembers the batches it was given."""

    def __init__(self, fail: bool = False) -> None:
        self.batches: list[list[Row]] = []
        self.fail = fail

    async def write(self, rows: list[Row]) -> set[str]:
        self.batches.append(rows)
        await asyncio.sleep(0)
        if self.fail:
            raise RuntimeError("the database went away")
        return {row["game_id"] for row in rows if row["n"] % 2 == 0}

    async def write_one(self, rows: list[Row]) -> set[str]:
        [row] = rows
        if row["game_id"] == "bad":
            raise StoreError("no game 'bad'")
        return {row["game_id"]} if row["n"] % 2 == 0 else set()


@pytest.mark.asyncio
async def test_waiting_rows_share_a_batch_with_at_most_one_row_per_game() -> None:
    recorder = Recorder()
    commit = GroupCommit(recorder.write, recorder.write_one)
    rows = [{"game_id": f"g{i % 100}", "n": i} for i in range(150)]
    outcomes = await asyncio.gather(*(commit.append(row) for row in rows))
    assert outcomes == [row["n"] % 2 == 0 for row in rows]
    assert [len(batch) for batch in recorder.batches] == [BATCH, BATCH, 150 - 2 * BATCH]
    for batch in recorder.batches:
        assert len({row["game_id"] for row in batch}) == len(batch)
    # a game's rows are written in the order they were handed in
    written = [row["n"] for batch in recorder.batches for row in batch if row["game_id"] == "g7"]
    assert written == [7, 107]
    await commit.close()


@pytest.mark.asyncio
async def test_a_failed_batch_is_tried_row_by_row_and_each_caller_gets_its_own_outcome() -> None:
    recorder = Recorder(fail=True)
    commit = GroupCommit(recorder.write, recorder.write_one)
    rows = [{"game_id": "a", "n": 2}, {"game_id": "bad", "n": 0}, {"game_id": "c", "n": 3}]
    outcomes = await asyncio.gather(*(commit.append(row) for row in rows), return_exceptions=True)
    assert outcomes[0] is True and outcomes[2] is False
    assert isinstance(outcomes[1], StoreError)


@pytest.mark.asyncio
async def test_many_games_at_once_each_get_the_outcome_of_a_lone_append(database_url: str) -> None:
    """Forty games acting at once, mixed with the refusals of the store's own tests: stale, replayed,
    skipping ahead, negative, an unknown game and four racers on one n."""
    store = await Store.open(database_url)
    commits = 0

    def count(*_args: object) -> None:
        nonlocal commits
        commits += 1

    engine = store._engine.sync_engine  # noqa: SLF001 - counting the transactions
    sa.event.listen(engine, "commit", count)
    try:
        for i in range(40):
            await store.create_game(a_game(f"g{i}"), the_seats())
        for n in range(3):
            await store.append_action("g0", an_action(n))
        commits = 0
        tries = [(f"g{i}", an_action(0)) for i in range(1, 40)]
        tries += [("g0", an_action(n, seat=1)) for n in (0, 2, 5, -1)]  # replayed, last again, ahead, negative
        tries += [("nowhere", an_action(0)), ("nowhere", an_action(4))]
        tries += [("g0", an_action(3, seat)) for seat in range(4)]  # racers: exactly one wins
        outcomes = await asyncio.gather(*(store.append_action(g, row) for g, row in tries), return_exceptions=True)
        assert outcomes[:39] == [None] * 39
        assert all(isinstance(o, StaleActionError) for o in outcomes[39:43]), outcomes[39:43]
        assert all(isinstance(o, StoreError) and not isinstance(o, StaleActionError) for o in outcomes[43:45])
        racers = outcomes[45:]
        assert sum(o is None for o in racers) == 1
        assert all(isinstance(o, StaleActionError) for o in racers if o is not None)
        # they shared transactions (on SQLite the loop-thread writer commits outside SQLAlchemy: 0 here)
        assert commits < len(tries) // 4, commits
        winner = racers.index(None)
        loaded = await store.load("g0")
        assert loaded is not None
        assert [(a.n, a.seat) for a in loaded.actions] == [(0, 0), (1, 0), (2, 0), (3, winner)]
        for i in range(1, 40):
            game = await store.load(f"g{i}")
            assert game is not None and game.actions == [an_action(0)]
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_the_digest_and_every_column_are_stored(store: Store) -> None:
    await store.create_game(a_game("g1"), the_seats())
    await store.create_game(a_game("g2"), the_seats())
    rows = [ActionRow(0, 1, "place Ελένη → Χανιά", True, 12.25, "d" * 64), ActionRow(0, 0, "pass", False, 13.5)]
    await asyncio.gather(store.append_action("g1", rows[0]), store.append_action("g2", rows[1]))
    for game_id, row in zip(("g1", "g2"), rows, strict=True):
        loaded = await store.load(game_id)
        assert loaded is not None and loaded.actions == [row]


@pytest.mark.asyncio
async def test_on_sqlite_a_batch_waits_for_another_writer_instead_of_failing(tmp_path: Path) -> None:
    """The loop-thread writer never waits for a lock: while another connection holds SQLite's write
    lock, the append goes the async way, which waits, and is written once the lock is let go."""
    path = tmp_path / "ludoteca.db"
    store = await Store.open(f"sqlite+aiosqlite:///{path}")
    try:
        await store.create_game(a_game(), the_seats())
        await store.append_action("g1", an_action(0))  # the direct writer's own connection is open now
        other = sqlite3.connect(path, isolation_level=None)
        other.execute("BEGIN IMMEDIATE")
        appending = asyncio.ensure_future(store.append_action("g1", an_action(1)))
        for _ in range(50):
            await asyncio.sleep(0)
        assert not appending.done()
        other.execute("ROLLBACK")
        other.close()
        await appending
        loaded = await store.load("g1")
        assert loaded is not None and loaded.actions == [an_action(0), an_action(1)]
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_a_writer_cancelled_mid_batch_leaves_no_caller_waiting_forever() -> None:
    started = asyncio.Event()

    async def stuck(rows: list[Row]) -> set[str]:
        started.set()
        await asyncio.Event().wait()
        return set()

    commit = GroupCommit(stuck, stuck)
    first = asyncio.ensure_future(commit.append({"game_id": "a", "n": 0}))
    second = asyncio.ensure_future(commit.append({"game_id": "a", "n": 1}))  # waits for the next batch
    await started.wait()
    writer = commit._writer  # noqa: SLF001 - the task a shutting-down loop cancels
    assert writer is not None
    writer.cancel()
    for caller in (first, second):
        with pytest.raises(asyncio.CancelledError):
            await caller
