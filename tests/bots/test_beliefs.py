"""Beliefs: weighted worlds are drawn by weight, the opponent model is a distribution, the Verräter sampler's
worlds fit the view, weigh only this round's choices, and put more weight on the truth than uniform sampling."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca import bots, games
from ludoteca.bots import Budget, beliefs_verraeter, heuristic_verraeter, reader_verraeter
from ludoteca.bots.beliefs import OpponentModel, Particles
from ludoteca.bots.ismcts import IsmctsBot, ReaderBot
from ludoteca.core.rng import Rng
from ludoteca.verraeter import VerraeterState, determinize


class _World:
    def __init__(self, tag: int) -> None:
        self.tag = tag

    def clone(self) -> _World:
        return _World(self.tag)


def test_particles_are_drawn_by_weight() -> None:
    parts = Particles([_World(0), _World(1), _World(2)], [0.0, 3.0, 1.0])
    rng = Rng(4)
    drawn = [parts.draw(rng).tag for _ in range(4000)]
    assert drawn.count(0) == 0
    assert 0.70 < drawn.count(1) / 4000 < 0.80
    assert parts.probability(lambda w: w.tag == 1) == 0.75
    assert 1.0 < parts.effective_size() < 3.0


def test_particles_without_weight_fall_back_to_uniform() -> None:
    parts = Particles([_World(0), _World(1)], [0.0, 0.0])
    rng = Rng(1)
    assert {parts.draw(rng).tag for _ in range(50)} == {0, 1}


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.floats(-50, 50), min_size=1, max_size=8),
    st.integers(0, 4),
    st.floats(0.05, 5.0),
    st.floats(0.0, 1.0),
)
def test_the_opponent_model_is_a_distribution_over_the_legal_actions(
    values: list[float], extra: int, temperature: float, epsilon: float
) -> None:
    legal = list(range(len(values) + extra))
    probs = OpponentModel(temperature, epsilon).probabilities([(v, a) for a, v in enumerate(values)], legal)
    assert set(probs) == set(legal)
    assert abs(sum(probs.values()) - 1.0) < 1e-9
    assert all(p >= epsilon / len(legal) - 1e-12 for p in probs.values())
    best = max(range(len(values)), key=lambda a: values[a])
    assert probs[best] == max(probs.values())


def _positions(seed: int, players: int) -> list[tuple[VerraeterState, int]]:
    """The positions of one heuristic game where the seat to act has the others' choices to weigh."""
    definition = games.get("verraeter")
    state: VerraeterState = definition.new_game(definition.options_from_dict({}), seed, players)
    rng = Rng(seed)
    out = []
    while not state.is_terminal():
        p = state.current_player()
        view = state.view(p)
        if beliefs_verraeter.Evidence(view) and len(state.legal_actions()) > 1:
            out.append((state.clone(), p))
        state.apply(heuristic_verraeter.choose(view, state.legal_actions(), rng))
    return out


def test_weighted_worlds_fit_the_view_and_only_this_rounds_choices_count() -> None:
    for state, p in _positions(3, 3)[:12]:
        view = state.view(p)
        evidence = beliefs_verraeter.Evidence(view)
        assert view.phase in ("draft", "supply") and not view.revealed
        assert p not in evidence.draft + evidence.supply
        parts = beliefs_verraeter.sampler(view, Rng(9), 40)
        assert parts is not None
        rng = Rng(2)
        for _ in range(10):
            world = parts.draw(rng)
            assert world.view(p) == replace(view, log=())
            assert sorted(world.supply_in_play()) == sorted(state.supply_in_play())


def test_nothing_to_weigh_after_the_reveal_or_in_the_conflict_phase() -> None:
    definition = games.get("verraeter")
    state: VerraeterState = definition.new_game(definition.options_from_dict({}), 5, 3)
    rng = Rng(5)
    seen = set()
    while not state.is_terminal():
        view = state.view(state.current_player())
        if view.revealed or view.phase not in ("draft", "supply"):
            assert beliefs_verraeter.sampler(view, Rng(1), 10) is None
            seen.add(view.phase)
        state.apply(heuristic_verraeter.choose(view, state.legal_actions(), rng))
    assert {"conflict", "build"} <= seen


def test_beliefs_put_more_weight_on_the_true_action_cards_than_uniform_sampling() -> None:
    belief = uniform = 0.0
    for seed in (1, 2):
        for state, p in _positions(seed, 3)[:10]:
            view = state.view(p)
            hidden = [q for q in range(3) if view.chosen[q] < 0]
            truth = (tuple(state.chosen[q] for q in hidden), state.aside)
            parts = beliefs_verraeter.sampler(view, Rng(seed), 200)
            assert parts is not None

            def true_roles(w: VerraeterState, hidden: list[int] = hidden, truth: object = truth) -> bool:
                return (tuple(w.chosen[q] for q in hidden), w.aside) == truth

            belief += parts.probability(true_roles)
            uniform += sum(map(true_roles, parts.worlds)) / 200
    assert belief > 1.3 * uniform


def test_the_reader_has_four_levels_and_the_search_bots_specs_keep_their_meaning() -> None:
    assert list(ReaderBot.levels) == ["easy", "normal", "hard", "expert"]
    its = [ReaderBot.levels[level].iterations or 0 for level in ReaderBot.levels]
    assert its == sorted(its) and len(set(its)) == 4
    assert bots.parse_spec("ismcts:normal") == ("ismcts", Budget(iterations=300, seconds=1.0))
    assert bots.parse_spec("ismcts:easy") == ("ismcts", Budget(iterations=50))
    assert bots.parse_spec("ismcts:hard") == ("ismcts", Budget(iterations=100_000, seconds=1.8))
    assert "expert" not in IsmctsBot.levels
    for game in ("verraeter", "kreta"):
        usual = IsmctsBot.lookahead(game)
        assert ReaderBot.lookahead(game) is (usual.reading or usual)
        assert usual.beliefs is None


def test_the_reader_plays_legal_reproducible_moves() -> None:
    for state, p in _positions(4, 4)[:4]:
        view = state.view(p)
        legal = state.legal_actions()
        first = bots.create("reader", 7, Budget(iterations=30)).choose(view, legal)
        assert first in legal
        assert bots.create("reader", 7, Budget(iterations=30)).choose(view, legal) == first


def test_the_expert_search_with_the_learned_judge_depends_only_on_the_view(monkeypatch: pytest.MonkeyPatch) -> None:
    """The leak test of tests/bots/test_bot_fairness.py, with the learned judge on at a test's small budget."""
    monkeypatch.setattr(reader_verraeter, "JUDGED_FROM", 1)
    assert reader_verraeter.prepare(_positions(6, 3)[0][0].view(0), Budget(iterations=6)) is reader_verraeter.JUDGED
    for k, (state, p) in enumerate(_positions(6, 3)[:8] + _positions(7, 4)[:8]):
        view = state.view(p)
        worlds = [state] + [determinize(view, Rng(1000 + w)) for w in range(2)]
        choices = {bots.create("reader", k, Budget(iterations=6)).choose(w.view(p), w.legal_actions()) for w in worlds}
        assert len(choices) == 1, (state, choices)
