"""Load on the web server: many concurrent games played by simulated clients over loopback.

Usage::

    .venv/bin/python benchmarks/load.py --games 200 --players 4 --game verraeter --think 1.0 --duration 60
    .venv/bin/python benchmarks/load.py --url http://127.0.0.1:8000 ...   # against a server already running
    .venv/bin/python benchmarks/load.py --game kreta --games 50 --think 2 --tables both   # whole vs light
    .venv/bin/python benchmarks/load.py --game mixed --games 1000 --think 4 --database-url postgresql://… \
        --servers 2 --route game --client-processes 2      # several processes on one PostgreSQL

``--tables`` chooses what the clients ask for in their ``hello``: ``light`` (patches, as the page does),
``whole`` (a whole table after every action, as before light updates) or ``both``: one phase of each, one
after the other against the same server process, each with its own warm-up, reported side by side with the
ratios of bytes to clients and server CPU per action.

``--database-url`` puts the servers on PostgreSQL; ``--workers N`` starts ``serve --workers N`` (one port,
the kernel spreads the connections); ``--servers N`` starts N ``serve`` processes on N ports, as on N
machines behind a proxy: ``--route game`` sends all the clients of a game to one of them (a proxy hashing
on ``/ws/ID``), ``--route any`` each client anywhere. Server CPU counts every server process and its
children; with PostgreSQL, the database's processes' CPU is reported too. ``--client-processes`` spreads
the simulated clients over several processes (one Python process tops out near 4,000 sockets' traffic).

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
import multiprocessing
import os
import platform
import random
import statistics
import subprocess
import tempfile
import time
import zlib
from dataclasses import dataclass, field
from typing import Any

import httpx
import serverproc
import websockets

from ludoteca.web.seatview.patches import apply


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
    server_rss: float | None = None
    """The server processes' resident memory at the end of the measurement, bytes."""
    database_cpu: float | None = None
    """PostgreSQL's processes' CPU seconds per second while measuring (with ``--database-url``)."""


def start_server(port: int, data_dir: str, extra: list[str] | None = None) -> subprocess.Popen[bytes]:
    # every simulated client comes from 127.0.0.1: lift the per-address limits a public server keeps
    limits = ["--creates-per-minute", "1000000", "--connections-per-address", "1000000", "--max-live-games", "100000",
              "--http-connections-per-address", "1000000"]
    return serverproc.start_server(port, data_dir, ["--bot-delay", "0", *limits, *(extra or [])])


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


def server_for(urls: list[str], game_id: str) -> str:
    """The server a proxy hashing on ``/ws/ID`` would send every client of this game to."""
    return urls[zlib.crc32(game_id.encode()) % len(urls)]


async def table(
    urls: list[str], index: int, args: argparse.Namespace, stats: Stats, rng: random.Random, light: bool
) -> None:
    """Keep one live game going: create it, play it to the end with one client per seat, start another.

    With several servers, ``--route game`` sends the game's creation and all its clients to one server
    (chosen by the game's id); ``--route any`` sends each client to any server, as a proxy without
    affinity would, so each action is applied by every process that holds one of the game's clients."""
    game = args.game if args.game != "mixed" else ("verraeter", "kreta")[index % 2]
    async with httpx.AsyncClient(timeout=60) as http:
        while True:
            seats = [{"kind": "human", "name": f"P{i}"} for i in range(args.players)]
            made = (await http.post(f"{rng.choice(urls)}/api/games", json={"game": game, "seats": seats})).json()
            clients = []
            for s in made["seats"]:
                url = server_for(urls, made["id"]) if args.route == "game" else rng.choice(urls)
                ws_url = url.replace("http://", "ws://")
                own = random.Random(rng.random())
                clients.append(seat_client(ws_url, made["id"], s["token"], args.think, stats, own, light))
            await asyncio.gather(*clients)
            if stats.recording:
                stats.games_done += 1


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def play(args: argparse.Namespace, urls: list[str], indices: range, light: bool, record_at: float) -> Stats:
    """This process's share of the games: warm up until ``record_at`` (wall clock), then measure."""
    stats = Stats()
    tasks = []
    for n, i in enumerate(indices):
        rng = random.Random(args.seed * 100003 + i)
        tasks.append(asyncio.create_task(table(urls, i, args, stats, rng, light)))
        if n % 20 == 19:
            await asyncio.sleep(0.05)  # don't open 800 sockets in one burst
    await asyncio.sleep(max(0.0, record_at - time.time()))
    stats.recording = True
    start, mine0 = time.perf_counter(), time.process_time()
    await asyncio.sleep(args.duration)
    stats.recording = False
    elapsed, mine1 = time.perf_counter() - start, time.process_time()
    stats.client_cpu = (mine1 - mine0) / elapsed
    for t in tasks:
        t.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
    stats.duration = elapsed
    return stats


