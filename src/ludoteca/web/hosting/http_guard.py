"""What a raw HTTP connection may cost before the app sees a request: the limits uvicorn lacks.

uvicorn's default HTTP parser (httptools) takes a request head of any size (one 300 MB header held
390 MB) and neither of its parsers gives up on a head or a body that never finishes (slowloris: 1,100
half-sent requests used every file descriptor of a server allowed 1,024; issue #24). So ``ludoteca
serve`` speaks HTTP/1.1 through :class:`GuardedH11Protocol`, uvicorn's h11 protocol with:

* the head (request line and headers) at most :attr:`~.config.Settings.http_header_bytes` — h11's own
  ``max_incomplete_event_size``, which uvicorn sets from ``h11_max_incomplete_event_size``: a larger
  head is answered 400 and the connection closed, having buffered no more than that;
* the head within :attr:`~.config.Settings.http_header_seconds` of the connection's opening (or of the
  end of the previous response on a kept-alive connection), the body within
  :attr:`~.config.Settings.http_body_seconds` of the head: else the connection is closed;
* at most :attr:`~.config.Settings.http_connections_per_address` open HTTP connections per peer
  address (the address the socket comes from: a trusted proxy named by ``--forwarded-allow-ips`` is
  not counted, it has its own limits); one more is answered 429 and closed at once;
* at most :attr:`~.config.Settings.http_requests_per_second` requests per peer address (after a burst of
  :attr:`~.config.Settings.http_request_burst`), counted on every connection of the address: one more is
  answered 429 after :data:`REFUSAL_PAUSE`, before the app routes it (issue #33: a script looping on an
  endpoint's own 429s made ninety requests a second go through the router and the endpoint's limit).

A table's WebSocket leaves these limits once upgraded (it has its own: ``connections_per_address``,
the ping timeout). The limits reach each process's protocol through the lifespan's state
(:func:`state`), so ``serve --workers N`` applies them in every process, each counting its own
connections and requests.
"""

from __future__ import annotations

import asyncio
import functools
import ipaddress
from dataclasses import dataclass, field
from typing import Any

import h11
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from .config import Settings
from .limits import Bucket, Holdings, address_key

PROTOCOL = "ludoteca.web.hosting.http_guard:GuardedH11Protocol"
"""The protocol as uvicorn's ``http`` option names it (a name, so ``--workers`` processes import it)."""
STATE_KEY = "ludoteca.http_guard"
"""Where the lifespan's state holds this process's :class:`Guard`."""
TOO_MANY = (
    b"HTTP/1.1 429 Too Many Requests\r\ncontent-type: text/plain; charset=utf-8\r\n"
    b"content-length: 46\r\nconnection: close\r\n\r\nToo many open connections from your address.\n"
)
TOO_FAST = b"Too many requests from your address; try again in a few seconds.\n"
REFUSAL_PAUSE = 1.0
"""Seconds a request over its address's rate waits for its 429: a script looping on refusals then asks
once a second per connection it holds (at most ``http_connections_per_address``), and the wait costs the
server an open connection, not a trip through the router."""


@dataclass
class Guard:
    """One process's HTTP limits and the connections each peer address holds."""

    header_seconds: float
    body_seconds: float
    per_address: int
    requests_per_second: float = 20.0
    request_burst: int = 120
    held: Holdings = field(init=False)
    requests: Bucket = field(init=False)

    def __post_init__(self) -> None:
        self.held = Holdings(self.per_address)
        self.requests = Bucket(self.requests_per_second, self.request_burst)

    @classmethod
    def from_settings(cls, settings: Settings) -> Guard:
        return cls(  # the head's size is h11's own limit (:func:`uvicorn_options`)
            settings.http_header_seconds,
            settings.http_body_seconds,
            settings.http_connections_per_address,
            settings.http_requests_per_second,
            settings.http_request_burst,
        )


def counted(address: str, config: Config) -> bool:
    """Whether connections from ``address`` count against the limit: not those of a proxy whose
    ``X-Forwarded-For`` the server believes (``--forwarded-allow-ips``), which has its own limits."""
    if not config.proxy_headers:
        return True
    given = config.forwarded_allow_ips
    return address not in _trusted(given if isinstance(given, str) else ",".join(given))


@functools.lru_cache(maxsize=8)
def _trusted(given: str) -> _Trusted:
    return _Trusted(given)


class _Trusted:
    """The addresses and networks of ``--forwarded-allow-ips`` (``*``: every address)."""

    def __init__(self, given: str) -> None:
        names = [n.strip() for n in given.split(",") if n.strip()]
        self.everyone = "*" in names
        self.networks: list[ipaddress.IPv4Network | ipaddress.IPv6Network] = []
        for name in names:
            try:
                self.networks.append(ipaddress.ip_network(name, strict=False))
            except ValueError:
                continue  # uvicorn's proxy headers ignore it too (a literal it can never match here)

    def __contains__(self, address: str) -> bool:
        if self.everyone:
            return True
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in network for network in self.networks)


