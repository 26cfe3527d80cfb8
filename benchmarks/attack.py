"""Attack benchmark: a flood of adversarial requests and frames against a live server, while a normal
game goes on beside it.

Usage::

    .venv/bin/python benchmarks/attack.py                 # 100,000 requests and frames (about two minutes)
    .venv/bin/python benchmarks/attack.py --total 20000   # a shorter run
    .venv/bin/python benchmarks/attack.py --json          # the figures as one JSON object
    .venv/bin/python benchmarks/attack.py --findings      # issues #24's and #33's findings, scenario by scenario

A real server (``ludoteca serve``, SQLite in a temporary directory, bot workers in processes) is started
as a child process. The attackers connect from other loopback addresses (127.0.0.2–127.0.0.9) than the
normal player and the health probe (127.0.0.1), as they would from other machines, so per-address limits
apply to them and not to the player. What they send (every kind is drawn at random, seeded):

- HTTP: random bytes, random JSON, deeply nested JSON, create-game bodies with one field corrupted
  (weaponised bot specs such as ``ismcts:infs``, mistyped options, names with control, bidi and zero-width
  characters or a seat marker, wrong seat counts, huge or fractional seeds), floods of valid creations,
  "my games" with junk tokens, random and traversal paths, uploaded records whose options name the server's
  files (``/dev/zero``, ``/proc/self/fd/N``, ``/etc/shadow``, directories: issue #24);
- WebSocket: random bytes and JSON, nested ``[[[[…``, unknown types, hellos with wrong tokens, stale,
  illegal and out-of-turn actions with stolen tokens of seats not to act, spectators acting, hint floods
  from many sockets of one seat, sockets that send and never read, bursts of connections.

Reported: crashes of the server (0), 5xx answers (0), bad input accepted (0), state changes caused by
rejected input (0: the frozen target games are unchanged at the end), ``/healthz`` latency before and
during the flood (p99 under 100 ms), and the normal game's action latency before and during the flood.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx
import serverproc
import websockets

ATTACKERS = [f"127.0.0.{i}" for i in range(2, 10)]
WEAPON_BOTS = ["ismcts:infs", "ismcts:99999s", "ismcts:1000000000", "ismcts:nan", "ismcts:-1", "openspiel-ismcts",
               "ismcts:1e308s", "heuristic:7", "", "random" * 1000]
BAD_NAMES = ["Ada\x00", "\u202eAda", "A\u200bda", "Ada (you)", "Ada (tu)", "Ada (toi)", "Ada (du)", "x" * 500,
             "\x1b[31mred", "   ", "\ufeff", "<script>alert(1)</script>"]
PATHS = ["/static/../../etc/passwd", "/static/%2e%2e/%2e%2e/etc/passwd", "/g/", "/g/" + "a" * 5000, "/rules/chess",
         "/rules/../app.py", "/i18n/../../x.json", "/i18n/xx.json", "/api/games/nope/record", "/ws/x", "/%00",
         "/api/games", "/healthz?x=" + "y" * 4000]


@dataclass
class Tally:
    sent: Counter[str] = field(default_factory=Counter)
    answers: Counter[str] = field(default_factory=Counter)
    server_errors: int = 0
    ws_dropped: int = 0
    """Junk-sending sockets the server dropped abnormally (1006, 1011): a message must never end a connection
    unless a stated limit says so (with its own close code)."""
    accepted_bad: list[str] = field(default_factory=list)
    transport_errors: Counter[str] = field(default_factory=Counter)

    @property
    def total(self) -> int:
        return sum(self.sent.values())


@dataclass
class Probe:
    healthz: list[float] = field(default_factory=list)
    healthz_failures: int = 0
    action: list[float] = field(default_factory=list)


# ---------------------------------------------------------------------------------------------- payloads


def random_json(rng: random.Random, depth: int = 0) -> Any:
    kind = rng.randrange(8 if depth < 4 else 5)
    if kind == 0:
        return rng.randrange(-(2**70), 2**70)
    if kind == 1:
        return rng.choice([1e308, -0.0, 3.5, float(rng.random())])
    if kind == 2:
        return "".join(chr(rng.randrange(1, 0x3000)) for _ in range(rng.randrange(20)))
    if kind == 3:
        return rng.choice([True, False, None])
    if kind == 4:
        return rng.choice(["hello", "action", "hint", "sync", "leave", "take_back", "lang", "ping"])
    if kind in (5, 6):
        keys = ["type", "token", "version", "action", "lang", "game", "seats", "options", "seed", rng.random()]
        return {str(rng.choice(keys)): random_json(rng, depth + 1) for _ in range(rng.randrange(5))}
    return [random_json(rng, depth + 1) for _ in range(rng.randrange(5))]


def nested(rng: random.Random) -> str:
    k = rng.randrange(200, 6000)
    return rng.choice(["[" * k + "]" * k, '{"a":' * k + "1" + "}" * k, "[" * k, '{"type":"hello","x":' + "[" * k])


def bad_create(rng: random.Random) -> dict[str, Any]:
    """A create-game body that looks right but has one field wrong: the server must refuse it."""
    body: dict[str, Any] = {"game": "verraeter", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "heuristic"},
                                                           {"kind": "bot", "bot": "random"}]}
    flaw = rng.randrange(9)
    if flaw == 0:
        body["seats"][1]["bot"] = rng.choice(WEAPON_BOTS)
    elif flaw == 1:
        body["game"] = "kreta"
        body["seats"] = body["seats"][:2]
        body["options"] = {"abbot_blocks_passing": rng.choice(["yes", 1, "true", None, [], {}])}
    elif flaw == 2:  # a bad name (which the server may clean rather than refuse) on a game that does not exist
        body["seats"][0]["name"] = rng.choice(BAD_NAMES)
        body["game"] = rng.choice(["chess", "verraeter\x00", "", 7])
    elif flaw == 3:
        body["seats"] = body["seats"] * rng.choice([0, 3, 100])
    elif flaw == 4:
        body["seed"] = rng.choice([1.5, -1, 2**64, "12", True, [1]])
    elif flaw == 5:
        body["options"] = {"hand_limit": rng.choice(["6", 7, 6.0, True, None]), "landscapes": "/etc/passwd"}
    elif flaw == 6:
        body["turn_seconds"] = rng.choice([-5, 1e9, "60", True, 10**12])
    elif flaw == 7:
        body[rng.choice(["admin", "id", "__proto__"])] = 1
    else:
        body["seats"][1] = rng.choice([{"kind": "god"}, {"kind": "bot", "bot": 5}, "bot", None])
    return body


SERVER_FILES = ["/dev/zero", "/dev/urandom", "/proc/self/fd/0", "/proc/self/fd/3", "/proc/self/fd/7",
                "/etc/shadow", "/etc", "/etc/passwd", "/proc/self/environ",
                "pyproject.toml", "../../etc/hostname", "/nonexistent.json"]
"""Files an uploaded record's options once made the server read (issue #24): a record's data options may name none."""


def file_record(rng: random.Random) -> dict[str, Any]:
    """A record whose options name a file on the server (or smuggle one in another option's place)."""
    game, key, players = rng.choice([("verraeter", "landscapes", 3), ("kreta", "board", 2)])
    path = rng.choice(SERVER_FILES)
    options = rng.choice([{key: path}, {key: {"path": path}}, {"rules_version": path}, {"edition": path},
                          {key: [path]}, {"takeback": path}])
    return {"game": game, "options": options, "seed": rng.randrange(2**32), "players": ["a", "b", "c"][:players],
            "actions": []}


def valid_create(rng: random.Random) -> dict[str, Any]:
    return {"game": rng.choice(["verraeter", "kreta"]), "seats": [{"kind": "human"}, {"kind": "human"},
                                                                  {"kind": "human"}]}


# ---------------------------------------------------------------------------------------------- attackers


async def http_attacker(base: str, addr: str, tally: Tally, quota: int, rng: random.Random) -> None:
    transport = httpx.AsyncHTTPTransport(local_address=addr)
    async with httpx.AsyncClient(transport=transport, timeout=20) as http:
        for _ in range(quota):
            kind = rng.choice(["bytes", "json", "nested", "bad_create", "bad_create", "valid_create", "my_games",
                               "path", "method", "file_record", "file_record"])
            tally.sent[f"http:{kind}"] += 1
            try:
                if kind == "bytes":
                    r = await http.post(f"{base}/api/games", content=rng.randbytes(rng.randrange(1, 3000)))
                elif kind == "json":
                    r = await http.post(f"{base}/api/games", content=json.dumps(random_json(rng)))
                elif kind == "nested":
                    r = await http.post(f"{base}/api/games", content=nested(rng))
                elif kind == "bad_create":
                    r = await http.post(f"{base}/api/games", json=bad_create(rng))
                elif kind == "valid_create":
                    r = await http.post(f"{base}/api/games", json=valid_create(rng))
                elif kind == "my_games":
                    junk = rng.choice([random_json(rng), {"tokens": ["x" * 100] * 501}, {"tokens": "abc"},
                                       {"tokens": [rng.randbytes(8).hex() for _ in range(50)]}])
                    r = await http.post(f"{base}/api/my-games", content=json.dumps(junk))
                elif kind == "path":
                    r = await http.get(base + rng.choice(PATHS))
                elif kind == "file_record":
                    seat = rng.choice(["0", "all", "-1"])
                    r = await http.post(f"{base}/api/replay?seat={seat}", json=file_record(rng))
                else:
                    r = await http.request(rng.choice(["PUT", "DELETE", "PATCH", "OPTIONS"]), f"{base}/api/games")
            except httpx.HTTPError as e:
                tally.transport_errors[type(e).__name__] += 1
                continue
            tally.answers[f"http:{r.status_code}"] += 1
            if r.status_code >= 500:
                tally.server_errors += 1
            elif kind in ("bytes", "json", "nested", "bad_create", "file_record") and r.status_code < 300:
                tally.accepted_bad.append(f"{kind}: {r.request.content[:200]!r}")


async def ws_attacker(base: str, addr: str, target: dict[str, Any], tally: Tally, quota: int,
                      rng: random.Random) -> None:
    """One socket at a frozen target game, sending junk and refused actions with stolen tokens."""
    url = base.replace("http://", "ws://") + f"/ws/{target['id']}"
    token = rng.choice(target["idle_tokens"] + [None, "wrong-token", "x" * 300])
    try:
        async with websockets.connect(url, max_size=1 << 24, local_addr=(addr, 0), open_timeout=20) as ws:
            reader = asyncio.create_task(_drain(ws, tally))
            await ws.send(json.dumps({"type": "hello", "token": token}))
            for _ in range(quota):
                kind = rng.choice(["bytes", "json", "nested", "unknown", "stale", "illegal", "act", "hint", "leave",
                                   "big", "hello"])
                tally.sent[f"ws:{kind}"] += 1
                if kind == "bytes":
                    await ws.send(rng.randbytes(rng.randrange(1, 2000)))
                    continue
                frame: Any
                if kind == "json":
                    frame = json.dumps(random_json(rng))
                elif kind == "nested":
                    frame = nested(rng)[:15000]
                elif kind == "unknown":
                    frame = json.dumps({"type": rng.choice(["admin", "eval", "", "__proto__", "ACTION"])})
                elif kind == "stale":
                    frame = json.dumps({"type": "action", "version": rng.randrange(-5, 10**6), "action": "pass"})
                elif kind == "illegal":
                    frame = json.dumps({"type": "action", "version": target["version"],
                                        "action": rng.choice(["take traitor", "supply 99", "build 7 kontor", "x" * 3000,
                                                              "step 1->2", "", "\x00"])})
                elif kind == "act":
                    frame = json.dumps({"type": "action", "version": rng.choice([target["version"], True, 1.0, None]),
                                        "action": rng.choice(target["legal"])})
                elif kind == "hint":
                    frame = json.dumps({"type": "hint"})
                elif kind == "leave":
                    frame = json.dumps({"type": rng.choice(["leave", "take_back"])})
                elif kind == "big":
                    frame = "x" * rng.randrange(15000, 40000)
                else:
                    frame = json.dumps({"type": "hello", "token": rng.choice(["nope", 5, None, ["a"]])})
                await ws.send(frame)
            await ws.send(json.dumps({"type": "ping"}))
            await asyncio.sleep(0.2)
            reader.cancel()
    except websockets.exceptions.ConnectionClosed as e:
        code = e.rcvd.code if e.rcvd is not None else 1006
        tally.answers[f"ws:closed:{code}"] += 1
        if code in (1006, 1011):
            tally.ws_dropped += 1
    except (OSError, websockets.exceptions.WebSocketException, TimeoutError) as e:
        tally.transport_errors[type(e).__name__] += 1


async def _drain(ws: Any, tally: Tally) -> None:
    with contextlib.suppress(websockets.exceptions.WebSocketException, asyncio.CancelledError):
        async for raw in ws:
            if isinstance(raw, str) and raw.replace(" ", "").startswith('{"type":"error"'):
                with contextlib.suppress(ValueError):
                    tally.answers[f"ws:error:{json.loads(raw).get('code')}"] += 1


async def silent_reader(base: str, addr: str, target: dict[str, Any], tally: Tally, frames: int) -> None:
    """Asks for the whole table again and again and never reads: the server must cut it off, not buffer."""
    url = base.replace("http://", "ws://") + f"/ws/{target['id']}"
    try:
        async with websockets.connect(url, max_size=1 << 24, local_addr=(addr, 0), max_queue=1,
                                      open_timeout=20) as ws:
            await ws.send(json.dumps({"type": "hello", "token": None}))
            for _ in range(frames):
                tally.sent["ws:silent_sync"] += 1
                await asyncio.wait_for(ws.send(json.dumps({"type": "sync"})), 5)
            await asyncio.sleep(1)
    except (OSError, websockets.exceptions.WebSocketException, TimeoutError) as e:
        tally.answers[f"ws:silent:{type(e).__name__}"] += 1


async def connection_burst(base: str, addr: str, target: dict[str, Any], tally: Tally, count: int) -> None:
    """Opens ``count`` sockets at once from one address and holds them a moment."""
    url = base.replace("http://", "ws://") + f"/ws/{target['id']}"

    async def one() -> Any:
        tally.sent["ws:burst_open"] += 1
        try:
            ws = await websockets.connect(url, max_size=1 << 24, local_addr=(addr, 0), open_timeout=20)
            await ws.send(json.dumps({"type": "hello", "token": rng_token(target)}))
            return ws
        except (OSError, websockets.exceptions.WebSocketException, TimeoutError) as e:
            tally.answers[f"ws:burst:{type(e).__name__}"] += 1
            return None

    sockets = await asyncio.gather(*(one() for _ in range(count)))
    await asyncio.sleep(1.0)
    for ws in sockets:
        if ws is not None:
            tally.answers["ws:burst:held" if ws.close_code is None else f"ws:burst:closed:{ws.close_code}"] += 1
            await ws.close()


def rng_token(target: dict[str, Any]) -> str:
    return str(target["idle_tokens"][0])


# ---------------------------------------------------------------------------------------------- the honest side


async def healthz_probe(base: str, probe: Probe, stop: asyncio.Event) -> None:
    async with httpx.AsyncClient(timeout=10) as http:
        while not stop.is_set():
            start = time.perf_counter()
            try:
                r = await http.get(f"{base}/healthz")
                if r.status_code == 200:
                    probe.healthz.append(time.perf_counter() - start)
                else:
                    probe.healthz_failures += 1
            except httpx.HTTPError:
                probe.healthz_failures += 1
            await asyncio.sleep(0.05)


async def normal_player(base: str, probe: Probe, stop: asyncio.Event, rng: random.Random) -> None:
    """A person playing Verräter against three bots, thinking a little before each move."""
    async with httpx.AsyncClient(timeout=20) as http:
        while not stop.is_set():
            seats = [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "bot": "heuristic"}] * 3
            made = (await http.post(f"{base}/api/games", json={"game": "verraeter", "seats": seats})).json()
            url = base.replace("http://", "ws://") + f"/ws/{made['id']}"
            async with websockets.connect(url, max_size=1 << 24) as ws:
                await ws.send(json.dumps({"type": "hello", "token": made["seats"][0]["token"]}))
                sent_at, sent_version = None, -1
                while not stop.is_set():
                    message = json.loads(await asyncio.wait_for(ws.recv(), 60))
                    if message["type"] != "state":
                        continue
                    if sent_at is not None and message["version"] > sent_version:
                        probe.action.append(time.perf_counter() - sent_at)
                        sent_at = None
                    if message["result"] is not None:
                        break
                    if message["legal"] and sent_at is None and message["to_act"] == message["seat"]:
                        await asyncio.sleep(rng.expovariate(1 / 0.3))
                        sent_version = message["version"]
                        sent_at = time.perf_counter()
                        choice = rng.choice(message["legal"])["text"]
                        await ws.send(json.dumps({"type": "action", "version": sent_version, "action": choice}))


