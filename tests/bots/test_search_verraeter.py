"""The Verräter search: ``easy`` and ``normal`` keep the one-round lookahead, ``hard`` (its own iteration
budget) lets the heuristic's best actions in first; the heuristic's ranking is a permutation of the legal
actions; a deeper lookahead plays through the next round; the hard search stays legal and reproducible with an
iteration budget."""

from __future__ import annotations

from ludoteca import bots, games
from ludoteca.bots import Budget, heuristic_verraeter, search_verraeter
from ludoteca.bots.ismcts import IsmctsBot
from ludoteca.core.rng import Rng
from ludoteca.verraeter import VerraeterState, determinize


def _game(seed: int, players: int, moves: int) -> VerraeterState:
    """A game after ``moves`` of the heuristic bot's moves (fewer if it ends first)."""
    definition = games.get("verraeter")
    state: VerraeterState = definition.new_game(definition.options_from_dict({}), seed, players)
    rng = Rng(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        p = state.current_player()
        state.apply(heuristic_verraeter.choose(state.view(p), state.legal_actions(), rng))
    return state


def _searching(state: VerraeterState) -> VerraeterState:
    """The first position from ``state`` on where the seat to act has a choice."""
    rng = Rng(0)
    while len(state.legal_actions()) == 1:
        p = state.current_player()
        state.apply(heuristic_verraeter.choose(state.view(p), state.legal_actions(), rng))
    return state


def test_the_ranking_is_the_legal_actions_best_first() -> None:
    for seed in range(8):
        state = _searching(_game(seed, 3 + seed % 2, 5 + 6 * seed))
        view = state.view(state.current_player())
        legal = state.legal_actions()
        ranked = heuristic_verraeter.ranked(view, legal)
        assert sorted(map(str, ranked)) == sorted(map(str, legal))


def test_verraeter_redefines_hard_only() -> None:
    lookahead = IsmctsBot.lookahead("verraeter")
    assert lookahead.levels is not None and lookahead.prepare is not None
    for level in ("easy", "normal"):
        budget = bots.parse_spec(f"ismcts:{level}")[1]
        assert budget is not None and IsmctsBot.game_budget(budget, lookahead.levels) == budget
    generic = bots.parse_spec("ismcts:hard")[1]
    assert generic is not None
    hard = IsmctsBot.game_budget(generic, lookahead.levels)
    assert hard == search_verraeter.LEVELS["hard"]
    assert hard.iterations is not None and hard.iterations >= search_verraeter.DEEP_FROM
    assert hard.seconds is not None and hard.seconds <= 2.0  # a safety net: iterations set the strength


def test_normal_keeps_the_one_round_lookahead_and_hard_widens_by_the_heuristics_ranking() -> None:
    lookahead = IsmctsBot.lookahead("verraeter")
    assert lookahead.prepare is not None
    state = _searching(_game(3, 3, 7))
    view = state.view(state.current_player())
    normal = bots.parse_spec("ismcts:normal")[1]
    assert normal is not None
    one = lookahead.prepare(view, normal)
    assert one is search_verraeter.ONE_ROUND and one.order is None
    hard = lookahead.prepare(view, search_verraeter.LEVELS["hard"])
    assert hard.order is not None and hard.widen is not None
    legal = state.legal_actions()
    assert hard.order(state) == heuristic_verraeter.ranked(view, legal)
    assert [hard.widen(k) for k in (0, 1, 4, 9)] == [2, 3, 4, 5]


def test_a_deeper_lookahead_plays_through_the_next_round() -> None:
    state = _searching(_game(3, 3, 7))
    view = state.view(state.current_player())
    deep = search_verraeter.Session(view.round, search_verraeter.Settings(rounds=2, tree_rounds=1)).lookahead()
    assert deep.horizon is not None and deep.policy is not None and deep.follow is not None
    start = state.round
    world = determinize(view, Rng(1), keep_log=False)
    past = deep.horizon(world)
    one_round = search_verraeter.ONE_ROUND.horizon
    assert one_round is not None
    stop_one = one_round(world)
    rounds_seen = set()
    rng = Rng(2)
    first_stop = None
    while not world.is_terminal() and not past(world):
        if first_stop is None and stop_one(world):
            first_stop = world.round
        assert deep.follow(world) == (world.round > start)  # the next round: the heuristic plays for us too
        rounds_seen.add(world.round)
        world.apply(deep.policy(world, rng))
    assert first_stop == start + 1  # where the one-round lookahead stops, this one plays on ...
    assert rounds_seen == {start, start + 1}
    assert world.round == start + 2  # ... and stops as the round after it begins


def test_the_hard_search_is_legal_and_reproducible_with_an_iteration_budget() -> None:
    """From the first choice of the game's last round but one (short searches: the game ends soon)."""
    definition = games.get("verraeter")
    game: VerraeterState = definition.new_game(definition.options_from_dict({}), 5, 3)
    rng = Rng(5)
    choices = []
    while not game.is_terminal():
        if len(game.legal_actions()) > 1:
            choices.append(game.clone())
        p = game.current_player()
        game.apply(heuristic_verraeter.choose(game.view(p), game.legal_actions(), rng))
    state = next(c for c in choices if c.round >= game.round - 1)
    p = state.current_player()
    legal = state.legal_actions()
    runs = []
    for _ in range(2):
        bot = bots.create("ismcts", 9, Budget(iterations=search_verraeter.DEEP_FROM))
        estimates = bot.analyse(state.view(p), legal)
        assert estimates[0].action in legal
        assert sum(e.visits for e in estimates) == search_verraeter.DEEP_FROM
        runs.append([(e.action, e.visits, e.value) for e in estimates])
    assert runs[0] == runs[1]
