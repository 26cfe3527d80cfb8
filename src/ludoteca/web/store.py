"""Durable storage of games: SQLite by default, PostgreSQL when ``DATABASE_URL`` names one.

A game is stored as its record — options, seed, seats and the append-only list of actions — never as a
state: the rules cores replay ``(options, seed, actions)`` exactly, so the server rebuilds every table
from the log after a restart, and a stored game can never disagree with its own history. Each action
is committed before anyone is told about it (the actions of several games arriving together share one
transaction, :mod:`.appends`), so whatever a player has seen survives a crash (``kill -9``) of the server.

Only the sha256 of a seat's token is stored: the database alone does not let anyone take a seat.

The schema is versioned (:mod:`ludoteca.web.migrations`): :meth:`Store.open` upgrades an older database
before anything else touches it. Each game records the rules version it is played under, and each action
the digest of every seat's view after it (:mod:`ludoteca.core.digest`), written in the same statement as
the action, so a replay that no longer matches what was played is noticed instead of silently believed.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import hashlib
import logging
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import dialect as sqlite_dialect
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.engine import RowMapping, make_url
from sqlalchemy.exc import ArgumentError, IntegrityError
from sqlalchemy.ext.asyncio import AsyncEngine, create_async_engine

from . import migrations
from .appends import GroupCommit
from .seat import Seat

log = logging.getLogger("ludoteca.web")

_SEED_RANGE = range(-(2**63), 2**63)  # a BIGINT on every database
_ASYNC_DRIVERS = {"sqlite": "sqlite+aiosqlite", "postgres": "postgresql+psycopg", "postgresql": "postgresql+psycopg"}

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


class StoreError(Exception):
    """The database refused or could not do what was asked (bad URL, unknown game, …)."""


class StaleActionError(StoreError):
    """An action was appended at a position that is not the end of the log: someone else moved first."""


class ChatRefused(StoreError):
    """A chat message the game's limits refuse (:meth:`Store.add_chat`); ``code`` says which limit."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


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


def _checked_append() -> sa.Insert:
    """``INSERT INTO actions … SELECT :values WHERE (SELECT count(*) … WHERE game_id = :game_id) = :n``, built
    once with bound parameters: building and compiling the statement per action took a third of storing it
    (issue #19). The parameters are the row's fields, ``game_id`` and ``checked_n`` (the count it expects)."""
    names = ["game_id", *(f.name for f in dataclasses.fields(ActionRow))]
    stored = sa.select(sa.func.count()).where(actions_table.c.game_id == sa.bindparam("game_id")).scalar_subquery()
    values = [sa.bindparam(name, type_=actions_table.c[name].type) for name in names]
    checked = sa.select(*values).where(stored == sa.bindparam("checked_n", type_=sa.Integer))
    return sa.insert(actions_table).from_select(names, checked)


_APPEND = _checked_append()
_ACTION_COLUMNS = ["game_id", *(f.name for f in dataclasses.fields(ActionRow))]


@functools.cache
def _batch_append(size: int, dialect: str) -> sa.Insert:
    """``INSERT INTO actions SELECT … FROM (rows) WHERE <the row continues its game's log> ON CONFLICT DO
    NOTHING RETURNING game_id`` for ``size`` rows (parameters ``r<i>_<column>``), built once per size.

    The row continues the log if its game has action ``n - 1`` (or, for ``n = 0``, if the game exists):
    with the primary key refusing a second row at the same ``(game_id, n)``, the log stays the sequence
    0, 1, 2, … that :data:`_APPEND`'s count check keeps, and an unknown game writes nothing instead of
    failing the whole batch on its foreign key. ``ON CONFLICT DO NOTHING`` turns a lost race into a row
    not returned (SQLite ≥ 3.35 and PostgreSQL both have it), where a plain insert would abort the batch.
    """
    rows = [
        sa.select(
            *(sa.bindparam(f"r{i}_{name}", type_=actions_table.c[name].type).label(name) for name in _ACTION_COLUMNS)
        )
        for i in range(size)
    ]
    new = (sa.union_all(*rows) if size > 1 else rows[0]).subquery("new")
    earlier = actions_table.alias("earlier")
    continues = sa.or_(
        sa.and_(new.c.n == sa.literal_column("0"), sa.exists().where(games_table.c.id == new.c.game_id)),
        sa.exists().where((earlier.c.game_id == new.c.game_id) & (earlier.c.n == new.c.n - sa.literal_column("1"))),
    )
    insert = (sqlite_insert if dialect == "sqlite" else postgresql_insert)(actions_table)
    chosen = sa.select(*(new.c[name] for name in _ACTION_COLUMNS)).where(continues)
    return insert.from_select(_ACTION_COLUMNS, chosen).on_conflict_do_nothing().returning(actions_table.c.game_id)


