"""Whether a game's creator chose its seed.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-28

``games.seed_chosen``: the request that created the game named its seed (``POST /api/games`` ``seed``)
instead of leaving it to chance. With the seed, whoever chose it can compute every hand and every card
to come, so each seat's table says the deal was chosen (issue #24). False for every older game: there is
no telling which of them were given a seed, and a notice on every older game would say nothing.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    # Only if still missing: an upgrade interrupted half-way on SQLite must be able to run again.
    if "seed_chosen" not in {c["name"] for c in sa.inspect(op.get_bind()).get_columns("games")}:
        with op.batch_alter_table("games") as batch:
            # "0", not sa.false(): SQLite would rebuild the table for an expression default, which the
            # foreign keys of seats and actions forbid ("0" is false on PostgreSQL too); see 0004
            batch.add_column(sa.Column("seed_chosen", sa.Boolean, nullable=False, server_default="0"))


def downgrade() -> None:
    with op.batch_alter_table("games") as batch:
        batch.drop_column("seed_chosen")
