"""Faults under load: a busy site on two server processes and PostgreSQL, while a fault plan runs (issue #29).

Usage::

    nice .venv/bin/python benchmarks/faults.py --games 300 --duration 600 --out runs/faults.json
    .venv/bin/python benchmarks/faults.py --games 6 --duration 40 --plan once     # each fault once, quickly

What runs: a private PostgreSQL cluster (``pgtemp.TempCluster``, so restarting it touches nothing else), two
``ludoteca serve`` processes on it (each with ``PGAPPNAME=ludoteca-<i>``, so its database connections can be
found), and ``--games`` live games — Verräter and Kreta in turn, every seat a WebSocket client that thinks for an
exponential time (mean ``--think``) and plays a random legal action; a finished game is replaced by a new one.
Each game's clients go to one server (a proxy hashing on the game, as in ``load.py --route game``); when that
server does not answer, to the other (a proxy failing over), and back when it is up again.

The fault plan (``--plan full``): ``kill -9`` of a server process every 30–60 s (restarted at once, as a
supervisor would), PostgreSQL restarted once with ``-m immediate`` (a crash: no checkpoint), 10% of the client
connections cut at random moments, and one process's database connections terminated once
(``pg_terminate_backend``). ``--plan once`` does each fault once (the test suite's short version,
``tests/web/test_faults.py``). After the plan, no faults until every game has moved on or finished (at most
``--settle`` seconds).

What is counted, from the clients' ledger and the database itself:

- an action is **acknowledged** when its client got the server's ``ack`` naming the action's ``id`` (each send
  has its own id; the server acknowledges an action once it is stored, ``docs/web.md``). A state of a later
  version is *not* counted as an acknowledgement (the first version of this benchmark did, which could count
  an action as acknowledged that was never answered); how many sends that older rule would have counted,
  and how many of those it would have called lost, is reported beside (``inferred_acks``, ``inferred_lost``);
- **lost**: acknowledged, but the database's action at that version is not that seat's action;
- **applied twice** (or applied unsent): a stored action that no client of that seat sent for that version;
- **diverged**: games the server marked diverged; **stuck**: games neither finished nor moving during the settle
  time (every game must be finished or still playable when the plan ends);
- **served again after**, per fault: the longest wait, from the fault, of an action sent before or within a
  second of it; **p99 outside the fault windows**: action latency (send → the state that holds it) of actions
  that did not overlap a fault's window.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import tempfile
import time
import zlib
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pgtemp
import psycopg
import websockets

LIMITS = ["--creates-per-minute", "1000000", "--connections-per-address", "1000000", "--max-live-games", "100000",
          "--http-connections-per-address", "1000000", "--loads-per-minute", "1000000"]
"""Every client of the benchmark comes from one address: the per-address limits a host keeps for strangers
(issue #33: ``--loads-per-minute`` refused 298 table loads of the reconnecting clients after a kill -9) are
lifted, so that what is measured is the site's answer to the faults, not its answer to one greedy address."""


@dataclass
class Send:
    """One action a client sent (a retry after a reconnection is another ``Send`` of the same version, with
    an ``id`` of its own)."""

    game: str
    seat: int
    version: int
    text: str
    sent_at: float
    id: int = 0
    """The request's ``id``, unique in the run: the server's ``ack`` or ``error`` names it."""
    seen_at: float | None = None
    """When its client first saw a state of a later version (the first version's "acknowledgement")."""
    acked_at: float | None = None
    """When the server's ``ack`` of it arrived: it is stored."""
    refused: bool = False
    """The server's ``error`` named it (nothing changed)."""


@dataclass
class Ledger:
    sends: list[Send] = field(default_factory=list)
    faults: list[tuple[str, float]] = field(default_factory=list)
    progress: dict[str, tuple[int, float]] = field(default_factory=dict)
    """Each game's highest version seen, and when it was first seen."""
    finished: set[str] = field(default_factory=set)
    games: set[str] = field(default_factory=set)
    reconnects: int = 0
    cuts: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    """The servers' refusals of the clients' messages, by code."""
    refused_creations: list[tuple[int, float]] = field(default_factory=list)
    """Game creations a server answered with an error (status, when)."""
    redraws_at_pending: int = 0
    """States at an unanswered action's version on the connection that sent it (another seat's page came or
    went): the first version of this client sent the action again at each, and took the refusal of that copy
    for the refusal of whatever it sent next — one of the two ways its count could call an action lost."""
    by_id: dict[int, Send] = field(default_factory=dict)
    """Every send by its request ``id``."""

    def send(self, send: Send) -> Send:
        """Record ``send`` under the next id."""
        send.id = len(self.by_id) + 1
        self.by_id[send.id] = send
        self.sends.append(send)
        return send


class Servers:
    """The ``serve`` processes: started, killed with SIGKILL (with their bot workers), started again."""

    def __init__(self, count: int, database_url: str, root: Path, extra: list[str]) -> None:
        self.ports = [pgtemp.free_port() for _ in range(count)]
        self.urls = [f"http://127.0.0.1:{p}" for p in self.ports]
        self.database_url = database_url
        self.root = root
        self.extra = extra
        self.procs: list[subprocess.Popen[bytes] | None] = [None] * count

    def start(self, i: int) -> None:
        env = {**os.environ, "PGAPPNAME": f"ludoteca-{i}"}
        code = "import sys; from ludoteca.cli.main import main; sys.argv = ['ludoteca', *sys.argv[1:]]; main()"
        args = ["serve", "--port", str(self.ports[i]), "--data-dir", str(self.root / f"s{i}"), "--database-url",
                self.database_url, "--bot-delay", "0", *LIMITS, *self.extra]
        log = (self.root / f"server{i}.log").open("ab")
        self.procs[i] = subprocess.Popen([sys.executable, "-c", code, *args], env=env, stdout=log,
                                         stderr=subprocess.STDOUT, start_new_session=True)

    def wait_up(self, i: int, timeout: float = 60.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.urls[i] + "/healthz", timeout=2).status_code == 200:
                    return
            time.sleep(0.1)
        raise SystemExit(f"server {i} did not start (see {self.root}/server{i}.log)")

    def kill(self, i: int) -> None:
        proc = self.procs[i]
        if proc is not None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=30)

    def stop(self) -> None:
        for proc in self.procs:
            if proc is not None and proc.poll() is None:
                proc.terminate()
                try:
                    proc.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    os.killpg(proc.pid, signal.SIGKILL)


