"""The games of a simulation directory as numpy arrays, one block per cell of the option grid.

The report needs whole columns (a seat's win shares over 10,000 games), never single rows, so the Parquet
table is turned into arrays once: the list columns (one value per seat) become ``games × players``
matrices, and the rows are sorted by cell and game index and cut into one :class:`CellGames` per cell.
Everything is vectorised — a directory of 100,000 games loads in well under a second.

Every way a directory can be unusable (missing, no ``study.json``, a corrupt Parquet file — reported by
:func:`.results.load` — a column missing or of the wrong shape) is a :class:`~.results.ResultsError` (a
``LudotecaError``) naming the problem in one line, so the CLI can print it and exit 2.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from . import results
from .results import ResultsError

__all__ = ["COUNT_PREFIX", "CellGames", "ResultsError", "Simulation", "cell_label", "load_simulation"]

COUNT_PREFIX = "n_"
"""Columns named ``n_<what>`` holding a list per seat are per-seat counts (cards taken, conflicts won...);
the report treats each the same way, so a new count needs no change here."""

_SCALARS = ("cell", "index", "seed", "start_player", "length", "rounds")
_PER_SEAT = ("scores", "win_shares")

Matrix = np.ndarray[Any, np.dtype[Any]]


@dataclass(frozen=True)
class CellGames:
    """The games of one cell, sorted by game index: one entry (or one row of a matrix) per game."""

    cell: int
    grid: dict[str, Any]
    """This cell's value of each grid key (empty without a grid)."""
    options: dict[str, Any]
    index: Matrix
    seed: Matrix
    start_player: Matrix
    length: Matrix
    rounds: Matrix
    scores: Matrix
    """``games × players``, in seat order."""
    shares: Matrix
    """``games × players`` win shares: 1/k to each of k tied winners."""
    counts: dict[str, Matrix]
    """``n_<name>`` → ``games × players``."""

    @property
    def games(self) -> int:
        return len(self.index)

    @property
    def label(self) -> str:
        return cell_label(self.grid)

    def by_position(self, matrix: Matrix) -> Matrix:
        """``matrix`` re-ordered by turn order: column 0 is the start player, column 1 the next seat..."""
        players = matrix.shape[1]
        seats = (self.start_player[:, None] + np.arange(players)[None, :]) % players
        return np.take_along_axis(matrix, seats, axis=1)


@dataclass(frozen=True)
class Simulation:
    """A study (its ``study.json``) and its games, cut into cells in the study's cell order."""

    directory: Path
    study: dict[str, Any]
    cells: list[CellGames]
    players: int
    count_names: list[str]
    """The ``n_*`` columns, in table order."""
    missing_cells: list[int]
    """Cells of ``study.json`` with no games in the table (an interrupted run)."""

    @property
    def game(self) -> str:
        return str(self.study.get("game", "?"))

    @property
    def grid(self) -> dict[str, list[Any]]:
        """Each grid key's values in the order given (the first is the baseline of the option effects).

        Taken from the cells, whose values are canonical (``study.json``'s grid may keep them as typed).
        """
        grid: dict[str, list[Any]] = {str(k): [] for k in self.study.get("grid") or {}}
        for cell in self.study.get("cells") or []:
            for key, value in (cell.get("grid") or {}).items():
                known = grid.setdefault(key, [])
                if all(json.dumps(value) != json.dumps(v) for v in known):
                    known.append(value)
        return grid

    @property
    def total_games(self) -> int:
        return sum(c.games for c in self.cells)


def cell_label(grid: Mapping[str, Any]) -> str:
    """``edition=2008, hand_limit=6``, or ``all games`` without a grid."""
    return ", ".join(f"{k}={json.dumps(v)}" for k, v in grid.items()) or "all games"


