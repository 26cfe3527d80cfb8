"""The luck of the draw in one finished game, measured by a judge at every chance event (AIVAT's idea, simplified).

Poker research removes most of the luck from its match results with AIVAT (Burch et al., 2018): at every chance
event a value function's worth of the position just after the event, less its expectation over the event's
possible outcomes, is luck — its mean is zero whatever the players do — and subtracting the summed luck from a
player's result leaves an unbiased estimate with less variance. Here a chance event is any action whose outcome
depends on what no seat knows yet (the order of a face-down pile, the game's random source: dealt hands, draws,
reshuffles, turned fort cards), the value function is a learned judge's chance of winning for each seat on the
*true* state (the measurement sees everything; no bot does), and the expectation is estimated from a few other
outcomes of the same event: the position before it with the unknown drawn again, the same action.

The duplicate deal already shares a deal's chance out between the seats (:mod:`.runner`); what it cannot cancel
is the chance that falls differently in each rotation because the players' actions differ — who draws which card
after a different draft. That is what this measures; :func:`ludoteca.arena.sequential.control_variate` then says
how much of the blocks' variance it takes out (``benchmarks/luck.py``).

Pure: the game is replayed from its seed and moves, nothing is searched, the sampled outcomes come from a
generator seeded by the caller, so a game's luck is the same every time it is computed.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.core.game import GameDefinition
from ludoteca.core.rng import Rng

Judge = Callable[[Any], list[float]]
"""``judge(state) -> chances``: each seat's chance of winning from a true state (they sum to 1)."""

Resample = Callable[[Any, Rng], Any]
"""``resample(state, rng) -> state``: a copy of ``state`` with everything no seat knows drawn again (the order of
a face-down pile, the random source's state): another outcome of whatever chance comes next."""

SAMPLES = 8
"""Other outcomes drawn per action to estimate the expectation of what it reveals: the estimate's own noise has
mean zero, so few are enough; more only make the luck a little less noisy."""


@dataclass(frozen=True)
class Meter:
    """How a game's luck is measured: its judge and its chance, passed in (the arena knows no game by name)."""

    judge: Judge
    resample: Resample
    samples: int = SAMPLES


def chance_luck(
    definition: GameDefinition[Any, Any, Any, Any],
    options: Any,
    seed: int,
    num_players: int,
    moves: Sequence[Any],
    meter: Meter,
    rng: Rng,
) -> list[float]:
    """Each seat's summed luck over the game of ``seed`` played with ``moves`` (its actions in order).

    At each action: the judge's chances after it, less their mean over ``meter.samples`` replays of the same
    action from the position before with what nobody knew drawn again (``meter.resample``). An action that
    reveals nothing gives the same chances in every replay, so adds nothing; one that deals, draws or turns a
    card adds what that outcome was worth against the others it could have been. Each term's expectation over
    the outcomes is zero, so is the sum's, whatever the players did.
    """
    state = definition.new_game(options, seed, num_players)
    luck = [0.0] * num_players
    samples = meter.samples
    for action in moves:
        before = state.clone()
        state.apply(action)
        actual = meter.judge(state)
        expected = [0.0] * num_players
        for _ in range(samples):
            other = meter.resample(before, rng)
            other.apply(action)
            for p, v in enumerate(meter.judge(other)):
                expected[p] += v / samples
        for p in range(num_players):
            luck[p] += actual[p] - expected[p]
    return luck
