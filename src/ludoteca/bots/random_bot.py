"""The random bot: a uniformly random legal action.

The baseline every other bot must beat, and the driver of the simulation tests: it reaches every
kind of position the rules allow, given enough games.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from ludoteca.core.errors import IllegalActionError

from .base import Bot

A = TypeVar("A")


class RandomBot(Bot):
    """Chooses uniformly among the legal actions; ignores the view and any budget."""

    name = "random"

    def choose(self, view: object, legal_actions: Sequence[A]) -> A:
        if not legal_actions:
            raise IllegalActionError("no legal actions to choose from: the game is over")
        return self.rng.choice(legal_actions)
