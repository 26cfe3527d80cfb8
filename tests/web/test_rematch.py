"""The rematch over the table's WebSocket (``docs/web.md``, "Rematch"): each page gets its own seat's new
token and nobody else's, a second or simultaneous click finds the same rematch, a reload (even after a
restart of the server) gets the same token again, and a game that is not over gets none."""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from test_migrations import build_legacy_database, played, token

from ludoteca.web.features.rematch import placeholder, seat_token
from ludoteca.web.play.seat import Seat
from ludoteca.web.storage.schema import GameRow, hash_token
from ludoteca.web.storage.store import Store

from serverkit import Client, create_game, server_thread

HUMANS_AND_A_BOT = [
    {"kind": "human", "name": "Ada"},
    {"kind": "human", "name": "Bea"},
    {"kind": "bot", "bot": "random"},
]


def finished_with_humans(base: str) -> tuple[str, list[str]]:
    """A Verräter game of two humans and a random bot, finished by the humans leaving their seats to the
    autoplay bot: its id and the humans' tokens."""
    made = create_game(base, "verraeter", HUMANS_AND_A_BOT, turn_seconds=300)
    tokens = [made["seats"][0]["token"], made["seats"][1]["token"]]

    async def leave() -> None:
        for t in tokens:
            async with Client(base, made["id"], t) as client:
                await client.send({"type": "leave"})
                await client.until(lambda m: m["type"] == "state" and m["seats"][client.state["seat"]]["autoplay"])

    asyncio.run(leave())
    deadline = time.monotonic() + 120
    while httpx.get(f"{base}/api/games/{made['id']}/record").status_code != 200:
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.05)
    return str(made["id"]), tokens


def rematches_of(data_dir: Path, game_id: str) -> list[str]:
    with sqlite3.connect(data_dir / "ludoteca.db") as db:
        return [row[0] for row in db.execute("SELECT id FROM games WHERE rematch_of = ?", (game_id,))]


async def offer(client: Client, nth: int = 1) -> dict[str, Any]:
    """The ``nth`` ``rematch`` message the client received (waiting for it if need be)."""
    while True:
        offers = [m for m in client.frames if m["type"] == "rematch"]
        if len(offers) >= nth:
            return offers[nth - 1]
        await client.recv()


def test_each_page_gets_its_own_seat_and_nobody_elses(tmp_path: Path) -> None:
    with server_thread(tmp_path) as base:
        old, (ada, bea) = finished_with_humans(base)
        with sqlite3.connect(tmp_path / "ludoteca.db") as db:  # listed in the open lobby: so is its rematch
            db.execute("UPDATE games SET public = 1 WHERE id = ?", (old,))

        async def scenario() -> None:
            async with Client(base, old, ada) as a, Client(base, old, bea) as b, Client(base, old) as watcher:
                await a.send({"type": "rematch"})
                to_a, to_b, to_watcher = await offer(a), await offer(b), await offer(watcher)
                new = to_a["id"]
                assert to_b["id"] == to_watcher["id"] == new != old
                assert to_a["by"] == to_b["by"] == to_watcher["by"] == "Ada"
                assert (to_a["seat"], to_b["seat"], to_watcher["seat"]) == (0, 1, -1)
                assert to_a["token"] == seat_token(ada, new) and to_b["token"] == seat_token(bea, new)
                assert to_a["link"] == f"/g/{new}#t={to_a['token']}" and to_watcher["link"] == f"/g/{new}"
                assert "token" not in to_watcher
                for client, foreign in (
                    (a, [to_b["token"]]),
                    (b, [to_a["token"]]),
                    (watcher, [to_a["token"], to_b["token"]]),
                ):
                    assert not any(t in str(frame) for frame in client.frames for t in foreign)

                # the new table: each new token is its own seat, the old tokens none; bots where they were
                async with Client(base, new, to_a["token"]) as a2, Client(base, new, to_b["token"]) as b2:
                    assert a2.frames[0] == {"type": "welcome", "id": new, "seat": 0, "game": "verraeter"}
                    assert b2.frames[0]["seat"] == 1
                    assert {"type": "rematch_of", "id": old} in a2.frames
                    seats = a2.state["seats"] if a2.state else []
                    assert [(s["name"], s["kind"], s["bot"], s["autoplay"]) for s in seats] == [
                        ("Ada", "human", None, False),
                        ("Bea", "human", None, False),
                        (seats[2]["name"], "bot", "random", False),
                    ]
                    assert a2.state is not None and a2.state["result"] is None
                async with Client(base, new) as stale:
                    await stale.send({"type": "hello", "token": ada})
                    assert (await stale.error())["code"] == "bad_token"

        asyncio.run(scenario())
        record = httpx.get(f"{base}/api/games/{old}/record").json()
        mine = httpx.post(f"{base}/api/my-games", json={"tokens": [seat_token(ada, rematches_of(tmp_path, old)[0])]})
        assert [g["id"] for g in mine.json()["games"]] == rematches_of(tmp_path, old)
    with sqlite3.connect(tmp_path / "ludoteca.db") as db:
        (new,) = rematches_of(tmp_path, old)
        row = db.execute(
            "SELECT options, seed, turn_seconds, public, rematch FROM games WHERE id = ?", (new,)
        ).fetchone()
        assert json.loads(row[0]) == record["options"] and row[1] != record["seed"]
        assert row[2] == 300 and row[3] == 1 and row[4] is None
        assert db.execute("SELECT rematch FROM games WHERE id = ?", (old,)).fetchone() == (new,)


