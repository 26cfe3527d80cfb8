"""A table's chat lines: stored within the game's limits, numbered, read back."""

from __future__ import annotations

import sqlalchemy as sa

from ..language.refusals import Refusal
from .errors import ChatRefused, StoreError
from .repository import Repository
from .schema import ChatLimits, ChatRow, chat_row, chat_table, games_table


class ChatLines(Repository):
    """The store's part for the chat."""

    async def add_chat(
        self,
        game_id: str,
        seat: int | None,
        name: str | None,
        said: tuple[str, str],
        after_action: int,
        limits: ChatLimits,
        at: float,
    ) -> ChatRow:
        """Store a game's next chat message if its limits allow it, and return it with its number ``n``.

        ``seat`` None is a spectator, ``name`` then the number it speaks under (None: it has none yet and
        gets the game's next); ``said`` is (kind, text). The count, the rates and the next number are read
        from the game's stored messages while its row is locked, so processes sharing the database share
        the limits and the numbering: what one says is counted by all, and no number is given twice.
        A refusal is :class:`ChatRefused`; an unknown game :class:`StoreError`."""
        chat = chat_table.c
        async with self._writing() as conn:
            # one chat writer per game at a time, across processes, until the commit (NO KEY UPDATE: actions
            # of the game may still be stored meanwhile, their foreign key needs only KEY SHARE)
            lock = sa.select(games_table.c.id).where(games_table.c.id == game_id).with_for_update(key_share=True)
            if await conn.scalar(lock) is None:
                raise StoreError(f"no game {game_id!r}")
            ours = chat.game_id == game_id
            row = (await conn.execute(sa.select(sa.func.count(), sa.func.max(chat.n)).where(ours))).one()
            total, last = int(row[0]), row[1]
            if total >= (limits.lines if seat is not None else limits.spectator_lines):
                raise ChatRefused(Refusal.CHAT_FULL)

            async def recent(period: float, *condition: sa.ColumnElement[bool]) -> int:
                query = sa.select(sa.func.count()).where(ours, chat.at > at - period, *condition)
                return int(await conn.scalar(query) or 0)

            count, period = limits.rate
            if seat is not None:
                if await recent(period, chat.seat == seat) >= count:
                    raise ChatRefused(Refusal.CHAT_TOO_FAST)
            else:
                if name is not None and await recent(period, chat.seat.is_(None), chat.name == name) >= count:
                    raise ChatRefused(Refusal.CHAT_TOO_FAST)
                if await recent(limits.spectators_rate[1], chat.seat.is_(None)) >= limits.spectators_rate[0]:
                    raise ChatRefused(Refusal.CHAT_CROWDED)
                if name is None:
                    names = await conn.scalars(sa.select(chat.name).where(ours, chat.seat.is_(None)).distinct())
                    numbers = [int(n) for n in names if n.isdecimal() and len(n) < 10]
                    name = str(max(numbers, default=0) + 1)
            assert name is not None
            line = ChatRow(0 if last is None else last + 1, seat, name, said[0], said[1], at, after_action)
            await conn.execute(sa.insert(chat_table).values(game_id=game_id, **vars(line)))
            await self._announce(conn, [game_id], "chat")
        return line

    async def load_chat(self, game_id: str, last: int | None = None) -> tuple[int, list[ChatRow]]:
        """How many chat messages a game has, and its ``last`` ones (all if None), oldest first."""
        query = sa.select(chat_table).where(chat_table.c.game_id == game_id).order_by(chat_table.c.n.desc())
        if last is not None:
            query = query.limit(last)
        async with self._reading() as conn:
            count = await conn.scalar(sa.select(sa.func.count()).where(chat_table.c.game_id == game_id))
            rows = [chat_row(row._mapping) for row in await conn.execute(query)]
        return int(count or 0), rows[::-1]
