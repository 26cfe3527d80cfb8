"""The test oracle for undo within the turn (#34): what a step really crossed, for any game."""

from __future__ import annotations

from typing import Any

from ludoteca.core.rng import Rng
from ludoteca.verraeter.components import BUILD_PHASE, DRAW


def crossed(definition: Any, state: Any, action: Any, after: Any) -> str | None:
    """What the step crossed (the test oracle): the generator, the turn, or something shown to a seat."""
    if after.rng.state != state.rng.state:
        return "generator"
    if after.current_player() != state.current_player():
        return "turn"
    for q in range(state.num_players):
        for k in range(3):
            world = definition.determinize(state.view(q), Rng(7919 * k + q))
            if action not in world.legal_actions():
                continue  # a world where the actor could not have done it: the action itself tells q that
            world.apply(action)
            if world.view(q) != after.view(q):
                return f"shown to seat {q}"
    return None


def conservative(name: str, state: Any, after: Any) -> str | None:
    """The named conservative "no"s (docs/verraeter-rules.md, "Undo"); Kreta has none."""
    if name != "verraeter":
        return None
    if state.phase == BUILD_PHASE and after.round != state.round:
        return "the round ended without a draw"
    if state.phase == DRAW and after.phase == DRAW:
        return "a discard drawing nothing, stopping at the same seat again"
    if state.phase in (BUILD_PHASE, DRAW) and not state.draw_pile and not state.discard:
        return "no card left to draw"
    return None
