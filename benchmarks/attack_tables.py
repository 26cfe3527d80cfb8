"""Attacks on the other tables through one's own (issue #24, the table side), each while a victim plays.

Usage::

    .venv/bin/python benchmarks/attack_tables.py                      # every scenario, 30 s of flood each
    .venv/bin/python benchmarks/attack_tables.py bots_only --seconds 60
    .venv/bin/python benchmarks/attack_tables.py --json

Each scenario is an ``async def`` taking the server's base URL and the attackers' source addresses
(127.0.0.2…, other loopback addresses than the victim's 127.0.0.1, so per-address limits and the fair
sharing of worker time apply to them as to other machines), running its flood while a victim plays Kreta
against the heuristic bot at another table, and returning its figures: answers ≥ 500 other than the
limits' deliberate 503 refusals (``server_errors_5xx``), the victim's bot-move latency (from the state
where the bot is to act to the state after its move; the server's ``--bot-delay`` is in it) and
``/healthz`` latency during the flood, and what the attack itself achieved. ``main`` starts a fresh
``ludoteca serve`` (benchmarks/serverproc.py; SQLite, one bot worker as on a small host) for each
scenario and adds ``crashes`` (the server died) and ``server_tracebacks`` (in its log).

- ``bots_only``: games of one human and three hard bots, whose human leaves at once — games nobody plays,
  which the limit of games of bots only did not count;
- ``hard_bots_and_hints``: games against a hard bot whose human plays as fast as it can and asks for a
  hint before each move — worker time the victim's bot needs;
- ``timer_reset``: ``leave`` then ``take_back`` over and over on one's own turn of a 5 s timer — each
  take-back used to give the turn its whole time again;
- ``unjoined_timed``: timed games created and never opened against a server capped at 60 live games — a
  timer used to pin its room;
- ``spectator_guide``: spectators of the victim's table saying ``guide: true`` — it used to triple the
  bot delay at any table.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

import httpx
import serverproc
import websockets

ATTACKERS = [f"127.0.0.{i}" for i in range(2, 5)]
BOT_DELAY = 0.2


@dataclass
class Watch:
    """What the honest side saw during a flood."""

    healthz: list[float] = field(default_factory=list)
    healthz_failures: int = 0
    bot_moves: list[float] = field(default_factory=list)
    answers: Counter[str] = field(default_factory=Counter)

    def count(self, response: httpx.Response) -> None:
        self.answers[str(response.status_code)] += 1

    def figures(self) -> dict[str, Any]:
        deliberate = self.answers.get("503", 0)
        errors = sum(n for code, n in self.answers.items() if int(code) >= 500) - deliberate
        return {
            "server_errors_5xx": errors,
            "refused_503": deliberate,
            "victim_bot_move_p50_ms": pct(self.bot_moves, 0.5),
            "victim_bot_move_p99_ms": pct(self.bot_moves, 0.99),
            "victim_bot_moves": len(self.bot_moves),
            "healthz_p99_ms": pct(self.healthz, 0.99),
            "healthz_failures": self.healthz_failures,
            "answers": dict(sorted(self.answers.items())),
        }


def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 1)


def ws_url(base: str, game_id: str) -> str:
    return base.replace("http://", "ws://") + f"/ws/{game_id}"


async def states(ws: Any) -> Any:
    """The ``state`` messages of a socket, as they come (other messages are skipped)."""
    async for raw in ws:
        message = json.loads(raw)
        if message.get("type") == "state":
            yield message


async def create(http: httpx.AsyncClient, base: str, watch: Watch, body: dict[str, Any]) -> dict[str, Any] | None:
    response = await http.post(f"{base}/api/games", json=body)
    watch.count(response)
    return dict(response.json()) if response.status_code == 201 else None


# ---------------------------------------------------------------------------------------------- the honest side


async def probe_healthz(base: str, watch: Watch, stop: asyncio.Event) -> None:
    async with httpx.AsyncClient(timeout=10) as http:
        while not stop.is_set():
            started = time.perf_counter()
            try:
                response = await http.get(f"{base}/healthz")
                if response.status_code == 200:
                    watch.healthz.append(time.perf_counter() - started)
                else:
                    watch.healthz_failures += 1
            except httpx.HTTPError:
                watch.healthz_failures += 1
            await asyncio.sleep(0.1)


async def victim(base: str, watch: Watch, stop: asyncio.Event, game_id: asyncio.Future[str] | None = None) -> None:
    """Kreta against the heuristic bot from 127.0.0.1, each move at once; every bot move is timed."""
    rng = random.Random(7)
    async with httpx.AsyncClient(timeout=30) as http:
        while not stop.is_set():
            body = {"game": "kreta", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]}
            made = await create(http, base, watch, body)
            if made is None:
                await asyncio.sleep(1)
                continue
            if game_id is not None and not game_id.done():
                game_id.set_result(made["id"])
            async with websockets.connect(ws_url(base, made["id"]), max_size=1 << 24) as ws:
                await ws.send(json.dumps({"type": "hello", "token": made["seats"][0]["token"]}))
                bot_since: tuple[int, float] | None = None
                async for state in states(ws):
                    now = time.perf_counter()
                    if bot_since is not None and state["version"] > bot_since[0]:
                        watch.bot_moves.append(now - bot_since[1])
                        bot_since = None
                    if state["result"] is not None or stop.is_set():
                        break
                    if state["to_act"] == 1 and bot_since is None:
                        bot_since = (state["version"], now)
                    elif state["to_act"] == 0 and state["legal"]:
                        action = rng.choice(state["legal"])["text"]
                        await ws.send(json.dumps({"type": "action", "version": state["version"], "action": action}))


async def watched(
    base: str, flood: Callable[[Watch, asyncio.Event], Awaitable[dict[str, Any]]], seconds: float
) -> dict[str, Any]:
    """Run ``flood`` for ``seconds`` while the victim plays and ``/healthz`` is probed; all figures."""
    watch, stop = Watch(), asyncio.Event()
    honest = [asyncio.create_task(probe_healthz(base, watch, stop)), asyncio.create_task(victim(base, watch, stop))]
    attack = asyncio.create_task(flood(watch, stop))
    await asyncio.sleep(seconds)
    stop.set()
    own = await attack
    for task in honest:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(task, 30)
    async with httpx.AsyncClient(timeout=10) as http:
        health = (await http.get(f"{base}/healthz")).json()
    keys = ("games", "unloaded", "bot_games", "bot_games_waiting", "jobs_waiting", "job_timeouts")
    return {**watch.figures(), **own, "healthz_after": {k: health.get(k) for k in keys}}


# ---------------------------------------------------------------------------------------------- the scenarios


async def bots_only(base: str, addresses: list[str], seconds: float = 30.0) -> dict[str, Any]:
    """Games of one human and three hard bots whose human leaves at once, as fast as creation allows."""

    async def one_address(address: str, watch: Watch, stop: asyncio.Event) -> int:
        left = 0
        transport = httpx.AsyncHTTPTransport(local_address=address)
        async with httpx.AsyncClient(transport=transport, timeout=30) as http:
            while not stop.is_set():
                seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "ismcts:hard"}] * 3
                made = await create(http, base, watch, {"game": "verraeter", "seats": seats})
                if made is None:
                    await asyncio.sleep(1)
                    continue
                async with websockets.connect(ws_url(base, made["id"]), local_addr=(address, 0)) as ws:
                    await ws.send(json.dumps({"type": "hello", "token": made["seats"][0]["token"]}))
                    await ws.send(json.dumps({"type": "leave"}))
                    async for state in states(ws):
                        if state["seats"][0]["autoplay"]:
                            left += 1
                            break
        return left

    async def flood(watch: Watch, stop: asyncio.Event) -> dict[str, Any]:
        left = await asyncio.gather(*(one_address(a, watch, stop) for a in addresses))
        return {"games_left_to_bots": sum(left)}

    return await watched(base, flood, seconds)


async def hard_bots_and_hints(base: str, addresses: list[str], seconds: float = 30.0) -> dict[str, Any]:
    """Per address five games against a hard bot, each played as fast as it goes with a hint before every move."""

    async def one_game(address: str, watch: Watch, stop: asyncio.Event, tally: Counter[str]) -> None:
        rng = random.Random(address)
        transport = httpx.AsyncHTTPTransport(local_address=address)
        async with httpx.AsyncClient(transport=transport, timeout=30) as http:
            while not stop.is_set():
                body = {"game": "kreta", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "ismcts:hard"}]}
                made = await create(http, base, watch, body)
                if made is None:
                    await asyncio.sleep(1)
                    continue
                async with websockets.connect(ws_url(base, made["id"]), local_addr=(address, 0)) as ws:
                    await ws.send(json.dumps({"type": "hello", "token": made["seats"][0]["token"]}))
                    hinted = -1
                    async for raw in ws:
                        message = json.loads(raw)
                        kind = message.get("type")
                        if kind in ("hint", "error"):
                            tally[kind if kind == "hint" else f"error:{message.get('code')}"] += 1
                        if stop.is_set() or (kind == "state" and message["result"] is not None):
                            break
                        if kind == "state" and message["to_act"] == 0 and message["legal"]:
                            if hinted != message["version"]:
                                hinted = message["version"]
                                await ws.send(json.dumps({"type": "hint"}))
                            action = rng.choice(message["legal"])["text"]
                            await ws.send(
                                json.dumps({"type": "action", "version": message["version"], "action": action})
                            )
                            tally["moves"] += 1

    async def flood(watch: Watch, stop: asyncio.Event) -> dict[str, Any]:
        tally: Counter[str] = Counter()
        await asyncio.gather(*(one_game(a, watch, stop, tally) for a in addresses for _ in range(5)))
        return {"attacker": dict(tally)}

    return await watched(base, flood, seconds)


async def timer_reset(base: str, addresses: list[str], seconds: float = 30.0) -> dict[str, Any]:
    """A 5 s timer, and on its own turn the seat leaves and at once takes back every second: how long the game
    stays at its version past the turn's deadline (the whole flood, when each take-back restarts the time)."""

    async def flood(watch: Watch, stop: asyncio.Event) -> dict[str, Any]:
        address = addresses[0]
        transport = httpx.AsyncHTTPTransport(local_address=address)
        async with httpx.AsyncClient(transport=transport, timeout=30) as http:
            made = await create(
                http, base, watch, {"game": "kreta", "seats": [{"kind": "human"}] * 2, "turn_seconds": 5}
            )
        assert made is not None
        answers: Counter[str] = Counter()
        async with websockets.connect(ws_url(base, made["id"])) as spy:
            await spy.send(json.dumps({"type": "hello", "token": None}))
            first = await anext(states(spy))
        seat, deadline = first["to_act"], first["deadline"]
        moved_at: float | None = None
        async with websockets.connect(ws_url(base, made["id"]), local_addr=(address, 0)) as ws:
            await ws.send(json.dumps({"type": "hello", "token": made["seats"][seat]["token"]}))

            async def read() -> None:
                nonlocal moved_at
                async for raw in ws:
                    message = json.loads(raw)
                    if message.get("type") == "error":
                        answers[message.get("code", "?")] += 1
                    elif message.get("type") == "state" and message["version"] > 0 and moved_at is None:
                        moved_at = time.time()

            reader = asyncio.create_task(read())
            while not stop.is_set() and moved_at is None:  # within the bot's delay, so the bot never moves
                await ws.send(json.dumps({"type": "leave"}))
                await asyncio.sleep(0.01)
                await ws.send(json.dumps({"type": "take_back"}))
                await asyncio.sleep(1.0)
            reader.cancel()
        held = (moved_at if moved_at is not None else time.time()) - deadline
        return {"held_past_deadline_s": round(held, 1), "bot_moved": moved_at is not None, "errors": dict(answers)}

    return await watched(base, flood, seconds)


