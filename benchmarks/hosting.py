"""The attacks of issue #13 against a real server, timed: what a hostile client costs the others.

Usage::

    .venv/bin/python benchmarks/hosting.py [hint_flood] [many_sockets] [slow_reader]   # this tree's server
    PYTHONPATH=/old/tree/src .venv/bin/python benchmarks/hosting.py   # another tree's, to compare

Starts ``ludoteca serve`` as a child process (default settings: one bot worker on a 2-core machine,
the 0.6 s bot delay; connection limits raised for the 300 sockets) and measures, one attack at a time:

* ``hint_flood``: another table's bot reply (from a move to the bot's answer) while 20 sockets of one
  seat ask for hints over and over;
* ``many_sockets``: seconds to open 300 sockets on one seat (each to its first state);
* ``slow_reader``: ``/healthz`` latency while one client sends without reading.
"""

from __future__ import annotations

import asyncio
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
import websockets

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "web"))
from serverkit import Client, create_game, free_port, wait_healthy


def start(data_dir: str) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    code = "import sys; from ludoteca.cli.main import main; sys.argv = ['ludoteca', *sys.argv[1:]]; main()"
    args = ["serve", "--port", str(port), "--data-dir", data_dir, "--bot-workers", "1"]
    # room for the 300 sockets of one address (environment variables, which an older server ignores)
    env = {**os.environ, "LUDOTECA_CONNECTIONS_PER_ADDRESS": "1000", "LUDOTECA_CONNECTIONS_PER_GAME": "1000"}
    proc = subprocess.Popen([sys.executable, "-c", code, *args], env=env, stderr=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    wait_healthy(base)
    return proc, base


async def bot_replies(base: str, moves: int = 6) -> list[float]:
    game = create_game(base, "kreta", [{"kind": "human"}, {"kind": "bot", "bot": "ismcts:easy"}], seed=4)
    replies = []
    async with Client(base, game["id"], game["seats"][0]["token"]) as player:
        state = await player.until(lambda m: m["type"] == "state" and m["to_act"] in (0, -1), 120)
        for _ in range(moves):
            if state["to_act"] != 0:
                break
            started = time.monotonic()
            await player.act(state["legal"][0]["text"])
            state = await player.until(
                lambda m, v=state["version"]: m["type"] == "state" and m["version"] > v and m["to_act"] != 1, 120
            )
            replies.append(time.monotonic() - started)
    return replies


async def hint_flood(base: str) -> dict[str, Any]:
    quiet = await bot_replies(base, 3)
    target = create_game(base, "verraeter", [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 2, seed=1)
    hinters = [Client(base, target["id"], target["seats"][0]["token"]) for _ in range(20)]
    for c in hinters:
        await c.__aenter__()
    stop = asyncio.Event()

    async def ask(c: Client) -> None:
        while not stop.is_set():
            await c.send({"type": "hint"})
            await c.until(lambda m: m["type"] in ("hint", "error"), 120)

    tasks = [asyncio.create_task(ask(c)) for c in hinters]
    try:
        flooded = await bot_replies(base)
    finally:
        stop.set()
        await asyncio.gather(*tasks, return_exceptions=True)
        for c in hinters:
            await c.__aexit__()
    return {
        "quiet_median_s": round(statistics.median(quiet), 2),
        "flooded_median_s": round(statistics.median(flooded), 2),
        "flooded_max_s": round(max(flooded), 2),
    }


async def many_sockets(base: str, count: int = 300) -> dict[str, Any]:
    game = create_game(base, "kreta", [{"kind": "human"}, {"kind": "human"}])
    started = time.monotonic()
    clients = [Client(base, game["id"], game["seats"][0]["token"]) for _ in range(count)]
    opened = []
    try:
        for c in clients:
            await c.__aenter__()
            opened.append(c)
        seconds = time.monotonic() - started
    finally:
        for c in opened:
            await c.__aexit__()
    renders = httpx.get(f"{base}/healthz").json().get("renders")
    return {"sockets": len(opened), "seconds": round(seconds, 2), "renders": renders}


async def slow_reader(base: str) -> dict[str, Any]:
    game = create_game(base, "verraeter", [{"kind": "human"}] * 3)
    url = base.replace("http", "ws") + f"/ws/{game['id']}"
    latencies = []
    async with httpx.AsyncClient() as http:
        async def probe() -> None:
            for _ in range(150):
                t = time.monotonic()
                await http.get(f"{base}/healthz", timeout=60)
                latencies.append(time.monotonic() - t)
                await asyncio.sleep(0.1)

        probing = asyncio.create_task(probe())
        sent = 0
        started = time.monotonic()
        cut_after: float | None = None
        try:
            async with websockets.connect(url, max_queue=1, max_size=1 << 24) as ws:
                await ws.send(json.dumps({"type": "hello", "token": game["seats"][0]["token"]}))
                while not probing.done():
                    await ws.send(json.dumps({"type": "sync" if sent % 2 else "ping"}))
                    sent += 1
                    if sent % 100 == 0:
                        await asyncio.sleep(0.001)
        except websockets.ConnectionClosed:
            cut_after = time.monotonic() - started
        await probing
    return {
        "healthz_median_ms": round(1000 * statistics.median(latencies)),
        "healthz_max_ms": round(1000 * max(latencies)),
        "messages_sent": sent,
        "cut_off_after_s": None if cut_after is None else round(cut_after, 1),
    }


async def main() -> None:
    with tempfile.TemporaryDirectory() as data:
        proc, base = start(data)
        try:
            attacks = {"hint_flood": hint_flood, "many_sockets": many_sockets, "slow_reader": slow_reader}
            for name in sys.argv[1:] or attacks:
                print(name, await attacks[name](base), flush=True)
        finally:
            proc.terminate()
            proc.wait(timeout=20)


if __name__ == "__main__":
    asyncio.run(main())
