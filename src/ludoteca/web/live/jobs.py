"""The worker pool's front door: every job has a kind (its priority) and a hard deadline.

A bot's search is untrusted work as far as the server is concerned: a bug, a huge budget or a
pathological position could make it run forever, and one stuck worker used to stop every bot and
hint of the server. So each job runs in a :mod:`pebble` process pool, whose tasks take a timeout
that *kills and replaces* the worker process running them (``concurrent.futures`` cannot stop a
running task). The caller gets :class:`JobTimeout` and decides what happens instead.

Pebble's pool is first-come first-served, so the order lives here: a job enters the pool only when a
worker is free (:class:`_Slots`), and the free worker goes, among the jobs people wait for (moves and
hints), to the client address that has used the least worker time lately (:data:`USAGE_HALF_LIFE`); of
that address's jobs, to the most urgent kind — a bot's move before a hint (:class:`Kind`) — then to its
tables in turn, then in order of arrival. Reviews come after all of those. So one address's flood of
hard bots or hints (from as many tables as it likes) delays another table's bot move by the jobs already
running on the workers, not by its queue: a light table is always next in line.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import TimeoutError as FutureTimeout
from enum import IntEnum
from typing import Any, TypeVar

from pebble import ProcessPool, ThreadPool

T = TypeVar("T")


class Kind(IntEnum):
    """What a job is for; the lower the value, the sooner it gets a free worker."""

    MOVE = 0
    """A bot's move (a game waits for it)."""
    HINT = 1
    """A player's hint (one person waits for it)."""
    REVIEW = 2
    """Reserved for analyses of finished games (nobody waits on the table)."""


class JobTimeout(Exception):
    """A job ran past its deadline; its worker was ended (processes) or abandoned (threads)."""


USAGE_HALF_LIFE = 60.0
"""Seconds after which an address's worker time counts half when it is weighed against others'."""


