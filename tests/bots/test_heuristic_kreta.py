"""The heuristic Kreta strategy: always legal, deterministic for a view and a seed, and sensible on
small hand-built positions.

The positions are on the ladder board of ``kreta_helpers`` (t0..t7 over b0..b7, t_i bordering t_i±1
and b_i; ports t0, t2, t5, b0, b3, b4, b7). Fort cards 1..11 lie in the row: node 1 touches t0 and
b0, node 2 t0 and t1, node 3 t0, t1, b0 and b1, node 4 b0 and b1, node 5 t1 and t2.
"""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca import bots
from ludoteca.bots.heuristic_kreta import choose
from ludoteca.core.rng import Rng
from ludoteca.kreta import KretaOptions, KretaState, new_game
from ludoteca.kreta.actions import (
    KEEP,
    REPLACE,
    STOP,
    BuildFort,
    Castellan,
    CommanderMove,
    CommanderPlace,
    Harvest,
    King,
    KretaAction,
    Step,
    Stop,
)

from kreta_helpers import position

OPTIONS = KretaOptions()
ALL_CARDS = ["admiral", "commander", "abbot", "farmer", "architect", "king", "castellan"]


def decide(state: KretaState, seed: int = 1) -> KretaAction:
    """The heuristic's action for the seat to act, checked to be legal."""
    legal = state.legal_actions()
    action = choose(state.view(state.current_player()), legal, Rng(seed))
    assert action in legal
    return action


def played_but(*hand: str) -> list[str]:
    """The cards lying in front of a player whose hand is ``hand``."""
    return [c for c in ALL_CARDS if c not in hand]


# --- legal and deterministic everywhere -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("players", "options", "seed"),
    [(2, OPTIONS, 1), (3, OPTIONS, 2), (4, OPTIONS, 3), (2, KretaOptions(abbot_blocks_passing=False), 4)],
)
def test_always_a_legal_action_and_the_same_one_again(players: int, options: KretaOptions, seed: int) -> None:
    """A whole game where seat 0 plays the heuristic and the others play at random. At each of seat 0's
    decisions (movement steps and keep-or-replace included) and at every third decision of the
    others, the heuristic's choice is legal, and the same view with the same seed gives it again."""
    state = new_game(options, seed, players)
    hero = bots.create("heuristic", seed)
    others = [bots.create("random", 10 + s) for s in range(players)]
    kinds: set[str] = set()
    turn = 0
    while not state.is_terminal():
        seat = state.current_player()
        view = state.view(seat)
        legal = state.legal_actions()
        turn += 1
        if seat == 0 or turn % 3 == 0:
            mine = choose(view, legal, Rng(turn))
            assert mine in legal
            if turn % 2 == 0:
                assert choose(view, legal, Rng(turn)) == mine
            if view.move_points:
                kinds.add("movement")
            if view.phase == "castellan":
                kinds.add("castellan")
        action = hero.choose(view, legal) if seat == 0 else others[seat].choose(view, legal)
        state.apply(action)
    assert kinds == {"movement", "castellan"}


def test_the_seed_only_breaks_ties() -> None:
    """At the start of a game one fort site is best (the one touching the most of the next scorings):
    every seed picks it."""
    for game in range(5, 9):
        state = new_game(OPTIONS, game, 2)
        view, legal = state.view(state.current_player()), state.legal_actions()
        picks = {choose(view, legal, Rng(seed)) for seed in range(12)}
        assert len(picks) == 1 and isinstance(next(iter(picks)), BuildFort)


def test_the_bot_registry_plays_it() -> None:
    state = new_game(OPTIONS, 3, 2)
    bot = bots.create("heuristic", 4)
    legal = state.legal_actions()
    assert bot.choose(state.view(state.current_player()), legal) in legal


# --- sensible choices ------------------------------------------------------------------------------


def test_scores_the_imminent_node_when_it_wins_it() -> None:
    """Red leads both provinces of node 1 (t0, b0), which Blue could contest with its villagers in
    reserve: Red scores now rather than harvest a tile first."""
    state = position(
        [
            {
                "villagers": {"t0": 2, "b0": 2, "b3": 1},
                "ships": ["b3"],
                "played": played_but("farmer", "castellan"),
            },
            {"villagers": {"t0": 1}},
        ],
        tiles={"b3": "cheese"},
    )
    assert Harvest() in state.legal_actions()
    assert isinstance(decide(state), Castellan)


