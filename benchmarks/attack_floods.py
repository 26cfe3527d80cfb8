"""Issue #33's attacks, each against a live server while another table plays, measured against the same
server's quiet figures in the same run (the machine may be loaded: compare ratios, not milliseconds).

Usage::

    .venv/bin/python benchmarks/attack_floods.py                         # every scenario, 5 s quiet + 8 s flood
    .venv/bin/python benchmarks/attack_floods.py unknown_keys big_frames --seconds 10
    .venv/bin/python benchmarks/attack_floods.py --json

A real ``ludoteca serve`` (benchmarks/serverproc.py; SQLite, one bot worker as on a small host, bot delay
0.2 s) is started per scenario on a data directory prepared once per run (finished games of random bots,
one of them reviewed). Attackers connect from 127.0.0.2 and up, the honest side from 127.0.0.1. The honest
side: ``/healthz`` probed every 50 ms; *another table* — two people at a Kreta table, each acting at once
when it is their turn, each action's round trip timed (sent → the state after it); and for the bot
scenarios a *victim* playing Kreta against the heuristic bot, whose every move is timed (from the state
where the bot is to act to the state after its move; the bot delay is in it). Each scenario reports the
quiet and the flood figures, their ratios, ``server_errors_5xx`` (answers ≥ 500 but deliberate 503s),
``crashes`` and ``server_tracebacks``, the server's memory (peak and at the end) and what the attack got.

- ``unknown_keys`` (finding 1): one address, 20 sockets at 10 frames a second each (under the per-connection
  rate), each frame just under 16 Ki characters of about 2,700 one-character unknown keys;
- ``big_frames`` (finding 2): two addresses × 40 sockets sending 1 MiB frames (and some of 60 KiB) as fast
  as they can, reconnecting when closed;
- ``cold_loads`` (finding 3): one address, 8 loops asking finished games' chat, review, replay frame and
  table, over more games than ``--max-live-games`` (8);
- ``review_reads`` (finding 4): one address, 16 readers of a done review in four languages;
- ``expert_tables`` (finding 5): one address, 6 Kreta tables of one human and three ``reader:expert``, the
  human acting at once; the victim's heuristic bot timed;
- ``review_queue`` (finding 6): one address asks for the review of every finished game; the victim's
  heuristic bot timed, and how many reviews were queued;
- ``replay_frames`` (point 3): one address, 8 loops asking random steps of the finished games' replays, in
  four languages and every perspective (each step replays the game to it and draws a table);
- ``silent_watchers`` (point 3, slow readers): four addresses × 50 spectators of the other table that never
  read what they are sent; the server's memory, and how many connections it still holds at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
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

HONEST = "127.0.0.1"
ATTACKERS = [f"127.0.0.{i}" for i in range(2, 6)]
BOT_DELAY = 0.2
FINISHED = 24
"""Finished games prepared for the scenarios that read stored games."""


@dataclass
class Watch:
    """What the honest side saw in one phase (quiet or flood)."""

    healthz: list[float] = field(default_factory=list)
    table: list[float] = field(default_factory=list)
    bot: list[float] = field(default_factory=list)
    answers: Counter[str] = field(default_factory=Counter)
    failures: int = 0

    def count(self, status: int) -> None:
        self.answers[str(status)] += 1


def pct(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000, 1)


def ws_url(base: str, game_id: str) -> str:
    return base.replace("http://", "ws://") + f"/ws/{game_id}"


def client(address: str, timeout: float = 30) -> httpx.AsyncClient:
    return httpx.AsyncClient(transport=httpx.AsyncHTTPTransport(local_address=address), timeout=timeout)


async def create(http: httpx.AsyncClient, base: str, body: dict[str, Any]) -> dict[str, Any]:
    response = await http.post(f"{base}/api/games", json=body)
    response.raise_for_status()
    return dict(response.json())


# ---------------------------------------------------------------------------------------------- the honest side


async def probe_healthz(base: str, watch: Watch, stop: asyncio.Event) -> None:
    async with client(HONEST, 10) as http:
        while not stop.is_set():
            started = time.perf_counter()
            try:
                response = await http.get(f"{base}/healthz")
                watch.count(response.status_code)
                if response.status_code == 200:
                    watch.healthz.append(time.perf_counter() - started)
            except httpx.HTTPError:
                watch.failures += 1
            await asyncio.sleep(0.05)


async def other_table(base: str, watch: Watch, stop: asyncio.Event, playing: list[str] | None = None) -> None:
    """Two people at a Kreta table, each acting at once on their turn; each action's round trip timed (the
    game's id appended to ``playing``, for attackers who watch it)."""
    rng = random.Random(3)
    async with client(HONEST) as http:
        while not stop.is_set():
            made = await create(http, base, {"game": "kreta", "seats": [{"kind": "human"}, {"kind": "human"}]})
            if playing is not None:
                playing.append(made["id"])
            sockets = [await websockets.connect(ws_url(base, made["id"]), max_size=1 << 24) for _ in range(2)]
            try:
                for seat, ws in enumerate(sockets):
                    await ws.send(json.dumps({"type": "hello", "token": made["seats"][seat]["token"]}))
                latest: list[dict[str, Any] | None] = [None, None]
                while not stop.is_set():
                    for seat, ws in enumerate(sockets):  # the newest state of each seat
                        while True:
                            try:
                                raw = await asyncio.wait_for(ws.recv(), 0.01 if latest[seat] else 30)
                            except TimeoutError:
                                break
                            message = json.loads(raw)
                            if message.get("type") == "state":
                                latest[seat] = message
                    state = latest[0]
                    if state is None or state["result"] is not None:
                        break
                    seat = state["to_act"]
                    mine = latest[seat] if seat in (0, 1) else None
                    if mine is None or not mine["legal"] or mine["version"] != state["version"]:
                        continue
                    ws = sockets[seat]
                    sent = time.perf_counter()
                    action = rng.choice(mine["legal"])["text"]
                    await ws.send(json.dumps({"type": "action", "version": mine["version"], "action": action}))
                    while True:
                        message = json.loads(await asyncio.wait_for(ws.recv(), 60))
                        if message.get("type") == "state" and message["version"] > mine["version"]:
                            watch.table.append(time.perf_counter() - sent)
                            latest[seat] = message
                            break
                        if message.get("type") == "error":
                            break
            except (TimeoutError, websockets.exceptions.WebSocketException):
                watch.failures += 1
            finally:
                for ws in sockets:
                    await ws.close()


