"""Perudo's heuristic (the ``strategy`` facet): doubt a bid the table unlikely holds, else raise on what
the seat's own dice make likely. A pure function of the view; ``rng`` only breaks ties."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludoteca.core.rng import Rng

from .rules import Bid, Dudo, PerudoView


def expected(view: PerudoView, face: int) -> float:
    wild = view.options.ones_wild and face != 1
    mine = sum(1 for d in view.hand if d == face or (wild and d == 1))
    unseen = sum(view.dice_counts) - len(view.hand)
    return mine + unseen * ((2 if wild else 1) / 6)


def choose(view: PerudoView, legal: Sequence[Any], rng: Rng) -> Any:
    dudo = next((a for a in legal if isinstance(a, Dudo)), None)
    if dudo is not None and view.bid is not None and expected(view, view.bid.face) < view.bid.quantity - 0.5:
        return dudo
    bids = [a for a in legal if isinstance(a, Bid)]
    safe = [b for b in bids if b.quantity <= expected(view, b.face)]
    if safe:
        lowest = min(b.quantity for b in safe)
        best = [b for b in safe if b.quantity == lowest]
        top = max(expected(view, b.face) for b in best)
        best = [b for b in best if expected(view, b.face) == top]
        return best[rng.below(len(best))]
    return dudo if dudo is not None else bids[0]
