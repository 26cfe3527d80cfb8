"""The luck at chance events (``ludoteca.arena.luck``): zero-sum over the seats, zero when nothing is unknown,
replayable from its seed, and of mean zero over games (it may be subtracted from a result without bias)."""

from __future__ import annotations

import math
from typing import Any

from ludoteca import bots, games
from ludoteca.arena import runner
from ludoteca.arena.luck import Meter, chance_luck
from ludoteca.bots import judge_verraeter
from ludoteca.bots.loop import play_out
from ludoteca.core.rng import Rng


def _unknown(state: Any, rng: Rng) -> Any:
    other = state.clone()
    rng.shuffle(other.draw_pile)
    other.rng.state = rng.next64()
    return other


METER = Meter(judge_verraeter.evaluate, _unknown)
DEFINITION = games.get("verraeter")
OPTIONS = DEFINITION.options_from_dict({})


def _game(seed: int, n: int = 3) -> list[Any]:
    played = play_out(DEFINITION.new_game(OPTIONS, seed, n), [bots.replayable("random", seed + i) for i in range(n)],
                      ["random"] * n)  # fmt: skip
    return [action for _, action in played.moves]


def test_luck_sums_to_zero_over_the_seats_and_replays() -> None:
    moves = _game(5)
    luck = chance_luck(DEFINITION, OPTIONS, 5, 3, moves, METER, Rng(1))
    assert abs(math.fsum(luck)) < 1e-9 and any(abs(x) > 1e-6 for x in luck)
    assert chance_luck(DEFINITION, OPTIONS, 5, 3, moves, METER, Rng(1)) == luck


def test_nothing_unknown_is_no_luck() -> None:
    exact = Meter(judge_verraeter.evaluate, lambda state, rng: state.clone(), samples=2)
    assert chance_luck(DEFINITION, OPTIONS, 6, 3, _game(6), exact, Rng(1)) == [0.0, 0.0, 0.0]


def test_luck_has_mean_zero_over_games() -> None:
    first = [chance_luck(DEFINITION, OPTIONS, s, 3, _game(s), METER, Rng(s))[0] for s in range(40)]
    mean = math.fsum(first) / len(first)
    sd = math.sqrt(math.fsum((x - mean) ** 2 for x in first) / (len(first) - 1))
    assert sd > 0 and abs(mean) < 3 * sd / math.sqrt(len(first))


def test_the_arena_records_each_seats_luck_when_asked() -> None:
    match = runner.Match("verraeter", DEFINITION.options_to_dict(OPTIONS), ("random", "heuristic", "random"), 3)
    measured = runner.play_deal(DEFINITION, OPTIONS, match, 0, meter=METER)
    plain = runner.play_deal(DEFINITION, OPTIONS, match, 0)
    assert all(r.luck is not None for r in measured) and all(r.luck is None for r in plain)
    assert [r.score for r in measured] == [r.score for r in plain]  # measuring never changes a game
    for rotation in range(3):
        assert abs(math.fsum(r.luck or 0.0 for r in measured if r.rotation == rotation)) < 1e-9
