"""Alembic's environment for ludoteca: migrations always run on a connection the caller opened.

See :mod:`ludoteca.web.storage.migrations`; the server and ``ludoteca db`` pass their connection in
``config.attributes["connection"]`` and own its transaction.
"""

from __future__ import annotations

from alembic import context

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError(
        "ludoteca's migrations run through ludoteca.web.storage.migrations.upgrade (or `ludoteca db upgrade`)"
    )
context.configure(connection=connection, render_as_batch=connection.dialect.name == "sqlite")
with context.begin_transaction():
    context.run_migrations()
