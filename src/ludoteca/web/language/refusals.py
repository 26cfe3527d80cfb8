"""What the server can refuse, as one enumeration: every refusal's code and its words, once.

A refusal's ``code`` is the protocol's (an ``error`` message's ``code``, ``docs/web.md``): pages, scripts and
translations key on it, so it is stable, and a code nobody defined is a type error (mypy), not a sentence
made up on the spot. Each member has its words here, an English sentence marked for translation and said in
the reader's language when the refusal is sent; there is no generic "refused" for a code without words
(``tests/web/test_refusals.py`` checks that every member has them, translated into every language).

The codes live in the ``language`` layer, below the match (:mod:`..play.match`) that raises most of them and
the protocol (:mod:`..protocol.outgoing`) that sends them, so that both can name them.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum

from .i18n import Translator
from .wording import Said, _


class Refusal(StrEnum):
    """A refusal's code, as the ``error`` message carries it (its text is the wire's, unchanged)."""

    MALFORMED = "malformed"
    TOO_LARGE = "too_large"
    UNKNOWN_TYPE = "unknown_type"
    HELLO_FIRST = "hello_first"
    BAD_TOKEN = "bad_token"
    SPECTATOR = "spectator"
    FINISHED = "finished"
    DIVERGED = "diverged"
    STALE = "stale"
    NOT_YOUR_TURN = "not_your_turn"
    WAITING = "waiting"
    ILLEGAL = "illegal"
    AUTOPLAY = "autoplay"
    TIME_UP = "time_up"
    NO_HINT = "no_hint"
    BUSY = "busy"
    STORAGE = "storage"
    UNAVAILABLE = "unavailable"
    NOT_FOUND = "not_found"
    NOT_HUMAN = "not_human"
    HINT_FAILED = "hint_failed"
    TOO_MANY_CONNECTIONS = "too_many_connections"
    TABLE_FULL = "table_full"
    SERVER_FULL = "server_full"
    SLOW = "slow"
    NOT_FINISHED = "not_finished"
    REMATCH_FAILED = "rematch_failed"
    TOO_MANY_GAMES = "too_many_games"
    TOO_FAST = "too_fast"
    TOO_MANY_LOADS = "too_many_loads"
    CANNOT_UNDO = "cannot_undo"
    CHAT_EMPTY = "chat_empty"
    CHAT_TOO_LONG = "chat_too_long"
    CHAT_TOO_FAST = "chat_too_fast"
    CHAT_CROWDED = "chat_crowded"
    CHAT_FULL = "chat_full"
    CHAT_EMOTE = "chat_emote"

    @property
    def words(self) -> str:
        """What this refusal means, in English (a gettext message: :func:`said` translates it)."""
        return WORDS[self]


WORDS: Mapping[Refusal, str] = {
    Refusal.MALFORMED: _("That message could not be read."),
    Refusal.TOO_LARGE: _("That message is too large."),
    Refusal.UNKNOWN_TYPE: _("Unknown message type."),
    Refusal.HELLO_FIRST: _("Say hello first (with your seat's token, or none to watch)."),
    Refusal.BAD_TOKEN: _("This link's token does not belong to a seat of this game."),
    Refusal.SPECTATOR: _("Spectators cannot act."),
    Refusal.FINISHED: _("The game is over."),
    Refusal.DIVERGED: _("This game has been stopped: it no longer replays as it was played."),
    Refusal.STALE: _("The table changed before your action arrived; here is the current table."),
    Refusal.NOT_YOUR_TURN: _("It is not your turn."),
    Refusal.WAITING: _("The game starts once every open seat has been taken from the lobby."),
    Refusal.ILLEGAL: _("That action is not allowed now."),
    Refusal.AUTOPLAY: _("A bot is playing your seat: take it back first."),
    Refusal.TIME_UP: _("Your time for this turn ran out: the bot plays it, then you can take your seat back."),
    Refusal.NO_HINT: _("Hints are for the player whose turn it is."),
    Refusal.BUSY: _("Still thinking about your last hint."),
    Refusal.STORAGE: _("The server could not save that action; nothing changed. Try again."),
    Refusal.UNAVAILABLE: _("The server cannot reach its database just now; nothing changed. Try again in a moment."),
    Refusal.NOT_FOUND: _("There is no game with this link."),
    Refusal.NOT_HUMAN: _("Only a player's own seat can be left or taken back."),
    Refusal.HINT_FAILED: _("No hint this time: the search took too long. Try again."),
    Refusal.TOO_MANY_CONNECTIONS: _("Too many connections from your address: close some tables and reload."),
    Refusal.TABLE_FULL: _("This table has as many connections as it can take: try again later."),
    Refusal.SERVER_FULL: _("The server is too busy to open this game now: try again later."),
    Refusal.SLOW: _("This page did not keep up with the table: reload to continue."),
    Refusal.NOT_FINISHED: _("A rematch can be proposed once the game is over."),
    Refusal.REMATCH_FAILED: _("The rematch could not be started. Try again."),
    Refusal.TOO_MANY_GAMES: _("Too many new games from your address (a rematch is one too): try again in a minute."),
    Refusal.TOO_FAST: _("Too many messages: wait a few seconds."),
    Refusal.TOO_MANY_LOADS: _("Too many games opened from your address: try again in a minute."),
    Refusal.CANNOT_UNDO: _("Nothing to undo: only your own steps of this turn, while nothing hidden has been shown."),
    Refusal.CHAT_EMPTY: _("Write something first."),
    Refusal.CHAT_TOO_LONG: _("A chat message is at most %(n)d characters."),
    Refusal.CHAT_TOO_FAST: _("You are sending messages too fast: wait a few seconds."),
    Refusal.CHAT_CROWDED: _("The spectators are sending too many messages: wait a few seconds."),
    Refusal.CHAT_FULL: _("This game's chat is full."),
    Refusal.CHAT_EMOTE: _("Unknown emote."),
}
"""Each refusal's words (``%(name)s`` placeholders filled in by :func:`said`'s ``params``)."""


def said(code: Refusal, tr: Translator, params: Mapping[str, object] | None = None) -> str:
    """What ``code`` means, in ``tr``'s language, with the values its words name (``params``)."""
    return Said(code.words, params or {}).in_language(tr)
