"""Seat kinds are one enumeration, stored and sent as the same text as before (#35 point 6).

``SeatKind`` types every seat's ``kind``; the store keeps its text (``seats.kind``), so a game stored before
the enumeration loads exactly as it did, and what a game stores now an older server would read the same.
"""

from __future__ import annotations

import json

import pytest
import sqlalchemy as sa
from sqlalchemy.ext.asyncio import create_async_engine

from ludoteca.web.play.seat import Seat, SeatKind
from ludoteca.web.protocol.requests import CreateGame
from ludoteca.web.storage.schema import GameRow, hash_token, seats_table
from ludoteca.web.storage.store import Store


def test_a_seat_kind_is_its_stored_text() -> None:
    assert [kind.value for kind in SeatKind] == ["human", "bot", "open"]
    assert SeatKind.HUMAN == "human" and json.dumps({"kind": SeatKind.OPEN}) == '{"kind": "open"}'
    assert SeatKind("bot") is SeatKind.BOT


@pytest.mark.asyncio
async def test_stored_kinds_are_the_same_text_and_load_typed(store: Store, database_url: str) -> None:
    game = GameRow("g1", "kreta", {"players": 3}, 7, None, None, 1.0)
    seats = [
        Seat(0, "Ada", SeatKind.HUMAN, None, hash_token("ada")),
        Seat(1, "Bot", SeatKind.BOT, "heuristic"),
        Seat(2, "Open", SeatKind.OPEN),
    ]
    await store.create_game(game, seats)
    engine = create_async_engine(database_url)
    try:
        async with engine.connect() as conn:
            query = sa.select(seats_table.c.kind).order_by(seats_table.c.seat)
            stored = [row.kind for row in await conn.execute(query)]
    finally:
        await engine.dispose()
    assert stored == ["human", "bot", "open"] and all(type(kind) is str for kind in stored)
    loaded = await store.load("g1")
    assert loaded is not None
    assert loaded.seats == seats
    assert [type(seat.kind) for seat in loaded.seats] == [SeatKind] * 3


def test_the_lobby_reads_a_kind_as_its_member_and_refuses_others() -> None:
    request = CreateGame.model_validate(
        {"game": "kreta", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]}
    )
    assert [seat.kind for seat in request.seats] == [SeatKind.HUMAN, SeatKind.BOT]
    assert all(type(seat.kind) is SeatKind for seat in request.seats)
    for wrong in ("robot", 1, None, "Human"):
        with pytest.raises(ValueError, match="kind must be 'human', 'bot' or 'open'"):
            CreateGame.model_validate({"game": "kreta", "seats": [{"kind": wrong}, {"kind": "human"}]})
