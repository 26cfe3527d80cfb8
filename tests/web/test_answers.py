"""The JSON API's answers are models (#35 point 6): in the OpenAPI schema, and on the wire as before.

Each API route declares its answer (:mod:`ludoteca.web.protocol.answers`) and builds it; the pages are left
out of the schema. The bytes are those the routes wrote before they had models: the same keys in the same
order, a key only some answers carry (a human seat's ``token``, a bot seat's ``bot`` in the open lobby)
left out elsewhere, written as ``JSONResponse`` writes (no spaces, UTF-8 as it is).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from ludoteca.web.app import OPENAPI
from ludoteca.web.protocol.answers import ReviewStatus

from serverkit import server_thread


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with server_thread(Path(tmp_path_factory.mktemp("answers")), creates_per_minute=1000) as url:
        yield url


def written_as_before(response: httpx.Response) -> Any:
    """The answer's JSON, checked to be written as ``JSONResponse`` writes it."""
    body = response.json()
    assert response.content == json.dumps(body, ensure_ascii=False, separators=(",", ":")).encode()
    return body


def test_the_api_routes_and_their_answers_are_in_the_openapi_schema(base: str) -> None:
    schema = httpx.get(base + OPENAPI).json()
    paths = schema["paths"]
    answers = {
        ("/api/games", "post", "201"): "Created",
        ("/api/my-games", "post", "200"): "YourGames",
        ("/api/open-games", "get", "200"): "OpenGames",
        ("/api/open-games/{game_id}/seats/{seat}", "post", "200"): "SeatTaken",
        ("/healthz", "get", "200"): "Health",
    }
    for (path, method, status), model in answers.items():
        content = paths[path][method]["responses"][status]["content"]["application/json"]
        assert content["schema"] == {"$ref": f"#/components/schemas/{model}"}, path
    for method, statuses in (("post", ("200", "202")), ("get", ("200",))):
        for status in statuses:
            content = paths["/api/review/{game_id}"][method]["responses"][status]["content"]["application/json"]
            assert content["schema"] == {"$ref": "#/components/schemas/ReviewStatus"}
    assert {"/api/games/{game_id}/record", "/api/replay"} <= set(paths)
    assert not [p for p in paths if not p.startswith("/api/") and p != "/healthz"]  # no page
    seat = schema["components"]["schemas"]["CreatedSeat"]
    assert seat["required"] == ["seat", "name", "kind", "bot"]
    kind = schema["components"]["schemas"]["SeatKind"]
    assert kind["enum"] == ["human", "bot", "open"]


def test_the_answers_are_written_as_before(base: str) -> None:
    seats = [{"kind": "human", "name": "Zoë"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "open"}]
    made = httpx.post(f"{base}/api/games", json={"game": "kreta", "seats": seats, "public": True, "turn_seconds": 600})
    assert made.status_code == 201
    created = written_as_before(made)
    assert list(created) == ["id", "game", "seats", "spectator"]
    assert [list(s) for s in created["seats"]] == [
        ["seat", "name", "kind", "bot", "token", "link"],
        ["seat", "name", "kind", "bot"],
        ["seat", "name", "kind", "bot"],
    ]
    assert [s["kind"] for s in created["seats"]] == ["human", "bot", "open"]
    token = created["seats"][0]["token"]

    listed = written_as_before(httpx.get(f"{base}/api/open-games"))
    (game,) = [g for g in listed["games"] if g["id"] == created["id"]]
    assert list(game) == ["id", "game", "title", "rules", "seats", "free", "turn_seconds", "created"]
    human, bot, free = (["seat", "name", "kind"], ["seat", "name", "kind", "bot"], ["seat", "name", "kind"])
    assert [list(s) for s in game["seats"]] == [human, bot, free]
    assert isinstance(game["created"], float) and game["turn_seconds"] == 600

    taken = httpx.post(f"{base}/api/open-games/{created['id']}/seats/2", json={"name": "Ελένη"})
    assert list(written_as_before(taken)) == ["id", "seat", "name", "token", "link"]

    mine = written_as_before(httpx.post(f"{base}/api/my-games", json={"tokens": [token]}))
    (entry,) = mine["games"]
    assert list(entry) == [
        "id", "game", "title", "seat", "name", "names", "version", "to_act", "your_turn", "finished", "deadline",
        "open", "created", "link",
    ]  # fmt: skip
    health = written_as_before(httpx.get(f"{base}/healthz"))
    assert list(health) == [
        "status", "games", "connections", "renders", "unloaded", "owned", "job_timeouts", "bot_games",
        "bot_games_waiting", "jobs_waiting",
    ]  # fmt: skip


def test_a_reviews_status_is_checked_against_its_model() -> None:
    """The review's answer is kept as bytes, so its model checks it as it is made: every status
    :meth:`ludoteca.web.features.reviews.Reviews.status` gives, with the labels a done one gets, and nothing else."""
    done = {"status": "done", "done": 3, "total": 3, "review": {"format": 1, "seats": []}}
    for status in (
        {"status": "none", "done": 0, "total": 0},
        {"status": "queued", "done": 0, "total": 12},
        {"status": "running", "done": 4, "total": 12},
        {"status": "failed", "done": 4, "total": 12, "error": "the search stopped"},
        {**done, "labels": {"0": {"played": "Admiral", "best": "King"}}},
    ):
        assert ReviewStatus.model_validate(status).model_dump(exclude_unset=True) == status
    for wrong in ({**done, "status": "finished"}, {**done, "extra": 1}, {"status": "done", "done": 3}):
        with pytest.raises(ValueError):
            ReviewStatus.model_validate(wrong)
