"""Generated seat names: a seat nobody named is said in each reader's language, not stored in one.

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-24

``seats.generated``: the server made the seat's name from its colour (and a bot's level) because nobody
gave one; the name is then made again, in the reader's language, wherever it is shown, and ``seats.name``
keeps only its English form (what records and older servers show). Before this revision the server stored
a bot's name as ``"<colour> (<bot spec>)"`` ("Blue (heuristic)"); such names are marked generated here, so
that a German player of an old game reads "Blau (heuristisch)". Any other name — typed by a player, or a
default a player accepted in the form — stays a name, shown as it was stored.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None

SEAT_COLOURS = {
    "kreta": ("Red", "Blue", "Yellow", "Green"),
    "verraeter": ("Brown", "Blue", "Green", "Orange"),
}
"""The games' seat names when this revision was written (frozen: a migration never follows later code)."""


def old_bot_name(game: str, seat: int, bot: str) -> str:
    """The name the server gave a bot nobody named, before this revision."""
    colours = SEAT_COLOURS.get(game, ())
    colour = colours[seat] if seat < len(colours) else f"Player {seat + 1}"
    return f"{colour} ({bot})"


def upgrade() -> None:
    bind = op.get_bind()
    if "generated" not in {c["name"] for c in sa.inspect(bind).get_columns("seats")}:
        with op.batch_alter_table("seats") as batch:
            batch.add_column(sa.Column("generated", sa.Boolean, nullable=False, server_default=sa.false()))
    games = sa.table("games", sa.column("id", sa.Text), sa.column("game", sa.Text))
    seats = sa.table(
        "seats",
        sa.column("game_id", sa.Text),
        sa.column("seat", sa.Integer),
        sa.column("name", sa.Text),
        sa.column("kind", sa.Text),
        sa.column("bot", sa.Text),
        sa.column("generated", sa.Boolean),
    )
    bots = bind.execute(
        sa.select(seats.c.game_id, seats.c.seat, seats.c.name, seats.c.bot, games.c.game)
        .join(games, games.c.id == seats.c.game_id)
        .where((seats.c.kind == "bot") & seats.c.bot.is_not(None) & sa.not_(seats.c.generated))
    )
    made = [{"g": row.game_id, "s": row.seat} for row in bots if row.name == old_bot_name(row.game, row.seat, row.bot)]
    if made:
        where = (seats.c.game_id == sa.bindparam("g")) & (seats.c.seat == sa.bindparam("s"))
        bind.execute(sa.update(seats).where(where).values(generated=True), made)


def downgrade() -> None:
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("generated")