async def unjoined_timed(base: str, addresses: list[str], seconds: float = 30.0) -> dict[str, Any]:
    """Timed games (60 s) created from every address as fast as allowed and never opened; then a new
    player creates a game and opens it (run against ``--max-live-games 60``)."""

    async def flood(watch: Watch, stop: asyncio.Event) -> dict[str, Any]:
        created = 0

        async def one_address(address: str) -> None:
            nonlocal created
            transport = httpx.AsyncHTTPTransport(local_address=address)
            async with httpx.AsyncClient(transport=transport, timeout=30) as http:
                for _ in range(20):
                    body = {"game": "kreta", "seats": [{"kind": "human"}] * 2, "turn_seconds": 60}
                    made = await create(http, base, watch, body)
                    created += made is not None

        await asyncio.gather(*(one_address(a) for a in addresses))
        newcomer = "127.0.0.200"
        transport = httpx.AsyncHTTPTransport(local_address=newcomer)
        async with httpx.AsyncClient(transport=transport, timeout=30) as http:
            response = await http.post(f"{base}/api/games", json={"game": "kreta", "seats": [{"kind": "human"}] * 2})
        opened = False
        if response.status_code == 201:
            made = response.json()
            async with websockets.connect(ws_url(base, made["id"]), local_addr=(newcomer, 0)) as ws:
                await ws.send(json.dumps({"type": "hello", "token": made["seats"][0]["token"]}))
                opened = (await anext(states(ws)))["id"] == made["id"]
        await stop.wait()
        return {"unjoined_created": created, "newcomer_create": response.status_code, "newcomer_opened": opened}

    return await watched(base, flood, seconds)


