"""The chat of a table: players and spectators talk over the table's WebSocket, and the game keeps what was said.

A message is stored before anyone sees it, like an action (:mod:`ludoteca.web.live`): numbered per game, with the
seat that said it (None for a spectator) and how many actions had been played (``after_action``, where
the replay viewer shows it). Text is cleaned as seat names are (:func:`.names.clean`: NFC, no control,
format or invisible characters, whitespace collapsed to single spaces) and is only ever shown as text:
the pages build text nodes, never HTML. An emote is one of :data:`EMOTES`, stored and sent as its code
so each reader sees it in their own language.

What one sender may say is bounded three ways, each refused with a translated ``error`` to the sender
only (the connection stays open, nothing is stored): length (:data:`MAX_TEXT`), rate (:data:`RATE` per
seat, whatever its connections, or per spectator; and all spectators together :data:`SPECTATORS_RATE`,
so a crowd of watchers cannot drown the players), and the game's total (:data:`MAX_LINES`, of which
spectators may fill only up to :data:`SPECTATOR_LINES`, so the players always keep room to talk).

Spectators are "Spectator N": a number the table gives a watching connection when it first speaks
(stored in ``name``; the pages say "Spectator" in each reader's language). No typed name: a spectator
could otherwise take a player's name, and a watcher is anonymous by design. Bots never chat.
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections import deque

from ..language.refusals import Refusal
from ..live.connection import Connection
from ..live.front import Tables
from ..live.retry import until_stored
from ..live.room import Room
from ..play.match import MatchError
from ..protocol import names, outgoing
from ..protocol.incoming import Chat
from ..storage.errors import ChatRefused, Kind, StoreError
from ..storage.schema import ChatLimits, ChatRow
from ..storage.store import Store

log = logging.getLogger("ludoteca.web")

MAX_TEXT = 300
"""Characters (code points, after cleaning) in one message: a few sentences, never a wall of text."""

HISTORY = 200
"""Messages a connecting page receives (the newest ones): the rest stay in the store and the replay."""

MAX_LINES = 2000
"""Messages one game keeps: a long Kreta game between chatty friends says a few hundred."""

SPECTATOR_LINES = 1500
"""Spectators' messages stop once the game holds this many, leaving the rest to the players."""

RATE = (5, 10.0)
"""Messages per seconds one seat (all its connections together) or one spectator may send."""

SPECTATORS_RATE = (10, 10.0)
"""Messages per seconds all the spectators of a table together may send."""

EMOTES = ("thumbs_up", "applause", "surprised", "thinking", "good_game", "well_played")
"""The quick emotes, by code: 👍 👏 😮 🤔 and the phrases "Good game" and "Well played!" (the pages
draw each code, the phrases in the reader's language)."""


REFUSAL_VALUES: dict[Refusal, dict[str, object]] = {Refusal.CHAT_TOO_LONG: {"n": MAX_TEXT}}
"""The values the chat's refusals' words name (:data:`..language.refusals.WORDS`)."""


class ChatRoom:
    """A table's chat while its room is live: the newest messages, as many as this process has sent its
    pages, and the number each speaking spectator connection has.

    Loaded from the store at the first hello or message (a room unloaded and loaded again starts over
    from the store). The store is the only truth for the count, the rates and the numbers (processes
    sharing a database share them); this is what this process has read of it. Reading holds
    :attr:`lock`, and every message is sent to the pages here in order of its number, once
    (:meth:`deliver`), whichever process stored it — except one said while a hello waited for the lock,
    which the page recognises by its number ``n``.
    """

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.loaded = False
        self.total = 0
        """The messages stored as far as this process knows: the next one it has not sent is number ``total``."""
        self.recent: deque[ChatRow] = deque(maxlen=HISTORY)
        self.numbers: weakref.WeakKeyDictionary[Connection, str] = weakref.WeakKeyDictionary()
        """The number (as stored in ``name``) of each spectator connection that has spoken."""

    async def load(self, store: Store, game_id: str) -> None:
        """Read the game's count and newest messages once (the caller holds :attr:`lock`)."""
        if self.loaded:
            return
        self.total, rows = await store.load_chat(game_id, HISTORY)
        self.recent.extend(rows)
        self.loaded = True

    async def deliver(self, room: Room, store: Store, stored: ChatRow | None = None) -> None:
        """Send the pages here every message stored since the last one they got, in order, each once:
        ``stored`` (one this process just stored) directly if it is the next, else what the store has.
        A chat nobody here has read yet is left alone (read whole when first needed, with it inside)."""
        async with self.lock:
            if not self.loaded:
                if stored is None:
                    return
                await self.load(store, room.match.id)  # everything up to now, ``stored`` included
                new = [stored]
            elif stored is not None and stored.n == self.total:
                new = [stored]
                self.recent.append(stored)
            else:
                _count, rows = await store.load_chat(room.match.id, HISTORY)
                new = [line for line in rows if line.n >= self.total]
                self.recent.extend(new)
            if new:
                self.total = max(self.total, new[-1].n + 1)
        for line in new:
            message: outgoing.Chat = {"type": "chat", "message": public(line)}
            for conn in room.connections:
                if conn.seat is not None:
                    conn.send(message)

    def too_fast(self, sender: tuple[int | None, str | None], now: float) -> Refusal | None:
        """A refusal that the messages at hand prove already (every one of them is stored, so the store
        would refuse too): spares the store a transaction per message of a flood."""
        seat, name = sender
        count, period = RATE
        if seat is not None or name is not None:
            mine = [x for x in self.recent if (x.seat, x.name if seat is None else None) == sender]
            if sum(x.at > now - period for x in mine) >= count:
                return Refusal.CHAT_TOO_FAST
        if seat is None:
            crowd = sum(x.seat is None and x.at > now - SPECTATORS_RATE[1] for x in self.recent)
            if crowd >= SPECTATORS_RATE[0]:
                return Refusal.CHAT_CROWDED
        if self.total >= (SPECTATOR_LINES if seat is None else MAX_LINES):
            return Refusal.CHAT_FULL
        return None


