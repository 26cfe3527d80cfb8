"""Scoring: the conflict's resolution (phases 4–6: reveal, switches, strengths, victory points) and the final
Kontor bonus."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import Event, push

from .components import (
    DIPLOMAT2,
    DIPLOMAT5,
    EAGLE,
    MAX_KONTOR,
    RING_SIZE,
    ROSE,
    STRATEGIST,
    TRAITOR,
)

if TYPE_CHECKING:
    from .state import VerraeterState


def resolve(st: VerraeterState) -> None:
    """Phases 4–6: reveal, switch allegiances, compare strengths, score, turn the losing landscape."""
    n = st.num_players
    chosen = st.chosen
    st.revealed = True
    st.log = push(st.log, Event("reveal", -1, tuple(chosen)))
    for p in range(n):
        c = chosen[p]
        if c == TRAITOR or (
            c == DIPLOMAT5 and st.options.edition == 2008 and st.all_same_at_start
        ):
            st.allegiance[p] = 1 - st.allegiance[p]
            st.log = push(st.log, Event("switch", p, (st.allegiance[p], c)))
    a, b = st.conflict, (st.conflict + 1) % RING_SIZE
    house = st.land_house
    land = [a, b] if house[a] == EAGLE else [b, a]  # land[EAGLE], land[ROSE]
    table = st.options.landscapes
    strength = [table.cp[st.land_type[land[EAGLE]]], table.cp[st.land_type[land[ROSE]]]]
    for p in range(n):
        h = st.allegiance[p]
        strength[h] += sum(st.played[p])
        if chosen[p] == DIPLOMAT2:
            strength[h] += 2
        elif chosen[p] == DIPLOMAT5:
            strength[h] += 5
    st.strength = (strength[EAGLE], strength[ROSE])
    if strength[EAGLE] == strength[ROSE]:
        st.winner = -1
        st.log = push(st.log, Event("tie", -1, st.strength))
    else:
        w = EAGLE if strength[EAGLE] > strength[ROSE] else ROSE
        st.winner = w
        lost = land[1 - w]
        winners = [p for p in range(n) if st.allegiance[p] == w]
        st.log = push(st.log, Event("won", -1, (w, *st.strength, lost)))
        if winners:
            vp = st.options.points(st.land_type[lost], len(winners))
            for p in winners:
                st.conflict_vp[p] += vp
                st.log = push(st.log, Event("score", p, (vp, "conflict")))
        house[lost] = w
        st.log = push(st.log, Event("conquer", -1, (lost, w)))
    traitor, strategist = st.holder(TRAITOR), st.holder(STRATEGIST)
    if traitor >= 0:
        st.traitor_vp[traitor] += 1
        st.log = push(st.log, Event("score", traitor, (1, "traitor")))
    if strategist >= 0:
        st.strategist_vp[strategist] += 2
        st.log = push(st.log, Event("score", strategist, (2, "strategist")))


def kontor_bonus(st: VerraeterState, p: int) -> int:
    """Final scoring: Kontor in play (at most 2) × supply cards in hand (at most 3)."""
    return min(st.kontor_count(p), MAX_KONTOR) * min(len(st.hands[p]), 3)
