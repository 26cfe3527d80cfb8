"""Random-playout throughput of a rules core on one core: games/s, actions/s and the cost of clone().

Usage::

    .venv/bin/python benchmarks/playout.py verraeter --players 4 --games 2000
    .venv/bin/python benchmarks/playout.py kreta --players 2 --games 300

An action here is one full step of a playout: ``legal_actions()``, a uniform random choice, and the
checked ``apply()``. Figures are also given as ratios against baselines run in the same process, so
they survive a change of machine: the harness alone (the same loop over a fixed list, no game), and
``copy.deepcopy`` of the same states (without their shared event log) for ``clone()``.
"""

from __future__ import annotations

import argparse
import copy
import platform
import sys
import time

from ludoteca import games
from ludoteca.core.rng import Rng


def playouts(definition, players: int, n_games: int, seed: int) -> tuple[float, int, list]:
    """Play ``n_games`` random games; return seconds, actions and a sample of mid-game states."""
    options = definition.options_from_dict({})
    rng = Rng(seed)
    samples = []
    actions = 0
    start = time.perf_counter()
    for g in range(n_games):
        state = definition.new_game(options, seed + g, players)
        step = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            step += 1
            if g < 50 and step % 13 == 0:
                samples.append(state)
                state = state.clone()
        actions += step
    return time.perf_counter() - start, actions, samples


def harness_baseline(actions: int, seed: int) -> float:
    """The playout loop's own cost: the same calls over a fixed list, with no game behind them."""
    rng = Rng(seed)
    legal = list(range(8))
    sink = []
    start = time.perf_counter()
    for _ in range(actions):
        choices = list(legal)
        sink.append(choices[rng.below(len(choices))])
        if len(sink) > 1000:
            sink.clear()
    return time.perf_counter() - start


def clone_cost(samples: list, repeat: int) -> tuple[float, float]:
    start = time.perf_counter()
    for _ in range(repeat):
        for s in samples:
            s.clone()
    ours = (time.perf_counter() - start) / (repeat * len(samples))
    detached = []
    for s in samples:  # the event log is a long linked list that clones share; deepcopy would recurse into it
        d = s.clone()
        d.log = None
        detached.append(d)
    start = time.perf_counter()
    for d in detached:
        copy.deepcopy(d)
    deep = (time.perf_counter() - start) / len(detached)
    return ours, deep


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=games.names())
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    definition = games.get(args.game)
    players = args.players or definition.max_players
    playouts(definition, players, max(1, args.games // 20), args.seed + 10**6)  # warm-up (caches, imports)
    seconds, actions, samples = playouts(definition, players, args.games, args.seed)
    base = harness_baseline(actions, args.seed)
    ours, deep = clone_cost(samples, 20)
    print(f"{definition.title}, {players} players, {args.games} random games, seed {args.seed}")
    print(f"python {platform.python_version()} on {platform.machine()}, one process")
    print(f"  games/s            {args.games / seconds:12,.0f}")
    print(f"  actions/s          {actions / seconds:12,.0f}   ({actions / args.games:.1f} actions per game)")
    print(f"  µs per action      {seconds / actions * 1e6:12.2f}   (harness alone: {base / actions * 1e6:.2f} µs, "
          f"so the core takes {(seconds - base) / seconds:.0%} of the time)")
    print(f"  clone()            {ours * 1e6:12.2f} µs  ({len(samples)} mid-game states; "
          f"copy.deepcopy without the log: {deep * 1e6:.1f} µs, {deep / ours:.0f}× slower)")
    print(f"  clone / action     {ours / (seconds / actions):12.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
