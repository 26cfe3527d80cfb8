"""What one client address may hold or do at a time: the server's answers to being flooded.

Each limit is a number in :class:`~.config.Settings`; here are only the counters. The address is the
ASGI scope's client host, which uvicorn takes from ``X-Forwarded-For`` only for the proxies the host
trusts (``ludoteca serve --forwarded-allow-ips``): behind a proxy that is not trusted, every client
shares the proxy's address, and so its limits.
"""

from __future__ import annotations

import time
from collections import Counter, deque
from collections.abc import Callable


class RateLimit:
    """At most ``count`` events per ``period`` seconds for each key (a sliding window)."""

    def __init__(self, count: int, period: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.count = count
        self.period = period
        self.clock = clock
        self.events: dict[str, deque[float]] = {}

    def allow(self, key: str) -> bool:
        """Record an event for ``key`` if it is within the limit; whether it was."""
        now = self.clock()
        if len(self.events) > 10_000:  # forget keys whose window has passed, so the table stays small
            self.events = {k: q for k, q in self.events.items() if q and q[-1] > now - self.period}
        window = self.events.setdefault(key, deque())
        while window and window[0] <= now - self.period:
            window.popleft()
        if len(window) >= self.count:
            return False
        window.append(now)
        return True


class Holdings:
    """How many of something (open connections) each key holds now, up to ``limit`` each."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.held: Counter[str] = Counter()

    def take(self, key: str) -> bool:
        """Take one for ``key`` if it holds fewer than the limit; whether it did."""
        if self.held[key] >= self.limit:
            return False
        self.held[key] += 1
        return True

    def give_back(self, key: str) -> None:
        self.held[key] -= 1
        if self.held[key] <= 0:
            del self.held[key]
