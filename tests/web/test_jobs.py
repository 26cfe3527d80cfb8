"""The worker pool's deadlines and priorities, on real worker processes."""

from __future__ import annotations

import asyncio
import math
import time

import pytest

from ludoteca.web.jobs import JobTimeout, Kind, Workers, _Slots


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