def _route(urls: list[str], game_id: str, attempt: int) -> str:
    """The game's server, or after failures the others in turn (a proxy failing over)."""
    first = zlib.crc32(game_id.encode()) % len(urls)
    return urls[(first + attempt) % len(urls)]


class Cut(Exception):
    """This client's connection is cut by the fault plan."""


async def seat_client(
    urls: list[str], game_id: str, seat: int, token: str, think: float, ledger: Ledger, rng: random.Random,
    stop: asyncio.Event, cut_at: float | None,
) -> None:
    """Play one seat to the game's end, reconnecting through faults; every send and answer into ``ledger``.

    An action is acknowledged by the server's ``ack`` naming its ``id``, refused by an ``error`` naming it; a
    state of a later version without either (the connection broke before the answer) leaves it unanswered,
    and the client goes on from the state it sees.
    """
    pending: Send | None = None
    attempt = 0
    while not stop.is_set() and game_id not in ledger.finished:
        url = _route(urls, game_id, attempt).replace("http://", "ws://")
        try:
            async with websockets.connect(f"{url}/ws/{game_id}", max_size=1 << 24, open_timeout=5) as ws:
                await ws.send(json.dumps({"type": "hello", "token": token, "lang": "en", "patches": False}))
                attempt = 0
                fresh = True  # the first state on this connection: an unanswered send is sent again
                async for raw in ws:
                    now = time.monotonic()
                    if cut_at is not None and now >= cut_at:
                        cut_at = None
                        ledger.cuts += 1
                        ws.transport.abort()  # as a dropped network does: no close handshake
                        raise Cut
                    message = json.loads(raw)
                    answered = ledger.by_id.get(message.get("request") or 0)
                    if message.get("type") == "ack" and answered is not None:
                        answered.acked_at = now
                        if pending is answered:
                            pending = None
                        continue
                    if message.get("type") == "error":
                        code = message.get("code", "?")
                        ledger.errors[code] = ledger.errors.get(code, 0) + 1
                        if answered is not None:
                            answered.refused = True
                        if pending is None or pending is not answered:
                            continue  # an older copy's answer, or none's (``too_fast``)
                        if code in ("unavailable", "storage"):  # nothing changed: "try again", as a player would
                            await asyncio.sleep(0.2 + rng.random() * 0.3)
                            pending = ledger.send(Send(game_id, seat, pending.version, pending.text, time.monotonic()))
                            await ws.send(json.dumps({"type": "action", "version": pending.version,
                                                      "action": pending.text, "id": pending.id}))
                            continue
                        pending = None
                        if code != "stale":  # (a stale action's refusal comes with the newest table)
                            await ws.send(json.dumps({"type": "sync"}))
                        continue
                    if message.get("type") != "state":
                        continue
                    version = message["version"]
                    if ledger.progress.get(game_id, (-1, 0.0))[0] < version:
                        ledger.progress[game_id] = (version, now)
                    if pending is not None and version > pending.version:
                        pending.seen_at = now  # unanswered (its answer was lost with a connection): move on
                        pending = None
                    if message["result"] is not None:
                        ledger.finished.add(game_id)
                        return
                    if not message["legal"] or stop.is_set():
                        continue
                    if pending is not None and pending.version == version:
                        if not fresh:  # the same table again (a redraw): the answer is still to come
                            ledger.redraws_at_pending += 1  # the first version sent the action again here
                            continue
                        # reconnected, and the action sent before is not in: send it again (same version)
                        pending = Send(game_id, seat, version, pending.text, time.monotonic())
                    elif pending is None:
                        if think:
                            await asyncio.sleep(rng.expovariate(1 / think))
                        text = rng.choice(message["legal"])["text"]
                        pending = Send(game_id, seat, version, text, time.monotonic())
                    else:
                        continue
                    fresh = False
                    ledger.send(pending)
                    action = {"type": "action", "version": version, "action": pending.text, "id": pending.id}
                    await ws.send(json.dumps(action))
        except (TimeoutError, Cut, OSError, websockets.exceptions.WebSocketException):
            ledger.reconnects += 1
            attempt += 1
            await asyncio.sleep(min(2.0, 0.2 * attempt) + rng.random() * 0.2)


