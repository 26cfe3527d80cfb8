"""Scoring: influence in a province, the Castellan's scoring and the keep-or-replace choice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ludoteca.core.events import Event, new_event, push

from .components import ALL_CARDS, CASTELLAN, CHOICE, FACE_UP, OVER, PLAY

if TYPE_CHECKING:
    from .state import KretaState

TAKEBACK: Final = Event("takeback", -1, ())
"""Every player takes their played cards back (option ``takeback=all``); with ``takeback=castellan`` the
event names the Castellan's player, the only one who does."""


def influence(st: KretaState, seat: int, province: int) -> int:
    """``seat``'s influence in province index ``province``: abbot 1, villager 1, ship 1, fort 1, village 2."""
    t = st.tables
    i = seat * t.P + province
    inf = st.villagers[i] + 2 * st.villages[i]
    if st.abbots[seat] == province:
        inf += 1
    if province in st.ships[seat]:
        inf += 1
    for k in t.prov_nodes[province]:
        if st.forts[k] == seat:
            inf += 1
    return inf


def places(inf: Sequence[int]) -> tuple[int, int]:
    """The influence that takes first place in a province, and second place (0: nobody takes it).

    First place needs at least 1; every seat tied on it scores the full VP. With 3 or 4 players the
    next-highest influence (at least 1) is second place, whatever the tie for first, and scores half
    the VP rounded down (:func:`awards`); with 2 players there is no second place.
    """
    top = 0
    for x in inf:  # plain loops: compiled, no generator object or keyword call
        if x > top:
            top = x
    if top < 1 or len(inf) < 3:
        return top, 0
    second = 0
    for x in inf:
        if second < x < top:
            second = x
    return top, second


def awards(inf: Sequence[int], vp: int) -> list[int]:
    """What each seat would score for a province of ``vp`` VP with these influences (see :func:`places`)."""
    top, second = places(inf)
    return [vp if top and x == top else vp // 2 if second and x == second else 0 for x in inf]


def castellan(st: KretaState, s: int) -> None:
    """Play the Castellan, in the seed's order: score; take cards back (every player, or with option
    ``takeback=castellan`` only ``s``); ``s`` turns the fort card face down and the next one up; then ``s``
    keeps or replaces it (phase ``CHOICE``), if the pile has a card to replace it with.

    Rules version 1 logged the turning of the fort cards before the cards taken back; the state after
    the action is the same either way (the two steps touch different things)."""
    t = st.tables
    n = st.num_players
    st.play(s, CASTELLAN)
    k = st.scorings
    node = st.fort_row[k]
    log = push(st.log, t.fort_event("scoring", s, k + 1, node))
    for p in t.node_provs[t.node_index[node]]:
        vp = t.vp[p]
        inf = [0] * n  # influence(st, o, p) for every seat o, in one pass (plain int operations when compiled)
        vill, villages, abbot, ships = st.villagers, st.villages, st.abbots, st.ships
        for o in range(n):
            i = o * t.P + p
            x = vill[i] + 2 * villages[i]
            if abbot[o] == p:
                x += 1
            for q in ships[o]:  # p in ships[o]
                if q == p:
                    x += 1
                    break
            inf[o] = x
        fort = st.forts
        for node_k in t.prov_nodes[p]:
            if fort[node_k] >= 0:
                inf[fort[node_k]] += 1
        log = (t.province_event(p, inf), log)
        top, second = places(inf)
        for rank in range(2):  # first place scores the VP, second place half of them
            place = top if rank == 0 else second
            points = vp if rank == 0 else vp // 2
            if place:
                for o in range(n):
                    if inf[o] == place:
                        st.province_vp[o] += points
                        log = (t.score_event(o, p, points, place), log)
    st.scorings = k + 1
    if t.everyone_takes_back:
        st.hands = [ALL_CARDS] * n
        st.played = [()] * n
        takeback = TAKEBACK
    else:
        st.hands[s] = ALL_CARDS
        st.played[s] = ()
        takeback = t.ev_takeback[s]
    if t.seed_scoring_order:
        log = push(log, takeback)
    log = push(log, t.fort_event("spent", s, k, node))
    choice = False
    if k + FACE_UP < len(st.fort_row):
        log = push(log, t.fort_event("reveal", s, k + FACE_UP, st.fort_row[k + FACE_UP]))
        choice = bool(st.fort_pile)
    if not t.seed_scoring_order:
        log = push(log, takeback)
    st.legal_cache = None
    if st.scorings >= len(st.fort_row):
        st.phase = OVER
        res = st.result()
        log = push(log, new_event("end", -1, (res.scores, res.winners)))
    elif choice:
        st.phase = CHOICE
    else:
        st.pass_turn(s)
    st.log = log


def choose(st: KretaState, replace: bool) -> None:
    """The Castellan's player keeps or replaces the newly revealed fort card; the turn passes."""
    s = st.to_act
    slot = st.scorings + FACE_UP - 1
    old = st.fort_row[slot]
    if replace:
        pile = st.fort_pile
        if len(pile) == st.known_bottom:
            st.known_bottom -= 1
        new = st.fort_row[slot] = pile.pop(0)
        pile.append(old)
        st.known_bottom += 1
        st.log = push(st.log, st.tables.event("replace", s, (slot, old, new)))
    else:
        st.log = push(st.log, st.tables.fort_event("keep", s, slot, old))
    st.phase = PLAY
    st.pass_turn(s)
