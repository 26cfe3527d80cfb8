"""The chat of a table served by several processes (issue #24, finding 10): its limits and its numbers
are the database's, not each process's.

Two ``ludoteca serve`` processes on one PostgreSQL, a seat with a page on each: what one process lets
a sender say counts on the other (5 messages in 10 s, not 5 on each), no message is refused for a
number another process took (``storage``), every page gets every message once, in order, and two
spectators on two processes never speak under the same number. A rate is checked against the time the
sending took (the bound grows with the windows the run spanned), so a slow machine never fails it."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import psycopg
import pytest
from test_chat import _stored_game

from ludoteca.web.features import chat
from ludoteca.web.features.cluster import conninfo
from ludoteca.web.storage.errors import ChatRefused
from ludoteca.web.storage.schema import ChatLimits
from ludoteca.web.storage.store import Store

from serverkit import Client, ServerProcess, create_game

HUMANS = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]


@pytest.mark.asyncio
async def test_the_store_numbers_and_limits_a_game_s_chat(store: Store) -> None:
    """Limits, numbers and spectators' numbers come from the stored lines, checked in the transaction that
    stores the next one; messages stored at once (on PostgreSQL, on connections of their own) each get
    their own number."""
    await _stored_game(store)
    limits = ChatLimits(lines=6, spectator_lines=5, rate=(2, 10.0), spectators_rate=(3, 10.0))

    async def say(seat: int | None, name: str | None, at: float) -> tuple[int, str]:
        line = await store.add_chat("g1", seat, name, ("text", f"at {at}"), 0, limits, at)
        return line.n, line.name

    assert await say(0, "Ada", 100.0) == (0, "Ada")
    assert await say(0, "Ada", 101.0) == (1, "Ada")
    with pytest.raises(ChatRefused) as refused:
        await say(0, "Ada", 102.0)
    assert refused.value.code == "chat_too_fast"
    assert await say(0, "Ada", 111.0) == (2, "Ada")  # the window has passed
    assert await say(None, None, 112.0) == (3, "1")  # a spectator's first message: the next number
    assert await say(None, None, 112.5) == (4, "2")
    with pytest.raises(ChatRefused) as refused:
        await say(None, "1", 113.0)
    assert refused.value.code == "chat_full"  # 5 lines: spectators stop first
    assert await say(1, "Bea", 113.0) == (5, "Bea")
    with pytest.raises(ChatRefused) as refused:
        await say(1, "Bea", 114.0)
    assert refused.value.code == "chat_full"
    total, rows = await store.load_chat("g1")
    assert total == 6 and [r.n for r in rows] == list(range(6))

    await _stored_game(store, "g2")
    roomy = ChatLimits(lines=100, spectator_lines=100, rate=(100, 10.0), spectators_rate=(100, 10.0))
    lines = await asyncio.gather(
        *(store.add_chat("g2", i % 2, "x", ("text", str(i)), 0, roomy, 200.0) for i in range(12)),
        *(store.add_chat("g2", None, None, ("text", "s"), 0, roomy, 200.0) for _ in range(4)),
    )
    assert sorted(line.n for line in lines) == list(range(16))
    assert sorted(line.name for line in lines if line.seat is None) == ["1", "2", "3", "4"]


def stored(url: str, game_id: str) -> list[tuple[int, int | None, str]]:
    with psycopg.connect(conninfo(url)) as conn:
        rows = conn.execute("SELECT n, seat, name FROM chat WHERE game_id = %s ORDER BY n", (game_id,)).fetchall()
    return [(n, seat, name) for n, seat, name in rows]


def chat_frames(client: Client) -> list[dict[str, Any]]:
    """The messages the page got one by one (not its history), in the order they came."""
    return [f["message"] for f in client.frames if f["type"] == "chat"]


async def settle(client: Client, count: int) -> None:
    """Until the page holds ``count`` messages (from its history and one by one), then one ping more."""
    while True:
        numbers = {m["n"] for m in chat_frames(client)}
        for frame in client.frames:
            if frame["type"] == "chat_history":
                numbers.update(m["n"] for m in frame["messages"])
        if len(numbers) >= count:
            break
        await client.recv()
    await client.send({"type": "ping"})
    await client.until(lambda m: m["type"] == "pong")


def test_a_seat_on_two_processes_shares_one_rate_and_one_numbering(
    pair: tuple[ServerProcess, ServerProcess], postgres_url: str
) -> None:
    a, b = pair
    made = create_game(a.base, "kreta", HUMANS)
    token = made["seats"][0]["token"]
    count, _period = chat.RATE

    async def scenario() -> None:
        async with Client(a.base, made["id"], token) as on_a, Client(b.base, made["id"], token) as on_b:
            started = time.monotonic()
            await asyncio.gather(
                *(page.send({"type": "chat", "text": f"{i}"}) for i in range(count * 2) for page in (on_a, on_b))
            )
            limit = count * (1 + int((time.monotonic() - started) / chat.RATE[1]))
            for page in (on_a, on_b):
                await page.send({"type": "ping"})
                await page.until(lambda m: m["type"] == "pong")
            rows = stored(postgres_url, made["id"])
            assert count <= len(rows) <= limit, rows
            assert [n for n, _seat, _name in rows] == list(range(len(rows)))
            for page in (on_a, on_b):
                await settle(page, len(rows))
                numbers = [m["n"] for m in chat_frames(page)]
                assert numbers == list(range(len(rows))), numbers  # each once, in order
                codes = {f["code"] for f in page.frames if f["type"] == "error"}
                assert codes <= {"chat_too_fast"}, codes  # never "storage"

    asyncio.run(scenario())


def test_spectators_on_two_processes_get_their_own_numbers_and_share_one_crowd_rate(
    pair: tuple[ServerProcess, ServerProcess], postgres_url: str
) -> None:
    a, b = pair
    made = create_game(a.base, "kreta", HUMANS)
    crowd, _period = chat.SPECTATORS_RATE

    async def scenario() -> None:
        pages = [Client(server.base, made["id"]) for server in (a, b, a, b)]
        for page in pages:
            await page.__aenter__()
        try:
            await pages[0].send({"type": "chat", "text": "first on a"})
            await settle(pages[1], 1)
            await pages[1].send({"type": "chat", "text": "first on b"})
            await settle(pages[0], 2)
            names = {name for _n, _seat, name in stored(postgres_url, made["id"])}
            assert names == {"1", "2"}, names
            started = time.monotonic()
            applause = {"type": "chat", "emote": "applause"}
            await asyncio.gather(*(page.send(applause) for page in pages for _ in range(4)))
            limit = crowd * (1 + int((time.monotonic() - started) / chat.SPECTATORS_RATE[1]))
            for page in pages:
                await page.send({"type": "ping"})
                await page.until(lambda m: m["type"] == "pong")
            rows = stored(postgres_url, made["id"])
            assert len(rows) <= limit, rows
            assert {name for _n, _seat, name in rows} <= {"1", "2", "3", "4"}  # four spectators at most
        finally:
            for page in pages:
                await page.__aexit__()

    asyncio.run(scenario())
