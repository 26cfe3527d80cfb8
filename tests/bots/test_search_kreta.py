"""The Kreta search: it looks at the heuristic's best moves first, judges with the heuristic's estimate,
caches by public position, and stays legal and reproducible with an iteration budget."""

from __future__ import annotations

import pytest

from ludoteca import bots, games
from ludoteca.bots import Budget, heuristic_kreta, search_kreta
from ludoteca.bots.ismcts import IsmctsBot, Lookahead, _Node, _widened
from ludoteca.core.rng import Rng
from ludoteca.kreta import KretaState, determinize
from ludoteca.kreta.actions import Castellan, CommanderMove, Step, Stop

from kreta_helpers import play_random, position

ALL_CARDS = ["admiral", "commander", "abbot", "farmer", "architect", "king", "castellan"]


def _game(seed: int, players: int, moves: int) -> KretaState:
    definition = games.get("kreta")
    state: KretaState = definition.new_game(definition.options_from_dict({}), seed, players)
    play_random(state, Rng(seed), moves)
    return state


def test_the_ranking_is_the_legal_actions_best_first() -> None:
    for seed in range(6):
        state = _game(seed, 2 + seed % 3, 10 + 7 * seed)
        if state.is_terminal():
            continue
        view = state.view(state.current_player())
        legal = state.legal_actions()
        ranked = heuristic_kreta.ranked(view, legal)
        assert sorted(map(str, ranked)) == sorted(map(str, legal))


def test_during_a_movement_the_ranking_starts_with_the_heuristics_step() -> None:
    state = position(
        [
            {"villagers": {"t3": 1, "t7": 4}, "played": [c for c in ALL_CARDS if c not in ("commander", "castellan")]},
            {"villagers": {"t0": 1, "b0": 1}},
        ],
    )
    state.apply(CommanderMove("t3", "t2"))
    view = state.view(0)
    legal = state.legal_actions()
    ranked = heuristic_kreta.ranked(view, legal)
    assert ranked[0] == heuristic_kreta.choose(view, legal, Rng(1))
    assert isinstance(ranked[0], Step | Stop)
    assert sorted(map(str, ranked)) == sorted(map(str, legal))


def test_the_estimate_favours_the_seat_that_wins_the_imminent_scoring() -> None:
    """Red leads both provinces of the imminent node 1 (t0, b0): good for Red, bad for Blue."""
    state = position([{"villagers": {"t0": 2, "b0": 2}}, {"villagers": {"t6": 1}}])
    assert heuristic_kreta.estimate(state.view(0), 0) > 0 > heuristic_kreta.estimate(state.view(1), 1)
    settings = search_kreta.Settings()
    assert search_kreta.win_chance(5.0, 8, settings) > 0.5 > search_kreta.win_chance(-5.0, 8, settings)
    assert search_kreta.win_chance(-1e9, 0, settings) == 0.0


def test_the_public_key_ignores_the_face_down_fort_cards() -> None:
    state = _game(3, 3, 20)
    view = state.view(state.current_player())
    worlds = [determinize(view, Rng(k), keep_log=False) for k in range(4)]
    assert len({w.public_key() for w in worlds}) == 1
    assert len({tuple(w.fort_row) for w in worlds}) > 1
    after = state.clone()
    after.apply(after.legal_actions()[0])
    assert after.public_key() != state.public_key()


def test_widening_admits_only_legal_actions_best_first_and_more_with_use() -> None:
    node = _Node(0)
    legal = ["a", "b", "c", "d", "e"]
    order = ["e", "x", "d", "c", "b", "a"]  # "x" is legal in another world only

    def widen(passes: int) -> int:
        return 2 + passes

    assert _widened(node, None, legal, lambda _: order, widen) == ["e", "d"]
    assert _widened(node, None, legal, lambda _: order, widen) == ["e", "d", "c"]
    assert _widened(node, None, ["a", "x"], lambda _: order, widen) == ["x", "a"]
    assert node.order == order  # taken once, from the first world that reached the node


def test_the_root_considers_only_the_heuristics_best_moves_first() -> None:
    definition = games.get("kreta")
    state = definition.new_game(definition.options_from_dict({}), 4, 2)
    view = state.view(state.current_player())
    legal = state.legal_actions()
    ranked = heuristic_kreta.ranked(view, legal)
    bot = bots.create("ismcts", 1, Budget(iterations=12))
    estimates = bot.analyse(view, legal)
    tried = {e.action for e in estimates if e.visits}
    settings = search_kreta.Settings()
    assert tried <= set(ranked[: settings.width + int(settings.widen * 12**0.5)])
    assert sum(e.visits for e in estimates) == 12
    assert {e.action for e in estimates} == set(legal)


def test_the_search_is_reproducible_with_an_iteration_budget() -> None:
    state = _game(5, 3, 25)
    p = state.current_player()
    legal = state.legal_actions()
    runs = []
    for _ in range(2):
        bot = bots.create("ismcts", 9, Budget(iterations=60))
        runs.append([(e.action, e.visits, e.value) for e in bot.analyse(state.view(p), legal)])
    assert runs[0] == runs[1]


def test_the_kreta_lookahead_is_prepared_afresh_for_every_search() -> None:
    lookahead = IsmctsBot.lookahead("kreta")
    assert lookahead.prepare is not None
    state = _game(6, 2, 12)
    view = state.view(state.current_player())
    first, second = lookahead.prepare(view, Budget(iterations=10)), lookahead.prepare(view, Budget(iterations=10))
    assert isinstance(first, Lookahead) and first.judge is not None and first.order is not None
    assert first.policy is not None and first.policy != second.policy  # bound to its own caches


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_search_scores_the_imminent_node_when_it_wins_it(players: int) -> None:
    """Red leads both provinces of node 1 and holds only the Castellan's scoring to gain: it scores."""
    others = [{"villagers": {"t6": 1}} for _ in range(players - 1)]
    played = [c for c in ALL_CARDS if c not in ("farmer", "castellan")]
    state = position([{"villagers": {"t0": 2, "b0": 2}, "played": played}, *others])
    bot = bots.create("ismcts", 2, Budget(iterations=60))
    assert isinstance(bot.choose(state.view(0), state.legal_actions()), Castellan)


def test_kreta_redefines_the_levels_and_hard_looks_two_rounds_ahead() -> None:
    lookahead = IsmctsBot.lookahead("kreta")
    assert lookahead.levels is not None and lookahead.prepare is not None
    normal = bots.parse_spec("ismcts:normal")[1]
    hard = bots.parse_spec("ismcts:hard")[1]
    assert normal is not None and hard is not None
    assert IsmctsBot.game_budget(normal, lookahead.levels) == Budget(iterations=search_kreta.DEEP_FROM, seconds=1.0)
    deep = IsmctsBot.game_budget(hard, lookahead.levels)
    assert deep.seconds is not None and deep.seconds <= 2.0
    assert IsmctsBot.game_budget(Budget(iterations=800), lookahead.levels) == Budget(iterations=800)
    assert search_kreta.DEEP.rounds == 2 and search_kreta.NORMAL.rounds == 1
    state = _game(7, 2, 9)
    bot = bots.create("ismcts", 3, Budget(iterations=search_kreta.DEEP_FROM))
    assert bot.choose(state.view(state.current_player()), state.legal_actions()) in state.legal_actions()
