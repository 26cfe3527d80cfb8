"""The open lobby's storage: public games waiting for players, and their open seats taken (#18)."""

from __future__ import annotations

import sqlalchemy as sa

from ..play.seat import Seat, SeatKind
from .repository import Repository
from .schema import GameRow, game_row, games_table, seat_row, seats_table


class OpenLobby(Repository):
    """The store's part for public games and their open seats."""

    async def open_games(
        self, limit: int, since: float, per_address: int | None = None
    ) -> list[tuple[GameRow, list[Seat]]]:
        """The newest ``limit`` public games created after ``since`` that wait for players: unfinished,
        not stopped, with a turn timer (one without could be stopped for good by a stranger who never
        plays) and at least one open seat (a full game leaves the list at once); of one creator's address
        only its newest ``per_address`` (a game without a known creator counts as its own)."""
        waiting: sa.ColumnElement[bool] = waiting_since(since) & games_table.c.turn_seconds.is_not(None)
        order = (games_table.c.created.desc(), games_table.c.id)
        if per_address is not None:
            creator = sa.func.coalesce(games_table.c.created_from, games_table.c.id)
            nth = sa.func.row_number().over(partition_by=creator, order_by=order).label("nth")
            ranked = sa.select(games_table.c.id, nth).where(waiting).subquery()
            waiting = games_table.c.id.in_(sa.select(ranked.c.id).where(ranked.c.nth <= per_address))
        newest = sa.select(games_table).where(waiting).order_by(*order)
        async with self._reading() as conn:
            found = [game_row(row._mapping) for row in await conn.execute(newest.limit(limit))]
            if not found:
                return []
            seats: dict[str, list[Seat]] = {g.id: [] for g in found}
            rows = sa.select(seats_table).where(seats_table.c.game_id.in_(list(seats)))
            for row in await conn.execute(rows.order_by(seats_table.c.game_id, seats_table.c.seat)):
                seats[row.game_id].append(seat_row(row._mapping))
        return [(g, seats[g.id]) for g in found]

    async def take_seat(
        self,
        game_id: str,
        seat: int,
        token_hash: str,
        name: str,
        generated: bool,
        taken_from: str | None = None,
        turn_started: float | None = None,
    ) -> bool:
        """Give open seat ``seat`` of a waiting public game to the holder of ``token_hash``, taken from the
        address ``taken_from`` (:func:`.limits.address_tag`) unless that address holds another seat of the
        game already; whether it was given. One conditional ``UPDATE`` decides, so of two people taking the
        same seat at once exactly one gets it, on SQLite as on PostgreSQL (the loser's update matches no
        row); the game's row is locked first on PostgreSQL, so that one address taking two seats at once
        gets one (SQLite's writers take turns anyway). When the last open seat is taken the addresses are
        forgotten: they are only needed while the game waits for players; and, given ``turn_started``, the
        first turn's time begins then (``games.turn_started``), in the same transaction."""
        still_waiting = sa.exists().where(
            (games_table.c.id == game_id)
            & games_table.c.public.is_(True)
            & games_table.c.finished.is_(False)
            & games_table.c.diverged_at.is_(None)
        )
        of_game = seats_table.c.game_id == game_id
        this_seat = of_game & (seats_table.c.seat == seat)
        where = this_seat & (seats_table.c.kind == SeatKind.OPEN) & still_waiting
        if taken_from is not None:
            held = seats_table.alias("held")
            where = where & ~sa.exists().where((held.c.game_id == game_id) & (held.c.taken_from == taken_from))
        values = {"kind": SeatKind.HUMAN, "token_hash": token_hash, "name": name, "generated": generated}
        take = sa.update(seats_table).where(where).values(taken_from=taken_from, **values)
        rest = seats_table.alias("rest")  # not correlated with the updated row
        has_open = sa.exists().where((rest.c.game_id == game_id) & (rest.c.kind == SeatKind.OPEN))
        forget = sa.update(seats_table).where(of_game & ~has_open).values(taken_from=None)
        forget_creator = sa.update(games_table).where((games_table.c.id == game_id) & ~has_open)
        async with self._writing() as conn:
            await conn.execute(sa.select(games_table.c.id).where(games_table.c.id == game_id).with_for_update())
            if (await conn.execute(take)).rowcount != 1:
                return False
            await conn.execute(forget)
            values_creator: dict[str, object] = {"created_from": None}
            if turn_started is not None:
                values_creator["turn_started"] = turn_started
            await conn.execute(forget_creator.values(**values_creator))
            await self._announce(conn, [game_id])
            return True

    async def holds_seat(self, game_id: str, taken_from: str) -> bool:
        """Whether the address ``taken_from`` holds an open seat it took of a game still waiting."""
        held = (seats_table.c.game_id == game_id) & (seats_table.c.taken_from == taken_from)
        async with self._reading() as conn:
            return (await conn.scalar(sa.select(sa.func.count()).where(held))) != 0

    async def waiting_public_games(self, created_from: str, since: float) -> int:
        """How many public games created by the address ``created_from`` since ``since`` wait for players."""
        mine = waiting_since(since) & (games_table.c.created_from == created_from)
        async with self._reading() as conn:
            return int(await conn.scalar(sa.select(sa.func.count()).select_from(games_table).where(mine)) or 0)


def waiting_since(since: float) -> sa.ColumnElement[bool]:
    """Public games created since ``since`` that wait for players: unfinished, not stopped, an open seat."""
    has_open = sa.exists().where((seats_table.c.game_id == games_table.c.id) & (seats_table.c.kind == SeatKind.OPEN))
    return (
        games_table.c.public.is_(True)
        & games_table.c.finished.is_(False)
        & games_table.c.diverged_at.is_(None)
        & (games_table.c.created >= since)
        & has_open
    )
