"""Open lobby griefing (issue #24, medium 4): two addresses took all 12 open seats of 6 public games in
seconds (several seats of one game each), public games without a timer then stalled for good, and 51
junk public games from 3 addresses pushed a real one out of the 50-game list. Now one address takes one
open seat of a game, a public game has a turn timer, and the list holds a few games per address."""

from __future__ import annotations

import asyncio
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from test_migrations import OLD_GAMES, build_legacy_database

from ludoteca.web.features import lobby
from ludoteca.web.hosting.limits import address_tag
from ludoteca.web.play.seat import Seat
from ludoteca.web.protocol.requests import CreateGame
from ludoteca.web.storage.schema import GameRow
from ludoteca.web.storage.store import Store

from serverkit import Client, server_thread

DAY = 24 * 3600
OPEN3 = [{"kind": "human", "name": "Ada"}, {"kind": "open"}, {"kind": "open"}]


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    """A server that believes the test's ``X-Forwarded-For``: each request says where it comes from."""
    settings: dict[str, Any] = {"creates_per_minute": 1000, "seats_per_minute": 1000, "public_games_per_address": 2}
    with server_thread(tmp_path, forwarded_allow_ips="127.0.0.1", **settings) as url:
        yield url


def create(base: str, address: str, seats: list[dict[str, Any]] = OPEN3, **extra: Any) -> httpx.Response:
    body = {"game": "kreta", "seats": seats, "public": True, "turn_seconds": DAY, **extra}
    return httpx.post(f"{base}/api/games", json=body, headers={"X-Forwarded-For": address}, timeout=10)


def take(base: str, game_id: str, seat: int, address: str) -> httpx.Response:
    url = f"{base}/api/open-games/{game_id}/seats/{seat}"
    return httpx.post(url, headers={"X-Forwarded-For": address}, timeout=10)


def listed(base: str) -> list[str]:
    return [g["id"] for g in httpx.get(f"{base}/api/open-games", timeout=10).json()["games"]]


def test_one_address_takes_one_open_seat_of_a_game(base: str, tmp_path: Path) -> None:
    made = create(base, "198.51.100.1").json()
    assert take(base, made["id"], 1, "203.0.113.5").status_code == 200
    again = take(base, made["id"], 2, "203.0.113.5")
    assert again.status_code == 403 and "already" in again.json()["error"]
    ipv6 = take(base, made["id"], 2, "2001:db8:5::1")
    assert ipv6.status_code == 200  # another address: the last seat, and the game starts
    other = create(base, "198.51.100.1").json()
    assert take(base, other["id"], 1, "2001:db8:5::1").status_code == 200  # one seat of each game
    assert take(base, other["id"], 2, "2001:db8:5:0:ffff::2").status_code == 403  # the same /64
    with sqlite3.connect(tmp_path / "ludoteca.db") as db:  # kept while the game waits for players, no longer
        kept = dict(db.execute("SELECT game_id, count(taken_from) FROM seats GROUP BY game_id").fetchall())
    assert kept == {made["id"]: 0, other["id"]: 1}


def test_a_public_game_needs_a_turn_timer(base: str, tmp_path: Path) -> None:
    untimed = create(base, "198.51.100.2", turn_seconds=None)
    assert untimed.status_code == 400 and "timer" in untimed.json()["error"]
    made = create(base, "198.51.100.2").json()
    assert made["id"] in listed(base)
    with sqlite3.connect(tmp_path / "ludoteca.db") as db:  # as an older server could have stored it
        db.execute("UPDATE games SET turn_seconds = NULL WHERE id = ?", (made["id"],))
    assert made["id"] not in listed(base)  # it could stall for good: not offered to strangers


def test_public_games_waiting_for_players_are_capped_per_address(base: str) -> None:
    mine = [create(base, "198.51.100.3") for _ in range(3)]
    assert [r.status_code for r in mine] == [201, 201, 429]
    assert "public games" in mine[2].json()["error"]
    assert create(base, "2001:db8:7::1").status_code == 201
    assert create(base, "2001:db8:7::2").status_code == 201
    assert create(base, "2001:db8:7:0:1::3").status_code == 429  # the same /64
    assert create(base, "198.51.100.4").status_code == 201
    # a private game is not listed, so not capped
    private = {"game": "kreta", "seats": [{"kind": "human"}] * 2}
    assert httpx.post(f"{base}/api/games", json=private, headers={"X-Forwarded-For": "198.51.100.3"}).is_success
    # a game that stopped waiting leaves room for another
    first = mine[0].json()
    assert take(base, first["id"], 1, "203.0.113.9").status_code == 200
    assert take(base, first["id"], 2, "203.0.113.10").status_code == 200
    assert create(base, "198.51.100.3").status_code == 201
    assert len(listed(base)) == 5

    async def started() -> None:
        async with Client(base, first["id"]) as watcher:
            assert watcher.state is not None and watcher.state["open_seats"] == []

    asyncio.run(started())


@pytest.mark.asyncio
async def test_the_list_holds_a_few_games_of_each_address(store: Store) -> None:
    """However many public games one address got stored (requests racing past the creation check, older
    rows), the list shows its newest few and the others' games still find their place."""
    now = time.time()
    for i, who in enumerate(["junk"] * 6 + ["real", None, None]):
        new = lobby.new_game(
            CreateGame.model_validate({"game": "kreta", "seats": OPEN3[:2], "public": True, "turn_seconds": DAY})
        )
        row = GameRow(new.id, "kreta", {}, new.seed, None, DAY, now + i, public=True)
        row.created_from = None if who is None else address_tag(who)
        await store.create_game(row, [Seat(s.seat, s.name, s.kind, s.bot, s.token_hash) for s in new.seats])
    found = await store.open_games(5, 0.0, per_address=2)
    tags = [g.created_from for g, _ in found]
    assert tags == [None, None, address_tag("real"), address_tag("junk"), address_tag("junk")]


@pytest.mark.asyncio
async def test_games_stored_before_know_no_address(database_url: str) -> None:
    """Revision 0007 adds who created a public game and who took an open seat: unknown (NULL) for every
    game stored before, which the list counts each as its own creator."""
    await build_legacy_database(database_url, OLD_GAMES[:2])
    store = await Store.open(database_url)
    try:
        for old in OLD_GAMES[:2]:
            stored = await store.load(old.id)
            assert stored is not None and stored.game.created_from is None
            assert not await store.holds_seat(old.id, address_tag("127.0.0.1"))
        assert await store.open_games(50, 0.0, per_address=1) == []  # none of them public
    finally:
        await store.close()
