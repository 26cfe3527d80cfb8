"""A record's moves in the reader's words: each labelled as the table's button labelled it for the seat that chose.

A record, and a review of it (:mod:`ludoteca.review`), keep every move in the game's notation (``take builder``),
the same in every language. A reader sees the label the table's button had at that moment ("Take the Builder",
"Place a Gutshof under Village 2"): :func:`move_labels` replays the record and asks the game's presenter
(:meth:`ludoteca.present.Presenter.action_label`, the one function the web table labels a seat's legal actions
with) about the chosen moves, from the view of the seat to act — so a label can say no more than that seat
knew. The review's front ends (``ludoteca review``, the replay's review panel) show a judged decision's move
played and the search's preferred one this way; its numbers they write with
:meth:`~ludoteca.present.i18n.Translator.percent` and ``decimal`` ("35 %" in French, "1,1" in Italian).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ludoteca import games
from ludoteca.core.errors import RecordError
from ludoteca.core.records import GameRecord, parse_record_action, start

from . import for_view
from .i18n import Translator


def move_labels(
    record: GameRecord, judged: Iterable[Mapping[str, Any]], names: Sequence[str], tr: Translator
) -> dict[int, tuple[str, str]]:
    """For each judged decision (an entry ``{"n", "played", "best"}`` of a review's ``decisions``), by its
    ``n``: the labels of the move played and of the search's preferred one, in ``tr``'s language, as the
    table labelled them for the seat to act after ``n`` actions. ``names`` are the seats' names as the reader
    sees them. A move that is not one of that position's legal actions keeps its notation."""
    wanted = {int(entry["n"]): (str(entry["played"]), str(entry["best"])) for entry in judged}
    if not wanted:
        return {}
    definition = games.get(record.game)
    state = start(definition, record)
    labels: dict[int, tuple[str, str]] = {}
    for n, text in enumerate(record.actions[: max(wanted) + 1]):
        if n in wanted:
            view = state.view(state.current_player())
            by_text = {action.to_text(): action for action in state.legal_actions()}
            played, best = (_label(view, by_text.get(move), move, names, tr) for move in wanted[n])
            labels[n] = (played, best)
        if state.is_terminal():
            raise RecordError(f"action #{n + 1} {text!r}: the game is already over")
        state.apply(parse_record_action(definition, text))
    return labels


def _label(view: Any, action: Any, notation: str, names: Sequence[str], tr: Translator) -> str:
    """The label of a legal ``action`` of the seat to act in ``view``, or its ``notation`` if it is none."""
    return notation if action is None else str(for_view(view).action_label(view, action, names, tr))


def in_words(
    document: Mapping[str, Any], record: GameRecord, names: Sequence[str], tr: Translator
) -> dict[str, dict[str, str]]:
    """The labels of a review ``document``'s moves as JSON: ``{"n": {"played": label, "best": label}}`` for
    every judged decision (see :func:`move_labels`). Beside the document, never in it: the document keeps
    the notation, the same in every language."""
    labels = move_labels(record, document.get("decisions", ()), names, tr)
    return {str(n): {"played": played, "best": best} for n, (played, best) in sorted(labels.items())}


__all__ = ["in_words", "move_labels"]