async def victim(base: str, watch: Watch, stop: asyncio.Event) -> None:
    """Kreta against the heuristic bot, each move at once; every bot move timed."""
    rng = random.Random(7)
    async with client(HONEST) as http:
        while not stop.is_set():
            seats = [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}]
            made = await create(http, base, {"game": "kreta", "seats": seats})
            async with websockets.connect(ws_url(base, made["id"]), max_size=1 << 24) as ws:
                await ws.send(json.dumps({"type": "hello", "token": made["seats"][0]["token"]}))
                since: tuple[int, float] | None = None
                while not stop.is_set():
                    try:
                        message = json.loads(await asyncio.wait_for(ws.recv(), 1.0))
                    except TimeoutError:
                        continue
                    if message.get("type") != "state":
                        continue
                    now = time.perf_counter()
                    if since is not None and message["version"] > since[0]:
                        watch.bot.append(now - since[1])
                        since = None
                    if message["result"] is not None:
                        break
                    if message["to_act"] == 1 and since is None:
                        since = (message["version"], now)
                    elif message["to_act"] == 0 and message["legal"]:
                        action = rng.choice(message["legal"])["text"]
                        await ws.send(json.dumps({"type": "action", "version": message["version"], "action": action}))


# ---------------------------------------------------------------------------------------------- the scenarios

Flood = Callable[[str, asyncio.Event, dict[str, Any]], Awaitable[dict[str, Any]]]


async def unknown_keys(base: str, stop: asyncio.Event, data: dict[str, Any]) -> dict[str, Any]:
    keys = [chr(0x100 + i) for i in range(2700)]
    frame = '{"type":"chat","text":"hi",' + ",".join(f'"{k}":0' for k in keys) + "}"
    while len(frame) >= 16 * 1024:
        keys.pop()
        frame = '{"type":"chat","text":"hi",' + ",".join(f'"{k}":0' for k in keys) + "}"
    tally: Counter[str] = Counter()
    game = data["table"]

    async def one() -> None:
        async with websockets.connect(ws_url(base, game), local_addr=(ATTACKERS[0], 0), max_size=1 << 24) as ws:

            async def drain() -> None:
                async for raw in ws:
                    tally[f"answer:{json.loads(raw).get('code', 'other')}"] += 1

            reader = asyncio.create_task(drain())
            while not stop.is_set():
                await ws.send(frame)
                tally["sent"] += 1
                await asyncio.sleep(0.1)
            reader.cancel()

    await asyncio.gather(*(one() for _ in range(20)), return_exceptions=True)
    return {"keys_per_frame": len(keys), "frame_chars": len(frame), **tally}