async def table(
    urls: list[str], index: int, think: float, ledger: Ledger, rng: random.Random, stop: asyncio.Event,
    cut_share: float, cut_window: tuple[float, float],
) -> None:
    """Keep one live game going until ``stop``: create it (on any server that answers), play it, start another."""
    game = ("verraeter", "kreta")[index % 2]
    players = 3 if game == "verraeter" else 2 + index % 3
    async with httpx.AsyncClient(timeout=30) as http:
        while not stop.is_set():
            seats = [{"kind": "human", "name": f"P{i}"} for i in range(players)]
            made = None
            attempt = 0
            while made is None and not stop.is_set():
                with contextlib.suppress(httpx.HTTPError, ValueError):
                    answer = await http.post(f"{urls[(index + attempt) % len(urls)]}/api/games",
                                             json={"game": game, "seats": seats})
                    if answer.is_success:
                        made = answer.json()
                        break
                    ledger.refused_creations.append((answer.status_code, time.monotonic()))
                attempt += 1
                await asyncio.sleep(0.5)
            if made is None:
                return
            ledger.games.add(made["id"])
            clients = []
            for s in made["seats"]:
                cut = rng.uniform(*cut_window) if rng.random() < cut_share else None
                clients.append(seat_client(urls, made["id"], s["seat"], s["token"], think, ledger,
                                           random.Random(rng.random()), stop, cut))
            await asyncio.gather(*clients)


def _all_moved(ledger: Ledger, since: float) -> bool:
    """Every game is finished or has moved on since ``since``: nothing can be stuck any more."""
    return all(g in ledger.finished or ledger.progress.get(g, (0, 0.0))[1] >= since for g in ledger.games)


def plan(kind: str, duration: float, servers: int, rng: random.Random) -> list[tuple[float, str, int]]:
    """The faults, as (seconds from the start, what, which server)."""
    if kind == "once":
        step = duration / 4
        return [(step, "kill", 0), (2 * step, "postgres", -1), (3 * step, "drop-db", 1)]
    faults: list[tuple[float, str, int]] = []
    t = rng.uniform(30, 60)
    while t < duration:
        faults.append((t, "kill", rng.randrange(servers)))
        t += rng.uniform(30, 60)
    faults.append((rng.uniform(0.3, 0.5) * duration, "postgres", -1))
    faults.append((rng.uniform(0.6, 0.8) * duration, "drop-db", rng.randrange(servers)))
    return sorted(faults)