def test_a_second_click_and_simultaneous_clicks_find_the_same_rematch(tmp_path: Path) -> None:
    with server_thread(tmp_path) as base:
        old, (ada, bea) = finished_with_humans(base)

        async def scenario() -> None:
            async with Client(base, old, ada) as a, Client(base, old, bea) as b:
                await asyncio.gather(a.send({"type": "rematch"}), b.send({"type": "rematch"}))
                first_a, first_b = await offer(a), await offer(b)
                assert first_a["id"] == first_b["id"]
                await b.send({"type": "rematch"})  # later, by the other player: the same one again
                again = await offer(b, 2)
                assert again == first_b
                assert not any(m["type"] == "error" for m in a.frames + b.frames)

        asyncio.run(scenario())
        assert len(rematches_of(tmp_path, old)) == 1


def test_a_reload_gets_the_same_seat_even_after_a_restart(tmp_path: Path) -> None:
    with server_thread(tmp_path) as base:
        old, (ada, bea) = finished_with_humans(base)

        async def propose() -> dict[str, Any]:
            async with Client(base, old, ada) as a:
                await a.send({"type": "rematch"})
                return dict(await offer(a))

        first = asyncio.run(propose())
    # Bea was not there: her seat waits for her, and her page gets it whenever it comes back
    with sqlite3.connect(tmp_path / "ludoteca.db") as db:
        held = dict(db.execute("SELECT seat, token_hash FROM seats WHERE game_id = ?", (first["id"],)).fetchall())
    assert held == {0: hash_token(first["token"]), 1: placeholder(old, 1), 2: None}
    with server_thread(tmp_path) as base:

        async def come_back() -> None:
            async with Client(base, old, ada) as a, Client(base, old, bea) as b:
                again, hers = await offer(a), await offer(b)
                assert again["token"] == first["token"] and again["by"] == "Ada"  # games.rematch_by
                async with Client(base, first["id"], hers["token"]) as b2:
                    assert b2.frames[0]["seat"] == 1

        asyncio.run(come_back())


def test_no_rematch_before_the_end_nor_for_spectators_nor_for_a_diverged_game(tmp_path: Path) -> None:
    broken = played("broken", "verraeter", {}, 13, 3, 12)
    broken.actions[6] = "pass" if broken.actions[6] != "pass" else "take farmer"
    url = f"sqlite+aiosqlite:///{tmp_path / 'ludoteca.db'}"
    asyncio.run(build_legacy_database(url, [broken]))
    with server_thread(tmp_path, url) as base:
        made = create_game(base, "verraeter", HUMANS_AND_A_BOT)

        async def scenario() -> None:
            async with Client(base, made["id"], made["seats"][0]["token"]) as a, Client(base, made["id"]) as watcher:
                await a.send({"type": "rematch"})
                assert (await a.error())["code"] == "not_finished"
                await watcher.send({"type": "rematch"})
                assert (await watcher.error())["code"] == "spectator"
                await a.send({"type": "rematch", "seed": 1})
                assert (await a.error())["code"] == "malformed"
            async with Client(base, "broken", token("broken", 0)) as p:
                await p.send({"type": "rematch"})
                assert (await p.error())["code"] == "diverged"

        asyncio.run(scenario())
        assert rematches_of(tmp_path, made["id"]) == rematches_of(tmp_path, "broken") == []


def test_a_rematch_counts_as_a_new_game_of_the_proposers_address(tmp_path: Path) -> None:
    """Playing two-seat games to the end and proposing rematches made 263 games a minute from one address
    past a limit of 20 (issue #24, medium 5): a rematch is a creation of the proposer's address now. Once
    the address has made its games of the minute, its proposal is refused and nothing is stored."""
    with server_thread(tmp_path, creates_per_minute=3) as base:
        old, (ada, _bea) = finished_with_humans(base)
        while httpx.post(f"{base}/api/games", json={"game": "kreta", "seats": [{"kind": "human"}] * 2}).is_success:
            pass  # this address's new games of the minute, all made

        async def scenario() -> None:
            async with Client(base, old, ada) as a:
                await a.send({"type": "rematch"})
                refusal = await a.error()
                assert refusal["code"] == "too_many_games" and "address" in refusal["message"]
                assert not [m for m in a.frames if m["type"] == "rematch"]

        asyncio.run(scenario())
        assert rematches_of(tmp_path, old) == []


def _row(game_id: str) -> GameRow:
    return GameRow(game_id, "verraeter", {}, 1, None, None, time.time())


@pytest.mark.asyncio
async def test_concurrent_rematches_store_exactly_one(store: Store) -> None:
    """The store decides between clicks racing in separate transactions (SQLite and PostgreSQL)."""
    await store.create_game(_row("old"), [Seat(0, "Ada", "human", None, "h0")])
    await store.finish("old", {"scores": [1]})
    candidates = [f"new{i}" for i in range(8)]
    won = await asyncio.gather(
        *(
            store.create_rematch("old", _row(c), [Seat(0, "Ada", "human", None, placeholder("old", 0))])
            for c in candidates
        )
    )
    assert len(set(won)) == 1 and won[0] in candidates
    old = await store.load("old")
    assert old is not None and old.game.rematch == won[0]
    for c in candidates:
        loaded = await store.load(c)
        assert (loaded is not None) == (c == won[0])
    new = await store.load(won[0])
    assert new is not None and new.game.rematch_of == "old"
    await store.claim_seat(won[0], 0, placeholder("old", 0), "h1")
    await store.claim_seat(won[0], 0, placeholder("old", 0), "h2")  # claimed once: the second changes nothing
    new = await store.load(won[0])
    assert new is not None and new.seats[0].token_hash == "h1"
