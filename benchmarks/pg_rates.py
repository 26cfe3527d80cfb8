"""What one PostgreSQL takes: NOTIFY transactions a second (each an autocommit ``pg_notify``, as the cluster sent
them before issue #35 put each NOTIFY in its change's own transaction) and one-row insert commits a second, from
1, 4 and 16 connections.

Usage::

    .venv/bin/python benchmarks/pg_rates.py postgresql://ludoteca:ludoteca@127.0.0.1:5432/ludoteca

The figures feed the sizing in docs/web.md ("100,000 concurrent games, on paper"): a site of N actions a
second sends N notices and N commits. The clients run in this one Python process, so on a small machine
they are part of what is measured.
"""

import asyncio
import sys
import time

import psycopg

URL = sys.argv[1] if len(sys.argv) > 1 else "postgresql://ludoteca:ludoteca@127.0.0.1:5432/ludoteca"


async def worker(sql: str, params: None, stop: float, counts: list[int]) -> None:
    async with await psycopg.AsyncConnection.connect(URL, autocommit=True) as c:
        n = 0
        while time.perf_counter() < stop:
            await c.execute(sql, params)
            n += 1
        counts.append(n)


async def rate(sql: str, params: None, conns: int, seconds: float = 5.0) -> float:
    counts: list[int] = []
    stop = time.perf_counter() + seconds
    await asyncio.gather(*(worker(sql, params, stop, counts) for _ in range(conns)))
    return sum(counts) / seconds


async def main() -> None:
    async with await psycopg.AsyncConnection.connect(URL, autocommit=True) as c:
        await c.execute("CREATE TABLE IF NOT EXISTS notify_bench (x int)")

    for conns in (1, 4, 16):
        n = await rate("SELECT pg_notify('bench', 'x')", None, conns)
        i = await rate("INSERT INTO notify_bench VALUES (1)", None, conns)
        print(f"{conns:3d} connections: {n:8.0f} notices/s   {i:8.0f} inserts/s (each its own commit)")
    async with await psycopg.AsyncConnection.connect(URL, autocommit=True) as c:
        await c.execute("DROP TABLE notify_bench")


asyncio.run(main())
