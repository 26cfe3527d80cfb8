"""The learned Verräter judge: the shipped weights load without numpy and give chances; training is reproducible
from its seed (``ludoteca train``)."""

from __future__ import annotations

import json

import pytest

from ludoteca import games
from ludoteca.bots import heuristic_verraeter, judge_verraeter
from ludoteca.core.rng import Rng
from ludoteca.verraeter import VerraeterState


def _round_ends(seed: int, players: int) -> list[VerraeterState]:
    definition = games.get("verraeter")
    state: VerraeterState = definition.new_game(definition.options_from_dict({}), seed, players)
    rng = Rng(seed)
    out = []
    last = state.round
    while not state.is_terminal():
        p = state.current_player()
        state.apply(heuristic_verraeter.choose(state.view(p), state.legal_actions(), rng))
        if state.round != last and not state.is_terminal():
            last = state.round
            out.append(state.clone())
    return out


def test_the_shipped_judge_gives_each_seat_a_chance() -> None:
    data = judge_verraeter.weights()
    assert data["features"] == list(judge_verraeter.FEATURES)
    for players in (3, 4):
        for state in _round_ends(players, players):
            chances = judge_verraeter.evaluate(state)
            assert len(chances) == players
            assert abs(sum(chances) - 1.0) < 1e-9
            assert all(0.0 < c < 1.0 for c in chances)


def test_more_victory_points_are_worth_more() -> None:
    state = _round_ends(1, 3)[0]
    before = judge_verraeter.evaluate(state)[0]
    state.conflict_vp[0] += 3
    assert judge_verraeter.evaluate(state)[0] > before


def test_training_is_reproducible_from_its_seed() -> None:
    training = pytest.importorskip("ludoteca.bots.judge_training")
    texts = []
    for _ in range(2):
        examples = training.simulate(4, 99)
        texts.append(training.weights_json(training.fit(examples), 4, 99))
    assert texts[0] == texts[1]
    assert json.loads(texts[0])["features"] == list(judge_verraeter.FEATURES)
