"""A game's result for people (a score table) and for programs (one JSON object), for any game.

Both read only :class:`~ludoteca.core.game.GameResult`, whose breakdown keys are the game's own, so
``play`` and ``replay`` print every game's scores the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich import box
from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from ludoteca.core.game import AnyGameDefinition, GameResult
from ludoteca.core.records import GameRecord
from ludoteca.present.common import ENGLISH
from ludoteca.present.i18n import Translator


def _keys(result: GameResult) -> list[str]:
    keys: list[str] = []
    for row in result.breakdown:
        keys.extend(k for k in row if k not in keys)
    return keys


def progress_text(progress: Mapping[str, int], tr: Translator = ENGLISH) -> str:
    """The game's length ("8 rounds", "11 scorings"); a measure this module does not know, as it is."""
    parts = []
    for key, n in progress.items():
        if key == "rounds":
            parts.append(tr.ngettext("%(n)d round", "%(n)d rounds", n) % {"n": n})
        elif key == "scorings":
            parts.append(tr.ngettext("%(n)d scoring", "%(n)d scorings", n) % {"n": n})
        else:
            parts.append(f"{n} {key[:-1] if n == 1 and key.endswith('s') else key}")
    return ", ".join(parts)


def winners_text(result: GameResult, names: Sequence[str], finished: bool = True, tr: Translator = ENGLISH) -> str:
    """Who won (or leads), in one sentence of the reader's language."""
    who = [names[p] for p in result.winners]
    best = result.scores[result.winners[0]] if result.winners else 0
    if not finished:
        if len(who) < len(names):
            return tr.ngettext(
                "Leading so far: %(who)s with %(vp)d VP.", "Leading so far: %(who)s with %(vp)d VP.", len(who)
            ) % {"who": tr.format_list(who), "vp": best}
        return tr("All level on %(vp)d VP.") % {"vp": best}
    return tr.ngettext(
        "Winner: %(who)s with %(vp)d VP.", "Shared win: %(who)s with %(vp)d VP each.", len(who)
    ) % {"who": tr.format_list(who), "vp": best}


def result_renderables(
    definition: AnyGameDefinition,
    result: GameResult,
    names: Sequence[str],
    finished: bool = True,
    tr: Translator = ENGLISH,
    labels: Mapping[str, str] | None = None,
) -> list[RenderableType]:
    """The score table (one row per seat, one column per source of points) and the winners' line, in the
    language of ``tr``; ``labels`` name the breakdown's columns (the presenter's ``breakdown_labels``)."""
    keys = _keys(result)
    labels = labels or {}
    progress = progress_text(result.progress, tr)
    title = tr("Final scores") if finished else tr("Scores so far")
    table = Table(title=f"{title} ({progress})" if progress else title, title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column(tr("Seat"))
    for key in keys:
        table.add_column(labels.get(key, key.capitalize()), justify="right")
    table.add_column(tr("Total"), justify="right", style="bold")
    table.add_column("")
    for p, name in enumerate(names):
        row = result.breakdown[p] if p < len(result.breakdown) else {}
        mark = "★ " + tr("winner") if finished and p in result.winners else ""
        table.add_row(name, *(str(row.get(k, 0)) for k in keys), str(result.scores[p]), mark)
    return [table, Text(winners_text(result, names, finished, tr), style="bold")]


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