def load_simulation(directory: str | Path) -> Simulation:
    """Read ``directory`` (``study.json`` and ``games/*.parquet``) into per-cell arrays."""
    path = Path(directory)
    study, table = _read(path)
    players = _players(study, table)
    names = [name for name in table.column_names if name.startswith(COUNT_PREFIX) and _is_list(table, name)]
    try:
        columns = {name: _scalar(table, name) for name in _SCALARS}
        matrices = {name: _per_seat(table, name, players) for name in (*_PER_SEAT, *names)}
    except ResultsError as e:
        raise ResultsError(f"{path}: {e}") from None
    order = np.lexsort((columns["index"], columns["cell"]))
    columns = {k: v[order] for k, v in columns.items()}
    matrices = {k: v[order] for k, v in matrices.items()}
    described = {int(c["cell"]): c for c in study.get("cells") or [{"cell": 0, "grid": {}, "options": {}}]}
    numbers, starts = np.unique(columns["cell"], return_index=True)
    if unknown := sorted(set(numbers.tolist()) - set(described)):
        raise ResultsError(f"{path}: games of cell {unknown[0]}, which study.json does not describe")
    bounds = [*starts.tolist(), len(order)]
    blocks: dict[int, CellGames] = {}
    for i, number in enumerate(numbers.tolist()):
        part = slice(bounds[i], bounds[i + 1])
        about = described[number]
        blocks[number] = CellGames(
            cell=number,
            grid=dict(about.get("grid") or {}),
            options=dict(about.get("options") or {}),
            index=columns["index"][part],
            seed=columns["seed"][part],
            start_player=columns["start_player"][part],
            length=columns["length"][part],
            rounds=columns["rounds"][part],
            scores=matrices["scores"][part],
            shares=matrices["win_shares"][part],
            counts={name: matrices[name][part] for name in names},
        )
    ordered = [blocks[n] for n in described if n in blocks]
    missing = [n for n in described if n not in blocks]
    return Simulation(path, study, ordered, players, names, missing)


def _read(path: Path) -> tuple[dict[str, Any], pa.Table]:
    """``study.json`` and every row, through :func:`.results.load` (the one reader of the format), checked
    for the columns the report needs."""
    study, table = results.load(path)
    if table.num_rows == 0:
        raise ResultsError(f"{path} holds no games (the Parquet files are empty)")
    missing = [c for c in (*_SCALARS, *_PER_SEAT) if c not in table.column_names]
    if missing:
        raise ResultsError(f"{path}: not simulation results (no column {missing[0]!r})")
    if not isinstance(study.get("grid", {}), dict) or not isinstance(study.get("cells", []), list):
        raise ResultsError(f"{path}: study.json does not describe the grid and its cells")
    return study, table


def _players(study: Mapping[str, Any], table: Any) -> int:
    if isinstance(study.get("players"), int):
        return int(study["players"])
    return int(pc.max(pc.list_value_length(table.column("scores"))).as_py())


def _scalar(table: Any, name: str) -> Matrix:
    column = table.column(name)
    if column.null_count:
        raise ResultsError(f"column {name!r} has missing values")
    try:
        return np.asarray(column.to_numpy(), dtype=np.int64)
    except (TypeError, ValueError, pa.ArrowException):
        raise ResultsError(f"column {name!r} does not hold whole numbers") from None


def _is_list(table: pa.Table, name: str) -> bool:
    kind = table.schema.field(name).type
    return bool(pa.types.is_list(kind) or pa.types.is_large_list(kind))


def _per_seat(table: pa.Table, name: str, players: int) -> Matrix:
    """A list column with one value per seat as a ``games × players`` matrix."""
    if not _is_list(table, name):
        raise ResultsError(f"column {name!r} is not a list per seat")
    column = table.column(name).combine_chunks()
    lengths = pc.list_value_length(column)
    if column.null_count or not pc.all(pc.equal(lengths, players)).as_py():
        raise ResultsError(f"column {name!r} does not hold one value per seat ({players} seats) in every row")
    values = column.flatten()
    if values.null_count:
        raise ResultsError(f"column {name!r} has missing values")
    dtype = np.float64 if name == "win_shares" else np.int64
    try:
        flat = np.asarray(values.to_numpy(zero_copy_only=False), dtype=dtype)
    except (TypeError, ValueError):
        raise ResultsError(f"column {name!r} does not hold numbers") from None
    return flat.reshape(-1, players)
