"""The ``ludoteca db`` commands: the server's database schema, upgraded on demand or inspected.

``ludoteca serve`` upgrades the database itself when it starts; ``ludoteca db upgrade`` does it
explicitly (before a deployment starts the new server, say), and ``ludoteca db current`` says where a
database stands. Both take the same ``--database-url`` / ``--data-dir`` as ``serve``.
"""

from __future__ import annotations

import asyncio
from pathlib import Path

import click

_DATA_DIR = click.option(
    "--data-dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Where the SQLite database lives [default: $LUDOTECA_DATA or ~/.local/share/ludoteca].",
)
_DATABASE_URL = click.option(
    "--database-url",
    envvar="DATABASE_URL",
    default=None,
    help="A database instead of SQLite, e.g. postgresql://user:pass@host/db [env: DATABASE_URL].",
)


def _url(database_url: str | None, data_dir: Path | None) -> str:
    from ludoteca.web.hosting.config import default_data_dir
    from ludoteca.web.storage.databases import database_url as resolve
    from ludoteca.web.storage.errors import StoreError

    try:
        return resolve(database_url, data_dir or default_data_dir())
    except StoreError as error:
        raise click.ClickException(str(error)) from None


@click.group(short_help="The web app's database: upgrade its schema, or say its revision.")
def db() -> None:
    """The web app's database (the one `ludoteca serve` uses with the same options)."""


@db.command()
@_DATABASE_URL
@_DATA_DIR
def upgrade(database_url: str | None, data_dir: Path | None) -> None:
    """Upgrade the database's schema to this version's (creating it if empty). Games are kept as they are."""
    from ludoteca.web.storage.databases import upgrade_database
    from ludoteca.web.storage.errors import StoreError

    try:
        before, after = asyncio.run(upgrade_database(_url(database_url, data_dir)))
    except StoreError as error:
        raise click.ClickException(str(error)) from None
    if before == after:
        click.echo(f"database schema at revision {after} (the newest): nothing to do")
    else:
        click.echo(f"database schema upgraded from revision {before or '(empty)'} to {after}")


@db.command()
@_DATABASE_URL
@_DATA_DIR
def current(database_url: str | None, data_dir: Path | None) -> None:
    """Say the database's schema revision, and whether it is the newest."""
    from ludoteca.web.storage.databases import database_revision
    from ludoteca.web.storage.errors import StoreError

    try:
        revision, head = asyncio.run(database_revision(_url(database_url, data_dir)))
    except StoreError as error:
        raise click.ClickException(str(error)) from None
    if revision is None:
        click.echo(f"empty database (newest revision: {head}; `ludoteca db upgrade` creates it)")
    elif revision == head:
        click.echo(f"revision {revision} (the newest)")
    else:
        click.echo(f"revision {revision}; newest is {head}: run `ludoteca db upgrade` (or start the server)")
