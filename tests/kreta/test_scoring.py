"""Scoring a province: the specification's worked example (golden) and the tie rules."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.core.events import Event
from ludoteca.kreta import KretaOptions, from_setup, parse_action

from kreta_helpers import position, worked_example

RED, BLUE, YELLOW, GREEN = range(4)


def example_setup() -> dict[str, Any]:
    """Seed 004's example: Yellow to play, the leftmost face-up fort card is node 2 (A, B, C)."""
    return {
        "board": worked_example(),
        "start_player": 0,
        "to_act": YELLOW,
        "fort_row": [2, 5, 3, 1, 4, 6, 7],
        "pile": [],
        "players": [
            {"villagers": {"B": 1}, "forts": [1, 4, 5]},  # Red: A fort; B 2 forts + villager; C fort
            {"villagers": {"A": 1}, "villages": {"C": 1}, "forts": [7], "harvested": ["olive"], "score": 1},
            {
                "villagers": {"C": 1},
                "villages": {"B": 1},
                "forts": [6],
                "ships": ["B"],
                "harvested": ["wine"],
                "score": 1,
            },
            {"villagers": {"B": 1}, "villages": {"B": 1}, "harvested": ["wheat"], "score": 1},
        ],
    }


def test_worked_example_scores_exactly_as_the_specification() -> None:
    state = from_setup(KretaOptions(), 4, 4, example_setup())
    before = state.view(-1)
    assert before.to_act == YELLOW and before.fort_row[:2] == (2, 5)
    state.apply(parse_action("castellan"))
    view = state.view(-1)
    events = view.log[len(before.log) :]
    provinces = [e.data for e in events if e.kind == "province"]
    assert provinces == [("A", 3, (1, 1, 0, 0)), ("B", 5, (3, 0, 4, 3)), ("C", 4, (1, 3, 2, 0))]
    scores = [(e.seat, e.data) for e in events if e.kind == "score"]
    assert scores == [
        (RED, ("A", 3, 1)),
        (BLUE, ("A", 3, 1)),
        (YELLOW, ("B", 5, 4)),
        (RED, ("B", 2, 3)),
        (GREEN, ("B", 2, 3)),
        (BLUE, ("C", 4, 3)),
        (YELLOW, ("C", 2, 2)),
    ]
    assert view.province_vp == (5, 7, 7, 2)
    assert state.result().breakdown[BLUE] == {"provinces": 7, "tiles": 1}
    # then: cards back, node 2 spent, node 5 still up, node 3 revealed; the pile is empty, so no choice: Green plays
    assert view.scorings == 1 and view.scored_nodes == (2,)
    assert view.fort_row[:3] == (None, 5, 3)
    assert view.phase == "play" and view.to_act == GREEN
    assert [e.kind for e in events][-3:] == ["takeback", "spent", "reveal"]  # the seed's order (rules version 2)


def _score(players: list[dict[str, Any]], node: int = 1) -> tuple[int, ...]:
    """Province VP after a Castellan scores ``node`` on the ladder board (node 1 touches t0, b0)."""
    row = [node, *[n for n in range(1, 12) if n != node][:10]]
    pile = [n for n in range(1, 24) if n not in row]
    state = position(players, fort_row=row, pile=pile)
    state.apply(parse_action("castellan"))
    return state.view(-1).province_vp


def test_influence_counts_abbot_villagers_ship_forts_and_villages_twice() -> None:
    # node 1 touches t0 (hill with port, 5 VP) and b0 (mountain with port, 4 VP)
    red = {"abbot": "t0", "villagers": {"t0": 1}, "ships": ["t0"], "forts": [2]}  # node 2 touches t0, t1
    blue = {"villages": {"t0": 2}, "harvested": ["olive", "wine"]}  # 4 influence too: a tie
    assert _score([red, blue]) == (5, 5)


def test_all_tied_for_first_score_in_full() -> None:
    players = [{"villagers": {"t0": 1}}, {"villagers": {"t0": 1}}, {"villagers": {"t0": 1}}]
    assert _score(players) == (5, 5, 5)


def test_second_place_scores_half_rounded_down_whatever_the_tie_for_first() -> None:
    players = [{"villagers": {"t0": 2}}, {"villagers": {"t0": 2}}, {"villagers": {"t0": 1}}, {}]
    assert _score(players) == (5, 5, 2, 0)  # 5 // 2 = 2 for the third seat, second place
    players = [{"villagers": {"b0": 3}}, {"villagers": {"b0": 1}}, {"villagers": {"b0": 1}}, {}]
    assert _score(players) == (4, 2, 2, 0)  # ties for second all score


def test_no_second_place_with_two_players() -> None:
    assert _score([{"villagers": {"t0": 2}}, {"villagers": {"t0": 1}}]) == (5, 0)


def test_no_influence_scores_nothing() -> None:
    assert _score([{}, {}, {}]) == (0, 0, 0)
    assert _score([{"villagers": {"t5": 3}}, {}, {}]) == (0, 0, 0)


def test_a_fort_counts_for_every_province_of_its_node() -> None:
    # node 3 touches t0, t1, b0, b1; scoring node 3 scores all four
    red = {"forts": [3]}
    assert _score([red, {}, {}], node=3) == (5 + 2 + 4 + 3, 0, 0)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_scoring_events_name_province_vp_and_influence(players: int) -> None:
    seats: list[dict[str, Any]] = [{"villagers": {"t0": 1}}] + [{} for _ in range(players - 1)]
    row = list(range(1, 12))
    state = position(seats, fort_row=row, pile=list(range(12, 24)))
    state.apply(parse_action("castellan"))
    log = state.view(0).log
    assert Event("scoring", 0, (1, 1)) in log
    assert Event("score", 0, ("t0", 5, 1)) in log
    assert Event("province", -1, ("b0", 4, tuple([0] * players))) in log
