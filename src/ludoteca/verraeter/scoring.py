"""Scoring: the conflict's resolution (phases 4–6: reveal, switches, strengths, victory points) and the final
Kontor bonus."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.events import push_event

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


def switches_house(card: int, edition: int, all_same_at_start: bool) -> bool:
    """Whether keeping action card ``card`` turns its holder to the other house at the reveal (phase 5).

    The Traitor always does; in the 2008 edition the Diplomat +5 does too when every seat served the same house
    as the round began (``all_same_at_start``). The one statement of this rule: the resolution below, the
    heuristic bot and the guided game's explanations all ask it."""
    return card == TRAITOR or (card == DIPLOMAT5 and edition == 2008 and all_same_at_start)


def resolve(st: VerraeterState) -> None:
    """Phases 4–6: reveal, switch allegiances, compare strengths, score, turn the losing landscape."""
    n = st.num_players
    chosen = st.chosen
    st.revealed = True
    st.log = push_event(st.log, "reveal", -1, tuple(chosen))
    for p in range(n):
        c = chosen[p]
        if switches_house(c, st.options.edition, st.all_same_at_start):
            st.allegiance[p] = 1 - st.allegiance[p]
            st.log = push_event(st.log, "switch", p, (st.allegiance[p], c))
    a, b = st.conflict, (st.conflict + 1) % RING_SIZE
    house = st.land_house
    eagle_land, rose_land = (a, b) if house[a] == EAGLE else (b, a)
    table = st.options.landscapes
    eagle = table.cp[st.land_type[eagle_land]]
    rose = table.cp[st.land_type[rose_land]]
    for p in range(n):
        c = chosen[p]
        bonus = sum(st.played[p]) + (2 if c == DIPLOMAT2 else 5 if c == DIPLOMAT5 else 0)
        if st.allegiance[p] == EAGLE:
            eagle += bonus
        else:
            rose += bonus
    st.strength = (eagle, rose)
    if eagle == rose:
        st.winner = -1
        st.log = push_event(st.log, "tie", -1, (eagle, rose))
    else:
        w = EAGLE if eagle > rose else ROSE
        st.winner = w
        lost = rose_land if w == EAGLE else eagle_land
        st.log = push_event(st.log, "won", -1, (w, eagle, rose, lost))
        winners = 0
        for p in range(n):
            if st.allegiance[p] == w:
                winners += 1
        if winners:
            vp = st.options.points(st.land_type[lost], winners)
            for p in range(n):
                if st.allegiance[p] == w:
                    st.conflict_vp[p] += vp
                    st.log = push_event(st.log, "score", p, (vp, "conflict"))
        house[lost] = w
        st.log = push_event(st.log, "conquer", -1, (lost, w))
    traitor, strategist = st.holder(TRAITOR), st.holder(STRATEGIST)
    if traitor >= 0:
        st.traitor_vp[traitor] += 1
        st.log = push_event(st.log, "score", traitor, (1, "traitor"))
    if strategist >= 0:
        st.strategist_vp[strategist] += 2
        st.log = push_event(st.log, "score", strategist, (2, "strategist"))


KONTOR_CARDS = 3
"""The most supply cards in hand each Kontor scores a point for at the end."""


def kontor_points(kontors: int, cards: int) -> int:
    """The Kontor bonus of the final scoring: each Kontor in play (at most :data:`MAX_KONTOR` count) scores a point
    per supply card in hand (at most :data:`KONTOR_CARDS`).

    The rule's one home: the final scoring (:func:`kontor_bonus`), the heuristic's and the search's projections and
    the learned judge's feature all call it with the Kontor and cards they expect, so none can forget a cap.
    """
    return min(kontors, MAX_KONTOR) * min(cards, KONTOR_CARDS)


def kontor_bonus(st: VerraeterState, p: int) -> int:
    """Final scoring: seat ``p``'s Kontor bonus now (:func:`kontor_points` of its Kontor and its hand)."""
    return kontor_points(st.kontor_count(p), len(st.hands[p]))
