"""A finished game's review as it is computed and once it is done (one row per game)."""

from __future__ import annotations

from typing import Any

import sqlalchemy as sa

from .repository import Repository
from .schema import reviews_table


class ReviewProgress(Repository):
    """The store's part for reviews."""

    async def review(self, game_id: str) -> dict[str, Any] | None:
        """The review row of a game (settings, done, total, result, error, requested, updated), or ``None``."""
        async with self._reading() as conn:
            found = await conn.execute(sa.select(reviews_table).where(reviews_table.c.game_id == game_id))
            row = found.first()
        return None if row is None else dict(row._mapping)

    async def put_review(self, game_id: str, settings: dict[str, Any], total: int, now: float) -> None:
        """A fresh review of ``total`` decisions, replacing any earlier one (failed, or of other settings)."""
        values = {"settings": settings, "done": 0, "total": total, "result": None, "error": None}
        async with self._writing() as conn:
            await conn.execute(sa.delete(reviews_table).where(reviews_table.c.game_id == game_id))
            await conn.execute(sa.insert(reviews_table).values(game_id=game_id, requested=now, updated=now, **values))

    async def save_review(
        self, game_id: str, done: int, result: dict[str, Any] | None, now: float, error: str | None = None
    ) -> None:
        """A review's progress: ``done`` decisions judged, ``result`` so far (the whole review once done = total)."""
        update = sa.update(reviews_table).where(reviews_table.c.game_id == game_id)
        async with self._writing() as conn:
            await conn.execute(update.values(done=done, result=result, error=error, updated=now))

    async def pending_reviews(self) -> list[str]:
        """The games whose review a restarted server must finish, oldest request first."""
        table = reviews_table.c
        pending = table.error.is_(None) & ((table.done < table.total) | table.result.is_(None))
        async with self._reading() as conn:
            rows = await conn.execute(sa.select(table.game_id).where(pending).order_by(table.requested, table.game_id))
            return [row.game_id for row in rows]
