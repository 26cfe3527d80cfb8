"""Attack benchmark, the lobby's side (issue #24, medium 2, 4, 5 and low 11, 12): what one creator or a
few addresses could do to the others through game creation, the open lobby, rematches and records.

Usage::

    .venv/bin/python benchmarks/attack_lobby.py            # every scenario against a fresh server
    .venv/bin/python benchmarks/attack_lobby.py --json     # the figures as one JSON object
    .venv/bin/python benchmarks/attack_lobby.py junk_public_games open_seat_grab   # some of them

A real server (``ludoteca serve``, SQLite in a temporary directory, its default limits) is started as a
child process, trusting ``X-Forwarded-For`` from loopback so that the IPv6 scenario can speak for clients
of one ``/64``; the attackers connect from 127.0.0.2…127.0.0.9 (as from other machines: the per-address
limits apply to them), the honest side from 127.0.0.1. Each scenario is an ``async def`` taking the
server's base URL and the attackers' addresses and returning its figures: ``server_errors`` (5xx),
``through`` (what got past the defence that should have stopped it; 0 after issue #24) and what it did.
A ``/healthz`` probe runs beside each scenario (its p99), and the server's survival and tracebacks are
reported at the end.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from typing import Any

import httpx
import serverproc
import websockets

ATTACKERS = [f"127.0.0.{i}" for i in range(2, 10)]
HONEST = "127.0.0.1"
DAY = 24 * 3600
Figures = dict[str, Any]


def client(address: str) -> httpx.AsyncClient:
    """An HTTP client whose requests leave from ``address`` (a loopback address of its own)."""
    return httpx.AsyncClient(transport=httpx.AsyncHTTPTransport(local_address=address), timeout=30)


def count(figures: Figures, response: httpx.Response) -> httpx.Response:
    """Tally a response's status in ``figures`` (``server_errors`` for a 5xx)."""
    figures.setdefault("answers", {})
    key = str(response.status_code)
    figures["answers"][key] = figures["answers"].get(key, 0) + 1
    if response.status_code >= 500:
        figures["server_errors"] += 1
    return response


def figures_of(name: str) -> Figures:
    return {"scenario": name, "server_errors": 0, "through": 0}


async def state_of(base: str, game_id: str, token: str | None, address: str = HONEST) -> dict[str, Any]:
    """The table's state as a seat (or a spectator) sees it on arriving."""
    url = base.replace("http://", "ws://") + f"/ws/{game_id}"
    async with websockets.connect(url, max_size=1 << 24, local_addr=(address, 0)) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if message["type"] == "state":
                return dict(message)


# ---------------------------------------------------------------------------------------------- scenarios


async def chosen_seed(base: str, attackers: list[str]) -> Figures:
    """Medium 2: a creator picks the seed of a public game (and knows every stranger's hand), or of a
    private one without the other seats being told. ``through``: public games accepted with a seed, and
    seats of a chosen deal not told so."""
    figures = figures_of("chosen_seed")
    seats = [{"kind": "human"}, {"kind": "open"}]
    async with client(attackers[0]) as http:
        for seed in range(5):
            body = {"game": "kreta", "seats": seats, "public": True, "seed": seed, "turn_seconds": DAY}
            if count(figures, await http.post(f"{base}/api/games", json=body)).status_code == 201:
                figures["through"] += 1
        private = {"game": "kreta", "seats": [{"kind": "human"}] * 2, "seed": 42}
        made = count(figures, await http.post(f"{base}/api/games", json=private)).json()
    told = 0
    for seat in made.get("seats", []):
        state = await state_of(base, made["id"], seat["token"])
        told += bool(state.get("chosen_deal"))
        if not state.get("chosen_deal"):
            figures["through"] += 1
    figures["seats_told_of_a_chosen_deal"] = told
    return figures


async def open_seat_grab(base: str, attackers: list[str], games: int = 6) -> Figures:
    """Medium 4: two addresses take every open seat of six public games (two open seats each), and a
    public game without a timer is made to stall. ``through``: second seats of one game taken by one
    address, and public games accepted without a timer."""
    figures = figures_of("open_seat_grab")
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "open"}, {"kind": "open"}]
    made = []
    async with client(HONEST) as http:
        for i in range(games):  # six honest creators (through the proxy the server trusts)
            body = {"game": "kreta", "seats": seats, "public": True, "turn_seconds": DAY}
            headers = {"X-Forwarded-For": f"192.0.2.{i + 1}"}
            response = count(figures, await http.post(f"{base}/api/games", json=body, headers=headers))
            if response.status_code == 201:
                made.append(response.json()["id"])
        untimed = {"game": "kreta", "seats": seats, "public": True}
        if count(figures, await http.post(f"{base}/api/games", json=untimed)).status_code == 201:
            figures["through"] += 1
    taken: dict[tuple[str, str], int] = {}
    for game_id in made:
        for address in attackers[:2]:
            async with client(address) as http:
                for seat in (1, 2):
                    response = count(figures, await http.post(f"{base}/api/open-games/{game_id}/seats/{seat}"))
                    if response.status_code == 200:
                        taken[(game_id, address)] = taken.get((game_id, address), 0) + 1
    figures["public_games"] = len(made)
    figures["seats_taken_by_attackers"] = sum(taken.values())
    figures["through"] += sum(n - 1 for n in taken.values() if n > 1)
    return figures


