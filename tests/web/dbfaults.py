"""Databases that fail on purpose, for the tests of what the server answers then (issue #35, point 2)."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import sqlalchemy as sa


@contextlib.contextmanager
def failing_sqlite(path: Path) -> Iterator[None]:
    """SQLite fails as a broken disk would, for every engine of this process (a server in a thread too):
    each statement through SQLAlchemy raises ``disk I/O error``, and the file is held by another writer,
    so the store's direct writer (plain :mod:`sqlite3`) finds it locked and hands its rows to SQLAlchemy."""

    def fail(*_args: Any) -> None:
        raise sqlite3.OperationalError("disk I/O error")

    holder = sqlite3.connect(path, timeout=0, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    sa.event.listen(sa.engine.Engine, "before_cursor_execute", fail)
    try:
        yield
    finally:
        sa.event.remove(sa.engine.Engine, "before_cursor_execute", fail)
        holder.execute("ROLLBACK")
        holder.close()
