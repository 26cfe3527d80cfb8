"""What one address could do to every table (issue #33), each reproduced and answered: frames full of unknown
fields, frames read whole far past the protocol's size, stored games replayed on the event loop, reviews
worded again at every read and queued without limit, a cheap bot waiting behind another table's search.

No test here measures time (``benchmarks/attack_floods.py`` does): each checks what the server does — a
frame refused before validation, a connection closed, a replay run in a thread, a load refused, a label
worded once, a bot's move made while every search worker is held."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from ludoteca.web.features import reviews
from ludoteca.web.hosting import jsonin
from ludoteca.web.hosting.limits import Inflow, RateLimit
from ludoteca.web.live import jobs, registry, workers
from ludoteca.web.protocol import incoming
from ludoteca.web.routes import review_api, table_session
from ludoteca.web.seatview import state

from serverkit import create_game, finished_game, server_thread

HUMANS = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]


def on_loop() -> bool:
    """Whether the calling thread runs an event loop (the server's), rather than being a worker thread."""
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


# ---------------------------------------------------------------------------------------------- finding 1


def test_a_frame_of_unknown_keys_is_refused_by_the_parser_before_validation(monkeypatch: pytest.MonkeyPatch) -> None:
    """2,700 one-letter unknown keys in a frame under 16 KiB: refused while parsing (the key count), never
    validated, parsed once, and the refusal still names the frame's ``id``."""
    parses: list[int] = []
    validations: list[Any] = []
    real_loads, real_validate = jsonin.loads, incoming.Chat.model_validate

    def counted_loads(data: str | bytes, *args: Any, **kwargs: Any) -> Any:
        parses.append(len(data))
        return real_loads(data, *args, **kwargs)

    def counted_validate(obj: Any, *args: Any, **kwargs: Any) -> Any:
        validations.append(obj)
        return real_validate(obj, *args, **kwargs)

    monkeypatch.setattr(incoming.jsonin, "loads", counted_loads)
    monkeypatch.setattr(incoming.Chat, "model_validate", counted_validate)
    keys = [f"{a}{b}" for a in "abcdefghijklmnopqrstuvwxyz" for b in "abcdefghijklmnopqrstuvwxyz0123456789"]
    frame = json.dumps({"id": 7, "type": "chat", "text": "hi", **{k: 0 for k in keys[:900]}}, separators=(",", ":"))
    assert len(frame) < 16 * 1024
    with pytest.raises(incoming.Malformed) as refused:
        incoming.parse(frame)
    assert "keys" in str(refused.value.detail)
    assert validations == [] and len(parses) == 1
    # the id comes from the same parse: a frame refused for a few unknown fields says it back
    few = json.dumps({"id": 7, "type": "chat", "text": "hi", "x": 1, "y": 2})
    with pytest.raises(incoming.Malformed) as refused:
        incoming.parse(few)
    assert refused.value.request == 7 and str(refused.value.detail) == "unknown field(s) of 'chat': x, y"
    assert validations == [] and len(parses) == 2
    # a good frame is validated as before
    assert isinstance(incoming.parse(json.dumps({"type": "chat", "text": "hi"})), incoming.Chat)
    assert len(validations) == 1


def test_the_key_cap_leaves_every_message_of_the_protocol_alone() -> None:
    """The largest message, a hello with every field and an id, and an action in its JSON form pass."""
    hello = {"type": "hello", "token": None, "lang": "de", "guide": True, "patches": True, "id": 3}
    assert isinstance(incoming.parse(json.dumps(hello)), incoming.Hello)
    action = {"type": "action", "version": 4, "action": {"kind": "supply", "cards": [3, 5]}, "id": 9}
    assert isinstance(incoming.parse(json.dumps(action)), incoming.Action)
    assert len(max(incoming.MODELS.values(), key=lambda m: len(m.model_fields)).model_fields) <= incoming.MAX_KEYS


def test_a_refused_frame_is_answered_with_its_id_over_the_socket(tmp_path: Path) -> None:
    """A frame with a few unknown fields is refused naming its ``id``; one of too many keys for any message
    is refused by the parser before it could be read (``request: null``, as for a frame that is not JSON)."""
    with server_thread(tmp_path) as base:
        made = create_game(base, "kreta", HUMANS)

        async def scenario() -> list[dict[str, Any]]:
            async with websockets.connect(base.replace("http", "ws") + f"/ws/{made['id']}") as ws:
                await ws.send(json.dumps({"type": "ping", "id": 11, "x": 1}))
                await ws.send(json.dumps({"type": "ping", "id": 12, **{f"k{i}": i for i in range(500)}}))
                return [json.loads(await asyncio.wait_for(ws.recv(), 20)) for _ in range(2)]

        answers = asyncio.run(scenario())
    refusals = [(a["type"], a["code"], a["request"]) for a in answers]
    assert refusals == [("error", "malformed", 11), ("error", "malformed", None)]


# ---------------------------------------------------------------------------------------------- finding 2


def test_oversized_frames_are_never_read_whole_and_a_few_close_the_connection(tmp_path: Path) -> None:
    """A frame over the most bytes a message of the limit can take is refused by the WebSocket library
    from its header (1009); frames over the limit but under that are answered ``too_large``, and the
    third closes the connection (4400)."""
    with server_thread(tmp_path, max_message=1024) as base:
        made = create_game(base, "kreta", HUMANS)
        url = base.replace("http", "ws") + f"/ws/{made['id']}"

        async def huge() -> int | None:
            async with websockets.connect(url, max_size=1 << 22) as ws:
                await ws.send("x" * (4 * 1024 + 1))
                with pytest.raises(websockets.exceptions.ConnectionClosed):
                    while True:
                        await asyncio.wait_for(ws.recv(), 20)
                return ws.close_code

        async def large() -> tuple[list[str], int | None]:
            codes = []
            async with websockets.connect(url) as ws:
                for _ in range(5):
                    with_closed = False
                    try:
                        await ws.send("x" * 2000)
                        codes.append(json.loads(await asyncio.wait_for(ws.recv(), 20))["code"])
                    except websockets.exceptions.ConnectionClosed:
                        with_closed = True
                    if with_closed:
                        break
                with pytest.raises(websockets.exceptions.ConnectionClosed):
                    await asyncio.wait_for(ws.recv(), 20)
                return codes, ws.close_code

        assert asyncio.run(huge()) == 1009
        codes, closed = asyncio.run(large())
    assert codes == ["too_large"] * 3 and closed == 4400


def test_reconnecting_after_a_refused_frame_waits_for_the_addresss_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A frame refused from its header counts against its address as the most it could have been, so the
    address's next connection is accepted only once its budget allows; another address's at once."""
    monkeypatch.setattr(table_session, "MAX_PAUSE", 5.0)  # the wait's cap, kept short for the server's exit
    with server_thread(tmp_path, forwarded_allow_ips="*", max_message=1024, socket_bytes_per_second=16) as base:
        made = create_game(base, "kreta", HUMANS)
        url = base.replace("http", "ws") + f"/ws/{made['id']}"

        def connect(address: str, wait: float) -> Any:
            return websockets.connect(url, additional_headers={"X-Forwarded-For": address}, open_timeout=wait)

        async def scenario() -> tuple[int | None, bool, str]:
            async with connect("10.1.0.1", 20) as ws:
                await ws.send("x" * 5000)  # over 4 x 1024 bytes: refused from its header
                with pytest.raises(websockets.exceptions.ConnectionClosed):
                    await asyncio.wait_for(ws.recv(), 20)
                refused = ws.close_code
            waited = False
            try:
                async with connect("10.1.0.1", 1.0):
                    pass
            except TimeoutError:
                waited = True  # not accepted within a second: the budget's wait is 5 s here
            async with connect("10.1.0.2", 20) as other:
                await other.send(json.dumps({"type": "ping"}))
                answer = json.loads(await asyncio.wait_for(other.recv(), 20))["type"]
            return refused, waited, answer

        assert asyncio.run(scenario()) == (1009, True, "pong")


def test_an_address_sending_more_than_its_bytes_a_second_waits_across_its_connections() -> None:
    """The budget is the address's, whatever the connection: the second socket of an address that spent it
    waits too, another address does not, and a wait is what the debt takes to refill."""
    now = [0.0]
    inflow = Inflow(rate=1000, burst=4000, clock=lambda: now[0])
    assert inflow.take("a", 3000) == 0.0
    assert inflow.take("a", 3000) == pytest.approx(2.0)  # 2000 bytes owed at 1000 a second
    assert inflow.take("b", 3000) == 0.0  # another address has its own
    now[0] = 2.0
    assert inflow.take("a", 500) == pytest.approx(0.5)
    now[0] = 100.0
    assert inflow.take("a", 4000) == 0.0  # refilled, never above the burst


# ---------------------------------------------------------------------------------------------- finding 3


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A data directory with four finished games and two games in progress (nobody connected)."""
    data_dir = tmp_path_factory.mktemp("floods")
    with server_thread(data_dir) as base:
        done = [finished_game(base, seed=s) for s in (4, 5, 6, 7)]
        going = [create_game(base, "kreta", HUMANS) for _ in range(2)]
    yield {"dir": data_dir, "done": done, "going": going}


def test_stored_games_are_loaded_off_the_event_loop_and_finished_ones_once(
    stored: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``/api/replay/ID/chat``, ``/api/review/ID``, a replay frame, ``/ws/ID`` and ``/api/my-games``: every
    replay of a stored game runs in a thread, and a finished game is replayed once for all of them."""
    replays: list[tuple[str, bool]] = []
    real = registry.match_from_stored

    def spy(game: Any) -> Any:
        replays.append((game.game.id, on_loop()))
        return real(game)

    monkeypatch.setattr(registry, "match_from_stored", spy)
    done, (first, second) = stored["done"][0], stored["going"]
    with server_thread(stored["dir"], max_live_games=1) as base:  # the games in progress are unloaded at start
        replays.clear()
        assert httpx.get(f"{base}/api/replay/{done}/chat", timeout=20).status_code == 200
        assert httpx.get(f"{base}/api/review/{done}", timeout=20).status_code == 200
        assert httpx.get(f"{base}/api/replay/{done}?n=1", timeout=20).status_code == 200
        assert httpx.get(f"{base}/replay/{done}", timeout=20).status_code == 200
        assert httpx.get(f"{base}/healthz", timeout=20).json()["games"] == 0  # none made live
        tokens = [first["seats"][0]["token"]]
        mine = httpx.post(f"{base}/api/my-games", json={"tokens": tokens}, timeout=20).json()["games"]
        assert [g["to_act"] >= 0 for g in mine] == [True]  # loaded to say whose turn it is

        async def hello() -> str:
            async with websockets.connect(base.replace("http", "ws") + f"/ws/{second['id']}") as ws:
                await ws.send(json.dumps({"type": "hello", "token": None}))
                while (message := json.loads(await asyncio.wait_for(ws.recv(), 20)))["type"] != "state":
                    pass
                return str(message["id"])

        assert asyncio.run(hello()) == second["id"]
    assert sorted(g for g, _ in replays) == sorted([done, first["id"], second["id"]])
    assert not any(looped for _, looped in replays)


def test_a_finished_table_opened_cold_is_drawn_off_the_event_loop(
    stored: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its first state's board and parts are drawn in a thread (11-12 ms each on the loop before), once per
    language; a second connection in the same language is sent the same drawing; a game in progress is
    drawn on the loop as before (its position moves: what a thread drew could be stale)."""
    drawn: list[tuple[str, bool]] = []
    real = state.board_svg

    def spy(view: Any, names: Any, tr: Any) -> Any:
        drawn.append((tr("Blue"), on_loop()))
        return real(view, names, tr)

    monkeypatch.setattr(state, "board_svg", spy)
    done, going = stored["done"][1], stored["going"][0]["id"]
    with server_thread(stored["dir"]) as base:

        async def first_state(game_id: str, lang: str) -> dict[str, Any]:
            async with websockets.connect(base.replace("http", "ws") + f"/ws/{game_id}", max_size=1 << 24) as ws:
                await ws.send(json.dumps({"type": "hello", "token": None, "lang": lang}))
                while (message := json.loads(await asyncio.wait_for(ws.recv(), 20)))["type"] != "state":
                    pass
                return dict(message)

        en = asyncio.run(first_state(done, "en"))
        assert drawn == [("Blue", False)]
        assert asyncio.run(first_state(done, "en"))["board_svg"] == en["board_svg"] and len(drawn) == 1
        assert asyncio.run(first_state(done, "de"))["result"] is not None
        assert drawn[1:] == [("Blau", False)]
        drawn.clear()
        assert asyncio.run(first_state(going, "en"))["result"] is None
        assert drawn == [("Blue", True)]


def test_cold_loads_are_limited_per_address(stored: dict[str, Any]) -> None:
    """Beyond ``--loads-per-minute``, a game that must be read from the store is refused (429, or the
    socket closed with 4429); what is in memory or kept is served as before."""
    a, b, c = stored["done"][:3]
    with server_thread(stored["dir"], loads_per_minute=2) as base:
        assert httpx.get(f"{base}/api/replay/{a}/chat", timeout=20).status_code == 200
        assert httpx.get(f"{base}/api/replay/{b}/chat", timeout=20).status_code == 200
        refused = httpx.get(f"{base}/api/replay/{c}/chat", timeout=20)
        assert refused.status_code == 429 and "too many games" in refused.json()["error"]
        assert httpx.get(f"{base}/api/review/{a}", timeout=20).status_code == 200  # kept: not a load

        async def opened() -> tuple[dict[str, Any], int | None]:
            async with websockets.connect(base.replace("http", "ws") + f"/ws/{c}") as ws:
                message = json.loads(await asyncio.wait_for(ws.recv(), 20))
                with pytest.raises(websockets.exceptions.ConnectionClosed):
                    await asyncio.wait_for(ws.recv(), 20)
                return message, ws.close_code

        message, code = asyncio.run(opened())
    assert message["code"] == "too_many_loads" and code == 4429


# ---------------------------------------------------------------------------------------------- findings 4, 6


class Held:
    """Reviews' searches held until the test lets them go (a job that waits on an event: STYLE.md 22)."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.real = reviews.judge

    def judge(self, *args: Any) -> Any:
        self.go.wait(60)
        return self.real(*args)


def test_a_done_reviews_words_are_made_once_per_language_and_its_reads_limited(
    stored: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    worded: list[str] = []
    real = review_api.in_words

    def spy(review: Any, record: Any, names: Any, tr: Any) -> Any:
        worded.append(tr("Blue"))
        return real(review, record, names, tr)

    monkeypatch.setattr(review_api, "in_words", spy)
    game_id = stored["done"][3]
    limits = {"review_reads_per_minute": 60, "review_reads_burst": 60}  # the minute's limit alone
    with server_thread(stored["dir"], review_iterations=4, **limits) as base:
        assert httpx.post(f"{base}/api/review/{game_id}", timeout=20).status_code == 202
        for _ in range(50):
            if httpx.get(f"{base}/api/review/{game_id}", timeout=20).json()["status"] == "done":
                break
            threading.Event().wait(0.5)
        answers = [httpx.get(f"{base}/api/review/{game_id}?lang={lang}", timeout=20) for lang in ("en", "de", "en")]
        assert all(a.status_code == 200 and a.json()["status"] == "done" for a in answers)
        assert answers[0].json() == answers[2].json() and answers[0].json() != answers[1].json()
        assert len(worded) == 2  # once in English, once in German, however often read

        async def at_once() -> list[int]:  # eight readers of a language not worded yet, all at the same time
            async with httpx.AsyncClient(timeout=20) as http:
                asked = [http.get(f"{base}/api/review/{game_id}?lang=fr") for _ in range(8)]
                return [a.status_code for a in await asyncio.gather(*asked)]

        assert asyncio.run(at_once()) == [200] * 8
        assert len(worded) == 3  # the first worded it; the seven others waited for it and found it kept
        statuses = [httpx.get(f"{base}/api/review/{game_id}", timeout=20).status_code for _ in range(61)]
    assert statuses[-1] == 429 and "done" not in str(statuses)


def test_a_minutes_replay_frames_cannot_all_come_at_once(stored: dict[str, Any]) -> None:
    """``--replay-frames-burst``: of the minute's frames, three at once, then 429 (issue #33, point 3: eight
    loops of one address were answered 29 frames a second, each a replay and a drawing). Twelve a minute,
    so that "at once" (the burst's share of the minute, 3/12 of it: 15 s) outlasts four frames on any
    machine — with 600 a minute it was 0.3 s, which four replays on a loaded one did not fit in."""
    done = stored["done"][2]
    settings = {"replay_frames_per_minute": 12, "replay_frames_burst": 3}
    with server_thread(stored["dir"], **settings) as base, httpx.Client(timeout=20) as http:
        asked = [http.get(f"{base}/api/replay/{done}?n={n}").status_code for n in range(4)]
        assert asked == [200, 200, 200, 429]


def test_a_minutes_reads_and_loads_cannot_all_come_at_once() -> None:
    """With a burst, at most that many of the minute's events in the same share of it: 120 review reads a
    minute, 10 at once, are at most 10 in any 5 s; the minute's count still holds."""
    now = [0.5]
    reads = RateLimit(120, 60.0, lambda: now[0], burst=10)
    assert [reads.allow("a") for _ in range(11)] == [True] * 10 + [False]
    assert reads.allow("b")  # another address has its own
    now[0] = 4.5
    assert not reads.allow("a")
    for share in range(1, 12):  # ten more each 5 s, never an eleventh
        now[0] = 5 * share + 0.5
        assert [reads.allow("a") for _ in range(11)] == [True] * 10 + [False]
    now[0] = 60.0
    assert not reads.allow("a")  # 120 in the last minute
    loose = RateLimit(2, 60.0, lambda: now[0], burst=30)  # a burst above the count is the count
    assert [loose.allow("a") for _ in range(3)] == [True, True, False]


def test_queued_reviews_are_limited_per_address_and_the_bound_is_exact(
    stored: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Requests arriving together never take more places than the queue has (they used to pass its check
    together, then queue), and one address takes at most its share."""
    held = Held()
    monkeypatch.setattr(reviews, "judge", held.judge)
    monkeypatch.setattr(reviews, "MAX_WAITING", 2)
    games_ = [*stored["done"][:3]]
    settings: dict[str, Any] = {"reviews_per_address": 1, "review_iterations": 2, "job_seconds": 120}
    try:
        with server_thread(stored["dir"], forwarded_allow_ips="*", **settings) as base:

            async def together(addresses: list[str]) -> list[int]:
                async with httpx.AsyncClient(timeout=20) as http:
                    answers = await asyncio.gather(
                        *(
                            http.post(f"{base}/api/review/{g}", headers={"X-Forwarded-For": a})
                            for g, a in zip(games_, addresses, strict=True)
                        )
                    )
                return [a.status_code for a in answers]

            first = asyncio.run(together(["10.0.0.1", "10.0.0.1", "10.0.0.1"]))
            assert sorted(first) == [202, 429, 429]  # one address, one place
            queued = first.index(202)
            others = [g for i, g in enumerate(games_) if i != queued]
            games_[:] = [*others, games_[queued]]
            second = asyncio.run(together(["10.0.0.2", "10.0.0.3", "10.0.0.4"]))
            # the review already queued answers its progress; of the two others exactly one finds a place
            assert sorted(second[:2]) == [202, 503] and second[2] == 202
            held.go.set()
    finally:
        held.go.set()


# ---------------------------------------------------------------------------------------------- finding 5


def test_a_quick_job_runs_while_every_search_worker_is_held() -> None:
    """The worker kept for quick jobs: a heuristic bot's move does not wait for the searches running."""
    pool = jobs.Workers(0, deadline=60)
    go = threading.Event()

    async def scenario() -> str:
        searches = [asyncio.create_task(pool.run(jobs.Kind.MOVE, go.wait, 60, address="x")) for _ in range(3)]
        await asyncio.sleep(0)
        quick = await asyncio.wait_for(pool.run(jobs.Kind.MOVE, str, "moved", address="y", quick=True), 30)
        assert pool.waiting() == 1 and not any(s.done() for s in searches)
        go.set()
        await asyncio.gather(*searches)
        return quick

    try:
        assert asyncio.run(scenario()) == "moved"
    finally:
        go.set()
        pool.close()


def test_a_game_of_heuristic_bots_finishes_while_search_bots_hold_every_worker(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    go = threading.Event()
    real = workers.choose

    def choose(spec: str, seed: int, view: Any, legal: Any) -> int:
        if spec.startswith(("ismcts", "reader")):
            go.wait(60)
        return real(spec, seed, view, legal)

    monkeypatch.setattr(workers, "choose", choose)
    try:
        with server_thread(tmp_path, max_bot_games=4) as base:
            for _ in range(2):
                create_game(base, "kreta", [{"kind": "bot", "bot": "reader:expert"}] * 3)
            done = finished_game(base)  # random bots: their moves take the quick worker
            assert httpx.get(f"{base}/api/games/{done}/record", timeout=20).status_code == 200
            assert httpx.get(f"{base}/healthz", timeout=20).json()["bot_games"] == 2  # the searches still held
            go.set()
    finally:
        go.set()
