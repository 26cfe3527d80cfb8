"""Raw HTTP when the server faces the network (issue #24, finding 7): a request head or body that never
ends is cut off, a head larger than the limit is refused before it is buffered, and one address holds
only so many open HTTP connections (a trusted proxy is not counted, nor a table's WebSocket).

Raw sockets against a real server (``ludoteca serve`` as a child process, or uvicorn in a thread set up
as ``serve`` sets it up). The deadlines are made short and the requests never complete, so what is
tested does not depend on the machine's speed: a read that would wait forever without the limit ends
with the server closing the connection."""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
import websockets
from click.testing import CliRunner

from ludoteca.cli.main import cli
from ludoteca.web import app as web_app
from ludoteca.web.hosting import http_guard

from serverkit import Client, ServerProcess, create_game, server_thread

WAIT = 20.0
"""Seconds a test waits for the server to answer or close: far beyond every deadline set here."""
HEAD = b"GET /healthz HTTP/1.1\r\nHost: localhost\r\n"


def connect(base: str) -> socket.socket:
    host, port = base.removeprefix("http://").split(":")
    sock = socket.create_connection((host, int(port)), timeout=WAIT)
    return sock


def read_until_closed(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection (a timeout fails the test)."""
    received = b""
    while True:
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:
            return received
        if not chunk:
            return received
        received += chunk


def healthy(sock: socket.socket) -> bytes:
    """One complete request on a kept-alive connection, and the head of its answer."""
    sock.sendall(HEAD + b"\r\n")
    answer = b""
    while b"\r\n\r\n" not in answer:
        chunk = sock.recv(65536)
        assert chunk, "closed instead of answering"
        answer += chunk
    return answer


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """``ludoteca serve`` with short HTTP deadlines and three connections per address (one for the module:
    each test leaves it as it found it)."""
    args = ("--http-header-seconds", "0.5", "--http-body-seconds", "0.5", "--http-connections-per-address", "3")
    server = ServerProcess(tmp_path_factory.mktemp("served"), args=args).start()
    try:
        yield server.base
    finally:
        server.stop()


def test_serve_speaks_http_through_the_guard(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``ludoteca serve`` hands uvicorn the guarded protocol, the head's size limit and the flags' values."""
    seen: dict[str, Any] = {}
    monkeypatch.setattr(web_app, "create_app", lambda settings: seen.setdefault("settings", settings))
    monkeypatch.setattr(uvicorn, "run", lambda app, **options: seen.setdefault("options", options))
    args = ["serve", "--data-dir", str(tmp_path), "--http-header-bytes", "8192", "--http-header-seconds", "3"]
    env = {"LUDOTECA_HTTP_CONNECTIONS_PER_ADDRESS": "7", "DATABASE_URL": ""}
    result = CliRunner().invoke(cli, args, env=env)
    assert result.exit_code == 0, result.output
    assert seen["options"]["http"] == http_guard.PROTOCOL
    assert seen["options"]["h11_max_incomplete_event_size"] == 8192
    guard = http_guard.Guard.from_settings(seen["settings"])
    assert (guard.header_seconds, guard.per_address) == (3.0, 7)


def test_a_head_that_never_ends_is_cut_off(served: str) -> None:
    """Slowloris: half a request head, then nothing; the server closes the connection."""
    with connect(served) as sock:
        sock.sendall(HEAD)
        assert read_until_closed(sock) == b""


def test_a_head_sent_a_byte_at_a_time_is_cut_off_too(served: str) -> None:
    """A head trickling in (a byte every 50 ms, well within any idle timeout) is cut off at its deadline."""
    trickle = HEAD + b"X-Slow: " + b"a" * 400  # 20 s of bytes, never the end of the head
    with connect(served) as sock:
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            for byte in trickle:
                sock.send(bytes([byte]))
                time.sleep(0.05)
            pytest.fail("the server took a head for 20 s")
        assert read_until_closed(sock) == b""


def test_a_kept_alive_connection_owes_its_next_head_in_time(served: str) -> None:
    with connect(served) as sock:
        assert healthy(sock).startswith(b"HTTP/1.1 200")
        sock.sendall(HEAD)
        assert read_until_closed(sock).count(b"HTTP/1.1") == 0


def test_a_body_that_never_ends_is_cut_off(served: str) -> None:
    with connect(served) as sock:
        sock.sendall(b"POST /api/games HTTP/1.1\r\nHost: localhost\r\ncontent-type: application/json\r\n")
        sock.sendall(b'content-length: 1000\r\n\r\n{"game": ')
        assert b"HTTP/1.1 2" not in read_until_closed(sock)


def test_a_head_over_the_limit_is_refused_before_it_is_buffered(tmp_path: Path) -> None:
    """A header larger than the limit (16 kB by default) is answered 400 and the connection closed as soon
    as the limit is passed, without waiting for the rest (which uvicorn's default parser buffered: one
    300 MB header held 390 MB)."""
    with server_thread(tmp_path) as base, connect(base) as sock:
        sock.sendall(HEAD + b"X-Junk: ")
        with contextlib.suppress(BrokenPipeError, ConnectionResetError):
            for _ in range(64):  # 4 MB if nobody stops it, never the end of the head
                sock.sendall(b"a" * 65536)
        answer = read_until_closed(sock)
        assert answer.startswith(b"HTTP/1.1 400"), answer[:100]
        assert httpx.get(f"{base}/healthz", timeout=WAIT).status_code == 200


def test_a_head_within_the_limit_is_served(tmp_path: Path) -> None:
    with server_thread(tmp_path) as base:
        response = httpx.get(f"{base}/healthz", headers={"X-Padding": "a" * 8000}, timeout=WAIT)
        assert response.status_code == 200


def test_open_http_connections_per_address(served: str) -> None:
    """Three connections from one address are served; a fourth is told 429 and closed; once one of the
    three closes, a new one is served again."""
    held = [connect(served) for _ in range(3)]
    try:
        for sock in held:
            assert healthy(sock).startswith(b"HTTP/1.1 200")  # accepted and counted
        with connect(served) as extra:
            assert read_until_closed(extra).startswith(b"HTTP/1.1 429")
        held.pop().close()
        deadline = time.monotonic() + WAIT
        while True:
            with connect(served) as again, contextlib.suppress(ConnectionResetError):
                answer = healthy(again)
                if answer.startswith(b"HTTP/1.1 200"):
                    break
            assert time.monotonic() < deadline, "the closed connection was never given back"
            time.sleep(0.05)
    finally:
        for sock in held:
            sock.close()


def test_websockets_and_a_trusted_proxy_are_not_counted(tmp_path: Path) -> None:
    """A table's WebSocket leaves the HTTP count once upgraded (the tables have their own limit); a trusted
    proxy carries many clients, so its connections are not counted."""
    with server_thread(tmp_path, http_connections_per_address=2) as base:
        made = create_game(base, "kreta", [{"kind": "human"}, {"kind": "human"}])
        url = base.replace("http://", "ws://") + f"/ws/{made['id']}"

        async def tables() -> None:
            sockets = [await websockets.connect(url) for _ in range(4)]
            async with httpx.AsyncClient() as client:
                assert (await client.get(f"{base}/healthz", timeout=WAIT)).status_code == 200
            for ws in sockets:
                await ws.close()

        asyncio.run(tables())

    with server_thread(tmp_path / "proxied", http_connections_per_address=2, forwarded_allow_ips="127.0.0.1") as base:
        held = [connect(base) for _ in range(4)]
        try:
            for sock in held:
                assert healthy(sock).startswith(b"HTTP/1.1 200")
        finally:
            for sock in held:
                sock.close()


def test_a_table_socket_outlives_the_http_deadlines(tmp_path: Path) -> None:
    """The upgrade request's deadline ends with the upgrade (it once closed every table's socket after
    the body's 30 s)."""
    with server_thread(tmp_path, http_header_seconds=0.2, http_body_seconds=0.2) as base:
        made = create_game(base, "kreta", [{"kind": "human"}, {"kind": "human"}])

        async def long_table() -> None:
            async with Client(base, made["id"]) as watcher:
                await asyncio.sleep(1.0)  # five times the deadlines
                await watcher.send({"type": "ping"})
                await watcher.until(lambda m: m["type"] == "pong")

        asyncio.run(long_table())


def test_requests_per_address_are_rated_before_routing(tmp_path: Path) -> None:
    """Past its burst, an address's next request is answered 429 by the guard, before the app routes it
    (an unknown path too, which the app would answer 404), on every connection of that address; another
    address, a table's WebSocket and a trusted proxy are not refused (issue #33: a script looping on an
    endpoint's own 429s cost the server a trip through the router each)."""
    with server_thread(tmp_path, http_requests_per_second=0.01, http_request_burst=5) as base:  # one: ready?
        made = create_game(base, "kreta", [{"kind": "human"}, {"kind": "human"}])  # two
        with httpx.Client(timeout=WAIT) as http:
            assert [http.get(f"{base}/healthz").status_code for _ in range(3)] == [200, 200, 200]
            assert http.get(f"{base}/no/such/page").status_code == 429
        with httpx.Client(timeout=WAIT) as fresh:  # a new connection of the same address
            refused = fresh.get(f"{base}/healthz")
            assert refused.status_code == 429
            assert "too many requests" in refused.text.lower()
        other = httpx.HTTPTransport(local_address="127.0.0.2")
        with httpx.Client(transport=other, timeout=WAIT) as http:
            assert http.get(f"{base}/healthz").status_code == 200

        async def table() -> None:
            async with Client(base, made["id"], made["seats"][0]["token"]) as seat:
                assert seat.state is not None

        asyncio.run(table())

    proxied = {"http_requests_per_second": 0.01, "http_request_burst": 2, "forwarded_allow_ips": "127.0.0.1"}
    with server_thread(tmp_path / "proxied", **proxied) as base, httpx.Client(timeout=WAIT) as http:
        assert {http.get(f"{base}/healthz").status_code for _ in range(6)} == {200}
