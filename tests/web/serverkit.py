"""A real server for tests: uvicorn on a free loopback port, in a thread or in a child process,
and a small WebSocket client that speaks the table protocol (``docs/web.md``).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Coroutine, Iterator
from pathlib import Path
from typing import Any, TypeVar

import httpx
import uvicorn
import websockets

from ludoteca.web.app import create_app
from ludoteca.web.hosting import http_guard
from ludoteca.web.hosting.config import Settings
from ludoteca.web.seatview import patches

T = TypeVar("T")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_healthy(base: str, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                return
        time.sleep(0.05)
    raise TimeoutError(f"no server at {base}")


@contextlib.contextmanager
def server_thread(
    data_dir: Path, database_url: str | None = None, forwarded_allow_ips: str | None = None, **settings: Any
) -> Iterator[str]:
    """A server in a thread of this process (bots in threads unless told otherwise); yields its base URL.
    ``forwarded_allow_ips`` as ``ludoteca serve --forwarded-allow-ips`` (None: no proxy is trusted)."""
    settings.setdefault("bot_processes", 0)
    settings.setdefault("bot_delay", 0.0)
    made = Settings(data_dir=data_dir, database_url=database_url, **settings)
    app = create_app(made)
    port = free_port()
    config = uvicorn.Config(
        app,
        host="127.0.0.1",
        port=port,
        log_level="warning",
        ws_per_message_deflate=False,
        proxy_headers=forwarded_allow_ips is not None,
        forwarded_allow_ips=forwarded_allow_ips,
        **http_guard.uvicorn_options(made),  # HTTP as ``ludoteca serve`` speaks it
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    try:
        wait_healthy(base)
        yield base
    finally:
        server.should_exit = True
        thread.join(timeout=10)


class ServerProcess:
    """``ludoteca serve`` as a child process, so a test can kill it with SIGKILL and start it again."""

    def __init__(
        self, data_dir: Path, database_url: str | None = None, port: int | None = None, args: tuple[str, ...] = ()
    ) -> None:
        self.data_dir = data_dir
        self.database_url = database_url
        self.args = args
        """More ``ludoteca serve`` options (``--outbox-limit 20``)."""
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None

    def start(self) -> ServerProcess:
        env = dict(os.environ)
        env.pop("DATABASE_URL", None)
        args = ["serve", "--port", str(self.port), "--data-dir", str(self.data_dir), "--bot-delay", "0"]
        args += ["--bot-workers", "1", *self.args]
        if self.database_url:
            args += ["--database-url", self.database_url]
        code = "import sys; from ludoteca.cli.main import main; sys.argv = ['ludoteca', *sys.argv[1:]]; main()"
        # its own process group, so a kill reaches the bot workers too (as a real crash would end them)
        self.proc = subprocess.Popen([sys.executable, "-c", code, *args], env=env, start_new_session=True)
        wait_healthy(self.base)
        return self

    def kill(self) -> None:
        """SIGKILL to the server (no shutdown, no flush); its bot workers notice and end by themselves."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.kill()


