"""The chat of a table: players and spectators talk over the table's WebSocket, and the game keeps what was said.

A message is stored before anyone sees it, like an action (:mod:`.tables`): numbered per game, with the
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
from typing import TYPE_CHECKING, Any

from . import names
from .i18n import Translator
from .limits import RateLimit
from .match import MatchError
from .messages import Chat
from .store import ChatRow, Store, StoreError
from .wording import Said, _

if TYPE_CHECKING:
    from .tables import Connection, Room

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


def error_text(code: str, tr: Translator) -> str | None:
    """What each chat refusal means, in the sender's language (None: not a chat code)."""
    texts = {
        "chat_empty": _("Write something first."),
        "chat_too_long": _("A chat message is at most %(n)d characters."),
        "chat_too_fast": _("You are sending messages too fast: wait a few seconds."),
        "chat_crowded": _("The spectators are sending too many messages: wait a few seconds."),
        "chat_full": _("This game's chat is full."),
        "chat_emote": _("Unknown emote."),
    }
    text = texts.get(code)
    return None if text is None else Said(text, {"n": MAX_TEXT}).in_language(tr)


class ChatRoom:
    """A table's chat while its room is live: the newest messages, the game's count and the rate limits.

    Loaded from the store at the first hello or message (a room unloaded and loaded again starts over
    from the store). Storing and loading hold :attr:`lock`, so a message is never both in a history a
    page receives and sent to it again — except one said while its hello waited for the lock, which
    the page recognises by its number ``n``.
    """

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.loaded = False
        self.total = 0
        self.recent: deque[ChatRow] = deque(maxlen=HISTORY)
        self.senders = RateLimit(*RATE)
        self.spectators = RateLimit(*SPECTATORS_RATE)
        self.numbers: weakref.WeakKeyDictionary[Connection, int] = weakref.WeakKeyDictionary()
        """The number of each spectator connection that has spoken."""
        self.last_number = 0

    async def load(self, store: Store, game_id: str) -> None:
        """Read the game's count and newest messages once (the caller holds :attr:`lock`)."""
        if self.loaded:
            return
        self.total, rows = await store.load_chat(game_id, HISTORY)
        self.recent.extend(rows)
        numbers = [int(r.name) for r in rows if r.seat is None and r.name.isdecimal() and len(r.name) < 10]
        self.last_number = max(numbers, default=0)
        self.loaded = True

    def spectator_number(self, conn: Connection) -> int:
        """The number this spectator connection speaks under (given when it first speaks)."""
        number = self.numbers.get(conn)
        if number is None:
            self.last_number += 1
            number = self.numbers[conn] = self.last_number
        return number


def public(line: ChatRow) -> dict[str, Any]:
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
    chat = room.chat
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
        raise MatchError("malformed", "a 'chat' message has either a 'text' or an 'emote'")
    if msg.emote is not None:
        if msg.emote not in EMOTES:
            raise MatchError("chat_emote")
        return "emote", msg.emote
    assert msg.text is not None
    if len(msg.text) > 4 * MAX_TEXT:  # cleaning removes little from real text: no need to clean a flood
        raise MatchError("chat_too_long")
    text = names.clean(msg.text, emoji=True)
    if not text:
        raise MatchError("chat_empty")
    if len(text) > MAX_TEXT:
        raise MatchError("chat_too_long")
    return "text", text


async def say(room: Room, conn: Connection, store: Store, msg: Chat) -> None:
    """Check, store, then send to everyone at the table (the sender too: its page shows what was stored)."""
    kind, text = _said(msg)
    chat, seat = room.chat, conn.seat
    assert seat is not None
    spectator = seat < 0
    sender = f"spectator {chat.spectator_number(conn)}" if spectator else f"seat {seat}"
    if not chat.senders.allow(sender):
        raise MatchError("chat_too_fast")
    if spectator and not chat.spectators.allow("all"):
        raise MatchError("chat_crowded")
    async with chat.lock:
        await chat.load(store, room.match.id)
        if chat.total >= (SPECTATOR_LINES if spectator else MAX_LINES):
            raise MatchError("chat_full")
        line = ChatRow(
            n=chat.total,
            seat=None if spectator else seat,
            name=str(chat.spectator_number(conn)) if spectator else room.match.seats[seat].name,
            kind=kind,
            text=text,
            at=time.time(),
            after_action=room.match.version,
        )
        try:
            await store.append_chat(room.match.id, line)
        except StoreError as e:
            raise MatchError("storage", str(e)) from None
        chat.total += 1
        chat.recent.append(line)
        message = {"type": "chat", "message": public(line)}
        for other in room.connections:
            if other.seat is not None:
                other.send(message)


async def replay_messages(store: Store, game_id: str) -> list[dict[str, Any]]:
    """Every message of a stored game, oldest first, for its replay (which shows each at its action)."""
    _total, rows = await store.load_chat(game_id)
    return [public(line) for line in rows]
