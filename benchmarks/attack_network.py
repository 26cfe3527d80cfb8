"""Network attacks of issue #24 (findings 7, 8 and 10) against a live server, one at a time, while a
normal game goes on and ``/healthz`` is probed.

Usage::

    .venv/bin/python benchmarks/attack_network.py                     # every single-server scenario
    .venv/bin/python benchmarks/attack_network.py slowloris hello_flood --seconds 10
    .venv/bin/python benchmarks/attack_network.py --database-url postgresql://…   # + the two-process ones
    .venv/bin/python benchmarks/attack_network.py --json

A real ``ludoteca serve`` (SQLite in a temporary directory, or two processes on the PostgreSQL named by
``--database-url``) is started as a child process, as ``benchmarks/attack.py`` does. Attackers connect from
127.0.0.2 and up, the normal player and the probe from 127.0.0.1, so per-address limits apply to the
attackers only. Each scenario is an ``async def`` taking the server's base URL (two for the cluster ones)
and the attackers' source addresses, and returning its figures: ``server_errors_5xx`` seen by anyone,
``healthz_p99_ms`` and ``healthz_failures`` during the flood, ``other_table_p50_ms`` / ``_p99_ms`` (a
person's action against bots at another table, think time excluded), and what the attack itself got.
The runner adds, per scenario, whether the server survived (``crashes``), the tracebacks in its log and
its peak resident memory (``VmHWM``).

- ``slowloris``: from each address, connections that send half a request head and then a byte every
  few seconds, never finishing (finding 7: half-sent requests never timed out);
- ``big_header``: heads with one header of 8 MB each, several at once (finding 7: one 300 MB header held
  390 MB);
- ``connection_hoard``: as many idle connections as each address can open, held (finding 7: with a
  1,024-file limit, 1,100 of them made every other request fail);
- ``hello_flood``: sockets sending ``hello`` in a loop at a table with 200 chat lines (finding 8: 20
  sockets made the server send 195 MB/s);
- ``presence_toggle``: one seat's token toggled between seat and spectator in a loop at a table with
  40 watching pages (finding 8: each toggle redrew every other page);
- ``bad_token_cluster`` (two processes): hellos with made-up tokens on the process that did not create
  the game, with watchers there (finding 8: each reloaded the game from PostgreSQL and redrew the table);
- ``chat_cluster`` (two processes): one seat chatting as fast as it can from a page on each process
  (finding 10: 8–9 messages stored against a limit of 5, ``storage`` refusals, numbers twice).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Coroutine
from typing import Any

import httpx
import serverproc
import websockets
from attack import Probe, healthz_probe, normal_player, pct

ATTACKERS = [f"127.0.0.{i}" for i in range(2, 10)]
HUMANS = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]
SECONDS = 15.0
"""How long each flood lasts (``--seconds``)."""


def ws_url(base: str, game_id: str) -> str:
    return base.replace("http://", "ws://") + f"/ws/{game_id}"


def kind_of(raw: str | bytes) -> str:
    return str(json.loads(raw).get("type"))


def host_port(base: str) -> tuple[str, int]:
    host, port = base.removeprefix("http://").split(":")
    return host, int(port)


async def create(base: str, seats: list[dict[str, Any]]) -> dict[str, Any]:
    async with httpx.AsyncClient(timeout=30) as http:
        response = await http.post(f"{base}/api/games", json={"game": "kreta", "seats": seats})
        response.raise_for_status()
        return dict(response.json())


async def measured(base: str, flood: Callable[[asyncio.Event], Coroutine[Any, Any, dict[str, Any]]]) -> dict[str, Any]:
    """Run ``flood`` (which returns when the event is set, or sooner) for :data:`SECONDS` beside the
    probe and the normal player; its figures with the honest side's."""
    probe, stop = Probe(), asyncio.Event()
    honest = [
        asyncio.create_task(healthz_probe(base, probe, stop)),
        asyncio.create_task(normal_player(base, probe, stop, random.Random(7))),
    ]
    attack = asyncio.create_task(flood(stop))
    await asyncio.sleep(SECONDS)
    stop.set()
    figures = await attack
    await asyncio.gather(*honest, return_exceptions=True)
    return {
        **figures,
        "server_errors_5xx": figures.get("server_errors_5xx", 0),
        "healthz_p99_ms": round(pct(probe.healthz, 0.99), 1),
        "healthz_failures": probe.healthz_failures,
        "other_table_p50_ms": round(pct(probe.action, 0.5), 1),
        "other_table_p99_ms": round(pct(probe.action, 0.99), 1),
        "other_table_actions": len(probe.action),
    }


# ---------------------------------------------------------------------------------------------- finding 7


