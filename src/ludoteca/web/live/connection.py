"""One client socket at one table: what it has been sent, and its queue of messages.

Sending never blocks a room: every connection has its own writer task (:mod:`ludoteca.web.routes.table_session`)
that sends the newest state when it gets to it, so a slow client only delays itself, and one that stops reading
altogether is disconnected once its queue of other messages is full (:meth:`Connection.send`).
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Protocol

from ..language.i18n import Translator
from ..protocol.outgoing import Queued, State


class Socket(Protocol):
    async def send_text(self, data: str) -> None: ...


class Connection:
    """One client socket at one table; ``seat`` is None until its ``hello`` (then -1 for spectators)."""

    def __init__(self, socket: Socket, lang: str, tr: Translator, outbox_limit: int = 100, address: str = "") -> None:
        self.socket = socket
        self.address = address
        """The client's address as the per-address limits count it (:func:`.limits.address_key`: an IPv6 client
        by its /64); its hints' worker time counts against it (:mod:`.jobs`)."""
        self.lang = lang
        self.tr = tr
        self.seat: int | None = None
        self.guide = False
        """Whether the page plays a guided first game (its ``hello`` said so): see :mod:`.guided`."""
        self.token: str | None = None
        """The seat's token as its ``hello`` gave it (memory only): a rematch's seat token is derived from it."""
        self.log_sent = 0
        self.patches = False
        """Whether this client applies ``patch`` messages (its ``hello`` said so): see :mod:`.patches`."""
        self.last: State | None = None
        """The whole state this client holds (sent, or made by the patches sent); None: send a whole one."""
        self.presence: frozenset[int] | None = None
        """The connected seats as this client's newest state showed them."""
        self.dirty = False
        self.outbox: deque[Queued] = deque()
        self.outbox_limit = outbox_limit
        self.overflowed = asyncio.Event()
        """Set when the client stopped reading: the socket is then closed, its queue dropped."""
        self.wake = asyncio.Event()

    def send(self, message: Queued) -> None:
        """Queue a message; states are not queued but coalesce (:meth:`refresh`), so only a client that
        keeps asking without reading the answers can fill the queue — and is disconnected for it."""
        if self.overflowed.is_set():
            return
        if len(self.outbox) >= self.outbox_limit:
            self.outbox.clear()
            self.overflowed.set()
            return
        self.outbox.append(message)
        self.wake.set()

    def refresh(self, full: bool = False) -> None:
        """Send the newest state when the writer gets to it; ``full``: a whole one, log from its start."""
        if full:
            self.log_sent = 0
            self.last = None
        self.dirty = True
        self.wake.set()
