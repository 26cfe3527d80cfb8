"""How the ``reader`` bot searches in Verräter: the ``ismcts`` lookahead over worlds weighted by beliefs.

The search is the one-round lookahead of ``ismcts:normal`` (:data:`search_verraeter.ONE_ROUND`: its own
choices in the tree, the others as the heuristic, the round under way, then the projected-score judgement);
what changes is where its worlds come from, and at ``expert`` how the position is judged at the horizon.
Until this round's reveal, each search draws candidate worlds from the view and weights them by how likely
each makes the others' draft picks and supply plays so far (:mod:`.beliefs_verraeter`); the iterations then
draw from those by weight. The levels differ by iterations (:attr:`ludoteca.bots.ismcts.ReaderBot.levels`);
from :data:`JUDGED_FROM` iterations the learned judge (:mod:`.judge_verraeter`) replaces the hand-made one.
"""

from __future__ import annotations

from dataclasses import replace

from ludoteca.core.rng import Rng
from ludoteca.verraeter.view import VerraeterView

from . import beliefs_verraeter, judge_verraeter, search_verraeter
from .base import Budget
from .beliefs import Particles
from .ismcts import Lookahead

PARTICLES = (64, 400)
"""Candidate worlds per search: as many as its iterations, within these bounds."""


def beliefs(view: object, rng: Rng, iterations: int) -> Particles | None:
    """The worlds of one search: weighted by the others' choices this round, or ``None`` (uniform)."""
    lo, hi = PARTICLES
    return beliefs_verraeter.sampler(view, rng, max(lo, min(hi, iterations)))


SEARCH = replace(search_verraeter.ONE_ROUND, beliefs=beliefs)
"""``easy``, ``normal`` and ``hard``: the one-round lookahead over weighted worlds, the hand-made judgement."""
JUDGED = replace(SEARCH, evaluate=judge_verraeter.evaluate)
"""``expert``: the same, judged by the learned judge (:mod:`.judge_verraeter`)."""
JUDGED_FROM = 1200
"""Budgets of this many iterations or more (or of time alone) judge with the learned judge."""


def prepare(view: object, budget: Budget) -> Lookahead:
    """The lookahead of one search from ``view`` with ``budget``."""
    if not isinstance(view, VerraeterView):
        raise TypeError(f"not a Verräter view: {type(view).__name__}")
    iterations = budget.iterations
    return JUDGED if iterations is None or iterations >= JUDGED_FROM else SEARCH


__all__ = ["JUDGED", "JUDGED_FROM", "PARTICLES", "SEARCH", "beliefs", "prepare"]
