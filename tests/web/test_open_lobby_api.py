"""The open lobby and slow games over real HTTP (issue #18 points 5 and 6): creating a public game,
listing it, taking its open seats (concurrently too), every bad input answered clearly, and "your games"
telling where it is your turn with the time left."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

from serverkit import Client, create_game, server_thread

DAY = 24 * 3600


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    limits: dict[str, Any] = {"creates_per_minute": 1000, "seats_per_minute": 1000, "public_games_per_address": 1000}
    with server_thread(Path(tmp_path_factory.mktemp("open")), **limits) as url:
        yield url


def public_game(base: str, **extra: Any) -> dict[str, Any]:
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "open"}, {"kind": "bot", "bot": "random"}]
    return create_game(base, "kreta", seats, public=True, **{"turn_seconds": DAY, **extra})


def listed(base: str, lang: str = "en") -> dict[str, dict[str, Any]]:
    response = httpx.get(f"{base}/api/open-games", params={"lang": lang}, timeout=10)
    assert response.status_code == 200, response.text
    return {g["id"]: g for g in response.json()["games"]}


def take(base: str, game_id: str, seat: Any, body: Any = None, **kwargs: Any) -> httpx.Response:
    url = f"{base}/api/open-games/{game_id}/seats/{seat}"
    if body is None:
        return httpx.post(url, timeout=10, **kwargs)
    return httpx.post(url, json=body, timeout=10, **kwargs)


def test_a_public_game_is_listed_joined_and_then_leaves_the_list(base: str) -> None:
    made = public_game(base, turn_seconds=2 * DAY)
    assert [s.get("token") is not None for s in made["seats"]] == [True, False, False]  # no link for an open seat
    entry = listed(base)[made["id"]]
    assert entry["free"] == [1] and entry["turn_seconds"] == 2 * DAY and entry["title"] == "Kreta"
    assert [s["kind"] for s in entry["seats"]] == ["human", "open", "bot"]
    assert entry["seats"][0]["name"] == "Ada" and entry["rules"]
    assert listed(base, "de")[made["id"]]["rules"] != entry["rules"]  # the options, in the reader's language
    answer = take(base, made["id"], 1, {"name": "Bea"})
    assert answer.status_code == 200, answer.text
    got = answer.json()
    assert got["seat"] == 1 and got["name"] == "Bea" and got["link"] == f"/g/{made['id']}#t={got['token']}"
    assert made["id"] not in listed(base)  # full: no longer waiting
    again = take(base, made["id"], 1, {"name": "Cy"})
    assert again.status_code == 409 and "no longer waiting" in again.json()["error"]

    async def play() -> None:
        async with Client(base, made["id"], got["token"]) as bea:
            assert bea.state is not None and bea.state["seat"] == 1
            assert bea.state["seats"][1]["name"] == "Bea" and bea.state["open_seats"] == []
            assert bea.state["deadline"] is not None or bea.state["to_act"] != 0

    asyncio.run(play())


def test_nothing_moves_until_the_open_seats_are_taken(base: str) -> None:
    made = public_game(base)

    async def scenario() -> None:
        async with Client(base, made["id"], made["seats"][0]["token"]) as ada:
            assert ada.state is not None and ada.state["open_seats"] == [1] and ada.state["legal"] == []
            await ada.act("pass")
            assert (await ada.error())["code"] == "waiting"
            bea = take(base, made["id"], 1).json()  # no name: the seat keeps its colour
            assert bea["name"] == made["seats"][1]["name"]
            state = await ada.until(lambda m: m["type"] == "state" and m["open_seats"] == [])
            assert state["seats"][1]["kind"] == "human"

    asyncio.run(scenario())


def test_two_people_clicking_the_same_seat_one_gets_it(base: str) -> None:
    made = public_game(base)
    with ThreadPoolExecutor(6) as pool:
        answers = list(pool.map(lambda i: take(base, made["id"], 1, {"name": f"P{i}"}), range(6)))
    codes = sorted(a.status_code for a in answers)
    assert codes == [200] + [409] * 5, [a.text for a in answers]
    assert all(
        "taken" in a.json()["error"] or "no longer" in a.json()["error"] for a in answers if a.status_code == 409
    )


def test_private_games_are_never_listed_nor_taken(base: str) -> None:
    made = create_game(base, "kreta", [{"kind": "human"}, {"kind": "human"}])
    assert made["id"] not in listed(base)
    assert take(base, made["id"], 1).status_code == 404
    assert take(base, "no-such-game", 0).status_code == 404


@pytest.mark.parametrize(
    ("seat", "body", "status", "words"),
    [
        ("7", None, 400, "no seat 7"),
        ("x", None, 400, "no seat x"),
        ("-1", None, 400, "no seat -1"),
        ("0", None, 409, "taken"),
        ("2", None, 409, "taken"),
        ("1", {"nick": "x"}, 400, "unknown field(s): nick"),
        ("1", {"name": 3}, 400, "a name is text"),
        ("1", {"name": "x" * 41}, 400, "at most 40 characters"),
        ("1", {"name": "ada"}, 400, "another seat of this game is called 'ada'"),
        ("1", [1], 400, "JSON object"),
    ],
)
def test_bad_takings_get_clear_errors(base: str, seat: str, body: Any, status: int, words: str) -> None:
    made = public_game(base)
    answer = take(base, made["id"], seat, body)
    assert answer.status_code == status, answer.text
    assert words in answer.json()["error"]
    assert made["id"] in listed(base)  # nothing was taken


@pytest.mark.parametrize(
    ("extra", "seats", "words"),
    [
        ({"public": True}, [{"kind": "human"}, {"kind": "human"}], "needs at least one open seat"),
        ({}, [{"kind": "human"}, {"kind": "open"}], "open seats are for public games"),
        ({"public": "yes"}, [{"kind": "human"}, {"kind": "open"}], "'public' must be true or false"),
        ({"public": True, "turn_seconds": 14 * DAY + 1}, [{"kind": "open"}] * 2, "(14 days)"),
    ],
)
def test_bad_public_games_are_refused(base: str, extra: dict[str, Any], seats: Any, words: str) -> None:
    answer = httpx.post(f"{base}/api/games", json={"game": "kreta", "seats": seats, **extra}, timeout=10)
    assert answer.status_code == 400, answer.text
    assert words in answer.json()["error"]


def test_taking_seats_is_rate_limited(tmp_path: Path) -> None:
    with server_thread(tmp_path, seats_per_minute=2) as url:
        made = public_game(url)
        assert [take(url, made["id"], 0).status_code for _ in range(2)] == [409, 409]
        refused = take(url, made["id"], 1)
        assert refused.status_code == 429 and "a minute" in refused.json()["error"]


def test_your_games_show_your_turn_with_the_time_left_soonest_first(base: str) -> None:
    humans = [{"kind": "human"}, {"kind": "human"}]
    slow = create_game(base, "kreta", humans, seed=6, turn_seconds=2 * DAY)
    slower = create_game(base, "kreta", humans, seed=6, turn_seconds=5 * DAY)
    tokens = [s["token"] for g in (slow, slower) for s in g["seats"]]
    response = httpx.post(f"{base}/api/my-games", json={"tokens": tokens}, timeout=10)
    games = [g for g in response.json()["games"] if g["your_turn"]]
    assert {g["id"] for g in games} == {slow["id"], slower["id"]}
    left = {g["id"]: g["deadline"] - time.time() for g in games}
    assert left[slow["id"]] == pytest.approx(2 * DAY, abs=60)
    assert left[slower["id"]] == pytest.approx(5 * DAY, abs=60)
