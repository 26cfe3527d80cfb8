"""Verräter and Kreta as OpenSpiel games pass OpenSpiel's own checks: its random-simulation test with
serialisation (``pyspiel.random_sim_test``), the checks its Python games' tests apply (game type, loading
by name with parameters, observers and tensor shapes, pickling, clones), its ``ResampleInfostateTest``
mirrored in Python, and its IS-MCTS and MCTS bots playing whole games. The ``openspiel-ismcts`` bot plays
at ludoteca tables, in the arena too."""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import pickle
import random
from collections.abc import Iterator
from functools import partial
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from open_spiel.python.algorithms.ismcts import ISMCTSBot
from open_spiel.python.algorithms.mcts import MCTSBot, RandomRolloutEvaluator
from open_spiel.python.observation import make_observation

from ludoteca import bots, games
from ludoteca.arena import runner, workers
from ludoteca.arena.runner import Match
from ludoteca.bots import Budget
from ludoteca.core.rng import Rng
from ludoteca.rl.encoding import encoding_for
from ludoteca.rl.openspiel import GAMES, LudotecaState, load_game
from ludoteca.rl.openspiel.bot import OpenSpielIsmctsBot, game_for
from ludoteca.rl.openspiel.game import SEED_BYTES

BOT_TARGET = "ludoteca.rl.openspiel.bot:OpenSpielIsmctsBot"


def _deal(state: Any, seed: int) -> None:
    """Play the chance nodes: the bytes of ``seed``, most significant first."""
    for byte in seed.to_bytes(SEED_BYTES, "big"):
        assert state.is_chance_node()
        state.apply_action(byte)


def _walk(state: Any, rng: random.Random, steps: int) -> Any:
    """Random legal actions (chance outcomes sampled) for ``steps`` moves or to the end."""
    for _ in range(steps):
        if state.is_terminal():
            break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, probs)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


# ------------------------------------------------------------------ OpenSpiel's own generic checks

SIMS = [
    ("ludoteca_verraeter", {"players": 3}, 3),
    ("ludoteca_verraeter", {"players": 4}, 3),
    ("ludoteca_verraeter", {"players": 3, "edition": 1998, "draw_cap": 0, "hand_limit": 3}, 2),
    (
        "ludoteca_verraeter",
        {"players": 4, "builder_places_kontor": True, "hand_limit": 3, "discard_timing": "after"},
        2,
    ),
    ("ludoteca_kreta", {"players": 2}, 2),
    ("ludoteca_kreta", {"players": 3}, 1),
    ("ludoteca_kreta", {"players": 4}, 1),
    ("ludoteca_kreta", {"players": 2, "abbot_blocks_passing": False}, 1),
    ("ludoteca_kreta", {"players": 3, "takeback": "castellan"}, 1),
]


@pytest.mark.parametrize(("name", "params", "sims"), SIMS, ids=lambda v: str(v))
def test_openspiel_random_simulation_test_with_serialisation(name: str, params: dict[str, Any], sims: int) -> None:
    """OpenSpiel's RandomSimTest: legal actions sorted and empty for other seats, distinct action strings,
    masks, clones, serialise/deserialise at every early and every power-of-two step, observation and
    information-state strings and tensors of every seat with the declared sizes, the game length within
    ``max_game_length``, returns that sum to the utility sum and lie within the utility bounds."""
    game = pyspiel.load_game(name, params)
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


@pytest.mark.parametrize(("game", "players"), [("verraeter", 4), ("kreta", 2)])
def test_serialisation_round_trips_at_every_step(game: str, players: int) -> None:
    """OpenSpiel's test serialises at the first ten and every power-of-two step; this does it at every one."""
    loaded = load_game(game, players)
    state = loaded.new_initial_state()
    rng = random.Random(13)
    while True:
        text = pyspiel.serialize_game_and_state(loaded, state)
        _, again = pyspiel.deserialize_game_and_state(text)
        assert str(again) == str(state) and again.history() == state.history()
        if state.is_terminal():
            assert again.returns() == state.returns()
            break
        _walk(state, rng, 1)


