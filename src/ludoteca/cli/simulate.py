"""The ``ludoteca simulate`` command: many bot games over a grid of rule options, written as Parquet.

Only argument handling and the progress bar live here; planning, playing and writing are in
:mod:`ludoteca.sim`, so they are tested without a terminal. Needs the ``analysis`` extra (pyarrow).
"""

from __future__ import annotations

import os
import secrets
import shlex
import sys
from pathlib import Path

import click

from ludoteca import bots
from ludoteca.core.errors import LudotecaError

from .common import find_game, parse_options, parse_seats, progress_bar


def _grid(pairs: tuple[str, ...]) -> tuple[tuple[str, tuple[str, ...]], ...]:
    out: list[tuple[str, tuple[str, ...]]] = []
    for pair in pairs:
        key, eq, values = pair.partition("=")
        items = tuple(v.strip() for v in values.split(","))
        if not eq or not key.strip() or not all(items):
            raise click.BadParameter(f"{pair!r} is not KEY=V1,V2,...", param_hint="'--grid'")
        if len(set(items)) != len(items):
            raise click.BadParameter(f"{pair!r} repeats a value", param_hint="'--grid'")
        out.append((key.strip(), items))
    return tuple(out)


@click.command(
    short_help="Play many bot games over a grid of rule options; one Parquet row per game.",
    epilog="Bots: " + ", ".join(bots.names()) + " (with budgets such as ismcts:200). Game i of every cell is "
    "dealt from the same seed, so cells differ only by their rules. Then: ludoteca report DIR. See docs/simulation.md.",
)
@click.argument("game")
@click.option("--games", "num_games", required=True, type=click.IntRange(min=1), metavar="N", help="Games per cell.")
@click.option("--seats", required=True, metavar="BOT,BOT,...", help="One bot per seat, in seat order.")
@click.option(
    "--grid",
    "grid_pairs",
    multiple=True,
    metavar="KEY=V1,V2",
    help="A rule option and the values to try (repeatable: the cells are every combination).",
)
@click.option(
    "--option", "-o", "option_pairs", multiple=True, metavar="KEY=VALUE", help="A rule option held fixed (repeatable)."
)
@click.option(
    "--out", "out_dir", required=True, metavar="DIR", help="Directory to write (study.json, games/*.parquet)."
)
@click.option("--jobs", "-j", type=click.IntRange(min=1), metavar="K", help="Worker processes. [default: all cores]")
@click.option("--seed", type=click.IntRange(min=0), help="Seed of the study (default: random, recorded).")
@click.option(
    "--backend", type=click.Choice(["local", "ray"]), default="local", show_default=True, help="Where the games run."
)
@click.option("--address", metavar="ADDR", help="Ray cluster address (with --backend ray; default: start Ray here).")
@click.option("--overwrite", is_flag=True, help="Replace an earlier simulation in DIR.")
def simulate(
    game: str,
    num_games: int,
    seats: str,
    grid_pairs: tuple[str, ...],
    option_pairs: tuple[str, ...],
    out_dir: str,
    jobs: int | None,
    seed: int | None,
    backend: str,
    address: str | None,
    overwrite: bool,
) -> int:
    """Play GAME (verraeter or kreta) N times in every cell of an option grid, and write one row per game.

    \b
    Examples:
      ludoteca simulate verraeter --games 10000 --seats heuristic,heuristic,heuristic,heuristic \\
          --grid edition=1998,2008 --grid hand_limit=5,6 --out studies/v4
      ludoteca simulate kreta --games 2000 --seats heuristic,heuristic --out studies/k2
      ludoteca simulate kreta --games 200 --seats heuristic,random --backend ray --address 10.0.0.5:6379 --out k
    """
    if address and backend != "ray":
        raise click.BadParameter("--address needs --backend ray", param_hint="'--address'")
    try:
        from ludoteca.sim.plan import Study, cells
        from ludoteca.sim.runner import simulate as run_study
    except ImportError as e:
        raise LudotecaError(
            f"simulation needs the analysis extra ({e.name} is missing): pip install 'ludoteca[analysis]'"
        ) from None
    definition = find_game(game)
    lineup = tuple(parse_seats(seats, definition, humans=False))
    chosen_seed = secrets.randbelow(10**9) if seed is None else seed
    study = Study(definition.name, lineup, num_games, chosen_seed, _grid(grid_pairs), parse_options(option_pairs))
    workers = jobs or (0 if backend == "ray" else os.cpu_count() or 1)
    command = shlex.join(["ludoteca", "simulate", *sys.argv[2:]]) if len(sys.argv) > 1 else ""
    out = Path(out_dir)
    total = num_games * len(cells(study))
    with progress_bar("games") as bar:
        task = bar.add_task("Simulating", total=total)

        def tick(games: int) -> None:
            bar.advance(task, games)
            bar.refresh()

        bar.refresh()
        summary = run_study(study, out, backend, workers, address, overwrite, command, on_games=tick)
    again = "" if seed is not None else f" (seed {chosen_seed})"
    click.echo(
        f"Wrote {summary.games} games ({summary.cells} cell{'s' if summary.cells != 1 else ''}) to {out} in "
        f"{summary.seconds:.1f} s, {summary.games_per_second:.1f} games/s{again}. Next: ludoteca report {out}",
        err=True,
    )
    return 0
