"""The effect of each grid option: how every measure changes when one option changes and the others stay.

For a grid key with values ``b`` (the first given: the baseline) and ``v``, every cell with ``b`` is
matched with the cell that differs from it only in that key. Within a matched pair, game ``i`` of one
cell and game ``i`` of the other were dealt from the same seed, so the difference is taken game by game.
When other grid keys vary too, the differences of game ``i`` are averaged over their settings first — the
games with the same index share a seed across all cells, so they are one sample, not several — and the
interval is that of the mean over the game indexes (a *main effect*, averaged over the other keys). If
the matched cells' seeds differ (not a common-random-numbers study), the intervals are unpaired (Welch).
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from .cells import CellGames, Matrix
from .estimates import Estimate, difference, excludes_zero
from .measures import game_measures

__all__ = ["Effect", "OptionEffect", "option_effects"]


@dataclass(frozen=True)
class Effect:
    measure: str
    baseline_mean: float
    value_mean: float
    difference: Estimate
    """``value − baseline`` with its 95% interval."""

    @property
    def clear(self) -> bool:
        """The interval excludes 0: the games show a difference, not noise."""
        return excludes_zero(self.difference)


@dataclass(frozen=True)
class OptionEffect:
    """What changing ``key`` from ``baseline`` to ``value`` does, measure by measure."""

    key: str
    baseline: Any
    value: Any
    games: int
    """Game indexes compared (the samples of each interval)."""
    settings: int
    """Settings of the other grid keys the comparison is averaged over (1 with a one-key grid)."""
    paired: bool
    effects: list[Effect]


def option_effects(grid: Mapping[str, Sequence[Any]], cells: Sequence[CellGames]) -> list[OptionEffect]:
    """For each grid key with two or more values, the effect of each value against the first."""
    measures = {cell.cell: game_measures(cell) for cell in cells}
    by_grid = {_fingerprint(cell.grid): cell for cell in cells}
    out = []
    for key, values in grid.items():
        baseline = values[0] if values else None
        for value in values[1:]:
            pairs = []
            for cell in cells:
                if _same(cell.grid.get(key), baseline):
                    partner = by_grid.get(_fingerprint({**cell.grid, key: value}))
                    if partner is not None:
                        pairs.append((cell, partner))
            if pairs:
                out.append(_compare(key, baseline, value, pairs, measures))
    return out


def _compare(
    key: str,
    baseline: Any,
    value: Any,
    pairs: Sequence[tuple[CellGames, CellGames]],
    measures: Mapping[int, Mapping[str, Matrix]],
) -> OptionEffect:
    indexes, rows_b, rows_v = [], [], []
    paired = True
    for cell_b, cell_v in pairs:
        common, ib, iv = np.intersect1d(cell_b.index, cell_v.index, assume_unique=True, return_indices=True)
        paired = paired and bool(np.array_equal(cell_b.seed[ib], cell_v.seed[iv]))
        indexes.append(common)
        rows_b.append(ib)
        rows_v.append(iv)
    all_indexes = np.concatenate(indexes)
    games, inverse = np.unique(all_indexes, return_inverse=True)
    per_index = np.bincount(inverse).astype(np.float64)

    def averaged(side: int, name: str) -> Matrix:
        """The measure of each game index, averaged over the settings of the other keys."""
        rows = rows_b if side == 0 else rows_v
        parts = [measures[pair[side].cell][name][rows[k]] for k, pair in enumerate(pairs)]
        weights = np.concatenate(parts).astype(np.float64)
        return np.bincount(inverse, weights=weights, minlength=len(games)) / per_index

    effects = []
    for name in measures[pairs[0][0].cell]:
        b, v = averaged(0, name), averaged(1, name)
        if len(games):
            effects.append(Effect(name, float(b.mean()), float(v.mean()), difference(v, b, paired)))
    return OptionEffect(key, baseline, value, len(games), len(pairs), paired, effects)


def _fingerprint(grid: Mapping[str, Any]) -> str:
    """A grid setting as a key: JSON, so ``true`` and ``1`` (or ``null`` and ``"null"``) stay distinct."""
    return json.dumps(sorted(grid.items()), default=str)


def _same(a: Any, b: Any) -> bool:
    return json.dumps(a, default=str) == json.dumps(b, default=str)
