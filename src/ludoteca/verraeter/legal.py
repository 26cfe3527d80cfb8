"""Legal actions: what the seat to act may do now, phase by phase (read by ``VerraeterState.legal_actions``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import (
    BUILD,
    BUILD_KONTOR,
    CONFLICT,
    GUTSHOF,
    PASS,
    TAKE,
    TURN,
    Action,
    discard_actions,
    supply_actions,
)
from .components import (
    BUILD_PHASE,
    CONFLICT_PHASE,
    DRAFT,
    DRAW,
    MAX_KONTOR,
    RING_SIZE,
    SETUP,
    SUPPLY,
)

if TYPE_CHECKING:
    from .state import VerraeterState


def generate(st: VerraeterState) -> tuple[Action, ...]:
    """Every legal action of the seat to act, in a fixed order; empty exactly when the game is over."""
    phase = st.phase
    if phase == SUPPLY:
        return supply_actions(tuple(st.hands[st.to_act]))
    if phase == DRAFT:
        return tuple(TAKE[c] for c in st.pool)
    if phase == CONFLICT_PHASE:
        house = st.land_house
        return tuple(CONFLICT[i] for i in range(RING_SIZE) if house[i] != house[(i + 1) % RING_SIZE])
    if phase == BUILD_PHASE:
        return build_options(st, st.to_act)
    if phase == DRAW:
        hand = st.hands[st.to_act]
        over = excess(st)
        if st.options.discard_timing == "after":
            return tuple(a for a in discard_actions(tuple(hand), over) if len(a.cards) == over)
        return discard_actions(tuple(hand), over)
    if phase == SETUP:
        owner = st.estate_owner
        return tuple(GUTSHOF[i] for i in range(RING_SIZE) if owner[i] < 0)
    return ()


def excess(st: VerraeterState) -> int:
    """In phase 10's hand-limit choice: how many cards over the limit the player to act is (``before``:
    would be after the whole draw, the most worth discarding; ``after``: is, the number to discard)."""
    if st.phase != DRAW:
        return 0
    over = len(st.hands[st.to_act]) - st.options.hand_limit
    if st.options.discard_timing == "after":
        return over
    return over + st.draw_queue[0][1]


def build_options(st: VerraeterState, p: int) -> tuple[Action, ...]:
    """The Builder's choices for seat ``p``: build (Gutshof, or Kontor by option) on a free landscape, turn an estate
    card of its own (within the Kontor limit), or pass."""
    out: list[Action] = []
    kontor_ok = st.kontor_count(p) < MAX_KONTOR
    owner = st.estate_owner
    if st.reserve[p] > 0:
        for i in range(RING_SIZE):
            if owner[i] < 0:
                out.append(BUILD[i])
                if kontor_ok and st.options.builder_places_kontor:
                    out.append(BUILD_KONTOR[i])
    for i in range(RING_SIZE):
        if owner[i] == p and (st.estate_kontor[i] or kontor_ok):
            out.append(TURN[i])
    out.append(PASS)
    return tuple(out)
