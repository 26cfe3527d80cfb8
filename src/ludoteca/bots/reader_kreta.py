"""How the ``reader`` bot searches in Kreta: the ``ismcts`` lookahead, its levels by iterations.

Kreta has nothing to read in the others' choices: what is hidden (the face-down fort cards, the pile's order)
is hidden from every seat alike, so no choice can depend on it, and the uniform ``determinize`` is already the
exact posterior. The levels differ by iterations (:attr:`ludoteca.bots.ismcts.ReaderBot.levels`): below
:data:`search_kreta.DEEP_FROM` one round ahead (``easy``), from there two (:data:`search_kreta.DEEP`).
"""

from __future__ import annotations

from ludoteca.kreta.view import KretaView

from . import search_kreta
from .base import Budget
from .ismcts import Lookahead


def prepare(view: object, budget: Budget) -> Lookahead:
    """The lookahead of one search from ``view`` with ``budget``."""
    if not isinstance(view, KretaView):
        raise TypeError(f"not a Kreta view: {type(view).__name__}")
    iterations = budget.iterations
    deep = iterations is None or iterations >= search_kreta.DEEP_FROM
    settings = search_kreta.DEEP if deep else search_kreta.NORMAL
    return search_kreta.Session(view, settings).lookahead()


__all__ = ["prepare"]
