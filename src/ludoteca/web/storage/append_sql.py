"""The statements that append actions, checked to continue their game's log, and SQLite's direct writer.

Building and compiling a statement per action took a third of storing it (issue #19): each is built once
with bound parameters. The group commit (:mod:`.appends`) hands them batches of rows of different games.
"""

from __future__ import annotations

import dataclasses
import functools
import sqlite3
from typing import Any

import sqlalchemy as sa
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import dialect as sqlite_dialect
from sqlalchemy.dialects.sqlite import insert as sqlite_insert

from .databases import sqlite_pragmas
from .schema import ActionRow, actions_table, games_table


def _checked_append() -> sa.Insert:
    """``INSERT INTO actions … SELECT :values WHERE (SELECT count(*) … WHERE game_id = :game_id) = :n``, built
    once with bound parameters: building and compiling the statement per action took a third of storing it
    (issue #19). The parameters are the row's fields, ``game_id`` and ``checked_n`` (the count it expects)."""
    names = ["game_id", *(f.name for f in dataclasses.fields(ActionRow))]
    stored = sa.select(sa.func.count()).where(actions_table.c.game_id == sa.bindparam("game_id")).scalar_subquery()
    values = [sa.bindparam(name, type_=actions_table.c[name].type) for name in names]
    checked = sa.select(*values).where(stored == sa.bindparam("checked_n", type_=sa.Integer))
    return sa.insert(actions_table).from_select(names, checked)


APPEND = _checked_append()
ACTION_COLUMNS = ["game_id", *(f.name for f in dataclasses.fields(ActionRow))]


@functools.cache
def batch_append(size: int, dialect: str) -> sa.Insert:
    """``INSERT INTO actions SELECT … FROM (rows) WHERE <the row continues its game's log> ON CONFLICT DO
    NOTHING RETURNING game_id`` for ``size`` rows (parameters ``r<i>_<column>``), built once per size.

    The row continues the log if its game has action ``n - 1`` (or, for ``n = 0``, if the game exists):
    with the primary key refusing a second row at the same ``(game_id, n)``, the log stays the sequence
    0, 1, 2, … that :data:`APPEND`'s count check keeps, and an unknown game writes nothing instead of
    failing the whole batch on its foreign key. ``ON CONFLICT DO NOTHING`` turns a lost race into a row
    not returned (SQLite ≥ 3.35 and PostgreSQL both have it), where a plain insert would abort the batch.
    """
    rows = [
        sa.select(
            *(sa.bindparam(f"r{i}_{name}", type_=actions_table.c[name].type).label(name) for name in ACTION_COLUMNS)
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
    chosen = sa.select(*(new.c[name] for name in ACTION_COLUMNS)).where(continues)
    return insert.from_select(ACTION_COLUMNS, chosen).on_conflict_do_nothing().returning(actions_table.c.game_id)


class SqliteWriter:
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
            sqlite_pragmas(conn, None)
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
    compiled = batch_append(size, "sqlite").compile(dialect=sqlite_dialect())
    order = []
    for name in compiled.positiontup or ():
        row, _, column = name[1:].partition("_")
        order.append((int(row), column))
    return str(compiled), order
