"""How the search bot looks ahead in Verräter: play to the end of the round, then judge the position.

A random playout to the end of the game adds many rounds of noise for each round of signal (the
future conflicts are played at random by everyone), so the search plays only to the end of the round
under way and then estimates each seat's chance of winning from the victory points banked, the
supply cards in hand (strength for later conflicts, and the Kontor bonus at the end) and the rounds
left: a softmax over projected scores whose temperature grows with the rounds still to play.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ludoteca.core.rng import Rng
from ludoteca.verraeter.components import MAX_KONTOR
from ludoteca.verraeter.state import VerraeterState

from . import heuristic_verraeter
from .ismcts import Lookahead, win_chances

HAND_VP_PER_CP = 0.15
"""Worth (VP) of one conflict point of supply in hand, for the rounds to come."""
SPREAD_PER_ROUND = 2.5
"""Typical swing in VP difference per round still to play (the softmax temperature's scale)."""
BASE_SPREAD = 1.0


def horizon(world: Any) -> Callable[[Any], bool]:
    """Stop at the end of the round the search started in."""
    start = world.round

    def past(state: Any) -> bool:
        return bool(state.round != start)

    return past


def heuristic_move(state: Any, rng: Rng) -> Any:
    """The heuristic bot's choice for the seat to act, from that seat's view of the sampled world."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return heuristic_verraeter.choose(state.view(state.current_player()), legal, rng)


def evaluate(state: Any) -> list[float]:
    """Each seat's estimated chance of winning from here (they sum to 1)."""
    st: VerraeterState = state
    n = st.num_players
    left = st.rounds_total - st.round + 1
    proj = []
    for p in range(n):
        vp = st.conflict_vp[p] + st.traitor_vp[p] + st.strategist_vp[p]
        hand = st.hands[p]
        kontor = min(st.kontor_count(p), MAX_KONTOR)
        proj.append(vp + HAND_VP_PER_CP * sum(hand) + kontor * min(len(hand), 3) * (0.5 if left > 1 else 1.0))
    return win_chances(proj, BASE_SPREAD + SPREAD_PER_ROUND * math.sqrt(left))


LOOKAHEAD = Lookahead(horizon=horizon, evaluate=evaluate, policy=heuristic_move, model_others=True)
