"""The server's limits (issue #13), each on a real server with real clients and answered clearly:
game creations per address, live games in memory, bot-only games, connections per address and per
table, a client that stops reading; and N connections costing O(N) redraws."""

from __future__ import annotations

import asyncio
import itertools
import json
import socket
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from websockets.exceptions import ConnectionClosed

from serverkit import Client, ServerProcess, create_game, finished_game, run, server_thread, until_connections

HUMANS = [{"kind": "human"}, {"kind": "human"}]


def health(base: str) -> dict[str, Any]:
    return dict(httpx.get(f"{base}/healthz", timeout=10).json())


async def refused(url: str) -> tuple[dict[str, Any], int | None, str]:
    """The error message a refused socket gets, and its close code and reason."""
    async with websockets.connect(url) as ws:
        message = json.loads(await ws.recv())
        with pytest.raises(ConnectionClosed):
            await ws.recv()
        assert ws.close_code is not None
        return message, ws.close_code, ws.close_reason or ""


def test_game_creations_per_address_per_minute(tmp_path: Path, database_url: str) -> None:
    """The issue created 1,000 games in 33 s; now the fourth within a minute gets HTTP 429."""
    with server_thread(tmp_path, database_url, creates_per_minute=3) as base:
        for _ in range(3):
            create_game(base, "kreta", HUMANS)
        response = httpx.post(f"{base}/api/games", json={"game": "kreta", "seats": HUMANS})
        assert response.status_code == 429
        assert "too many new games" in response.json()["error"]
        assert health(base)["games"] == 3


@pytest.mark.parametrize("trusted", [None, "127.0.0.1"])
def test_the_client_address_comes_from_a_proxy_only_when_trusted(
    tmp_path: Path, database_url: str, trusted: str | None
) -> None:
    """Behind a reverse proxy every request comes from the proxy: only when the host names it as trusted
    (``--forwarded-allow-ips``) does ``X-Forwarded-For`` tell clients apart; a client cannot forge it."""
    with server_thread(tmp_path, database_url, forwarded_allow_ips=trusted, creates_per_minute=1) as base:
        codes = [
            httpx.post(
                f"{base}/api/games", json={"game": "kreta", "seats": HUMANS}, headers={"X-Forwarded-For": address}
            ).status_code
            for address in ("203.0.113.1", "203.0.113.2")
        ]
        assert codes == ([201, 429] if trusted is None else [201, 201])


def test_idle_games_are_unloaded_and_reloaded(tmp_path: Path, database_url: str) -> None:
    with server_thread(tmp_path, database_url, max_live_games=2) as base:
        first, _second, _third = (create_game(base, "kreta", HUMANS) for _ in range(3))
        assert health(base)["games"] == 2 and health(base)["unloaded"] == 1

        async def scenario() -> None:
            tokens = [s["token"] for s in first["seats"]]
            async with Client(base, first["id"], tokens[0]) as a, Client(base, first["id"], tokens[1]) as b:
                assert a.state is not None and a.state["id"] == first["id"]
                mover = a if a.state["to_act"] == 0 else b
                assert mover.state is not None and mover.state["legal"]
                await mover.act(mover.state["legal"][0]["text"])
                await a.until_version(1)

        run(scenario())
        assert health(base)["games"] == 2 and health(base)["unloaded"] == 2


def test_live_games_in_use_are_never_unloaded(tmp_path: Path, database_url: str) -> None:
    """A room with a connection, or a running turn timer in a game someone joined, stays: the limit refuses
    the next game instead."""
    with server_thread(tmp_path, database_url, max_live_games=2) as base:
        timed = create_game(base, "kreta", HUMANS, turn_seconds=600)
        watched = create_game(base, "kreta", HUMANS)

        async def scenario() -> None:
            async with Client(base, timed["id"], timed["seats"][0]["token"]):
                pass  # joined: from now on its timer keeps it
            async with Client(base, watched["id"]):
                response = httpx.post(f"{base}/api/games", json={"game": "kreta", "seats": HUMANS})
                assert response.status_code == 503 and "live games" in response.json()["error"]
            # the watched room is idle again, once the server has seen its one connection close
            await asyncio.to_thread(until_connections, base, 0)
            third = create_game(base, "kreta", HUMANS)
            async with Client(base, third["id"]):
                url = base.replace("http", "ws") + f"/ws/{watched['id']}"  # stored, but no room for it
                message, code, reason = await refused(url)
                assert message["code"] == "server_full" and code == 4503 and "busy" in reason
                assert httpx.get(f"{base}/g/{watched['id']}").status_code == 503
            assert (await _state_of(base, timed["id"]))["deadline"] is not None

        run(scenario())


