"""The worker pool's deadlines and priorities, on real worker processes."""

from __future__ import annotations

import asyncio
import math
import time

import pytest

from ludoteca.web.live.jobs import JobTimeout, Kind, Workers, _Slots


def test_a_job_past_its_deadline_is_stopped_and_its_worker_replaced() -> None:
    """One worker, one job that would never end: the caller hears of it at the deadline, and the next
    job runs on a fresh worker (a ``concurrent.futures`` pool would have been stuck for good)."""

    async def scenario() -> None:
        workers = Workers(1, deadline=0.5)
        try:
            with pytest.raises(JobTimeout):
                await workers.run(Kind.MOVE, time.sleep, 3600)
            assert await workers.run(Kind.MOVE, math.sqrt, 16.0) == 4.0
            assert workers.timeouts == 1
        finally:
            workers.close()

    asyncio.run(scenario())


def test_threads_abandon_a_job_past_its_deadline() -> None:
    async def scenario() -> None:
        workers = Workers(0, deadline=0.2)
        try:
            with pytest.raises(JobTimeout):
                await workers.run(Kind.HINT, time.sleep, 0.6)
            assert await workers.run(Kind.HINT, math.sqrt, 9.0) == 3.0
        finally:
            workers.close()

    asyncio.run(scenario())


def test_a_free_worker_goes_to_the_most_urgent_kind() -> None:
    """Hints asked first still wait while a bot's move is waiting: moves before hints before reviews."""

    async def scenario() -> list[str]:
        slots = _Slots(1)
        await slots.acquire(Kind.MOVE)  # the only worker is busy
        served: list[str] = []

        async def job(name: str, kind: Kind) -> None:
            await slots.acquire(kind)
            served.append(name)
            slots.release()

        tasks = [asyncio.create_task(job(n, k)) for n, k in [("review", Kind.REVIEW), ("hint", Kind.HINT)]]
        await asyncio.sleep(0)
        cancelled = asyncio.create_task(job("gone", Kind.MOVE))
        tasks.append(asyncio.create_task(job("move", Kind.MOVE)))
        await asyncio.sleep(0)
        cancelled.cancel()
        slots.release()
        await asyncio.gather(*tasks)
        assert slots.free == 1
        return served

    assert asyncio.run(scenario()) == ["move", "hint", "review"]


def test_a_free_worker_goes_to_the_address_that_used_least_then_to_its_tables_in_turn() -> None:
    """One address used a worker for a minute (its jobs waiting on three tables, queued first), another
    for a second: the light address is served first, then the heavy one's tables take turns; a review
    waits for all of them whatever its address has used."""

    async def scenario() -> list[str]:
        now = [0.0]
        slots = _Slots(1, clock=lambda: now[0])
        slots.charge("heavy", 60.0)
        slots.charge("light", 1.0)
        await slots.acquire(Kind.MOVE)  # the only worker is busy
        served: list[str] = []

        async def job(name: str, kind: Kind, address: str, table: str) -> None:
            await slots.acquire(kind, address, table)
            served.append(name)
            slots.release()

        jobs = [("a1", "heavy", "A"), ("a2", "heavy", "A"), ("b1", "heavy", "B"), ("c1", "heavy", "C")]
        tasks = [asyncio.create_task(job(n, Kind.MOVE, a, t)) for n, a, t in jobs]
        tasks.append(asyncio.create_task(job("review", Kind.REVIEW, "idle", "R")))
        tasks.append(asyncio.create_task(job("light", Kind.MOVE, "light", "L")))
        await asyncio.sleep(0)
        assert slots.count() == 6
        now[0] = 30.0  # half a half-life later: still 60 · 0.7 against 1 · 0.7
        slots.release()
        await asyncio.gather(*tasks)
        return served

    assert asyncio.run(scenario()) == ["light", "a1", "b1", "c1", "a2", "review"]
