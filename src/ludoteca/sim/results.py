"""A simulation directory on disk: ``study.json`` and one Parquet file per cell under ``games/``.

One file per cell is written as soon as the cell's games are all played, so an interrupted study keeps
its finished cells and a report can be drawn from what exists. The column types are fixed from the
whole study before any file is written (a grid option whose values are all ``None`` in one cell still
gets the same type as in the others), so the files concatenate into one table.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from ludoteca.core.errors import LudotecaError

from .plan import Cell

STUDY_FILE = "study.json"
GAMES_DIR = "games"
FORMAT = "ludoteca-simulation"
VERSION = 1


class ResultsError(LudotecaError):
    """A simulation directory that cannot be read or written."""


def schema(plan: Sequence[Cell], count_names: Sequence[str]) -> pa.Schema:
    """The columns of every row of a study (see docs/simulation.md for their meaning)."""
    ints, floats, strings = pa.list_(pa.int64()), pa.list_(pa.float64()), pa.list_(pa.string())
    fields = [
        pa.field("game", pa.string()),
        pa.field("players", pa.int64()),
        pa.field("cell", pa.int64()),
        pa.field("index", pa.int64()),
        pa.field("seed", pa.int64()),
        pa.field("options", pa.string()),
    ]
    for key in plan[0].grid if plan else ():
        kind = pa.array([cell.grid[key] for cell in plan]).type
        fields.append(pa.field(f"opt_{key}", pa.string() if pa.types.is_null(kind) else kind))
    fields += [
        pa.field("bots", strings),
        pa.field("bot_seeds", ints),
        pa.field("start_player", pa.int64()),
        pa.field("scores", ints),
        pa.field("win_shares", floats),
        pa.field("winners", ints),
        pa.field("length", pa.int64()),
        pa.field("rounds", pa.int64()),
    ]
    fields += [pa.field(f"n_{name}", ints) for name in count_names]
    return pa.schema(fields)


def cell_path(directory: Path, cell: int) -> Path:
    return directory / GAMES_DIR / f"cell-{cell:04d}.parquet"


def prepare(directory: Path, overwrite: bool) -> None:
    """Make ``directory`` ready for a new study; refuse to write over an earlier one unless asked."""
    if directory.exists() and not directory.is_dir():
        raise ResultsError(f"{directory} is a file, not a directory")
    if (directory / STUDY_FILE).exists() or (directory / GAMES_DIR).exists():
        if not overwrite:
            raise ResultsError(f"{directory} already holds a simulation (choose another --out, or --overwrite)")
        for old in (directory / GAMES_DIR).glob("cell-*.parquet"):
            old.unlink()
    try:
        (directory / GAMES_DIR).mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ResultsError(f"cannot create {directory}: {e.strerror or e}") from None


def write_study(directory: Path, study: Mapping[str, Any]) -> None:
    """``study.json``, replaced atomically (it is rewritten at the end with the timing)."""
    data = {"format": FORMAT, "format_version": VERSION, **study}
    tmp = directory / (STUDY_FILE + ".tmp")
    tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp, directory / STUDY_FILE)


def write_cell(directory: Path, cell: int, rows: Sequence[Mapping[str, Any]], columns: pa.Schema) -> None:
    """The rows of one cell, in index order, as one Parquet file (written to a temporary name, then renamed)."""
    table = pa.Table.from_pylist(list(rows), schema=columns)
    path = cell_path(directory, cell)
    tmp = path.with_suffix(".parquet.tmp")
    pq.write_table(table, tmp, compression="zstd")
    os.replace(tmp, path)


def load(directory: str | os.PathLike[str]) -> tuple[dict[str, Any], pa.Table]:
    """The study description and every row written so far, cells in order."""
    root = Path(directory)
    if not root.is_dir():
        raise ResultsError(f"{root} is not a directory")
    try:
        study = json.loads((root / STUDY_FILE).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ResultsError(f"{root} is not a simulation directory (no {STUDY_FILE})") from None
    except (OSError, ValueError) as e:
        raise ResultsError(f"{root / STUDY_FILE}: cannot read it ({e})") from None
    if not isinstance(study, dict) or study.get("format") != FORMAT:
        raise ResultsError(f"{root / STUDY_FILE} does not describe a ludoteca simulation")
    files = sorted((root / GAMES_DIR).glob("cell-*.parquet"))
    if not files:
        raise ResultsError(f"{root} holds no games yet ({GAMES_DIR}/ is empty)")
    try:
        table = pa.concat_tables([pq.read_table(f) for f in files])
    except (OSError, pa.ArrowException) as e:
        raise ResultsError(f"{root}: a results file is damaged ({e})") from None
    return study, table