async def _state_of(base: str, game_id: str) -> dict[str, Any]:
    async with Client(base, game_id) as c:
        assert c.state is not None
        return c.state


def test_games_of_bots_only_at_once(tmp_path: Path, database_url: str) -> None:
    bots = [{"kind": "bot", "bot": "random"}] * 2
    with server_thread(tmp_path, database_url, max_bot_games=1, bot_delay=1.0) as base:
        create_game(base, "kreta", bots)
        response = httpx.post(f"{base}/api/games", json={"game": "kreta", "seats": bots})
        assert response.status_code == 503 and "bots only" in response.json()["error"]
        create_game(base, "kreta", HUMANS)  # games with people are not limited by it


def test_connections_per_address_and_per_table(tmp_path: Path, database_url: str) -> None:
    with server_thread(tmp_path, database_url, connections_per_address=3, connections_per_game=2) as base:
        one, two = create_game(base, "kreta", HUMANS), create_game(base, "kreta", HUMANS)
        ws = base.replace("http", "ws")

        async def scenario() -> None:
            async with Client(base, one["id"]), Client(base, one["id"]):
                message, code, reason = await refused(f"{ws}/ws/{one['id']}")
                assert (message["code"], code) == ("table_full", 4413) and "connections" in reason
                async with Client(base, two["id"]):
                    message, code, reason = await refused(f"{ws}/ws/{two['id']}")
                    assert (message["code"], code) == ("too_many_connections", 4429) and "address" in reason

        async def again() -> None:
            async with Client(base, two["id"]):  # closed connections are given back
                pass

        run(scenario())
        until_connections(base, 0)
        run(again())


def test_a_client_that_does_not_read_is_disconnected_and_others_play_on(tmp_path: Path, database_url: str) -> None:
    """The issue's slow reader grew an unbounded queue; now its queue is bounded and it is cut off,
    while at another table a bot goes on answering. (The server runs in its own process, so the
    flooding client does not share an interpreter with it.)"""
    url_arg = None if database_url.startswith("sqlite") else database_url
    server = ServerProcess(tmp_path, url_arg, args=("--outbox-limit", "20")).start()
    base = server.base
    try:
        quiet = create_game(base, "verraeter", [{"kind": "human"}] * 3)
        game = create_game(base, "kreta", [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}], seed=1)
        url = base.replace("http", "ws") + f"/ws/{quiet['id']}"
        flooded = asyncio.Event()

        async def flood() -> int:
            # a small receive buffer and max_queue=1: the client stops reading from the network almost at
            # once, and the kernel holds little of what the server sends it. The flood goes on until the
            # server cuts it off (answers are rate-limited, so how soon that is depends on the buffers)
            sock = socket.create_connection(("127.0.0.1", int(base.rsplit(":", 1)[1])))
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            async with websockets.connect(url, sock=sock, max_queue=1, max_size=1 << 24) as ws:
                await ws.send(json.dumps({"type": "hello", "token": quiet["seats"][0]["token"]}))
                with pytest.raises(ConnectionClosed):
                    for i in itertools.count():
                        await ws.send(json.dumps({"type": "sync" if i % 2 else "ping"}))
                        if i % 100 == 0:
                            await asyncio.sleep(0.001)
                        if i == 2000:
                            flooded.set()
                return i

        async def play() -> int:
            moves = 0
            async with Client(base, game["id"], game["seats"][0]["token"]) as player:
                state = await player.until_state(lambda m: m["to_act"] in (0, -1))
                while state["to_act"] == 0 and moves < 5:
                    await player.act(state["legal"][0]["text"])
                    state = await player.until(
                        lambda m, v=state["version"]: m["type"] == "state" and m["version"] > v and m["to_act"] != 1,
                        timeout=10,
                    )
                    moves += 1
            return moves

        async def scenario() -> None:
            flooding = asyncio.create_task(asyncio.wait_for(flood(), 180))
            await flooded.wait()
            assert await play() >= 1
            await flooding

        run(scenario())
        until_connections(base, 0)  # the flooder was cut off and its place given back
    finally:
        server.stop()