@pytest.mark.parametrize(("game", "players"), [("verraeter", 3), ("verraeter", 4), ("kreta", 2), ("kreta", 4)])
def test_game_type_and_info(game: str, players: int) -> None:
    loaded = load_game(game, players)
    kind = loaded.get_type()
    assert kind.short_name == GAMES[game] and kind.short_name in pyspiel.registered_names()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert kind.provides_information_state_string and kind.provides_information_state_tensor
    assert kind.provides_observation_string and kind.provides_observation_tensor
    definition = games.get(game)
    assert (kind.min_num_players, kind.max_num_players) == (definition.min_players, definition.max_players)
    encoding = encoding_for(game, None, players)
    assert loaded.num_players() == players
    assert loaded.num_distinct_actions() == encoding.num_actions
    assert loaded.max_chance_outcomes() == 256
    assert (loaded.min_utility(), loaded.max_utility(), loaded.utility_sum()) == (0.0, 1.0, 1.0)
    assert loaded.observation_tensor_shape() == list(encoding.observation_shape)
    assert loaded.information_state_tensor_shape() == list(encoding.observation_shape)
    again = pyspiel.load_game(str(loaded))  # the game string names every parameter
    assert str(again) == str(loaded) and again.num_players() == players


def test_parameters_are_the_rule_options() -> None:
    game = load_game("verraeter", 3, edition=1998, draw_cap=0, hand_limit=6, builder_places_kontor=True)
    options = game.rules.options
    assert (options.edition, options.draw_cap, options.hand_limit, options.builder_places_kontor) == (
        1998,
        None,
        6,
        True,
    )
    assert load_game("kreta", 3, abbot_blocks_passing=False).rules.options.abbot_blocks_passing is False
    assert load_game("kreta", 3, takeback="castellan").rules.options.takeback == "castellan"
    assert pyspiel.load_game("ludoteca_kreta").get_parameters()["takeback"] == "all"
    assert load_game("kreta").num_players() == 2 and load_game("verraeter").num_players() == 4
    with pytest.raises(ValueError, match="2 to 4 players, not 5"):
        pyspiel.load_game("ludoteca_kreta", {"players": 5})
    with pytest.raises(pyspiel.SpielError, match=r"(?i)unknown parameter"):
        pyspiel.load_game("ludoteca_kreta", {"colour": "red"})


def test_the_chance_nodes_draw_the_cores_seed_and_the_history_replays() -> None:
    game = load_game("verraeter", 4)
    state = game.new_initial_state()
    assert state.chance_outcomes() == [(b, 1 / 256) for b in range(256)]
    assert len({state.information_state_string(p) for p in range(4)}) == 1  # nobody sees the seed
    seed = 0x0123456789ABCDEF
    _deal(state, seed)
    definition = games.get("verraeter")
    core = definition.new_game(game.rules.options, seed, 4)
    assert state.current_player() == core.current_player()
    assert state.observation_string(0) != "" and state.core.view(2) == core.view(2)
    _walk(state, random.Random(1), 40)
    replayed = game.new_initial_state()
    for action in state.history():
        replayed.apply_action(action)
    assert str(replayed) == str(state) and replayed.history() == state.history()
    assert f"seed {seed:#018x}" in str(state)


@settings(max_examples=25, deadline=None)
@given(game=st.sampled_from(["verraeter", "kreta"]), seed=st.integers(0, (1 << 64) - 1), steps=st.integers(0, 30))
def test_any_seed_deals_the_cores_game_and_no_seat_sees_it(game: str, seed: int, steps: int) -> None:
    """The eight chance outcomes are the seed's bytes: the dealt state is ``new_game(seed)``, and every
    seat's information state is a function of its view (another world with the same view gives the same)."""
    loaded = load_game(game, 3)
    state = loaded.new_initial_state()
    _deal(state, seed)
    definition = games.get(game)
    core = definition.new_game(loaded.rules.options, seed, 3)
    rng = Rng(seed)
    for _ in range(steps):
        legal = core.legal_actions()
        action = legal[rng.below(len(legal))]
        state.apply_action(loaded.rules.encoding.index(action))
        core.apply(action)
    for p in range(3):
        assert state.core.view(p) == core.view(p)
        world = loaded.state_from_view(core.view(p), Rng(seed ^ 0x5EED))
        assert world.information_state_string(p) == state.information_state_string(p)
        assert world.observation_tensor(p) == state.observation_tensor(p)
    assert [state.action_to_string(a) for a in state.legal_actions()] == sorted(
        (a.to_text() for a in core.legal_actions()),
        key=lambda text: loaded.rules.encoding.index(definition.parse_action(text)),
    )


