"""Untrusted input at the web boundary: nested JSON, names, strictly typed fields (issue #13, point 3).

One real server serves the whole module (every test creates its own games, and none changes another's);
each finding is sent the way an attacker would send it, over real HTTP and real WebSockets.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from serverkit import Client, create_game, run, server_thread

TWO = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}]


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with server_thread(Path(tmp_path_factory.mktemp("input")), creates_per_minute=1000) as url:
        yield url


def post(base: str, path: str, content: str) -> httpx.Response:
    return httpx.post(base + path, content=content, headers={"content-type": "application/json"}, timeout=10)


# ---------------------------------------------------------------- nesting


@pytest.mark.parametrize("path", ["/api/games", "/api/my-games"])
@pytest.mark.parametrize("opener", ["[", '{"a":'])
def test_deeply_nested_bodies_get_a_clear_400_never_a_500(base: str, path: str, opener: str) -> None:
    response = post(base, path, opener * 5000)
    assert response.status_code == 400, response.text
    assert "nest" in response.json()["error"]
    assert "Traceback" not in response.text


def test_nesting_inside_strings_does_not_count(base: str) -> None:
    name = "[" * 30
    made = create_game(base, "kreta", [{"kind": "human", "name": name}, {"kind": "human"}])
    assert made["seats"][0]["name"] == name


def test_a_deeply_nested_frame_is_refused_and_the_connection_kept(base: str) -> None:
    made = create_game(base, "kreta", TWO)

    async def scenario() -> None:
        async with Client(base, made["id"], made["seats"][0]["token"]) as ada:
            deep = json.loads("[" * 30 + "1" + "]" * 30)
            frames = ("[" * 10_000, '{"type":' * 1500, json.dumps({"type": "action", "version": 0, "action": deep}))
            for frame in frames:
                await ada.send(frame)
                error = await ada.error()
                assert error["code"] == "malformed" and "nest" in error["message"], error
            await ada.send({"type": "ping"})
            assert (await ada.until(lambda m: m["type"] in ("pong", "error")))["type"] == "pong"

    run(scenario())


@pytest.mark.parametrize(
    "content, words",
    [
        ('{"game": "kreta", "seats": [], "seed": NaN}', "JSON"),
        ('{"game": "kreta", "seats": [], "seed": Infinity}', "JSON"),
        ('{"game": "kreta", "game": "verraeter", "seats": []}', "twice"),
    ],
)
def test_json_that_python_would_bend_is_refused(base: str, content: str, words: str) -> None:
    response = post(base, "/api/games", content)
    assert response.status_code == 400 and words in response.json()["error"], response.text


# ---------------------------------------------------------------- names


def names_of(base: str, names: list[Any]) -> list[str]:
    made = create_game(base, "verraeter", [{"kind": "human", "name": n} for n in names])
    return [s["name"] for s in made["seats"]]


def test_names_are_cleaned_by_the_server(base: str) -> None:
    dirty = [
        "A\x00da",  # NUL
        "\u202eaeB\u202c",  # right-to-left override ... pop
        "C\u200by\u2060",  # zero-width space, word joiner
        "  Dan \t\n  the   Bold  ",  # whitespace collapsed
    ]
    assert names_of(base, dirty) == ["Ada", "aeB", "Cy", "Dan the Bold"]
    assert names_of(base, ["Cafe\u0301", "x", "y"]) == ["Caf\u00e9", "x", "y"]  # NFC


def test_a_name_empty_after_cleaning_gets_the_seats_default(base: str) -> None:
    assert names_of(base, ["\u200b\u202e", " ", None]) == ["Brown", "Blue", "Green"]


@pytest.mark.parametrize(
    "name", ["Ada (you)", "Ada (YOU)", "Ada(you)", "Ada (tu)", "Ada (vous)", "Ada [du]", "Ada\uff08you\uff09", "(you)"]
)
def test_a_name_cannot_end_in_the_own_seat_marker_of_any_language(base: str, name: str) -> None:
    response = post(
        base, "/api/games", json.dumps({"game": "kreta", "seats": [{"kind": "human", "name": name}, {"kind": "human"}]})
    )
    assert response.status_code == 400, response.text
    assert "seat 1" in response.json()["error"]


@pytest.mark.parametrize(
    "pair", [("Ada", "Ada"), ("Ada", "ada"), ("Ada", "A\u200bda"), ("Ada", "\uff21da"), ("Brown", None)]
)
def test_two_seats_cannot_share_a_name(base: str, pair: tuple[Any, Any]) -> None:
    seats = [{"kind": "human", "name": pair[1]}, {"kind": "human", "name": pair[0]}, {"kind": "human"}]
    response = post(base, "/api/games", json.dumps({"game": "verraeter", "seats": seats}))
    assert response.status_code == 400, response.text
    assert "same name" in response.json()["error"]


def test_names_are_capped_in_length(base: str) -> None:
    assert names_of(base, ["x" * 40, "y", "z"])[0] == "x" * 40
    response = post(
        base, "/api/games", json.dumps({"game": "kreta", "seats": [{"kind": "human", "name": "x" * 41}] * 2})
    )
    assert response.status_code == 400 and "40" in response.json()["error"]


# ---------------------------------------------------------------- strict types over HTTP


def create(base: str, **fields: Any) -> httpx.Response:
    body = {"game": "verraeter", "seats": [{"kind": "human"}] * 3, **fields}
    return post(base, "/api/games", json.dumps(body))


@pytest.mark.parametrize(
    "options",
    [
        {"builder_places_kontor": "yes"},
        {"builder_places_kontor": "on"},
        {"builder_places_kontor": 1},
        {"builder_places_kontor": None},
        {"edition": "2008"},
        {"edition": 2008.0},
        {"hand_limit": True},
        {"draw_cap": "3"},
        {"draw_cap": "none"},
        {"edition": [2008]},
    ],
)
def test_options_are_strictly_typed(base: str, options: dict[str, Any]) -> None:
    response = create(base, options=options)
    assert response.status_code == 400, (options, response.text)
    assert next(iter(options)) in response.json()["error"]


def test_kreta_boolean_option_refuses_yes(base: str) -> None:
    body = {"game": "kreta", "seats": TWO, "options": {"abbot_blocks_passing": "yes"}}
    response = post(base, "/api/games", json.dumps(body))
    assert response.status_code == 400 and "true or false" in response.json()["error"]


def test_well_typed_options_are_taken(base: str) -> None:
    response = create(base, options={"edition": 1998, "hand_limit": 6, "draw_cap": None, "builder_places_kontor": True})
    assert response.status_code == 201, response.text


@pytest.mark.parametrize(
    "fields, words",
    [
        ({"seed": True}, "seed"),
        ({"seed": 1.0}, "seed"),
        ({"seed": 10**30}, "seed"),
        ({"seed": "12"}, "seed"),
        ({"turn_seconds": False}, "timer"),
        ({"turn_seconds": 0.0}, "timer"),
        ({"turn_seconds": 60.5}, "timer"),
        ({"turn_seconds": "60"}, "timer"),
        ({"seats": [{"kind": "human", "name": False}] * 3}, "name"),
        ({"seats": [{"kind": "human", "name": 7}] * 3}, "name"),
        ({"seats": [{"kind": "human", "nick": "x"}] * 3}, "nick"),
        ({"options": None}, "options"),
        ({"game": ["kreta"]}, "game"),
    ],
)
def test_every_create_field_is_strictly_typed(base: str, fields: dict[str, Any], words: str) -> None:
    response = create(base, **fields)
    assert response.status_code == 400, (fields, response.text)
    assert words in response.json()["error"]


def test_a_huge_integer_is_refused_not_computed(base: str) -> None:
    response = post(base, "/api/games", '{"game": "kreta", "seats": [], "seed": ' + "9" * 5000 + "}")
    assert response.status_code == 400 and "Traceback" not in response.text


@pytest.mark.parametrize(
    "body, words",
    [
        ({"tokens": [1]}, "tokens"),
        ({"tokens": ["x"], "more": 1}, "more"),
        ({"tokens": ["x" * 300]}, "tokens"),
        ({}, "tokens"),
    ],
)
def test_my_games_is_strictly_typed(base: str, body: Any, words: str) -> None:
    response = post(base, "/api/my-games", json.dumps(body))
    assert response.status_code == 400 and words in response.json()["error"], response.text


# ---------------------------------------------------------------- strict types over the WebSocket


@pytest.mark.parametrize(
    "message",
    [
        {"type": "action", "version": True, "action": "stop"},
        {"type": "action", "version": 0.0, "action": "stop"},
        {"type": "action", "version": 10**30, "action": "stop"},
        {"type": "action", "version": -1, "action": "stop"},
        {"type": "action", "version": 0, "action": 5},
        {"type": "action", "version": 0, "action": "stop", "extra": 1},
        {"type": "hello", "token": 5},
        {"type": "hello", "token": None, "lang": 5},
        {"type": "hello", "token": None, "lang": {"x": 1}},
        {"type": "hello", "token": None, "patches": "yes"},
        {"type": "hello", "token": None, "patches": 1},
        {"type": "lang", "lang": None},
        {"type": "ping", "now": 1},
        {"type": 5},
    ],
)
def test_every_message_field_is_strictly_typed(base: str, message: dict[str, Any]) -> None:
    made = create_game(base, "kreta", TWO)

    async def scenario() -> None:
        async with Client(base, made["id"], made["seats"][0]["token"]) as ada:
            version = ada.state["version"] if ada.state else 0
            await ada.send(message)
            error = await ada.error()
            assert error["code"] == "malformed", (message, error)
            await ada.send({"type": "sync"})
            state = await ada.until(lambda m: m["type"] == "state")
            assert state["version"] == version and state["seat"] == 0

    run(scenario())


def test_the_pages_own_messages_are_still_accepted(base: str) -> None:
    made = create_game(base, "kreta", TWO)
    url = base.replace("http", "ws") + f"/ws/{made['id']}"

    async def scenario() -> None:
        async with websockets.connect(url) as ws:
            for message in (
                {"type": "hello", "token": None, "lang": "de"},
                {"type": "hello", "token": made["seats"][1]["token"], "lang": "it"},
                {"type": "hello", "token": made["seats"][1]["token"], "lang": "it", "patches": True},
                {"type": "lang", "lang": "fr"},
                {"type": "sync"},
                {"type": "ping"},
            ):
                await ws.send(json.dumps(message))
            seen: set[str] = set()
            while "pong" not in seen:
                reply = json.loads(await asyncio.wait_for(ws.recv(), 10))
                assert reply["type"] != "error", reply
                seen.add(reply["type"])

    run(scenario())


def test_an_action_in_json_form_nested_deeply_is_refused_and_the_connection_kept(base: str) -> None:
    made = create_game(base, "kreta", TWO)
    tokens = [s["token"] for s in made["seats"]]

    async def scenario() -> None:
        async with Client(base, made["id"], tokens[0]) as ada, Client(base, made["id"], tokens[1]) as bea:
            assert ada.state is not None
            me = ada if ada.state["to_act"] == 0 else bea
            await me.until_version(0)
            await me.act('{"kind":' + "[" * 1990)
            error = await me.error()
            assert error["code"] == "malformed" and "nest" in error["message"], error
            await me.send({"type": "ping"})
            assert (await me.until(lambda m: m["type"] in ("pong", "error")))["type"] == "pong"

    run(scenario())


@pytest.mark.parametrize("game", ["verraeter", "kreta"])
def test_markup_in_a_name_reaches_the_pages_only_as_text(base: str, game: str) -> None:
    """The board and hand SVGs are drawn with innerHTML, so a name in them must arrive escaped (the seat
    list and the log are drawn as text nodes)."""
    evil = '<img src=x onerror="alert(1)">&'
    seats = [{"kind": "human", "name": evil}, {"kind": "human"}] + [{"kind": "human"}] * (game == "verraeter")
    made = create_game(base, game, seats)
    assert made["seats"][0]["name"] == evil  # kept as typed: it is text, and text is harmless

    async def scenario() -> None:
        async with Client(base, made["id"], made["seats"][0]["token"]) as ada:
            state = ada.state
            assert state is not None and state["seats"][0]["name"] == evil
            svgs = [v for v in state.values() if isinstance(v, str) and "<svg" in v]
            assert svgs and not any("<img" in svg for svg in svgs)

    run(scenario())
