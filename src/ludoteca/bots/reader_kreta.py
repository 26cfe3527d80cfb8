"""How the ``reader`` bot searches in Kreta: the ``ismcts`` lookahead, its levels by iterations, the learned judge.

Kreta has nothing to read in the others' choices: what is hidden (the face-down fort cards, the pile's order)
is hidden from every seat alike, so no choice can depend on it, and the uniform ``determinize`` is already the
exact posterior. The levels differ by iterations (:attr:`ludoteca.bots.ismcts.ReaderBot.levels`): below
:data:`search_kreta.DEEP_FROM` one round ahead (``easy``), from there two (:data:`search_kreta.DEEP`); from
:data:`JUDGED_FROM` (``expert``), with three or four players (:data:`judge_kreta.PLAYERS`), the position where
the lookahead stops is judged by the learned judge (:mod:`.judge_kreta`) instead of the logistic curve of the
heuristic's estimate.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ludoteca.kreta.view import KretaView

from . import judge_kreta, search_kreta
from .base import Budget
from .ismcts import Lookahead

JUDGED_FROM = 1200
"""Budgets of this many iterations or more (or of time alone) judge with the learned judge."""


class LearnedJudge:
    """The learned judge for one search: every seat's chances, remembered by public position (as the
    search's own judgements are: the face-down fort cards, which nobody sees, do not enter them)."""

    def __init__(self) -> None:
        self.judged: dict[tuple[Any, ...], list[float]] = {}

    def __call__(self, state: Any, seat: int) -> float:
        key = state.public_key()
        got = self.judged.get(key)
        if got is None:
            got = self.judged[key] = judge_kreta.evaluate(state)
        return got[seat]


def judged(view: KretaView, settings: search_kreta.Settings) -> Lookahead:
    """The lookahead of ``settings`` from ``view``, judged by the learned judge."""
    return replace(search_kreta.Session(view, settings).lookahead(), judge=LearnedJudge())


def prepare(view: object, budget: Budget) -> Lookahead:
    """The lookahead of one search from ``view`` with ``budget``."""
    if not isinstance(view, KretaView):
        raise TypeError(f"not a Kreta view: {type(view).__name__}")
    iterations = budget.iterations
    deep = iterations is None or iterations >= search_kreta.DEEP_FROM
    settings = search_kreta.DEEP if deep else search_kreta.NORMAL
    if (iterations is None or iterations >= JUDGED_FROM) and view.num_players in judge_kreta.PLAYERS:
        return judged(view, settings)
    return search_kreta.Session(view, settings).lookahead()


__all__ = ["JUDGED_FROM", "LearnedJudge", "judged", "prepare"]
