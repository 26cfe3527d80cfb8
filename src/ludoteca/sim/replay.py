"""Any row of a simulation, played again as a game record: the row's seed, options and bot seeds are enough.

A row is not a record (it does not list the actions, to keep studies small), but everything in a game
is seeded, so playing the row's bots again on its seed gives the same game; :func:`record_of` returns it
as a :class:`~ludoteca.core.records.GameRecord` that ``ludoteca replay`` can show move by move.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pyarrow.compute as pc

from ludoteca import games
from ludoteca.core.records import GameRecord, stored_options

from .play import play_bots
from .results import ResultsError, load


def record_of(row: Mapping[str, Any]) -> GameRecord:
    """The game of ``row`` (a dict with the row's columns), replayed with its bots to the end."""
    definition = games.get(str(row["game"]))
    options_dict = json.loads(row["options"])
    options = stored_options(definition, options_dict)
    seats = [str(spec) for spec in row["bots"]]
    seeds = [int(seed) for seed in row["bot_seeds"]]
    played = play_bots(definition, options, int(row["seed"]), seats, seeds)
    actions = [action.to_text() for _, action in played.moves]
    names = [f"{spec} {seat + 1}" for seat, spec in enumerate(seats)]
    return GameRecord(definition.name, options_dict, int(row["seed"]), names, actions, seats=seats)


def find_row(directory: str | Path, cell: int, index: int) -> dict[str, Any]:
    """Row ``index`` of cell ``cell`` of the simulation in ``directory``."""
    _, table = load(directory)
    found = table.filter(pc.and_(pc.equal(table["cell"], cell), pc.equal(table["index"], index)))
    if found.num_rows != 1:
        raise ResultsError(f"{directory} has no game {index} in cell {cell}")
    row: dict[str, Any] = found.to_pylist()[0]
    return row
