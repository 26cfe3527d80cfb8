"""A finished game's review over HTTP: started, its progress polled, the same verdicts as ``ludoteca review``,
stored once, resumed after a restart, and refused for unknown games and games in progress."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from ludoteca import games
from ludoteca.bots.base import Budget
from ludoteca.core.records import GameRecord
from ludoteca.present import translator
from ludoteca.present.moves import move_labels
from ludoteca.review import VERSION, decisions, review
from ludoteca.web.storage.databases import database_url
from ludoteca.web.storage.store import Store

from serverkit import create_game, finished_game, server_thread

ITERATIONS = 8
RANDOM_BOT = {"kind": "bot", "bot": "random"}


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("review")


READS = {"review_reads_burst": 120}
"""The minute's reads at once, as before the burst: these tests poll ten times a second (the limits have
their own tests, ``test_floods.py``)."""


@pytest.fixture(scope="module")
def base(data_dir: Path) -> Iterator[str]:
    with server_thread(data_dir, review_iterations=ITERATIONS, **READS) as url:
        yield url


def until_done(base: str, game_id: str, timeout: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    seen = []
    while time.monotonic() < deadline:
        answer = httpx.get(f"{base}/api/review/{game_id}", timeout=10)
        assert answer.status_code == 200, answer.text
        status = answer.json()
        seen.append(status)
        assert status["status"] in ("queued", "running", "done"), status
        assert 0 <= status["done"] <= max(status["total"], 0) or status["total"] == 0
        if status["status"] == "done":
            return dict(status)
        time.sleep(0.1)
    raise TimeoutError(f"the review did not finish: {seen[-1]}")


def test_a_review_is_started_polled_and_matches_the_terminals(base: str) -> None:
    game_id = finished_game(base, seed=5)
    assert httpx.get(f"{base}/api/review/{game_id}").json() == {"status": "none", "done": 0, "total": 0}
    started = httpx.post(f"{base}/api/review/{game_id}", timeout=10)
    assert started.status_code == 202, started.text
    assert started.json()["status"] in ("queued", "running", "done")
    done = until_done(base, game_id)
    record = GameRecord.from_dict(httpx.get(f"{base}/api/games/{game_id}/record").json())
    choices = [d for d in decisions(games.get(record.game), record) if not d.forced]
    assert done["done"] == done["total"] == len(choices)
    document = done["review"]
    assert document["format"] == "ludoteca-review" and document["settings"]["iterations"] == ITERATIONS
    assert document["settings"]["seconds"] == 3.0  # the server's default cap (Settings.review_seconds)
    # the same seeds and iterations as `ludoteca review --budget 8` (the 3 s cap does not bind at 8 iterations)
    assert document["decisions"] == review(record, budget=Budget(iterations=ITERATIONS))["decisions"]


def test_the_reviews_moves_come_labelled_in_the_readers_language(base: str) -> None:
    """Beside the review (which keeps the notation), each judged move as the table's button said it, in the
    language asked for: the same labels as the terminal's review."""
    game_id = finished_game(base, seed=8)
    httpx.post(f"{base}/api/review/{game_id}", timeout=10)
    done = until_done(base, game_id)
    record = GameRecord.from_dict(httpx.get(f"{base}/api/games/{game_id}/record").json())
    for lang in ("fr", "de"):
        answer = httpx.get(f"{base}/api/review/{game_id}", params={"lang": lang}, timeout=10).json()
        assert answer["review"] == done["review"]  # the document itself is the same in every language
        tr = translator(lang)
        names = record.players  # (Verräter's move labels name no seat)
        labels = answer["labels"]
        assert set(labels) == {str(entry["n"]) for entry in done["review"]["decisions"]}
        wanted = move_labels(record, done["review"]["decisions"], names, tr)
        for entry in done["review"]["decisions"]:
            said = labels[str(entry["n"])]
            assert (said["played"], said["best"]) == wanted[entry["n"]]
            assert said["played"] != entry["played"]  # a label, not the notation


def test_a_review_is_computed_once(base: str) -> None:
    game_id = finished_game(base, seed=6)
    httpx.post(f"{base}/api/review/{game_id}", timeout=10)
    first = until_done(base, game_id)
    again = httpx.post(f"{base}/api/review/{game_id}", timeout=10)
    assert again.status_code == 200 and again.json() == first
    assert httpx.get(f"{base}/api/review/{game_id}").json() == first


@pytest.mark.parametrize("game_id", ["nope", "x" * 65, "%00", "..%2F..%2Fetc"])
def test_unknown_games_have_no_review(base: str, game_id: str) -> None:
    for answer in (httpx.post(f"{base}/api/review/{game_id}"), httpx.get(f"{base}/api/review/{game_id}")):
        assert answer.status_code == 404
        assert answer.json()["error"] in ("no such game", "Not Found")  # a "/" in the id: no such route


def test_a_game_in_progress_is_not_reviewed(base: str) -> None:
    made = create_game(base, "verraeter", [{"kind": "human"}, RANDOM_BOT, RANDOM_BOT], seed=2)
    for answer in (httpx.post(f"{base}/api/review/{made['id']}"), httpx.get(f"{base}/api/review/{made['id']}")):
        assert answer.status_code == 403
        assert "over" in answer.json()["error"]


def test_only_known_methods(base: str) -> None:
    game_id = finished_game(base, seed=5)
    assert httpx.delete(f"{base}/api/review/{game_id}").status_code == 405
    assert httpx.put(f"{base}/api/review/{game_id}", content=b"{}").status_code == 405


def test_an_unfinished_review_is_carried_on_after_a_restart(tmp_path: Path) -> None:
    """A review the server left half done (its row says 1 of 5, one verdict kept) is finished by the next start,
    without a new request, and keeps the verdict it had."""
    with server_thread(tmp_path, review_iterations=ITERATIONS, **READS) as url:
        game_id = finished_game(url, seed=7)
        record = GameRecord.from_dict(httpx.get(f"{url}/api/games/{game_id}/record").json())
    kept = dict(review(record, budget=Budget(iterations=ITERATIONS))["decisions"][0], iterations=999)

    async def half_done() -> None:
        store = await Store.open(database_url(None, tmp_path))
        try:
            settings = {"version": VERSION, "iterations": ITERATIONS, "seconds": 1.0, "marks": {}, "seats": None}
            await store.put_review(game_id, settings, 5, time.time())
            await store.save_review(game_id, 1, {"entries": [kept]}, time.time())
            assert await store.pending_reviews() == [game_id]
        finally:
            await store.close()

    asyncio.run(half_done())
    with server_thread(tmp_path, review_iterations=ITERATIONS, **READS) as url:
        done = until_done(url, game_id)
    assert done["review"]["decisions"][0] == kept  # the stored verdict was kept, not searched again
    assert done["done"] == done["total"] == len(done["review"]["decisions"])


def test_too_many_waiting_reviews_are_refused(base: str, monkeypatch: pytest.MonkeyPatch) -> None:
    from ludoteca.web.features import reviews

    game_id = finished_game(base, seed=8)
    monkeypatch.setattr(reviews, "MAX_WAITING", 0)
    refused = httpx.post(f"{base}/api/review/{game_id}", timeout=10)
    assert refused.status_code == 503 and "too many reviews" in refused.json()["error"]
    assert httpx.get(f"{base}/api/review/{game_id}").json()["status"] == "none"