class _Slots:
    """A semaphore whose waiters are served fairly (see the module docstring): each waits under its
    client address and table; ``clock`` measures the worker time each address used."""

    def __init__(self, count: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.free = count
        self.clock = clock
        self.waiting: dict[str, dict[int, dict[str, deque[asyncio.Future[None]]]]] = {}
        """address → kind → table → waiters (dicts in order of arrival; a table's turn sends it to the back)."""
        self.used: dict[str, tuple[float, float]] = {}
        """address → (worker seconds it used, when that was last counted): see :meth:`usage`."""

    def count(self) -> int:
        """Jobs waiting for a worker."""
        return sum(
            1
            for kinds in self.waiting.values()
            for tables in kinds.values()
            for queue in tables.values()
            for waiter in queue
            if not waiter.done()
        )

    async def acquire(self, priority: int, address: str = "", table: str = "") -> None:
        if self.free > 0 and not self.waiting:
            self.free -= 1
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(address, {}).setdefault(priority, {}).setdefault(table, deque()).append(waiter)
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self.release()  # handed a slot just as the caller gave up: pass it on
            raise

    def release(self) -> None:
        while True:
            waiter = self._next()
            if waiter is None:
                self.free += 1
                return
            if not waiter.done():
                waiter.set_result(None)
                return

    def _next(self) -> asyncio.Future[None] | None:
        """Take the next waiter (perhaps one that gave up) out of the line: the address that used the least
        lately among those with an urgent job (a move or hint), else among all; its most urgent kind; the
        table whose turn it is; its first waiter."""
        if not self.waiting:
            return None
        now = self.clock()
        urgent = [a for a, kinds in self.waiting.items() if min(kinds) < Kind.REVIEW] or list(self.waiting)
        address = min(urgent, key=lambda a: self.usage(a, now))  # ties: the first to have come
        kinds = self.waiting[address]
        kind = min(kinds)
        tables = kinds[kind]
        table = next(iter(tables))
        queue = tables.pop(table)
        waiter = queue.popleft()
        if queue:
            tables[table] = queue  # to the back: the address's other tables first
        if not tables:
            del kinds[kind]
        if not kinds:
            del self.waiting[address]
        return waiter

    def usage(self, address: str, now: float) -> float:
        """The worker seconds ``address`` used, each counting half as much every :data:`USAGE_HALF_LIFE`."""
        seconds, when = self.used.get(address, (0.0, now))
        return float(seconds * 0.5 ** ((now - when) / USAGE_HALF_LIFE))

    def charge(self, address: str, seconds: float) -> None:
        """Count ``seconds`` of worker time against ``address``."""
        now = self.clock()
        if len(self.used) > 10_000:  # forget the addresses whose use has faded, so the table stays small
            self.used = {a: u for a, u in self.used.items() if self.usage(a, now) > 0.01}
        self.used[address] = (self.usage(address, now) + seconds, now)


class _Lane:
    """One pool of workers and the fair line in front of it."""

    def __init__(self, count: int, threads: bool, initializer: Callable[[], None] | None) -> None:
        self.count = count
        self.thread_pool: ThreadPool | None = None
        self.process_pool: ProcessPool | None = None
        if threads:
            self.thread_pool = ThreadPool(max_workers=count)
        else:
            context = multiprocessing.get_context("spawn")
            self.process_pool = ProcessPool(max_workers=count, initializer=initializer, context=context)
        self.slots = _Slots(count)

    def close(self) -> None:
        for pool in (self.thread_pool, self.process_pool):
            if pool is not None:
                pool.stop()  # type: ignore[no-untyped-call]
                pool.join(timeout=5)


class Workers:
    """``processes`` worker processes (0: two threads in this process, for tests that need no
    isolation — a thread past its deadline cannot be stopped, only abandoned); ``deadline`` is the
    default number of seconds a job may run.

    Beside them one more worker, kept for *quick* jobs (``run(..., quick=True)``: the moves of bots that
    take milliseconds, such as the heuristic bot's): with only the pool, one address's expert searches
    (up to 4 s each) made every other table's heuristic bot wait for the search running — its move took
    up to 4 s (issue #33). A search that yields or a cap of expert tables per address would each leave
    that wait at a search's length (another address's, or one's own); the kept worker bounds it by quick
    jobs only, for the price of one idle process (its memory, some 40 MB)."""

    def __init__(self, processes: int | None, deadline: float, initializer: Callable[[], None] | None = None) -> None:
        self.threads = processes == 0
        self.count = 2 if self.threads else processes or max(1, (os.cpu_count() or 2) - 1)
        self.deadline = deadline
        self.lane = _Lane(self.count, self.threads, initializer)
        self.quick_lane = _Lane(1, self.threads, initializer)
        self.timeouts = 0
        """Jobs ended at their deadline since the start (shown on ``/healthz``)."""

    def waiting(self) -> int:
        """Jobs waiting for a worker, of either lane."""
        return self.lane.slots.count() + self.quick_lane.slots.count()

    async def run(
        self,
        kind: Kind,
        function: Callable[..., T],
        *args: Any,
        deadline: float | None = None,
        address: str = "",
        table: str = "",
        quick: bool = False,
    ) -> T:
        """``function(*args)`` on a worker, once one is free for this job (see the module docstring: the
        worker time it takes counts against ``address``; ``table`` is the game it is for; ``quick``: a job
        of milliseconds, run by the worker kept for those); its result, or :class:`JobTimeout` after
        ``deadline`` seconds of running (the pool's default if not given)."""
        limit = self.deadline if deadline is None else deadline
        lane = self.quick_lane if quick else self.lane
        await lane.slots.acquire(int(kind), address, table)
        started = lane.slots.clock()
        try:
            if lane.thread_pool is not None:
                future = lane.thread_pool.schedule(function, args=args)
                try:
                    return await asyncio.wait_for(asyncio.wrap_future(future), limit)
                except TimeoutError:
                    self.timeouts += 1
                    raise JobTimeout(f"{kind.name.lower()} job abandoned after {limit:g} s") from None
            assert lane.process_pool is not None
            future = lane.process_pool.schedule(function, args=args, timeout=limit)
            try:
                # cancelling this await (the server closing) cancels the task, which ends its worker
                return await asyncio.wrap_future(future)
            except FutureTimeout:
                self.timeouts += 1
                raise JobTimeout(f"{kind.name.lower()} job stopped after {limit:g} s; worker replaced") from None
        finally:
            lane.slots.charge(address, lane.slots.clock() - started)
            lane.slots.release()

    def close(self) -> None:
        """Stop every worker now (running jobs are ended, not awaited)."""
        self.lane.close()
        self.quick_lane.close()