def _share(args: argparse.Namespace, urls: list[str], indices: range, light: bool, record_at: float, out: Any) -> None:
    out.put(asyncio.run(play(args, urls, indices, light, record_at)))


def run(args: argparse.Namespace, urls: list[str], servers: list[int], light: bool) -> Stats:
    """One phase: the games spread over ``--client-processes`` processes; server (and database) CPU taken
    over the same measured window."""
    record_at = time.time() + args.warmup + args.games / 400  # the last share's sockets are open by then
    k = max(1, args.client_processes)
    shares = [range(j, args.games, k) for j in range(k)]
    if k == 1:
        window = _Window(servers, args.database_url is not None, record_at, args.duration)
        stats = asyncio.run(_measured(play(args, urls, shares[0], light, record_at), window))
        stats.server_cpu, stats.database_cpu = window.server_cpu, window.database_cpu
        stats.server_rss = window.server_rss
        return stats
    context = multiprocessing.get_context("fork")
    out = context.Queue()
    children = [context.Process(target=_share, args=(args, urls, s, light, record_at, out)) for s in shares]
    for child in children:
        child.start()
    window = _Window(servers, args.database_url is not None, record_at, args.duration)
    window.take()
    parts = [out.get() for _ in children]
    for child in children:
        child.join()
    stats = Stats()
    for part in parts:
        stats.latencies += part.latencies
        for name in ("actions", "errors", "games_done", "frames", "bytes"):
            setattr(stats, name, getattr(stats, name) + getattr(part, name))
        stats.client_cpu += part.client_cpu
        stats.duration = max(stats.duration, part.duration)
    stats.server_cpu, stats.database_cpu = window.server_cpu, window.database_cpu
    stats.server_rss = window.server_rss
    return stats


class _Window:
    """CPU of the server processes (with their children: ``--workers`` and bot workers) and of the
    database's processes over the measured window."""

    def __init__(self, servers: list[int], database: bool, record_at: float, duration: float) -> None:
        self.servers, self.database, self.record_at, self.duration = servers, database, record_at, duration
        self.server_cpu: float | None = None
        self.database_cpu: float | None = None
        self.server_rss: float | None = None

    def take(self) -> None:
        time.sleep(max(0.0, self.record_at - time.time()))
        self._measure(time.sleep)

    async def take_async(self) -> None:
        await asyncio.sleep(max(0.0, self.record_at - time.time()))
        s0, d0, t0 = self._read()
        await asyncio.sleep(self.duration)
        self._done(s0, d0, t0)

    def _measure(self, sleep: Any) -> None:
        s0, d0, t0 = self._read()
        sleep(self.duration)
        self._done(s0, d0, t0)

    def _read(self) -> tuple[float | None, float | None, float]:
        if not self.servers:
            return None, None, time.perf_counter()
        table = _processes()
        server = sum(cpu for pid, (_, _, cpu) in table.items() if _descends(pid, self.servers, table))
        database = sum(cpu for _, (comm, _, cpu) in table.items() if comm == "postgres") if self.database else None
        return server, database, time.perf_counter()

    def _done(self, s0: float | None, d0: float | None, t0: float) -> None:
        s1, d1, t1 = self._read()
        if self.servers:
            table = _processes()
            self.server_rss = sum(_rss(pid) for pid in table if _descends(pid, self.servers, table))
        if s0 is not None and s1 is not None:
            self.server_cpu = (s1 - s0) / (t1 - t0)
        if d0 is not None and d1 is not None:
            self.database_cpu = (d1 - d0) / (t1 - t0)


