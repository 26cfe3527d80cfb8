"""Rules versions and digests: each game's rules version, each action's digest, diverged games.

Revision ID: 0002
Revises: 0001
Create Date: 2026-11-24

``games.rules_version``: the rules version the game is played under (from its options; every game stored
before this revision was played under version 1, the default filled in here). ``actions.digest``: the
digest of every seat's view after the action (``ludoteca.core.digest``); NULL for actions stored before
this revision, filled in when the game is next loaded. ``games.diverged_at`` / ``diverged_reason``: the
action from which the game no longer replays as it was played (NULL while it does).
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Only the columns still missing: SQLite (pysqlite) commits each ALTER TABLE on its own, so an upgrade
    # interrupted half-way must be able to run again.
    inspector = sa.inspect(op.get_bind())
    have = {table: {c["name"] for c in inspector.get_columns(table)} for table in ("games", "actions")}
    new: dict[str, list[sa.Column[Any]]] = {
        "games": [
            sa.Column("rules_version", sa.Integer, nullable=False, server_default="1"),
            sa.Column("diverged_at", sa.Integer),
            sa.Column("diverged_reason", sa.Text),
        ],
        "actions": [sa.Column("digest", sa.Text)],
    }
    for table, columns in new.items():
        missing = [column for column in columns if column.name not in have[table]]
        if missing:
            with op.batch_alter_table(table) as batch:
                for column in missing:
                    batch.add_column(column)


def downgrade() -> None:
    with op.batch_alter_table("actions") as actions:
        actions.drop_column("digest")
    with op.batch_alter_table("games") as games:
        games.drop_column("diverged_reason")
        games.drop_column("diverged_at")
        games.drop_column("rules_version")