def test_serialisation_and_pickling_rebuild_the_game_by_replay() -> None:
    for game in (load_game("verraeter", 3), load_game("kreta", 3)):
        state = _walk(game.new_initial_state(), random.Random(7), 60)
        text = pyspiel.serialize_game_and_state(game, state)
        assert len(text) < 20_000  # a record (seed bytes, action texts), not the pickled core with its tables
        game2, state2 = pyspiel.deserialize_game_and_state(text)
        assert str(game2) == str(game) and str(state2) == str(state) and state2.history() == state.history()
        assert state2.legal_actions() == state.legal_actions()
        clone = pickle.loads(pickle.dumps(state))
        assert str(clone) == str(state)
        assert pickle.loads(pickle.dumps(game)).num_players() == game.num_players()


def test_clones_are_independent() -> None:
    state = _walk(load_game("kreta", 2).new_initial_state(), random.Random(3), 30)
    clone = state.clone()
    assert str(clone) == str(state) and clone.history() == state.history()
    clone.apply_action(clone.legal_actions()[0])
    assert str(clone) != str(state) and len(clone.history()) == len(state.history()) + 1


# ------------------------------------------------------------------ observers and information states


def _obs_type(private: Any) -> Any:
    return pyspiel.IIGObservationType(perfect_recall=False, private_info=private)


def test_observers_give_the_encodings_tensor_and_the_views_strings() -> None:
    game = load_game("verraeter", 4)
    state = _walk(game.new_initial_state(), random.Random(5), 40)
    encoding = game.rules.encoding
    info = make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))
    plain = make_observation(game)
    public = make_observation(game, _obs_type(pyspiel.PrivateInfoType.NONE))
    for p in range(4):
        view = state.core.view(p)
        expected = encoding.observe(view)
        for observer in (info, plain):
            observer.set_from(state, p)
            assert observer.tensor.shape == expected.shape and np.array_equal(observer.tensor, expected)
        assert np.array_equal(np.array(state.observation_tensor(p), np.float32), expected)
        assert np.array_equal(np.array(state.information_state_tensor(p), np.float32), expected)
        assert plain.string_from(state, p) == state.observation_string(p)
        assert info.string_from(state, p) == state.information_state_string(p)
        assert state.information_state_string(p).startswith(state.observation_string(p) + "\nlog:")
        assert f"hand={'(' + ','.join(map(str, view.hand)) + ')'}" in state.observation_string(p)
    assert len({public.string_from(state, p) for p in range(4)}) == 1  # the spectator's view
    assert "hand=()" in public.string_from(state, 0)
    with pytest.raises(ValueError, match="not supported"):
        make_observation(game, _obs_type(pyspiel.PrivateInfoType.ALL_PLAYERS))


@pytest.mark.parametrize(("game", "players", "steps"), [("verraeter", 3, 200), ("verraeter", 4, 200), ("kreta", 3, 40)])
def test_resampling_keeps_the_information_state(game: str, players: int, steps: int) -> None:
    """OpenSpiel's ResampleInfostateTest: at every decision node, for every seat, a resampled state has the
    same information-state string and tensor and the same player to act; and the hidden parts do vary."""
    rng = random.Random(11)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    state = load_game(game, players).new_initial_state()
    other = state.resample_from_infostate(0, sampler)
    assert other.is_chance_node() and other.information_state_string(0) == state.information_state_string(0)
    varied = False
    for _ in range(steps):
        if state.is_terminal():
            break
        if not state.is_chance_node():
            for p in range(players):
                other = state.resample_from_infostate(p, sampler)
                assert isinstance(other, LudotecaState)
                assert other.information_state_string(p) == state.information_state_string(p)
                assert other.information_state_tensor(p) == state.information_state_tensor(p)
                assert other.current_player() == state.current_player()
                assert other.legal_actions(p) == state.legal_actions(p)
                varied |= str(other) != str(state)
        _walk(state, rng, 1)
    assert varied


