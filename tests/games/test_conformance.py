"""One conformance kit for every registered game and player count (STYLE.md lesson 8).

Game-specific property tests live beside each game; this kit checks the protocol itself through the
registry, exactly as the outer layers (CLI, bots, simulations) use it.
"""

from __future__ import annotations

import json

import pytest

from ludoteca import games
from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import TERMINAL, GameResult
from ludoteca.core.records import GameRecord, replay
from ludoteca.core.rng import Rng

CASES = [(name, n) for name in games.names() for n in range(games.get(name).min_players,
                                                             games.get(name).max_players + 1)]


def _play(name: str, players: int, seed: int, policy: int):
    definition = games.get(name)
    state = definition.new_game(definition.options_from_dict({}), seed, players)
    rng = Rng(policy)
    actions = []
    while not state.is_terminal():
        assert 0 <= state.current_player() < players
        legal = state.legal_actions()
        assert legal, "a non-terminal state has legal actions"
        action = legal[rng.below(len(legal))]
        actions.append(action)
        state.apply(action)
    assert state.current_player() == TERMINAL
    assert state.legal_actions() == []
    return state, actions


@pytest.mark.parametrize(("name", "players"), CASES)
def test_random_playouts_terminate_with_a_result(name: str, players: int) -> None:
    for seed in range(3):
        state, _ = _play(name, players, seed, seed + 100)
        result = state.result()
        assert isinstance(result, GameResult)
        assert len(result.scores) == players == len(result.breakdown)
        assert all(sum(b.values()) == s for b, s in zip(result.breakdown, result.scores, strict=True))
        assert result.winners == tuple(p for p in range(players) if result.scores[p] == max(result.scores))
        assert games.get(name).progress_key in result.progress


@pytest.mark.parametrize(("name", "players"), CASES)
def test_record_round_trip_and_same_seed_same_game(name: str, players: int) -> None:
    definition = games.get(name)
    state, actions = _play(name, players, 7, 8)
    record = GameRecord(name, definition.options_to_dict(definition.options_from_dict({})), 7,
                        [f"p{i}" for i in range(players)], [a.to_text() for a in actions])
    again = replay(definition, GameRecord.from_json(record.to_json()))
    assert again.result() == state.result()
    assert again.view(-1) == state.view(-1)
    json_record = GameRecord.from_dict({**record.to_dict(), "actions": [a.to_json() for a in actions]})
    assert replay(definition, json_record).result() == state.result()
    other, other_actions = _play(name, players, 7, 8)
    assert other_actions == actions and other.view(-1) == state.view(-1)


@pytest.mark.parametrize(("name", "players"), CASES)
def test_clones_are_independent_and_behave_like_originals(name: str, players: int) -> None:
    definition = games.get(name)
    state = definition.new_game(definition.options_from_dict({}), 3, players)
    rng = Rng(4)
    step = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        if step % 11 == 0:
            copy = state.clone()
            assert copy.view(-1) == state.view(-1)
            assert copy.legal_actions() == legal
            copy.apply(legal[0])
            assert state.legal_actions() == legal, "playing on a clone leaves the original alone"
        state.apply(legal[rng.below(len(legal))])
        step += 1


@pytest.mark.parametrize(("name", "players"), CASES)
def test_garbage_is_rejected_and_changes_nothing(name: str, players: int) -> None:
    definition = games.get(name)
    state = definition.new_game(definition.options_from_dict({}), 5, players)
    for garbage in (None, 3, "pass", object(), {"type": "pass"}):
        before = state.view(-1), state.legal_actions()
        with pytest.raises(LudotecaError):
            state.apply(garbage)
        assert (state.view(-1), state.legal_actions()) == before
    with pytest.raises(LudotecaError):
        definition.parse_action("this is no action")
    with pytest.raises(LudotecaError):
        definition.action_from_json({"type": "no such thing"})
    with pytest.raises(LudotecaError):
        definition.options_from_dict({"no_such_option": 1})


@pytest.mark.parametrize(("name", "players"), CASES)
def test_options_round_trip_through_json(name: str, players: int) -> None:
    definition = games.get(name)
    options = definition.options_from_dict({})
    data = json.loads(json.dumps(definition.options_to_dict(options)))
    assert definition.options_from_dict(data) == options


def test_every_registered_games_views_offer_what_the_outer_layers_read() -> None:
    """The web's state message and the terminal read a view's player, phase, log and scores (core.game.GameView)."""
    from ludoteca import games
    from ludoteca.core.game import GameView

    for name in games.names():
        definition = games.get(name)
        state = definition.new_game(definition.options_from_dict({}), 3, definition.min_players)
        for seat in range(-1, definition.min_players):
            view = state.view(seat)
            assert isinstance(view, GameView), f"{name}: {type(view).__name__} lacks a GameView field"
            assert view.player == seat and len(view.scores) == definition.min_players