async def spectator_guide(base: str, addresses: list[str], seconds: float = 30.0) -> dict[str, Any]:
    """Spectators saying ``guide: true`` at the victim's table (its bot delay is the server's 0.2 s)."""
    watch, stop = Watch(), asyncio.Event()
    game: asyncio.Future[str] = asyncio.get_running_loop().create_future()
    honest = [
        asyncio.create_task(probe_healthz(base, watch, stop)),
        asyncio.create_task(victim(base, watch, stop, game)),
    ]
    game_id = await game
    sockets = []
    for address in addresses:
        for _ in range(3):
            ws = await websockets.connect(ws_url(base, game_id), local_addr=(address, 0), max_size=1 << 24)
            await ws.send(json.dumps({"type": "hello", "token": None, "guide": True}))
            sockets.append(ws)
    drains = [asyncio.create_task(_drain(ws)) for ws in sockets]
    await asyncio.sleep(seconds)
    stop.set()
    for task in honest:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(task, 30)
    for task in drains:
        task.cancel()
    for ws in sockets:
        await ws.close()
    return {**watch.figures(), "guided_spectators": len(sockets), "bot_delay_ms": BOT_DELAY * 1000}


async def _drain(ws: Any) -> None:
    with contextlib.suppress(websockets.exceptions.WebSocketException):
        async for _ in ws:
            pass


