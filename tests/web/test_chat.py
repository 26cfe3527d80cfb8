"""The table's chat through real WebSocket clients: stored before it is sent, sent to everyone at the
table, given back on (re)connection, bounded in length, rate and total, and refused clearly when wrong."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest

from ludoteca.web.features import chat
from ludoteca.web.play.seat import Seat
from ludoteca.web.storage.schema import ChatRow, GameRow
from ludoteca.web.storage.store import Store

from serverkit import Client, create_game, play_out, run, server_thread

TWO_HUMANS = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}]


@pytest.fixture
def base(tmp_path: Path, database_url: str) -> Any:
    with server_thread(tmp_path, database_url) as url:
        yield url


def is_chat(message: dict[str, Any]) -> bool:
    return message["type"] == "chat"


async def history(client: Client) -> dict[str, Any]:
    """The ``chat_history`` its hello brought (the client's __aenter__ waited for the state only)."""
    for frame in client.frames:
        if frame["type"] == "chat_history":
            return frame
    return await client.until(lambda m: m["type"] == "chat_history")


def test_players_and_spectators_chat_and_a_reconnection_gets_the_history(base: str) -> None:
    made = create_game(base, "kreta", TWO_HUMANS)
    ada_token = made["seats"][0]["token"]

    async def scenario() -> None:
        async with Client(base, made["id"], ada_token) as ada, Client(base, made["id"]) as watcher:
            assert (await history(ada))["messages"] == []
            await ada.send({"type": "chat", "text": "  hello\n\tthere \u202eevil\u200b "})
            said = (await watcher.until(is_chat))["message"]
            assert said == {
                "n": 0,
                "seat": 0,
                "name": "Ada",
                "kind": "text",
                "text": "hello there evil",
                "at": said["at"],
                "after_action": 0,
            }
            assert (await ada.until(is_chat))["message"] == said  # the sender sees what was stored
            await watcher.send({"type": "chat", "emote": "good_game"})
            emote = (await ada.until(is_chat))["message"]
            assert (emote["seat"], emote["name"], emote["kind"], emote["text"]) == (None, "1", "emote", "good_game")
            await watcher.send({"type": "chat", "text": "<img src=x onerror=alert(1)>"})
            html = (await ada.until(is_chat))["message"]
            assert html["text"] == "<img src=x onerror=alert(1)>" and html["name"] == "1"  # the same spectator
        async with Client(base, made["id"], ada_token) as again:
            got = await history(again)
            assert [m["n"] for m in got["messages"]] == [0, 1, 2] and got["total"] == 3
            assert all("token" not in json.dumps(m) for m in got["messages"])
            assert ada_token not in json.dumps(got)

    run(scenario())


@pytest.mark.parametrize(
    "bad, code",
    [
        ({"type": "chat"}, "malformed"),
        ({"type": "chat", "text": "a", "emote": "gg"}, "malformed"),
        ({"type": "chat", "text": 5}, "malformed"),
        ({"type": "chat", "text": None, "emote": None}, "malformed"),
        ({"type": "chat", "text": ["a"]}, "malformed"),
        ({"type": "chat", "text": "hi", "seat": 1}, "malformed"),
        ({"type": "chat", "emote": "rocket"}, "chat_emote"),
        ({"type": "chat", "emote": 1}, "malformed"),
        ({"type": "chat", "text": ""}, "chat_empty"),
        ({"type": "chat", "text": " \u200b\u202e\n\x00 "}, "chat_empty"),
        ({"type": "chat", "text": "x" * 301}, "chat_too_long"),
        ({"type": "chat", "text": "x" * 5000}, "chat_too_long"),
        ({"type": "chat", "text": "x" * 20_000}, "too_large"),  # (past 64 KiB the socket closes: test_floods.py)
    ],
)
def test_bad_chat_messages_are_refused_to_the_sender_only(base: str, bad: dict[str, Any], code: str) -> None:
    made = create_game(base, "kreta", TWO_HUMANS)

    async def scenario() -> None:
        async with Client(base, made["id"], made["seats"][0]["token"]) as ada, Client(base, made["id"]) as watcher:
            await ada.send(bad)
            error = await ada.error()
            assert error["code"] == code and error["message"]
            await ada.send({"type": "chat", "text": "x" * 300})  # the longest message passes, and is the next
            assert (await watcher.until(is_chat))["message"]["n"] == 0
            assert not any(f["type"] == "error" for f in watcher.frames)

    run(scenario())


def test_before_hello_nobody_chats(base: str) -> None:
    made = create_game(base, "kreta", TWO_HUMANS)

    async def scenario() -> None:
        import websockets

        async with websockets.connect(base.replace("http", "ws") + f"/ws/{made['id']}") as ws:
            await ws.send(json.dumps({"type": "chat", "text": "hi"}))
            assert json.loads(await ws.recv())["code"] == "hello_first"

    run(scenario())


def test_flooding_is_refused_per_seat_and_for_the_spectators_together(base: str) -> None:
    made = create_game(base, "kreta", TWO_HUMANS)
    ada_token = made["seats"][0]["token"]

    async def scenario() -> None:
        async with Client(base, made["id"], ada_token) as ada, Client(base, made["id"], ada_token) as ada2:
            for i in range(chat.RATE[0]):
                await (ada if i % 2 else ada2).send({"type": "chat", "text": f"m{i}"})
                await ada.until(lambda m, i=i: is_chat(m) and m["message"]["n"] == i)
            await ada.send({"type": "chat", "text": "one too many"})  # the seat's two pages share its rate
            assert (await ada.error())["code"] == "chat_too_fast"
            watchers = [Client(base, made["id"]) for _ in range(3)]
            for w in watchers:
                await w.__aenter__()
            try:
                codes = []
                for _ in range(chat.RATE[0]):
                    for w in watchers:
                        await w.send({"type": "chat", "emote": "thumbs_up"})
                for w in watchers:
                    await w.send({"type": "ping"})
                    while (m := await w.recv())["type"] != "pong":
                        if m["type"] == "error":
                            codes.append(m["code"])
                assert codes.count("chat_crowded") == 3 * chat.RATE[0] - chat.SPECTATORS_RATE[0], codes
            finally:
                for w in watchers:
                    await w.__aexit__()
            await ada.send({"type": "ping"})
            await ada.until(lambda m: m["type"] == "pong")
            said = [f["message"]["n"] for f in ada.frames if f["type"] == "chat"]
            assert said == list(range(chat.RATE[0] + chat.SPECTATORS_RATE[0]))

    run(scenario())
    assert httpx.get(f"{base}/healthz").json()["status"] == "ok"


async def _stored_game(store: Store, game_id: str = "g1") -> None:
    row = GameRow(id=game_id, game="kreta", options={}, seed=1, start_player=None, turn_seconds=None, created=1.0)
    await store.create_game(row, [Seat(0, "Ada", "human", None, "h0"), Seat(1, "Bea", "human", None, "h1")])


@pytest.mark.asyncio
async def test_the_store_keeps_the_chat_in_order_and_numbers_each_message_once(store: Store) -> None:
    from ludoteca.web.storage.errors import StoreError
    from ludoteca.web.storage.schema import ChatLimits

    await _stored_game(store)
    roomy = ChatLimits(lines=100, spectator_lines=100, rate=(100, 1.0), spectators_rate=(100, 1.0))
    for n in range(5):
        seat = None if n % 2 else 0
        name = "Ada" if seat == 0 else None  # a spectator without a number gets the game's next
        added = await store.add_chat("g1", seat, name, ("text", f"m{n}"), n // 2, roomy, 10.0 + n)
        assert added.n == n
    total, rows = await store.load_chat("g1", 3)
    assert total == 5 and [r.text for r in rows] == ["m2", "m3", "m4"]
    assert rows[1].seat is None and rows[1].after_action == 1
    assert (await store.load_chat("g1"))[1][0] == ChatRow(0, 0, "Ada", "text", "m0", 10.0, 0)
    assert await store.load_chat("nope") == (0, [])
    with pytest.raises(StoreError):
        await store.add_chat("nope", 0, "Ada", ("text", "x"), 0, roomy, 1.0)


def test_a_full_chat_is_refused_and_spectators_stop_first(base: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(chat, "MAX_LINES", 3)
    monkeypatch.setattr(chat, "SPECTATOR_LINES", 2)
    made = create_game(base, "kreta", TWO_HUMANS)

    async def scenario() -> None:
        async with Client(base, made["id"], made["seats"][1]["token"]) as bea, Client(base, made["id"]) as watcher:
            await watcher.send({"type": "chat", "text": "one"})
            await bea.send({"type": "chat", "text": "two"})
            await bea.until(lambda m: is_chat(m) and m["message"]["n"] == 1)
            await watcher.send({"type": "chat", "text": "three"})
            assert (await watcher.error())["code"] == "chat_full"
            await bea.send({"type": "chat", "emote": "applause"})  # the players' reserve
            assert (await bea.until(is_chat))["message"]["n"] == 2
            await bea.send({"type": "chat", "emote": "applause"})
            error = await bea.error()
            assert error["code"] == "chat_full" and "full" in error["message"]

    run(scenario())


def test_the_replay_has_the_chat_of_a_finished_game_only(base: str) -> None:
    made = create_game(base, "kreta", [TWO_HUMANS[0], {"kind": "bot", "bot": "random"}], seed=7)
    game_id = made["id"]
    first: list[int] = []

    async def scenario() -> None:
        import random

        async with Client(base, game_id, made["seats"][0]["token"]) as ada:
            await ada.send({"type": "chat", "emote": "thinking"})
            first.append((await ada.until(is_chat))["message"]["after_action"])
            assert httpx.get(f"{base}/api/replay/{game_id}/chat").status_code == 403
            await play_out({0: ada}, random.Random(1), moves=3)
            await ada.send({"type": "chat", "text": "later"})
            later = (await ada.until(is_chat))["message"]
            assert later["after_action"] > 0
            await play_out({0: ada}, random.Random(2))

    run(scenario())
    answer = httpx.get(f"{base}/api/replay/{game_id}/chat")
    assert answer.status_code == 200
    said = answer.json()["messages"]
    assert [(m["kind"], m["text"]) for m in said] == [("emote", "thinking"), ("text", "later")]
    assert said[0]["after_action"] == first[0] < said[1]["after_action"]
    assert httpx.get(f"{base}/api/replay/nosuchgame/chat").status_code == 404
    assert "error" in httpx.get(f"{base}/api/replay/nosuchgame/chat?lang=de").json()
