"""The Commander: placing a villager, moving villagers step by step with 4 points, the province limit
and abbots.

A movement is a card play ``commander a->b`` (the first point) followed by ``step b->c`` actions and
``stop`` (or the automatic end after the 4th point). The placements reachable through legal step
sequences are checked against a brute-force version of the rules on random positions, in both
readings of the abbot rule; the specific rules each get a small position on the ladder board (two
rows of provinces t0..t7 over b0..b7, t_i bordering t_i±1 and b_i).
"""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludoteca.core.errors import IllegalActionError
from ludoteca.core.events import Event
from ludoteca.kreta import KretaOptions, from_setup, to_setup
from ludoteca.kreta.actions import STOP, CommanderMove, CommanderPlace, King, Step, parse_action

from kreta_helpers import LADDER, engine_commander, position, reference_commander

IDS = [p["id"] for p in LADDER["provinces"]]


def ends(state, seat=0):  # the placements a movement can end in, as {province id: villagers}
    return {frozenset((IDS[p], k) for p, k in enumerate(m) if k) for m in engine_commander(state, seat)}


def reach(state, seat=0):  # for a single villager: the provinces it can end a movement in
    return {pid for end in ends(state, seat) for pid, _ in end}


def play(state, *texts):
    for text in texts:
        state.apply(parse_action(text))


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
    # t0 -> within 4 borders: t1..t4, b0..b3 (b0 1, b1 2, b2 3, b3 4)
    assert reach(state) == {"t1", "t2", "t3", "t4", "b0", "b1", "b2", "b3"}
    assert {a.to_text() for a in state.legal_actions() if isinstance(a, CommanderMove)} == {
        "commander t0->t1",
        "commander t0->b0",
    }
    play(state, "commander t0->t1", "step t1->t2", "step t2->t3")
    assert state.current_player() == 0 and state.view(-1).move_points == 1
    with pytest.raises(IllegalActionError, match="no villager in T0"):
        play(state, "step t0->t1")
    play(state, "step t3->t4")  # the 4th point ends the movement by itself
    assert state.current_player() == 1 and state.view(-1).move_points == 0
    assert state.view(-1).villagers[0][IDS.index("t4")] == 1
    moves = [e.data for e in state.view(-1).log if e.kind == "move"]
    assert moves == [("villager", a, b) for a, b in (("t0", "t1"), ("t1", "t2"), ("t2", "t3"), ("t3", "t4"))]


def test_points_are_split_freely_between_villagers() -> None:
    state = position([{"villagers": {"t0": 1, "t7": 1}}, {}])
    got = ends(state)
    assert frozenset({("t2", 1), ("t5", 1)}) in got  # 2 + 2
    assert frozenset({("t3", 1), ("t6", 1)}) in got  # 3 + 1
    assert frozenset({("t3", 1), ("t5", 1)}) not in got  # 3 + 2
    play(state, "commander t0->t1", "step t7->t6", "step t1->t2", "step t6->t5")
    v = state.view(-1).villagers[0]
    assert v[IDS.index("t2")] == v[IDS.index("t5")] == 1 and sum(v) == 2
    assert state.current_player() == 1


def test_stop_ends_the_movement_early_and_a_movement_must_change_something() -> None:
    state = position([{"villagers": {"t0": 1, "t1": 1}}, {}])
    play(state, "commander t0->b0")
    assert STOP in state.legal_actions()
    play(state, "step b0->t0")  # back where it started: no move yet, so no stop
    assert STOP not in state.legal_actions() and state.view(-1).move_points == 2
    with pytest.raises(IllegalActionError, match="stand where they stood"):
        play(state, "stop")
    play(state, "step t1->t2", "stop")
    assert state.current_player() == 1
    assert Event("stop", 0, (1,)) in state.view(-1).log


def test_no_step_back_to_the_start_with_the_last_point() -> None:
    state = position([{"villagers": {"t0": 1}}, {}])
    play(state, "commander t0->t1", "step t1->t2", "step t2->t1")
    legal = state.legal_actions()
    assert Step("t1", "t0") not in legal, "it would end the movement where it began"
    assert {Step("t1", "t2"), Step("t1", "b1"), STOP} == set(legal)
    with pytest.raises(IllegalActionError, match="no way to end the movement"):
        play(state, "step t1->t0")


def test_no_entering_or_stopping_in_a_full_province() -> None:
    # t1 is full (7): Blue 5 villagers, Blue's abbot, Yellow 1 villager
    state = position([{"villagers": {"t0": 1}}, {"villagers": {"t1": 5}, "abbot": "t1"}, {"villagers": {"t1": 1}}])
    assert reach(state) == {"b0", "b1", "b2", "b3", "t2"}  # t2 the long way round: b0, b1, b2, t2
    state = position([{"villagers": {"t0": 1}}, {"villagers": {"t1": 5}}, {"villagers": {"t1": 2}}])
    with pytest.raises(IllegalActionError, match="T1 is full"):
        play(state, "commander t0->t1")


