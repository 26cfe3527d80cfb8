"""The ``reviews`` rows of the store, on SQLite and PostgreSQL: a review written decision by decision, listed as
pending until its result is whole, replaced when asked again, and its error kept."""

from __future__ import annotations

import pytest

from ludoteca.web.storage.schema import GameRow
from ludoteca.web.storage.store import Store

SETTINGS = {"version": 1, "iterations": 300, "seconds": 1.0, "marks": {"blunder": 0.25}, "seats": None}


@pytest.mark.asyncio
async def test_a_review_is_stored_decision_by_decision(store: Store) -> None:
    for game_id, created in (("g1", 1.0), ("g2", 2.0)):
        await store.create_game(GameRow(game_id, "verraeter", {}, 1, None, None, created), [])
    assert await store.review("g1") is None and await store.pending_reviews() == []
    await store.put_review("g2", SETTINGS, 0, 10.0)
    await store.put_review("g1", SETTINGS, 3, 11.0)
    assert await store.pending_reviews() == ["g2", "g1"]  # oldest request first; none has a result yet
    row = await store.review("g1")
    assert row is not None and row["settings"] == SETTINGS and (row["done"], row["total"]) == (0, 3)
    assert row["result"] is None and row["error"] is None and row["requested"] == row["updated"] == 11.0

    await store.save_review("g1", 2, {"entries": [{"n": 4, "mark": None}, {"n": 9, "mark": "Ελένη"}]}, 12.0)
    row = await store.review("g1")
    assert row is not None and row["done"] == 2 and row["result"]["entries"][1]["mark"] == "Ελένη"
    assert row["updated"] == 12.0 and row["requested"] == 11.0
    await store.save_review("g1", 3, {"format": "ludoteca-review", "decisions": []}, 13.0)
    await store.save_review("g2", 0, {"format": "ludoteca-review", "decisions": []}, 13.0)
    assert await store.pending_reviews() == []

    await store.save_review("g1", 3, None, 14.0, error="the search of action #5 ran out of time")
    row = await store.review("g1")
    assert row is not None and row["error"].startswith("the search") and row["result"] is None
    assert await store.pending_reviews() == []  # a failed review waits to be asked again
    await store.put_review("g1", SETTINGS, 5, 15.0)
    row = await store.review("g1")
    assert row is not None and row["error"] is None and (row["done"], row["total"]) == (0, 5)
    assert await store.pending_reviews() == ["g1"]