@dataclass
class StoredGame:
    """A complete game record: enough to rebuild its state by replaying ``actions`` (ordered by ``n``)."""

    game: GameRow
    seats: list[Seat]
    actions: list[ActionRow]


def hash_token(token: str) -> str:
    """The sha256 hex digest under which a seat's token is stored (tokens are long random strings: no salt needed)."""
    return hashlib.sha256(token.encode()).hexdigest()


def database_url(url: str | None, data_dir: Path) -> str:
    """The async SQLAlchemy URL for a user's setting: none (or blank) means SQLite in ``data_dir``.

    Users write the URLs their hosting gives them (``postgres://…``, ``sqlite:///…``); the drivers this
    app ships (aiosqlite, psycopg 3) are filled in, and an explicit ``dialect+driver`` is kept as given.
    """
    if url is None or not url.strip():
        data_dir.mkdir(parents=True, exist_ok=True)
        return f"sqlite+aiosqlite:///{data_dir / 'ludoteca.db'}"
    try:
        parsed = make_url(url.strip())
    except ArgumentError as error:
        raise StoreError(
            "not a database URL (expected e.g. sqlite:///path/ludoteca.db or postgresql://user:password@host/db)"
        ) from error
    dialect, _, driver = parsed.drivername.partition("+")
    if not driver:
        if dialect not in _ASYNC_DRIVERS:
            raise StoreError(
                f"unsupported database {dialect!r} in {_safe(url)}: use sqlite:///… or postgresql://…, "
                "or name an async driver explicitly (dialect+driver://…)"
            )
        parsed = parsed.set(drivername=_ASYNC_DRIVERS[dialect])
    return parsed.render_as_string(hide_password=False)


def _engine(url: str) -> AsyncEngine:
    try:
        parsed = make_url(url)
        sqlite = parsed.get_backend_name() == "sqlite"
        # sqlite3's busy timeout lets writers queue for the lock instead of failing at once;
        # a server's connections to PostgreSQL can outlive a restart of the database, hence the ping.
        engine = create_async_engine(parsed, connect_args={"timeout": 30} if sqlite else {}, pool_pre_ping=not sqlite)
    except (ArgumentError, ImportError) as error:
        raise StoreError(f"cannot use database {_safe(url)}: {error}") from error
    if sqlite:
        sa.event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
    return engine


async def upgrade_database(url: str) -> tuple[str | None, str]:
    """Upgrade the database at ``url`` to the newest schema: the revisions before and after (``ludoteca db``)."""
    engine = _engine(url)
    try:
        async with engine.begin() as conn:
            return await conn.run_sync(migrations.upgrade)
    except Exception as error:
        raise StoreError(f"cannot upgrade database {_safe(url)}: {error}") from error
    finally:
        await engine.dispose()


async def database_revision(url: str) -> tuple[str | None, str]:
    """The database's schema revision (None: empty) and the newest one this code knows."""
    engine = _engine(url)
    try:
        async with engine.connect() as conn:
            return await conn.run_sync(migrations.current), migrations.head()
    except Exception as error:
        raise StoreError(f"cannot read database {_safe(url)}: {error}") from error
    finally:
        await engine.dispose()


def _safe(url: str) -> str:
    """The URL for an error message, without its password."""
    try:
        return make_url(url).render_as_string(hide_password=True)
    except ArgumentError:
        return "(unparsable URL)"


