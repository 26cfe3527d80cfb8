"""How the ``reader`` bot searches in Verräter: the ``ismcts`` lookahead over worlds weighted by beliefs.

The search is the one-round lookahead of ``ismcts:normal`` (:data:`search_verraeter.ONE_ROUND`: its own
choices in the tree, the others as the heuristic, the round under way, then the projected-score judgement);
what changes is where its worlds come from. Until this round's reveal, each search draws candidate worlds
from the view and weights them by how likely each makes the others' draft picks and supply plays so far
(:mod:`.beliefs_verraeter`); the iterations then draw from those by weight. The levels differ by
iterations only (:attr:`ludoteca.bots.ismcts.ReaderBot.levels`).
"""

from __future__ import annotations

from dataclasses import replace

from ludoteca.core.rng import Rng
from ludoteca.verraeter.view import VerraeterView

from . import beliefs_verraeter, search_verraeter
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


def prepare(view: object, budget: Budget) -> Lookahead:
    """The lookahead of one search from ``view``."""
    if not isinstance(view, VerraeterView):
        raise TypeError(f"not a Verräter view: {type(view).__name__}")
    return SEARCH


__all__ = ["PARTICLES", "SEARCH", "beliefs", "prepare"]