async def big_frames(base: str, stop: asyncio.Event, data: dict[str, Any]) -> dict[str, Any]:
    tally: Counter[str] = Counter()
    huge, large = "x" * (1 << 20), "x" * (60 * 1024)

    async def one(address: str, frame: str) -> None:
        while not stop.is_set():
            try:
                async with websockets.connect(
                    ws_url(base, data["table"]), local_addr=(address, 0), max_size=1 << 24, open_timeout=10
                ) as ws:
                    while not stop.is_set():
                        await ws.send(frame)
                        tally["bytes_sent"] += len(frame)
                        with contextlib.suppress(TimeoutError):
                            await asyncio.wait_for(ws.recv(), 0.001)
            except websockets.exceptions.ConnectionClosed as e:
                tally[f"closed:{e.rcvd.code if e.rcvd else 'none'}"] += 1
            except (OSError, TimeoutError, websockets.exceptions.WebSocketException) as e:
                tally[f"error:{type(e).__name__}"] += 1
                await asyncio.sleep(0.1)

    jobs = [one(a, huge if i % 4 else large) for a in ATTACKERS[:2] for i in range(40)]
    await asyncio.gather(*jobs, return_exceptions=True)
    tally["mib_sent"] = tally.pop("bytes_sent", 0) >> 20
    return dict(tally)


async def cold_loads(base: str, stop: asyncio.Event, data: dict[str, Any]) -> dict[str, Any]:
    tally: Counter[str] = Counter()
    rng = random.Random(5)

    async def one() -> None:
        async with client(ATTACKERS[0]) as http:
            while not stop.is_set():
                game = rng.choice(data["finished"])
                path = rng.choice([f"/api/replay/{game}/chat", f"/api/review/{game}", f"/api/replay/{game}?n=3", "ws"])
                if path == "ws":
                    try:
                        async with websockets.connect(ws_url(base, game), local_addr=(ATTACKERS[0], 0)) as ws:
                            await ws.send(json.dumps({"type": "hello", "token": None}))
                            kind = json.loads(await asyncio.wait_for(ws.recv(), 30)).get("type")
                            tally[f"ws:{kind}"] += 1
                    except (OSError, TimeoutError, websockets.exceptions.WebSocketException) as e:
                        tally[f"ws:{type(e).__name__}"] += 1
                    continue
                try:
                    tally[str((await http.get(base + path)).status_code)] += 1
                except httpx.HTTPError as e:
                    tally[type(e).__name__] += 1

    await asyncio.gather(*(one() for _ in range(8)))
    async with client(HONEST) as http:
        tally["unloaded"] = (await http.get(f"{base}/healthz")).json()["unloaded"]
    return dict(tally)


async def review_reads(base: str, stop: asyncio.Event, data: dict[str, Any]) -> dict[str, Any]:
    tally: Counter[str] = Counter()

    async def one(i: int) -> None:
        lang = ["en", "de", "fr", "it"][i % 4]
        async with client(ATTACKERS[0]) as http:
            while not stop.is_set():
                try:
                    tally[str((await http.get(f"{base}/api/review/{data['reviewed']}?lang={lang}")).status_code)] += 1
                except httpx.HTTPError as e:
                    tally[type(e).__name__] += 1

    await asyncio.gather(*(one(i) for i in range(16)))
    return dict(tally)


async def expert_tables(base: str, stop: asyncio.Event, data: dict[str, Any]) -> dict[str, Any]:
    tally: Counter[str] = Counter()

    async def one(i: int) -> None:
        rng = random.Random(i)
        async with client(ATTACKERS[0]) as http:
            while not stop.is_set():
                seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "reader:expert"}] * 3
                made = await create(http, base, {"game": "kreta", "seats": seats})
                async with websockets.connect(ws_url(base, made["id"]), local_addr=(ATTACKERS[0], 0)) as ws:
                    await ws.send(json.dumps({"type": "hello", "token": made["seats"][0]["token"]}))
                    while not stop.is_set():
                        try:
                            message = json.loads(await asyncio.wait_for(ws.recv(), 1.0))
                        except TimeoutError:
                            continue
                        if message.get("type") != "state":
                            continue
                        if message["result"] is not None:
                            break
                        if message["to_act"] == 0 and message["legal"]:
                            action = rng.choice(message["legal"])["text"]
                            move = {"type": "action", "version": message["version"], "action": action}
                            await ws.send(json.dumps(move))
                            tally["moves"] += 1

    await asyncio.gather(*(one(i) for i in range(6)))
    return dict(tally)


