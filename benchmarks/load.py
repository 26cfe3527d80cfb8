"""Load on the web server: many concurrent games played by simulated clients over loopback.

Usage::

    .venv/bin/python benchmarks/load.py --games 200 --players 4 --game verraeter --think 1.0 --duration 60
    .venv/bin/python benchmarks/load.py --url http://127.0.0.1:8000 ...   # against a server already running
    .venv/bin/python benchmarks/load.py --game kreta --games 50 --think 2 --tables both   # whole vs light

``--tables`` chooses what the clients ask for in their ``hello``: ``light`` (patches, as the page does),
``whole`` (a whole table after every action, as before light updates) or ``both``: one phase of each, one
after the other against the same server process, each with its own warm-up, reported side by side with the
ratios of bytes to clients and server CPU per action.

Unless ``--url`` is given, a real server (``ludoteca serve``, SQLite in a temporary directory, every
action committed before it is broadcast) is started as a child process, so server and clients run in
separate processes and share the machine's cores as they would in production on one box. Every seat of
every game is a WebSocket client: when the server tells it that it is its turn, it "thinks" for a
random time (exponential, mean ``--think`` seconds; 0 = answer at once, which measures saturation),
then sends a random legal action. Latency is from sending an action to receiving, on the same socket,
the state that contains it (the broadcast). Figures are taken after a warm-up; games that end are
replaced by new ones so the number of live games stays constant.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import random
import statistics
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import serverproc
import websockets

from ludoteca.web.patches import apply


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    actions: int = 0
    errors: int = 0
    games_done: int = 0
    frames: int = 0
    bytes: int = 0
    recording: bool = False
    duration: float = 0.0
    client_cpu: float = 0.0
    """The simulated clients' CPU seconds per second (they share the machine with the server)."""
    server_cpu: float | None = None
    """Server CPU seconds per second while measuring (1.0 = one core busy)."""


def start_server(port: int, data_dir: str) -> subprocess.Popen[bytes]:
    # every simulated client comes from 127.0.0.1: lift the per-address limits a public server keeps
    limits = ["--creates-per-minute", "1000000", "--connections-per-address", "1000000", "--max-live-games", "100000"]
    return serverproc.start_server(port, data_dir, ["--bot-delay", "0", *limits])


async def seat_client(
    url: str, game_id: str, token: str, think: float, stats: Stats, rng: random.Random, light: bool
) -> bool:
    """Play one seat until the game ends; True if it ended (False: stopped). ``light``: take patches."""
    async with websockets.connect(f"{url}/ws/{game_id}", max_size=1 << 24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "lang": "en", "patches": light}))
        sent_at: float | None = None
        sent_version = -1
        state: dict[str, Any] = {}
        while True:
            raw = await ws.recv()
            message = json.loads(raw)
            if stats.recording:
                stats.frames += 1
                stats.bytes += len(raw.encode() if isinstance(raw, str) else raw)
            if message["type"] == "patch":
                message = apply(state, message)
            if message["type"] == "state":
                state = message
            if message["type"] == "error":
                if stats.recording:
                    stats.errors += 1
                sent_at = None
                await ws.send(json.dumps({"type": "sync"}))
                continue
            if message["type"] != "state":
                continue
            if sent_at is not None and message["version"] > sent_version:
                if stats.recording:
                    stats.latencies.append(time.perf_counter() - sent_at)
                    stats.actions += 1
                sent_at = None
            if message["result"] is not None:
                return True
            if message["legal"] and sent_at is None:
                if think:
                    await asyncio.sleep(rng.expovariate(1 / think))
                choice = rng.choice(message["legal"])["text"]
                sent_version = message["version"]
                sent_at = time.perf_counter()
                await ws.send(json.dumps({"type": "action", "version": sent_version, "action": choice}))