async def slowloris(base: str, attackers: list[str], per_address: int = 200) -> dict[str, Any]:
    host, port = host_port(base)
    figures = {"opened": 0, "refused": 0, "closed_by_server": 0, "open_at_end": 0}

    async def one(addr: str, stop: asyncio.Event) -> None:
        try:
            reader, writer = await asyncio.open_connection(host, port, local_addr=(addr, 0))
        except OSError:
            figures["refused"] += 1
            return
        figures["opened"] += 1
        try:
            writer.write(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            while not stop.is_set():
                await writer.drain()
                with contextlib.suppress(asyncio.TimeoutError):
                    if await asyncio.wait_for(reader.read(1024), 3.0) == b"":
                        figures["closed_by_server"] += 1
                        return
                writer.write(b"a")
            figures["open_at_end"] += 1
        except OSError:
            figures["closed_by_server"] += 1
        finally:
            writer.close()

    async def flood(stop: asyncio.Event) -> dict[str, Any]:
        await asyncio.gather(*(one(addr, stop) for addr in attackers for _ in range(per_address)))
        return figures

    return await measured(base, flood)


async def big_header(base: str, attackers: list[str], size: int = 8 << 20, at_once: int = 4) -> dict[str, Any]:
    host, port = host_port(base)
    figures: dict[str, Any] = {"sent": 0, "answers": {}, "bytes_taken_max": 0}

    async def one(addr: str, stop: asyncio.Event) -> None:
        while not stop.is_set():
            figures["sent"] += 1
            taken = 0
            try:
                reader, writer = await asyncio.open_connection(host, port, local_addr=(addr, 0))
                writer.write(b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ")
                chunk = b"a" * 65536
                with contextlib.suppress(OSError):
                    while taken < size and not reader.at_eof():
                        writer.write(chunk)
                        await asyncio.wait_for(writer.drain(), 10)
                        taken += len(chunk)
                answer = await asyncio.wait_for(reader.read(64), 10)
                status = answer[9:12].decode("ascii", "replace") or "closed"
                writer.close()
            except (TimeoutError, OSError) as e:
                status = type(e).__name__
            figures["answers"][status] = figures["answers"].get(status, 0) + 1
            figures["bytes_taken_max"] = max(figures["bytes_taken_max"], taken)

    async def flood(stop: asyncio.Event) -> dict[str, Any]:
        await asyncio.gather(*(one(addr, stop) for addr in attackers[:at_once]))
        return figures

    return await measured(base, flood)


async def connection_hoard(base: str, attackers: list[str], per_address: int = 160) -> dict[str, Any]:
    host, port = host_port(base)
    figures = {"opened": 0, "told_429": 0, "failed": 0, "held_after_1s": 0}

    async def flood(stop: asyncio.Event) -> dict[str, Any]:
        held: list[tuple[asyncio.StreamReader, asyncio.StreamWriter]] = []
        for addr in attackers:
            for _ in range(per_address):
                try:
                    held.append(await asyncio.open_connection(host, port, local_addr=(addr, 0)))
                    figures["opened"] += 1
                except OSError:
                    figures["failed"] += 1
        await asyncio.sleep(1.0)
        for reader, _writer in held:
            with contextlib.suppress(asyncio.TimeoutError, OSError):
                first = await asyncio.wait_for(reader.read(32), 0.01)
                if first.startswith(b"HTTP/1.1 429"):
                    figures["told_429"] += 1
                continue
            figures["held_after_1s"] += 1
        await stop.wait()
        for _reader, writer in held:
            writer.close()
        return figures

    return await measured(base, flood)


# ---------------------------------------------------------------------------------------------- finding 8


async def hello_flood(base: str, attackers: list[str], sockets: int = 20) -> dict[str, Any]:
    """(The finding's table also had 200 chat lines, which each hello resent; filling them takes 400 s at
    the chat's rate, so here each answer is the whole state alone.)"""
    made = await create(base, HUMANS)
    figures = {"received_bytes": 0, "too_fast": 0, "seconds": 0.0}

    async def one(addr: str, stop: asyncio.Event) -> None:
        async with websockets.connect(ws_url(base, made["id"]), local_addr=(addr, 0), max_size=1 << 24) as ws:

            async def drain() -> None:
                async for raw in ws:
                    figures["received_bytes"] += len(raw)
                    if kind_of(raw) == "error":
                        figures["too_fast"] += 1

            reader = asyncio.create_task(drain())
            while not stop.is_set():
                await ws.send(json.dumps({"type": "hello", "token": None}))
                await asyncio.sleep(0.005)
            reader.cancel()

    async def flood(stop: asyncio.Event) -> dict[str, Any]:
        started = time.monotonic()
        await asyncio.gather(
            *(one(attackers[i % len(attackers)], stop) for i in range(sockets)), return_exceptions=True
        )
        figures["seconds"] = round(time.monotonic() - started, 1)
        figures["sent_mb_per_s"] = round(figures["received_bytes"] / figures["seconds"] / 1e6, 2)
        return figures

    return await measured(base, flood)


async def presence_toggle(base: str, attackers: list[str], watchers: int = 40) -> dict[str, Any]:
    made = await create(base, HUMANS)
    token = made["seats"][0]["token"]
    figures: dict[str, Any] = {"toggles": 0, "watchers": 0, "watcher_states": 0}

    async def watcher(addr: str, stop: asyncio.Event) -> None:
        async with websockets.connect(ws_url(base, made["id"]), local_addr=(addr, 0), max_size=1 << 24) as ws:
            await ws.send(json.dumps({"type": "hello", "token": None}))
            figures["watchers"] += 1
            while not stop.is_set():
                with contextlib.suppress(asyncio.TimeoutError):
                    if kind_of(await asyncio.wait_for(ws.recv(), 0.5)) == "state":
                        figures["watcher_states"] += 1

    async def toggler(addr: str, stop: asyncio.Event) -> None:
        async with websockets.connect(ws_url(base, made["id"]), local_addr=(addr, 0), max_size=1 << 24) as ws:
            reader = asyncio.create_task(ws.wait_closed())
            seated = False
            while not stop.is_set():
                seated = not seated
                await ws.send(json.dumps({"type": "hello", "token": token if seated else None}))
                figures["toggles"] += 1
                await asyncio.sleep(0.01)
            reader.cancel()

    async def flood(stop: asyncio.Event) -> dict[str, Any]:
        # the watchers spread over the other addresses (each has its limits), the toggler on the first
        await asyncio.gather(
            *(watcher(attackers[1 + i % (len(attackers) - 1)], stop) for i in range(watchers)),
            toggler(attackers[0], stop),
            return_exceptions=True,
        )
        per_watcher = figures["watcher_states"] / max(1, figures["watchers"])
        figures["states_per_watcher_per_s"] = round(per_watcher / SECONDS, 1)
        return figures

    return await measured(base, flood)


async def bad_token_cluster(bases: list[str], attackers: list[str], watchers: int = 20) -> dict[str, Any]:
    made = await create(bases[0], HUMANS)
    figures: dict[str, Any] = {"hellos": 0, "watchers": 0, "watcher_states": 0}

    async def watcher(addr: str, stop: asyncio.Event) -> None:
        async with websockets.connect(ws_url(bases[1], made["id"]), local_addr=(addr, 0), max_size=1 << 24) as ws:
            await ws.send(json.dumps({"type": "hello", "token": None}))
            figures["watchers"] += 1
            while not stop.is_set():
                with contextlib.suppress(asyncio.TimeoutError):
                    if kind_of(await asyncio.wait_for(ws.recv(), 0.5)) == "state":
                        figures["watcher_states"] += 1

    async def liar(addr: str, stop: asyncio.Event) -> None:
        async with websockets.connect(ws_url(bases[1], made["id"]), local_addr=(addr, 0)) as ws:
            drain = asyncio.create_task(ws.wait_closed())
            while not stop.is_set():
                await ws.send(json.dumps({"type": "hello", "token": os.urandom(12).hex()}))
                figures["hellos"] += 1
                await asyncio.sleep(0.002)
            drain.cancel()

    async def flood(stop: asyncio.Event) -> dict[str, Any]:
        await asyncio.gather(
            *(watcher(attackers[4 + i % 4], stop) for i in range(watchers)),
            *(liar(addr, stop) for addr in attackers[:4]),
            return_exceptions=True,
        )
        figures["redraws_per_watcher"] = round(figures["watcher_states"] / max(1, figures["watchers"]) - 1, 1)
        return figures

    return await measured(bases[1], flood)


# ---------------------------------------------------------------------------------------------- finding 10


async def chat_cluster(bases: list[str], attackers: list[str]) -> dict[str, Any]:
    """Rounds of 20 messages from one seat, half through each process, 11 s apart (the rate's window is
    10 s): at most 5 stored per round, numbered once each, no ``storage``."""
    rounds = max(1, int(SECONDS // 11))
    made = await create(bases[0], HUMANS)
    token = made["seats"][0]["token"]
    figures: dict[str, Any] = {"sent": 0, "refusals": {}, "numbers_seen_twice": 0}
    seen: list[dict[int, int]] = [{}, {}]

    async def page(i: int, stop: asyncio.Event, ready: asyncio.Event, go: list[asyncio.Event]) -> None:
        url = ws_url(bases[i], made["id"])
        async with websockets.connect(url, local_addr=(attackers[i % len(attackers)], 0)) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))

            async def drain() -> None:
                async for raw in ws:
                    message = json.loads(raw)
                    if message["type"] == "chat":
                        n = message["message"]["n"]
                        seen[i][n] = seen[i].get(n, 0) + 1
                    elif message["type"] == "error":
                        figures["refusals"][message["code"]] = figures["refusals"].get(message["code"], 0) + 1

            reader = asyncio.create_task(drain())
            ready.set()
            for event in go:
                await event.wait()
                for k in range(10):
                    figures["sent"] += 1
                    await ws.send(json.dumps({"type": "chat", "text": f"{i}.{k}"}))
            await stop.wait()
            reader.cancel()

    async def flood(stop: asyncio.Event) -> dict[str, Any]:
        ready = [asyncio.Event(), asyncio.Event()]
        go = [asyncio.Event() for _ in range(rounds)]
        pages = [asyncio.create_task(page(i, stop, ready[i], go)) for i in (0, 1)]
        for event in ready:
            await event.wait()
        for event in go:
            event.set()
            await asyncio.sleep(11.0)
        figures["stored"] = len(set(seen[0]) | set(seen[1]))  # every page gets every stored message
        figures["stored_limit"] = 5 * rounds
        figures["numbers_seen_twice"] = sum(1 for s in seen for count in s.values() if count > 1)
        stop.set()
        await asyncio.gather(*pages, return_exceptions=True)
        return figures

    return await measured(bases[1], flood)


SINGLE = {
    "slowloris": slowloris,
    "big_header": big_header,
    "connection_hoard": connection_hoard,
    "hello_flood": hello_flood,
    "presence_toggle": presence_toggle,
}
CLUSTER = {"bad_token_cluster": bad_token_cluster, "chat_cluster": chat_cluster}


def peak_memory_mb(pid: int) -> float | None:
    with contextlib.suppress(OSError), open(f"/proc/{pid}/status", encoding="ascii") as f:
        for line in f:
            if line.startswith("VmHWM:"):
                return round(int(line.split()[1]) / 1024, 1)
    return None


def main() -> None:
    global SECONDS
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("scenarios", nargs="*", help=f"of {', '.join([*SINGLE, *CLUSTER])} (default: all that apply)")
    parser.add_argument("--seconds", type=float, default=SECONDS, help="how long each flood lasts")
    parser.add_argument("--database-url", help="PostgreSQL for the two-process scenarios")
    parser.add_argument(
        "--server-files",
        type=int,
        default=1024,
        help="the server's limit of open files (the finding's machine had 1,024)",
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    SECONDS = args.seconds
    chosen = args.scenarios or [*SINGLE, *(CLUSTER if args.database_url else [])]
    results = {"machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}"}
    for name in chosen:
        cluster = name in CLUSTER
        if cluster and not args.database_url:
            raise SystemExit(f"{name} needs --database-url postgresql://…")
        with tempfile.TemporaryDirectory() as data_dir:
            ports = [19500 + (os.getpid() + i) % 400 for i in range(2 if cluster else 1)]
            log_path = os.path.join(data_dir, "server.log")
            extra = ["--bot-delay", "0.2", "--bot-workers", "1"]
            if args.database_url:
                extra += ["--database-url", args.database_url]
            with open(log_path, "wb") as log:
                procs = [
                    serverproc.start_server(port, os.path.join(data_dir, str(port)), extra, output=log)
                    for port in ports
                ]
            for p in procs:
                resource.prlimit(p.pid, resource.RLIMIT_NOFILE, (args.server_files, args.server_files))
            bases = [f"http://127.0.0.1:{port}" for port in ports]
            try:
                scenario: Any = CLUSTER[name] if cluster else SINGLE[name]
                figures = asyncio.run(scenario(bases if cluster else bases[0], ATTACKERS))
                figures["crashes"] = sum(1 for p in procs if p.poll() is not None)
                figures["server_peak_mb"] = [peak_memory_mb(p.pid) for p in procs]
            finally:
                for p in procs:
                    p.terminate()
                    with contextlib.suppress(subprocess.TimeoutExpired):
                        p.wait(timeout=15)
            with open(log_path, encoding="utf-8", errors="replace") as f:
                figures["server_tracebacks"] = f.read().count("Traceback")
        results[name] = figures
        if not args.json:
            print(name)
            for key, value in figures.items():
                print(f"  {key:28} {value}")
            sys.stdout.flush()
    if args.json:
        print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