def create_game(base: str, game: str, seats: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    response = httpx.post(f"{base}/api/games", json={"game": game, "seats": seats, **extra}, timeout=10)
    assert response.status_code == 201, response.text
    return dict(response.json())


def finished_game(base: str, game: str = "verraeter", players: int = 3, seed: int = 4) -> str:
    """A game of random bots (the server's bot delay 0) played to its end: its id, once its record is served."""
    made = create_game(base, game, [{"kind": "bot", "bot": "random"}] * players, seed=seed)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if httpx.get(f"{base}/api/games/{made['id']}/record").status_code == 200:
            return str(made["id"])
        time.sleep(0.05)
    raise TimeoutError("the bots did not finish the game")


class Client:
    """One WebSocket client at a table; records every frame it receives.

    With ``patches`` it takes light updates as the page does: ``frames`` holds the ``patch`` messages as
    they came, ``states`` the whole state each one made, and :meth:`recv` answers that state."""

    def __init__(
        self, base: str, game_id: str, token: str | None = None, lang: str = "en", *, patches: bool = False
    ) -> None:
        self.url = base.replace("http://", "ws://") + f"/ws/{game_id}"
        self.token = token
        self.lang = lang
        self.patches = patches
        self.frames: list[dict[str, Any]] = []
        self.states: list[dict[str, Any]] = []
        self.state: dict[str, Any] | None = None
        self.ws: Any = None

    async def __aenter__(self) -> Client:
        self.ws = await websockets.connect(self.url, max_size=1 << 24)
        hello = {"type": "hello", "token": self.token, "lang": self.lang}
        await self.send({**hello, "patches": True} if self.patches else hello)
        await self.until(lambda m: m["type"] == "state")
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.ws.close()

    async def send(self, message: Any) -> None:
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def recv(self, timeout: float = 15.0) -> dict[str, Any]:
        message = json.loads(await asyncio.wait_for(self.ws.recv(), timeout))
        self.frames.append(message)
        if message["type"] == "patch":
            assert self.state is not None, "a patch before any whole state"
            message = patches.apply(self.state, message)
        if message["type"] == "state":
            self.state = message
            self.states.append(message)
        return dict(message)

    async def until(self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 30.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while True:
            message = await self.recv(max(0.01, deadline - time.monotonic()))
            if predicate(message):
                return message

    async def until_state(self, predicate: Callable[[dict[str, Any]], bool], timeout: float = 30.0) -> dict[str, Any]:
        """The client's state once ``predicate`` holds for it — at once if the state it already has does
        (bots may have moved before the client connected: waiting for a *new* state would wait forever)."""
        if self.state is not None and predicate(self.state):
            return self.state
        return await self.until(lambda m: m["type"] == "state" and predicate(m), timeout)

    async def until_version(self, version: int, timeout: float = 30.0) -> dict[str, Any]:
        """The client's state once it has caught up with ``version`` (at once if it already has)."""
        if self.state is not None and self.state["version"] >= version:
            return self.state
        return await self.until(lambda m: m["type"] == "state" and m["version"] >= version, timeout)

    async def act(self, action: str, version: int | None = None) -> None:
        assert self.state is not None
        v = self.state["version"] if version is None else version
        await self.send({"type": "action", "version": v, "action": action})

    async def error(self) -> dict[str, Any]:
        return await self.until(lambda m: m["type"] == "error")


async def play_out(clients: dict[int, Client], rng: random.Random, moves: int | None = None) -> dict[str, Any]:
    """Each human client plays a random legal action on its turn (bots play theirs in the server) until
    the game ends or the humans have made ``moves`` moves; returns the first client's last state."""
    watcher = next(iter(clients.values()))
    made = 0
    for _ in range(20_000):
        state = watcher.state
        assert state is not None
        if state["result"] is not None or (moves is not None and made >= moves):
            return state
        version = state["version"]
        actor = clients.get(state["to_act"])
        if actor is not None:
            await actor.until_version(version)
            assert actor.state is not None and actor.state["legal"]
            await actor.act(rng.choice(actor.state["legal"])["text"])
            made += 1
        await watcher.until(_newer_than(version))
    raise AssertionError("the game did not end")


def _newer_than(version: int) -> Callable[[dict[str, Any]], bool]:
    return lambda m: m["type"] == "state" and m["version"] > version


def run(coro: Coroutine[Any, Any, T]) -> T:
    """A test's coroutine run to its end on a fresh event loop (the one helper for it: ``asyncio.run``)."""
    return asyncio.run(coro)


def until_connections(base: str, count: int = 0, timeout: float = 60.0) -> None:
    """Wait until the server counts ``count`` open WebSockets (``/healthz``): a client's close returns before the
    server's handler has given its places back, so a test that reopens or counts right after a close waits for
    that here — a bound on how long the server may take, never a measure of it."""
    deadline = time.monotonic() + timeout
    while int(httpx.get(f"{base}/healthz", timeout=10).json()["connections"]) != count:
        assert time.monotonic() < deadline, f"the server still counts other than {count} connections"
        time.sleep(0.05)
