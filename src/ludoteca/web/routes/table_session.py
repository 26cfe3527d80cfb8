"""The WebSocket protocol of a table: one reader loop per client, one writer task, typed messages.

Everything a client sends is untrusted: a message that is not JSON, not an object, too large, of an
unknown type, or that the match refuses gets an ``error`` message back with a stable ``code`` and a
translated explanation; the connection stays open and nothing changes. Only a closed socket ends the
loop — or a limit: too many connections from one address or at one table, no room for another live
game, or a client that stops reading (:data:`CLOSE_CODES`). The protocol is described in ``docs/web.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from typing import Any, assert_never

from starlette.websockets import WebSocket, WebSocketDisconnect

from ..features import chat, rematch
from ..hosting.config import Settings
from ..hosting.limits import Holdings, Inflow, RateLimit
from ..language import i18n, refusals
from ..language.i18n import Translator
from ..language.refusals import Refusal
from ..language.wording import Wording, in_language
from ..live.connection import Connection
from ..live.front import Tables
from ..live.jobs import JobTimeout
from ..live.registry import LoadsExhausted, RoomsFull
from ..live.room import Room
from ..play.match import MatchError
from ..play.seat import SeatKind
from ..protocol import incoming, outgoing
from ..storage.errors import Kind, StoreError
from ..storage.schema import hash_token
from .deps import client_address

log = logging.getLogger("ludoteca.web")
tasks: set[asyncio.Task[None]] = set()
"""Running hint searches (kept referenced so they are not collected mid-flight)."""
CLOSE_CODES: dict[Refusal, int] = {
    Refusal.NOT_FOUND: 4404,
    Refusal.TOO_MANY_CONNECTIONS: 4429,
    Refusal.TOO_MANY_LOADS: 4429,
    Refusal.TABLE_FULL: 4413,
    Refusal.SERVER_FULL: 4503,
    Refusal.SLOW: 4408,
    Refusal.TOO_LARGE: 4400,
    Refusal.UNAVAILABLE: 1013,
}
"""Why the server closed a socket; the page does not reconnect after a code from 4000 to 4999 and shows
the reason, which is the explanation in the client's language. 1013 (RFC 6455's "try again later": the
database did not answer while the game was loaded) is not for good: the page connects again."""
MESSAGE_RATE = (100, 10.0)
"""Messages of any kind one connection may send per seconds: a page sends a few a minute (its actions,
chat, a ping), a script playing a whole game as fast as the table answers stays under it; a flood of
small messages does not (each is read, parsed and answered on the event loop)."""
WHOLE_RATE = (10, 10.0)
"""Messages asking for a whole table one connection may send per seconds — ``hello`` (a whole state and
the chat's 200 newest lines), ``sync``, ``lang``: a page sends one when it connects and another when the
reader changes something; a loop of them made 20 sockets send 195 MB/s (issue #24)."""
MAX_PAUSE = 30.0
"""The longest a connection of an address over its byte budget waits to be accepted."""
TOO_BIG = 1009
"""The close code of a frame the WebSocket library refused from its header (larger than ``ws_max_size``)."""
OVERSIZED = 3
"""Messages over the size limit after which a connection is closed (``too_large``, 4400): a page never
sends one, so a few are a script's mistake, and more would be a flood of the largest frames read."""


def error_text(code: Refusal, tr: Translator) -> str:
    """What a refusal means, in the client's language (its words are :data:`.refusals.WORDS`)."""
    return refusals.said(code, tr, chat.REFUSAL_VALUES.get(code))


DETAILED = frozenset({Refusal.ILLEGAL, Refusal.MALFORMED, Refusal.STALE})
"""The refusals whose message says their detail too (which rule, what could not be read, which version)."""


def _error(conn: Connection, code: Refusal, detail: Wording = "", request: int | None = None) -> None:
    """An ``error`` message answering the message numbered ``request`` (None: no one message), worded now
    in the connection's language (a detail a player can meet too)."""
    message = error_text(code, conn.tr)
    if detail and code in DETAILED:
        message = f"{message} ({in_language(detail, conn.tr)})"
    conn.send(outgoing.error(code, message, request))


async def _writer(ws: WebSocket, room: Room, conn: Connection) -> None:
    """Send queued messages, then the newest state if it changed: states coalesce, never queue up."""
    while True:
        await conn.wake.wait()
        conn.wake.clear()
        while conn.outbox:
            await ws.send_text(json.dumps(conn.outbox.popleft(), ensure_ascii=False))
        if conn.dirty:
            conn.dirty = False
            if not room.drawn_for(conn):  # a finished game opened cold: drawn in a thread (issue #33)
                await asyncio.to_thread(room.draw_for, conn)
            frame = room.frame_for(conn)
            if frame is not None:
                await ws.send_text(frame)


async def _refuse(ws: WebSocket, code: Refusal, tr: Translator) -> None:
    """Tell the client why, then close for good with the code its page understands."""
    message = error_text(code, tr)
    with contextlib.suppress(Exception):
        await ws.send_text(json.dumps(outgoing.error(code, message)))
        await ws.close(code=CLOSE_CODES[code], reason=_reason(message))


class TransportInScope:
    """ASGI middleware that puts the server's network transport of each WebSocket in its scope.

    ASGI can only *close* a socket, and closing (in uvicorn, as in asyncio) first flushes what is
    buffered for the peer — forever, if the peer never reads. A client that stops reading must be cut
    off instead (:func:`_abort`); on a server without a transport to find, it is only closed.
    """

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] == "websocket":
            scope["ludoteca.transport"] = getattr(getattr(send, "__self__", None), "transport", None)
        await self.app(scope, receive, send)


def _abort(ws: WebSocket) -> None:
    transport = ws.scope.get("ludoteca.transport")
    if transport is not None:
        transport.abort()


def _reason(message: str) -> str:
    """A close reason fits in 123 bytes of UTF-8."""
    data = message.encode()
    return message if len(data) <= 123 else data[:120].decode("utf-8", "ignore") + "…"


async def serve(
    ws: WebSocket, game_id: str, tables: Tables, settings: Settings, addresses: Holdings, inflow: Inflow
) -> None:
    lang = i18n.negotiate(ws.query_params.get("lang"), ws.cookies.get("lang"), ws.headers.get("accept-language"))
    tr = i18n.translator(lang)
    address = client_address(ws)
    if not addresses.take(address):
        await ws.accept()
        await _refuse(ws, Refusal.TOO_MANY_CONNECTIONS, tr)
        return
    try:
        pause = inflow.take(address, 0)
        if pause > 0:
            # the address sent more than its bytes a second (a frame too large for the socket counts the
            # most it could have been): its next connection is accepted once its budget allows, so that a
            # loop of reconnections is slowed as its frames are (issue #33)
            await asyncio.sleep(min(pause, MAX_PAUSE))
        try:
            await ws.accept()
        except Exception:  # the client gave up meanwhile
            return
        conn = Connection(ws, lang, tr, settings.outbox_limit, address)
        await _serve(ws, game_id, tables, settings, conn, inflow)
    finally:
        addresses.give_back(address)


async def _serve(
    ws: WebSocket, game_id: str, tables: Tables, settings: Settings, conn: Connection, inflow: Inflow
) -> None:
    try:
        room = await tables.get(game_id, conn.address)
    except RoomsFull:
        await _refuse(ws, Refusal.SERVER_FULL, conn.tr)
        return
    except LoadsExhausted:
        await _refuse(ws, Refusal.TOO_MANY_LOADS, conn.tr)
        return
    except StoreError as e:
        log.warning("game %s could not be loaded: %s", game_id, e)
        await _refuse(ws, Refusal.UNAVAILABLE if e.kind is Kind.UNAVAILABLE else Refusal.NOT_FOUND, conn.tr)
        return
    if room is None:
        await _refuse(ws, Refusal.NOT_FOUND, conn.tr)
        return
    if len(room.connections) >= settings.connections_per_game:
        await _refuse(ws, Refusal.TABLE_FULL, conn.tr)
        return
    room.connections.add(conn)
    budget = Budget()
    loop = asyncio.get_running_loop()
    writer = loop.create_task(_writer(ws, room, conn))
    overflow = loop.create_task(conn.overflowed.wait())
    slow = False
    oversized = 0
    try:
        while True:
            receive = loop.create_task(ws.receive())
            await asyncio.wait((receive, overflow), return_when=asyncio.FIRST_COMPLETED)
            if overflow.done():  # the client stopped reading: drop it, whatever it sends (even while it floods)
                receive.cancel()
                slow = True
                break
            raw = receive.result()
            if raw["type"] == "websocket.disconnect":
                if raw.get("code") == TOO_BIG:  # refused by the library from its header: never read, but sent
                    inflow.take(conn.address, 4 * settings.max_message)
                break
            data = raw.get("text")
            if data is None:
                data = (raw.get("bytes") or b"").decode("utf-8", "replace")
            pause = inflow.take(conn.address, len(data))  # a message dropped below was read all the same
            if pause > 0:  # the address sent more than its bytes a second: read its next message later
                await asyncio.sleep(pause)
            if not budget.allow(conn, "any"):
                continue
            if len(data) > settings.max_message:
                oversized += 1
                if oversized >= OVERSIZED:
                    await _refuse(ws, Refusal.TOO_LARGE, conn.tr)
                    break
                _error(conn, Refusal.TOO_LARGE)
                continue
            await _handle(data, room, conn, tables, budget)
            if writer.done():
                break
    except WebSocketDisconnect:
        pass
    finally:
        room.connections.discard(conn)
        for task in (writer, overflow):
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        if room.seat_connection(conn, None):
            room.presence_changed()  # the others see this seat's "connected" change
        room.last_used = time.monotonic()
    if slow:
        log.info("game %s: a client stopped reading; disconnected", room.match.id)
        with contextlib.suppress(Exception):
            # its buffers are full, so the close frame may never get through: do not wait long for it
            await asyncio.wait_for(ws.close(CLOSE_CODES[Refusal.SLOW], _reason(error_text(Refusal.SLOW, conn.tr))), 1.0)
        _abort(ws)


class Budget:
    """What one connection may still send: :data:`MESSAGE_RATE` messages, of which :data:`WHOLE_RATE` ask
    for a whole table. A message over the budget is dropped; the first of a run of them is answered
    ``too_fast`` (one error per run, not one per message: answering a flood would be a flood)."""

    def __init__(self) -> None:
        self.rates = {"any": RateLimit(*MESSAGE_RATE), "whole": RateLimit(*WHOLE_RATE)}
        self.told = False

    def allow(self, conn: Connection, kind: str) -> bool:
        if self.rates[kind].allow(""):
            self.told = False
            return True
        if not self.told:
            self.told = True
            _error(conn, Refusal.TOO_FAST)
        return False


WHOLE = (incoming.Hello, incoming.Sync, incoming.Lang)
"""The messages that ask for a whole table (counted against :data:`WHOLE_RATE`)."""


async def _handle(data: str, room: Room, conn: Connection, tables: Tables, budget: Budget) -> None:
    try:
        msg = incoming.parse(data)
    except incoming.Malformed as e:
        _error(conn, e.code, e.detail, e.request)
        return
    request = msg.id
    if isinstance(msg, WHOLE) and not budget.allow(conn, "whole"):
        return
    try:
        if isinstance(msg, incoming.Hello):
            try:
                _hello(msg, room, conn)
            except MatchError as e:
                if e.code is not Refusal.BAD_TOKEN or tables.site is None:
                    raise
                if not await tables.token_given_elsewhere(room, msg.token):
                    raise  # a made-up token: nothing reloaded, nobody redrawn
                await tables.catch_up(room.match.id)  # the seat is a moment old, given by another process
                _hello(msg, room, conn)
            await rematch.after_hello(tables, room, conn)
            await chat.welcome(room, conn, tables.store)  # may wait for the store: after what is at hand
        elif isinstance(msg, incoming.Ping):
            conn.send({"type": "pong"})
        elif isinstance(msg, incoming.Lang):
            code = i18n.negotiate(msg.lang, None, None)
            conn.lang, conn.tr = code, i18n.translator(code)
            conn.refresh(full=True)
        elif conn.seat is None:
            raise MatchError(Refusal.HELLO_FIRST)
        elif isinstance(msg, incoming.Chat):
            await _say(room, conn, tables, msg)
        elif isinstance(msg, incoming.Sync):
            conn.refresh(full=True)
        elif isinstance(msg, incoming.Action):
            conn.send(outgoing.ack(request, await tables.act(room, conn.seat, msg.version, msg.action)))
            room.address = conn.address  # the bots' answers count against who set them going
        elif isinstance(msg, incoming.Undo):
            conn.send(outgoing.ack(request, await tables.undo(room, conn.seat, msg.version)))
            room.address = conn.address
        elif isinstance(msg, incoming.Leave | incoming.TakeBack):
            if conn.seat < 0 or room.match.seats[conn.seat].kind != SeatKind.HUMAN:
                raise MatchError(Refusal.NOT_HUMAN)
            if not room.match.finished:
                room.address = conn.address
                await tables.set_autoplay(room, conn.seat, isinstance(msg, incoming.Leave))
        elif isinstance(msg, incoming.Hint):
            await _hint(room, conn, tables, request)
        elif isinstance(msg, incoming.Rematch):
            await rematch.propose(tables, room, conn)
        elif isinstance(msg, incoming.Unknown):
            raise MatchError(Refusal.UNKNOWN_TYPE)
        else:
            assert_never(msg)
    except StoreError as e:  # a read or a change outside the table's write path (the chat, a hello): nothing changed
        log.warning("game %s: a %s message failed in the store: %s", room.match.id, msg.type, e)
        _error(conn, Refusal.UNAVAILABLE if e.kind is Kind.UNAVAILABLE else Refusal.STORAGE, request=request)
    except MatchError as e:
        _error(conn, e.code, e.detail, request)
        if e.code is Refusal.STALE:
            # the newest state is on its way anyway (the change that made this action stale sends it); a
            # whole one as well while the budget allows, in case the page lost track of what it holds
            conn.refresh(full=budget.rates["whole"].allow(""))


async def _say(room: Room, conn: Connection, tables: Tables, msg: incoming.Chat) -> None:
    """A chat message, stored under the number the store gives it (and announced to the other processes in
    the same transaction)."""
    await chat.say(room, conn, tables.store, msg)


def _hello(msg: incoming.Hello, room: Room, conn: Connection) -> None:
    token = msg.token
    if "lang" in msg.model_fields_set:
        conn.lang = i18n.negotiate(msg.lang, None, None)
        conn.tr = i18n.translator(conn.lang)
    conn.guide = msg.guide
    conn.patches = msg.patches
    if token in (None, ""):
        seat = -1
    else:
        found = room.match.seat_of(hash_token(token)) if len(token) < 200 else None
        if found is None:
            raise MatchError(Refusal.BAD_TOKEN)
        seat = found
    conn.token = token if seat >= 0 else None
    room.joined = room.joined or seat >= 0
    changed = room.seat_connection(conn, seat)
    conn.send({"type": "welcome", "id": room.match.id, "seat": seat, "game": room.match.definition.name})
    conn.refresh(full=True)
    if changed:  # another connection of a seat already connected changes nothing the others see
        room.presence_changed()


async def _hint(room: Room, conn: Connection, tables: Tables, request: int | None) -> None:
    """Start the search in the background: the client may go on sending (even play) while it runs.
    One search per seat at a time, however many connections the seat has open. A refusal that comes
    later answers the ``hint`` numbered ``request`` all the same."""
    seat = conn.seat
    if seat is None or room.match.human_to_act() != seat:
        raise MatchError(Refusal.NO_HINT)
    if not tables.bots.begin_hint(room, seat):
        raise MatchError(Refusal.BUSY)

    async def run() -> None:
        try:
            conn.send(await tables.hint(room, conn))
        except MatchError as e:
            _error(conn, e.code, e.detail, request)
        except JobTimeout:
            _error(conn, Refusal.HINT_FAILED, request=request)
        except Exception:
            log.exception("hint failed in game %s", room.match.id)
            _error(conn, Refusal.NO_HINT, request=request)
        finally:
            tables.bots.end_hint(room, seat)

    task = asyncio.get_running_loop().create_task(run())
    tasks.add(task)
    task.add_done_callback(tasks.discard)
