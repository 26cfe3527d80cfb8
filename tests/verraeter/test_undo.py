"""Undo within the turn (#34), per kind of action: ``can_undo`` from the rules (docs/verraeter-rules.md, "Undo").

Only the Builder's step can be undone, and only when phase 10 then stops at the Builder's own hand-limit
choice before any card is drawn; every other step passes the turn, shuffles or draws.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.verraeter import DEFINITION, can_undo, parse_action

from undo_helpers import conservative, crossed
from verraeter_helpers import example_setup, play, position


def undoable(state, text: str) -> bool:
    action = parse_action(text)
    assert action in state.legal_actions()
    return can_undo(state, action)


def _at_builder(hand: list[int] | None = None, **options):
    hands = [hand or [3, 4, 5], [3, 4, 5], [3, 4, 5], [3, 4, 5]]
    s = position(example_setup(hands=hands), **options)
    play(s, "conflict 1/2", "take builder", "take traitor", "take strategist", "take diplomat+5",
         "supply none", "supply none", "supply none", "supply none")
    assert s.view(-1).phase == "build" and s.current_player() == 0
    return s


def test_setting_the_conflict_shuffles_the_action_cards_so_it_cannot_be_undone() -> None:
    s = position()
    assert not undoable(s, "conflict 1/2")


def test_the_draft_and_the_supply_play_pass_the_turn() -> None:
    s = position()
    play(s, "conflict 1/2")
    assert not undoable(s, "take builder")
    play(s, "take builder", "take traitor", "take strategist", "take diplomat+5")
    assert not undoable(s, "supply none")
    assert not undoable(s, "supply 3")


def test_gutshof_placement_passes_the_turn() -> None:
    from ludoteca.verraeter import VerraeterOptions, new_game

    s = new_game(VerraeterOptions(), 3, 4)
    assert all(not can_undo(s, a) for a in s.legal_actions())


def test_the_builder_can_undo_when_phase_10_stops_at_its_own_hand_limit_choice() -> None:
    s = _at_builder(hand=[2, 2, 3, 6, 8])  # five cards: its Gutshof draw would pass the limit of 5
    for text in ("pass", "build 6"):
        assert undoable(s, text), text
    assert not undoable(s, "turn 3")  # a Kontor draws nothing: the next seat's draw is made at once
    before = s.rng.state
    play(s, "build 6")
    assert s.rng.state == before and s.current_player() == 0 and s.view(-1).phase == "draw"


def test_the_builder_cannot_undo_when_a_card_is_drawn() -> None:
    s = _at_builder()  # three cards in hand: the start player's draw is made at once
    assert not undoable(s, "pass")
    play(s, "pass")
    assert s.current_player() != 0 or s.view(-1).phase != "draw"


def test_the_builder_cannot_undo_when_the_draw_comes_first() -> None:
    s = _at_builder(hand=[2, 2, 3, 6, 8], discard_timing="after")
    assert not undoable(s, "pass")


def test_a_hand_limit_discard_is_followed_by_a_draw() -> None:
    s = _at_builder(hand=[2, 2, 3, 6, 8])
    play(s, "pass")
    assert s.view(-1).phase == "draw"
    assert all(not can_undo(s, a) for a in s.legal_actions())


@settings(max_examples=25, deadline=None)
@given(
    picks=st.lists(st.integers(0, 5), min_size=1, max_size=6, unique=True),
    timing=st.sampled_from(["before", "after"]),
    room=st.integers(0, 2),
    choice=st.integers(0, 100),
)
def test_the_builders_undo_agrees_with_what_its_step_crosses(picks, timing, room, choice) -> None:
    hand = sorted([2, 2, 2, 6, 6, 8][i] for i in picks)  # cards nobody else holds in the example
    s = _at_builder(hand=hand, discard_timing=timing, hand_limit=max(3, len(hand) + room))
    legal = s.legal_actions()
    action = legal[choice % len(legal)]
    after = s.clone()
    after.apply(action)
    why = crossed(DEFINITION, s, action, after)
    if can_undo(s, action):
        assert why is None, action.to_text()
    else:
        assert why is not None or conservative("verraeter", s, after) is not None, action.to_text()
