"""Server CPU per action of whole tables against light updates, in one process, without the network.

Usage::

    PYTHONPATH=src .venv/bin/python benchmarks/light.py --game kreta --actions 300 [--profile]

One table of four seats (every seat a connection that takes patches or not, and a spectator; ``--devices``
and ``--spectators`` for more connections per seat and more spectators), played
with random legal actions through :meth:`Tables.act` on a real SQLite store: each action is stored,
applied, and every connection's next frame is made as the server's writer makes it
(:meth:`Room.frame_for`). Reports the process CPU per action and the bytes per action of each way; a
quieter measure than ``load.py`` (no sockets, no clients) of the same code, for profiling.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import pstats
import random
import tempfile
import time
from pathlib import Path

from ludoteca import games
from ludoteca.web.features.lobby import NewGame
from ludoteca.web.language.i18n import translator
from ludoteca.web.live.connection import Connection
from ludoteca.web.live.front import Tables
from ludoteca.web.live.jobs import Workers
from ludoteca.web.live.room import Room
from ludoteca.web.play.match import Seat
from ludoteca.web.storage.databases import database_url
from ludoteca.web.storage.store import Store


class _Quiet:
    async def send_text(self, data: str) -> None:
        pass


async def play(
    game: str, actions: int, light: bool, seed: int, data: Path, devices: int = 1, spectators: int = 1
) -> tuple[float, int, int]:
    store = await Store.open(database_url(None, data))
    tables = Tables(store, Workers(0, 10.0), bot_delay=0)
    rng = random.Random(seed)
    seats = [Seat(i, f"P{i}", "human", token_hash=f"h{i}") for i in range(4)]
    room: Room | None = None
    done = cpu = sent = 0
    while done < actions:
        new = NewGame(f"g{rng.randrange(1 << 40)}", games.get(game), {}, rng.randrange(1 << 30), seats, {}, None)
        room = await tables.create(new)
        conns = []
        for seat in [*(s for s in range(4) for _ in range(devices)), *[-1] * spectators]:
            conn = Connection(_Quiet(), "en", translator("en"))
            conn.seat, conn.patches = seat, light
            room.connections.add(conn)
            conns.append(conn)
        for conn in conns:
            room.frame_for(conn)
        while not room.match.finished and done < actions:
            legal = room.match.state.legal_actions()
            start = time.process_time()
            await tables.act(room, room.match.to_act(), room.match.version, rng.choice(legal).to_text())
            for conn in conns:
                frame = room.frame_for(conn)
                sent += len(frame.encode()) if frame else 0
            cpu += time.process_time() - start
            done += 1
    await tables.close()
    return cpu / done, sent // done, done


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="kreta", choices=("verraeter", "kreta"))
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--devices", type=int, default=1, help="connections per seat (one player's devices)")
    parser.add_argument("--spectators", type=int, default=1, help="spectators' connections")
    parser.add_argument("--profile", choices=("whole", "light"), help="print a profile of that way")
    args = parser.parse_args()
    results = {}
    for light in (False, True):
        name = "light" if light else "whole"
        with tempfile.TemporaryDirectory() as data:
            profile = cProfile.Profile() if args.profile == name else None
            if profile:
                profile.enable()
            results[name] = asyncio.run(
                play(args.game, args.actions, light, args.seed, Path(data), args.devices, args.spectators)
            )
            if profile:
                profile.disable()
                pstats.Stats(profile).sort_stats("cumulative").print_stats(40)
    print(
        f"{args.game}: 4 seats × {args.devices} connections and {args.spectators} spectators, "
        f"{args.actions} actions, CPU and bytes per action"
    )
    for name, (cpu, sent, _) in results.items():
        print(f"  {name:6} {cpu * 1000:7.2f} ms  {sent:8d} bytes")
    (wc, ws, _), (lc, ls, _) = results["whole"], results["light"]
    print(f"  ratio  {wc / lc:7.1f} ×   {ws / ls:8.1f} ×")


if __name__ == "__main__":
    main()
