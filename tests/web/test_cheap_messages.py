"""Cheap messages with large answers (issue #24, finding 8): a connection's messages are rated (all of
them, and more tightly those answered with a whole table), a seat's connection coming and going redraws
the other pages only once it has settled, and in a cluster a made-up token reloads and redraws nothing.

A rate is checked against the time the sending took: the bound a test asserts grows with the windows
the run spanned, so a slow machine weakens the test but never fails a correct server."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from pathlib import Path
from typing import Any

import pytest
import websockets

from ludoteca.web.live import room
from ludoteca.web.routes import table_session

from serverkit import Client, ServerProcess, create_game, server_thread

HUMANS = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]


def bound(rate: tuple[int, float], started: float) -> int:
    """The most messages ``rate`` lets through in the time since ``started`` (a sliding window)."""
    count, period = rate
    return count * (1 + int((time.monotonic() - started) / period))


async def until_pong(client: Client) -> list[dict[str, Any]]:
    """Everything the client receives up to the answer to a ping (states may still follow it)."""
    await client.send({"type": "ping"})
    received = []
    while (message := await client.recv())["type"] != "pong":
        received.append(message)
    return received


def kinds(frames: list[dict[str, Any]], kind: str) -> int:
    return sum(1 for f in frames if f["type"] == kind)


def test_hellos_one_connection_may_send(tmp_path: Path, database_url: str) -> None:
    """A loop of hellos (each answered with a whole table and 200 chat lines) gets at most the whole-table
    rate answered; the rest are dropped, with one ``too_fast`` error, and the connection stays."""
    with server_thread(tmp_path, database_url) as base:
        made = create_game(base, "kreta", HUMANS)

        async def scenario() -> None:
            started = time.monotonic()
            async with Client(base, made["id"]) as watcher:
                for _ in range(30):
                    await watcher.send({"type": "hello", "token": None})
                limit = bound(table_session.WHOLE_RATE, started)
                answered = await until_pong(watcher)
                frames = watcher.frames
                assert kinds(frames, "welcome") <= limit < 31, kinds(frames, "welcome")
                assert kinds(frames, "chat_history") <= limit
                errors = [m["code"] for m in answered if m["type"] == "error"]
                assert errors and set(errors) == {"too_fast"}
                assert watcher.ws.close_code is None

        asyncio.run(scenario())


def test_small_messages_one_connection_may_send(tmp_path: Path, database_url: str) -> None:
    with server_thread(tmp_path, database_url) as base:
        made = create_game(base, "kreta", HUMANS)

        async def scenario() -> None:
            async with Client(base, made["id"]) as watcher:
                started = time.monotonic()
                for _ in range(400):
                    await watcher.send({"type": "ping"})
                limit = bound(table_session.MESSAGE_RATE, started)
                await watcher.until(lambda m: m["type"] == "error" and m["code"] == "too_fast")
                await asyncio.sleep(0.5)  # the pongs of the pings let through, if any are still coming
                pongs = kinds(watcher.frames, "pong")
                assert 0 < pongs <= limit < 400, pongs

        asyncio.run(scenario())


def test_a_token_toggled_between_seat_and_spectator_redraws_the_others_once_settled(
    tmp_path: Path, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each hello moving a page between its seat and the spectators changed the seat's "connected" dot,
    and used to redraw every other page at once; now the others are redrawn once it settles, and not at
    all if it ends as it began.

    The settling is held by the test (:func:`ludoteca.web.live.room.settle`) until every hello has been
    served, so the count does not depend on how fast this machine sends them."""
    gate, settled = threading.Event(), threading.Event()

    async def held() -> None:  # the pause, until the test lets it end (then the redraw follows at once)
        while not gate.is_set():
            await asyncio.sleep(0.005)
        settled.set()

    monkeypatch.setattr(room, "settle", held)

    async def release() -> None:
        """Let the pending settling end, and wait until it has (its redraw is made in the same step)."""
        settled.clear()
        gate.set()
        await asyncio.to_thread(settled.wait)
        gate.clear()

    with server_thread(tmp_path, database_url) as base:
        made = create_game(base, "kreta", HUMANS)
        token = made["seats"][0]["token"]

        async def scenario() -> None:
            async with Client(base, made["id"], token) as ada, Client(base, made["id"]) as watcher:
                await release()  # ada's arrival, drawn whole in the watcher's first state already
                for i in range(8):  # within the whole-table rate: each is served
                    await ada.send({"type": "hello", "token": None if i % 2 == 0 else token})
                assert kinds(await until_pong(ada), "error") == 0
                await until_pong(watcher)
                assert kinds(watcher.frames, "state") == 1  # nothing redrawn while it has not settled
                await release()
                await until_pong(watcher)
                await until_pong(watcher)  # a state drawn before the first pong has arrived by now
                assert kinds(watcher.frames, "state") == 1  # it ended as it began: nobody redrawn
                assert watcher.state is not None and watcher.state["seats"][0]["connected"]

                await ada.send({"type": "hello", "token": None})  # now it ends otherwise: ada watches
                await until_pong(ada)
                await until_pong(watcher)
                assert kinds(watcher.frames, "state") == 1
                await release()
                await until_pong(watcher)
                await until_pong(watcher)
                assert kinds(watcher.frames, "state") == 2  # one redraw, once settled
                assert not watcher.state["seats"][0]["connected"]

        asyncio.run(scenario())


def test_a_made_up_token_reloads_and_redraws_nothing_in_a_cluster(pair: tuple[ServerProcess, ServerProcess]) -> None:
    """On a process that is not the game's first, an unknown token could be a seat another process has just
    given, so a bad token reloaded the game from the store and redrew every page there; now only a token
    the store knows for this game does."""
    a, b = pair
    made = create_game(a.base, "kreta", HUMANS)

    async def scenario() -> None:
        async with Client(b.base, made["id"]) as watcher:
            url = b.base.replace("http://", "ws://") + f"/ws/{made['id']}"
            async with websockets.connect(url) as ws:
                for i in range(5):
                    await ws.send(json.dumps({"type": "hello", "token": f"made-up-{i}"}))
                    answer = json.loads(await ws.recv())
                    assert answer["type"] == "error" and answer["code"] == "bad_token"
            await until_pong(watcher)
            await until_pong(watcher)
            assert kinds(watcher.frames, "state") == 1, [f["type"] for f in watcher.frames]
            async with Client(b.base, made["id"], made["seats"][1]["token"]) as bo:  # a real one still works
                assert bo.state is not None and bo.state["seat"] == 1

    asyncio.run(scenario())
