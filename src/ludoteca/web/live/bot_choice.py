"""Which of the lobby's bots a stored game's bot plays as (the lobby offers only bots of a bounded cost)."""

from __future__ import annotations

import math

from ludoteca import bots
from ludoteca.bots.ismcts import IsmctsBot
from ludoteca.core.errors import LudotecaError

from ..protocol.requests import BOT_CHOICES


def nearest_choice(spec: str) -> str:
    """The lobby's bot closest to ``spec``, for games stored before the lobby checked its bots (or
    written into the database by hand): a search budget maps to the search level nearest by its
    iterations, else by its seconds; anything else becomes the heuristic bot."""
    if spec in BOT_CHOICES:
        return spec
    try:
        name, budget = bots.parse_spec(spec)
    except LudotecaError:
        return "heuristic"
    if name != "ismcts" or budget is None:
        return "heuristic"
    levels = {lv: b for lv, b in IsmctsBot.levels.items() if f"ismcts:{lv}" in BOT_CHOICES}

    def distance(value: float, level_value: float) -> float:
        # on a log scale (60 iterations are nearer 50 than 300); infinity is nearest the largest level
        return abs(math.log(min(max(value, 1e-9), 1e18)) - math.log(level_value))

    if budget.iterations is not None:
        ranked = {lv: distance(budget.iterations, b.iterations) for lv, b in levels.items() if b.iterations}
    else:
        seconds = budget.seconds if budget.seconds is not None and not math.isnan(budget.seconds) else 1.0
        timed = {lv: b.seconds for lv, b in levels.items() if b.seconds is not None}
        ranked = {lv: distance(seconds, s) for lv, s in timed.items()}
        if seconds < min(timed.values()) / 2:
            return "ismcts:easy"  # easy is bounded by iterations only; far below normal's time is easy
    return f"ismcts:{min(ranked, key=lambda lv: ranked[lv])}"
