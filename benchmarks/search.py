"""Search speed of the ISMCTS bot: iterations per second, and how long a move takes at each level.

Usage::

    .venv/bin/python benchmarks/search.py verraeter --players 4 --positions 40
    .venv/bin/python benchmarks/search.py kreta --players 2 --positions 40 --levels easy,normal,hard

Positions are sampled along games between random bots (every phase shows up), and the search is run
from the view of the seat to act. One iteration is: sample a world from the view (``determinize``),
walk the tree, add a node, play the world out at random, back the result up. The random playout
throughput of the same core, measured in the same process, is printed as the baseline: an
iteration costs roughly one playout, so iterations/s ÷ playouts/s shows the search's own overhead.
"""

from __future__ import annotations

import argparse
import platform
import statistics
import sys
import time

from ludoteca import bots, games
from ludoteca.bots.ismcts import IsmctsBot, random_playout
from ludoteca.core.rng import Rng


def positions(definition, players: int, count: int, seed: int) -> list:
    """``count`` decision points with at least two legal actions, spread over random games."""
    options = definition.options_from_dict({})
    rng = Rng(seed)
    out = []
    g = 0
    while len(out) < count:
        state = definition.new_game(options, seed + g, players)
        g += 1
        step = 0
        while not state.is_terminal() and len(out) < count:
            legal = state.legal_actions()
            if len(legal) > 1 and step % 17 == 5:
                out.append(state.clone())
            state.apply(legal[rng.below(len(legal))])
            step += 1
    return out


def playout_rate(states: list, seed: int) -> float:
    """Random playouts per second from the sampled positions (the baseline)."""
    rng = Rng(seed)
    start = time.perf_counter()
    done = 0
    while time.perf_counter() - start < 2.0:
        for state in states:
            random_playout(state.clone(), rng)
            done += 1
    return done / (time.perf_counter() - start)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--positions", type=int, default=30)
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    definition = games.get(args.game)
    players = args.players or definition.min_players
    states = positions(definition, players, args.positions, args.seed)
    print(f"{definition.title}, {players} players, {len(states)} positions, seed {args.seed}")
    print(f"  Python {platform.python_version()} on {platform.machine()}")
    baseline = playout_rate(states, args.seed)
    print(f"  random playouts/s from these positions (baseline)   {baseline:8,.0f}")
    for level in args.levels.split(","):
        _, budget = bots.parse_spec(f"ismcts:{level}")
        times, rates = [], []
        for k, state in enumerate(states):
            bot = IsmctsBot(k, budget)
            p = state.current_player()
            start = time.perf_counter()
            bot.choose(state.view(p), state.legal_actions())
            times.append(time.perf_counter() - start)
            rates.append(bot.last_iterations / bot.last_seconds)
        rate = statistics.mean(rates)
        print(
            f"  {level:<7} {budget}: {rate:8,.0f} iterations/s ({rate / baseline:.2f} × playouts/s), "
            f"move {statistics.mean(times):.3f} s mean, {max(times):.3f} s max"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
