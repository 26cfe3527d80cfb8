"""Where a database error becomes a :class:`.StoreError`: the one translation every part of the store uses.

The store promises its callers a :class:`.StoreError` and nothing else; SQLAlchemy, its drivers (psycopg,
aiosqlite) and :mod:`sqlite3` raise their own errors, and a database that restarts or drops a connection
raises them from any statement. So every transaction of the store is opened through
:meth:`.repository.Repository._reading` or ``_writing``, which run their body inside
:func:`database_faults`: an integrity error (a key taken by someone else first) is a ``conflict``,
anything else the database or the network raised is ``unavailable`` (nothing was done; try again).
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import AsyncIterator

import psycopg
from sqlalchemy.exc import IntegrityError, SQLAlchemyError

from .errors import Kind, StoreError

UNAVAILABLE = (SQLAlchemyError, sqlite3.Error, psycopg.Error, OSError)
"""What a database that is down, restarting, locked or unreachable raises (``TimeoutError`` is an ``OSError``)."""


@contextlib.asynccontextmanager
async def database_faults() -> AsyncIterator[None]:
    """Run the body; a database error it raises leaves as a :class:`.StoreError` of the kind it is."""
    try:
        yield
    except StoreError:
        raise
    except (IntegrityError, sqlite3.IntegrityError, psycopg.IntegrityError) as error:
        raise StoreError(f"the database refused a conflicting change: {error}", Kind.CONFLICT) from error
    except UNAVAILABLE as error:
        raise StoreError(f"the database is unavailable: {error}", Kind.UNAVAILABLE) from error
