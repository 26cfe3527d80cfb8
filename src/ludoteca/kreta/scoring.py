"""Scoring: influence in a province, the Castellan's scoring and the keep-or-replace choice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ludoteca.core.events import Event, push

from .constants import ALL_CARDS, CASTELLAN, CHOICE, FACE_UP, OVER, PLAY

if TYPE_CHECKING:
    from .state import KretaState

TAKEBACK = Event("takeback", -1, ())
"""Every player takes their played cards back (option ``takeback=all``); with ``takeback=castellan`` the
event names the Castellan's player, the only one who does."""


def influence(st: KretaState, seat: int, province: int) -> int:
    """``seat``'s influence in province index ``province``: abbot 1, villager 1, ship 1, fort 1, village 2."""
    t = st._t
    i = seat * t.P + province
    inf = st._vill[i] + 2 * st._villages[i]
    if st._abbot[seat] == province:
        inf += 1
    if province in st._ships[seat]:
        inf += 1
    for k in t.prov_nodes[province]:
        if st._fort[k] == seat:
            inf += 1
    return inf


def places(inf: Sequence[int]) -> tuple[int, int]:
    """The influence that takes first place in a province, and second place (0: nobody takes it).

    First place needs at least 1; every seat tied on it scores the full VP. With 3 or 4 players the
    next-highest influence (at least 1) is second place, whatever the tie for first, and scores half
    the VP rounded down (:func:`awards`); with 2 players there is no second place.
    """
    top = max(inf)
    if top < 1:
        return 0, 0
    if len(inf) < 3:
        return top, 0
    second = max((x for x in inf if x < top), default=0)
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
    t = st._t
    n = st._n
    st._play(s, CASTELLAN)
    k = st._scorings
    node = st._row[k]
    log = push(st._log, t.event("scoring", s, (k + 1, node)))
    for p in t.node_provs[t.node_index[node]]:
        pid, vp = t.ids[p], t.vp[p]
        inf = [0] * n  # influence(st, o, p) for every seat o, in one pass
        vill, villages, abbot, ships = st._vill, st._villages, st._abbot, st._ships
        for o in range(n):
            i = o * t.P + p
            inf[o] = vill[i] + 2 * villages[i] + (abbot[o] == p) + (p in ships[o])
        fort = st._fort
        for node_k in t.prov_nodes[p]:
            if fort[node_k] >= 0:
                inf[fort[node_k]] += 1
        log = push(log, t.event("province", -1, (pid, vp, tuple(inf))))
        for place, points in zip(places(inf), (vp, vp // 2), strict=True):
            if place:
                for o in range(n):
                    if inf[o] == place:
                        st._pvp[o] += points
                        log = push(log, t.event("score", o, (pid, points, place)))
    st._scorings = k + 1
    if t.everyone_takes_back:
        st._hand = [ALL_CARDS] * n
        st._played = [()] * n
        takeback = TAKEBACK
    else:
        st._hand[s] = ALL_CARDS
        st._played[s] = ()
        takeback = t.event("takeback", s, ())
    if t.seed_scoring_order:
        log = push(log, takeback)
    log = push(log, t.event("spent", s, (k, node)))
    choice = False
    if k + FACE_UP < len(st._row):
        log = push(log, t.event("reveal", s, (k + FACE_UP, st._row[k + FACE_UP])))
        choice = bool(st._pile)
    if not t.seed_scoring_order:
        log = push(log, takeback)
    st._legal = None
    if st._scorings >= len(st._row):
        st._phase = OVER
        res = st.result()
        log = push(log, Event("end", -1, (res.scores, res.winners)))
    elif choice:
        st._phase = CHOICE
    else:
        st._next(s)
    st._log = log


def choose(st: KretaState, replace: bool) -> None:
    """The Castellan's player keeps or replaces the newly revealed fort card; the turn passes."""
    s = st._to_act
    slot = st._scorings + FACE_UP - 1
    old = st._row[slot]
    if replace:
        pile = st._pile
        if len(pile) == st._known:
            st._known -= 1
        new = st._row[slot] = pile.pop(0)
        pile.append(old)
        st._known += 1
        st._log = push(st._log, st._t.event("replace", s, (slot, old, new)))
    else:
        st._log = push(st._log, st._t.event("keep", s, (slot, old)))
    st._phase = PLAY
    st._next(s)
