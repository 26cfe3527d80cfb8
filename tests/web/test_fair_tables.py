"""One client cannot hurt the other tables through its own (issue #24, the table side): a game whose people
left is a game of bots only and counts against the limit of those; worker time goes first to the address
that has used least of it; a seat taken back keeps its turn's deadline; a timed game nobody joined does not
pin a live room; only a seat's guide slows its table's bots.

Slow things are slow by construction here — a bot delay of an hour, bot jobs waiting on a semaphore the
test releases one at a time, a fake clock — never measured."""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
import pytest_asyncio

from ludoteca.web.features import lobby
from ludoteca.web.language import i18n
from ludoteca.web.live import workers
from ludoteca.web.live.bots import GUIDED_PACE
from ludoteca.web.live.connection import Connection
from ludoteca.web.live.front import Tables
from ludoteca.web.live.jobs import Workers
from ludoteca.web.play.match import MatchError
from ludoteca.web.protocol.requests import CreateGame
from ludoteca.web.storage.store import Store

from serverkit import Client, create_game, run, server_thread

HUMANS = [{"kind": "human"}, {"kind": "human"}]
HOUR = 3600.0


def health(base: str) -> dict[str, Any]:
    return dict(httpx.get(f"{base}/healthz", timeout=10).json())


def until(condition: Callable[[], bool], timeout: float = 30.0) -> None:
    """Wait for ``condition()`` (the server's thread works meanwhile); fail if it never holds."""
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "condition not met in time"
        time.sleep(0.02)


def create_from(base: str, address: str, game: str, seats: list[dict[str, Any]], **extra: Any) -> httpx.Response:
    """A creation from ``address`` (the server trusts 127.0.0.1 as its proxy)."""
    body = {"game": game, "seats": seats, **extra}
    return httpx.post(f"{base}/api/games", json=body, headers={"X-Forwarded-For": address}, timeout=10)


async def leave(base: str, game_id: str, token: str) -> None:
    """The seat's owner hands it to its bot and goes."""
    async with Client(base, game_id, token) as player:
        seat = player.state["seat"] if player.state else -1
        await player.send({"type": "leave"})
        await player.until_state(lambda m: m["seats"][seat]["autoplay"])


# ------------------------------------------------------------------ bots only (medium 1)


def test_a_game_whose_people_left_counts_as_a_game_of_bots_only(tmp_path: Path, database_url: str) -> None:
    """The issue's bypass: the limit counted seats of kind ``bot``, and a human seat handed to its bot
    (``leave``, or a short timer nobody answers) was not one. The bots wait an hour: nothing finishes."""
    bots = [{"kind": "bot", "bot": "random"}] * 2
    with server_thread(tmp_path, database_url, max_bot_games=1, bot_delay=HOUR) as base:
        made = create_game(base, "kreta", [{"kind": "human"}, {"kind": "bot", "bot": "ismcts:hard"}])
        run(leave(base, made["id"], made["seats"][0]["token"]))
        response = httpx.post(f"{base}/api/games", json={"game": "kreta", "seats": bots})
        assert response.status_code == 503 and "bots only" in response.json()["error"]
        assert health(base)["bot_games"] == 1


def test_games_that_become_bots_only_beyond_the_limit_wait_for_a_place(tmp_path: Path, database_url: str) -> None:
    """A second game left to its bots waits in line (its bots do not move, its room may be unloaded) and
    gets the place once the first is a game of people again."""
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "ismcts:hard"}]
    with server_thread(tmp_path, database_url, max_bot_games=1, bot_delay=HOUR) as base:
        first, second = create_game(base, "kreta", seats), create_game(base, "kreta", seats)
        run(leave(base, first["id"], first["seats"][0]["token"]))
        run(leave(base, second["id"], second["seats"][0]["token"]))
        assert (health(base)["bot_games"], health(base)["bot_games_waiting"]) == (1, 1)

        async def take_back() -> None:
            async with Client(base, first["id"], first["seats"][0]["token"]) as player:
                await player.send({"type": "take_back"})
                await player.until_state(lambda m: not m["seats"][0]["autoplay"])

        run(take_back())
        assert (health(base)["bot_games"], health(base)["bot_games_waiting"]) == (1, 0)