async def _measured(game: Any, window: _Window) -> Stats:
    stats, _ = await asyncio.gather(game, window.take_async())
    return stats  # type: ignore[no-any-return]


def _processes() -> dict[int, tuple[str, int, float]]:
    """Every process: its command name, parent and CPU seconds so far (from ``/proc``)."""
    tick = os.sysconf("SC_CLK_TCK")
    table = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                raw = f.read()
        except OSError:
            continue
        comm = raw[raw.index("(") + 1 : raw.rindex(")")]
        fields = raw.rsplit(")", 1)[1].split()
        table[int(entry)] = (comm, int(fields[1]), (int(fields[11]) + int(fields[12])) / tick)
    return table


def _rss(pid: int) -> float:
    """Resident memory of a process in bytes (0 if it is gone)."""
    try:
        with open(f"/proc/{pid}/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, IndexError, ValueError):
        return 0.0


def _descends(pid: int, roots: list[int], table: dict[int, tuple[str, int, float]]) -> bool:
    for _ in range(64):
        if pid in roots:
            return True
        if pid not in table or pid <= 1:
            return False
        pid = table[pid][1]
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--url", action="append", help="a running server (repeat for several; default: start one)")
    parser.add_argument("--game", default="verraeter", choices=("verraeter", "kreta", "mixed"))
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=200, help="concurrent games")
    parser.add_argument("--think", type=float, default=1.0, help="mean think time per decision, seconds")
    parser.add_argument("--duration", type=float, default=60.0, help="measured seconds")
    parser.add_argument("--warmup", type=float, default=15.0, help="seconds before measuring")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--tables", default="light", choices=("light", "whole", "both"), help="patches, whole tables, or both"
    )
    parser.add_argument("--database-url", help="PostgreSQL for the servers (default: SQLite in a temporary directory)")
    parser.add_argument("--workers", type=int, default=1, help="serve --workers N (needs --database-url)")
    parser.add_argument("--servers", type=int, default=1, help="separate serve processes on one database")
    parser.add_argument(
        "--route",
        default="game",
        choices=("game", "any"),
        help="with --servers: a game's clients to one server, or any",
    )
    parser.add_argument("--client-processes", type=int, default=1, help="processes the simulated clients run in")
    args = parser.parse_args()
    if (args.workers > 1 or args.servers > 1) and not (args.database_url or args.url):
        parser.error("several server processes need --database-url (PostgreSQL)")

    modes = {"light": [True], "whole": [False], "both": [False, True]}[args.tables]
    procs: list[subprocess.Popen[bytes]] = []
    results: dict[str, Stats] = {}
    with tempfile.TemporaryDirectory() as data_dir:
        urls = args.url or []
        if not urls:
            extra = ["--workers", str(args.workers)] if args.workers > 1 else []
            if args.database_url:
                extra += ["--database-url", args.database_url]
            for j in range(args.servers):
                port = 18000 + (os.getpid() * 7 + j) % 1000
                procs.append(start_server(port, data_dir, extra))
                urls.append(f"http://127.0.0.1:{port}")
        try:
            for light in modes:
                results["light" if light else "whole"] = run(args, urls, [p.pid for p in procs], light)
        finally:
            for proc in procs:
                proc.terminate()
                proc.wait(timeout=20)
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}")
    where = f"{args.servers} server(s) × {args.workers} process(es), route {args.route}, "
    where += "PostgreSQL" if args.database_url else "SQLite"
    print(f"{args.games} concurrent {args.players}-player {args.game} games, think time mean {args.think} s; {where}")
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
    if stats.server_rss is not None:
        each = stats.server_rss / args.games / 1024
        print(f"server memory    {stats.server_rss / 2**20:8.0f} MiB resident ({each:.0f} kB a game, all counted)")
    if stats.database_cpu is not None:
        each_ms = per_action(stats, stats.database_cpu * stats.duration) * 1000
        print(f"database CPU     {stats.database_cpu * 100:8.1f} % of one core ({each_ms:.2f} ms per action)")
    print(f"clients CPU      {stats.client_cpu * 100:8.1f} % of one core")


if __name__ == "__main__":
    main()
