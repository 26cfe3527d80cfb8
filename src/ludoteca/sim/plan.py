"""What a study plays: the cells of an option grid, the games of each cell, and how they are cut into tasks.

A *study* is one lineup of bots playing ``games`` games in every *cell* of a grid of rule options (the
product of the values given for each grid key, on top of the options held fixed). Game ``index`` gets
the same seed in every cell — common random numbers: the same deals are played under every rule
variant, so the difference between two cells is measured on paired games and its noise is smaller
than with independent deals. Every seed comes from the study seed and the game index alone, never from
which process or machine played it, so the rows do not depend on the backend or the number of jobs.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludoteca import games
from ludoteca.arena.runner import derive_seed
from ludoteca.core.errors import LudotecaError, OptionError


class StudyError(LudotecaError):
    """A study that cannot be played as asked: an unknown grid key, duplicate cells, too many seats..."""


@dataclass(frozen=True)
class Cell:
    """One combination of grid values: its number, the grid values (canonical) and the full options."""

    cell: int
    grid: dict[str, Any]
    options: dict[str, Any]


@dataclass(frozen=True)
class Study:
    game: str
    seats: tuple[str, ...]
    """One bot spec per seat, in seat order (no rotation: seat balance is part of what is measured)."""
    games: int
    """Games per cell."""
    seed: int
    grid: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    """``((key, (value, ...)), ...)`` as given; values are checked and made canonical by the game."""
    fixed: Mapping[str, Any] = field(default_factory=dict)
    """Options held fixed in every cell."""

    @property
    def players(self) -> int:
        return len(self.seats)

    def game_seed(self, index: int) -> int:
        """The seed of game ``index`` (the same in every cell)."""
        return derive_seed(self.seed, index)

    def bot_seed(self, index: int, seat: int) -> int:
        return derive_seed(self.seed, index, seat)


@dataclass(frozen=True)
class Task:
    """Games ``start .. stop-1`` of one cell: the unit of work sent to a process or a Ray worker (plain data,
    so it pickles)."""

    game: str
    seats: tuple[str, ...]
    seed: int
    cell: int
    options: dict[str, Any]
    grid: dict[str, Any]
    start: int
    stop: int


def cells(study: Study) -> list[Cell]:
    """Every cell of the grid, validated by the game's own option parser; canonical values throughout."""
    definition = games.get(study.game)
    if not definition.min_players <= study.players <= definition.max_players:
        raise StudyError(
            f"{definition.title} takes {definition.min_players} to {definition.max_players} players, "
            f"not {study.players} (give one bot per seat)"
        )
    keys = [key for key, _ in study.grid]
    if len(set(keys)) != len(keys):
        raise StudyError(f"a grid key is given twice: {', '.join(keys)}")
    if clash := sorted(set(keys) & set(study.fixed)):
        raise StudyError(f"option {clash[0]} is both fixed and on the grid")
    out: list[Cell] = []
    seen: dict[tuple[tuple[str, str], ...], int] = {}
    for combo in itertools.product(*(values for _, values in study.grid)):
        given = {**study.fixed, **dict(zip(keys, combo, strict=True))}
        try:
            options = definition.options_to_dict(definition.options_from_dict(given))
        except OptionError as e:
            raise StudyError(str(e)) from None
        grid = {key: options[key] for key in keys}
        fingerprint = tuple(sorted((k, repr(v)) for k, v in options.items()))
        if fingerprint in seen:
            raise StudyError(f"two grid values name the same rules: {_describe(grid)} (cell {seen[fingerprint]})")
        seen[fingerprint] = len(out)
        out.append(Cell(len(out), grid, options))
    return out


def _describe(grid: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in grid.items()) or "no grid"


def tasks(study: Study, plan: Sequence[Cell], size: int) -> list[Task]:
    """The cells' games in chunks of at most ``size``, cell by cell (so early cells finish early)."""
    size = max(1, size)
    return [
        Task(
            study.game,
            study.seats,
            study.seed,
            cell.cell,
            cell.options,
            cell.grid,
            start,
            min(start + size, study.games),
        )
        for cell in plan
        for start in range(0, study.games, size)
    ]


def chunk_size(games_per_cell: int, cells: int, workers: int) -> int:
    """Chunks big enough that scheduling costs nothing against the games, small enough that every worker
    stays busy to the end and the progress bar moves: about 8 chunks per worker, at most 200 games."""
    total = games_per_cell * cells
    return max(1, min(200, total // max(1, workers * 8)))
