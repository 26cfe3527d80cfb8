"""Running a study end to end: plan the cells, play the tasks on a backend, write each cell when it is complete.

``study.json`` is written first (``complete: false``) so that even an interrupted run leaves a readable
directory, then rewritten at the end with the timing. Rows are sorted by game index before a cell is
written, so files are identical whatever order the tasks finished in.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ludoteca import __version__

from . import backends, results
from .plan import Study, cells, chunk_size, tasks
from .play import Row, count_names


@dataclass(frozen=True)
class Summary:
    games: int
    cells: int
    seconds: float

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0


def simulate(
    study: Study,
    out: Path,
    backend: str = "local",
    jobs: int = 1,
    address: str | None = None,
    overwrite: bool = False,
    command: str = "",
    chunk: int | None = None,
    on_games: Callable[[int], None] | None = None,
) -> Summary:
    """Play every game of ``study`` and write the directory ``out``; ``on_games(k)`` after each finished task."""
    plan = cells(study)
    columns = results.schema(plan, count_names(study.game))
    size = chunk or chunk_size(study.games, len(plan), jobs)
    work = tasks(study, plan, size)
    results.prepare(out, overwrite)
    description: dict[str, Any] = {
        "game": study.game,
        "players": study.players,
        "seats": list(study.seats),
        "grid": {key: list(dict.fromkeys(cell.grid[key] for cell in plan)) for key, _ in study.grid},
        "fixed_options": dict(study.fixed),
        "games": study.games,
        "seed": study.seed,
        "cells": [{"cell": cell.cell, "grid": cell.grid, "options": cell.options} for cell in plan],
        "backend": backend,
        "jobs": jobs,
        "address": address,
        "version": __version__,
        "command": command,
        "complete": False,
    }
    results.write_study(out, description)
    started = time.perf_counter()
    pending: dict[int, list[Row]] = {cell.cell: [] for cell in plan}
    for task, rows in backends.run(work, backend, jobs, address):
        got = pending[task.cell]
        got += rows
        if len(got) == study.games:
            got.sort(key=lambda row: int(row["index"]))
            results.write_cell(out, task.cell, got, columns)
            pending[task.cell] = []
        if on_games is not None:
            on_games(len(rows))
    seconds = time.perf_counter() - started
    summary = Summary(study.games * len(plan), len(plan), seconds)
    description.update(complete=True, seconds=round(seconds, 3), games_per_second=round(summary.games_per_second, 2))
    results.write_study(out, description)
    return summary

