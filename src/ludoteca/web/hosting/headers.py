"""Security headers on every HTTP response: pages, static files, JSON, error pages, even a crash's 500.

The policy, and why each part:

- ``Content-Security-Policy``: everything from this origin only, and scripts only from files
  (``script-src 'self'``, no inline script, no ``eval``), so text that slips into a page (a player's
  name, say) can never run. Styles are strict too (``style-src 'self'``): the pages set no inline
  ``style`` attribute and the board SVGs use presentation attributes, which CSP does not govern.
  ``img-src`` adds ``data:`` for the SVG favicon's fallbacks; ``connect-src 'self'`` covers the API and
  the table's WebSocket (CSP 3 matches ``ws:``/``wss:`` of the same host with ``'self'``).
  ``object-src 'none'``, ``base-uri 'none'`` and ``form-action 'self'`` close the classic side doors.
- ``frame-ancestors 'none'`` and ``X-Frame-Options: DENY`` (for browsers older than CSP 2): no other
  site can frame a table and trick a player into clicking moves (clickjacking).
- ``X-Content-Type-Options: nosniff``: a response is only ever what its type says.
- ``Referrer-Policy: no-referrer``: a table's URL (``/g/ID``) is a spectator link to a live game and
  its fragment holds the seat's token; browsers drop fragments from ``Referer`` already, but the path
  alone would still tell another site which game a player is in. ``same-origin`` would keep the header
  for our own requests, which the server never reads; ``no-referrer`` says "never" in one word.
- ``Cross-Origin-Opener-Policy: same-origin``: a page that opened a table cannot script it.

Implemented as plain ASGI middleware so it sees every ``http.response.start`` — including responses
of mounted static files and of exception handlers — and, when the app fails before answering, it
answers the 500 itself (with the headers) before passing the exception on to be logged.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

CSP = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

HEADERS: dict[str, str] = {
    "Content-Security-Policy": CSP,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
}
"""What every HTTP response carries."""

_RAW = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in HEADERS.items()]


class SecurityHeaders:
    """ASGI middleware adding :data:`HEADERS` to every HTTP response (replacing any of the same name)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def send_with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                names = {name for name, _ in _RAW}
                kept = [(k, v) for k, v in message.get("headers", []) if k.lower() not in names]
                message["headers"] = kept + _RAW
            await send(message)

        try:
            await self.app(scope, receive, send_with_headers)
        except Exception:
            if not started:
                body = b"Internal Server Error"
                plain = [(b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode())]
                await send_with_headers({"type": "http.response.start", "status": 500, "headers": plain})
                await send({"type": "http.response.body", "body": body})
            raise
