"""The one interface every bot implements, for every game.

A bot is built with its own seed and an optional budget, then asked ``choose(view, legal_actions)``
for each decision of its seat. It receives the seat's view, never the true state, so a bot can only
know what a player at the table could know; the legal actions are passed in because a view does not
carry the rules. Heuristic and search (ISMCTS) bots of later issues plug in behind the same interface.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import ClassVar, TypeVar

from ludoteca.core.errors import LudotecaError
from ludoteca.core.rng import Rng

A = TypeVar("A")


@dataclass(frozen=True)
class Budget:
    """How much thinking a bot may do per decision; a bot honours whichever limits it understands.

    Budgets are part of a bot's identity for reproducibility: with ``iterations`` only, a search bot's
    choices depend on its seed alone; ``seconds`` makes them depend on the machine's speed too.

    A level such as ``reader:expert`` has both: its iterations are its strength, its seconds a safety net for
    a player who waits at a loaded server. Where nobody waits and the games must replay (an arena, a
    benchmark, a simulation) the net is switched off with ``clock=False``: then ``seconds`` binds only a
    budget that has no iterations (``ismcts:0.5s``, whose time *is* its budget).
    """

    iterations: int | None = None
    seconds: float | None = None
    clock: bool = True
    """Whether ``seconds`` may cut a search short that ``iterations`` also bounds (see above)."""

    def __post_init__(self) -> None:
        if self.iterations is not None and self.iterations < 1:
            raise LudotecaError(f"a bot budget needs at least 1 iteration, not {self.iterations}")
        if self.seconds is not None and not self.seconds > 0:
            raise LudotecaError(f"a bot budget needs a positive time, not {self.seconds}")

    @property
    def time_limit(self) -> float | None:
        """The seconds that bind a search: ``seconds``, unless the clock is off and iterations bound it."""
        if not self.clock and self.iterations is not None:
            return None
        return self.seconds

    def or_default(self, default: Budget) -> Budget:
        """This budget, or ``default`` (with this one's clock) if it sets no limit at all."""
        if self.iterations is None and self.seconds is None:
            return replace(default, clock=self.clock)
        return self


class Bot(ABC):
    """A player that chooses among legal actions from a view of the game.

    All of a bot's randomness comes from ``self.rng``, seeded in the constructor (never the global
    :mod:`random`), so a game played by bots replays exactly from the game seed and the bot seeds.
    """

    name: ClassVar[str]
    """The name the registry knows the bot by (``random``)."""
    levels: ClassVar[Mapping[str, Budget]] = {}
    """Named budgets (``easy``, ``normal``, ``hard``) a seat spec may use: ``ismcts:hard``."""

    def __init__(self, seed: int, budget: Budget | None = None) -> None:
        self.seed = seed
        self.rng = Rng(seed)
        self.budget = budget

    @abstractmethod
    def choose(self, view: object, legal_actions: Sequence[A]) -> A:
        """One of ``legal_actions`` for the seat whose ``view`` this is."""

    def __repr__(self) -> str:
        budget = "" if self.budget is None else f", budget={self.budget!r}"
        return f"{type(self).__name__}(seed={self.seed}{budget})"
