"""Around the table: public games, rematches, chat, stored reviews.

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-24

``games.public``: listed in the lobby's open games, where anyone may take a free seat (false: invite
only, the default and what every older game was). ``games.rematch_of`` / ``games.rematch``: the game a
rematch was proposed from, and on the finished game the rematch proposed for it (at most one: a second
click finds the first). ``chat``: each table's messages, numbered per game (``seat`` NULL for a
spectator), stored with the game so the replay shows them. ``reviews``: the search bot's review of a
finished game, computed once in the background (``settings`` what it was computed with, ``done`` of
``total`` decisions judged so far, ``result`` the judgements).
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Only what is still missing: SQLite commits each ALTER TABLE on its own, so an upgrade interrupted
    # half-way must be able to run again.
    bind = op.get_bind()
    inspector = sa.inspect(bind)
    have = {c["name"] for c in inspector.get_columns("games")}
    columns: list[sa.Column[Any]] = [
        # "0", not sa.false(): SQLite cannot ADD COLUMN with an expression default and would rebuild the
        # table, which the foreign keys of seats and actions forbid ("0" is false on PostgreSQL too)
        sa.Column("public", sa.Boolean, nullable=False, server_default="0"),
        sa.Column("rematch_of", sa.Text),
        sa.Column("rematch", sa.Text),
    ]
    missing = [column for column in columns if column.name not in have]
    if missing:
        with op.batch_alter_table("games") as batch:
            for column in missing:
                batch.add_column(column)
    if "ix_games_public" not in {index["name"] for index in inspector.get_indexes("games")}:
        op.create_index("ix_games_public", "games", ["public"])
    tables = set(inspector.get_table_names())
    if "chat" not in tables:
        op.create_table(
            "chat",
            sa.Column("game_id", sa.Text, sa.ForeignKey("games.id"), primary_key=True),
            sa.Column("n", sa.Integer, primary_key=True),
            sa.Column("seat", sa.Integer),
            sa.Column("name", sa.Text, nullable=False),
            sa.Column("kind", sa.Text, nullable=False),
            sa.Column("text", sa.Text, nullable=False),
            sa.Column("at", sa.Double, nullable=False),
            sa.Column("after_action", sa.Integer, nullable=False),
        )
    if "reviews" not in tables:
        op.create_table(
            "reviews",
            sa.Column("game_id", sa.Text, sa.ForeignKey("games.id"), primary_key=True),
            sa.Column("settings", sa.JSON(none_as_null=True), nullable=False),
            sa.Column("done", sa.Integer, nullable=False, server_default="0"),
            sa.Column("total", sa.Integer, nullable=False, server_default="0"),
            sa.Column("result", sa.JSON(none_as_null=True)),
            sa.Column("error", sa.Text),
            sa.Column("requested", sa.Double, nullable=False),
            sa.Column("updated", sa.Double, nullable=False),
        )


def downgrade() -> None:
    op.drop_table("reviews")
    op.drop_table("chat")
    op.drop_index("ix_games_public", "games")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rematch")
        batch.drop_column("rematch_of")
        batch.drop_column("public")
