"""Fixtures of the web tests: a fresh database for each test, on SQLite and, when one is named, PostgreSQL.

PostgreSQL runs only where ``LUDOTECA_TEST_DATABASE_URL`` names a server (CI sets it from
``scripts/postgres.sh``); each test then gets a database of its own, created through that URL's role
and dropped afterwards, so tests stay independent under pytest-xdist.
"""

from __future__ import annotations

import os
import time
import uuid
import warnings
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import psycopg
import pytest
import pytest_asyncio
from playwright.sync_api import Browser, sync_playwright
from psycopg import sql
from sqlalchemy.engine import make_url

from ludoteca.web.storage.databases import database_url as async_database_url
from ludoteca.web.storage.memory import MemoryStore
from ludoteca.web.storage.store import Store
from ludoteca.web.storage.table_store import TableStore

from browserkit import launch
from serverkit import ServerProcess, server_thread

POSTGRES_VARIABLE = "LUDOTECA_TEST_DATABASE_URL"


@pytest.fixture(params=["sqlite", "postgresql"])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """An async SQLAlchemy URL of an empty database that only this test uses."""
    if request.param == "sqlite":
        yield f"sqlite+aiosqlite:///{tmp_path / 'ludoteca.db'}"
        return
    server = os.environ.get(POSTGRES_VARIABLE)
    if not server:
        pytest.skip(f"PostgreSQL tests need {POSTGRES_VARIABLE} (e.g. $(scripts/postgres.sh))")
    yield from _fresh_postgres_database(async_database_url(server, tmp_path))


def _fresh_postgres_database(server_url: str) -> Iterator[str]:
    url = make_url(server_url)
    name = f"ludoteca_test_{uuid.uuid4().hex[:16]}"

    def administer(statement: str) -> None:
        with psycopg.connect(
            host=url.host, port=url.port, user=url.username, password=url.password, dbname=url.database, autocommit=True
        ) as connection:
            connection.execute(sql.SQL(statement).format(sql.Identifier(name)))

    administer("CREATE DATABASE {}")
    try:
        yield url.set(database=name).render_as_string(hide_password=False)
    finally:
        # A server thread may still be closing its pool; FORCE ends such sessions, and when the server
        # refuses that for a moment (a connection mid-shutdown), try again shortly. A database left
        # behind would only cost disk space, so the last failure is a warning, not an error.
        for attempt in range(10):
            try:
                administer("DROP DATABASE IF EXISTS {} WITH (FORCE)")
                break
            except psycopg.errors.InsufficientPrivilege as error:
                if attempt == 9:
                    warnings.warn(f"test database {name} left behind: {error}", stacklevel=1)
                time.sleep(0.3)


@pytest_asyncio.fixture
async def store(database_url: str) -> AsyncIterator[Store]:
    """An open store on the test's database, closed afterwards."""
    opened = await Store.open(database_url)
    try:
        yield opened
    finally:
        await opened.close()


@pytest_asyncio.fixture(params=["memory", "sqlite", "postgresql"])
async def table_store(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[TableStore]:
    """A :class:`.TableStore` for the contract tests: in memory, then the SQL store on SQLite and PostgreSQL."""
    if request.param == "memory":
        yield MemoryStore()
        return
    if request.param == "sqlite":
        urls: Iterator[str] = iter([f"sqlite+aiosqlite:///{tmp_path / 'ludoteca.db'}"])
    else:
        server = os.environ.get(POSTGRES_VARIABLE)
        if not server:
            pytest.skip(f"PostgreSQL tests need {POSTGRES_VARIABLE} (e.g. $(scripts/postgres.sh))")
        urls = _fresh_postgres_database(async_database_url(server, tmp_path))
    url = next(urls)
    opened = await Store.open(url)
    try:
        yield opened
    finally:
        await opened.close()
        for _ in urls:  # the fresh PostgreSQL database is dropped
            pass


@pytest.fixture
def browser() -> Iterator[Browser]:
    """Debian's Chromium driven by Playwright, for the browser tests (they skip when it is missing)."""
    with sync_playwright() as playwright:
        chromium = launch(playwright)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    """A real server on a fresh SQLite store in the test's directory: its address (the browser tests' table;
    a module that needs another server defines its own ``base``)."""
    with server_thread(tmp_path) as url:
        yield url


@pytest.fixture
def postgres_url(database_url: str) -> str:
    if database_url.startswith("sqlite"):
        pytest.skip("several server processes share a PostgreSQL database, not SQLite")
    return database_url


@pytest.fixture
def pair(tmp_path: Path, postgres_url: str) -> Iterator[tuple[ServerProcess, ServerProcess]]:
    """Two server processes (as on two machines: each its own port and data directory) on one database."""
    a = ServerProcess(tmp_path / "a", postgres_url, args=("--bot-delay", "0.2")).start()
    b = ServerProcess(tmp_path / "b", postgres_url, args=("--bot-delay", "0.2")).start()
    try:
        yield a, b
    finally:
        a.stop()
        b.stop()