async def table(url: str, game: str, players: int, think: float, stats: Stats, rng: random.Random, light: bool) -> None:
    """Keep one live game going: create it, play it to the end with one client per seat, start another."""
    async with httpx.AsyncClient(timeout=30) as http:
        while True:
            seats = [{"kind": "human", "name": f"P{i}"} for i in range(players)]
            made = (await http.post(f"{url}/api/games", json={"game": game, "seats": seats})).json()
            ws_url = url.replace("http://", "ws://")
            clients = [
                seat_client(ws_url, made["id"], s["token"], think, stats, random.Random(rng.random()), light)
                for s in made["seats"]
            ]
            await asyncio.gather(*clients)
            if stats.recording:
                stats.games_done += 1


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def run(args: argparse.Namespace, url: str, proc: subprocess.Popen[bytes] | None, light: bool) -> Stats:
    stats = Stats()
    tasks = []
    for i in range(args.games):
        rng = random.Random(args.seed * 100003 + i)
        tasks.append(asyncio.create_task(table(url, args.game, args.players, args.think, stats, rng, light)))
        if i % 20 == 19:
            await asyncio.sleep(0.05)  # don't open 800 sockets in one burst
    await asyncio.sleep(args.warmup)
    stats.recording = True
    start, cpu0, mine0 = time.perf_counter(), _cpu(proc), time.process_time()
    await asyncio.sleep(args.duration)
    stats.recording = False
    elapsed, cpu1, mine1 = time.perf_counter() - start, _cpu(proc), time.process_time()
    stats.client_cpu = (mine1 - mine0) / elapsed
    if cpu0 is not None and cpu1 is not None:
        stats.server_cpu = (cpu1 - cpu0) / elapsed
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    stats.duration = elapsed
    return stats


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", help="a running server (default: start one)")
    parser.add_argument("--game", default="verraeter", choices=("verraeter", "kreta"))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200, help="concurrent games")
    parser.add_argument("--think", type=float, default=1.0, help="mean think time per decision, seconds")
    parser.add_argument("--duration", type=float, default=60.0, help="measured seconds")
    parser.add_argument("--warmup", type=float, default=15.0, help="seconds before measuring")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--tables", default="light", choices=("light", "whole", "both"), help="patches, whole tables, or both"
    )
    args = parser.parse_args()

    modes = {"light": [True], "whole": [False], "both": [False, True]}[args.tables]
    proc = None
    results: dict[str, Stats] = {}
    with tempfile.TemporaryDirectory() as data_dir:
        url = args.url
        if url is None:
            port = 18000 + os.getpid() % 1000
            proc = start_server(port, data_dir)
            url = f"http://127.0.0.1:{port}"
        try:
            for light in modes:
                results["light" if light else "whole"] = asyncio.run(run(args, url, proc, light))
        finally:
            if proc is not None:
                proc.terminate()
                proc.wait(timeout=10)
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    print(f"{args.games} concurrent {args.players}-player {args.game} games, think time mean {args.think} s")
    for name, stats in results.items():
        report(name, stats, args)
    if len(results) == 2:
        whole, light = results["whole"], results["light"]
        print("light updates against whole tables, per action:")
        print(f"  bytes to clients  {_ratio(per_action(whole, whole.bytes), per_action(light, light.bytes))}")
        if whole.server_cpu is not None and light.server_cpu is not None:
            cpu = _ratio(cpu_per_action(whole), cpu_per_action(light))
            print(f"  server CPU        {cpu}")


def per_action(stats: Stats, total: float) -> float:
    return total / stats.actions if stats.actions else float("nan")


def cpu_per_action(stats: Stats) -> float:
    """Server CPU seconds per action while measuring."""
    return per_action(stats, (stats.server_cpu or 0.0) * stats.duration)


def _ratio(before: float, after: float) -> str:
    return f"{before:12.5g} → {after:<12.5g} ({before / after:.1f}× less)" if after else "n/a"


def report(name: str, stats: Stats, args: argparse.Namespace) -> None:
    seconds = stats.duration
    lat = stats.latencies or [float("nan")]
    print(f"--- {name} tables: measured {seconds:.0f} s after {args.warmup:.0f} s warm-up")
    done = f"({stats.actions} actions, {stats.games_done} games ended)"
    print(f"actions/s        {stats.actions / seconds:8.1f}   {done}")
    print(f"frames/s         {stats.frames / seconds:8.1f}   ({stats.bytes / seconds / 1e6:.1f} MB/s to clients)")
    each = per_action(stats, stats.bytes)
    print(f"bytes/action     {each:8.0f}   ({each / args.players:.0f} to each client)")
    print(f"latency p50      {statistics.median(lat) * 1000:8.1f} ms")
    print(f"latency p99      {percentile(lat, 0.99) * 1000:8.1f} ms")
    print(f"latency max      {max(lat) * 1000:8.1f} ms")
    print(f"errors           {stats.errors}")
    if stats.server_cpu is not None:
        each_ms = cpu_per_action(stats) * 1000
        print(f"server CPU       {stats.server_cpu * 100:8.1f} % of one core ({each_ms:.2f} ms per action)")
    print(f"clients CPU      {stats.client_cpu * 100:8.1f} % of one core")


def _cpu(proc: subprocess.Popen[bytes] | None) -> float | None:
    """CPU seconds used so far by the server process (and its bot workers are not counted)."""
    if proc is None:
        return None
    try:
        with open(f"/proc/{proc.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return None


if __name__ == "__main__":
    main()
