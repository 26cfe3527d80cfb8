"""The ``ludoteca train`` command: reproduce a shipped learned judge from a seed (needs the ``train`` extra)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ludoteca.core.errors import LudotecaError


@click.command(short_help="Train a game's learned judge from simulated games (reproducible from a seed).")
@click.argument("game", type=click.Choice(["verraeter"]))
@click.option("--games", "count", default=3000, show_default=True, help="Simulated games to train on.")
@click.option("--seed", default=2026, show_default=True, help="Seed of the simulated games.")
@click.option("--out", metavar="FILE.json", type=click.Path(dir_okay=False),
              help="Where to write the weights [default: print them].")  # fmt: skip
@click.option("--compare", "held_out", default=0, metavar="GAMES",
              help="Also simulate GAMES held-out games and print the learning curve (JSON lines).")  # fmt: skip
def train(game: str, count: int, seed: int, out: str | None, held_out: int) -> int:
    """Simulate COUNT heuristic games of GAME from SEED and fit its learned judge to their positions
    (ludoteca/bots/data/judge_GAME.json is this command's output with the defaults).

    \b
    Example:
      ludoteca train verraeter --games 3000 --seed 2026 --out judge_verraeter.json
      ludoteca train verraeter --games 800 --compare 300      the learning curve, held out
    """
    try:
        from ludoteca.bots import judge_training
    except ModuleNotFoundError as e:  # pragma: no cover - the train extra is missing
        if (e.name or "").startswith("ludoteca"):
            raise
        raise LudotecaError(f"ludoteca train needs the train extra (pip install 'ludoteca[train]'): {e}") from None
    examples = judge_training.simulate(count, seed)
    weights = judge_training.fit(examples)
    text = judge_training.weights_json(weights, count, seed)
    if out:
        Path(out).write_text(text, encoding="utf-8")
        click.echo(f"Wrote {out} ({len(examples.game)} positions from {count} games).")
    else:
        click.echo(text, nl=False)
    if held_out:
        test = judge_training.simulate(held_out, seed + 1)
        sizes = [s for s in (50, 100, 200, 400, 800, 1600, 3200) if s < count] + [count]
        for row in judge_training.compare(examples, test, sizes, seed):
            click.echo(json.dumps(row))
    return 0
