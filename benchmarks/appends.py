"""Server CPU per stored action: :meth:`Store.append_action` alone, with many games appending at once.

Usage::

    PYTHONPATH=src .venv/bin/python benchmarks/appends.py --games 1 10 100 --actions 2000 [--url postgresql://…]

Each game is a coroutine that appends its actions one after the other, as a table does (the next
action of a game waits for the previous one's commit); ``--games`` of them run at once on one event
loop. Reports the process CPU (the loop's thread and the driver's, e.g. aiosqlite's) and the wall
time per append. Without ``--url``, SQLite in a temporary directory.
"""

from __future__ import annotations

import argparse
import asyncio
import tempfile
import time
from pathlib import Path

from ludoteca.web.play.seat import Seat
from ludoteca.web.storage.databases import database_url
from ludoteca.web.storage.schema import ActionRow, GameRow
from ludoteca.web.storage.store import Store


async def run(url: str, games: int, actions: int, tag: str) -> tuple[float, float]:
    store = await Store.open(url)
    try:
        ids = [f"{tag}-{games}-{i}" for i in range(games)]
        for game_id in ids:
            await store.create_game(
                GameRow(game_id, "kreta", {}, 1, None, None, time.time()), [Seat(0, "P0", "human", None, "h0")]
            )
        per_game = max(1, actions // games)

        async def play(game_id: str) -> None:
            for n in range(per_game):
                await store.append_action(game_id, ActionRow(n, 0, f"move {n}", False, time.time(), "d" * 64))

        cpu, wall = time.process_time(), time.perf_counter()
        await asyncio.gather(*(play(game_id) for game_id in ids))
        done = per_game * games
        return (time.process_time() - cpu) / done, (time.perf_counter() - wall) / done
    finally:
        await store.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, nargs="+", default=[1, 10, 100])
    parser.add_argument("--actions", type=int, default=2000)
    parser.add_argument("--url", help="a database URL (default: SQLite in a temporary directory)")
    args = parser.parse_args()
    tag = f"b{time.time_ns()}"
    with tempfile.TemporaryDirectory() as data:
        url = database_url(args.url, Path(data))
        asyncio.run(run(url, 1, 200, tag + "w"))  # warm-up: connections, compiled statements
        print(f"{url.split(':')[0]}: {args.actions} appends, CPU and wall time per append")
        for games in args.games:
            cpu, wall = asyncio.run(run(url, games, args.actions, tag))
            print(f"  {games:4d} games at once  {cpu * 1000:6.3f} ms CPU  {wall * 1000:6.3f} ms wall")


if __name__ == "__main__":
    main()
