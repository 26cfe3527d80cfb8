"""Exact slow turns and who proposed a rematch.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-24

``games.turn_started``: when the current turn's time began without an action having been played — the
last open seat of a public game taken (the first turn begins then), or a seat taken back from the bot
during its own turn (its player gets the turn's whole time again). A turn began at the later of this and
the last action's time (the game's creation before the first action), so a timer of hours or days counts
from the same moment before and after a restart. NULL for every older game: their turns began at their
last action, as before.

``games.rematch_by``: the seat that proposed the rematch stored in ``games.rematch`` (the offer still
names its proposer after a restart); NULL where unknown.
"""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Only what is still missing: an upgrade interrupted half-way on SQLite must be able to run again.
    have = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("games")}
    columns: list[sa.Column[Any]] = [sa.Column("turn_started", sa.Double), sa.Column("rematch_by", sa.Integer)]
    missing = [column for column in columns if column.name not in have]
    if missing:
        with op.batch_alter_table("games") as batch:
            for column in missing:
                batch.add_column(column)


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("rematch_by")
        batch.drop_column("turn_started")
