"""What the report measures in each cell: win shares by seat and by turn order, scores, game length and
action usage, each as a mean with its 95% interval (:mod:`.estimates`).

Seats keep their bots for the whole study (no rotation), so a seat's win share mixes the bot's strength
with the seat's place; the share by *position* (0 = the start player, 1 = the next seat clockwise...)
separates out turn order, which is what a question like "is the first seat in Kreta favoured?" is about.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .cells import CellGames, Matrix
from .estimates import SHARE_BOUNDS, Estimate, column_estimates, mean_estimate

__all__ = ["CellSummary", "Spread", "game_measures", "summarize_cell"]


@dataclass(frozen=True)
class Spread:
    """The shape of a distribution beside its mean: quartiles and extremes."""

    low: float
    q1: float
    median: float
    q3: float
    high: float

    @classmethod
    def of(cls, values: Matrix) -> Spread:
        low, q1, median, q3, high = np.quantile(values, [0, 0.25, 0.5, 0.75, 1]).tolist()
        return cls(low, q1, median, q3, high)


@dataclass(frozen=True)
class CellSummary:
    games: int
    share_by_seat: list[Estimate]
    share_by_position: list[Estimate]
    score_by_seat: list[Estimate]
    score_spread: list[Spread]
    length: Estimate
    length_spread: Spread
    rounds: Estimate
    rounds_spread: Spread
    usage: dict[str, list[Estimate]]
    """``n_<name>`` → mean count per game, one estimate per seat."""
    usage_all: dict[str, Estimate]
    """``n_<name>`` → mean count per seat and game, all seats together (one value per game: their mean)."""


def summarize_cell(cell: CellGames) -> CellSummary:
    return CellSummary(
        games=cell.games,
        share_by_seat=column_estimates(cell.shares, SHARE_BOUNDS),
        share_by_position=column_estimates(cell.by_position(cell.shares), SHARE_BOUNDS),
        score_by_seat=column_estimates(cell.scores),
        score_spread=[Spread.of(cell.scores[:, p]) for p in range(cell.scores.shape[1])],
        length=mean_estimate(cell.length),
        length_spread=Spread.of(cell.length),
        rounds=mean_estimate(cell.rounds),
        rounds_spread=Spread.of(cell.rounds),
        usage={name: column_estimates(m) for name, m in cell.counts.items()},
        usage_all={name: mean_estimate(m.mean(axis=1)) for name, m in cell.counts.items()},
    )


def game_measures(cell: CellGames) -> dict[str, Matrix]:
    """One value per game for each measure an option can change, in the report's order.

    Per-seat counts and scores are averaged over the seats (a game's mean), so each measure is one number
    per game and two cells can be compared game by game.
    """
    players = cell.shares.shape[1]
    out: dict[str, Matrix] = {f"win share, seat {p + 1}": cell.shares[:, p] for p in range(players)}
    by_position = cell.by_position(cell.shares)
    out["win share, start player"] = by_position[:, 0]
    for k in range(1, players):
        out[f"win share, start +{k}"] = by_position[:, k]
    out["score (mean of the seats)"] = cell.scores.mean(axis=1)
    out["game length (actions)"] = cell.length.astype(np.float64)
    out["rounds"] = cell.rounds.astype(np.float64)
    for name, counts in cell.counts.items():
        out[f"{name} (mean per seat)"] = counts.mean(axis=1)
    return out
