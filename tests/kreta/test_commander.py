"""The Commander: placing a villager, moving villagers with 4 points, the province limit and abbots.

The move generator is checked against a brute-force version of the rules on random positions, in
both readings of the abbot rule; the specific rules each get a small position on the ladder board
(two rows of provinces t0..t7 over b0..b7, t_i bordering t_i±1 and b_i).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludoteca.core.errors import IllegalActionError
from ludoteca.kreta import KretaOptions
from ludoteca.kreta.actions import CommanderMove, CommanderPlace, King, parse_action

from kreta_helpers import LADDER, engine_commander, position, reference_commander

IDS = [p["id"] for p in LADDER["provinces"]]


def moves_of(state):  # the Commander moves among the legal actions
    return {a for a in state.legal_actions() if isinstance(a, CommanderMove)}


def test_place_a_villager_anywhere_not_full_nor_guarded_by_another_abbot() -> None:
    full = {"villagers": {"t3": 5}}
    state = position([{}, full, {"abbot": "b5", "villagers": {"t3": 2}}])
    places = {a.province for a in state.legal_actions() if isinstance(a, CommanderPlace)}
    assert places == set(IDS) - {"t3", "b5"}
    with pytest.raises(IllegalActionError, match="Red's villagers cannot enter B5: Yellow's abbot is there"):
        state.apply(parse_action("commander +b5"))
    with pytest.raises(IllegalActionError, match="T3 is full"):
        state.apply(parse_action("commander +t3"))
    state.apply(parse_action("commander +b4"))
    assert state.view(-1).villagers[0][IDS.index("b4")] == 1


def test_own_abbot_opens_a_province_guarded_by_another() -> None:
    state = position([{"abbot": "b5"}, {"abbot": "b5"}])
    assert CommanderPlace("b5") in state.legal_actions()


def test_one_villager_moves_up_to_four_borders() -> None:
    state = position([{"villagers": {"t0": 1}}, {}])
    reach = {a.to[0] for a in moves_of(state)}
    # t0 -> within 4 borders: t1..t4, b0..b3 (b0 1, b1 2, b2 3, b3 4)
    assert reach == {"t1", "t2", "t3", "t4", "b0", "b1", "b2", "b3"}
    with pytest.raises(IllegalActionError, match="more than 4 movement points"):
        state.apply(parse_action("commander t0->t5"))


def test_points_are_split_freely_between_villagers() -> None:
    state = position([{"villagers": {"t0": 1, "t7": 1}}, {}])
    legal = moves_of(state)
    assert CommanderMove.of([("t0", "t2"), ("t7", "t5")]) in legal  # 2 + 2
    assert CommanderMove.of([("t0", "t3"), ("t7", "t6")]) in legal  # 3 + 1
    assert CommanderMove.of([("t0", "t3"), ("t7", "t5")]) not in legal  # 3 + 2
    state.apply(parse_action("commander t0->t2, t7->t5"))
    v = state.view(-1).villagers[0]
    assert v[IDS.index("t2")] == v[IDS.index("t5")] == 1 and sum(v) == 2


def test_the_same_outcome_is_listed_once() -> None:
    state = position([{"villagers": {"t0": 1, "t1": 1}}, {}])
    legal = moves_of(state)
    texts = [a.to_text() for a in legal]
    assert len(texts) == len(set(texts)) == len(legal)
    # t0->t1 and t1->t2 is the same as t0->t2
    assert CommanderMove.of([("t0", "t1"), ("t1", "t2")]) == CommanderMove.of([("t0", "t2")])


def test_no_entering_or_stopping_in_a_full_province() -> None:
    # t1 is full (7): Blue 5 villagers, Blue's abbot, Yellow 1 villager
    state = position([{"villagers": {"t0": 1}}, {"villagers": {"t1": 5}, "abbot": "t1"}, {"villagers": {"t1": 1}}])
    reach = {a.to[0] for a in moves_of(state)}
    assert reach == {"b0", "b1", "b2", "b3", "t2"}  # t2 the long way round: b0, b1, b2, t2


def test_pass_through_a_full_province_only_where_own_abbot_stands() -> None:
    # t1 full with Red's own abbot; b0 guarded by Blue's abbot
    red = {"villagers": {"t0": 1}, "abbot": "t1"}
    state = position([red, {"villagers": {"t1": 5}, "abbot": "b0"}, {"villagers": {"t1": 1}}])
    reach = {a.to[0] for a in moves_of(state)}
    assert "t1" not in reach, "may pass through, not stop"
    assert {"t2", "t3", "t4", "b1", "b2", "b3"} <= reach
    with pytest.raises(IllegalActionError, match="T1 would hold more than 7"):
        state.apply(parse_action("commander t0->t1"))


def test_a_villager_may_follow_another_out_of_a_full_province() -> None:
    # t1 full and holds a Red villager; b0 guarded by Blue's abbot: t0's villager can only go via t1
    red = {"villagers": {"t0": 1, "t1": 1}}
    state = position([red, {"villagers": {"t1": 5}, "abbot": "b0"}, {"villagers": {"t1": 1}}])
    legal = moves_of(state)
    # t1's villager steps to t2, then t0's villager enters t1: net t0 -> t2
    assert CommanderMove.of([("t0", "t2")]) in legal
    assert CommanderMove.of([("t0", "t1")]) not in legal


def test_another_players_abbot_blocks_entering_and_passing() -> None:
    state = position([{"villagers": {"t0": 1}}, {"abbot": "t1"}])
    reach = {a.to[0] for a in moves_of(state)}
    assert reach == {"b0", "b1", "b2", "b3", "t2"}  # not t1, nor through it
    with pytest.raises(IllegalActionError, match="Red's villagers cannot enter T1: Blue's abbot is there"):
        state.apply(parse_action("commander t0->t1"))


def test_option_lets_villagers_pass_but_not_stop_beside_another_abbot() -> None:
    options = KretaOptions(abbot_blocks_passing=False)
    state = position([{"villagers": {"t0": 1}}, {"abbot": "t1"}], options=options)
    reach = {a.to[0] for a in moves_of(state)}
    assert "t1" not in reach
    assert {"t2", "t3", "t4"} <= reach


def test_villagers_already_beside_another_abbot_stay_and_may_leave() -> None:
    state = position([{"villagers": {"t1": 2}}, {"abbot": "t1"}])
    assert state.view(-1).villagers[0][IDS.index("t1")] == 2
    assert CommanderMove.of([("t1", "t2")]) in moves_of(state)


def test_commander_unplayable_when_nothing_can_be_done() -> None:
    # every province guarded by someone else's abbot or full is impossible on the ladder; use a tiny board
    board = {
        "provinces": [
            {"id": "x", "type": "hill"},
            {"id": "y", "type": "mountain"},
        ],
        "borders": [["x", "y"]],
        "nodes": [{"id": 1, "provinces": ["x", "y"]}, {"id": 2, "provinces": ["x", "y"]}],
    }
    setup = {
        "board": board,
        "fort_row": [1, 2],
        "pile": [],
        "players": [{}, {"abbot": "x", "villagers": {"y": 5}}, {"abbot": "y", "villagers": {"x": 5}}],
    }
    from ludoteca.kreta import from_setup

    state = from_setup(KretaOptions(), 0, 3, setup)
    assert not [a for a in state.legal_actions() if a.to_text().startswith("commander")]
    with pytest.raises(IllegalActionError, match="cannot enter"):
        state.apply(parse_action("commander +x"))


def test_king_carries_out_the_commander_again() -> None:
    state = position([{"villagers": {"t0": 1}, "played": ["commander"]}, {}])
    assert King(CommanderMove.of([("t0", "t1")])) in state.legal_actions()
    state.apply(parse_action("king commander t0->t1"))
    assert state.view(-1).played[0] == ("commander", "king")


# --- against the brute force -----------------------------------------------------------------------

province = st.sampled_from(IDS)


@st.composite
def crowded_positions(draw: st.DrawFn, passing: bool) -> object:
    """Three players; Red's villagers spread out, the others' villagers, villages and abbots piled
    into few provinces so that some are full or nearly (trimmed to the limit of 7)."""
    hot = draw(st.lists(province, min_size=1, max_size=3, unique=True))
    counts: dict[str, int] = {}

    def room(pid: str) -> bool:
        if counts.get(pid, 0) >= 7:
            return False
        counts[pid] = counts.get(pid, 0) + 1
        return True

    players = []
    for seat in range(3):
        pl: dict[str, object] = {}
        if draw(st.booleans()):
            pid = draw(province)
            if room(pid):
                pl["abbot"] = pid
        spots = st.sampled_from(hot) if seat else province
        villagers: dict[str, int] = {}
        for pid in draw(st.lists(spots, max_size=5)):
            if room(pid):
                villagers[pid] = villagers.get(pid, 0) + 1
        pl["villagers"] = villagers
        if seat:
            villages: dict[str, int] = {}
            for pid in draw(st.lists(st.sampled_from(hot), max_size=4)):
                if room(pid):
                    villages[pid] = villages.get(pid, 0) + 1
            pl["villages"] = villages
            pl["harvested"] = ["olive", "olive", "wine", "wine"] if seat == 1 else ["thyme"] * 2 + ["cheese"] * 2
        players.append(pl)
    return position(players, options=KretaOptions(abbot_blocks_passing=not passing))


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), passing=st.booleans())
def test_move_generation_matches_brute_force(data: st.DataObject, passing: bool) -> None:
    state = data.draw(crowded_positions(passing))
    assert engine_commander(state, 0) == reference_commander(state, 0)
