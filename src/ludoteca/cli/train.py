"""The ``ludoteca train`` command: reproduce a shipped learned judge from a seed (needs the ``train`` extra)."""

from __future__ import annotations

import json
from pathlib import Path

import click

from ludoteca.core.errors import LudotecaError

DEFAULT_GAMES = {"verraeter": 2000, "kreta": 200}
"""The games the shipped weights were trained on (``ludoteca/bots/data/judge_GAME.json``)."""


@click.command(short_help="Train a game's learned judge from simulated games (reproducible from a seed).")
@click.argument("game", type=click.Choice(["verraeter", "kreta"]))
@click.option("--games", "count", default=None, type=int,
              help="Simulated games to train on [default: 2000 for verraeter, 200 for kreta].")  # fmt: skip
@click.option("--seed", default=2026, show_default=True, help="Seed of the simulated games.")
@click.option("--out", metavar="FILE.json", type=click.Path(dir_okay=False),
              help="Where to write the weights [default: print them].")  # fmt: skip
@click.option("--compare", "held_out", default=0, metavar="GAMES",
              help="Also simulate GAMES held-out games and print the learning curve (JSON lines).")  # fmt: skip
def train(game: str, count: int | None, seed: int, out: str | None, held_out: int) -> int:
    """Simulate COUNT heuristic games of GAME from SEED and fit its learned judge to their positions
    (ludoteca/bots/data/judge_GAME.json is this command's output with the defaults).

    \b
    Example:
      ludoteca train verraeter --games 2000 --seed 2026 --out judge_verraeter.json
      ludoteca train kreta --games 200 --seed 2026 --out judge_kreta.json
      ludoteca train verraeter --games 800 --compare 300      the learning curve, held out

    Kreta's games are 2, 3 and 4 players in turn; its examples are the positions where a seat begins its turn.
    """
    try:
        from ludoteca.bots import judge_kreta, judge_verraeter
        from ludoteca.training import judges as judge_training
    except ModuleNotFoundError as e:  # pragma: no cover - the train extra is missing
        if (e.name or "").startswith("ludoteca"):
            raise
        raise LudotecaError(f"ludoteca train needs the train extra (pip install 'ludoteca[train]'): {e}") from None
    kreta = game == "kreta"
    if count is None:
        count = DEFAULT_GAMES[game]
    simulate = judge_training.simulate_kreta if kreta else judge_training.simulate
    buckets = judge_kreta.BUCKETS if kreta else judge_verraeter.BUCKETS
    examples = simulate(count, seed)
    weights = judge_training.fit(examples, None, buckets)
    text = judge_training.weights_json(weights, count, seed, game)
    if out:
        Path(out).write_text(text, encoding="utf-8")
        click.echo(f"Wrote {out} ({len(examples.game)} positions from {count} games).")
    else:
        click.echo(text, nl=False)
    if held_out:
        test = simulate(held_out, seed + 1)
        sizes = [s for s in (50, 100, 200, 400, 800, 1600, 3200) if s < count] + [count]
        if kreta:
            rows = judge_training.compare(
                examples, test, sizes, seed, buckets, "hand-made (search_kreta: logistic of the estimate)", mlp=False
            )
        else:
            rows = judge_training.compare(examples, test, sizes, seed, buckets)
        for row in rows:
            click.echo(json.dumps(row))
    return 0
