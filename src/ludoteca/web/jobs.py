"""The worker pool's front door: every job has a kind (its priority) and a hard deadline.

A bot's search is untrusted work as far as the server is concerned: a bug, a huge budget or a
pathological position could make it run forever, and one stuck worker used to stop every bot and
hint of the server. So each job runs in a :mod:`pebble` process pool, whose tasks take a timeout
that *kills and replaces* the worker process running them (``concurrent.futures`` cannot stop a
running task). The caller gets :class:`JobTimeout` and decides what happens instead.

Pebble's pool is first-come first-served, so the priority lives here: a job enters the pool only when
a worker is free (:class:`_Slots`), and the free worker goes to the most urgent waiting kind — a bot's
move before a hint, a hint before a review (:class:`Kind`) — so a crowd of hint requests delays other
tables' bots by at most the one job already running on each worker.
"""

from __future__ import annotations

import asyncio
import heapq
import itertools
import multiprocessing
import os
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


class _Slots:
    """A semaphore whose waiters are served by priority, then in arrival order."""

    def __init__(self, count: int) -> None:
        self.free = count
        self.waiting: list[tuple[int, int, asyncio.Future[None]]] = []
        self.order = itertools.count()

    async def acquire(self, priority: int) -> None:
        if self.free > 0 and not self.waiting:
            self.free -= 1
            return
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        heapq.heappush(self.waiting, (priority, next(self.order), waiter))
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self.release()  # handed a slot just as the caller gave up: pass it on
            raise

    def release(self) -> None:
        while self.waiting:
            _priority, _n, waiter = heapq.heappop(self.waiting)
            if not waiter.done():
                waiter.set_result(None)
                return
        self.free += 1


class Workers:
    """``processes`` worker processes (0: two threads in this process, for tests that need no
    isolation — a thread past its deadline cannot be stopped, only abandoned); ``deadline`` is the
    default number of seconds a job may run."""

    def __init__(self, processes: int | None, deadline: float, initializer: Callable[[], None] | None = None) -> None:
        self.threads = processes == 0
        self.count = 2 if self.threads else processes or max(1, (os.cpu_count() or 2) - 1)
        self.deadline = deadline
        self.thread_pool: ThreadPool | None = None
        self.process_pool: ProcessPool | None = None
        if self.threads:
            self.thread_pool = ThreadPool(max_workers=self.count)
        else:
            context = multiprocessing.get_context("spawn")
            self.process_pool = ProcessPool(max_workers=self.count, initializer=initializer, context=context)
        self.slots = _Slots(self.count)
        self.timeouts = 0
        """Jobs ended at their deadline since the start (shown on ``/healthz``)."""

    async def run(self, kind: Kind, function: Callable[..., T], *args: Any, deadline: float | None = None) -> T:
        """``function(*args)`` on a worker, once one is free for a job of this kind; its result, or
        :class:`JobTimeout` after ``deadline`` seconds of running (the pool's default if not given)."""
        limit = self.deadline if deadline is None else deadline
        await self.slots.acquire(int(kind))
        try:
            if self.thread_pool is not None:
                future = self.thread_pool.schedule(function, args=args)
                try:
                    return await asyncio.wait_for(asyncio.wrap_future(future), limit)
                except TimeoutError:
                    self.timeouts += 1
                    raise JobTimeout(f"{kind.name.lower()} job abandoned after {limit:g} s") from None
            assert self.process_pool is not None
            future = self.process_pool.schedule(function, args=args, timeout=limit)
            try:
                # cancelling this await (the server closing) cancels the task, which ends its worker
                return await asyncio.wrap_future(future)
            except FutureTimeout:
                self.timeouts += 1
                raise JobTimeout(f"{kind.name.lower()} job stopped after {limit:g} s; worker replaced") from None
        finally:
            self.slots.release()

    def close(self) -> None:
        """Stop every worker now (running jobs are ended, not awaited)."""
        if self.thread_pool is not None:
            self.thread_pool.stop()  # type: ignore[no-untyped-call]
            self.thread_pool.join(timeout=5)
        if self.process_pool is not None:
            self.process_pool.stop()  # type: ignore[no-untyped-call]
            self.process_pool.join(timeout=5)