def state(settings: Settings) -> dict[str, Any]:
    """The lifespan state that gives every connection of the process its :class:`Guard`."""
    return {STATE_KEY: Guard.from_settings(settings)}


WS_QUEUE = 4
"""Frames the WebSocket library reads ahead of the table's reader per connection (uvicorn's default, 32,
let one connection hold 32 frames of the largest size in memory); past it, it stops reading the socket."""


def uvicorn_options(settings: Settings) -> dict[str, Any]:
    """uvicorn's options for the HTTP side and the WebSocket's frames (``uvicorn.run(app,
    **uvicorn_options(settings), …)``).

    A frame larger than the most bytes a message of ``max_message`` characters can take in UTF-8 (four
    a character) is refused by the WebSocket library from its header, closing the connection (1009),
    before its payload is read: with uvicorn's 1 MiB every oversized frame was received, unmasked and
    decoded whole before the table answered ``too_large`` (issue #33)."""
    return {
        "http": PROTOCOL,
        "h11_max_incomplete_event_size": settings.http_header_bytes,
        "ws_max_size": 4 * settings.max_message,
        "ws_max_queue": WS_QUEUE,
    }


async def _rated(app: Any, guard: Guard, protocol: GuardedH11Protocol, scope: Any, receive: Any, send: Any) -> None:
    """``app`` behind the request rate of ``protocol``'s address (an HTTP request's ASGI app: a table's
    WebSocket upgrade goes to uvicorn's WebSocket protocol, which is given the app itself)."""
    address = protocol.address
    if address is None or guard.requests.allow(address):
        await app(scope, receive, send)
        return
    await asyncio.sleep(REFUSAL_PAUSE)
    headers = [(b"content-type", b"text/plain; charset=utf-8"), (b"retry-after", b"2")]
    await send({"type": "http.response.start", "status": 429, "headers": headers})
    await send({"type": "http.response.body", "body": TOO_FAST})


class GuardedH11Protocol(H11Protocol):
    """uvicorn's h11 protocol with a deadline for each request's head and body and a cap per address.

    Without a :class:`Guard` in the app's state (an app that does not publish one) it is uvicorn's
    h11 protocol unchanged."""

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.guard: Guard | None = app_state.get(STATE_KEY)
        self.address: str | None = None
        """The peer address this connection is counted under (None: not counted)."""
        self.deadline: asyncio.TimerHandle | None = None
        self.waiting_for: Any = None
        """The h11 state of the client that :attr:`deadline` is for (``IDLE``: a head, ``SEND_BODY``: a body)."""
        self.upgraded = False
        """A WebSocket now: the transport is no longer this protocol's to watch."""
        if self.guard is not None:
            self.app = functools.partial(_rated, self.app, self.guard, self)

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        guard = self.guard
        if guard is None:
            return
        peer = self.client[0] if self.client else ""
        address = address_key(peer)  # an IPv6 client by its /64, as every per-address limit counts
        if counted(peer, self.config):
            if not guard.held.take(address):
                transport.write(TOO_MANY)
                transport.close()
                return
            self.address = address
        self._watch()

    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        self._watch()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._watch()

    def handle_websocket_upgrade(self, event: h11.Request) -> None:
        self.upgraded = True  # a WebSocket from here on: the app's limits apply, not these
        self._release()
        super().handle_websocket_upgrade(event)

    def connection_lost(self, exc: Exception | None) -> None:
        self._release()
        super().connection_lost(exc)

    def _watch(self) -> None:
        """Hold the deadline of what the client owes now: a head, a body, or nothing (the app answers)."""
        if self.guard is None or self.upgraded or self.transport is None or self.transport.is_closing():
            return
        state = self.conn.their_state
        owed = state if state in (h11.IDLE, h11.SEND_BODY) else None
        if owed is self.waiting_for:
            return
        self._cancel()
        if owed is not None:
            seconds = self.guard.header_seconds if owed is h11.IDLE else self.guard.body_seconds
            self.deadline = self.loop.call_later(seconds, self._too_slow)
            self.waiting_for = owed

    def _too_slow(self) -> None:
        self.deadline = None
        self.transport.close()

    def _cancel(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
        self.deadline, self.waiting_for = None, None

    def _release(self) -> None:
        self._cancel()
        if self.guard is not None and self.address is not None:
            self.guard.held.give_back(self.address)
            self.address = None