SCENARIOS: dict[str, tuple[Callable[..., Awaitable[dict[str, Any]]], list[str]]] = {
    "bots_only": (bots_only, []),
    "hard_bots_and_hints": (hard_bots_and_hints, []),
    "timer_reset": (timer_reset, []),
    "unjoined_timed": (unjoined_timed, ["--max-live-games", "60"]),
    "spectator_guide": (spectator_guide, []),
}
"""Each scenario and the ``ludoteca serve`` options it runs against (besides one worker and the bot delay)."""


# ---------------------------------------------------------------------------------------------- the run


def run_scenario(name: str, seconds: float) -> dict[str, Any]:
    scenario, extra = SCENARIOS[name]
    with tempfile.TemporaryDirectory() as data_dir:
        port = 19500 + os.getpid() % 400
        log_path = os.path.join(data_dir, "server.log")
        with open(log_path, "wb") as log:
            args = ["--bot-delay", str(BOT_DELAY), "--bot-workers", "1", *extra]
            proc = serverproc.start_server(port, data_dir, args, output=log)
            try:
                figures = asyncio.run(scenario(f"http://127.0.0.1:{port}", ATTACKERS, seconds))
                alive = proc.poll() is None
            finally:
                proc.terminate()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(timeout=15)
        with open(log_path, encoding="utf-8", errors="replace") as f:
            server_log = f.read()
    tracebacks = server_log.count("Traceback")
    if tracebacks:
        print(f"{name}: {server_log[server_log.index('Traceback') :][:3000]}", file=sys.stderr)
    return {"crashes": 0 if alive else 1, "server_tracebacks": tracebacks, **figures}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("scenarios", nargs="*", help=f"which of {', '.join(SCENARIOS)} (default: all)")
    parser.add_argument("--seconds", type=float, default=30.0, help="seconds of flood per scenario")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    unknown = set(args.scenarios) - set(SCENARIOS)
    if unknown:
        parser.error(f"no scenario {', '.join(sorted(unknown))}")
    results = {name: run_scenario(name, args.seconds) for name in args.scenarios or SCENARIOS}
    if args.json:
        print(json.dumps(results, indent=1))
        return
    for name, figures in results.items():
        print(f"== {name}")
        for key, value in figures.items():
            print(f"  {key:28} {value}")


if __name__ == "__main__":
    main()