_CHATS: weakref.WeakKeyDictionary[Room, ChatRoom] = weakref.WeakKeyDictionary()
"""Each live room's chat, made with its first use and gone with the room (a room loaded again starts over)."""


def chat_of(room: Room) -> ChatRoom:
    """The chat of a live room."""
    chat = _CHATS.get(room)
    if chat is None:
        chat = _CHATS[room] = ChatRoom()
    return chat


def catch_up_soon(tables: Tables, game_id: str) -> None:
    """Send the chat messages another process announced to this process's clients of the game."""
    room = tables.rooms.get(game_id)
    if room is not None and not tables.forget_unwatched(game_id):
        asyncio.get_running_loop().create_task(_deliver_announced(tables, room))


async def _deliver_announced(tables: Tables, room: Room) -> None:
    """Deliver what another process stored, tried again while the database is unavailable; never silently lost."""
    game_id = room.match.id
    try:
        await until_stored(
            lambda: chat_of(room).deliver(room, tables.store),
            lambda: tables.rooms.get(game_id) is room,
            f"game {game_id}, chat",
        )
    except Exception:
        log.exception("game %s: the chat could not be read from the store", game_id)


def public(line: ChatRow) -> outgoing.ChatLine:
    """A stored message as the pages receive it: who, what, when; nothing else (no token, no view)."""
    return {
        "n": line.n,
        "seat": line.seat,
        "name": line.name,
        "kind": line.kind,
        "text": line.text,
        "at": line.at,
        "after_action": line.after_action,
    }


async def welcome(room: Room, conn: Connection, store: Store) -> None:
    """After a hello: the newest messages, for the page to show (replacing whatever it showed)."""
    chat = chat_of(room)
    try:
        async with chat.lock:
            await chat.load(store, room.match.id)
            history = [public(line) for line in chat.recent]
    except Exception:  # the table goes on without its chat's history rather than dropping the page
        log.exception("could not load the chat of game %s", room.match.id)
        return
    conn.send({"type": "chat_history", "messages": history, "total": chat.total})


def _said(msg: Chat) -> tuple[str, str]:
    """(kind, text) of a chat message, checked, or :class:`MatchError` saying what is wrong."""
    if (msg.text is None) == (msg.emote is None):
        raise MatchError(Refusal.MALFORMED, "a 'chat' message has either a 'text' or an 'emote'")
    if msg.emote is not None:
        if msg.emote not in EMOTES:
            raise MatchError(Refusal.CHAT_EMOTE)
        return "emote", msg.emote
    assert msg.text is not None
    if len(msg.text) > 4 * MAX_TEXT:  # cleaning removes little from real text: no need to clean a flood
        raise MatchError(Refusal.CHAT_TOO_LONG)
    text = names.clean(msg.text, emoji=True)
    if not text:
        raise MatchError(Refusal.CHAT_EMPTY)
    if len(text) > MAX_TEXT:
        raise MatchError(Refusal.CHAT_TOO_LONG)
    return "text", text


async def say(room: Room, conn: Connection, store: Store, msg: Chat) -> None:
    """Check, store, then send to everyone at the table (the sender too: its page shows what was stored).

    The limits are checked by the store against every process's messages (:meth:`.Store.add_chat`);
    the other processes hear of it from :mod:`.cluster` and deliver it to their pages."""
    kind, text = _said(msg)
    chat, seat = chat_of(room), conn.seat
    assert seat is not None
    spectator = seat < 0
    name = chat.numbers.get(conn) if spectator else room.match.seats[seat].name
    sender = (None, name) if spectator else (seat, None)
    now = time.time()
    refused = chat.too_fast(sender, now) if chat.loaded else None
    if refused is not None:
        raise MatchError(refused)
    limits = ChatLimits(MAX_LINES, SPECTATOR_LINES, RATE, SPECTATORS_RATE)
    try:
        line = await store.add_chat(room.match.id, sender[0], name, (kind, text), room.match.played, limits, now)
    except ChatRefused as e:
        raise MatchError(e.code) from None
    except StoreError as e:  # "unavailable": the database did not answer, say it again in a moment
        raise MatchError(Refusal.UNAVAILABLE if e.kind is Kind.UNAVAILABLE else Refusal.STORAGE, str(e)) from None
    if spectator:
        chat.numbers[conn] = line.name
    await chat.deliver(room, store, line)


async def replay_messages(store: Store, game_id: str) -> list[outgoing.ChatLine]:
    """Every message of a stored game, oldest first, for its replay (which shows each at its action)."""
    _total, rows = await store.load_chat(game_id)
    return [public(line) for line in rows]
