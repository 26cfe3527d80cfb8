"""Why an action is refused: specific messages for :meth:`VerraeterState.apply`.

Only called after the fast check (membership in the cached legal actions) has failed, so nothing
here needs to be fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ludoteca.core.errors import IllegalActionError, MalformedActionError

from .actions import (
    ACTION_TYPES,
    Build,
    Discard,
    PassBuild,
    PlaceGutshof,
    PlaySupply,
    SetConflict,
    TakeAction,
    TurnEstate,
)
from .components import (
    ACTION_NAMES,
    BUILD_PHASE,
    CONFLICT_PHASE,
    DRAFT,
    DRAW,
    MAX_KONTOR,
    OVER,
    RING_SIZE,
    SETUP,
    SUPPLY,
)

if TYPE_CHECKING:
    from .state import VerraeterState


def why_not(st: VerraeterState, action: object) -> Exception:
    """The specific reason ``action`` is not legal now (the slow path of ``apply``)."""
    if not isinstance(action, ACTION_TYPES):
        return MalformedActionError(f"not a Verräter action: {action!r}")
    if st.phase == OVER:
        return IllegalActionError("the game is over")
    who = "the player to act"
    expected: dict[int, tuple[type | tuple[type, ...], str]] = {
        SETUP: (PlaceGutshof, f"{who} must place a Gutshof (gutshof N)"),
        CONFLICT_PHASE: (SetConflict, f"{who} must set the conflict (conflict N/M)"),
        DRAFT: (TakeAction, f"{who} must keep an action card (take CARD)"),
        SUPPLY: (PlaySupply, f"{who} must play supply cards (supply V,V or supply none)"),
        BUILD_PHASE: ((Build, TurnEstate, PassBuild), "the Builder must build, turn or pass"),
        DRAW: (Discard, f"{who} must choose what to discard for the hand limit (discard V,V"
                + (")" if st.options.discard_timing == "after" else " or none)")),
    }
    wanted = expected[st.phase]
    if not isinstance(action, wanted[0]):
        return IllegalActionError(f"{action.to_text()!r} is not possible now: {wanted[1]}")
    p = st.to_act
    if isinstance(action, PlaceGutshof):
        return IllegalActionError(f"landscape {action.landscape + 1} already has an estate card")
    if isinstance(action, SetConflict):
        a, b = action.position, (action.position + 1) % RING_SIZE
        return IllegalActionError(f"landscapes {a + 1} and {b + 1} belong to the same house; pick a border")
    if isinstance(action, TakeAction):
        return IllegalActionError(f"{ACTION_NAMES[action.card]} is not among the cards passed to {who}")
    if isinstance(action, PlaySupply):
        if len(action.cards) > 5:
            return IllegalActionError("at most 5 supply cards may be played")
        return IllegalActionError(f"{who} does not hold {', '.join(map(str, action.cards))}")
    if isinstance(action, Discard):
        excess = st.excess()
        if st.options.discard_timing == "after" and len(action.cards) != excess:
            return IllegalActionError(f"{who} holds {excess} card(s) over the hand limit: discard exactly {excess}")
        if len(action.cards) > excess:
            return IllegalActionError(f"discarding more than {excess} card(s) gains nothing: the hand limit is met")
        return IllegalActionError(f"{who} does not hold {', '.join(map(str, action.cards))}")
    if isinstance(action, Build):
        if st.reserve[p] == 0:
            return IllegalActionError(f"{who} has no estate card left in reserve")
        if st.estate_owner[action.landscape] >= 0:
            return IllegalActionError(f"landscape {action.landscape + 1} already has an estate card")
        if action.kontor and not st.options.builder_places_kontor:
            return IllegalActionError("new estate cards are placed Gutshof side up (option builder_places_kontor)")
        return IllegalActionError(f"{who} already has {MAX_KONTOR} Kontor in play")
    if isinstance(action, TurnEstate):
        if st.estate_owner[action.landscape] != p:
            return IllegalActionError(f"{who} has no estate card under landscape {action.landscape + 1}")
        return IllegalActionError(f"{who} already has {MAX_KONTOR} Kontor in play")
    return IllegalActionError(f"{action!r} is not legal now")
