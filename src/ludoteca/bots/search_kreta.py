"""How the search bot looks ahead in Kreta: a round of turns against the heuristic, then a judgement.

Random playouts are useless in Kreta (a random Commander wanders, a random Castellan scores for the
rival), so the search branches only on its own seat's choices, expects the other seats to answer as
the heuristic bot's one-ply strategy would (from their own view of the sampled world), and stops when
every seat has had its turn and play is back with it. The position reached is judged by projected points: the points
already won, plus, for each coming scoring, the provinces around its fort site shared out by the
present influence (first place the province's VP, second place half with 3 or 4 players), the two
face-up fort cards in full and the face-down ones spread over the sites not yet seen. A softmax over
the projections, cooler as the game nears its end, turns them into chances of winning.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

from ludoteca.core.rng import Rng
from ludoteca.kreta.components import MOVE
from ludoteca.kreta.scoring import awards
from ludoteca.kreta.state import KretaState

from . import heuristic_kreta
from .ismcts import Lookahead, win_chances

SECOND_CARD = 0.8
"""Weight of the second face-up fort card's scoring (the first is scored next, in full)."""
SPREAD_PER_SCORING = 4.0
"""Typical swing of the VP difference per scoring still to come (the softmax temperature's scale)."""
BASE_SPREAD = 3.0


def horizon(world: Any) -> Callable[[Any], bool]:
    """Stop once every seat has had a turn since the search began and play is back with its seat."""
    me = world.current_player()
    n = world.num_players
    seen = [world.current_player(), 0]  # last seat to act, turns passed

    def past(state: Any) -> bool:
        p = state.current_player()
        if p != seen[0]:
            seen[0] = p
            seen[1] += 1
        return bool(seen[1] >= n and p == me and state.phase != MOVE)

    return past


def heuristic_move(state: Any, rng: Rng) -> Any:
    """The heuristic's one-ply choice (without its own look at the answer, five times cheaper) for the
    seat to act, from that seat's view of the sampled world."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return heuristic_kreta.choose(state.view(state.current_player()), legal, rng, heuristic_kreta.QUICK)


def _shares(st: KretaState, node_k: int, out: list[float], weight: float) -> None:
    """Add to ``out`` each seat's points, times ``weight``, if fort site ``node_k`` were scored now."""
    t = st.tables
    n = st.num_players
    for p in t.node_provs[node_k]:
        for o, points in enumerate(awards([st.influence(o, p) for o in range(n)], t.vp[p])):
            out[o] += points * weight


def evaluate(state: Any) -> list[float]:
    """Each seat's estimated chance of winning from here (they sum to 1)."""
    st: KretaState = state
    t = st.tables
    n = st.num_players
    proj = [float(st.province_vp[s] + st.tile_vp[s]) for s in range(n)]
    k = st.scorings
    row = st.fort_row
    left = len(row) - k
    seen = set(row[:k])
    up = []
    for slot in range(k, min(k + 2, len(row))):
        seen.add(row[slot])
        up.append(row[slot])
    for slot, node in enumerate(up):
        _shares(st, t.node_index[node], proj, 1.0 if slot == 0 else SECOND_CARD)
    hidden = [num for num in t.node_numbers if num not in seen]
    rest = max(0, left - 2)
    if rest and hidden:
        share = rest / len(hidden)
        for num in hidden:
            _shares(st, t.node_index[num], proj, share)
    return win_chances(proj, BASE_SPREAD + SPREAD_PER_SCORING * math.sqrt(left))


LOOKAHEAD = Lookahead(horizon=horizon, evaluate=evaluate, policy=heuristic_move, model_others=True)