async def review_queue(base: str, stop: asyncio.Event, data: dict[str, Any]) -> dict[str, Any]:
    tally: Counter[str] = Counter()
    async with client(ATTACKERS[0]) as http:
        answers = await asyncio.gather(*(http.post(f"{base}/api/review/{g}") for g in data["finished"][1:]))
        for answer in answers:
            tally[f"asked:{answer.status_code}"] += 1
        await stop.wait()
        health = (await http.get(f"{base}/healthz")).json()
    tally["jobs_waiting_at_end"] = health["jobs_waiting"]
    return dict(tally)


async def replay_frames(base: str, stop: asyncio.Event, data: dict[str, Any]) -> dict[str, Any]:
    tally: Counter[str] = Counter()
    rng = random.Random(11)

    async def one(i: int) -> None:
        lang = ["en", "de", "fr", "it"][i % 4]
        async with client(ATTACKERS[0]) as http:
            while not stop.is_set():
                game = rng.choice(data["finished"])
                query = f"n={rng.randrange(0, 60)}&seat={rng.choice(['-1', '0', '1', 'all'])}&lang={lang}"
                try:
                    answer = await http.get(f"{base}/api/replay/{game}?{query}")
                    tally[str(answer.status_code)] += 1
                except httpx.HTTPError as e:
                    tally[type(e).__name__] += 1

    await asyncio.gather(*(one(i) for i in range(8)))
    return dict(tally)


async def silent_watchers(base: str, stop: asyncio.Event, data: dict[str, Any]) -> dict[str, Any]:
    """Four addresses × 50 spectators of the table two people play, none of them reading what it is sent."""
    tally: Counter[str] = Counter()
    while not data["playing"]:
        await asyncio.sleep(0.05)
    game = data["playing"][-1]
    sockets = []
    for address in ATTACKERS[:4]:
        for _ in range(50):
            try:
                ws = await websockets.connect(ws_url(base, game), local_addr=(address, 0), max_queue=1)
                await ws.send(json.dumps({"type": "hello", "token": None}))
                sockets.append(ws)
            except (OSError, TimeoutError, websockets.exceptions.WebSocketException) as e:
                tally[f"error:{type(e).__name__}"] += 1
    tally["watching"] = len(sockets)
    await stop.wait()
    async with client(HONEST) as http:
        tally["connections_at_end"] = (await http.get(f"{base}/healthz")).json()["connections"]
    for ws in sockets:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(ws.close(), 1)
    return dict(tally)


SCENARIOS: dict[str, tuple[Flood, list[str], bool]] = {
    "unknown_keys": (unknown_keys, [], False),
    "big_frames": (big_frames, [], False),
    "cold_loads": (cold_loads, ["--max-live-games", "8"], False),
    "review_reads": (review_reads, [], False),
    "expert_tables": (expert_tables, [], True),
    "review_queue": (review_queue, ["--review-iterations", "300"], True),
    "replay_frames": (replay_frames, [], False),
    "silent_watchers": (silent_watchers, [], False),
}
"""Each scenario, the ``ludoteca serve`` options it adds, and whether the victim's bot is timed (else the
other table of two people)."""


# ---------------------------------------------------------------------------------------------- the run


async def phase(
    base: str, seconds: float, bots: bool, flood: Flood | None, data: dict[str, Any]
) -> tuple[Watch, dict[str, Any]]:
    watch, stop = Watch(), asyncio.Event()
    table = victim(base, watch, stop) if bots else other_table(base, watch, stop, data.setdefault("playing", []))
    honest = [probe_healthz(base, watch, stop), table]
    tasks = [asyncio.create_task(h) for h in honest]
    attack = asyncio.create_task(flood(base, stop, data)) if flood is not None else None
    await asyncio.sleep(seconds)
    stop.set()
    own: dict[str, Any] = {}
    if attack is not None:
        try:
            own = await asyncio.wait_for(attack, 60)
        except Exception as e:  # the attack's own failure is a figure, not the end of the run
            own = {"attack_failed": repr(e)}
    for task in tasks:
        with contextlib.suppress(Exception):
            await asyncio.wait_for(task, 60)
    return watch, own


def ratio(after: float | None, before: float | None) -> float | None:
    return None if after is None or not before else round(after / before, 1)


