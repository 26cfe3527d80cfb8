"""Undo within the turn (#34): every game's ``can_undo`` checked against what a step really does.

Over random play of every game and player count: whenever ``can_undo`` says a step may be undone, the step
leaves the generator as it was, the same seat to act, and shows no seat anything it could not see before
(every world that seat's view could have come from, sampled with ``determinize``, shows it the same view
after the step), and replaying the record without the step gives every seat its view from before. Whenever
it says no, one of those fails, or the step is one of the few conservative "no"s the cores' docs name.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludoteca import games
from ludoteca.core.rng import Rng

from undo_helpers import conservative, crossed

CASES = [
    (name, n)
    for name in games.names()
    for n in range(games.get(name).min_players, games.get(name).max_players + 1)
]


@pytest.mark.parametrize(("name", "players"), CASES)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), policy=st.integers(0, 2**31))
def test_can_undo_says_what_a_step_crosses(name: str, players: int, seed: int, policy: int) -> None:
    definition = games.get(name)
    assert definition.can_undo is not None and definition.determinize is not None
    options = definition.options_from_dict({})
    state = definition.new_game(options, seed, players)
    rng = Rng(policy)
    record: list[Any] = []
    while not state.is_terminal():
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        undo = definition.can_undo(state, action)
        after = state.clone()
        after.apply(action)
        if undo:
            assert crossed(definition, state, action, after) is None, (name, action.to_text())
            replay = definition.new_game(options, seed, players)
            for a in record:
                replay.apply(a)
            for q in range(-1, players):
                assert replay.view(q) == state.view(q)
            assert replay.current_player() == state.current_player()
        else:
            why = crossed(definition, state, action, after) or conservative(name, state, after)
            assert why is not None, (name, action.to_text())
        record.append(action)
        state = after
