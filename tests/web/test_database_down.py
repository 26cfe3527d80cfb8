"""A database that goes away during play has an answer (issue #35, point 2): HTTP says 503 and when to try
again, never 500; a player's action gets a refusal naming it, and the socket stays open; a bot's move is
tried again once the database is back; afterwards every game goes on to its end.

On SQLite the database is made to fail (:func:`dbfaults.failing_sqlite`); on PostgreSQL a private cluster
(``benchmarks/pgtemp.py``) is stopped at once, as in a crash, and started again. Nothing here waits for a
time to pass: each step waits for what it expects (up to generous bounds), so a slow machine only takes longer.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import httpx
import pgtemp
import pytest
from dbfaults import failing_sqlite

from serverkit import Client, create_game, play_out, server_thread

HUMANS = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}]
BOTS = [{"kind": "bot", "bot": "random"}] * 2
HAS_POSTGRES = bool(list(Path("/usr/lib/postgresql").glob("*/bin/initdb"))) and shutil.which("runuser") is not None


class Outage:
    """A database that can be taken away and given back while a server runs on it."""

    def __init__(self, down: Callable[[], None], up: Callable[[], None]) -> None:
        self.down, self.up = down, up


@contextlib.contextmanager
def sqlite_site(tmp_path: Path) -> Iterator[tuple[str, Outage]]:
    held: list[contextlib.AbstractContextManager[None]] = []

    def down() -> None:
        failing = failing_sqlite(tmp_path / "ludoteca.db")
        failing.__enter__()
        held.append(failing)

    def up() -> None:
        held.pop().__exit__(None, None, None)

    with server_thread(tmp_path, bot_delay=0.05, creates_per_minute=1000) as base:
        yield base, Outage(down, up)


@contextlib.contextmanager
def postgres_site(tmp_path: Path) -> Iterator[tuple[str, Outage]]:
    with pgtemp.TempCluster() as cluster:

        def up() -> None:
            cluster.start_again()
            pgtemp.wait_until_up(cluster.url)

        with server_thread(tmp_path, cluster.url, bot_delay=0.05, creates_per_minute=1000) as base:
            yield base, Outage(cluster.crash, up)


SITES = {"sqlite": sqlite_site, "postgresql": postgres_site}


@pytest.mark.parametrize(
    "kind",
    [
        "sqlite",
        pytest.param(
            "postgresql",
            marks=[  # a private cluster of its own, started, crashed and started again (about half a minute)
                pytest.mark.skipif(not HAS_POSTGRES, reason="needs Debian's PostgreSQL (scripts/postgres.sh)"),
                pytest.mark.postgres,
                pytest.mark.slow,
            ],
        ),
    ],
)
def test_a_database_that_goes_away_is_answered_and_every_game_goes_on(kind: str, tmp_path: Path) -> None:
    statuses: list[int] = []
    with SITES[kind](tmp_path) as (base, outage):
        made = create_game(base, "kreta", HUMANS, seed=3)
        bots = create_game(base, "kreta", BOTS, seed=4)
        tokens = [s["token"] for s in made["seats"]]

        async def scenario() -> None:
            rng = random.Random(5)
            async with (
                Client(base, made["id"], tokens[0]) as ada,
                Client(base, made["id"], tokens[1]) as bea,
                Client(base, bots["id"]) as watcher,
            ):
                players = {0: ada, 1: bea}
                await play_out(players, rng, moves=4)
                outage.down()
                try:
                    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
                        created = await http.post("/api/games", json={"game": "kreta", "seats": HUMANS})
                        mine = await http.post("/api/my-games", json={"tokens": tokens})
                        statuses.extend([created.status_code, mine.status_code])
                        assert created.status_code == 503 and created.headers["Retry-After"].isdigit()
                        assert "try again" in created.json()["error"].lower()
                    state = ada.state
                    assert state is not None
                    actor = players[state["to_act"]]
                    await actor.until_version(state["version"])
                    assert actor.state is not None
                    chosen = actor.state["legal"][0]["text"]
                    await actor.send({"type": "action", "version": state["version"], "action": chosen, "id": 11})
                    refusal = await actor.until(lambda m: m["type"] in ("error", "ack"))
                    assert (refusal["type"], refusal["code"], refusal["request"]) == ("error", "unavailable", 11)
                    await actor.send({"type": "ping", "id": 12})  # the socket is still open
                    await actor.until(lambda m: m["type"] == "pong")
                    before = watcher.state["version"] if watcher.state else 0
                finally:
                    outage.up()
                # the same action once more: acknowledged when the database has it (tried until then)
                for attempt in range(13, 100):
                    await actor.send({"type": "action", "version": state["version"], "action": chosen, "id": attempt})
                    answer = await actor.until(lambda m: m["type"] in ("error", "ack"))
                    if answer["type"] == "ack":
                        assert (answer["request"], answer["version"]) == (attempt, state["version"] + 1)
                        break
                    assert answer["code"] == "unavailable", answer
                    await asyncio.sleep(0.2)
                else:
                    raise AssertionError("the action was never stored after the database came back")
                # the bots' game moves on by itself (its bots tried again), and the players' game to its end
                await watcher.until_state(lambda m: m["version"] > before + 3 or m["result"] is not None, 120)
                final = await play_out(players, rng)
                assert final["result"] is not None

        asyncio.run(scenario())
        with httpx.Client(base_url=base, timeout=30) as http:
            record = http.get(f"/api/games/{made['id']}/record")
            again = http.post("/api/games", json={"game": "kreta", "seats": HUMANS})
            statuses.extend([record.status_code, again.status_code])
            assert record.status_code == 200 and again.status_code == 201
    assert all(status < 500 or status == 503 for status in statuses), statuses