def test_one_addresss_bot_jobs_do_not_hold_up_another_tables_bot(
    tmp_path: Path, database_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Eight games of hard bots from one address fill both workers and the queue (each of their jobs waits
    until the test lets it go); a bot move of a game from another address, queued after them, gets the
    first worker that frees — not the one after the attacker's six queued jobs and their next moves. (The
    victim's bot searches: a quick bot's move would not queue for these workers at all, test_floods.py.)"""
    gate = threading.Semaphore(0)
    opened = threading.Event()
    started: list[str] = []
    real = workers.choose

    def choose(spec: str, seed: int, view: Any, legal: Any) -> int:
        if spec != "ismcts:hard":
            started.append("victim")
            return real(spec, seed, view, legal)
        started.append("attacker")
        if not opened.is_set():
            gate.acquire()
        return 0

    monkeypatch.setattr(workers, "choose", choose)
    hard = [{"kind": "bot", "bot": "ismcts:hard"}] * 2
    settings = {"max_bot_games": 20, "job_seconds": HOUR, "forwarded_allow_ips": "127.0.0.1"}
    with server_thread(tmp_path, database_url, **settings) as base:
        try:
            for _ in range(8):
                assert create_from(base, "203.0.113.7", "kreta", hard).status_code == 201
            until(lambda: started.count("attacker") == 2 and health(base)["jobs_waiting"] == 6)
            victim = create_from(base, "198.51.100.1", "kreta", [{"kind": "bot", "bot": "ismcts:easy"}] * 2)
            assert victim.status_code == 201
            until(lambda: health(base)["jobs_waiting"] == 7)
            while "victim" not in started:
                ran = len(started)
                gate.release()  # one attacker job ends; its worker goes to the next job in line
                until(lambda ran=ran: len(started) > ran)
            assert started.index("victim") == 2, started
        finally:
            opened.set()
            for _ in range(100):
                gate.release()


# ------------------------------------------------------------------ the turn's deadline (medium 3)


def test_leave_and_take_back_keep_the_turns_deadline(tmp_path: Path, database_url: str) -> None:
    """The issue held a 10 s timer for 45 s by leaving and taking back on its own turn, each time for the
    whole time again. (The bot waits an hour: it never plays the turn meanwhile.)"""
    with server_thread(tmp_path, database_url, bot_delay=HOUR) as base:
        made = create_game(base, "kreta", HUMANS, turn_seconds=600)

        async def scenario() -> None:
            async with Client(base, made["id"]) as watcher:
                assert watcher.state is not None
                seat = watcher.state["to_act"]
                deadline = watcher.state["deadline"]
            assert deadline is not None
            async with Client(base, made["id"], made["seats"][seat]["token"]) as player:
                for _ in range(3):
                    await player.send({"type": "leave"})
                    await player.until_state(lambda m: m["seats"][seat]["autoplay"] and m["deadline"] is None)
                    await player.send({"type": "take_back"})
                    state = await player.until_state(lambda m: not m["seats"][seat]["autoplay"])
                    assert state["deadline"] == deadline

        run(scenario())


class FakeClock:
    def __init__(self) -> None:
        self.now = time.time()

    def __call__(self) -> float:
        return self.now


@pytest_asyncio.fixture
async def slow_bot_tables(store: Store) -> AsyncIterator[tuple[Tables, FakeClock, list[float]]]:
    """Tables on a fake clock whose bots pause on a fake sleep that records its seconds and never ends."""
    clock, pauses = FakeClock(), []
    never = asyncio.Event()

    async def sleep(seconds: float) -> None:
        pauses.append(seconds)
        await never.wait()

    pool = Workers(0, 10.0)
    made = Tables(store, pool, bot_delay=1.0, clock=clock, sleep=sleep)
    try:
        yield made, clock, pauses
    finally:
        await made.close()
        pool.close()


def request(seats: list[dict[str, Any]], **extra: Any) -> lobby.NewGame:
    return lobby.new_game(CreateGame.model_validate({"game": "kreta", "seats": seats, "seed": 6, **extra}))


@pytest.mark.asyncio
async def test_a_seat_whose_time_ran_out_is_the_bots_for_that_turn(
    slow_bot_tables: tuple[Tables, FakeClock, list[float]],
) -> None:
    """Past the deadline the turn is the bot's: taking the seat back then is refused until the bot has
    played, or leave / take back / timer would hand the turn back and forth and the bot never move."""
    tables, clock, _pauses = slow_bot_tables
    room = await tables.create(request(HUMANS, turn_seconds=2 * 24 * 3600))  # no timer held yet
    seat, deadline = room.match.to_act(), room.deadline
    assert deadline is not None and room.timer is None
    clock.now = deadline + 1  # two days later, the sweep comes
    tables.arm_timers()
    for _ in range(100):
        if room.match.seats[seat].autoplay:
            break
        await asyncio.sleep(0.01)
    assert room.match.seats[seat].autoplay
    with pytest.raises(MatchError) as refused:
        await tables.set_autoplay(room, seat, False)
    assert refused.value.code == "time_up"
    assert room.match.seats[seat].autoplay and room.match.version == 0


# ------------------------------------------------------------------ rooms nobody joined (medium 6)


def test_timed_games_nobody_joined_do_not_fill_the_server(tmp_path: Path, database_url: str) -> None:
    """A game with a near turn timer was never idle, so never unloaded: games created and never opened
    filled ``--max-live-games``. Now its timer pins a room only once a seat has been joined, and an
    unloaded game keeps the deadline it had."""
    with server_thread(tmp_path, database_url, max_live_games=2) as base:
        first = create_game(base, "kreta", HUMANS, turn_seconds=60)
        tokens = {"tokens": [first["seats"][0]["token"]]}
        deadline = httpx.post(f"{base}/api/my-games", json=tokens).json()["games"][0]["deadline"]
        assert deadline is not None
        for _ in range(3):
            create_game(base, "kreta", HUMANS, turn_seconds=60)
        assert health(base)["games"] == 2 and health(base)["unloaded"] == 2

        async def scenario() -> None:
            async with Client(base, first["id"], first["seats"][0]["token"]) as player:
                assert player.state is not None and player.state["deadline"] == deadline
            # joined once, its timer pins it: one more room for the newest game, none for a third
            create_game(base, "kreta", HUMANS, turn_seconds=60)
            joined = create_game(base, "kreta", HUMANS, turn_seconds=60)
            async with Client(base, joined["id"], joined["seats"][0]["token"]):
                pass
            response = httpx.post(f"{base}/api/games", json={"game": "kreta", "seats": HUMANS, "turn_seconds": 60})
            assert response.status_code == 503 and "live games" in response.json()["error"]

        run(scenario())


# ------------------------------------------------------------------ the guide's pace (low 9)


class Quiet:
    async def send_text(self, data: str) -> None:
        pass


@pytest.mark.asyncio
@pytest.mark.parametrize("watching", [True, False])
async def test_only_a_seats_guide_slows_its_tables_bots(
    slow_bot_tables: tuple[Tables, FakeClock, list[float]], watching: bool
) -> None:
    """A spectator's ``guide: true`` tripled the bot delay at any table; a seat's still does."""
    tables, _clock, pauses = slow_bot_tables
    room = await tables.create(request([{"kind": "human"}, {"kind": "bot", "bot": "random"}]))
    guided = Connection(Quiet(), "en", i18n.translator("en"))
    guided.guide = True
    room.connections.add(guided)
    room.seat_connection(guided, -1 if watching else 0)
    if room.match.to_act() == 0:
        legal = room.match.state.legal_actions()
        await tables.act(room, 0, room.match.version, legal[0].to_text())
    for _ in range(100):
        if pauses:
            break
        await asyncio.sleep(0.01)
    assert pauses == [1.0 if watching else GUIDED_PACE]
