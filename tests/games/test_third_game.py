"""Issue #15's proof: a third game — Perudo (Liar's Dice), hidden dice and chance — lives only under
``tests/plugins`` as a plug-in installed for these tests (a package and a ``*.dist-info`` with its
``ludoteca.games`` entry point), and plays through every layer with no line of its own outside it:
the rules protocol, ``ludoteca play`` and ``replay``, ``arena``, ``simulate`` + ``report``, the research
adapters (PettingZoo's ``api_test``, OpenSpiel's ``random_sim_test``). The web lobby and a browser table
are in ``tests/web/test_third_game_web.py``.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

from clikit import run
from ludoteca import games
from ludoteca.core.game import TERMINAL
from ludoteca.core.records import GameRecord, replay
from ludoteca.core.rng import Rng
from third_game import installed_plugins

pytestmark = pytest.mark.usefixtures("perudo")


@pytest.fixture(scope="module")
def perudo() -> Iterator[None]:
    with installed_plugins():
        yield


def _playout(players: int, seed: int, policy: int, **options: Any) -> tuple[Any, list[Any]]:
    definition = games.get("perudo")
    state = definition.new_game(definition.options_from_dict(options), seed, players)
    rng = Rng(policy)
    actions = []
    while not state.is_terminal():
        legal = state.legal_actions()
        assert legal and 0 <= state.current_player() < players
        action = legal[rng.below(len(legal))]
        state.apply(action)
        actions.append(action)
    assert state.current_player() == TERMINAL and state.legal_actions() == []
    return state, actions


# ---------------------------------------------------------------- the registry and the rules protocol


def test_the_plugin_is_found_through_its_entry_point() -> None:
    assert "perudo" in games.names()
    plugin = games.plugin("Perudo")
    assert plugin.title == "Perudo" and games.get("perudo").max_players == 4
    state = plugin.rules.new_game(plugin.rules.options_from_dict({}), 1, 3)
    assert games.plugin_for_view(state.view(0)) is plugin


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_playouts_end_with_one_player_holding_dice(players: int) -> None:
    for seed in range(5):
        state, _ = _playout(players, seed, seed + 50, dice=2)
        result = state.result()
        assert len(result.winners) == 1 and sum(1 for s in result.scores if s) == 1
        assert result.progress["rounds"] >= 1


def test_clones_are_independent_and_records_replay_exactly() -> None:
    definition = games.get("perudo")
    state, actions = _playout(3, 7, 8)
    record = GameRecord(
        game="perudo", players=["a", "b", "c"], seed=7, options=definition.options_to_dict(state.options),
        actions=[a.to_text() for a in actions], start_player=state.start_player,
    )  # fmt: skip
    again = replay(definition, GameRecord.from_json(record.to_json()))
    assert again.result() == state.result()
    assert [definition.action_from_json(json.loads(json.dumps(a.to_json()))) for a in actions] == actions
    start = definition.new_game(definition.options_from_dict({}), 7, 3)
    copy = start.clone()
    copy.apply(copy.legal_actions()[-1])
    assert start.view(-1) != copy.view(-1) and start.view(-1) == definition.new_game(
        definition.options_from_dict({}), 7, 3).view(-1)  # fmt: skip


def test_views_hide_the_other_players_dice() -> None:
    definition = games.get("perudo")
    assert definition.determinize is not None
    for seed in range(20):
        state = definition.new_game(definition.options_from_dict({}), seed, 3)
        for player in range(3):
            view = state.view(player)
            assert view.hand == state.dice[player]
            assert all(e.private_to in (-1, player) for e in view.log)
            world = definition.determinize(view, Rng(seed))
            assert world.view(player) == view  # anything else could be the truth: the view leaks nothing
        assert state.view(-1).hand == ()


# ---------------------------------------------------------------- the CLI: play, replay, arena, simulate, report


def test_play_with_bots_then_replay_the_record(tmp_path: Path) -> None:
    path = tmp_path / "perudo.json"
    result = run("play", "perudo", "--seats", "random,random,heuristic", "--seed", "5", "--delay", "0",
                 "--record", str(path))  # fmt: skip
    assert result.exit_code == 0, result.output
    record = GameRecord.from_json(path.read_text(encoding="utf-8"))
    assert record.game == "perudo" and len(record.players) == 3
    assert replay(games.get("perudo"), record).is_terminal()
    replayed = run("replay", str(path), "--json")
    assert replayed.exit_code == 0, replayed.output
    assert json.loads(replayed.stdout)["scores"] == list(replay(games.get("perudo"), record).result().scores)


def test_arena() -> None:
    result = run("arena", "perudo", "--seats", "random,heuristic", "--games", "6", "--seed", "2", "--jobs", "1",
                 "--json")  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["game"] == "perudo"


def test_worker_processes_find_the_plugin_too() -> None:
    one = run("arena", "perudo", "--seats", "heuristic,random", "--games", "4", "--seed", "9", "--jobs", "1", "--json")
    two = run("arena", "perudo", "--seats", "heuristic,random", "--games", "4", "--seed", "9", "--jobs", "2", "--json")
    assert one.exit_code == 0 and two.exit_code == 0, two.output

    def shares(result: Result) -> list[Any]:
        return [bot["win_share"]["mean"] for bot in json.loads(result.stdout)["bots"]]

    assert shares(one) == shares(two)


def test_simulate_then_report(tmp_path: Path) -> None:
    out = tmp_path / "sim"
    result = run("simulate", "perudo", "--games", "4", "--seats", "random,heuristic,random", "--grid",
                 "dice=2,3", "--seed", "4", "--jobs", "1", "--out", str(out))  # fmt: skip
    assert result.exit_code == 0, result.output
    assert "Wrote 8 games (2 cells)" in result.output
    from ludoteca.sim import results

    rows = results.load(out)[1].to_pylist()
    assert {"n_bids", "n_dudos", "n_dudos_won", "n_dice_lost"} <= set(rows[0])
    assert all(sum(row["n_dice_lost"]) + sum(row["scores"]) == 3 * row["opt_dice"] for row in rows)
    report = run("report", str(out))
    assert report.exit_code == 0, report.output
    assert (out / "report.html").read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


def test_the_search_bot_plays_it_without_a_lookahead_of_its_own() -> None:
    from ludoteca import bots

    definition = games.get("perudo")
    state = definition.new_game(definition.options_from_dict({}), 3, 2)
    bot = bots.from_spec("ismcts:easy", 1)
    action = bot.choose(state.view(state.current_player()), state.legal_actions())
    assert action in state.legal_actions()


# ---------------------------------------------------------------- the research adapters


def test_pettingzoo_api_test() -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    from ludoteca.rl import pettingzoo

    env = pettingzoo.env("perudo", players=3, dice=2)
    api_test(env, num_cycles=200)
    env.reset(seed=3)
    assert env.unwrapped.metadata["name"] == "ludoteca_perudo_v0"


def test_openspiel_random_sim_test() -> None:
    pyspiel = pytest.importorskip("pyspiel")
    from open_spiel.python.algorithms.get_all_states import get_all_states  # noqa: F401  (the package is usable)

    from ludoteca.rl.openspiel import register_all

    assert register_all()["perudo"] == "ludoteca_perudo"
    game = pyspiel.load_game("ludoteca_perudo", {"players": 2, "dice": 2})
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)
