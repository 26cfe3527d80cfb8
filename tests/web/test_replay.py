"""The replay viewer over HTTP: a finished game's frames, refusals while a game is on, uploaded records."""

from __future__ import annotations

import asyncio
import json
import socket
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from serverkit import create_game, finished_game, server_thread

RANDOM_BOT = {"kind": "bot", "bot": "random"}


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with server_thread(tmp_path_factory.mktemp("replay")) as url:
        yield url


@pytest.fixture(scope="module")
def game_id(base: str) -> str:
    return finished_game(base)


def frame(base: str, game_id: str, **params: Any) -> httpx.Response:
    return httpx.get(f"{base}/api/replay/{game_id}", params=params, timeout=20)


def test_a_finished_games_frames_step_through_it(base: str, game_id: str) -> None:
    record = httpx.get(f"{base}/api/games/{game_id}/record").json()
    total = len(record["actions"])
    first = frame(base, game_id, n=0).json()
    assert first["type"] == "frame" and first["n"] == 0 and first["total"] == total and first["over"]
    assert first["legal"] == [] and first["result"] is None and "<svg" in first["board_svg"]
    middle = frame(base, game_id, n=total // 2).json()
    assert middle["version"] == total // 2 and middle["board_svg"] != first["board_svg"]
    assert len(middle["log"]) > len(first["log"])
    last = frame(base, game_id, n=total).json()
    assert last["result"]["winners"] and last["to_act"] == -1
    # a seat's perspective shows its own cards; "all" shows every seat's
    seat = frame(base, game_id, n=total // 2, seat=1).json()
    assert seat["seat"] == 1 and seat["private_svg"] and seat["perspective"] == 1
    everything = frame(base, game_id, n=total // 2, seat="all").json()
    assert [p["seat"] for p in everything["private_svgs"]] == [0, 1, 2]
    assert everything["private_svgs"][1]["svg"] == seat["private_svg"]
    # out of range, or nobody's seat
    assert frame(base, game_id, n=total + 1).status_code == 400
    assert frame(base, game_id, seat=3).status_code == 400
    assert frame(base, "nope").status_code == 404


def test_the_replay_page_and_the_end_screen_link(base: str, game_id: str) -> None:
    page = httpx.get(f"{base}/replay/{game_id}?lang=de")
    assert page.status_code == 200 and 'src="/static/js/replay.js"' in page.text and "Wiederholung" in page.text
    assert httpx.get(f"{base}/replay").status_code == 200
    assert httpx.get(f"{base}/replay/nope").status_code == 404
    assert f'href="/replay/{game_id}"' in httpx.get(f"{base}/g/{game_id}").text
    german = frame(base, game_id, n=0, lang="de").json()
    assert german["lang"] == "de"


def test_a_game_in_progress_is_not_replayed(base: str) -> None:
    made = create_game(base, "verraeter", [{"kind": "human"}, RANDOM_BOT, RANDOM_BOT], seed=2)
    for seat in ("-1", "0", "all"):
        refused = frame(base, made["id"], n=0, seat=seat)
        assert refused.status_code == 403 and "over" in refused.json()["error"]
    page = httpx.get(f"{base}/replay/{made['id']}")
    assert page.status_code == 403 and "still being played" in page.text


def upload(base: str, body: bytes, **params: Any) -> httpx.Response:
    return httpx.post(f"{base}/api/replay", params=params, content=body, timeout=20)


def test_an_uploaded_record_is_replayed_and_not_kept(base: str, game_id: str) -> None:
    record = httpx.get(f"{base}/api/games/{game_id}/record").content
    total = len(json.loads(record)["actions"])
    shown = upload(base, record, n=total, seat="all").json()
    assert shown["over"] and shown["result"]["winners"] and len(shown["private_svgs"]) == 3
    assert shown["board_svg"] == frame(base, game_id, n=total, seat="all").json()["board_svg"]
    # a record cut short is a game in progress: seats yes, everything revealed no
    unfinished = json.loads(record)
    unfinished["actions"] = unfinished["actions"][:5]
    cut = json.dumps(unfinished).encode()
    assert upload(base, cut, n=5, seat=0).json()["total"] == 5
    assert upload(base, cut, n=0, seat="all").status_code == 403


def test_a_bad_record_is_refused_in_words(base: str, game_id: str) -> None:
    assert "record" in upload(base, b"not json", lang="en").json()["error"]
    wrong = json.loads(httpx.get(f"{base}/api/games/{game_id}/record").content)
    wrong["actions"][3] = "take nothing"
    refused = upload(base, json.dumps(wrong).encode())
    assert refused.status_code == 400 and "action #4" in refused.json()["error"]
    assert upload(base, json.dumps({"game": "chess", "seed": 1, "players": ["a", "b"]}).encode()).status_code == 400
    assert upload(base, b"[" * 100 + b"]" * 100).status_code == 400
    assert upload(base, b" " * (300 * 1024)).status_code == 413


def test_a_body_is_read_only_up_to_its_limit(base: str) -> None:
    """A chunked body (no length said up front) is answered 413 once it passes the limit, while the client is
    still sending: the server does not wait for (and keep) the rest. Same for a length said up front."""
    host, port = base.removeprefix("http://").split(":")
    for path, limit in (("/api/replay", 256 * 1024), ("/api/games", 64 * 1024)):
        with socket.create_connection((host, int(port)), timeout=30) as conn:
            conn.sendall(f"POST {path} HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n".encode())
            chunk = b" " * 16384
            for _ in range(limit // len(chunk) + 2):
                conn.sendall(b"%x\r\n%s\r\n" % (len(chunk), chunk))
            # the body is not finished (no last chunk): only a server that stopped reading answers now
            assert conn.recv(4096).startswith(b"HTTP/1.1 413")
        with socket.create_connection((host, int(port)), timeout=30) as conn:
            conn.sendall(f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Length: 999999999\r\n\r\n".encode())
            assert conn.recv(4096).startswith(b"HTTP/1.1 413")
    assert httpx.get(f"{base}/healthz", timeout=10).status_code == 200


def test_the_record_of_a_file_from_disk_too(base: str, tmp_path: Path) -> None:
    """The worked example of docs/records.md (an explicit set-up, a game still running) replays."""
    text = Path(__file__).parents[2].joinpath("docs/records.md").read_text(encoding="utf-8")
    example = text.split("```json", 1)[1].split("```", 1)[0]
    shown = upload(base, example.encode(), n=3, seat=0)
    assert shown.status_code == 200, shown.text
    assert not shown.json()["over"]


def test_replay_steps_are_limited_per_address(tmp_path: Path) -> None:
    with server_thread(tmp_path, replay_frames_per_minute=3) as url:
        assert [frame(url, "nope").status_code for _ in range(3)] == [404] * 3
        refused = upload(url, b"{}", lang="de")
        assert refused.status_code == 429 and "3" in refused.json()["error"]


def test_a_diverged_game_replays_up_to_where_it_stopped(tmp_path: Path) -> None:
    from test_migrations import build_legacy_database, played

    broken = played("broken", "verraeter", {}, 13, 3, 12)
    broken.actions[6] = "pass" if broken.actions[6] != "pass" else "take farmer"
    url = f"sqlite+aiosqlite:///{tmp_path / 'ludoteca.db'}"
    asyncio.run(build_legacy_database(url, [broken]))
    with server_thread(tmp_path, url) as base:
        last = frame(base, "broken", n=6, seat="all")
        assert last.status_code == 200 and last.json()["total"] == 6  # action 7 no longer replays
        assert frame(base, "broken", n=7).status_code == 400
        assert httpx.get(f"{base}/replay/broken").status_code == 200