async def run_plan(faults: list[tuple[float, str, int]], start: float, servers: Servers,
                   cluster: pgtemp.TempCluster, ledger: Ledger) -> None:
    for at, what, which in faults:
        await asyncio.sleep(max(0.0, start + at - time.monotonic()))
        ledger.faults.append((f"{what}{'' if which < 0 else f' server {which}'}", time.monotonic()))
        if what == "kill":
            await asyncio.to_thread(servers.kill, which)
            servers.start(which)  # a supervisor restarts it at once
        elif what == "postgres":
            await asyncio.to_thread(cluster.restart)
        elif what == "drop-db":
            await asyncio.to_thread(cluster.terminate, f"ludoteca-{which}")


def check(ledger: Ledger, database_url: str, settle_from: float) -> dict[str, Any]:
    """Count what was lost, doubled, diverged or stuck, from the ledger and the database."""
    with psycopg.connect(database_url) as conn:
        rows = conn.execute("SELECT game_id, n, seat, action FROM actions").fetchall()
        diverged = conn.execute("SELECT count(*) FROM games WHERE diverged_at IS NOT NULL").fetchone()
        finished = {r[0] for r in conn.execute("SELECT id FROM games WHERE finished").fetchall()}
    stored: dict[str, dict[int, tuple[int, str]]] = {}
    for game_id, n, seat, action in rows:
        stored.setdefault(game_id, {})[n] = (seat, action)
    base = {g: min(by_n) for g, by_n in stored.items()}  # the first action's n (0 or 1, whatever the schema)
    sent = {(s.game, s.seat, s.version, s.text) for s in ledger.sends}

    def at(s: Send) -> Any:
        return stored.get(s.game, {}).get(s.version + base.get(s.game, 0))

    lost = [s for s in ledger.sends if s.acked_at is not None and at(s) != (s.seat, s.text)]
    # the first version's rule: a later version seen (or an ack) counted as the acknowledgement
    inferred = [s for s in ledger.sends if s.acked_at is None and s.seen_at is not None]
    inferred_lost = [s for s in inferred if at(s) != (s.seat, s.text)]
    unsent = [(g, n) for g, by_n in stored.items() for n, (seat, action) in by_n.items()
              if (g, seat, n - base[g], action) not in sent]
    stuck = [g for g in ledger.games if g not in finished and ledger.progress.get(g, (0, 0.0))[1] < settle_from]

    lost_examples = [
        {**asdict(s), "stored": at(s), "base": base.get(s.game),
         "around": [asdict(o) for o in ledger.sends if o.game == s.game and abs(o.version - s.version) <= 1]}
        for s in lost[:3]
    ]
    return {"lost": len(lost), "inferred_acks": len(inferred), "inferred_lost": len(inferred_lost),
            "acked_and_refused": sum(s.acked_at is not None and s.refused for s in ledger.sends),
            "applied_unsent": len(unsent), "diverged": int(diverged[0] if diverged else 0),
            "stuck": len(stuck), "games": len(ledger.games), "finished": len(finished & ledger.games),
            "stored_actions": len(rows),
            "examples": {"lost": lost_examples, "unsent": unsent[:3], "stuck": stuck[:3],
                         # what a stuck game's clients last sent and saw, against what the database holds
                         "stuck_detail": [
                             {"game": g, "stored": len(stored.get(g, {})), "seen": ledger.progress.get(g, (-1, 0.0))[0],
                              "last_sends": [asdict(o) for o in [o for o in ledger.sends if o.game == g][-3:]]}
                             for g in stuck[:3]
                         ],
                         "inferred_lost": [{**asdict(s), "stored": at(s)} for s in inferred_lost[:3]]}}