class Store:
    """The games of one server, in one database. Every method is one short transaction."""

    def __init__(self, engine: AsyncEngine, *, serial_writes: bool = False) -> None:
        self._engine = engine
        # SQLite has one writer at a time, and a connection that finds the database locked waits in
        # sqlite3's busy handler, which sleeps in steps of up to 100 ms: under load that turned 2 ms
        # commits into 300 ms stalls. Queueing writers in-process instead keeps commits back to back.
        self._write_lock = asyncio.Lock() if serial_writes else contextlib.nullcontext()
        self._appends = GroupCommit(self._append_batch, self._append_one)
        database = engine.url.database
        file = engine.url.get_backend_name() == "sqlite" and database not in (None, "", ":memory:")
        self._direct = _SqliteWriter(str(database)) if file else None

    @classmethod
    async def open(cls, url: str, *, upgrade: bool = True) -> Store:
        """Connects and brings the schema to the newest revision (creating it in an empty database)."""
        engine = _engine(url)
        try:
            async with engine.begin() as conn:
                if upgrade:
                    before, after = await conn.run_sync(migrations.upgrade)
                    if before != after:
                        log.info("database %s upgraded from revision %s to %s", _safe(url), before, after)
                else:
                    revision = await conn.run_sync(migrations.current)
                    if revision != migrations.head():
                        raise StoreError(f"the database is at revision {revision}, not {migrations.head()}")
        except StoreError:
            await engine.dispose()
            raise
        except Exception as error:
            await engine.dispose()
            raise StoreError(f"cannot open database {_safe(url)}: {error}") from error
        return cls(engine, serial_writes=engine.url.get_backend_name() == "sqlite")

    def __repr__(self) -> str:
        return f"Store({_safe(self._engine.url.render_as_string(hide_password=True))})"

    async def close(self) -> None:
        await self._appends.close()
        if self._direct is not None:
            self._direct.close()
        await self._engine.dispose()

    async def create_game(self, game: GameRow, seats: list[Seat]) -> None:
        if game.seed not in _SEED_RANGE:
            raise StoreError(f"seed {game.seed} does not fit in 64 bits")
        try:
            async with self._write_lock, self._engine.begin() as conn:
                await conn.execute(sa.insert(games_table).values(vars(game)))
                if seats:
                    await conn.execute(sa.insert(seats_table), [{"game_id": game.id, **vars(seat)} for seat in seats])
        except IntegrityError as error:
            raise StoreError(f"game {game.id!r} exists already or has a seat twice") from error

    async def append_action(self, game_id: str, row: ActionRow) -> None:
        """Appends ``row`` if and only if it is action number ``row.n`` of the game.

        The insert carries its own check (the game's action ``n - 1`` exists, or the game exists for
        ``n = 0``), made under the same lock as the write on SQLite; on PostgreSQL a racing writer
        that passed the check too is stopped by the primary key. Either way a stale ``n`` writes
        nothing. The actions of several games that arrive together are written in one transaction
        (:mod:`.appends`); the call returns once its own row is committed.
        """
        if not await self._appends.append({"game_id": game_id, **vars(row)}):
            await self._explain_refused_action(game_id, row.n)

    async def _append_one(self, rows: list[dict[str, Any]]) -> set[str]:
        """The single-row append (``rows`` holds one): what a batch falls back to when it fails as a whole."""
        [values] = rows
        try:
            async with self._write_lock, self._engine.begin() as conn:
                # SQLAlchemy keeps the rowcount of an INSERT only when asked to
                checked = {**values, "checked_n": values["n"]}
                done = await conn.execute(_APPEND, checked, execution_options={"preserve_rowcount": True})
                return {values["game_id"]} if done.rowcount == 1 else set()
        except IntegrityError:
            return set()

    async def _append_batch(self, rows: list[dict[str, Any]]) -> set[str]:
        """Rows of different games in one ``INSERT … ON CONFLICT DO NOTHING RETURNING game_id``: the games
        whose row was written. On SQLite through :class:`_SqliteWriter` when it can take the lock at once."""
        if self._direct is not None:
            async with self._write_lock:
                written = self._direct.write(rows)
            if written is not None:
                return written
        statement = _batch_append(len(rows), self._engine.dialect.name)
        params = {f"r{i}_{name}": value for i, row in enumerate(rows) for name, value in row.items()}
        async with self._write_lock, self._engine.begin() as conn:
            return set((await conn.execute(statement, params)).scalars())

    async def _explain_refused_action(self, game_id: str, n: int) -> None:
        async with self._engine.connect() as conn:
            if (await conn.execute(sa.select(games_table.c.id).where(games_table.c.id == game_id))).first() is None:
                raise StoreError(f"no game {game_id!r}")
            count = await conn.scalar(sa.select(sa.func.count()).where(actions_table.c.game_id == game_id))
        raise StaleActionError(f"game {game_id!r} has {count} actions: action {n} is stale")

    async def fill_digests(self, game_id: str, digests: dict[int, str]) -> None:
        """Write the digests of actions stored before digests existed (only where the column is still NULL)."""
        if not digests:
            return
        where = (
            (actions_table.c.game_id == game_id)
            & (actions_table.c.n == sa.bindparam("n_"))
            & (actions_table.c.digest.is_(None))
        )
        fill = sa.update(actions_table).where(where).values(digest=sa.bindparam("digest_"))
        async with self._write_lock, self._engine.begin() as conn:
            await conn.execute(fill, [{"n_": n, "digest_": d} for n, d in sorted(digests.items())])

    async def mark_diverged(self, game_id: str, at: int, reason: str) -> None:
        """Record that the game no longer replays as played from action ``at`` (0: its set-up) on."""
        async with self._write_lock, self._engine.begin() as conn:
            mark = sa.update(games_table).where(games_table.c.id == game_id)
            done = await conn.execute(mark.values(diverged_at=at, diverged_reason=reason))
            if done.rowcount != 1:
                raise StoreError(f"no game {game_id!r}")

    async def set_autoplay(self, game_id: str, seat: int, autoplay: bool) -> None:
        async with self._write_lock, self._engine.begin() as conn:
            where = (seats_table.c.game_id == game_id) & (seats_table.c.seat == seat)
            if (await conn.execute(sa.update(seats_table).where(where).values(autoplay=autoplay))).rowcount != 1:
                raise StoreError(f"no seat {seat} in game {game_id!r}")

    async def finish(self, game_id: str, result: dict[str, Any]) -> None:
        async with self._write_lock, self._engine.begin() as conn:
            done = sa.update(games_table).where(games_table.c.id == game_id).values(finished=True, result=result)
            if (await conn.execute(done)).rowcount != 1:
                raise StoreError(f"no game {game_id!r}")

    async def load(self, game_id: str) -> StoredGame | None:
        loaded = await self._load_where(games_table.c.id == game_id)
        return loaded[0] if loaded else None

    async def unfinished(self) -> list[StoredGame]:
        """The games a restarted server must bring back to its tables, oldest first."""
        return await self._load_where(games_table.c.finished.is_(False))

    async def _load_where(self, condition: sa.ColumnElement[bool]) -> list[StoredGame]:
        """The games meeting ``condition`` with their seats and actions: three queries, however many games."""
        order = (games_table.c.created, games_table.c.id)
        async with self._engine.connect() as conn:
            found = await conn.execute(sa.select(games_table).where(condition).order_by(*order))
            loaded = {row.id: StoredGame(_game_row(row._mapping), [], []) for row in found}
            for row in await conn.execute(_of_games(seats_table, condition)):
                loaded[row.game_id].seats.append(_seat_row(row._mapping))
            for row in await conn.execute(_of_games(actions_table, condition)):
                loaded[row.game_id].actions.append(
                    ActionRow(row.n, row.seat, row.action, row.by_bot, row.at, row.digest)
                )
        return list(loaded.values())

    async def seats_for_tokens(self, token_hashes: list[str]) -> list[tuple[GameRow, Seat, int]]:
        """Each seat held by one of these tokens, with its game and how many actions it has (newest games first)."""
        if not token_hashes:
            return []
        played = sa.select(sa.func.count()).where(actions_table.c.game_id == games_table.c.id).scalar_subquery()
        query = (
            sa.select(games_table, seats_table, played.label("played"))
            .join(seats_table, seats_table.c.game_id == games_table.c.id)
            .where(seats_table.c.token_hash.in_(set(token_hashes)))
            .order_by(games_table.c.created.desc(), games_table.c.id, seats_table.c.seat)
        )
        async with self._engine.connect() as conn:
            rows = await conn.execute(query)
            return [(_game_row(row._mapping), _seat_row(row._mapping), row.played) for row in rows]

    async def seat_of_token(self, game_id: str, token_hash: str) -> int | None:
        """The seat of the game that the token holds, if any."""
        query = sa.select(seats_table.c.seat).where(
            seats_table.c.game_id == game_id, seats_table.c.token_hash == token_hash
        )
        async with self._engine.connect() as conn:
            found = await conn.scalar(query)
        return None if found is None else int(found)

    # --- open lobby and slow games (#18 points 5 and 6) ---

    async def open_games(
        self, limit: int, since: float, per_address: int | None = None
    ) -> list[tuple[GameRow, list[Seat]]]:
        """The newest ``limit`` public games created after ``since`` that wait for players: unfinished,
        not stopped, with a turn timer (one without could be stopped for good by a stranger who never
        plays) and at least one open seat (a full game leaves the list at once); of one creator's address
        only its newest ``per_address`` (a game without a known creator counts as its own)."""
        waiting: sa.ColumnElement[bool] = _waiting(since) & games_table.c.turn_seconds.is_not(None)
        order = (games_table.c.created.desc(), games_table.c.id)
        if per_address is not None:
            creator = sa.func.coalesce(games_table.c.created_from, games_table.c.id)
            nth = sa.func.row_number().over(partition_by=creator, order_by=order).label("nth")
            ranked = sa.select(games_table.c.id, nth).where(waiting).subquery()
            waiting = games_table.c.id.in_(sa.select(ranked.c.id).where(ranked.c.nth <= per_address))
        newest = sa.select(games_table).where(waiting).order_by(*order)
        async with self._engine.connect() as conn:
            found = [_game_row(row._mapping) for row in await conn.execute(newest.limit(limit))]
            if not found:
                return []
            seats: dict[str, list[Seat]] = {g.id: [] for g in found}
            rows = sa.select(seats_table).where(seats_table.c.game_id.in_(list(seats)))
            for row in await conn.execute(rows.order_by(seats_table.c.game_id, seats_table.c.seat)):
                seats[row.game_id].append(_seat_row(row._mapping))
        return [(g, seats[g.id]) for g in found]

    async def take_seat(
        self, game_id: str, seat: int, token_hash: str, name: str, generated: bool, taken_from: str | None = None
    ) -> bool:
        """Give open seat ``seat`` of a waiting public game to the holder of ``token_hash``, taken from the
        address ``taken_from`` (:func:`.limits.address_tag`) unless that address holds another seat of the
        game already; whether it was given. One conditional ``UPDATE`` decides, so of two people taking the
        same seat at once exactly one gets it, on SQLite as on PostgreSQL (the loser's update matches no
        row); the game's row is locked first on PostgreSQL, so that one address taking two seats at once
        gets one (SQLite's writers take turns anyway). When the last open seat is taken the addresses are
        forgotten: they are only needed while the game waits for players."""
        still_waiting = sa.exists().where(
            (games_table.c.id == game_id)
            & games_table.c.public.is_(True)
            & games_table.c.finished.is_(False)
            & games_table.c.diverged_at.is_(None)
        )
        of_game = seats_table.c.game_id == game_id
        this_seat = of_game & (seats_table.c.seat == seat)
        where = this_seat & (seats_table.c.kind == "open") & still_waiting
        if taken_from is not None:
            held = seats_table.alias("held")
            where = where & ~sa.exists().where((held.c.game_id == game_id) & (held.c.taken_from == taken_from))
        values = {"kind": "human", "token_hash": token_hash, "name": name, "generated": generated}
        take = sa.update(seats_table).where(where).values(taken_from=taken_from, **values)
        rest = seats_table.alias("rest")  # not correlated with the updated row
        has_open = sa.exists().where((rest.c.game_id == game_id) & (rest.c.kind == "open"))
        forget = sa.update(seats_table).where(of_game & ~has_open).values(taken_from=None)
        forget_creator = sa.update(games_table).where((games_table.c.id == game_id) & ~has_open)
        async with self._write_lock, self._engine.begin() as conn:
            await conn.execute(sa.select(games_table.c.id).where(games_table.c.id == game_id).with_for_update())
            if (await conn.execute(take)).rowcount != 1:
                return False
            await conn.execute(forget)
            await conn.execute(forget_creator.values(created_from=None))
            return True

    async def holds_seat(self, game_id: str, taken_from: str) -> bool:
        """Whether the address ``taken_from`` holds an open seat it took of a game still waiting."""
        held = (seats_table.c.game_id == game_id) & (seats_table.c.taken_from == taken_from)
        async with self._engine.connect() as conn:
            return (await conn.scalar(sa.select(sa.func.count()).where(held))) != 0

    async def waiting_public_games(self, created_from: str, since: float) -> int:
        """How many public games created by the address ``created_from`` since ``since`` wait for players."""
        mine = _waiting(since) & (games_table.c.created_from == created_from)
        async with self._engine.connect() as conn:
            return int(await conn.scalar(sa.select(sa.func.count()).select_from(games_table).where(mine)) or 0)

    async def overdue_games(self, now: float, limit: int = 100) -> list[str]:
        """Unfinished timed games (no open seat left) whose turn began more than ``turn_seconds`` before
        ``now`` — the turn beginning at the last stored action, or at the creation before the first —,
        oldest deadline first: the games a sweep loads so that a timer that ran out while the game was
        unloaded (or the server down) takes effect (:mod:`.slowturns`)."""
        last = (
            sa.select(sa.func.max(actions_table.c.at))
            .where(actions_table.c.game_id == games_table.c.id)
            .scalar_subquery()
        )
        acted = sa.func.coalesce(last, games_table.c.created)
        # the later of the last action (or creation) and a turn restarted without one (games.turn_started)
        began = sa.case((games_table.c.turn_started > acted, games_table.c.turn_started), else_=acted)
        deadline = began + games_table.c.turn_seconds
        has_open = sa.exists().where((seats_table.c.game_id == games_table.c.id) & (seats_table.c.kind == "open"))
        query = (
            sa.select(games_table.c.id)
            .where(
                games_table.c.finished.is_(False)
                & games_table.c.diverged_at.is_(None)
                & games_table.c.turn_seconds.is_not(None)
                & ~has_open
                & (deadline <= now)
            )
            .order_by(deadline, games_table.c.id)
            .limit(limit)
        )
        async with self._engine.connect() as conn:
            return [row.id for row in await conn.execute(query)]

    async def restart_turn(self, game_id: str, at: float) -> None:
        """Record that the current turn's time began at ``at`` without an action (``games.turn_started``)."""
        async with self._write_lock, self._engine.begin() as conn:
            await conn.execute(sa.update(games_table).where(games_table.c.id == game_id).values(turn_started=at))

    # --- rematch ---

    async def create_rematch(self, old_id: str, game: GameRow, seats: list[Seat], by: int | None = None) -> str:
        """Store ``game`` as the rematch of the finished game ``old_id``, unless someone else's click got
        there first: the id of the rematch that holds (``game.id``, or the one stored before it).

        The conditional ``UPDATE … SET rematch WHERE rematch IS NULL`` decides, in the same transaction as
        the new game's rows: on PostgreSQL a racing transaction waits for the row lock and then finds
        ``rematch`` set (0 rows), on SQLite writers are serialised; the loser writes nothing at all.
        """
        link = (
            sa.update(games_table)
            .where((games_table.c.id == old_id) & games_table.c.rematch.is_(None))
            .values(rematch=game.id, rematch_by=by)
        )
        async with self._write_lock, self._engine.begin() as conn:
            won = (await conn.execute(link)).rowcount == 1
            if won:
                await conn.execute(sa.insert(games_table).values({**vars(game), "rematch_of": old_id}))
                await conn.execute(sa.insert(seats_table), [{"game_id": game.id, **vars(seat)} for seat in seats])
        if won:
            return game.id
        async with self._engine.connect() as conn:
            found = (await conn.execute(sa.select(games_table.c.rematch).where(games_table.c.id == old_id))).first()
        if found is None or found.rematch is None:
            raise StoreError(f"no game {old_id!r}")
        return str(found.rematch)

    async def claim_seat(self, game_id: str, seat: int, placeholder: str, token_hash: str) -> None:
        """Give a rematch's seat its player's token (hash) if it still holds ``placeholder``; once given, a
        second claim changes nothing."""
        where = (
            (seats_table.c.game_id == game_id)
            & (seats_table.c.seat == seat)
            & (seats_table.c.token_hash == placeholder)
        )
        async with self._write_lock, self._engine.begin() as conn:
            await conn.execute(sa.update(seats_table).where(where).values(token_hash=token_hash))

    # --- review ---

    async def review(self, game_id: str) -> dict[str, Any] | None:
        """The review row of a game (settings, done, total, result, error, requested, updated), or ``None``."""
        async with self._engine.connect() as conn:
            found = await conn.execute(sa.select(reviews_table).where(reviews_table.c.game_id == game_id))
            row = found.first()
        return None if row is None else dict(row._mapping)

    async def put_review(self, game_id: str, settings: dict[str, Any], total: int, now: float) -> None:
        """A fresh review of ``total`` decisions, replacing any earlier one (failed, or of other settings)."""
        values = {"settings": settings, "done": 0, "total": total, "result": None, "error": None}
        async with self._write_lock, self._engine.begin() as conn:
            await conn.execute(sa.delete(reviews_table).where(reviews_table.c.game_id == game_id))
            await conn.execute(sa.insert(reviews_table).values(game_id=game_id, requested=now, updated=now, **values))

    async def save_review(
        self, game_id: str, done: int, result: dict[str, Any] | None, now: float, error: str | None = None
    ) -> None:
        """A review's progress: ``done`` decisions judged, ``result`` so far (the whole review once done = total)."""
        update = sa.update(reviews_table).where(reviews_table.c.game_id == game_id)
        async with self._write_lock, self._engine.begin() as conn:
            await conn.execute(update.values(done=done, result=result, error=error, updated=now))

    async def pending_reviews(self) -> list[str]:
        """The games whose review a restarted server must finish, oldest request first."""
        table = reviews_table.c
        pending = table.error.is_(None) & ((table.done < table.total) | table.result.is_(None))
        async with self._engine.connect() as conn:
            rows = await conn.execute(sa.select(table.game_id).where(pending).order_by(table.requested, table.game_id))
            return [row.game_id for row in rows]

    # --- several processes ---

    async def load_since(self, game_id: str, n: int) -> StoredGame | None:
        """The game's row and seats with only its actions numbered ``n`` and above: what a process holding
        the game live needs to catch up with another process's change (:mod:`.cluster`), without
        reading the whole log for every action."""
        condition = games_table.c.id == game_id
        async with self._engine.connect() as conn:
            found = (await conn.execute(sa.select(games_table).where(condition))).first()
            if found is None:
                return None
            loaded = StoredGame(_game_row(found._mapping), [], [])
            for row in await conn.execute(_of_games(seats_table, condition)):
                loaded.seats.append(_seat_row(row._mapping))
            for row in await conn.execute(_of_games(actions_table, condition).where(actions_table.c.n >= n)):
                loaded.actions.append(ActionRow(row.n, row.seat, row.action, row.by_bot, row.at, row.digest))
        return loaded

    # --- chat ---

    async def add_chat(
        self,
        game_id: str,
        seat: int | None,
        name: str | None,
        said: tuple[str, str],
        after_action: int,
        limits: ChatLimits,
        at: float,
    ) -> ChatRow:
        """Store a game's next chat message if its limits allow it, and return it with its number ``n``.

        ``seat`` None is a spectator, ``name`` then the number it speaks under (None: it has none yet and
        gets the game's next); ``said`` is (kind, text). The count, the rates and the next number are read
        from the game's stored messages while its row is locked, so processes sharing the database share
        the limits and the numbering: what one says is counted by all, and no number is given twice.
        A refusal is :class:`ChatRefused`; an unknown game :class:`StoreError`."""
        chat = chat_table.c
        async with self._write_lock, self._engine.begin() as conn:
            # one chat writer per game at a time, across processes, until the commit (NO KEY UPDATE: actions
            # of the game may still be stored meanwhile, their foreign key needs only KEY SHARE)
            lock = sa.select(games_table.c.id).where(games_table.c.id == game_id).with_for_update(key_share=True)
            if await conn.scalar(lock) is None:
                raise StoreError(f"no game {game_id!r}")
            ours = chat.game_id == game_id
            row = (await conn.execute(sa.select(sa.func.count(), sa.func.max(chat.n)).where(ours))).one()
            total, last = int(row[0]), row[1]
            if total >= (limits.lines if seat is not None else limits.spectator_lines):
                raise ChatRefused("chat_full")

            async def recent(period: float, *condition: sa.ColumnElement[bool]) -> int:
                query = sa.select(sa.func.count()).where(ours, chat.at > at - period, *condition)
                return int(await conn.scalar(query) or 0)

            count, period = limits.rate
            if seat is not None:
                if await recent(period, chat.seat == seat) >= count:
                    raise ChatRefused("chat_too_fast")
            else:
                if name is not None and await recent(period, chat.seat.is_(None), chat.name == name) >= count:
                    raise ChatRefused("chat_too_fast")
                if await recent(limits.spectators_rate[1], chat.seat.is_(None)) >= limits.spectators_rate[0]:
                    raise ChatRefused("chat_crowded")
                if name is None:
                    names = await conn.scalars(sa.select(chat.name).where(ours, chat.seat.is_(None)).distinct())
                    numbers = [int(n) for n in names if n.isdecimal() and len(n) < 10]
                    name = str(max(numbers, default=0) + 1)
            assert name is not None
            line = ChatRow(0 if last is None else last + 1, seat, name, said[0], said[1], at, after_action)
            await conn.execute(sa.insert(chat_table).values(game_id=game_id, **vars(line)))
        return line

    async def load_chat(self, game_id: str, last: int | None = None) -> tuple[int, list[ChatRow]]:
        """How many chat messages a game has, and its ``last`` ones (all if None), oldest first."""
        query = sa.select(chat_table).where(chat_table.c.game_id == game_id).order_by(chat_table.c.n.desc())
        if last is not None:
            query = query.limit(last)
        async with self._engine.connect() as conn:
            count = await conn.scalar(sa.select(sa.func.count()).where(chat_table.c.game_id == game_id))
            rows = [_chat_row(row._mapping) for row in await conn.execute(query)]
        return int(count or 0), rows[::-1]


