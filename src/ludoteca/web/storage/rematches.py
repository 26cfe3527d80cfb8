"""A finished game's rematch, stored once whoever clicks first, and its seats given to their players."""

from __future__ import annotations

import sqlalchemy as sa

from ..play.seat import Seat
from .errors import StoreError
from .repository import Repository
from .schema import GameRow, games_table, seats_table


class Rematches(Repository):
    """The store's part for rematches."""

    async def create_rematch(self, old_id: str, game: GameRow, seats: list[Seat], by: int | None = None) -> str:
        """Store ``game`` as the rematch of the finished game ``old_id``, unless someone else's click got
        there first: the id of the rematch that holds (``game.id``, or the one stored before it).

        The conditional ``UPDATE … SET rematch WHERE rematch IS NULL`` decides, in the same transaction as
        the new game's rows: on PostgreSQL a racing transaction waits for the row lock and then finds
        ``rematch`` set (0 rows), on SQLite writers are serialised; the loser writes nothing at all.
        """
        link = (
            sa.update(games_table)
            .where((games_table.c.id == old_id) & games_table.c.rematch.is_(None))
            .values(rematch=game.id, rematch_by=by)
        )
        async with self._writing() as conn:
            won = (await conn.execute(link)).rowcount == 1
            if won:
                await conn.execute(sa.insert(games_table).values({**vars(game), "rematch_of": old_id}))
                await conn.execute(sa.insert(seats_table), [{"game_id": game.id, **vars(seat)} for seat in seats])
                await self._announce(conn, [old_id])
        if won:
            return game.id
        async with self._reading() as conn:
            found = (await conn.execute(sa.select(games_table.c.rematch).where(games_table.c.id == old_id))).first()
        if found is None or found.rematch is None:
            raise StoreError(f"no game {old_id!r}")
        return str(found.rematch)

    async def claim_seat(self, game_id: str, seat: int, placeholder: str, token_hash: str) -> None:
        """Give a rematch's seat its player's token (hash) if it still holds ``placeholder``; once given, a
        second claim changes nothing."""
        where = (
            (seats_table.c.game_id == game_id)
            & (seats_table.c.seat == seat)
            & (seats_table.c.token_hash == placeholder)
        )
        async with self._writing() as conn:
            if (await conn.execute(sa.update(seats_table).where(where).values(token_hash=token_hash))).rowcount:
                await self._announce(conn, [game_id])
