"""A game's result for people (a score table) and for programs (one JSON object), for any game.

Both read only :class:`~ludoteca.core.game.GameResult`, whose breakdown keys are the game's own, so
``play`` and ``replay`` print every game's scores the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ludoteca.core.game import AnyGameDefinition, GameResult
from ludoteca.core.records import GameRecord


def _keys(result: GameResult) -> list[str]:
    keys: list[str] = []
    for row in result.breakdown:
        keys.extend(k for k in row if k not in keys)
    return keys


def winners_text(result: GameResult, names: Sequence[str], finished: bool = True) -> str:
    who = [names[p] for p in result.winners]
    best = result.scores[result.winners[0]] if result.winners else 0
    if not finished:
        lead = " and ".join(who)
        return f"Leading so far: {lead} with {best} VP." if len(who) < len(names) else f"All level on {best} VP."
    if len(who) == 1:
        return f"Winner: {who[0]} with {best} VP."
    return f"Shared win: {', '.join(who[:-1])} and {who[-1]} with {best} VP each."


def result_renderables(
    definition: AnyGameDefinition, result: GameResult, names: Sequence[str], finished: bool = True
) -> list[RenderableType]:
    """The score table (one row per seat, one column per source of points) and the winners' line."""
    keys = _keys(result)
    progress = ", ".join(f"{v} {k[:-1] if v == 1 and k.endswith('s') else k}" for k, v in result.progress.items())
    title = "Final scores" if finished else "Scores so far"
    table = Table(title=f"{title} ({progress})" if progress else title, title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column("Seat")
    for key in keys:
        table.add_column(key.capitalize(), justify="right")
    table.add_column("Total", justify="right", style="bold")
    table.add_column("")
    for p, name in enumerate(names):
        row = result.breakdown[p] if p < len(result.breakdown) else {}
        mark = "★ winner" if finished and p in result.winners else ""
        table.add_row(name, *(str(row.get(k, 0)) for k in keys), str(result.scores[p]), mark)
    return [table, Text(winners_text(result, names, finished), style="bold")]


def result_json(
    definition: AnyGameDefinition, record: GameRecord, options: Any, result: GameResult, finished: bool, played: int
) -> dict[str, Any]:
    """The machine-readable summary printed by ``replay --json`` (``played``: actions replayed)."""
    return {
        "game": definition.name,
        "title": definition.title,
        "seed": record.seed,
        "options": definition.options_to_dict(options),
        "players": list(record.players),
        "actions": played,
        "finished": finished,
        "scores": list(result.scores),
        "breakdown": [dict(row) for row in result.breakdown],
        "winners": list(result.winners),
        definition.progress_key: result.progress.get(definition.progress_key),
    }