def test_pass_through_a_full_province_only_where_own_abbot_stands() -> None:
    # t1 full with Red's own abbot; b0 guarded by Blue's abbot
    red = {"villagers": {"t0": 1}, "abbot": "t1"}
    state = position([red, {"villagers": {"t1": 5}, "abbot": "b0"}, {"villagers": {"t1": 1}}])
    got = reach(state)
    assert "t1" not in got, "may pass through, not stop"
    assert {"t2", "t3", "t4", "b1", "b2", "b3"} <= got
    play(state, "commander t0->t1")
    assert state.view(-1).move_points == 3
    assert STOP not in state.legal_actions(), "T1 holds 8 pieces: the movement may not end there"
    with pytest.raises(IllegalActionError, match="T1 would hold more than 7"):
        play(state, "stop")
    play(state, "step t1->t2", "stop")
    assert state.view(-1).villagers[0][IDS.index("t2")] == 1


def test_a_villager_may_follow_another_out_of_a_full_province() -> None:
    # t1 full and holds a Red villager; b0 guarded by Blue's abbot: t0's villager can only go via t1
    red = {"villagers": {"t0": 1, "t1": 1}}
    state = position([red, {"villagers": {"t1": 5}, "abbot": "b0"}, {"villagers": {"t1": 1}}])
    got = ends(state)
    # t1's villager steps to t2, then t0's villager enters t1: net t0 -> t2
    assert frozenset({("t1", 1), ("t2", 1)}) in got
    with pytest.raises(IllegalActionError, match="T1 is full"):
        play(state, "commander t0->t1")
    play(state, "commander t1->t2", "step t0->t1")
    assert state.view(-1).villagers[0][IDS.index("t1")] == 1


def test_another_players_abbot_blocks_entering_and_passing() -> None:
    state = position([{"villagers": {"t0": 1}}, {"abbot": "t1"}])
    assert reach(state) == {"b0", "b1", "b2", "b3", "t2"}  # not t1, nor through it
    with pytest.raises(IllegalActionError, match="Red's villagers cannot enter T1: Blue's abbot is there"):
        play(state, "commander t0->t1")


def test_option_lets_villagers_pass_but_not_stop_beside_another_abbot() -> None:
    options = KretaOptions(abbot_blocks_passing=False)
    state = position([{"villagers": {"t0": 1}}, {"abbot": "t1"}], options=options)
    got = reach(state)
    assert "t1" not in got
    assert {"t2", "t3", "t4"} <= got
    play(state, "commander t0->t1")
    assert STOP not in state.legal_actions()
    with pytest.raises(IllegalActionError, match="Blue's abbot"):
        play(state, "stop")
    play(state, "step t1->t2", "stop")


def test_villagers_already_beside_another_abbot_stay_and_may_leave() -> None:
    state = position([{"villagers": {"t1": 2}}, {"abbot": "t1"}])
    assert state.view(-1).villagers[0][IDS.index("t1")] == 2
    assert CommanderMove("t1", "t2") in state.legal_actions()
    assert frozenset({("t1", 1), ("t2", 1)}) in ends(state)


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
    state = from_setup(KretaOptions(), 0, 3, setup)
    assert not [a for a in state.legal_actions() if a.to_text().startswith("commander")]
    with pytest.raises(IllegalActionError, match="cannot enter"):
        state.apply(parse_action("commander +x"))


def test_commander_unplayable_when_no_movement_can_end_legally() -> None:
    # Red's only villager stands beside Blue's abbot (option: villagers may pass abbots); every way out
    # leads through guarded provinces, so no movement can end anywhere but where it started
    board = {
        "provinces": [{"id": "x", "type": "hill"}, {"id": "y", "type": "mountain"}],
        "borders": [["x", "y"]],
        "nodes": [{"id": 1, "provinces": ["x", "y"]}, {"id": 2, "provinces": ["x", "y"]}],
    }
    setup = {
        "board": board,
        "fort_row": [1, 2],
        "pile": [],
        "players": [{"villagers": {"x": 1}}, {"abbot": "y"}, {"abbot": "x"}],
    }
    state = from_setup(KretaOptions(abbot_blocks_passing=False), 0, 3, setup)
    assert not [a for a in state.legal_actions() if isinstance(a, CommanderMove)]
    with pytest.raises(IllegalActionError, match="no way to end the movement"):
        play(state, "commander x->y")


def test_king_carries_out_the_commander_again() -> None:
    state = position([{"villagers": {"t0": 1}, "played": ["commander"]}, {}])
    assert King(CommanderMove("t0", "t1")) in state.legal_actions()
    play(state, "king commander t0->t1")
    assert state.view(-1).played[0] == ("commander", "king")
    assert state.current_player() == 0 and state.view(-1).move_points == 3
    assert set(state.legal_actions()) == {STOP, Step("t1", "t0"), Step("t1", "t2"), Step("t1", "b1")}
    play(state, "step t1->t2", "stop")
    assert state.current_player() == 1


def test_a_movement_in_progress_survives_to_setup_and_from_setup() -> None:
    state = position([{"villagers": {"t0": 1, "t3": 2}}, {}])
    play(state, "commander t0->t1", "step t3->t4")
    setup = to_setup(state)
    assert setup["movement"] == {"points": 2, "start": {"t0": 1, "t3": 2}}
    again = from_setup(KretaOptions(), 0, 2, {**setup, "board": LADDER})
    assert again.fingerprint()[:-1] == state.fingerprint()[:-1]
    assert again.legal_actions() == state.legal_actions()
    assert again.view(-1).move_start == state.view(-1).move_start


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
    # the King carrying out the Commander reaches the same placements
    setup = to_setup(state)
    setup["players"][0]["played"] = ["commander"]
    king = from_setup(state.tables.options, 0, 3, {**setup, "board": LADDER})
    assert engine_commander(king, 0) == reference_commander(state, 0)