class _SqliteWriter:
    """Writes batches of actions into a SQLite file through :mod:`sqlite3` on the event loop's thread.

    The batch statement itself takes SQLite about 0.07 ms; through aiosqlite and SQLAlchemy's async
    bridge an append cost 0.8 ms of CPU (a thread hop for each cursor, execute, fetch, commit and the
    pool's reset, issue #19). Blocking the loop for the statement is cheaper than handing it to a
    thread, on one condition: it must never wait for a lock. The connection has no busy timeout, and
    the store's own writes are queued by its write lock before this one runs; if another process (or
    another store on the same file) holds the database, :meth:`write` returns None and the batch goes
    the async way, which waits. The WAL is not checkpointed from here (``wal_autocheckpoint=0``): the
    store's other connections do it when they commit (a new game, a game's end), in their thread.
    """

    def __init__(self, path: str) -> None:
        self._path = path
        self._conn: sqlite3.Connection | None = None

    def write(self, rows: list[dict[str, Any]]) -> set[str] | None:
        """The games whose row was written, or None if the database was busy (nothing written)."""
        conn = self._connection()
        sql, names = _batch_sql(len(rows))
        params = [rows[i][name] for i, name in names]
        try:
            conn.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError:
            return None  # locked by another writer: the async way waits for it
        try:
            written = {game_id for (game_id,) in conn.execute(sql, params)}
            conn.execute("COMMIT")
        except BaseException:
            if conn.in_transaction:
                conn.execute("ROLLBACK")
            raise
        return written

    def _connection(self) -> sqlite3.Connection:
        if self._conn is None:
            conn = sqlite3.connect(self._path, timeout=0, isolation_level=None, check_same_thread=False)
            _sqlite_pragmas(conn, None)
            conn.execute("PRAGMA wal_autocheckpoint=0")
            self._conn = conn
        return self._conn

    def close(self) -> None:
        if self._conn is not None:
            self._conn.close()
            self._conn = None


