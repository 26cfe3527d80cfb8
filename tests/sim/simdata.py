"""Synthetic simulation directories with known answers, written the way ``ludoteca simulate`` writes them
(``study.json`` and ``games/cell-NNNN.parquet``, the schema of docs/simulation.md), for testing the report.

Game ``i`` draws its random numbers from ``i`` alone, the same in every cell (common random numbers, as in
a real study); only what the caller builds in (``win_weights``, ``length_shift``) differs between cells.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

Grid = Mapping[str, Any]
COUNTS = ("n_take_traitor", "n_builds", "n_conflicts_won")


def write_simulation(
    directory: Path,
    *,
    game: str = "verraeter",
    players: int = 4,
    grid: Mapping[str, Sequence[Any]] | None = None,
    games: int = 200,
    seed: int = 7,
    win_weights: Callable[[Grid], Sequence[float]] | None = None,
    length_shift: Callable[[Grid], float] | None = None,
    counts: Sequence[str] = COUNTS,
    seeds_shared: bool = True,
) -> Path:
    """Write a study of ``games`` games per cell of ``grid`` to ``directory`` and return it.

    ``win_weights(grid)``: the chance of each seat winning (default: equal); the winner of game ``i`` is
    where one uniform number per game index falls, so cells differ only where the weights do.
    ``length_shift(grid)``: added to every game's length (default 0). ``seeds_shared=False`` gives every
    cell its own seeds (and its own random numbers), as a study without common random numbers would.
    """
    grid = dict(grid or {})
    keys = list(grid)
    combos = [dict(zip(keys, combo, strict=True)) for combo in itertools.product(*grid.values())]
    (directory / "games").mkdir(parents=True, exist_ok=True)
    # one type per grid key over the whole study (a cell whose value is None still gets it), as simulate does
    types = {k: pa.array(list(v)).type for k, v in grid.items()}
    types = {k: pa.string() if pa.types.is_null(t) else t for k, t in types.items()}
    seats = ["heuristic"] * players
    cells = []
    for number, values in enumerate(combos):
        options = {"edition": 1998, **values}
        cells.append({"cell": number, "grid": values, "options": options})
        offset = 0 if seeds_shared else 1_000_003 * (number + 1)
        rng = np.random.default_rng(seed + offset)
        weights = np.asarray(win_weights(values) if win_weights else [1.0] * players, dtype=np.float64)
        uniform = rng.random(games)
        winner = np.minimum(np.searchsorted(np.cumsum(weights / weights.sum()), uniform, side="right"), players - 1)
        noise = rng.integers(0, 6, size=(games, players))
        scores = noise + 10 * (np.arange(players)[None, :] == winner[:, None])
        shares = (np.arange(players)[None, :] == winner[:, None]).astype(np.float64)
        length = rng.integers(80, 121, size=games) + int(length_shift(values) if length_shift else 0)
        columns: dict[str, Any] = {
            "game": [game] * games,
            "players": [players] * games,
            "cell": [number] * games,
            "index": list(range(games)),
            "seed": (np.arange(games) * 7919 + seed + offset).tolist(),
            "options": [json.dumps(options, sort_keys=True)] * games,
            **{f"opt_{k}": pa.array([v] * games, types[k]) for k, v in values.items()},
            "bots": [seats] * games,
            "bot_seeds": [[1, 2, 3, 4][:players]] * games,
            "start_player": rng.integers(0, players, size=games).tolist(),
            "scores": scores.tolist(),
            "win_shares": shares.tolist(),
            "winners": [[int(w)] for w in winner],
            "length": length.tolist(),
            "rounds": (length // 20).tolist(),
        }
        for name in counts:
            columns[name] = rng.poisson(2.0, size=(games, players)).tolist()
        pq.write_table(pa.table(columns), directory / "games" / f"cell-{number:04d}.parquet")
    study = {
        "format": "ludoteca-simulation",
        "format_version": 1,
        "game": game,
        "players": players,
        "seats": seats,
        "grid": {k: list(v) for k, v in grid.items()},
        "fixed_options": {},
        "games": games,
        "seed": seed,
        "cells": cells,
        "backend": "local",
        "jobs": 1,
        "seconds": 1.5,
        "version": "0.1.0",
        "command": f"ludoteca simulate {game} --games {games}",
    }
    (directory / "study.json").write_text(json.dumps(study, indent=1), encoding="utf-8")
    return directory
