"""Every database error inside the store reaches its callers as a :class:`StoreError` of a kind they can
answer (issue #35, point 2), and a game's end is stored with its last action, once (point 3).

SQLite is made to fail as a broken disk would (:func:`failing_sqlite`): every statement raises, and the
store's direct writer finds the file locked by another writer. ``tests/web/test_database_down.py`` does the
same to a running server, and stops a real PostgreSQL under one.
"""

from __future__ import annotations

import random
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from dbfaults import failing_sqlite

from ludoteca import games
from ludoteca.web.live.front import Tables
from ludoteca.web.live.room import Room
from ludoteca.web.play.match import Match, MatchError
from ludoteca.web.play.seat import Seat
from ludoteca.web.storage.errors import Kind, StaleActionError, StoreError
from ludoteca.web.storage.schema import ActionRow, GameRow, hash_token
from ludoteca.web.storage.store import Store

STORAGE = Path(__file__).resolve().parents[2] / "src" / "ludoteca" / "web" / "storage"


def a_game(game_id: str = "g1") -> GameRow:
    return GameRow(game_id, "kreta", {}, 42, None, None, 1000.0)


def the_seats() -> list[Seat]:
    return [Seat(i, f"P{i}", "human", None, hash_token(f"t{i}")) for i in range(2)]


def test_every_transaction_of_the_store_goes_through_the_translation() -> None:
    """No part of the store opens a connection of its own: each goes through ``_reading`` or ``_writing``,
    which turn every database error into a :class:`StoreError` (``repository.py`` is where they are)."""
    direct = re.compile(r"_engine\.(begin|connect)\(")
    offenders = [
        path.name
        for path in STORAGE.glob("*.py")
        if path.name not in ("repository.py", "store.py", "databases.py") and direct.search(path.read_text())
    ]
    assert offenders == []


@pytest.mark.asyncio
async def test_a_failing_sqlite_is_unavailable_in_every_call_and_nothing_is_changed(tmp_path: Path) -> None:
    path = tmp_path / "ludoteca.db"
    store = await Store.open(f"sqlite+aiosqlite:///{path}")
    try:
        await store.create_game(a_game(), the_seats())
        await store.append_action("g1", ActionRow(0, 0, "first", False, 1.0))
        calls = {
            "create_game": lambda: store.create_game(a_game("g2"), the_seats()),
            "append_action": lambda: store.append_action("g1", ActionRow(1, 1, "second", False, 2.0)),
            "append_last": lambda: store.append_action("g1", ActionRow(1, 1, "last", False, 2.0), {"scores": []}),
            "set_autoplay": lambda: store.set_autoplay("g1", 0, True),
            "finish": lambda: store.finish("g1", {"scores": []}),
            "load": lambda: store.load("g1"),
            "load_since": lambda: store.load_since("g1", 0),
            "unfinished": lambda: store.unfinished(),
            "seats_for_tokens": lambda: store.seats_for_tokens([hash_token("t0")]),
            "load_chat": lambda: store.load_chat("g1"),
            "overdue_games": lambda: store.overdue_games(2000.0),
        }
        with failing_sqlite(path):
            for name, call in calls.items():
                with pytest.raises(StoreError) as raised:
                    await call()
                assert raised.value.kind is Kind.UNAVAILABLE, name
        stored = await store.load("g1")  # the database is back: nothing was changed, everything works
        assert stored is not None and [a.action for a in stored.actions] == ["first"]
        assert not stored.game.finished and not stored.seats[0].autoplay
        assert await store.load("g2") is None
        await store.append_action("g1", ActionRow(1, 1, "second", False, 2.0))
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_a_games_last_action_and_its_end_are_one_transaction(store: Store) -> None:
    await store.create_game(a_game(), the_seats())
    await store.append_action("g1", ActionRow(0, 0, "first", False, 1.0))
    with pytest.raises(StaleActionError):  # a stale last action writes neither itself nor the end
        await store.append_action("g1", ActionRow(0, 1, "late", False, 2.0), {"scores": [1, 2]})
    stored = await store.load("g1")
    assert stored is not None and not stored.game.finished and stored.game.result is None
    await store.append_action("g1", ActionRow(1, 1, "last", False, 2.0), {"scores": [1, 2]})
    stored = await store.load("g1")
    assert stored is not None and [a.action for a in stored.actions] == ["first", "last"]
    assert stored.game.finished and stored.game.result == {"scores": [1, 2]}
    assert await store.finish("g1", {"scores": [9, 9]}) is False  # finished once: a second end changes nothing
    stored = await store.load("g1")
    assert stored is not None and stored.game.result == {"scores": [1, 2]}


