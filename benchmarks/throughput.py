"""Random-playout throughput of the rules cores against OpenSpiel's, interleaved in one process.

Usage::

    .venv/bin/python benchmarks/throughput.py                       # the cores as they load (compiled if built)
    LUDOTECA_PURE_PYTHON=1 .venv/bin/python benchmarks/throughput.py  # the same, pure Python
    .venv/bin/python benchmarks/throughput.py --bots                # also a heuristic game of each game

Each contender plays random games for ``--slice`` seconds in turn, ``--rounds`` times over, so that a
change of machine load hits all of them alike; the figure is actions per second over all its slices.
An action is one step of the Python driver: ``legal_actions()``, a uniform choice with the same
generator (``ludoteca.core.rng.Rng``), and ``apply``; for OpenSpiel games chance nodes are steps too
(dealing a card is an ``apply_action``, drawn from ``chance_outcomes()`` by its probability, as OpenSpiel's
own examples do).
The ratios against OpenSpiel's C++ ``hearts`` (a 4-player trick-taking card game, through pyspiel) and
its Python ``python_liars_poker`` are the figures to compare across machines: issue #16 asks Verräter 4p
≥ 1.0× hearts and Kreta 4p ≥ 0.8×.

``--bots`` adds whole games played by the heuristic bots (seconds per game), the cost of a simulation.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Callable

from ludoteca import games, native
from ludoteca.core.rng import Rng


def ludoteca_player(game: str, players: int) -> Callable[[int], int]:
    """A function playing one random game of ``game`` from a seed; returns the actions taken."""
    definition = games.get(game)
    options = definition.options_from_dict({})

    def play(seed: int) -> int:
        state = definition.new_game(options, seed, players)
        rng = Rng(seed)
        steps = 0
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
            steps += 1
        return steps

    return play


def openspiel_player(name: str) -> Callable[[int], int]:
    import open_spiel.python.games  # noqa: F401  (registers OpenSpiel's Python games)
    import pyspiel

    game = pyspiel.load_game(name)

    def play(seed: int) -> int:
        state = game.new_initial_state()
        rng = Rng(seed)
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():  # OpenSpiel's way: draw an outcome by its probability
                x = rng.below(1 << 53) / (1 << 53)
                outcomes = state.chance_outcomes()
                action = outcomes[-1][0]
                for outcome, p in outcomes:
                    x -= p
                    if x < 0:
                        action = outcome
                        break
                state.apply_action(action)
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rng.below(len(legal))])
            steps += 1
        return steps

    return play


def bot_player(game: str, players: int) -> Callable[[int], int]:
    """A whole game by heuristic bots (each seat its own bot, seeded from the game's seed)."""
    from ludoteca import bots

    definition = games.get(game)
    options = definition.options_from_dict({})

    def play(seed: int) -> int:
        state = definition.new_game(options, seed, players)
        seats = [bots.from_spec("heuristic", seed=seed * 8 + p) for p in range(players)]
        steps = 0
        while not state.is_terminal():
            p = state.current_player()
            state.apply(seats[p].choose(state.view(p), state.legal_actions()))
            steps += 1
        return steps

    return play


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--slice", type=float, default=2.0, help="seconds per contender per round")
    parser.add_argument("--bots", action="store_true", help="also time heuristic games")
    args = parser.parse_args(argv)
    contenders: list[tuple[str, Callable[[int], int]]] = [
        ("Verräter 4p", ludoteca_player("verraeter", 4)),
        ("Verräter 3p", ludoteca_player("verraeter", 3)),
        ("Kreta 4p", ludoteca_player("kreta", 4)),
        ("Kreta 2p", ludoteca_player("kreta", 2)),
    ]
    baselines: list[tuple[str, Callable[[int], int]]] = []
    try:
        baselines = [("OpenSpiel hearts (C++)", openspiel_player("hearts")),
                     ("OpenSpiel python_liars_poker", openspiel_player("python_liars_poker"))]
    except ImportError:
        print("(OpenSpiel is not installed: pip install -e '.[rl]' for the baselines)")
    bot_games: list[tuple[str, Callable[[int], int]]] = []
    if args.bots:
        bot_games = [("Verräter 4p heuristic game", bot_player("verraeter", 4)),
                     ("Kreta 4p heuristic game", bot_player("kreta", 4)),
                     ("Kreta 2p heuristic game", bot_player("kreta", 2))]
    everyone = contenders + baselines + bot_games
    totals = {name: [0.0, 0, 0] for name, _ in everyone}  # seconds, actions, games
    seeds = dict.fromkeys(totals, 1)
    for _, play in everyone:  # warm-up: imports, caches, tables
        play(10**6)
    for _ in range(args.rounds):
        for name, play in everyone:
            start = time.perf_counter()
            end = start + args.slice
            now = start
            while now < end:
                totals[name][1] += play(seeds[name])
                totals[name][2] += 1
                seeds[name] += 1
                now = time.perf_counter()
            totals[name][0] += now - start
    status = native.status()
    build = f"compiled ({len(status.compiled)} modules, {status.built_with})" if status.active else status.reason
    print(f"python {platform.python_version()} on {platform.machine()}, one process; ludoteca {build}")
    print(f"{args.rounds} rounds × {args.slice:g} s per contender, interleaved")
    hearts = totals.get("OpenSpiel hearts (C++)")
    liars = totals.get("OpenSpiel python_liars_poker")
    print(f"{'random playouts':32} {'actions/s':>12} {'games/s':>9} {'vs hearts':>10} {'vs liars_poker':>15}")
    for name, _ in contenders + baselines:
        seconds, actions, n_games = totals[name]
        rate = actions / seconds
        vs_h = f"{rate / (hearts[1] / hearts[0]):.2f}×" if hearts else "—"
        vs_l = f"{rate / (liars[1] / liars[0]):.2f}×" if liars else "—"
        print(f"{name:32} {rate:12,.0f} {n_games / seconds:9,.1f} {vs_h:>10} {vs_l:>15}")
    if bot_games:
        print(f"{'heuristic bots':32} {'s/game':>12} {'ms/action':>9} {'hearts games':>10}")
        for name, _ in bot_games:
            seconds, actions, n_games = totals[name]
            per_game = seconds / n_games
            h = f"{per_game * hearts[2] / hearts[0]:.0f}" if hearts else "—"
            print(f"{name:32} {per_game:12.3f} {seconds / actions * 1e3:9.2f} {h:>10}")
        print("(hearts games: how many random hearts games one heuristic game costs, the machine-independent figure)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
