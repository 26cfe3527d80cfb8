"""The schema of the server's database and the rows the store reads and writes.

The tables here are the newest revision's; :mod:`.migrations` takes an older database there. A game is
stored as its record (options, seed, seats, the append-only list of actions), never as a state.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any

import sqlalchemy as sa
from sqlalchemy.engine import RowMapping

from ..play.seat import Seat, SeatKind

SEED_RANGE = range(-(2**63), 2**63)  # a BIGINT on every database

metadata = sa.MetaData()
games_table = sa.Table(
    "games",
    metadata,
    sa.Column("id", sa.Text, primary_key=True),
    sa.Column("game", sa.Text, nullable=False),
    sa.Column("options", sa.JSON(none_as_null=True), nullable=False),
    sa.Column("seed", sa.BigInteger, nullable=False),
    sa.Column("start_player", sa.Integer),
    sa.Column("turn_seconds", sa.Integer),
    sa.Column("created", sa.Double, nullable=False),
    sa.Column("finished", sa.Boolean, nullable=False, default=False, index=True),
    sa.Column("result", sa.JSON(none_as_null=True)),
    sa.Column("rules_version", sa.Integer, nullable=False, server_default="1"),
    sa.Column("diverged_at", sa.Integer),
    sa.Column("diverged_reason", sa.Text),
    sa.Column("public", sa.Boolean, nullable=False, server_default=sa.false(), index=True),
    sa.Column("rematch_of", sa.Text),
    sa.Column("rematch", sa.Text),
    sa.Column("turn_started", sa.Double),
    sa.Column("rematch_by", sa.Integer),
    sa.Column("seed_chosen", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("created_from", sa.Text),
)
seats_table = sa.Table(
    "seats",
    metadata,
    sa.Column("game_id", sa.Text, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("name", sa.Text, nullable=False),
    sa.Column("kind", sa.Text, nullable=False),
    sa.Column("bot", sa.Text),
    sa.Column("token_hash", sa.Text, index=True),
    sa.Column("autoplay", sa.Boolean, nullable=False, default=False),
    sa.Column("generated", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("taken_from", sa.Text),
)
# The primary key (game_id, n) is what keeps the log a sequence: two writers racing for the same n
# cannot both commit, whatever the isolation level.
actions_table = sa.Table(
    "actions",
    metadata,
    sa.Column("game_id", sa.Text, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("action", sa.Text, nullable=False),
    sa.Column("by_bot", sa.Boolean, nullable=False),
    sa.Column("at", sa.Double, nullable=False),
    sa.Column("digest", sa.Text),
)
# A table's chat, numbered per game like its actions; ``seat`` is NULL for a spectator's message,
# ``after_action`` how many actions had been played when it was said (where the replay shows it).
chat_table = sa.Table(
    "chat",
    metadata,
    sa.Column("game_id", sa.Text, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("n", sa.Integer, primary_key=True),
    sa.Column("seat", sa.Integer),
    sa.Column("name", sa.Text, nullable=False),
    sa.Column("kind", sa.Text, nullable=False),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("at", sa.Double, nullable=False),
    sa.Column("after_action", sa.Integer, nullable=False),
)
# The search bot's review of a finished game, computed once (``done`` of ``total`` decisions so far).
reviews_table = sa.Table(
    "reviews",
    metadata,
    sa.Column("game_id", sa.Text, sa.ForeignKey("games.id"), primary_key=True),
    sa.Column("settings", sa.JSON(none_as_null=True), nullable=False),
    sa.Column("done", sa.Integer, nullable=False, server_default="0"),
    sa.Column("total", sa.Integer, nullable=False, server_default="0"),
    sa.Column("result", sa.JSON(none_as_null=True)),
    sa.Column("error", sa.Text),
    sa.Column("requested", sa.Double, nullable=False),
    sa.Column("updated", sa.Double, nullable=False),
)


@dataclass(frozen=True)
class ChatLimits:
    """What a game's chat holds and what one sender may say (the numbers are :mod:`.chat`'s)."""

    lines: int
    """Messages a game keeps (refused: ``chat_full``)."""
    spectator_lines: int
    """Messages after which spectators may say no more (``chat_full``)."""
    rate: tuple[int, float]
    """Messages per seconds one seat or one spectator may say (``chat_too_fast``)."""
    spectators_rate: tuple[int, float]
    """Messages per seconds all the spectators together may say (``chat_crowded``)."""


@dataclass
class GameRow:
    """What a game was started with (``options`` and ``result`` are JSON data) and whether it is over."""

    id: str
    game: str
    options: dict[str, Any]
    seed: int
    start_player: int | None
    turn_seconds: int | None
    created: float
    finished: bool = False
    result: dict[str, Any] | None = None
    rules_version: int = 1
    """The rules version the game is played under (its options' ``rules_version``)."""
    diverged_at: int | None = None
    """The action (0: the set-up) from which replaying the stored actions no longer gives what was played."""
    diverged_reason: str | None = None
    public: bool = False
    """Listed in the lobby's open games: anyone may take a free seat (otherwise invite only)."""
    rematch_of: str | None = None
    """The finished game this one is the rematch of."""
    rematch: str | None = None
    """On a finished game: the rematch proposed for it (at most one)."""
    turn_started: float | None = None
    """When the current turn's time began without an action (the last open seat taken, a seat taken back
    from the bot): a turn began at the later of this and the last action (:mod:`.slowturns`)."""
    rematch_by: int | None = None
    """The seat that proposed :attr:`rematch`."""
    seed_chosen: bool = False
    """The creator chose :attr:`seed` (and so may know every card): every seat is told."""
    created_from: str | None = None
    """Who created a public game (:func:`.limits.address_tag`), while it waits for players."""


@dataclass
class ActionRow:
    """Action number ``n`` of a game, in the game's notation."""

    n: int
    seat: int
    action: str
    by_bot: bool
    at: float
    digest: str | None = None
    """Every seat's view after the action (:class:`ludoteca.core.digest.GameDigest`); None if stored before digests."""


@dataclass
class StoredGame:
    """A complete game record: enough to rebuild its state by replaying ``actions`` (ordered by ``n``)."""

    game: GameRow
    seats: list[Seat]
    actions: list[ActionRow]


def hash_token(token: str) -> str:
    """The sha256 hex digest under which a seat's token is stored (tokens are long random strings: no salt needed)."""
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class ChatRow:
    """Chat message number ``n`` of a game: said by ``seat`` (None: a spectator, whose ``name`` is then
    the number the table gave it), an ``emote`` (``text`` is its code) or ``text``, after ``after_action``
    actions had been played."""

    n: int
    seat: int | None
    name: str
    kind: str  # "text" | "emote"
    text: str
    at: float
    after_action: int


def of_games(table: sa.Table, condition: sa.ColumnElement[bool]) -> sa.Select[Any]:
    """The rows of ``table`` that belong to the games meeting ``condition``, ordered by its primary key."""
    return sa.select(table).join(games_table).where(condition).order_by(*table.primary_key.columns)


def game_row(row: RowMapping) -> GameRow:
    return GameRow(**{column.name: row[column] for column in games_table.c})


def seat_row(row: RowMapping) -> Seat:
    seat = {c.name: row[c] for c in seats_table.c if c.name not in ("game_id", "taken_from")}
    return Seat(**{**seat, "kind": SeatKind(seat["kind"])})  # the stored text, typed


def chat_row(row: RowMapping) -> ChatRow:
    return ChatRow(**{column.name: row[column] for column in chat_table.c if column.name != "game_id"})
