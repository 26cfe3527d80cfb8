"""The PettingZoo environments: PettingZoo's own conformance tests, then what the adapter adds (rule
options as keywords, rewards, ansi rendering, illegal actions handled as the classic games do)."""

from __future__ import annotations

import warnings
from collections import defaultdict
from typing import Any

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

from ludoteca.core.errors import OptionError
from ludoteca.rl.encoding import encoding_for
from ludoteca.rl.pettingzoo import kreta_v0, verraeter_v0

MODULES = {"verraeter": verraeter_v0, "kreta": kreta_v0}
CASES = [("verraeter", 3), ("verraeter", 4), ("kreta", 2), ("kreta", 4)]


@pytest.fixture(autouse=True)
def _quiet_api_test() -> Any:
    """api_test warns about dict observations for any environment not on its list of PettingZoo's own
    classic games, which use the same dict; nothing else it warns about is expected."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably should be")
        yield


def _play(env: Any, seed: int) -> dict[str, float]:
    """A whole game with uniformly random legal actions; each agent's total reward."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals: dict[str, float] = defaultdict(float)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, _ = env.last()
        totals[agent] += reward
        if termination or truncation:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    return dict(totals)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_pettingzoo_api_test_passes(game: str, players: int) -> None:
    api_test(MODULES[game].env(players=players), num_cycles=1000)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_pettingzoo_seed_test_passes(game: str, players: int) -> None:
    seed_test(lambda: MODULES[game].env(players=players), num_cycles=500)


@pytest.mark.parametrize(("game", "players"), CASES)
def test_random_games_end_with_win_shares(game: str, players: int) -> None:
    for seed in range(2):
        env = MODULES[game].env(players=players)
        totals = _play(env, seed)
        assert sorted(totals) == [f"player_{i}" for i in range(players)]
        assert sum(totals.values()) == pytest.approx(1.0)
        state = env.unwrapped.game_state
        assert state.is_terminal()
        assert [totals[f"player_{i}"] for i in range(players)] == pytest.approx(state.result().win_shares())
        assert env.agents == []


def test_reward_schemes() -> None:
    zero_sum = _play(verraeter_v0.env(players=3, reward="zero_sum"), 4)
    assert sum(zero_sum.values()) == pytest.approx(0.0)
    env = kreta_v0.env(players=2, reward="score")
    score = _play(env, 4)
    assert [score["player_0"], score["player_1"]] == list(env.unwrapped.game_state.result().scores)
    with pytest.raises(ValueError, match="reward must be one of"):
        verraeter_v0.env(reward="elo")


def test_the_seed_drives_the_core() -> None:
    env = kreta_v0.env(players=3)
    env.reset(seed=11)
    assert env.unwrapped.game_seed == 11
    first = env.unwrapped.game_state.view(-1)
    env.reset(seed=11)
    assert env.unwrapped.game_state.view(-1) == first
    env.reset()  # no seed: a fresh one
    assert isinstance(env.unwrapped.game_seed, int)


def test_rule_options_are_keywords_checked_by_the_core() -> None:
    env = verraeter_v0.env(players=3, hand_limit=6, draw_cap="none", edition=1998)
    env.reset(seed=1)
    options = env.unwrapped.game_state.options
    assert (options.hand_limit, options.draw_cap, options.edition) == (6, None, 1998)
    env = kreta_v0.env(players=2, abbot_blocks_passing=False)
    env.reset(seed=1)
    assert env.unwrapped.game_state.view(0).options.abbot_blocks_passing is False
    env = kreta_v0.env(players=3, takeback="castellan")
    env.reset(seed=1)
    assert env.unwrapped.game_state.view(0).options.takeback == "castellan"
    with pytest.raises(OptionError, match="hand_size"):
        verraeter_v0.env(hand_size=6)
    with pytest.raises(OptionError, match="edition"):
        verraeter_v0.env(edition=2000)
    with pytest.raises(ValueError, match="players"):
        kreta_v0.env(players=5)
    with pytest.raises(ValueError, match="render_mode"):
        kreta_v0.env(render_mode="human")


def test_observations_are_the_encoding_of_the_seats_view() -> None:
    env = verraeter_v0.env(players=4)
    env.reset(seed=3)
    enc = encoding_for("verraeter", None, 4)
    acting = env.agent_selection
    for i, agent in enumerate(env.possible_agents):
        obs = env.observe(agent)
        assert np.array_equal(obs["observation"], enc.observe(env.unwrapped.game_state.view(i)))
        assert obs["action_mask"].any() == (agent == acting)
    space = env.observation_space(acting)
    assert space["observation"].shape == enc.observation_shape
    assert env.action_space(acting).n == enc.num_actions


def test_an_illegal_id_ends_the_game_against_its_player(caplog: pytest.LogCaptureFixture) -> None:
    """The classic games' convention (TerminateIllegalWrapper): -1 to the agent, the game is over, and
    PettingZoo's logger says why."""
    env = kreta_v0.env(players=2)
    env.reset(seed=5)
    agent = env.agent_selection
    mask = env.observe(agent)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    env.step(illegal)
    assert "Illegal move made" in caplog.text
    assert all(env.terminations.values())
    assert env._cumulative_rewards[agent] == -1


def test_the_raw_environment_names_the_illegal_id() -> None:
    env = verraeter_v0.raw_env(players=3)
    env.reset(seed=5)
    with pytest.raises(ValueError, match=r"action id 24 \(take traitor\) is not legal now"):
        env.step(24)  # a Gutshof is placed first
    with pytest.raises(ValueError, match="out of range"):
        env.step(10_000)
    assert env.unwrapped.game_state.view(-1).phase == "setup"


@pytest.mark.parametrize(("game", "players"), [("verraeter", 3), ("kreta", 2)])
def test_ansi_render_is_the_terminal_renderers_text(game: str, players: int) -> None:
    env = MODULES[game].env(players=players, render_mode="ansi")
    env.reset(seed=2)
    text = env.render()
    assert isinstance(text, str) and len(text.splitlines()) > 5
    assert "\x1b[" not in text  # plain text, no colour codes
    _play(env, 2)
    assert isinstance(env.render(), str)  # the spectator's view once the game is over
    quiet = MODULES[game].env(players=players)
    quiet.reset(seed=2)
    with pytest.warns(UserWarning, match="without specifying any render mode"):
        assert quiet.render() is None


def _example() -> Any:
    import importlib.util
    from pathlib import Path

    path = Path(__file__).resolve().parents[2] / "examples" / "random_policy.py"
    spec = importlib.util.spec_from_file_location("random_policy", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_example_evaluates_policies_end_to_end(capsys: pytest.CaptureFixture[str]) -> None:
    example = _example()
    assert example.main(["verraeter", "--players", "3", "--games", "6", "--policy", "heuristic"]) == 0
    out = capsys.readouterr().out
    assert "heuristic vs 2 masked random" in out and "win share" in out and "95% CI" in out
    got = example.evaluate("kreta", 2, 2, "lowest", 3)
    mean, low, high = got["win_share"]
    assert low <= mean <= high and 0 <= mean <= 1
    assert got["parity"] == 0.5