@pytest.mark.parametrize("count", [40])
def test_n_hellos_cost_o_of_n_redraws(tmp_path: Path, database_url: str, count: int) -> None:
    """Every hello used to redraw every connection (300 sockets on one seat took 17 s to open); now
    another connection of an already connected seat, or a spectator, redraws only itself."""
    with server_thread(tmp_path, database_url) as base:
        made = create_game(base, "kreta", HUMANS)
        token = made["seats"][0]["token"]

        async def scenario() -> None:
            clients = [Client(base, made["id"], token if i % 2 else None) for i in range(count)]
            for c in clients:
                await c.__aenter__()
            await asyncio.sleep(0.5)  # any redraws still to come
            renders = health(base)["renders"]
            for c in clients:
                await c.__aexit__()
            # each its own first state, plus one redraw of the others when seat 0 became connected
            assert renders <= 2 * count, renders

        run(scenario())


def test_an_ipv6_client_is_one_address_per_64_network(tmp_path: Path, database_url: str) -> None:
    """An IPv6 client is usually given a whole /64 network: keyed on its full address it had no limit at
    all (issue #24, low 12); each /64 now counts as one address. IPv4 (also written as IPv6) as before."""
    with server_thread(tmp_path, database_url, forwarded_allow_ips="127.0.0.1", creates_per_minute=1) as base:

        def create(address: str) -> int:
            body = {"game": "kreta", "seats": HUMANS}
            headers = {"X-Forwarded-For": address}
            return httpx.post(f"{base}/api/games", json=body, headers=headers, timeout=10).status_code

        assert [create(a) for a in ("2001:db8:1:2::1", "2001:db8:1:2:ffff:abcd:1:9", "2001:db8:1:3::1")] == [
            201,
            429,
            201,
        ]
        assert [create(a) for a in ("203.0.113.7", "::ffff:203.0.113.7", "203.0.113.8")] == [201, 429, 201]


def test_the_record_of_a_finished_game_is_limited_per_address_and_cached(tmp_path: Path) -> None:
    """``GET /api/games/ID/record`` loaded and replayed a finished game on the event loop (80–100 ms) for
    anyone, as often as asked (issue #24, low 11). Now a record is read from the store without becoming a
    live game, built off the event loop and kept: asking again costs nothing, and only what must be read
    from the store counts against ``--records-per-minute``."""
    with server_thread(tmp_path) as base:
        game_id = finished_game(base)
        served = httpx.get(f"{base}/api/games/{game_id}/record", timeout=10).json()
    with server_thread(tmp_path, records_per_minute=2) as base:  # restarted: the finished game is not live
        assert health(base)["games"] == 0
        for _ in range(5):
            response = httpx.get(f"{base}/api/games/{game_id}/record", timeout=10)
            assert response.status_code == 200 and response.json() == served
        assert health(base)["games"] == 0  # not loaded to answer
        assert httpx.get(f"{base}/api/games/no-such-game/record", timeout=10).status_code == 404
        refused = httpx.get(f"{base}/api/games/nor-this-one/record", timeout=10)
        assert refused.status_code == 429 and "too many records" in refused.json()["error"]
        assert httpx.get(f"{base}/api/games/{game_id}/record", timeout=10).status_code == 200  # kept
