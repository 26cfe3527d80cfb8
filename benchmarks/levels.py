"""Time per move of bot specs (the ``reader`` levels by default), in CPU seconds, on positions of heuristic games.

Usage::

    nice -n 19 .venv/bin/python benchmarks/levels.py verraeter --players 3 --positions 20
    nice -n 19 .venv/bin/python benchmarks/levels.py kreta --players 2 --positions 20 --specs reader:expert,ismcts:200

Positions are every 7th decision with a choice along games the heuristic plays against itself (seeds from
``--seed``), so they are the positions a bot meets at a table. Each spec's bot (seed 1) chooses from the view of
the seat to act; the time is the process's CPU time (``time.process_time``), which on a loaded machine is close to
what the move would take on an idle one, where wall time would be inflated by the other processes (the safety
nets of the levels are wall-clock limits, so on a loaded machine a level may stop early: the iterations run are
printed too). One line per spec is appended to ``--out`` as JSON.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from pathlib import Path

from ludoteca import bots, games


def positions(game: str, players: int, count: int, seed: int) -> list:
    definition = games.get(game)
    options = definition.options_from_dict({})
    out = []
    g = 0
    while len(out) < count:
        state = definition.new_game(options, seed + g, players)
        heuristic = [bots.create("heuristic", seed + g + s) for s in range(players)]
        g += 1
        k = 0
        while not state.is_terminal() and len(out) < count:
            p = state.current_player()
            legal = state.legal_actions()
            if len(legal) > 1:
                k += 1
                if k % 7 == 3:
                    out.append(state.clone())
            state.apply(heuristic[p].choose(state.view(p), legal))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--specs", default="reader:easy,reader:normal,reader:hard,reader:expert")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args(argv)
    states = positions(args.game, args.players, args.positions, args.seed)
    print(f"{args.game} {args.players}p, {len(states)} positions (CPU seconds per move)")
    for spec in args.specs.split(","):
        times = []
        iterations = []
        for state in states:
            bot = bots.replayable(spec, 1)
            start = time.process_time()
            bot.choose(state.view(state.current_player()), state.legal_actions())
            times.append(time.process_time() - start)
            iterations.append(getattr(bot, "last_iterations", 0))
        row = {
            "game": args.game,
            "players": args.players,
            "spec": spec,
            "positions": len(states),
            "cpu_mean": statistics.fmean(times),
            "cpu_max": max(times),
            "iterations_mean": statistics.fmean(iterations),
        }
        print(f"  {spec:16} mean {row['cpu_mean']:.3f} s, max {row['cpu_max']:.3f} s, {row['iterations_mean']:.0f} it.")
        if args.out:
            with args.out.open("a") as f:
                f.write(json.dumps(row) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