@functools.cache
def _batch_sql(size: int) -> tuple[str, list[tuple[int, str]]]:
    """:func:`_batch_append` for SQLite as ``sqlite3`` takes it: its text with ``?`` parameters, and for
    each parameter the row and the column it takes."""
    compiled = _batch_append(size, "sqlite").compile(dialect=sqlite_dialect())
    order = []
    for name in compiled.positiontup or ():
        row, _, column = name[1:].partition("_")
        order.append((int(row), column))
    return str(compiled), order


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL lets readers run beside the one writer. ``synchronous=NORMAL`` (in WAL mode) makes every commit
    durable against a crash of the server process — ``kill -9`` included — and syncs to disk at
    checkpoints; only a crash of the operating system or the power could lose the last commits. FULL
    (an fsync per commit) cost 1–4 ms per action and stalls of 100 ms under load."""
    cursor = dbapi_connection.cursor()
    for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON"):
        cursor.execute(f"PRAGMA {pragma}")
    cursor.close()


def _of_games(table: sa.Table, condition: sa.ColumnElement[bool]) -> sa.Select[Any]:
    """The rows of ``table`` that belong to the games meeting ``condition``, ordered by its primary key."""
    return sa.select(table).join(games_table).where(condition).order_by(*table.primary_key.columns)


def _waiting(since: float) -> sa.ColumnElement[bool]:
    """Public games created since ``since`` that wait for players: unfinished, not stopped, an open seat."""
    has_open = sa.exists().where((seats_table.c.game_id == games_table.c.id) & (seats_table.c.kind == "open"))
    return (
        games_table.c.public.is_(True)
        & games_table.c.finished.is_(False)
        & games_table.c.diverged_at.is_(None)
        & (games_table.c.created >= since)
        & has_open
    )


def _game_row(row: RowMapping) -> GameRow:
    return GameRow(**{column.name: row[column] for column in games_table.c})


def _seat_row(row: RowMapping) -> Seat:
    return Seat(**{c.name: row[c] for c in seats_table.c if c.name not in ("game_id", "taken_from")})


# --- chat ---


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


def _chat_row(row: RowMapping) -> ChatRow:
    return ChatRow(**{column.name: row[column] for column in chat_table.c if column.name != "game_id"})
