"""The game store: records round-trip, the action log only grows at its end, and commits survive kill -9."""

from __future__ import annotations

import asyncio
import os
import selectors
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ludoteca.web.play.seat import Seat
from ludoteca.web.storage.databases import database_url
from ludoteca.web.storage.errors import StaleActionError, StoreError
from ludoteca.web.storage.schema import ActionRow, GameRow, StoredGame, hash_token
from ludoteca.web.storage.store import Store

UNICODE_NAMES = ["Zoë", "Ελένη", "李雷", "Đặng Thị", "🎲 Würfel", 'O\'Brien "Ace"', "نور", "a\u0301\u202ez"]


def a_game(game_id: str = "g1", created: float = 1000.0, tokens: tuple[str | None, ...] = ("ada", "bo")) -> GameRow:
    return GameRow(game_id, "verraeter", {"players": len(tokens), "variant": "basic"}, 42, 1, 90, created)


def the_seats(tokens: tuple[str | None, ...] = ("ada", "bo")) -> list[Seat]:
    return [
        Seat(i, f"Player {i}", "human", None, hash_token(token))
        if token
        else Seat(i, f"Bot {i}", "bot", "heuristic", None)
        for i, token in enumerate(tokens)
    ]


def an_action(n: int, seat: int = 0) -> ActionRow:
    return ActionRow(n, seat, f"play-supply {n}", n % 3 == 0, 1000.5 + n)


@pytest.mark.asyncio
async def test_a_game_round_trips(store: Store) -> None:
    seats = the_seats(("ada", None, "cy"))
    seats[2].autoplay = True
    await store.create_game(a_game(tokens=("ada", None, "cy")), seats)
    actions = [an_action(n, n % 3) for n in range(5)]
    for action in actions:
        await store.append_action("g1", action)
    assert await store.load("g1") == StoredGame(a_game(tokens=("ada", None, "cy")), seats, actions)
    assert await store.load("nowhere") is None


@pytest.mark.asyncio
async def test_unicode_names_are_kept_exactly(store: Store) -> None:
    seats = [Seat(i, name, "human", None, hash_token(name)) for i, name in enumerate(UNICODE_NAMES)]
    game = GameRow("ĝ-🎲", "kreta", {"note": "Ελένη"}, 7, None, None, 1.0)
    await store.create_game(game, seats)
    await store.append_action("ĝ-🎲", ActionRow(0, 0, "place Ελένη → Χανιά", False, 2.0))
    loaded = await store.load("ĝ-🎲")
    assert loaded is not None
    assert [seat.name for seat in loaded.seats] == UNICODE_NAMES
    assert loaded.game == game
    assert loaded.actions[0].action == "place Ελένη → Χανιά"


@pytest.mark.asyncio
async def test_the_log_only_grows_at_its_end(store: Store) -> None:
    await store.create_game(a_game(), the_seats())
    for n in range(6):
        await store.append_action("g1", an_action(n))
    before = await store.load("g1")
    for n in (0, 3, 5, 7, 100, -1):  # replayed, duplicate, last again, skipping ahead, far ahead, negative
        with pytest.raises(StaleActionError, match=f"has 6 actions: action {n} is stale"):
            await store.append_action("g1", an_action(n, seat=1))
    assert await store.load("g1") == before
    await store.append_action("g1", an_action(6))
    loaded = await store.load("g1")
    assert loaded is not None
    assert [action.n for action in loaded.actions] == list(range(7))


@pytest.mark.asyncio
async def test_unknown_games_and_seats_are_errors_not_stale_actions(store: Store) -> None:
    await store.create_game(a_game(), the_seats())
    for n in (0, 3):
        with pytest.raises(StoreError, match="no game 'g2'") as raised:
            await store.append_action("g2", an_action(n))
        assert not isinstance(raised.value, StaleActionError)
    with pytest.raises(StoreError, match="no seat 5"):
        await store.set_autoplay("g1", 5, True)
    with pytest.raises(StoreError, match="no game"):
        await store.finish("g2", {})
    with pytest.raises(StoreError, match="exists already"):
        await store.create_game(a_game(), the_seats())
    with pytest.raises(StoreError, match="64 bits"):
        await store.create_game(GameRow("g3", "kreta", {}, 2**64, None, None, 0.0), [])
    assert await store.load("g2") is None and await store.load("g3") is None


