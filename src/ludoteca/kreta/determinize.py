"""Determinization: a full Kreta state that a player's view could have come from (for hidden-information search).

Everything in Kreta is public except the face-down fort cards of the row and the order of the draw pile; a
determinized state deals those from a random source, and ``determinize(v, rng).view(v.player) == v``.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.events import push
from ludoteca.core.rng import Rng

from .setup import build_state
from .state import KretaState
from .tables import tables_for
from .view import KretaView


def determinize(view: KretaView, rng: Rng, *, keep_log: bool = True) -> KretaState:
    """A full state that ``view`` could have come from, the hidden fort cards dealt from ``rng``.

    Everything in Kreta is public except the face-down cards of the row and the order of the draw
    pile (but for the cards known to lie at its bottom); those are shuffled and dealt, so
    ``determinize(v, rng).view(v.player) == v``. For search with hidden information (IS-MCTS), which
    passes ``keep_log=False``: the sampled world then starts with an empty log, to save the copying.
    """
    t = tables_for(view.options, view.board)
    n = view.num_players
    k = view.scorings
    seen = set(view.scored_nodes) | {x for x in view.fort_row if x is not None} | set(view.pile_bottom)
    hidden = [num for num in t.node_numbers if num not in seen]
    rng.shuffle(hidden)
    deal = iter(hidden)
    row = [x if x is not None else (view.scored_nodes[i] if i < k else next(deal)) for i, x in enumerate(view.fort_row)]
    pile = list(deal) + list(view.pile_bottom)
    players = []
    for s in range(n):
        pl: dict[str, Any] = {
            "villagers": {t.ids[p]: c for p, c in enumerate(view.villagers[s]) if c},
            "villages": {t.ids[p]: c for p, c in enumerate(view.villages[s]) if c},
            "ships": [t.ids[p] for p in view.ships[s]],
            "forts": list(view.forts[s]),
            "harvested": list(view.tiles[s]),
            "played": list(view.played[s]),
            "score": view.scores[s],
        }
        if view.abbots[s] >= 0:
            pl["abbot"] = t.ids[view.abbots[s]]
        players.append(pl)
    setup = {
        "start_player": view.start_player,
        "to_act": view.to_act if view.to_act >= 0 else view.start_player,
        "phase": view.phase,
        "scorings": k,
        "fort_row": row,
        "pile": pile,
        "pile_bottom_known": len(view.pile_bottom),
        "tiles": {t.ids[p]: tile for p, tile in enumerate(view.tiles_on_board) if tile},
        "players": players,
    }
    if view.move_points:
        start = {t.ids[p]: k for p, k in enumerate(view.move_start) if k}
        setup["movement"] = {"points": view.move_points, "start": start}
    st = build_state(t, n, rng.spawn(), setup)
    log = None
    if keep_log:
        for event in view.log:
            log = push(log, event)
    st.log = log
    return st


__all__ = ["determinize"]