async def frozen_target(base: str, game: str, players: int) -> dict[str, Any]:
    """A game of humans only, whose seat to act nobody attacks: every attack on it must change nothing."""
    body = {"game": game, "seats": [{"kind": "human"}] * players}
    async with httpx.AsyncClient(timeout=20) as http:
        made = (await http.post(f"{base}/api/games", json=body)).json()
    state = await table_state(base, made["id"], made["seats"][0]["token"])
    to_act = state["to_act"]
    acting_token = made["seats"][to_act]["token"]
    acting = await table_state(base, made["id"], acting_token)
    return {
        "id": made["id"],
        "game": game,
        "version": state["version"],
        "log": state["log"],
        "idle_tokens": [s["token"] for s in made["seats"] if s["seat"] != to_act],
        "acting_token": acting_token,
        "legal": [entry["text"] for entry in acting["legal"]],
    }


async def table_state(base: str, game_id: str, token: str | None) -> dict[str, Any]:
    url = base.replace("http://", "ws://") + f"/ws/{game_id}"
    async with websockets.connect(url, max_size=1 << 24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if message["type"] == "state":
                return dict(message)


# ---------------------------------------------------------------------------------------------- the run


async def attack(base: str, args: argparse.Namespace) -> dict[str, Any]:
    rng = random.Random(args.seed)
    tally, before, during = Tally(), Probe(), Probe()
    targets = [await frozen_target(base, "verraeter", 4), await frozen_target(base, "kreta", 3)]

    stop_before = asyncio.Event()
    probes = [asyncio.create_task(healthz_probe(base, before, stop_before)),
              asyncio.create_task(normal_player(base, before, stop_before, random.Random(1)))]
    await asyncio.sleep(args.baseline)
    stop_before.set()
    await asyncio.gather(*probes, return_exceptions=True)

    stop = asyncio.Event()
    probes = [asyncio.create_task(healthz_probe(base, during, stop)),
              asyncio.create_task(normal_player(base, during, stop, random.Random(2)))]
    started = time.perf_counter()
    http_share = args.total * 2 // 5
    per_http = max(1, http_share // args.http_workers)
    jobs = [http_attacker(base, ATTACKERS[i % len(ATTACKERS)], tally, per_http, random.Random(rng.random()))
            for i in range(args.http_workers)]
    ws_share = args.total - per_http * args.http_workers
    rounds = max(1, ws_share // (args.ws_workers * 400))

    async def ws_rounds(i: int) -> None:
        sub = random.Random(rng.random())
        for r in range(rounds):
            addr = ATTACKERS[(i + r) % len(ATTACKERS)]
            await ws_attacker(base, addr, sub.choice(targets), tally, 400, sub)

    jobs += [ws_rounds(i) for i in range(args.ws_workers)]
    jobs += [silent_reader(base, ATTACKERS[0], targets[0], tally, 3000),
             connection_burst(base, ATTACKERS[1], targets[1], tally, 300)]
    await asyncio.gather(*jobs)
    elapsed = time.perf_counter() - started
    stop.set()
    await asyncio.gather(*probes, return_exceptions=True)

    changed = []
    for target in targets:
        now = await table_state(base, target["id"], target["idle_tokens"][0])
        if now["version"] != target["version"] or now["log"] != target["log"]:
            changed.append(target["id"])
    return {"tally": tally, "before": before, "during": during, "elapsed": elapsed, "changed": changed}


def start_server(port: int, data_dir: str, log_path: str) -> subprocess.Popen[bytes]:
    log = open(log_path, "wb")  # noqa: SIM115 (kept open for the child's lifetime)
    return serverproc.start_server(port, data_dir, ["--bot-delay", "0.2"], output=log)


def pct(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--total", type=int, default=100_000, help="adversarial requests and frames to send")
    parser.add_argument("--http-workers", type=int, default=8)
    parser.add_argument("--ws-workers", type=int, default=8)
    parser.add_argument("--baseline", type=float, default=15.0, help="seconds of normal play measured first")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--findings", action="store_true",
                        help="run the scenarios of issues #24's and #33's findings instead (attack_tables, "
                             "attack_lobby, attack_network, attack_floods), each against fresh servers")
    parser.add_argument("--database-url", help="with --findings: PostgreSQL for the two-process scenarios")
    args = parser.parse_args()
    if args.findings:
        findings(args.database_url, args.json)
        return

    with tempfile.TemporaryDirectory() as data_dir:
        port = 19000 + os.getpid() % 1000
        log_path = os.path.join(data_dir, "server.log")
        proc = start_server(port, data_dir, log_path)
        try:
            out = asyncio.run(attack(f"http://127.0.0.1:{port}", args))
            alive = proc.poll() is None
        finally:
            proc.terminate()
            with contextlib.suppress(subprocess.TimeoutExpired):
                proc.wait(timeout=15)
        with open(log_path, encoding="utf-8", errors="replace") as f:
            server_log = f.read()
    tally: Tally = out["tally"]
    before: Probe = out["before"]
    during: Probe = out["during"]
    tracebacks = server_log.count("Traceback")
    figures = {
        "machine": f"{platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}",
        "sent": tally.total,
        "seconds": round(out["elapsed"], 1),
        "server_alive": alive,
        "server_tracebacks": tracebacks,
        "server_errors_5xx": tally.server_errors,
        "ws_dropped_abnormally": tally.ws_dropped,
        "bad_input_accepted": len(tally.accepted_bad),
        "state_changes_from_rejected_input": len(out["changed"]),
        "healthz_before_p50_ms": round(statistics.median(before.healthz) * 1000, 1) if before.healthz else None,
        "healthz_before_p99_ms": round(pct(before.healthz, 0.99), 1),
        "healthz_during_p50_ms": round(statistics.median(during.healthz) * 1000, 1) if during.healthz else None,
        "healthz_during_p99_ms": round(pct(during.healthz, 0.99), 1),
        "healthz_failures": before.healthz_failures + during.healthz_failures,
        "game_action_before_p50_ms": round(pct(before.action, 0.5), 1),
        "game_action_before_p99_ms": round(pct(before.action, 0.99), 1),
        "game_action_during_p50_ms": round(pct(during.action, 0.5), 1),
        "game_action_during_p99_ms": round(pct(during.action, 0.99), 1),
        "game_actions_measured": [len(before.action), len(during.action)],
        "sent_by_kind": dict(sorted(tally.sent.items())),
        "answers": dict(sorted(tally.answers.items())),
        "transport_errors": dict(tally.transport_errors),
    }
    if args.json:
        print(json.dumps(figures, indent=1))
    else:
        for key, value in figures.items():
            print(f"{key:36} {value}")
        for example in tally.accepted_bad[:5]:
            print("accepted:", example)
    if tracebacks:
        print(server_log[server_log.index("Traceback"):][:3000], file=sys.stderr)


FINDINGS = ("attack_tables.py", "attack_lobby.py", "attack_network.py", "attack_floods.py")
"""The scenarios of the attacks' findings, one script per side — issue #24's tables, lobby and network; issue
#33's floods of one address (frames, stored games, reviews, expert tables), each against its quiet figures —
each starting its own servers: ``--findings`` runs them all and prints their figures together."""


def findings(database_url: str | None, as_json: bool) -> None:
    """Every finding's scenario, in turn; exit status 1 if any crashed a server or answered a 5xx."""
    here = os.path.dirname(os.path.abspath(__file__))
    results: dict[str, Any] = {}
    for script in FINDINGS:
        command = [sys.executable, os.path.join(here, script), "--json"]
        if database_url and script == "attack_network.py":
            command += ["--database-url", database_url]
        done = subprocess.run(command, capture_output=True, text=True, check=False)
        try:
            results[script] = json.loads(done.stdout)
        except json.JSONDecodeError:
            results[script] = {"failed": done.returncode, "stderr": done.stderr[-2000:]}
    if as_json:
        print(json.dumps(results, indent=1))
    else:
        for script, figures in results.items():
            print(f"== {script}")
            print(json.dumps(figures, indent=1))
    bad = json.dumps(results)
    if '"failed"' in bad:
        sys.exit(1)


if __name__ == "__main__":
    main()
