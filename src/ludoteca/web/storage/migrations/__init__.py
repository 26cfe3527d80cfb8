"""Versioned schema of the server's database: Alembic migrations, run by the server itself.

The revisions live in ``versions/`` and ship inside the package; users need neither ``alembic.ini`` nor the
``alembic`` command. :func:`upgrade` brings a database to the newest revision (the server calls it on
start, ``ludoteca db upgrade`` on demand): a new database gets every revision in turn, and a database
created before migrations existed (its tables present, no ``alembic_version``) is first recognised as the
baseline revision, then upgraded like any other.
"""

from __future__ import annotations

from importlib import resources

import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory

BASELINE = "0001"
"""The schema as it was before migrations: ``games``, ``seats`` and ``actions``."""
_BASELINE_TABLES = {"games", "seats", "actions"}
_LOCK_KEY = 0x6C75646F74656361 >> 1  # "ludoteca", as a PostgreSQL advisory lock (a signed 64-bit key)


def config(connection: sa.Connection | None = None) -> Config:
    """An Alembic configuration pointing at the packaged revisions (and at ``connection``, to run them)."""
    cfg = Config()
    cfg.set_main_option("script_location", str(resources.files(__name__)))
    cfg.attributes["connection"] = connection
    return cfg


def head() -> str:
    """The newest revision this code knows."""
    revision = ScriptDirectory.from_config(config()).get_current_head()
    assert revision is not None
    return revision


def current(connection: sa.Connection) -> str | None:
    """The database's revision: ``None`` for an empty database, :data:`BASELINE` for one made before
    migrations existed (not yet stamped)."""
    revision = MigrationContext.configure(connection).get_current_revision()
    if revision is None and set(sa.inspect(connection).get_table_names()) >= _BASELINE_TABLES:
        return BASELINE
    return revision


def upgrade(connection: sa.Connection, target: str = "head") -> tuple[str | None, str]:
    """Upgrade the database on ``connection`` (in its transaction); returns the revisions before and after."""
    if connection.dialect.name == "postgresql":
        # servers starting together upgrade one after the other: the next finds nothing left to do
        connection.execute(sa.text("SELECT pg_advisory_xact_lock(:key)"), {"key": _LOCK_KEY})
    cfg = config(connection)
    context = MigrationContext.configure(connection)
    before = context.get_current_revision()
    if before is None:
        tables = set(sa.inspect(connection).get_table_names())
        if tables >= _BASELINE_TABLES:
            command.stamp(cfg, BASELINE)  # made by the code before migrations: its schema is the baseline
            before = BASELINE
        elif tables & _BASELINE_TABLES:
            raise RuntimeError(f"the database has only some of ludoteca's tables ({', '.join(sorted(tables))})")
    command.upgrade(cfg, target)
    after = MigrationContext.configure(connection).get_current_revision()
    assert after is not None
    return before, after

