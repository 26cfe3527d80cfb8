"""From per-seat records to one row per bot: the numbers ``ludoteca arena`` reports.

Identical specs in the lineup are one bot (``heuristic,random,random,random`` gives two rows), since
they are the same player. For the intervals each deal contributes *one* value per bot, the mean over
all of the bot's seat-games in that deal, because the rotations of a deal are correlated (see
:mod:`.stats`). Pure: no I/O, so the CLI only formats what this returns.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .runner import SeatRecord
from .stats import Estimate, estimate


@dataclass(frozen=True)
class BotSummary:
    bot: str
    seats: int
    """How many seats of the lineup this spec fills."""
    games: int
    """Seat-games played (deals × rotations × seats)."""
    win_share: Estimate
    mean_score: Estimate
    seconds_mean: float
    """Mean time per decision (total time over all decisions, so long games weigh more)."""
    seconds_max: float
    moves: int

    def to_json(self) -> dict[str, Any]:
        return {
            "bot": self.bot,
            "seats": self.seats,
            "games": self.games,
            "win_share": self.win_share.to_json(),
            "mean_score": self.mean_score.to_json(),
            "seconds_per_move": {"mean": self.seconds_mean, "max": self.seconds_max},
            "moves": self.moves,
        }


def lineup_groups(lineup: Sequence[str]) -> dict[str, list[int]]:
    """The lineup indices of each distinct spec, in order of first appearance."""
    groups: dict[str, list[int]] = {}
    for i, spec in enumerate(lineup):
        groups.setdefault(spec, []).append(i)
    return groups


def summarize(lineup: Sequence[str], records: Sequence[SeatRecord]) -> list[BotSummary]:
    """One summary per distinct spec of ``lineup``, over all ``records`` (any order)."""
    rows: list[BotSummary] = []
    for spec, indices in lineup_groups(lineup).items():
        mine = [r for r in records if r.bot in indices]
        shares: dict[int, list[float]] = {}
        scores: dict[int, list[float]] = {}
        for r in mine:
            shares.setdefault(r.deal, []).append(r.win_share)
            scores.setdefault(r.deal, []).append(r.score)
        deals = sorted(shares)
        moves = sum(r.decisions for r in mine)
        rows.append(
            BotSummary(
                bot=spec,
                seats=len(indices),
                games=len(mine),
                win_share=estimate([_mean(shares[d]) for d in deals], bounds=(0.0, 1.0)),
                mean_score=estimate([_mean(scores[d]) for d in deals]),
                seconds_mean=math.fsum(r.seconds for r in mine) / moves if moves else 0.0,
                seconds_max=max((r.max_seconds for r in mine), default=0.0),
                moves=moves,
            )
        )
    return rows


def deal_values(lineup: Sequence[str], records: Sequence[SeatRecord], spec: str) -> list[float]:
    """``spec``'s mean win share in each deal, in deal order: the blocks a sequential test sees
    (:mod:`.sequential`). A spec that fills ``k`` seats gets the mean over its ``k·n`` seat-games of the deal."""
    indices = set(lineup_groups(lineup)[spec])
    shares: dict[int, list[float]] = {}
    for r in records:
        if r.bot in indices:
            shares.setdefault(r.deal, []).append(r.win_share)
    return [_mean(shares[d]) for d in sorted(shares)]


def _mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values)
