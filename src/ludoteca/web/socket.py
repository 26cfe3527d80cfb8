"""The WebSocket protocol of a table: one reader loop per client, one writer task, typed messages.

Everything a client sends is untrusted: a message that is not JSON, not an object, too large, of an
unknown type, or that the match refuses gets an ``error`` message back with a stable ``code`` and a
translated explanation; the connection stays open and nothing changes. Only a closed socket ends the
loop. The protocol is described in ``docs/web.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from typing import Any

from starlette.websockets import WebSocket, WebSocketDisconnect

from . import i18n, messages
from .i18n import Translator
from .match import MatchError
from .present import encode
from .store import hash_token
from .tables import Connection, Room, Tables

log = logging.getLogger("ludoteca.web")
tasks: set[asyncio.Task[None]] = set()
"""Running hint searches (kept referenced so they are not collected mid-flight)."""


def error_text(code: str, tr: Translator) -> str:
    """What each refusal means, in the client's language."""
    texts = {
        "malformed": tr("That message could not be read."),
        "too_large": tr("That message is too large."),
        "unknown_type": tr("Unknown message type."),
        "hello_first": tr("Say hello first (with your seat's token, or none to watch)."),
        "bad_token": tr("This link's token does not belong to a seat of this game."),
        "spectator": tr("Spectators cannot act."),
        "finished": tr("The game is over."),
        "diverged": tr("This game has been stopped: it no longer replays as it was played."),
        "stale": tr("The table changed before your action arrived; here is the current table."),
        "not_your_turn": tr("It is not your turn."),
        "illegal": tr("That action is not allowed now."),
        "autoplay": tr("A bot is playing your seat: take it back first."),
        "no_hint": tr("Hints are for the player whose turn it is."),
        "busy": tr("Still thinking about your last hint."),
        "storage": tr("The server could not save that action; nothing changed. Try again."),
        "not_found": tr("There is no game with this link."),
        "not_human": tr("Only a player's own seat can be left or taken back."),
    }
    return texts.get(code) or tr("That request was refused.")


def _error(conn: Connection, code: str, detail: str = "") -> None:
    message = error_text(code, conn.tr)
    if detail and code in ("illegal", "malformed", "stale"):
        message = f"{message} ({detail})"
    conn.send({"type": "error", "code": code, "message": message})


async def _writer(ws: WebSocket, room: Room, conn: Connection) -> None:
    """Send queued messages, then the newest state if it changed: states coalesce, never queue up."""
    while True:
        await conn.wake.wait()
        conn.wake.clear()
        while conn.outbox:
            await ws.send_text(json.dumps(conn.outbox.popleft(), ensure_ascii=False))
        if conn.dirty:
            conn.dirty = False
            await ws.send_text(encode(room.message_for(conn), room.board))


async def serve(ws: WebSocket, game_id: str, tables: Tables, max_message: int, hints: bool) -> None:
    lang = i18n.negotiate(ws.query_params.get("lang"), ws.cookies.get("lang"), ws.headers.get("accept-language"))
    await ws.accept()
    conn = Connection(ws, lang, i18n.translator(lang))
    room = await tables.get(game_id)
    if room is None:
        await ws.send_text(
            json.dumps({"type": "error", "code": "not_found", "message": error_text("not_found", conn.tr)})
        )
        await ws.close(code=4404)
        return
    room.connections.add(conn)
    writer = asyncio.get_running_loop().create_task(_writer(ws, room, conn))
    try:
        while True:
            raw = await ws.receive()
            if raw["type"] == "websocket.disconnect":
                break
            data = raw.get("text")
            if data is None:
                data = (raw.get("bytes") or b"").decode("utf-8", "replace")
            if len(data) > max_message:
                _error(conn, "too_large")
                continue
            await _handle(data, room, conn, tables, hints)
            if writer.done():
                break
    except WebSocketDisconnect:
        pass
    finally:
        room.connections.discard(conn)
        writer.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await writer
        if conn.seat is not None and conn.seat >= 0:
            room.refresh_all()  # the others see this seat's "connected" change


async def _handle(data: str, room: Room, conn: Connection, tables: Tables, hints: bool) -> None:
    try:
        msg = messages.parse(data)
    except MatchError as e:
        _error(conn, e.code, e.detail)
        return
    kind = msg["type"]
    try:
        if kind == "hello":
            _hello(msg, room, conn)
        elif kind == "ping":
            conn.send({"type": "pong"})
        elif kind == "lang":
            code = i18n.negotiate(str(msg.get("lang")), None, None)
            conn.lang, conn.tr = code, i18n.translator(code)
            conn.refresh(full=True)
        elif conn.seat is None:
            raise MatchError("hello_first")
        elif kind == "sync":
            conn.refresh(full=True)
        elif kind == "action":
            await tables.act(room, conn.seat, msg.get("version"), msg.get("action"))
        elif kind in ("leave", "take_back"):
            if conn.seat < 0 or room.match.seats[conn.seat].kind != "human":
                raise MatchError("not_human")
            if not room.match.finished:
                await tables.set_autoplay(room, conn.seat, kind == "leave")
        elif kind == "hint" and hints:
            await _hint(room, conn, tables)
        else:
            raise MatchError("unknown_type")
    except MatchError as e:
        _error(conn, e.code, e.detail)
        if e.code == "stale":
            conn.refresh(full=True)


def _hello(msg: dict[str, Any], room: Room, conn: Connection) -> None:
    token = msg.get("token")
    if "lang" in msg:
        conn.lang = i18n.negotiate(str(msg.get("lang")), None, None)
        conn.tr = i18n.translator(conn.lang)
    if token in (None, ""):
        seat = -1
    else:
        found = room.match.seat_of(hash_token(token)) if isinstance(token, str) and len(token) < 200 else None
        if found is None:
            raise MatchError("bad_token")
        seat = found
    was = conn.seat
    conn.seat = seat
    conn.send({"type": "welcome", "id": room.match.id, "seat": seat, "game": room.match.definition.name})
    conn.refresh(full=True)
    if was != seat:
        room.refresh_all()


async def _hint(room: Room, conn: Connection, tables: Tables) -> None:
    """Start the search in the background: the client may go on sending (even play) while it runs."""
    if conn.hinting:
        raise MatchError("busy")
    if room.match.human_to_act() != conn.seat:
        raise MatchError("no_hint")
    conn.hinting = True

    async def run() -> None:
        try:
            conn.send(await tables.hint(room, conn))
        except MatchError as e:
            _error(conn, e.code, e.detail)
        except Exception:
            log.exception("hint failed in game %s", room.match.id)
            _error(conn, "no_hint")
        finally:
            conn.hinting = False

    task = asyncio.get_running_loop().create_task(run())
    tasks.add(task)
    task.add_done_callback(tasks.discard)
