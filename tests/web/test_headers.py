"""Security headers on every kind of response the server gives (issue #13, point 4).

The browser side (pages working under the policy, no violation while a game is played) is in
``test_browser_csp.py``; here every page type is fetched from a real server and its headers read.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from ludoteca.web.hosting.headers import SecurityHeaders

from serverkit import create_game, server_thread

EXPECTED = {
    "x-frame-options": "DENY",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
}


def directives(response: httpx.Response) -> dict[str, str]:
    policy = response.headers.get("content-security-policy", "")
    out = {}
    for part in policy.split(";"):
        name, _, value = part.strip().partition(" ")
        if name:
            out[name] = value
    return out


def assert_secure(response: httpx.Response) -> None:
    for name, value in EXPECTED.items():
        assert response.headers.get(name) == value, (response.request.url, name, response.headers)
    csp = directives(response)
    assert csp["script-src"] == "'self'", csp  # no 'unsafe-inline', no 'unsafe-eval'
    assert csp["frame-ancestors"] == "'none'"
    assert csp["default-src"] == "'self'" and csp["object-src"] == "'none'" and csp["base-uri"] == "'none'"
    assert "unsafe" not in response.headers["content-security-policy"]


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with server_thread(Path(tmp_path_factory.mktemp("headers"))) as url:
        yield url


def test_every_page_type_carries_the_headers(base: str) -> None:
    made = create_game(base, "kreta", [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}])
    gets = {
        "/": 200,
        "/?lang=de": 200,
        f"/g/{made['id']}": 200,
        "/rules/verraeter": 200,
        "/rules/kreta": 200,
        "/rules/chess": 404,
        "/g/nosuchgame": 404,
        "/no/such/page": 404,
        "/static/css/ludoteca.css": 200,
        "/static/js/table.js": 200,
        "/static/favicon.svg": 200,
        "/static/nothing.js": 404,
        "/i18n/it.json": 200,
        "/healthz": 200,
        f"/api/games/{made['id']}/record": 403,
        "/api/games/nosuchgame/record": 404,
        "/api/games": 405,
    }
    for path, status in gets.items():
        response = httpx.get(base + path)
        assert response.status_code == status, path
        assert_secure(response)
        assert_secure(httpx.head(base + path))
    posts = {
        "/api/games": (json.dumps({"game": "kreta", "seats": [{"kind": "human"}] * 2}), 201),
        "/api/my-games": (json.dumps({"tokens": [made["seats"][0]["token"]]}), 200),
    }
    for path, (body, status) in posts.items():
        response = httpx.post(base + path, content=body)
        assert response.status_code == status, path
        assert_secure(response)
        bad = httpx.post(base + path, content="[" * 5000)
        assert bad.status_code == 400
        assert_secure(bad)


def test_a_crash_still_answers_with_the_headers() -> None:
    async def boom(request: Request) -> Response:
        raise RuntimeError("boom")

    app = SecurityHeaders(Starlette(routes=[Route("/boom", boom)]))
    transport = httpx.ASGITransport(app=app, raise_app_exceptions=False)  # type: ignore[arg-type]

    async def fetch() -> httpx.Response:
        async with httpx.AsyncClient(transport=transport, base_url="http://test") as client:
            return await client.get("/boom")

    response = asyncio.run(fetch())
    assert response.status_code == 500 and "Traceback" not in response.text
    assert_secure(response)