async def junk_public_games(base: str, attackers: list[str], tries: int = 51) -> Figures:
    """Medium 4: a real public game is made, then three addresses create 51 junk public games: is the real
    one still listed? ``through``: junk games listed beyond the cap, and 1 if the real game was pushed out
    of the list."""
    figures = figures_of("junk_public_games")
    seats = [{"kind": "human"}, {"kind": "open"}]
    body = {"game": "verraeter", "seats": [*seats, {"kind": "open"}], "public": True, "turn_seconds": 60}
    async with client(HONEST) as http:
        real = {"game": "kreta", "seats": seats, "public": True, "turn_seconds": DAY}
        headers = {"X-Forwarded-For": "192.0.2.200"}  # an honest creator of its own
        real_id = count(figures, await http.post(f"{base}/api/games", json=real, headers=headers)).json().get("id")
    created = 0
    junk_makers = attackers[2:5]  # addresses that have made no game in the other scenarios
    for i in range(tries):
        async with client(junk_makers[i % 3]) as http:
            created += count(figures, await http.post(f"{base}/api/games", json=body)).status_code == 201
    async with client(HONEST) as http:
        listed = (await http.get(f"{base}/api/open-games")).json()["games"]
    listed_ids = {g["id"] for g in listed}
    junk_listed = sum(1 for g in listed if g["game"] == "verraeter")
    figures.update(junk_created=created, junk_listed=junk_listed, real_listed=real_id in listed_ids)
    figures["through"] += max(0, junk_listed - 3 * 3) + (real_id not in listed_ids)
    return figures


async def _finish_by_leaving(base: str, game_id: str, tokens: list[str], address: str) -> None:
    """Every human leaves the seat to the autoplay bot, which plays the game to its end."""
    url = base.replace("http://", "ws://") + f"/ws/{game_id}"
    for token in tokens:
        async with websockets.connect(url, max_size=1 << 24, local_addr=(address, 0)) as ws:
            await ws.send(json.dumps({"type": "hello", "token": token}))
            await ws.send(json.dumps({"type": "leave"}))
            await asyncio.sleep(0.05)
    deadline = time.monotonic() + 120
    async with client(address) as http:
        while (await http.get(f"{base}/api/games/{game_id}/record")).status_code != 200:
            if time.monotonic() > deadline:
                raise TimeoutError(f"game {game_id} did not end")
            await asyncio.sleep(0.1)


async def rematch_chain(base: str, attackers: list[str], rounds: int = 30, limit: int = 20) -> Figures:
    """Medium 5: one address plays two-seat games to the end (its seats left to the autoplay bot) and
    proposes rematch after rematch: 263 games a minute got past a limit of 20 before. ``through``: games
    made beyond ``limit`` (the server's ``--creates-per-minute``) within the minute."""
    figures = figures_of("rematch_chain")
    address = attackers[-1]  # one the other scenarios create no games from
    started = time.monotonic()
    async with client(address) as http:
        first = count(
            figures, await http.post(f"{base}/api/games", json={"game": "kreta", "seats": [{"kind": "human"}] * 2})
        )
    made, refused = 1, 0
    game_id, tokens = first.json()["id"], [s["token"] for s in first.json()["seats"]]
    url = base.replace("http://", "ws://")
    for _ in range(rounds):
        if time.monotonic() - started > 60:
            break
        await _finish_by_leaving(base, game_id, tokens, address)
        table = f"{url}/ws/{game_id}"
        async with (
            websockets.connect(table, max_size=1 << 24, local_addr=(address, 0)) as a,
            websockets.connect(table, max_size=1 << 24, local_addr=(address, 0)) as b,
        ):
            await a.send(json.dumps({"type": "hello", "token": tokens[0]}))
            await b.send(json.dumps({"type": "hello", "token": tokens[1]}))
            await a.send(json.dumps({"type": "rematch"}))
            offer = await _until(a, lambda m: m["type"] == "rematch" or m.get("code") == "too_many_games")
            if offer["type"] != "rematch":
                refused += 1
                break
            other = await _until(b, lambda m: m["type"] == "rematch")
        made += 1
        game_id, tokens = offer["id"], [offer["token"], other["token"]]
    figures.update(games_made=made, refused=refused, seconds=round(time.monotonic() - started, 1))
    figures["through"] = max(0, made - limit)
    return figures


