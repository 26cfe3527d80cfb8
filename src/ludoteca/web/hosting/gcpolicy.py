"""When the server's cyclic garbage collector runs over everything: rarely, so it does not stall tables.

A server holding hundreds of tables keeps some 400,000 objects the collector tracks, nearly all
long-lived: each WebSocket's task with its twenty-odd nested coroutines of the ASGI stack, the rooms,
the matches. CPython's full collection walks all of them; under ``benchmarks/load.py`` (200 Kreta games)
the server spent 20–265 ms in each, nine times in 80 s while the heap grew, and those pauses were the
latency's 99th percentile (issue #19). Most garbage here is freed by reference counting; the full
collection finds little.

So after each collection of the older generations (1 and 2) the survivors are frozen
(:func:`gc.freeze`: moved where the collector no longer looks): an object that has lived through two
collections is nearly always long-lived here, and the full collections then walk only what was
promoted since the last freeze instead of a quarter of the heap. Freezing after full collections
alone left pauses of 80–170 ms every few seconds at 500 games a process (the quarter of the heap
promoted between two of them); after generation 1 as well, none past the start. Cycles among frozen
objects that die stay in memory: measured, about one object per action (some 100 MB an hour at 250
actions a second). So every :data:`THAW_SECONDS` everything is thawed and the next full collection looks
at the whole heap once — one pause of about 0.3 s an hour (400,000 objects) instead of several a minute.
"""

from __future__ import annotations

import asyncio
import gc
import time
from typing import Any

THAW_SECONDS = 3600.0
"""How often everything frozen is thawed, so cycles that died meanwhile are collected."""


class Policy:
    """Freezes the survivors of each collection of generations 1 and 2; thaws everything every
    :data:`THAW_SECONDS`."""

    def __init__(self, loop: asyncio.AbstractEventLoop, thaw_seconds: float = THAW_SECONDS) -> None:
        self.loop = loop
        self.thaw_seconds = thaw_seconds
        self.thawed_at = time.monotonic()
        self.freezes = 0
        self.thaws = 0

    def _collected(self, phase: str, info: dict[str, Any]) -> None:
        if phase == "stop" and info.get("generation", 0) >= 1:
            # not from inside the collector: on the loop, once this collection has ended
            self.loop.call_soon_threadsafe(self._after_older_collection)

    def _after_older_collection(self) -> None:
        if time.monotonic() - self.thawed_at >= self.thaw_seconds:
            gc.unfreeze()  # the next full collection looks at everything once
            self.thawed_at = time.monotonic()
            self.thaws += 1
            return
        gc.freeze()
        self.freezes += 1

    def install(self) -> None:
        gc.callbacks.append(self._collected)

    def remove(self) -> None:
        if self._collected in gc.callbacks:
            gc.callbacks.remove(self._collected)
        gc.unfreeze()