@pytest.mark.asyncio
async def test_racing_appends_exactly_one_wins_each_n(database_url: str) -> None:
    """Four writers over two engines (two servers, or two tabs' requests) all try every n at once."""
    stores = [await Store.open(database_url), await Store.open(database_url)]
    try:
        await stores[0].create_game(a_game(), the_seats())
        winners = []
        for n in range(12):
            outcomes = await asyncio.gather(
                *(stores[seat % 2].append_action("g1", an_action(n, seat)) for seat in range(4)), return_exceptions=True
            )
            assert sum(outcome is None for outcome in outcomes) == 1, outcomes
            assert all(isinstance(outcome, StaleActionError) for outcome in outcomes if outcome is not None), outcomes
            winners.append(outcomes.index(None))
        loaded = await stores[1].load("g1")
        assert loaded is not None
        assert [(action.n, action.seat) for action in loaded.actions] == list(enumerate(winners))
    finally:
        for store in stores:
            await store.close()


@pytest.mark.asyncio
async def test_everything_is_still_there_after_reopening(database_url: str) -> None:
    store = await Store.open(database_url)
    await store.create_game(a_game(), the_seats())
    await store.create_game(a_game("g2", created=2000.0), the_seats(("cy", None)))
    for n in range(3):
        await store.append_action("g1", an_action(n))
    await store.set_autoplay("g1", 1, True)
    await store.finish("g2", {"scores": [3, 5], "winners": [1]})
    before = [await store.load("g1"), await store.load("g2")]
    await store.close()

    store = await Store.open(database_url)  # create_all again: a no-op on existing tables
    try:
        assert [await store.load("g1"), await store.load("g2")] == before
        assert before[0] is not None and before[0].seats[1].autoplay
        await store.append_action("g1", an_action(3))
    finally:
        await store.close()


@pytest.mark.asyncio
async def test_unfinished_lists_only_games_still_being_played_oldest_first(store: Store) -> None:
    for i, created in enumerate([300.0, 100.0, 200.0, 50.0]):
        await store.create_game(a_game(f"g{i}", created), the_seats())
        await store.append_action(f"g{i}", an_action(0))
    result = {"scores": [10, 12], "winners": [1], "breakdown": [{"cards": 4}], "progress": {"round": 3}}
    await store.finish("g1", result)
    unfinished = await store.unfinished()
    assert [stored.game.id for stored in unfinished] == ["g3", "g2", "g0"]
    assert all(len(stored.seats) == 2 and len(stored.actions) == 1 for stored in unfinished)
    finished = await store.load("g1")
    assert finished is not None and finished.game.finished and finished.game.result == result


@pytest.mark.asyncio
async def test_seats_for_tokens_finds_each_seat_with_its_game_and_progress(store: Store) -> None:
    await store.create_game(a_game("old", 100.0), the_seats(("ada", "bo")))
    await store.create_game(a_game("new", 200.0), the_seats(("cy", None, "ada")))
    for n in range(4):
        await store.append_action("old", an_action(n))
    found = await store.seats_for_tokens([hash_token("ada"), hash_token("nobody"), hash_token("ada")])
    assert [(game.id, seat.seat, seat.name, played) for game, seat, played in found] == [
        ("new", 2, "Player 2", 0),
        ("old", 0, "Player 0", 4),
    ]
    assert found[1][0] == a_game("old", 100.0)
    assert await store.seats_for_tokens([]) == []
    assert await store.seats_for_tokens(["ada"]) == []  # tokens themselves are never stored


