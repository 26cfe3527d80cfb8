"""Worker processes for many bot games: the arena's deals and the simulation's tasks run here.

One pool helper for both, so that Ctrl-C and errors behave the same: workers ignore SIGINT and leave it
to the parent, which cancels whatever has not started (no traceback per worker), and the first error
raised by a task cancels the rest and propagates.
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import TypeVar

T = TypeVar("T")
R = TypeVar("R")


def ignore_interrupts() -> None:
    """A worker's initializer: Ctrl-C is the parent's to handle, which cancels the pool."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def in_pool(work: Callable[[T], R], items: Iterable[T], jobs: int) -> Iterator[tuple[T, R]]:
    """``(item, work(item))`` for every item, computed on ``jobs`` worker processes, in the order they
    finish. ``work`` and the items must pickle (a module-level function, or a ``functools.partial`` of one).
    An error, an interrupt or an abandoned generator cancels what has not started."""
    with ProcessPoolExecutor(max_workers=jobs, initializer=ignore_interrupts) as pool:
        futures: dict[Future[R], T] = {pool.submit(work, item): item for item in items}
        pending: set[Future[R]] = set(futures)
        try:
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    yield futures[future], future.result()
        finally:
            for future in pending:
                future.cancel()
