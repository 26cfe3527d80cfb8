"""The one bot-game loop (``bots/loop.py``) that the arena, the simulation and a simulated game's replay
play through: moves in order, per-seat counts and times, and one clear error naming the bot and where."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca import bots, games
from ludoteca.bots.loop import BotGameError, play_out
from ludoteca.core.errors import LudotecaError
from ludoteca.sim.play import SimulationError, play_bots


class _Illegal:
    def choose(self, view: Any, legal: list[Any]) -> Any:
        return "nonsense"


class _Crash:
    def choose(self, view: Any, legal: list[Any]) -> Any:
        raise RuntimeError("no idea")


def _state(players: int = 2) -> Any:
    definition = games.get("kreta")
    return definition.new_game(definition.options_from_dict({}), 11, players)


def test_a_game_of_bots_is_played_to_the_end_with_counts_and_times() -> None:
    players = [bots.from_spec("random", s) for s in (1, 2)]
    played = play_out(_state(), players, ["random", "random"])
    assert played.state.is_terminal()
    assert sum(played.decisions) == len(played.moves) > 0
    assert [sum(1 for seat, _ in played.moves if seat == p) for p in range(2)] == played.decisions
    assert all(longest <= total for longest, total in zip(played.longest, played.seconds, strict=True))


def test_the_same_seeds_play_the_same_game() -> None:
    a = play_out(_state(), [bots.from_spec("random", s) for s in (1, 2)], ["random"] * 2)
    b = play_out(_state(), [bots.from_spec("random", s) for s in (1, 2)], ["random"] * 2)
    assert [(s, x.to_text()) for s, x in a.moves] == [(s, x.to_text()) for s, x in b.moves]


@pytest.mark.parametrize(
    "bot, words",
    [
        (_Illegal(), r"bot 'odd' in seat 1 returned an illegal action 'nonsense' \(cell 2, game 7\)"),
        (_Crash(), r"bot 'odd' in seat 1 failed: RuntimeError: no idea \(cell 2, game 7\)"),
    ],
)
def test_a_misbehaving_bot_is_one_error_of_the_callers_kind(bot: Any, words: str) -> None:
    state = _state()
    first = state.current_player()
    players: list[Any] = [bot, bot]
    specs = ["odd", "odd"]
    with pytest.raises(SimulationError, match=words.replace("seat 1", f"seat {first + 1}")) as caught:
        play_out(state, players, specs, "cell 2, game 7", SimulationError)
    assert isinstance(caught.value, BotGameError) and isinstance(caught.value, LudotecaError)
    assert len(state.view(-1).log) == len(_state().view(-1).log)  # nothing was applied


def test_the_simulation_plays_through_the_loop() -> None:
    definition = games.get("kreta")
    options = definition.options_from_dict({})
    played = play_bots(definition, options, 11, ["random", "heuristic"], [1, 2])
    again = play_out(_state(), [bots.from_spec("random", 1), bots.from_spec("heuristic", 2)], ["random", "heuristic"])
    assert [x.to_text() for _, x in played.moves] == [x.to_text() for _, x in again.moves]
