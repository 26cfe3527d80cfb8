"""Games, their seats and their actions: created, appended to, loaded, finished, overdue."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa
from sqlalchemy.ext.asyncio import AsyncConnection

from ..play.seat import Seat, SeatKind
from .append_sql import APPEND, SqliteWriter, batch_append
from .appends import GroupCommit
from .errors import Kind, StaleActionError, StoreError
from .faults import database_faults
from .repository import Repository
from .schema import (
    SEED_RANGE,
    ActionRow,
    GameRow,
    StoredGame,
    actions_table,
    game_row,
    games_table,
    of_games,
    seat_row,
    seats_table,
)


class Games(Repository):
    """The store's part for games, seats and actions."""

    _appends: GroupCommit
    _direct: SqliteWriter | None

    async def create_game(self, game: GameRow, seats: list[Seat]) -> None:
        if game.seed not in SEED_RANGE:
            raise StoreError(f"seed {game.seed} does not fit in 64 bits")
        try:
            async with self._writing() as conn:
                await conn.execute(sa.insert(games_table).values(vars(game)))
                if seats:
                    await conn.execute(sa.insert(seats_table), [{"game_id": game.id, **vars(seat)} for seat in seats])
        except StoreError as error:
            if error.kind is not Kind.CONFLICT:
                raise
            raise StoreError(f"game {game.id!r} exists already or has a seat twice", Kind.CONFLICT) from error

    async def append_action(self, game_id: str, row: ActionRow, result: dict[str, Any] | None = None) -> None:
        """Appends ``row`` if and only if it is action number ``row.n`` of the game; with a ``result``,
        the action ends the game, and the game's row says so in the same transaction.

        The insert carries its own check (the game's action ``n - 1`` exists, or the game exists for
        ``n = 0``), made under the same lock as the write on SQLite; on PostgreSQL a racing writer
        that passed the check too is stopped by the primary key. Either way a stale ``n`` writes
        nothing. The actions of several games that arrive together are written in one transaction
        (:mod:`.appends`); the call returns once its own row is committed. A game's last action is
        written alone with its end (once per game): a process dying between the two used to leave a
        finished game marked as going on for ever.
        """
        values = {"game_id": game_id, **vars(row)}
        written = await (self._append_last(values, result) if result is not None else self._appends.append(values))
        if not written:
            await self._explain_refused_action(game_id, row.n)

    async def _append_one(self, rows: list[dict[str, Any]]) -> set[str]:
        """The single-row append (``rows`` holds one): what a batch falls back to when it fails as a whole."""
        [values] = rows
        try:
            async with self._writing() as conn:
                if not await _append_checked(conn, values):
                    return set()
                await self._announce(conn, [values["game_id"]])
                return {values["game_id"]}
        except StoreError as error:
            if error.kind is not Kind.CONFLICT:
                raise
            return set()  # a racing writer took the same (game_id, n) first

    async def _append_last(self, values: dict[str, Any], result: dict[str, Any]) -> bool:
        """The game's last action and its end, in one transaction: whether the action was written."""
        try:
            async with self._writing() as conn:
                if not await _append_checked(conn, values):
                    return False
                await conn.execute(_finishing(values["game_id"]).values(finished=True, result=result))
                await self._announce(conn, [values["game_id"]])
                return True
        except StoreError as error:
            if error.kind is not Kind.CONFLICT:
                raise
            return False

    async def _append_batch(self, rows: list[dict[str, Any]]) -> set[str]:
        """Rows of different games in one ``INSERT … ON CONFLICT DO NOTHING RETURNING game_id``: the games
        whose row was written. On SQLite through :class:`SqliteWriter` when it can take the lock at once."""
        if self._direct is not None:
            async with database_faults(), self._write_lock:
                written = self._direct.write(rows)
            if written is not None:
                return written
        statement = batch_append(len(rows), self._engine.dialect.name)
        params = {f"r{i}_{name}": value for i, row in enumerate(rows) for name, value in row.items()}
        async with self._writing() as conn:
            written = set((await conn.execute(statement, params)).scalars())
            await self._announce(conn, written)
            return written

    async def _explain_refused_action(self, game_id: str, n: int) -> None:
        async with self._reading() as conn:
            if (await conn.execute(sa.select(games_table.c.id).where(games_table.c.id == game_id))).first() is None:
                raise StoreError(f"no game {game_id!r}")
            count = await conn.scalar(sa.select(sa.func.count()).where(actions_table.c.game_id == game_id))
        raise StaleActionError(f"game {game_id!r} has {count} actions: action {n} is stale")

    async def fill_digests(self, game_id: str, digests: dict[int, str]) -> None:
        """Write the digests of actions stored before digests existed (only where the column is still NULL)."""
        if not digests:
            return
        where = (
            (actions_table.c.game_id == game_id)
            & (actions_table.c.n == sa.bindparam("n_"))
            & (actions_table.c.digest.is_(None))
        )
        fill = sa.update(actions_table).where(where).values(digest=sa.bindparam("digest_"))
        async with self._writing() as conn:
            await conn.execute(fill, [{"n_": n, "digest_": d} for n, d in sorted(digests.items())])

    async def mark_diverged(self, game_id: str, at: int, reason: str) -> None:
        """Record that the game no longer replays as played from action ``at`` (0: its set-up) on."""
        async with self._writing() as conn:
            mark = sa.update(games_table).where(games_table.c.id == game_id)
            done = await conn.execute(mark.values(diverged_at=at, diverged_reason=reason))
            if done.rowcount != 1:
                raise StoreError(f"no game {game_id!r}")

    async def set_autoplay(self, game_id: str, seat: int, autoplay: bool) -> None:
        async with self._writing() as conn:
            where = (seats_table.c.game_id == game_id) & (seats_table.c.seat == seat)
            if (await conn.execute(sa.update(seats_table).where(where).values(autoplay=autoplay))).rowcount != 1:
                raise StoreError(f"no seat {seat} in game {game_id!r}")
            await self._announce(conn, [game_id])

    async def finish(self, game_id: str, result: dict[str, Any]) -> bool:
        """Mark the game finished with ``result`` unless it is already: whether this call finished it (of
        several processes that see the same end, exactly one gets True). The end of a game played here
        is stored with its last action (:meth:`append_action`); this repairs a game stored before that
        whose last action ended it but whose row did not say so (when the registry loads it,
        :mod:`ludoteca.web.live.registry`)."""
        async with self._writing() as conn:
            if (await conn.execute(_finishing(game_id).values(finished=True, result=result))).rowcount == 1:
                return True
            if (await conn.execute(sa.select(games_table.c.id).where(games_table.c.id == game_id))).first() is None:
                raise StoreError(f"no game {game_id!r}")
            return False

    async def load(self, game_id: str) -> StoredGame | None:
        loaded = await self._load_where(games_table.c.id == game_id)
        return loaded[0] if loaded else None

    async def unfinished(self) -> list[StoredGame]:
        """The games a restarted server must bring back to its tables, oldest first."""
        return await self._load_where(games_table.c.finished.is_(False))

    async def _load_where(self, condition: sa.ColumnElement[bool]) -> list[StoredGame]:
        """The games meeting ``condition`` with their seats and actions: three queries, however many games."""
        order = (games_table.c.created, games_table.c.id)
        async with self._reading() as conn:
            found = await conn.execute(sa.select(games_table).where(condition).order_by(*order))
            loaded = {row.id: StoredGame(game_row(row._mapping), [], []) for row in found}
            for row in await conn.execute(of_games(seats_table, condition)):
                loaded[row.game_id].seats.append(seat_row(row._mapping))
            for row in await conn.execute(of_games(actions_table, condition)):
                loaded[row.game_id].actions.append(
                    ActionRow(row.n, row.seat, row.action, row.by_bot, row.at, row.digest)
                )
        return list(loaded.values())

    async def seats_for_tokens(self, token_hashes: list[str]) -> list[tuple[GameRow, Seat, int]]:
        """Each seat held by one of these tokens, with its game and how many actions it has (newest games first)."""
        if not token_hashes:
            return []
        played = sa.select(sa.func.count()).where(actions_table.c.game_id == games_table.c.id).scalar_subquery()
        query = (
            sa.select(games_table, seats_table, played.label("played"))
            .join(seats_table, seats_table.c.game_id == games_table.c.id)
            .where(seats_table.c.token_hash.in_(set(token_hashes)))
            .order_by(games_table.c.created.desc(), games_table.c.id, seats_table.c.seat)
        )
        async with self._reading() as conn:
            rows = await conn.execute(query)
            return [(game_row(row._mapping), seat_row(row._mapping), row.played) for row in rows]

    async def seat_of_token(self, game_id: str, token_hash: str) -> int | None:
        """The seat of the game that the token holds, if any."""
        query = sa.select(seats_table.c.seat).where(
            seats_table.c.game_id == game_id, seats_table.c.token_hash == token_hash
        )
        async with self._reading() as conn:
            found = await conn.scalar(query)
        return None if found is None else int(found)

    async def overdue_games(self, now: float, limit: int = 100) -> list[str]:
        """Unfinished timed games (no open seat left) whose turn began more than ``turn_seconds`` before
        ``now`` — the turn beginning at the last stored action, or at the creation before the first —,
        oldest deadline first: the games a sweep loads so that a timer that ran out while the game was
        unloaded (or the server down) takes effect (:mod:`.slowturns`)."""
        last = (
            sa.select(sa.func.max(actions_table.c.at))
            .where(actions_table.c.game_id == games_table.c.id)
            .scalar_subquery()
        )
        acted = sa.func.coalesce(last, games_table.c.created)
        # the later of the last action (or creation) and a turn restarted without one (games.turn_started)
        began = sa.case((games_table.c.turn_started > acted, games_table.c.turn_started), else_=acted)
        deadline = began + games_table.c.turn_seconds
        open_seat = (seats_table.c.game_id == games_table.c.id) & (seats_table.c.kind == SeatKind.OPEN)
        has_open = sa.exists().where(open_seat)
        query = (
            sa.select(games_table.c.id)
            .where(
                games_table.c.finished.is_(False)
                & games_table.c.diverged_at.is_(None)
                & games_table.c.turn_seconds.is_not(None)
                & ~has_open
                & (deadline <= now)
            )
            .order_by(deadline, games_table.c.id)
            .limit(limit)
        )
        async with self._reading() as conn:
            return [row.id for row in await conn.execute(query)]

    async def load_since(self, game_id: str, n: int) -> StoredGame | None:
        """The game's row and seats with only its actions numbered ``n`` and above: what a process holding
        the game live needs to catch up with another process's change (:mod:`.cluster`), without
        reading the whole log for every action."""
        condition = games_table.c.id == game_id
        async with self._reading() as conn:
            found = (await conn.execute(sa.select(games_table).where(condition))).first()
            if found is None:
                return None
            loaded = StoredGame(game_row(found._mapping), [], [])
            for row in await conn.execute(of_games(seats_table, condition)):
                loaded.seats.append(seat_row(row._mapping))
            for row in await conn.execute(of_games(actions_table, condition).where(actions_table.c.n >= n)):
                loaded.actions.append(ActionRow(row.n, row.seat, row.action, row.by_bot, row.at, row.digest))
        return loaded


async def _append_checked(conn: AsyncConnection, values: dict[str, Any]) -> bool:
    """The checked single-row insert (:data:`.APPEND`): whether the row continued its game's log."""
    # SQLAlchemy keeps the rowcount of an INSERT only when asked to
    checked = {**values, "checked_n": values["n"]}
    done = await conn.execute(APPEND, checked, execution_options={"preserve_rowcount": True})
    return done.rowcount == 1


def _finishing(game_id: str) -> sa.Update:
    """The update that ends the game ``game_id`` if, and only if, it is not over yet."""
    return sa.update(games_table).where((games_table.c.id == game_id) & games_table.c.finished.is_(False))
