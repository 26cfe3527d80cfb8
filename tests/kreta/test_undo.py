"""Undo within the turn (#34), per kind of action: ``can_undo`` from the rules (docs/kreta-rules.md, "Undo").

Kreta draws nothing at random after the set-up and hides only the face-down fort cards, so a step can be
undone exactly when the turn stays with its seat: the Commander's movement, point by point, before its last.
"""

from __future__ import annotations

from ludoteca.core.rng import Rng
from ludoteca.kreta import KretaOptions, can_undo, new_game, parse_action
from ludoteca.kreta.actions import Castellan, CommanderMove, King
from ludoteca.kreta.components import PLAY

from kreta_helpers import play_random, position


def undoable(state, text: str) -> bool:
    action = parse_action(text)
    assert action in state.legal_actions()
    return can_undo(state, action)


def play(state, *texts: str) -> None:
    for text in texts:
        state.apply(parse_action(text))


def test_only_the_commanders_movement_keeps_the_turn_among_the_card_actions() -> None:
    kinds: set[str] = set()
    for seed in range(2):
        state = new_game(KretaOptions(), seed, 3)
        rng = Rng(seed)
        for _ in range(60):  # every legal action of 60 positions of random play
            seat = state.current_player()
            if state.phase == PLAY:
                for action in state.legal_actions():
                    after = state.clone()
                    after.apply(action)
                    expected = isinstance(action, CommanderMove) or (
                        isinstance(action, King) and isinstance(action.action, CommanderMove)
                    )
                    assert can_undo(state, action) == expected, action.to_text()
                    keeps = expected or isinstance(action, Castellan)  # the choice that follows a card turned up
                    assert (after.current_player() == seat) == keeps, action.to_text()
                    assert after.rng.state == state.rng.state
                    kinds.add(type(action).__name__)
            play_random(state, rng, 1)
    card_actions = {"CommanderMove", "CommanderPlace", "AdmiralPlace", "AdmiralMove", "AbbotPlace", "AbbotMove"}
    assert card_actions | {"BuildFort", "Harvest", "King", "Castellan"} <= kinds


def test_each_step_of_a_movement_can_be_undone_but_the_one_spending_the_last_point() -> None:
    state = position([{"villagers": {"t0": 1, "t1": 1}}, {}])
    assert undoable(state, "commander t0->b0")
    play(state, "commander t0->b0")  # 3 points left
    assert undoable(state, "step b0->b1")
    assert not undoable(state, "stop")  # the movement and the turn end
    play(state, "step b0->b1")  # 2 left
    assert undoable(state, "step b1->b2")
    play(state, "step b1->b2")  # 1 left: the next step ends the movement
    assert not undoable(state, "step b2->b3")
    play(state, "step b2->b3")
    assert state.current_player() == 1


def test_the_king_carrying_out_the_commanders_movement_can_be_undone() -> None:
    state = position([{"villagers": {"t0": 1}, "played": ["commander"]}, {}])
    assert undoable(state, "king commander t0->t1")
    assert not undoable(state, "king commander +t2")  # a placement through the King passes the turn


def test_the_castellan_turns_up_a_fort_card_and_its_choice_passes_the_turn() -> None:
    state = position([{"played": ["admiral", "king"]}, {"played": ["abbot"]}, {}])
    assert not undoable(state, "castellan")
    play(state, "castellan")
    assert state.current_player() == 0  # the same seat chooses, but a fort card was turned face up
    assert not undoable(state, "keep")
    assert not undoable(state, "replace")


def test_a_village_passes_the_turn() -> None:
    state = position([{"villagers": {"t0": 1}, "harvested": ["wine"]}, {}])
    assert not undoable(state, "architect village t0")
    play(state, "architect village t0")
    assert state.current_player() == 1