def test_does_not_score_the_imminent_node_for_the_opponent() -> None:
    """Blue leads node 1's provinces: Red fights for them instead of scoring them for Blue."""
    state = position(
        [
            {"villagers": {"t6": 1}},
            {"villagers": {"t0": 2, "b0": 1}, "forts": [1]},
        ]
    )
    action = decide(state)
    assert not isinstance(action, Castellan)


def test_builds_a_fort_where_the_next_scorings_are() -> None:
    """With only the Architect and the Castellan left, Red builds its fort on node 3, which touches
    both provinces of the imminent node 1 and both of node 2 after it."""
    state = position(
        [
            {"villagers": {"t7": 1}, "played": played_but("architect", "castellan")},
            {"villagers": {"t0": 1, "b0": 1}},
        ]
    )
    assert decide(state) == BuildFort(3)


def test_places_a_villager_at_the_imminent_node() -> None:
    """Blue holds t0 (5 VP) of the imminent node 1, nobody b0 (4 VP): Red's new villager goes there."""
    state = position(
        [
            {"villagers": {"t7": 1}, "played": played_but("commander", "castellan")},
            {"villagers": {"t0": 1}},
        ]
    )
    action = decide(state)
    assert isinstance(action, CommanderPlace) and action.province in {"t0", "b0"}


def test_commander_walks_a_villager_to_the_next_scorings_and_stops() -> None:
    """No villager left in reserve: the one at t3 walks, step by step, towards the provinces of the
    face-up nodes 1 and 2 (t0, b0, t1), and the movement ends there."""
    state = position(
        [
            {"villagers": {"t3": 1, "t7": 4}, "played": played_but("commander", "castellan")},
            {"villagers": {"t0": 1, "b0": 1}},
        ],
    )
    first = decide(state)
    assert first == CommanderMove("t3", "t2")
    state.apply(first)
    trail: list[KretaAction] = [first]
    while state.view(0).move_points:
        action = decide(state)
        assert isinstance(action, Step | Stop)
        trail.append(action)
        state.apply(action)
    view = state.view(0)
    assert view.villagers[0][3] == 0
    assert sum(view.villagers[0][p] for p in (0, 1, 8)) == 1  # t0, t1 or b0
    assert len(trail) == 4 or trail[-1] == STOP


def test_king_copies_the_best_played_card() -> None:
    """Red has played the Architect; the King builds the fort on node 3 again rather than anything else."""
    state = position(
        [
            {"villagers": {"t7": 1}, "played": played_but("king", "castellan")},
            {"villagers": {"t0": 1, "b0": 1}},
        ]
    )
    action = decide(state)
    assert action == King(BuildFort(3))


def test_harvests_tiles_in_reach() -> None:
    """Red's ship at b3 and villagers on b3 and b2 reach two tiles: it harvests them rather than score
    the imminent node for Blue."""
    state = position(
        [
            {"villagers": {"b3": 1, "b2": 1}, "ships": ["b3"], "played": played_but("farmer", "castellan")},
            {"villagers": {"t0": 1}},
        ],
        tiles={"b3": "cheese", "b2": "olive", "t6": "thyme"},
    )
    assert decide(state) == Harvest()


def _choice(red_at: dict[str, int], blue_at: dict[str, int]) -> Any:
    """Red has just scored (node 1 spent): node 2 is next and the newly revealed card is node 3."""
    state = position(
        [{"villagers": red_at}, {"villagers": blue_at}],
        scorings=1,
        phase="castellan",
        to_act=0,
    )
    view = state.view(0)
    assert view.fort_row[1:3] == (2, 3)
    return decide(state)


def test_keeps_a_revealed_card_it_wins_and_replaces_one_it_loses() -> None:
    # node 3 touches t0, t1, b0, b1
    assert _choice({"t1": 2, "b1": 2}, {"t6": 2}) == KEEP
    assert _choice({"t6": 2}, {"t1": 2, "b1": 2}) == REPLACE


def test_ends_the_game_when_ahead_and_not_when_behind() -> None:
    """The last scoring (node 11: t3 and t4, where nobody stands): Red ends the game with it when that
    wins, and plays on when it would lose."""

    def last(red: int, blue: int) -> KretaAction:
        state = position(
            [
                {"villagers": {"t7": 1}, "score": red, "played": played_but("commander", "castellan")},
                {"villagers": {"b7": 1}, "score": blue},
            ],
            scorings=10,
        )
        assert state.view(0).fort_row[10] == 11
        return decide(state)

    assert isinstance(last(50, 40), Castellan)
    assert not isinstance(last(40, 50), Castellan)
