"""Every bot, every game: only legal actions, and choices that depend on the view and the seed alone.

A bot is handed a view, never the true state. These tests check the two promises that makes: over
thousands of random positions every registered bot returns one of the legal actions, and two true
states that differ only in what the seat cannot see (sampled with the game's ``determinize``) get the
same choice from bots with the same seed.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from ludoteca import bots, games
from ludoteca.bots import Budget
from ludoteca.core.rng import Rng

CHEAP = ("random", "heuristic")
CHEAP_POSITIONS = {"verraeter": 1500, "kreta": 500}
"""Positions per case (Kreta's heuristic looks a turn ahead, so it gets fewer): thousands in all."""
SEARCH_BUDGET = Budget(iterations=6)
SEARCH = ("ismcts", "reader", "openspiel-ismcts")
"""Bots whose default budget includes time: they get an iteration budget here, so a choice is a function of
the view and the seed (a time budget would make it depend on the machine's speed)."""
SEARCH_POSITIONS = {"verraeter": 120, "kreta": 50}
CASES = [(g.name, n) for g in map(games.get, games.names()) for n in range(g.min_players, g.max_players + 1)]


def _positions(game: str, n: int, count: int, seed: int) -> Iterator[Any]:
    """``count`` positions from random play, spread over whole games (every phase shows up)."""
    definition = games.get(game)
    options = definition.options_from_dict({})
    rng = Rng(seed)
    made = 0
    g = 0
    while True:
        state = definition.new_game(options, seed * 1000 + g, n)
        g += 1
        while not state.is_terminal():
            if rng.below(3) == 0:
                yield state
                made += 1
                if made == count:
                    return
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])


def _bot(spec: str, seed: int) -> bots.Bot:
    return bots.create(spec, seed, SEARCH_BUDGET if spec in SEARCH else None)


@pytest.mark.parametrize(("game", "n"), CASES)
def test_cheap_bots_only_ever_choose_legal_actions(game: str, n: int) -> None:
    for k, state in enumerate(_positions(game, n, CHEAP_POSITIONS[game], 11)):
        p = state.current_player()
        legal = state.legal_actions()
        for spec in CHEAP:
            action = bots.create(spec, k).choose(state.view(p), legal)
            assert action in legal, (spec, state, action)


@pytest.mark.parametrize(("game", "n"), CASES)
def test_the_search_bot_only_ever_chooses_legal_actions(game: str, n: int) -> None:
    for k, state in enumerate(_positions(game, n, SEARCH_POSITIONS[game], 12)):
        p = state.current_player()
        legal = state.legal_actions()
        action = _bot("ismcts", k).choose(state.view(p), legal)
        assert action in legal, (state, action)


@pytest.mark.parametrize(("game", "n"), CASES)
@pytest.mark.parametrize("spec", bots.names())
def test_a_choice_depends_only_on_the_view_and_the_seed(game: str, n: int, spec: str) -> None:
    """Worlds that agree on the seat's view (but not on the hidden cards) get the same answer."""
    definition = games.get(game)
    determinize = definition.determinize
    assert determinize is not None
    count = 12 if spec == "openspiel-ismcts" else 25 if spec in SEARCH else 60  # random playouts to the end: dear
    for k, state in enumerate(_positions(game, n, count, 13)):
        p = state.current_player()
        view = state.view(p)
        worlds = [state] + [determinize(view, Rng(1000 + w)) for w in range(2)]
        choices = set()
        for world in worlds:
            assert world.view(p) == view
            legal = world.legal_actions()
            assert legal == state.legal_actions()
            choices.add(_bot(spec, k).choose(world.view(p), legal))
        assert len(choices) == 1, (spec, state, choices)


def test_search_levels_are_budgets() -> None:
    assert bots.parse_spec("ismcts:easy")[1] == Budget(iterations=50)
    hard = bots.parse_spec("ismcts:hard")[1]
    assert hard is not None and hard.seconds is not None and hard.seconds <= 2.0
    assert bots.parse_spec("ismcts:800") == ("ismcts", Budget(iterations=800))
    assert bots.parse_spec("ismcts:0.5s") == ("ismcts", Budget(seconds=0.5))
    for bad in ("ismcts:fast", "ismcts:0", "ismcts:-1s", "wizard:hard"):
        with pytest.raises(bots.UnknownBotError):
            bots.parse_spec(bad)


def test_search_ratings_cover_every_legal_action() -> None:
    definition = games.get("kreta")
    state = definition.new_game(definition.options_from_dict({}), 4, 2)
    legal = state.legal_actions()
    bot = bots.create("ismcts", 1, Budget(iterations=200))
    estimates = bot.analyse(state.view(0), legal)
    assert sorted(map(str, (e.action for e in estimates))) == sorted(map(str, legal))
    assert sum(e.visits for e in estimates) == 200 == bot.last_iterations
    assert all(0.0 <= e.win_chance <= 1.0 for e in estimates)
    assert estimates[0].visits == max(e.visits for e in estimates)
    assert bot.choose(state.view(0), legal) in legal