async def _until(ws: Any, predicate: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    while True:
        message = json.loads(await asyncio.wait_for(ws.recv(), 30))
        if predicate(message):
            return dict(message)


async def record_flood(base: str, attackers: list[str], requests: int = 400) -> Figures:
    """Low 11: records asked for as fast as they come, of made-up games and of a finished one, from every
    attacker address. ``through``: requests past the first 60 a minute of one address that reached the
    store (neither served from what is kept nor refused 429)."""
    figures = figures_of("record_flood")
    async with client(HONEST) as http:
        bots = [{"kind": "bot", "bot": "random"}] * 2
        made = (await http.post(f"{base}/api/games", json={"game": "kreta", "seats": bots})).json()
        while (await http.get(f"{base}/api/games/{made['id']}/record")).status_code != 200:
            await asyncio.sleep(0.1)

    async def one(address: str) -> tuple[int, int]:
        read = refused = 0
        async with client(address) as http:
            for i in range(requests):
                game_id = made["id"] if i % 2 else f"nope-{address}-{i}"
                response = count(figures, await http.get(f"{base}/api/games/{game_id}/record"))
                refused += response.status_code == 429
                read += response.status_code == 404
        return read, refused

    started = time.monotonic()
    results = await asyncio.gather(*(one(a) for a in attackers))
    figures["seconds"] = round(time.monotonic() - started, 1)
    figures["store_reads_per_address"] = [r for r, _ in results]
    figures["refused_429"] = sum(n for _, n in results)
    figures["through"] = sum(max(0, r - 60) for r, _ in results)
    return figures


async def ipv6_rotation(base: str, attackers: list[str], tries: int = 40, limit: int = 20) -> Figures:
    """Low 12: an IPv6 client with a /64 speaks from a new address for each request (through a proxy the
    server trusts, as in production). ``through``: games created beyond the per-address limit."""
    figures = figures_of("ipv6_rotation")
    created = 0
    async with client(HONEST) as http:
        for i in range(tries):
            headers = {"X-Forwarded-For": f"2001:db8:24:12:{i:x}::1"}
            body = {"game": "kreta", "seats": [{"kind": "human"}] * 2}
            created += count(figures, await http.post(f"{base}/api/games", json=body, headers=headers)).is_success
    figures["created"] = created
    figures["through"] = max(0, created - limit)
    return figures


SCENARIOS: dict[str, Callable[[str, list[str]], Awaitable[Figures]]] = {
    "chosen_seed": chosen_seed,
    "open_seat_grab": open_seat_grab,
    "junk_public_games": junk_public_games,
    "rematch_chain": rematch_chain,
    "record_flood": record_flood,
    "ipv6_rotation": ipv6_rotation,
}


# ---------------------------------------------------------------------------------------------- the run


async def healthz_probe(base: str, times: list[float], stop: asyncio.Event) -> None:
    async with httpx.AsyncClient(timeout=10) as http:
        while not stop.is_set():
            start = time.perf_counter()
            with contextlib.suppress(httpx.HTTPError):
                if (await http.get(f"{base}/healthz")).status_code == 200:
                    times.append(time.perf_counter() - start)
            await asyncio.sleep(0.05)


async def run(base: str, names: list[str]) -> list[Figures]:
    out = []
    for name in names:
        times: list[float] = []
        stop = asyncio.Event()
        probe = asyncio.create_task(healthz_probe(base, times, stop))
        try:
            figures = await SCENARIOS[name](base, ATTACKERS)
        except Exception as error:  # a scenario that cannot go on says why, the others still run
            figures = {**figures_of(name), "failed": f"{type(error).__name__}: {error}"}
        stop.set()
        await probe
        ordered = sorted(times)
        figures["healthz_p99_ms"] = round(ordered[int(0.99 * (len(ordered) - 1))] * 1000, 1) if ordered else None
        out.append(figures)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("scenarios", nargs="*", help=f"scenarios to run (default: all): {', '.join(SCENARIOS)}")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    names = args.scenarios or list(SCENARIOS)
    unknown = sorted(set(names) - set(SCENARIOS))
    if unknown:
        parser.error(f"no scenario {', '.join(unknown)}")
    with tempfile.TemporaryDirectory() as data_dir:
        port = 19000 + os.getpid() % 1000
        log_path = os.path.join(data_dir, "server.log")
        with open(log_path, "wb") as log:
            options = ["--bot-delay", "0", "--forwarded-allow-ips", "127.0.0.1"]
            proc = serverproc.start_server(port, data_dir, options, output=log)
            try:
                results = asyncio.run(run(f"http://127.0.0.1:{port}", names))
                alive = proc.poll() is None
            finally:
                proc.terminate()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(timeout=15)
        with open(log_path, encoding="utf-8", errors="replace") as f:
            server_log = f.read()
    summary = {
        "server_alive": alive,
        "server_tracebacks": server_log.count("Traceback"),
        "server_errors_5xx": sum(r["server_errors"] for r in results),
        "through": sum(r["through"] for r in results),
        "scenarios": results,
    }
    if args.json:
        print(json.dumps(summary, indent=1))
    else:
        for key, value in summary.items():
            if key != "scenarios":
                print(f"{key:24} {value}")
        for figures in results:
            print(json.dumps(figures, ensure_ascii=False))
    if summary["server_tracebacks"]:
        print(server_log[server_log.index("Traceback") :][:3000], file=sys.stderr)


if __name__ == "__main__":
    main()
