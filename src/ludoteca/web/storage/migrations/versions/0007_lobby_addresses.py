"""Who made and who joins a public game, while it waits for players.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-28

``games.created_from``: the address (:func:`ludoteca.web.hosting.limits.address_tag`, a digest of the address as
the limits count it) that created a public game, so that the lobby's list holds a few games of each
address (issue #24: 51 junk games from 3 addresses pushed a real one out of the 50-game list).
``seats.taken_from``: the address that took an open seat, so that one address takes one open seat of a
game. Both are kept only while the game waits for players (cleared when its last open seat is taken);
NULL for every older game and seat.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Only what is still missing: an upgrade interrupted half-way on SQLite must be able to run again.
    inspector = sa.inspect(op.get_bind())
    for table, column in (("games", "created_from"), ("seats", "taken_from")):
        if column not in {c["name"] for c in inspector.get_columns(table)}:
            with op.batch_alter_table(table) as batch:
                batch.add_column(sa.Column(column, sa.Text))


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("taken_from")
    with op.batch_alter_table("games") as batch:
        batch.drop_column("created_from")
