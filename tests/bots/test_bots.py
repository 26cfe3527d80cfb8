"""The bot interface and registry, and the random bot: legal, reproducible, blind to the true state."""

from __future__ import annotations

import random

import pytest

from ludoteca import bots
from ludoteca.bots import Bot, Budget, UnknownBotError
from ludoteca.bots.random_bot import RandomBot
from ludoteca.core.errors import IllegalActionError, LudotecaError
from ludoteca.verraeter import DEFINITION

OPTIONS = DEFINITION.options_from_dict({})


def _play(seed: int, bot_seeds: list[int], players: int = 4) -> list[str]:
    """A whole game between random bots; every choice is checked to be legal before it is applied."""
    state = DEFINITION.new_game(OPTIONS, seed, players)
    seats = [bots.create("random", s) for s in bot_seeds[:players]]
    moves: list[str] = []
    while not state.is_terminal():
        p = state.current_player()
        legal = state.legal_actions()
        action = seats[p].choose(state.view(p), legal)
        assert action in legal
        state.apply(action)
        moves.append(action.to_text())
    return moves


def test_registry_lists_and_creates_the_random_bot() -> None:
    assert "random" in bots.names()
    bot = bots.create("random", 7)
    assert isinstance(bot, RandomBot) and isinstance(bot, Bot)
    assert bot.seed == 7 and bot.budget is None
    assert isinstance(bots.create(" Random ", 1), RandomBot)  # names are case- and space-insensitive
    assert bots.describe("random").startswith("Chooses uniformly")


def test_unknown_bot_is_a_ludoteca_error() -> None:
    with pytest.raises(UnknownBotError, match=r"unknown bot 'nope'.*random"):
        bots.create("nope", 1)
    assert issubclass(UnknownBotError, LudotecaError) and issubclass(UnknownBotError, ValueError)


def test_register_makes_a_bot_available_by_name() -> None:
    bots.register("also-random", "ludoteca.bots.random_bot:RandomBot")
    try:
        assert "also-random" in bots.names()
        assert isinstance(bots.create("also-random", 3), RandomBot)
    finally:
        bots._BOTS.pop("also-random")
    with pytest.raises(ValueError):
        bots.register("human", "ludoteca.bots.random_bot:RandomBot")


def test_budget_is_kept_and_validated() -> None:
    budget = Budget(iterations=100, seconds=0.5)
    assert bots.create("random", 1, budget).budget == budget
    with pytest.raises(LudotecaError):
        Budget(iterations=0)
    with pytest.raises(LudotecaError):
        Budget(seconds=0)


def test_a_levels_safety_net_is_on_where_a_player_waits_and_off_where_games_must_replay() -> None:
    waiting = bots.from_spec("reader:expert", 1).budget
    assert waiting is not None and waiting.time_limit == 4.0 and waiting.iterations == 1200
    replaying = bots.replayable("reader:expert", 1).budget
    assert replaying is not None and replaying.time_limit is None and replaying.iterations == 1200
    by_time = bots.replayable("ismcts:0.5s", 1).budget
    assert by_time is not None and by_time.time_limit == 0.5  # seconds alone: the clock is the budget
    plain = bots.replayable("ismcts", 1).budget
    assert plain is not None and plain.or_default(Budget(iterations=300, seconds=1.0)) == Budget(
        iterations=300, seconds=1.0, clock=False
    )


@pytest.mark.parametrize("clock", [True, False])
def test_a_search_runs_its_iterations_when_the_clock_is_off(clock: bool) -> None:
    from ludoteca.bots.ismcts import IsmctsBot

    state = DEFINITION.new_game(OPTIONS, 3, 3)
    bot = IsmctsBot(1, Budget(iterations=12, seconds=1e-9, clock=clock))  # a net no search can keep within
    bot.analyse(state.view(state.current_player()), state.legal_actions())
    assert bot.last_iterations == (1 if clock else 12)


@pytest.mark.parametrize("players", [3, 4])
def test_random_bots_play_only_legal_actions_to_the_end(players: int) -> None:
    for seed in range(10):
        assert _play(seed, [seed * 10 + k for k in range(4)], players)


def test_random_bot_is_reproducible_from_its_seed_and_ignores_the_global_random() -> None:
    random.seed(1)
    first = _play(5, [11, 12, 13, 14])
    random.seed(2)
    assert _play(5, [11, 12, 13, 14]) == first
    assert _play(5, [11, 12, 13, 99]) != first  # another seed for one bot, another game


def test_random_bot_covers_every_choice_and_refuses_an_empty_list() -> None:
    bot = bots.create("random", 0)
    picks = {bot.choose(None, ["a", "b", "c"]) for _ in range(200)}
    assert picks == {"a", "b", "c"}
    with pytest.raises(IllegalActionError):
        bot.choose(None, [])
