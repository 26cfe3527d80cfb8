"""The learned judges (Verräter and Kreta): the shipped weights load without numpy and give chances, a seat's
features come from what it may see, the reader's expert search with the judge on depends only on its view;
training is reproducible from its seed (``ludoteca train``)."""

from __future__ import annotations

import json

import pytest

from ludoteca import bots, games
from ludoteca.bots import Budget, heuristic_kreta, heuristic_verraeter, judge_kreta, judge_verraeter, reader_kreta
from ludoteca.core.rng import Rng
from ludoteca.kreta.components import MOVE
from ludoteca.kreta.state import KretaState
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
    training = pytest.importorskip("ludoteca.training.judges")
    texts = []
    for _ in range(2):
        examples = training.simulate(4, 99)
        texts.append(training.weights_json(training.fit(examples), 4, 99))
    assert texts[0] == texts[1]
    assert json.loads(texts[0])["features"] == list(judge_verraeter.FEATURES)


# ---------------------------------------------------------------- Kreta


def _turn_starts(seed: int, players: int, every: int = 9) -> list[KretaState]:
    """Every ``every``-th position of a heuristic Kreta game where a seat begins its turn."""
    definition = games.get("kreta")
    state: KretaState = definition.new_game(definition.options_from_dict({}), seed, players)
    rng = Rng(seed)
    out = []
    last = -1
    k = 0
    while not state.is_terminal():
        p = state.current_player()
        if p != last and state.phase != MOVE:
            if k % every == 0:
                out.append(state.clone())
            k += 1
        last = p
        legal = state.legal_actions()
        state.apply(legal[0] if len(legal) == 1 else heuristic_kreta.choose(state.view(p), legal, rng))
    return out


def test_the_shipped_kreta_judge_gives_each_seat_a_chance() -> None:
    data = judge_kreta.weights()
    assert data["features"] == list(judge_kreta.FEATURES) and len(data["buckets"]) == judge_kreta.BUCKETS
    for players in (2, 3, 4):
        for state in _turn_starts(players, players, every=12):
            chances = judge_kreta.evaluate(state)
            assert len(chances) == players
            assert abs(sum(chances) - 1.0) < 1e-9
            assert all(0.0 < c < 1.0 for c in chances)


def test_the_kreta_judge_reads_only_what_every_seat_sees() -> None:
    """Worlds resampled from a seat's view (other face-down fort cards, another pile) are judged alike."""
    determinize = games.get("kreta").determinize
    assert determinize is not None
    for players in (2, 4):
        for state in _turn_starts(10 + players, players)[:5]:
            p = state.current_player()
            judged = judge_kreta.evaluate(state)
            for w in range(3):
                world = determinize(state.view(p), Rng(500 + w))
                assert judge_kreta.evaluate(world) == judged
                assert judge_kreta.features(world.view(p)) == judge_kreta.features(state.view(p))


def test_the_kreta_expert_search_with_the_learned_judge_depends_only_on_the_view(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The leak test of tests/test_bot_fairness.py, with the learned judge on at a test's small budget."""
    monkeypatch.setattr(reader_kreta, "JUDGED_FROM", 1)
    determinize = games.get("kreta").determinize
    assert determinize is not None
    two = _turn_starts(21, 2, every=15)[1]
    assert not isinstance(reader_kreta.prepare(two.view(0), Budget(iterations=6)).judge, reader_kreta.LearnedJudge)
    for k, state in enumerate(_turn_starts(22, 3, every=20)[:3] + _turn_starts(23, 4, every=25)[:3]):
        p = state.current_player()
        view = state.view(p)
        assert isinstance(reader_kreta.prepare(view, Budget(iterations=6)).judge, reader_kreta.LearnedJudge)
        worlds = [state] + [determinize(view, Rng(1000 + w)) for w in range(2)]
        choices = {bots.create("reader", k, Budget(iterations=6)).choose(w.view(p), w.legal_actions()) for w in worlds}
        assert len(choices) == 1, (state, choices)


def test_kreta_training_is_reproducible_from_its_seed() -> None:
    training = pytest.importorskip("ludoteca.training.judges")
    texts = []
    for _ in range(2):
        examples = training.simulate_kreta(2, 99, players=(2,))
        weights = training.fit(examples, None, judge_kreta.BUCKETS)
        texts.append(training.weights_json(weights, 2, 99, "kreta"))
    assert texts[0] == texts[1]
    assert json.loads(texts[0])["features"] == list(judge_kreta.FEATURES)


def test_the_advisor_of_hints_and_reviews_judges_with_the_learned_judges_and_only_the_view() -> None:
    """The advisor (hints, reviews) searches like the reader's expert at any budget; the leak test on it."""
    from ludoteca.bots import reader_verraeter
    from ludoteca.bots.ismcts import AdvisorBot

    kreta_state = _turn_starts(31, 3, every=15)[1]
    view = kreta_state.view(kreta_state.current_player())
    prepared = AdvisorBot.lookahead("kreta").prepare
    assert prepared is not None and isinstance(prepared(view, Budget(iterations=6)).judge, reader_kreta.LearnedJudge)
    verraeter_state = _round_ends(2, 3)[0]
    prepared = AdvisorBot.lookahead("verraeter").prepare
    assert prepared is not None
    assert prepared(verraeter_state.view(0), Budget(iterations=6)) is reader_verraeter.JUDGED
    for game, states in (("kreta", _turn_starts(32, 3, every=20)[:3]), ("verraeter", _round_ends(3, 4)[:3])):
        determinize = games.get(game).determinize
        assert determinize is not None
        for k, state in enumerate(states):
            p = state.current_player()
            worlds = [state] + [determinize(state.view(p), Rng(2000 + w)) for w in range(2)]
            choices = {AdvisorBot(k, Budget(iterations=6)).choose(w.view(p), w.legal_actions()) for w in worlds}
            assert len(choices) == 1, (game, state, choices)


def test_ludoteca_train_kreta_prints_weights_of_the_shipped_shape() -> None:
    pytest.importorskip("numpy")
    from click.testing import CliRunner

    from ludoteca.cli.main import cli

    result = CliRunner().invoke(cli, ["train", "kreta", "--games", "2", "--seed", "3"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["features"] == list(judge_kreta.FEATURES) and len(data["buckets"]) == judge_kreta.BUCKETS
    assert data["trained_on"]["games"] == 2 and data["trained_on"]["players"] == [2, 3, 4]
