"""Write the bots' seed ratings (``src/ludoteca/ratings/data/bots.json``) from arena runs.

Usage::

    .venv/bin/python scripts/seed_ratings.py verraeter runs/v3-*.jsonl --name ismcts:300=ismcts:normal \\
        --name reader:1200=reader:expert
    .venv/bin/python scripts/seed_ratings.py kreta runs/k2-*.jsonl --name ismcts:200=ismcts:normal

The files are those ``benchmarks/arena_log.py`` writes; every game in them is rated in file order (see
:mod:`ludoteca.ratings.bots`). ``--name ARENA=LOBBY`` renames an arena spec to the one the lobby offers (the
arena names budgets by iterations, the lobby by level). The other games' seeds in the file are kept.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from ludoteca.ratings import bots

OUT = Path(__file__).resolve().parent.parent / "src" / "ludoteca" / "ratings" / "data" / "bots.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("files", nargs="+", type=Path)
    parser.add_argument("--name", action="append", default=[], help="ARENA=LOBBY: an arena spec's lobby name")
    args = parser.parse_args()
    names = dict(item.split("=", 1) for item in args.name)
    rows = [json.loads(line) for path in args.files for line in path.read_text().splitlines() if line.strip()]
    seeds = bots.seed_from_arena(rows, names)
    current = {game: bots.seeded(game) for game in json.loads(OUT.read_text())}
    current[args.game] = seeds
    OUT.write_text(bots.to_json(current), encoding="utf-8")
    for spec, rating in sorted(seeds.items(), key=lambda item: -item[1].mu):
        print(f"{args.game:10} {spec:16} {rating.shown:5} ± {rating.sigma:5.0f}  ({rating.games} games)")


if __name__ == "__main__":
    main()