def test_resampled_worlds_play_on_to_the_end() -> None:
    state = _walk(load_game("verraeter", 3).new_initial_state(), random.Random(2), 30)
    world = state.resample_from_infostate(state.current_player(), pyspiel.UniformProbabilitySampler(0.0, 1.0))
    _walk(world, random.Random(3), 10_000)
    assert world.is_terminal() and sum(world.returns()) == pytest.approx(1.0)
    assert "sampled world" in str(world)
    assert str(pickle.loads(pickle.dumps(world))) == str(world)


def test_a_state_resampled_before_the_deal_is_complete_deals_on() -> None:
    state = load_game("kreta", 2).new_initial_state()
    for byte in (1, 2, 3):
        state.apply_action(byte)
    other = state.resample_from_infostate(1, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert other.is_chance_node() and other.information_state_string(1) == state.information_state_string(1)
    _walk(other, random.Random(8), SEED_BYTES - 3 + 10)  # the other seed bytes, then ten moves
    assert not other.is_chance_node() and other.core is not None
    assert str(pickle.loads(pickle.dumps(other))) == str(other)


# ------------------------------------------------------------------ OpenSpiel's bots on our games


@pytest.mark.parametrize(("game", "players", "simulations"), [("verraeter", 3, 6), ("kreta", 2, 2)])
def test_openspiels_ismcts_and_mcts_bots_play_whole_games(game: str, players: int, simulations: int) -> None:
    loaded = load_game(game, players)
    rs = np.random.RandomState(4)
    evaluator = RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    ismcts = ISMCTSBot(loaded, evaluator, uct_c=0.7, max_simulations=simulations, random_state=rs)
    mcts = MCTSBot(loaded, uct_c=0.7, max_simulations=simulations, evaluator=evaluator, random_state=rs)
    seats = [ismcts if p % 2 == 0 else mcts for p in range(players)]
    state = loaded.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rs.choice(outcomes, p=probs)))
        else:
            action = seats[state.current_player()].step(state)
            assert action in state.legal_actions()
            state.apply_action(action)
    returns = state.returns()
    assert sum(returns) == pytest.approx(1.0) and all(0.0 <= r <= 1.0 for r in returns)


# ------------------------------------------------------------------ the openspiel-ismcts bot


def _position(game: str, players: int, seed: int, steps: int) -> Any:
    definition = games.get(game)
    state = definition.new_game(definition.options_from_dict({}), seed, players)
    rng = Rng(seed)
    for _ in range(steps):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return state


@pytest.mark.parametrize(("game", "players", "steps"), [("verraeter", 4, 12), ("kreta", 2, 9)])
def test_the_bot_chooses_a_legal_action_reproducibly_from_the_view(game: str, players: int, steps: int) -> None:
    state = _position(game, players, 3, steps)
    seat, legal = state.current_player(), state.legal_actions()
    assert len(legal) > 1
    choices = []
    for _ in range(2):
        bot = OpenSpielIsmctsBot(21, Budget(iterations=12))
        choices.append(bot.choose(state.view(seat), legal))
        assert bot.last_simulations == 12
    assert choices[0] in legal and choices[0] == choices[1]
    timed = OpenSpielIsmctsBot(5, Budget(seconds=0.05))
    assert timed.choose(state.view(seat), legal) in legal and timed.last_simulations >= 2
    assert game_for(state.view(seat)).num_players() == players


def test_the_bot_has_the_levels_of_ismcts_and_a_single_action_costs_nothing() -> None:
    from ludoteca.bots.ismcts import IsmctsBot

    assert OpenSpielIsmctsBot.levels == IsmctsBot.levels
    bot = OpenSpielIsmctsBot(1)
    assert bot.choose(object(), ["only"]) == "only" and bot.last_simulations == 0


