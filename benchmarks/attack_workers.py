"""Issue #33, point 3: what one address gets of its per-address budgets from ``ludoteca serve --workers N``
(PostgreSQL), tried as an attacker would: one address asks as fast as it can, each request on a new
connection (so the processes share them as they accept them), and counts what is granted.

Usage::

    .venv/bin/python benchmarks/attack_workers.py --database-url "$(scripts/postgres.sh)" [--workers 1 2]

Each number of processes gets a fresh server on the same database (the games it creates stay there);
every figure is a count of answers to one address within a few seconds, against one process's budget:

- ``creates``: ``POST /api/games`` (``--creates-per-minute``, 20), 80 asked;
- ``review_reads``: ``GET /api/review/ID`` of one game (``--review-reads-per-minute`` 120, burst 10), 80
  asked (answered 404 or 200 when granted, 429 when not);
- ``http_requests``: ``GET /healthz`` (``--http-request-burst`` 120, then 20 a second), 400 asked at once.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import subprocess
import tempfile
from collections import Counter
from typing import Any

import httpx
import serverproc

ATTACKER = "127.0.0.2"


async def ask(base: str, method: str, path: str, times: int, body: Any = None) -> Counter[int]:
    """``times`` requests from the attacker's address at once, each on a connection of its own."""
    answers: Counter[int] = Counter()

    async def one() -> None:
        transport = httpx.AsyncHTTPTransport(local_address=ATTACKER)
        async with httpx.AsyncClient(transport=transport, timeout=60) as http:
            try:
                answers[(await http.request(method, base + path, json=body)).status_code] += 1
            except httpx.HTTPError:
                answers[0] += 1

    await asyncio.gather(*(one() for _ in range(times)))
    return answers


async def attack(base: str) -> dict[str, Any]:
    game = {"game": "kreta", "seats": [{"kind": "human"}, {"kind": "human"}]}
    out: dict[str, Any] = {}
    created = await ask(base, "POST", "/api/games", 80, game)
    out["creates"] = {"granted": created[200] + created[201], "refused": created[429], "other": dict(created)}
    reads = await ask(base, "GET", "/api/review/no-such-game", 80)
    out["review_reads"] = {"granted": reads[404] + reads[200], "refused": reads[429]}
    await asyncio.sleep(7)  # the HTTP bucket refilled
    health = await ask(base, "GET", "/healthz", 400)
    out["http_requests"] = {"granted": health[200], "refused": health[429]}
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--database-url", required=True)
    parser.add_argument("--workers", type=int, nargs="*", default=[1, 2])
    args = parser.parse_args()
    port = 19400 + os.getpid() % 300
    results: dict[str, Any] = {}
    for workers in args.workers:
        with tempfile.TemporaryDirectory() as data_dir:
            options = ["--workers", str(workers), "--database-url", args.database_url, "--bot-workers", "1"]
            with open(os.path.join(data_dir, "server.log"), "wb") as log:
                proc = serverproc.start_server(port, data_dir, options, output=log)
            try:
                results[f"workers_{workers}"] = asyncio.run(attack(f"http://127.0.0.1:{port}"))
            finally:
                proc.terminate()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(timeout=20)
    print(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
