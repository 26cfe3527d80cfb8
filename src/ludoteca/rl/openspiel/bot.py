"""OpenSpiel's IS-MCTS at a ludoteca table: the ``openspiel-ismcts`` bot.

The search is OpenSpiel's own (``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with its
``RandomRolloutEvaluator``: one uniformly random playout to the end of the game per simulation), run on
the OpenSpiel game of :mod:`.game`. The bot sees only what every bot sees — its seat's view and the legal
actions — and builds the root of the search from the view with the game's ``determinize``; every
simulation then samples a new world through ``resample_from_infostate``, as OpenSpiel's IS-MCTS does for
any game, and nodes are keyed by information-state strings.

Budgets are ours (:class:`ludoteca.bots.Budget`, the levels of ``ismcts``), so the two searches can be
matched: ``openspiel-ismcts:0.1s``, ``openspiel-ismcts:800`` or ``openspiel-ismcts:normal``. A
simulation is OpenSpiel's unit of work as an iteration is ours (one sampled world, one walk down the
tree, one evaluation). OpenSpiel's bot only counts simulations, so :class:`TimedIsmcts` runs its search
loop with a deadline as well — the loop of ``ISMCTSBot.run_search``, with the clock read before every
simulation; selection, expansion, playouts, backing up and the final choice are OpenSpiel's code.

All randomness comes from the bot's seed: the resampling seeds, and the generators given to OpenSpiel's
search and playouts. With an iteration budget a choice depends on the view and the seed only.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from typing import Any, ClassVar, TypeVar

import numpy as np
import pyspiel
from open_spiel.python.algorithms.ismcts import ISMCTSBot
from open_spiel.python.algorithms.mcts import RandomRolloutEvaluator

from ludoteca import games
from ludoteca.bots.base import Bot, Budget
from ludoteca.bots.ismcts import DEFAULT_BUDGET, EXPLORATION, IsmctsBot
from ludoteca.core.errors import IllegalActionError

from .game import LudotecaGame, LudotecaState, game_class

A = TypeVar("A")

MIN_SIMULATIONS = 2
"""The first simulation only evaluates the root; the second is the first to try an action."""


class TimedIsmcts(ISMCTSBot):  # type: ignore[misc]
    """OpenSpiel's ``ISMCTSBot`` whose search stops at a deadline as well as after ``max_simulations``."""

    def __init__(self, *args: Any, deadline: float | None = None, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.deadline = deadline
        self.simulations = 0
        """Simulations run by the latest search."""

    def run_search(self, state: LudotecaState) -> list[tuple[int, float]]:
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        self._root_node = self.create_new_node(state)
        root_key = self.get_state_key(state)
        done = 0
        while done < self._max_simulations:
            if self.deadline is not None and done >= MIN_SIMULATIONS and time.perf_counter() >= self.deadline:
                break
            sampled = self.sample_root_state(state)
            if self.get_state_key(sampled) != root_key:
                raise AssertionError("a resampled world gives the searching seat another information state")
            self.run_simulation(sampled)
            done += 1
        self.simulations = done
        policy: list[tuple[int, float]] = self.get_final_policy(state, self._root_node)
        return policy


@cache
def _load(short_name: str, params: tuple[tuple[str, Any], ...]) -> LudotecaGame:
    game: LudotecaGame = pyspiel.load_game(short_name, dict(params))
    return game


def game_for(view: Any) -> LudotecaGame:
    """The OpenSpiel game of the table ``view`` belongs to: its game, player count and rule options."""
    spec = game_class(games.for_view(view).name).spec
    params = {"players": int(view.num_players), **spec.params(view.options)}
    return _load(spec.short_name, tuple(sorted(params.items())))


class OpenSpielIsmctsBot(Bot):
    """OpenSpiel's IS-MCTS with random playouts, on the OpenSpiel game (levels and budgets as for ismcts)."""

    name = "openspiel-ismcts"
    levels: ClassVar[Mapping[str, Budget]] = IsmctsBot.levels

    def __init__(self, seed: int, budget: Budget | None = None) -> None:
        super().__init__(seed, budget)
        self.last_simulations = 0
        """Simulations run by the latest search (for speed reports)."""

    def choose(self, view: object, legal_actions: Sequence[A]) -> A:
        if not legal_actions:
            raise IllegalActionError("no legal actions to choose from: the game is over")
        if len(legal_actions) == 1:
            return legal_actions[0]
        game = game_for(view)
        budget = (self.budget or DEFAULT_BUDGET).or_default(DEFAULT_BUDGET)
        rng = self.rng
        search = TimedIsmcts(
            game,
            RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(rng.below(1 << 32))),
            uct_c=EXPLORATION,
            max_simulations=budget.iterations if budget.iterations is not None else 1 << 62,
            random_state=np.random.RandomState(rng.below(1 << 32)),
            deadline=None if budget.time_limit is None else time.perf_counter() + budget.time_limit,
        )
        sampler: Callable[[], float] = lambda: rng.next64() / (1 << 64)  # noqa: E731
        search.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
        root = game.state_from_view(view, rng.spawn())
        index = int(search.step(root))
        self.last_simulations = search.simulations
        chosen: A = game.rules.encoding.action(index, legal_actions)
        return chosen