def test_the_registry_finds_the_bot_by_name(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(bots._BOTS, "openspiel-ismcts", BOT_TARGET)
    assert bots.parse_spec("openspiel-ismcts:0.5s") == ("openspiel-ismcts", Budget(seconds=0.5))
    assert bots.parse_spec("OpenSpiel-ISMCTS:800") == ("openspiel-ismcts", Budget(iterations=800))
    assert bots.parse_spec("openspiel-ismcts:normal")[1] == Budget(iterations=300, seconds=1.0)
    assert isinstance(bots.from_spec("openspiel-ismcts:easy", 3), OpenSpielIsmctsBot)
    assert bots.describe("openspiel-ismcts").startswith("OpenSpiel's IS-MCTS")


@pytest.fixture
def plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """An installed distribution declaring the bot under the entry-point group ``ludoteca.bots``, exactly
    as ludoteca's own metadata will (see docs/openspiel.md), on ``sys.path`` for this process and the
    worker processes it starts."""
    info = tmp_path / "ludoteca_openspiel_plugin-0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: ludoteca-openspiel-plugin\nVersion: 0\n")
    (info / "entry_points.txt").write_text(f"[ludoteca.bots]\nopenspiel-ismcts = {BOT_TARGET}\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(bots._BOTS, "openspiel-ismcts", raising=False)
    bots._plugins.cache_clear()
    yield
    bots._BOTS.pop("openspiel-ismcts", None)
    bots._plugins.cache_clear()


@pytest.mark.usefixtures("plugin")
def test_a_plugin_bot_is_found_through_its_entry_point() -> None:
    assert "openspiel-ismcts" in bots.names()
    assert isinstance(bots.create("openspiel-ismcts", 1), OpenSpielIsmctsBot)


def test_a_plugin_whose_extra_is_missing_is_an_unknown_bot(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    info = tmp_path / "broken_plugin-0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: broken-plugin\nVersion: 0\n")
    (info / "entry_points.txt").write_text("[ludoteca.bots]\nbroken = not_installed_anywhere.bot:Bot\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    bots._plugins.cache_clear()
    try:
        with pytest.raises(bots.UnknownBotError, match="cannot be loaded"):
            bots.create("broken", 1)
        assert "broken" not in bots._BOTS
    finally:
        bots._plugins.cache_clear()


@pytest.mark.usefixtures("plugin")
def test_the_arena_seats_the_bot_in_spawned_workers(monkeypatch: pytest.MonkeyPatch) -> None:
    """Spawned workers start from nothing: they find the bot through its entry point, not a registration."""
    spawn = multiprocessing.get_context("spawn")
    monkeypatch.setattr(
        workers, "ProcessPoolExecutor", partial(concurrent.futures.ProcessPoolExecutor, mp_context=spawn)
    )
    match = Match("verraeter", {}, ("openspiel-ismcts:3", "random", "random"), seed=2026)
    records = runner.run(match, deals=2, jobs=2)
    assert len(records) == 2 * 3 * 3
    ours = [r for r in records if r.bot == 0]
    assert len(ours) == 6 and all(r.decisions > 0 for r in ours)
    assert sum(r.win_share for r in records) == pytest.approx(6.0)


@pytest.mark.usefixtures("plugin")
def test_ludoteca_arena_seats_openspiel_ismcts_against_ismcts() -> None:
    from click.testing import CliRunner

    from ludoteca.cli.main import cli

    result = CliRunner().invoke(
        cli,
        [
            "arena",
            "verraeter",
            "--seats",
            "openspiel-ismcts:2,ismcts:2,random",
            "--games",
            "3",
            "--seed",
            "1",
            "--jobs",
            "1",
        ],
        env={"COLUMNS": "160"},
    )
    assert result.exit_code == 0, result.output
    assert "openspiel-ismcts:2" in result.stdout and "ismcts:2" in result.stdout
