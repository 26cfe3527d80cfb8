"""Beliefs: sampled worlds weighted by how well they explain what the other seats did.

A seat's view says which worlds are *possible*; the game's ``determinize`` draws among them uniformly. But
the others chose their actions knowing their own cards, so some possible worlds explain their choices far
better than others: a seat that kept a card from the draft and then played its supply for the other house
more likely holds the Traitor. :class:`Particles` draws a set of candidate worlds from ``determinize``,
weights each by the likelihood of the others' observed actions under an opponent model (the game's
``likelihood(world)``), and then hands the search one world per iteration drawn in proportion to those
weights (sampling–importance–resampling). Each world handed out is a fresh copy whose chance to come (the
generator, and whatever the game's ``refresh`` re-deals, such as the draw pile's order, which no choice so
far can have depended on) is new, so the search still averages over the future.

Everything here is a function of the view and the generator passed in: the leak test
(``tests/bots/test_bot_fairness.py``) gives the bots that use it worlds that differ only in what the seat cannot
see and checks that they answer the same.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.core.rng import Rng

_UNIT = float(1 << 64)


@dataclass(frozen=True)
class OpponentModel:
    """How the others are expected to choose: a softmax over a strategy's values, mixed with a little chance.

    ``p(a) = (1 - epsilon) * exp(value(a) / temperature) / Σ exp(...) + epsilon / |legal|``: the mixture
    keeps every world possible when an opponent plays unlike the model (a human, another bot), so that one
    surprising move cannot rule out the truth."""

    temperature: float = 0.5
    """Softmax temperature, in the strategy's value units (VP in Verräter)."""
    epsilon: float = 0.1
    """Share of the probability spread uniformly over the legal actions."""

    def probabilities(self, values: Sequence[tuple[float, Any]], legal: Sequence[Any]) -> dict[Any, float]:
        """Each legal action's probability (actions the strategy does not value get the uniform share only)."""
        floor = self.epsilon / len(legal) if legal else 0.0
        out = dict.fromkeys(legal, floor)
        if not values:
            share = (1.0 - self.epsilon) / len(legal) if legal else 0.0
            return {a: p + share for a, p in out.items()}
        top = max(v for v, _ in values)
        t = self.temperature
        weights = [(math.exp((v - top) / t), a) for v, a in values]
        total = sum(w for w, _ in weights)
        for w, a in weights:
            if a in out:
                out[a] += (1.0 - self.epsilon) * w / total
        return out


class Particles:
    """Candidate worlds and their weights; :meth:`draw` hands out one copy per search iteration."""

    __slots__ = ("cumulative", "refresh", "total", "weights", "worlds")

    def __init__(
        self, worlds: Sequence[Any], weights: Sequence[float], refresh: Callable[[Any, Rng], Any] | None = None
    ) -> None:
        if not worlds or len(worlds) != len(weights):
            raise ValueError("particles need as many weights as worlds, and at least one")
        self.worlds = list(worlds)
        self.weights = list(weights)
        acc = 0.0
        cumulative = []
        for w in weights:
            acc += w
            cumulative.append(acc)
        if not acc > 0.0:  # nothing explains what happened: fall back to the prior
            cumulative = [float(k + 1) for k in range(len(worlds))]
            acc = float(len(worlds))
        self.cumulative = cumulative
        self.total = acc
        self.refresh = refresh

    def index(self, rng: Rng) -> int:
        """A candidate's index, drawn in proportion to its weight."""
        r = rng.next64() / _UNIT * self.total
        return min(bisect_right(self.cumulative, r), len(self.worlds) - 1)

    def draw(self, rng: Rng) -> Any:
        """A fresh copy of a candidate drawn by weight, its chance to come re-dealt from ``rng``."""
        world = self.worlds[self.index(rng)].clone()
        if self.refresh is not None:
            world = self.refresh(world, rng)
        return world

    def probability(self, test: Callable[[Any], bool]) -> float:
        """The weight of the candidates for which ``test`` holds, as a share of all (for measurements)."""
        hit = sum(w for world, w in zip(self.worlds, self.weights, strict=True) if test(world))
        total = sum(self.weights)
        return hit / total if total > 0 else 0.0

    def effective_size(self) -> float:
        """Kish's effective sample size of the weights: how many equally weighted worlds they are worth."""
        total = sum(self.weights)
        squares = sum(w * w for w in self.weights)
        return total * total / squares if squares > 0 else 0.0


def particles(
    view: object,
    rng: Rng,
    count: int,
    determinize: Callable[..., Any],
    likelihood: Callable[[Any], float],
    refresh: Callable[[Any, Rng], Any] | None = None,
) -> Particles:
    """``count`` worlds sampled from ``view`` and weighted by ``likelihood``."""
    worlds = [determinize(view, rng, keep_log=False) for _ in range(count)]
    return Particles(worlds, [likelihood(w) for w in worlds], refresh)


__all__ = ["OpponentModel", "Particles", "particles"]
