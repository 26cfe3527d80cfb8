"""The open lobby and slow games (issue #18 points 5 and 6) at the store and tables: taking an open seat
is decided by one conditional UPDATE (raced here on SQLite and PostgreSQL), the list holds only public
games waiting for players, and a turn's deadline counts from the stored time its turn began — so a timer
that ran out while the server was down or the room unloaded hands the seat to a bot once loaded."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

from ludoteca.web.features import lobby, slowturns
from ludoteca.web.live import turns
from ludoteca.web.live.front import Tables
from ludoteca.web.live.jobs import Workers
from ludoteca.web.play.match import Match
from ludoteca.web.play.seat import Seat
from ludoteca.web.protocol.requests import CreateGame
from ludoteca.web.storage.schema import ActionRow, GameRow, StoredGame, hash_token
from ludoteca.web.storage.store import Store

DAY = 24 * 3600


def request(seats: list[dict[str, Any]], **extra: Any) -> lobby.NewGame:
    # a public game is dealt at random, and has a turn timer
    seed = {"turn_seconds": DAY} if extra.get("public") else {"seed": 6}
    return lobby.new_game(CreateGame.model_validate({"game": "kreta", "seats": seats, **seed, **extra}))


@pytest_asyncio.fixture
async def tables(store: Store) -> AsyncIterator[Tables]:
    workers = Workers(0, 10.0)
    made = Tables(store, workers, bot_delay=0)
    try:
        yield made
    finally:
        await made.close()
        workers.close()


async def until(condition: Any, timeout: float = 20.0) -> None:
    """Wait for ``condition()`` to hold (the tables' tasks run meanwhile)."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "condition not met in time"
        await asyncio.sleep(0.02)


# ------------------------------------------------------------------ open seats


@pytest.mark.asyncio
async def test_two_people_taking_one_seat_at_once_one_wins(store: Store, tables: Tables) -> None:
    new = request([{"kind": "human", "name": "Ada"}, {"kind": "open"}, {"kind": "open"}], public=True)
    await tables.create(new)
    tries = [store.take_seat(new.id, 1, hash_token(f"t{i}"), f"P{i}", False) for i in range(8)]
    won = await asyncio.gather(*tries)
    assert sorted(won) == [False] * 7 + [True]
    stored = await store.load(new.id)
    assert stored is not None
    seat = stored.seats[1]
    winner = won.index(True)
    assert (seat.kind, seat.token_hash, seat.name) == ("human", hash_token(f"t{winner}"), f"P{winner}")
    # the other open seat is untouched, and a seat already held is never taken again
    assert stored.seats[2].kind == "open" and stored.seats[2].token_hash is None
    assert not await store.take_seat(new.id, 0, hash_token("x"), "X", False)


@pytest.mark.asyncio
async def test_the_list_holds_public_games_waiting_for_players_only(store: Store, tables: Tables) -> None:
    private = request([{"kind": "human"}, {"kind": "human"}])
    public = request([{"kind": "human"}, {"kind": "open"}], public=True, turn_seconds=2 * DAY)
    full = request([{"kind": "human"}, {"kind": "open"}], public=True)
    for new in (private, public, full):
        await tables.create(new)
    assert await store.take_seat(full.id, 1, hash_token("b"), "Bea", False)
    listed = await store.open_games(50, 0.0)
    assert [g.id for g, _ in listed] == [public.id]
    game, seats = listed[0]
    assert game.public and game.turn_seconds == 2 * DAY
    assert [s.kind for s in seats] == ["human", "open"]
    assert await store.open_games(50, time.time() + 1) == []  # older than the window: left out
    assert len(await store.open_games(0, 0.0)) == 0
    # a private game's seats are never open, so never taken from the lobby
    assert not await store.take_seat(private.id, 1, hash_token("c"), "Cy", False)


@pytest.mark.asyncio
async def test_a_public_game_waits_for_its_open_seats(tables: Tables) -> None:
    new = request([{"kind": "open"}, {"kind": "bot", "bot": "random"}], public=True, turn_seconds=30)
    room = await tables.create(new)
    assert room.match.waiting and room.match.bot_to_act() is None and room.match.human_to_act() is None
    assert room.deadline is None and room.bot_task is None and room.idle()


# ------------------------------------------------------------------ slow turns


@pytest.mark.asyncio
async def test_a_far_deadline_holds_no_timer_and_the_room_stays_unloadable(tables: Tables) -> None:
    room = await tables.create(request([{"kind": "human"}, {"kind": "human"}], turn_seconds=2 * DAY))
    assert room.deadline is not None and room.deadline == pytest.approx(time.time() + 2 * DAY, abs=5)
    assert room.timer is None and room.idle()
    near = await tables.create(request([{"kind": "human"}, {"kind": "human"}], turn_seconds=300))
    assert near.timer is not None and near.idle()  # nobody has joined it: its timer does not pin it (#24)
    near.joined = True
    assert not near.idle()


async def stored_overdue(store: Store, turn_seconds: int, late: float) -> str:
    """A two-human game stored ``turn_seconds + late`` seconds ago, never played: its deadline has passed."""
    new = request([{"kind": "human"}, {"kind": "human"}], turn_seconds=turn_seconds)
    match = Match(new.id, new.definition, new.options, new.seed, new.seats, turn_seconds=turn_seconds)
    created = time.time() - turn_seconds - late
    row = GameRow(new.id, "kreta", match.record.options, new.seed, None, turn_seconds, created)
    await store.create_game(row, [Seat(s.seat, s.name, s.kind, s.bot, s.token_hash) for s in new.seats])
    return new.id


@pytest.mark.asyncio
async def test_a_deadline_that_passed_while_the_server_was_down_hands_the_seat_to_a_bot(
    store: Store, tables: Tables
) -> None:
    game_id = await stored_overdue(store, 2 * DAY, 3600)
    assert await store.overdue_games(time.time()) == [game_id]
    assert await tables.resume() == 1  # the restart: the deadline is the stored one, already past
    room = tables.rooms[game_id]
    to_act = room.match.to_act()
    await until(lambda: room.match.version > 0)
    stored = await store.load(game_id)
    assert stored is not None and stored.seats[to_act].autoplay
    assert stored.actions[0].by_bot and stored.actions[0].seat == to_act


@pytest.mark.asyncio
async def test_the_sweep_loads_an_unloaded_game_whose_deadline_passed(store: Store, tables: Tables) -> None:
    game_id = await stored_overdue(store, 3 * DAY, 10)
    assert game_id not in tables.rooms
    assert await slowturns.sweep(tables) == 1
    room = tables.rooms[game_id]
    await until(lambda: room.match.version > 0)
    stored = await store.load(game_id)
    assert stored is not None and any(s.autoplay for s in stored.seats)
    # once the bot has moved the next turn has a fresh deadline: nothing is overdue any more
    assert game_id not in await store.overdue_games(time.time())


@pytest.mark.asyncio
async def test_the_sweep_arms_a_live_room_whose_deadline_came_near(tables: Tables) -> None:
    room = await tables.create(request([{"kind": "human"}, {"kind": "human"}], turn_seconds=2 * DAY))
    room.joined = True  # a player has opened it
    assert room.timer is None
    await slowturns.sweep(tables)
    assert room.timer is None  # still days away
    room.turn = (0, time.time() - 2 * DAY + turns.HORIZON / 2)  # as if the days had passed
    await slowturns.sweep(tables)
    assert room.timer is not None and not room.idle()


def test_when_a_stored_turn_began() -> None:
    new = request([{"kind": "human"}, {"kind": "open"}], public=True)
    rows = [Seat(s.seat, s.name, s.kind, s.bot, s.token_hash) for s in new.seats]
    game = GameRow(new.id, "kreta", {}, 6, None, 60, 1000.0, public=True)
    assert turns.stored_turn(StoredGame(game, rows, [])) is None  # started when its seats were taken: unknown
    game.public = False
    assert turns.stored_turn(StoredGame(game, rows, [])) == (0, 1000.0)
    played = [ActionRow(0, 0, "x", False, 1500.0), ActionRow(1, 1, "y", False, 1600.0)]
    assert turns.stored_turn(StoredGame(game, rows, played)) == (2, 1600.0)


def test_a_turn_that_began_in_this_process_gets_its_whole_time() -> None:
    assert turns.turn_began((3, 100.0), 3, 500.0) == 100.0  # loaded during turn 3: as stored
    assert turns.turn_began((3, 100.0), 4, 500.0) == 500.0  # a later turn began now
    assert turns.turn_began(None, 0, 500.0) == 500.0


def test_a_turn_restarted_without_an_action_counts_from_then() -> None:
    """``games.turn_started`` (the last open seat taken, a seat taken back) wins over an earlier action."""
    new = request([{"kind": "human"}, {"kind": "open"}], public=True)
    rows = [Seat(s.seat, s.name, s.kind, s.bot, s.token_hash) for s in new.seats]
    game = GameRow(new.id, "kreta", {}, 6, None, 60, 1000.0, public=True, turn_started=1200.0)
    assert turns.stored_turn(StoredGame(game, rows, [])) == (0, 1200.0)  # seats all taken at 1200
    played = [ActionRow(0, 0, "x", False, 1500.0)]
    assert turns.stored_turn(StoredGame(game, rows, played)) == (1, 1500.0)  # a later action
    game.turn_started = 1700.0
    assert turns.stored_turn(StoredGame(game, rows, played)) == (1, 1700.0)  # taken back after it


async def restarted(store: Store, game_id: str) -> Tables:
    """The tables of a server started again on ``store`` with ``game_id`` loaded."""
    again = Tables(store, Workers(0, 10.0), bot_delay=0)
    assert await again.get(game_id) is not None
    return again


@pytest.mark.asyncio
async def test_the_last_open_seat_taken_starts_the_first_turn_across_a_restart(store: Store, tables: Tables) -> None:
    new = request([{"kind": "human"}, {"kind": "open"}], public=True, turn_seconds=2 * DAY)
    await tables.create(new)
    before = time.time()
    # what the write path does for the last seat (POST /api/open-games/ID/seats/N): one transaction
    assert await store.take_seat(new.id, 1, hash_token("b"), "Bo", False, turn_started=before)
    again = await restarted(store, new.id)
    try:
        room = again.rooms[new.id]
        assert room.deadline == pytest.approx(before + 2 * DAY)
        assert new.id not in await store.overdue_games(before + 2 * DAY - 1)
        assert await store.overdue_games(before + 2 * DAY + 1) == [new.id]
    finally:
        await again.close()


@pytest.mark.asyncio
async def test_a_seat_taken_back_in_its_turn_keeps_its_deadline_across_a_restart(store: Store, tables: Tables) -> None:
    """Taking a seat back from the bot does not begin its turn again (#24: leave and take back, over and
    over, held a 10 s timer for 45 s): the deadline stays the turn's, here and after a restart."""
    room = await tables.create(request([{"kind": "human"}, {"kind": "human"}], turn_seconds=2 * DAY))
    game_id, to_act, deadline = room.match.id, room.match.to_act(), room.deadline
    assert deadline is not None
    # the bot holds the seat (its owner left) but has not moved yet: set directly, no bot is scheduled
    await store.set_autoplay(game_id, to_act, True)
    room.match.seats[to_act].autoplay = True
    await tables.set_autoplay(room, to_act, False)
    assert room.deadline == deadline
    stored = await store.load(game_id)
    assert stored is not None and stored.game.turn_started is None
    assert turns.stored_turn(stored) == (0, stored.game.created)
    again = await restarted(store, game_id)
    try:
        assert again.rooms[game_id].deadline == deadline
    finally:
        await again.close()
