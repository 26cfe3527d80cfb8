"""What one client address may hold or do at a time: the server's answers to being flooded.

Each limit is a number in :class:`~.config.Settings`; here are only the counters. The address is the
ASGI scope's client host, which uvicorn takes from ``X-Forwarded-For`` only for the proxies the host
trusts (``ludoteca serve --forwarded-allow-ips``): behind a proxy that is not trusted, every client
shares the proxy's address, and so its limits.

Every limit counts by :func:`address_key`, not by the address as written: an IPv6 client is usually
given a whole ``/64`` network by its provider (and picks new addresses in it at will), so one such
network counts as one address; an IPv4 address written as IPv6 (``::ffff:203.0.113.7``) is that IPv4
address.
"""

from __future__ import annotations

import hashlib
import ipaddress
import time
from collections import Counter, deque
from collections.abc import Callable

IPV6_PREFIX = 64
"""The IPv6 network one client is counted by (what a provider gives one household or one machine)."""


def address_key(host: str) -> str:
    """What the per-address limits count ``host`` as: an IPv4 address as it is, an IPv6 address as its
    ``/64`` network (``2001:db8:1:2::/64``), an IPv4-mapped IPv6 address as the IPv4 address; anything
    that is not an IP address (a test client's name, a Unix socket) as it is."""
    try:
        address = ipaddress.ip_address(host.split("%", 1)[0])  # an IPv6 zone (``fe80::1%eth0``) is no part of it
    except ValueError:
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, IPV6_PREFIX), strict=False))
    return str(address)


def address_tag(key: str) -> str:
    """What the store keeps of an address key (who created a public game, who took an open seat, while
    the game waits for players): a digest, enough to tell two addresses apart, not the address itself."""
    return hashlib.sha256(f"ludoteca address {key}".encode()).hexdigest()[:32]


class RateLimit:
    """At most ``count`` events per ``period`` seconds for each key (a sliding window); with ``burst``,
    besides, at most ``burst`` of them in the same share of the period (``burst / count`` of it), so that a
    script cannot spend a whole minute's allowance in its first second (issue #33: 120 review reads, or 60
    games replayed, at once)."""

    def __init__(
        self, count: int, period: float, clock: Callable[[], float] = time.monotonic, *, burst: int | None = None
    ) -> None:
        self.count = count
        self.period = period
        self.clock = clock
        self.burst = count if burst is None else min(burst, count)
        self.span = period * self.burst / count
        """The seconds in which at most :attr:`burst` events count."""
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
        if self.burst < self.count and len(window) >= self.burst and window[-self.burst] > now - self.span:
            return False  # the burst's share of the period is spent already
        window.append(now)
        return True


class Bucket:
    """At most ``burst`` events at once for each key, refilled at ``rate`` a second (a token bucket):
    unlike :class:`RateLimit`'s window, a full minute's allowance is never spent in one second, and an
    event refused takes nothing from the bucket (:mod:`.http_guard`'s request rate)."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.levels: dict[str, tuple[float, float]] = {}
        """key → (events it may still have, when that was counted)."""

    def allow(self, key: str) -> bool:
        """Take one event for ``key`` if its bucket holds one; whether it did."""
        now = self.clock()
        if len(self.levels) > 10_000:  # forget the keys whose bucket is full again
            self.levels = {k: v for k, v in self.levels.items() if v[0] + (now - v[1]) * self.rate < self.burst}
        level, when = self.levels.get(key, (self.burst, now))
        level = min(self.burst, level + (now - when) * self.rate)
        allowed = level >= 1
        self.levels[key] = (level - 1 if allowed else level, now)
        return allowed


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


class Inflow:
    """Bytes each key (a client address) may send per second across all its connections: a bucket of
    ``burst`` bytes refilled at ``rate`` a second. A connection whose address has sent more waits before
    it reads its next message, so the socket's buffers fill and the sender is slowed by TCP itself:
    reading and decoding what it sends costs the event loop no more than ``rate`` bytes a second (issue
    #33: forty sockets of one address sending 1 MiB frames stalled every table). A text frame counts its
    characters (a byte each for what a page sends); one refused from its header, the most it could have
    been; and a new connection of an address in debt is accepted only once the debt is paid, so that
    reconnecting after each refusal gains nothing."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.levels: dict[str, tuple[float, float]] = {}
        """key → (bytes it may still send, when that was counted); below zero, what it owes."""

    def take(self, key: str, size: int) -> float:
        """Count ``size`` bytes received from ``key``; the seconds its connections should wait before
        reading more (0: none)."""
        now = self.clock()
        if len(self.levels) > 10_000:  # forget the keys whose bucket is full again
            self.levels = {k: v for k, v in self.levels.items() if v[0] + (now - v[1]) * self.rate < self.burst}
        level, when = self.levels.get(key, (self.burst, now))
        level = min(self.burst, level + (now - when) * self.rate) - size
        self.levels[key] = (level, now)
        return 0.0 if level >= 0 else -level / self.rate