def played_to_the_end(game_id: str, seed: int) -> Match:
    match = Match(game_id, games.get("kreta"), {}, seed, the_seats())
    rng = random.Random(seed)
    while not match.finished:
        action = rng.choice(match.state.legal_actions())
        match.commit(action, action.to_text())
    return match


@pytest.mark.asyncio
async def test_a_game_stored_unfinished_after_its_last_action_is_repaired_once(database_url: str) -> None:
    """As the server before this change left a game when it died between its last action and the end:
    every action stored, the row unfinished. Two processes load it; the row is repaired, the end emitted once."""
    match = played_to_the_end("ended", 5)
    first, second = await Store.open(database_url), await Store.open(database_url)
    try:
        row = GameRow("ended", "kreta", match.record.options, 5, None, None, 1000.0)
        await first.create_game(row, the_seats())
        for n, text in enumerate(match.record.actions):
            await first.append_action("ended", ActionRow(n, 0, text, False, 1000.0 + n, match.digests[n]))
        assert [g.game.id for g in await first.unfinished()] == ["ended"]
        ends: list[str] = []
        with ThreadPoolExecutor(1) as pool:
            both = [Tables(first, pool, bot_delay=0), Tables(second, pool, bot_delay=0)]
            for tables in both:
                tables.events.finished.subscribe(lambda room: ends.append(room.match.id))
            assert await both[0].resume() == 1  # a restart loads the unfinished games: this one is over
            room = await both[1].get("ended")
            assert isinstance(room, Room) and room.match.finished
            for tables in both:
                await tables.close()
        assert ends == ["ended"]
        stored = await second.load("ended")
        assert stored is not None and stored.game.finished and stored.game.result == match.result_dict()
        assert await first.unfinished() == []
    finally:
        await first.close()
        await second.close()


@pytest.mark.asyncio
async def test_a_game_ended_at_the_table_emits_its_end_once(tmp_path: Path) -> None:
    match = played_to_the_end("live", 8)
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'ludoteca.db'}")
    try:
        with ThreadPoolExecutor(1) as pool:
            tables = Tables(store, pool, bot_delay=0)
            ends: list[str] = []
            tables.events.finished.subscribe(lambda room: ends.append(room.match.id))
            row = GameRow("live", "kreta", match.record.options, 8, None, None, 1000.0)
            await store.create_game(row, the_seats())
            room = await tables.get("live")
            assert room is not None
            for text in match.record.actions:
                await tables.act(room, room.match.to_act(), room.match.version, text)
            assert room.match.finished and ends == ["live"]
            stored = await store.load("live")
            assert stored is not None and stored.game.finished and stored.game.result == match.result_dict()
            await tables.close()
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_an_action_stored_by_an_attempt_whose_answer_was_lost_is_done_when_sent_again(tmp_path: Path) -> None:
    """A commit whose answer the database lost (the connection broke) was refused ``unavailable``; the same
    action sent again finds itself stored: acknowledged, not refused as stale. Another action there is stale."""
    store = await Store.open(f"sqlite+aiosqlite:///{tmp_path / 'ludoteca.db'}")
    try:
        with ThreadPoolExecutor(1) as pool:
            tables = Tables(store, pool, bot_delay=0)
            match = Match("g", games.get("kreta"), {}, 3, the_seats())
            await store.create_game(GameRow("g", "kreta", match.record.options, 3, None, None, 1000.0), the_seats())
            room = await tables.get("g")
            assert room is not None
            seat, legal = room.match.to_act(), room.match.state.legal_actions()
            first, other = legal[0].to_text(), legal[1].to_text()
            parsed, text = room.match.check(seat, 0, first)
            await store.append_action("g", ActionRow(0, seat, text, False, 1001.0, room.match.prepare(parsed).digest))
            assert await tables.act(room, seat, 0, first) == 1
            assert room.match.version == 1 and room.match.record.actions == [text]
            with pytest.raises(MatchError) as refused:
                await tables.act(room, seat, 0, other)
            assert refused.value.code == "stale"
            await tables.close()
    finally:
        await store.close()