async def scenario(base: str, name: str, quiet: float, seconds: float, data: dict[str, Any]) -> dict[str, Any]:
    flood, _, bots = SCENARIOS[name]
    async with client(HONEST) as http:
        data["table"] = (await create(http, base, {"game": "kreta", "seats": [{"kind": "human"}] * 2}))["id"]
    calm, _ = await phase(base, quiet, bots, None, data)
    storm, own = await phase(base, seconds, bots, flood, data)
    series = "bot" if bots else "table"
    out: dict[str, Any] = {}
    for label, values in (("healthz", "healthz"), ("bot_move" if bots else "other_table", series)):
        for q in (0.5, 0.99):
            before, after = pct(getattr(calm, values), q), pct(getattr(storm, values), q)
            out[f"{label}_p{int(q * 100)}_ms"] = [before, after, ratio(after, before)]
    out[f"{series}_measured"] = [len(getattr(calm, series)), len(getattr(storm, series))]
    answers = calm.answers + storm.answers
    out["server_errors_5xx"] = sum(n for code, n in answers.items() if int(code) >= 500 and code != "503")
    out["honest_failures"] = calm.failures + storm.failures
    out["attack"] = own
    return out


def memory_mb(pid: int) -> tuple[float | None, float | None]:
    peak = now = None
    with contextlib.suppress(OSError), open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                peak = round(int(line.split()[1]) / 1024, 1)
            elif line.startswith("VmRSS:"):
                now = round(int(line.split()[1]) / 1024, 1)
    return peak, now


def prepare(data_dir: str, port: int) -> dict[str, Any]:
    """Finished games of random bots (one of them reviewed) in ``data_dir``, on a server of its own."""
    args = ["--bot-delay", "0", "--bot-workers", "1", "--creates-per-minute", "1000", "--max-bot-games", "8",
            "--review-iterations", "20"]
    with open(os.path.join(data_dir, "prepare.log"), "wb") as log:
        proc = serverproc.start_server(port, data_dir, args, output=log)
    base = f"http://127.0.0.1:{port}"
    try:
        finished = []
        with httpx.Client(timeout=60) as http:
            for i in range(FINISHED):
                game = ["verraeter", "kreta"][i % 2]
                seats = [{"kind": "bot", "bot": "random"}] * 3
                made = http.post(f"{base}/api/games", json={"game": game, "seats": seats}).json()
                finished.append(made["id"])
                while http.get(f"{base}/healthz").json()["bot_games"] >= 8:
                    time.sleep(0.2)
            for game_id in finished:
                while http.get(f"{base}/api/games/{game_id}/record").status_code != 200:
                    time.sleep(0.2)
            reviewed = finished[0]
            http.post(f"{base}/api/review/{reviewed}")
            while http.get(f"{base}/api/review/{reviewed}").json()["status"] != "done":
                time.sleep(0.5)
    finally:
        proc.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=15)
    return {"finished": finished, "reviewed": reviewed}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("scenarios", nargs="*", help=f"which of {', '.join(SCENARIOS)} (default: all)")
    parser.add_argument("--quiet", type=float, default=5.0, help="seconds measured before each flood")
    parser.add_argument("--seconds", type=float, default=8.0, help="seconds of flood per scenario")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    unknown = set(args.scenarios) - set(SCENARIOS)
    if unknown:
        parser.error(f"no scenario {', '.join(sorted(unknown))}")
    results: dict[str, Any] = {
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "load": os.getloadavg()[0],
    }
    port = 19100 + os.getpid() % 300
    with tempfile.TemporaryDirectory() as prepared:
        data = prepare(prepared, port)
        for name in args.scenarios or SCENARIOS:
            with tempfile.TemporaryDirectory() as data_dir:
                subprocess.run(["cp", "-a", f"{prepared}/.", data_dir], check=True)
                log_path = os.path.join(data_dir, "server.log")
                extra = SCENARIOS[name][1]
                with open(log_path, "wb") as log:
                    server = ["--bot-delay", str(BOT_DELAY), "--bot-workers", "1", *extra]
                    proc = serverproc.start_server(port, data_dir, server, output=log)
                try:
                    figures = asyncio.run(scenario(f"http://127.0.0.1:{port}", name, args.quiet, args.seconds, data))
                    figures["crashes"] = 0 if proc.poll() is None else 1
                    figures["server_peak_mb"], figures["server_end_mb"] = memory_mb(proc.pid)
                finally:
                    proc.terminate()
                    with contextlib.suppress(subprocess.TimeoutExpired):
                        proc.wait(timeout=15)
                with open(log_path, encoding="utf-8", errors="replace") as f:
                    server_log = f.read()
                figures["server_tracebacks"] = server_log.count("Traceback")
                if figures["server_tracebacks"]:
                    print(f"{name}: {server_log[server_log.index('Traceback'):][:12000]}", file=sys.stderr)
            results[name] = figures
            if not args.json:
                print(f"== {name}")
                for key, value in figures.items():
                    print(f"  {key:24} {value}")
                sys.stdout.flush()
    if args.json:
        print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