def test_tokens_are_stored_as_sha256() -> None:
    assert hash_token("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"


def test_database_urls_name_the_async_drivers(tmp_path: Path) -> None:
    data_dir = tmp_path / "data" / "ludoteca"
    assert database_url(None, data_dir) == f"sqlite+aiosqlite:///{data_dir}/ludoteca.db"
    assert data_dir.is_dir()
    assert database_url("  ", data_dir) == f"sqlite+aiosqlite:///{data_dir}/ludoteca.db"
    assert database_url("sqlite:///games.db", data_dir) == "sqlite+aiosqlite:///games.db"
    assert database_url("sqlite:////srv/games.db", data_dir) == "sqlite+aiosqlite:////srv/games.db"
    assert database_url("postgres://u:p%40ss@db:5433/games", data_dir) == "postgresql+psycopg://u:p%40ss@db:5433/games"
    assert database_url("postgresql://u:pw@db/games", data_dir) == "postgresql+psycopg://u:pw@db/games"
    assert database_url("postgresql+asyncpg://u:pw@db/games", data_dir) == "postgresql+asyncpg://u:pw@db/games"
    with pytest.raises(StoreError, match="not a database URL"):
        database_url("games.db", data_dir)
    with pytest.raises(StoreError, match="unsupported database 'mysql'") as raised:
        database_url("mysql://u:secret@db/games", data_dir)
    assert "secret" not in str(raised.value)


@pytest.mark.asyncio
async def test_a_database_that_cannot_be_opened_is_a_store_error(tmp_path: Path) -> None:
    with pytest.raises(StoreError, match="cannot open database"):
        await Store.open(f"sqlite+aiosqlite:///{tmp_path}/missing/dir/ludoteca.db")
    with pytest.raises(StoreError, match="cannot use database"):
        await Store.open("postgresql+nosuchdriver://u:pw@db/games")


# A server that appends actions as fast as it can and says which are committed, until it is killed.
CRASHING_SERVER = """
import asyncio, sys, time
from ludoteca.web.storage.schema import ActionRow
from ludoteca.web.storage.store import Store

async def main(url):
    store = await Store.open(url)
    n = 0
    while True:
        await store.append_action("g1", ActionRow(n, n % 2, f"move {n}", False, time.time()))
        print(n, flush=True)
        n += 1

asyncio.run(main(sys.argv[1]))
"""


@pytest.mark.asyncio
async def test_committed_actions_survive_kill_9(database_url: str) -> None:
    store = await Store.open(database_url)
    await store.create_game(a_game(), the_seats())
    await store.close()
    server = subprocess.Popen(
        [sys.executable, "-c", CRASHING_SERVER, database_url], stdout=subprocess.PIPE, text=True, bufsize=1
    )
    printed = await asyncio.to_thread(_read_until_killed, server, 40)
    store = await Store.open(database_url)
    try:
        loaded = await store.load("g1")
    finally:
        await store.close()
    assert loaded is not None
    assert [action.n for action in loaded.actions] == list(range(len(loaded.actions)))
    assert len(loaded.actions) > max(printed)


def _read_until_killed(server: subprocess.Popen[str], enough: int) -> list[int]:
    """Reads committed numbers until ``enough`` arrived, kills the server mid-loop, then reads what was in the pipe."""
    assert server.stdout is not None
    printed: list[int] = []
    deadline = time.monotonic() + 60
    with selectors.DefaultSelector() as selector:
        selector.register(server.stdout, selectors.EVENT_READ)
        while len(printed) < enough:
            assert selector.select(timeout=deadline - time.monotonic()), "the server printed nothing in time"
            line = server.stdout.readline()
            assert line, f"the server stopped by itself (exit status {server.wait()})"
            printed.append(int(line))
    os.kill(server.pid, signal.SIGKILL)
    rest, _ = server.communicate(timeout=30)
    assert server.returncode == -signal.SIGKILL
    return printed + [int(line) for line in rest.split()]