def figures(ledger: Ledger) -> dict[str, Any]:
    """Recovery after each fault, and latency outside the faults' windows."""
    acked = [s for s in ledger.sends if s.acked_at is not None]
    acks: dict[tuple[str, int, int], list[float]] = {}
    for s in acked:
        acks.setdefault((s.game, s.seat, s.version), []).append(s.acked_at)  # type: ignore[arg-type]

    def served(s: Send) -> float | None:
        """When the action of ``s`` was acknowledged — ``s`` itself, or a copy tried again after a refusal."""
        times = [t for t in acks.get((s.game, s.seat, s.version), []) if t >= s.sent_at]
        return min(times, default=None)

    recoveries = []
    windows = []
    for name, at in ledger.faults:
        waits = [t - at for s in ledger.sends if s.sent_at <= at + 1 and (t := served(s)) is not None and t > at]
        worst = max(waits, default=0.0)
        recoveries.append({"fault": name, "served_again_after_s": round(worst, 2), "actions_waiting": len(waits)})
        windows.append((at, at + worst + 1))
    quiet = sorted(s.acked_at - s.sent_at for s in acked  # type: ignore[operator]
                   if not any(s.sent_at <= end and s.acked_at >= begin for begin, end in windows))  # type: ignore[operator]

    def pct(q: float) -> float:
        return round(1000 * quiet[min(len(quiet) - 1, int(q * len(quiet)))], 1) if quiet else 0.0

    return {"faults": recoveries, "acked_actions": len(acked), "quiet_actions": len(quiet),
            "p50_ms_outside_faults": pct(0.5), "p99_ms_outside_faults": pct(0.99),
            "refused_sends": sum(s.refused for s in ledger.sends), "reconnects": ledger.reconnects,
            "cuts": ledger.cuts, "errors": ledger.errors, "redraws_at_pending": ledger.redraws_at_pending,
            "refused_creations": _by_fault(ledger, ledger.refused_creations),
            "refused_statuses": sorted({status for status, _ in ledger.refused_creations})}


def _by_fault(ledger: Ledger, events: list[tuple[int, float]]) -> dict[str, int]:
    """How many ``events`` (status, when) fell after each fault (before the next), by status."""
    out: dict[str, int] = {}
    marks = [("before any fault", 0.0), *ledger.faults]
    for status, when in events:
        name = next(n for n, at in reversed(marks) if at <= when)
        key = f"{name}: {status}"
        out[key] = out.get(key, 0) + 1
    return out


async def main_async(args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(args.seed)
    root = Path(tempfile.mkdtemp(prefix="ludoteca-faults-"))
    with pgtemp.TempCluster() as cluster:
        servers = Servers(args.servers, cluster.url, root, args.serve_arg)
        for i in range(args.servers):
            servers.start(i)
        for i in range(args.servers):
            await asyncio.to_thread(servers.wait_up, i)
        ledger = Ledger()
        stop = asyncio.Event()
        start = time.monotonic()
        faults = plan(args.plan, args.duration, args.servers, rng)
        tables = [asyncio.create_task(table(servers.urls, i, args.think, ledger, random.Random(rng.random()), stop,
                                            args.cut_share, (start + 5, start + args.duration)))
                  for i in range(args.games)]
        try:
            await run_plan(faults, start, servers, cluster, ledger)
            await asyncio.sleep(max(0.0, start + args.duration - time.monotonic()))
            settle_from = time.monotonic()
            while time.monotonic() < settle_from + args.settle and not _all_moved(ledger, settle_from):
                await asyncio.sleep(0.5)
            stop.set()
            await asyncio.wait(tables, timeout=30)
        finally:
            for task in tables:
                task.cancel()
            servers.stop()
        outcome = check(ledger, cluster.url, settle_from)
    return {"settings": {k: v for k, v in vars(args).items() if k != "out"}, "plan": faults, **outcome,
            **figures(ledger), "server_logs": str(root)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=300, help="live games (Verräter and Kreta in turn)")
    parser.add_argument("--servers", type=int, default=2)
    parser.add_argument("--duration", type=float, default=600.0, help="seconds the fault plan runs")
    parser.add_argument("--settle", type=float, default=60.0,
                        help="at most this many seconds without faults at the end, until every game moved on")
    parser.add_argument("--think", type=float, default=2.0, help="mean think time per decision, seconds")
    parser.add_argument("--plan", choices=("full", "once"), default="full")
    parser.add_argument("--cut-share", type=float, default=0.1, help="share of client connections cut once")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--serve-arg", action="append", default=[], help="one more `serve` argument (repeat)")
    parser.add_argument("--out", type=Path, help="write the figures here as JSON too")
    args = parser.parse_args()
    result = asyncio.run(main_async(args))
    text = json.dumps(result, indent=1, default=str)
    print(text)
    if args.out:
        args.out.write_text(text)


if __name__ == "__main__":
    main()
