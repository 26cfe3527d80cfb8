"""A test per rule (the Commander has its own module): Admiral, Abbot, Farmer, Architect, King,
Castellan, turn order and the end. Positions are on the ladder board of ``kreta_helpers``:
t0..t7 over b0..b7; ports t0, t2, t5, b0, b3, b4, b7; plains t2 and b4."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.core.errors import IllegalActionError, MalformedActionError
from ludoteca.core.events import Event
from ludoteca.core.game import TERMINAL
from ludoteca.kreta import KretaOptions, from_setup, parse_action
from ludoteca.kreta.actions import (
    AbbotMove,
    AbbotPlace,
    AdmiralMove,
    AdmiralPlace,
    BuildFort,
    BuildVillage,
    CommanderMove,
    Harvest,
    King,
)

from kreta_helpers import LADDER, PILE, ROW, position

IDS = [p["id"] for p in LADDER["provinces"]]
PORTS = {"t0", "t2", "t5", "b0", "b3", "b4", "b7"}


def legal_of(state: Any, kind: type) -> list[Any]:
    return [a for a in state.legal_actions() if isinstance(a, kind)]


def refused(state: Any, text: str, match: str) -> None:
    before = state.fingerprint()
    with pytest.raises(IllegalActionError, match=match):
        state.apply(parse_action(text))
    assert state.fingerprint() == before


# --- Admiral ---------------------------------------------------------------------------------------


def test_admiral_places_a_ship_in_any_port_with_room() -> None:
    state = position([{}, {}, {}])
    assert {a.port for a in legal_of(state, AdmiralPlace)} == PORTS
    refused(state, "admiral +t1", "T1 has no port")
    state.apply(parse_action("admiral +t0"))
    assert state.view(-1).ships[0] == (IDS.index("t0"),)
    assert Event("place", 0, ("ship", "t0")) in state.view(-1).log


def test_port_holds_two_ships_with_three_or_four_players() -> None:
    state = position([{}, {"ships": ["t0"]}, {"ships": ["t0"]}])
    assert "t0" not in {a.port for a in legal_of(state, AdmiralPlace)}
    refused(state, "admiral +t0", r"the port of T0 is full \(at most 2 ships\)")
    state = position([{}, {"ships": ["t0"]}, {}])
    assert "t0" in {a.port for a in legal_of(state, AdmiralPlace)}


def test_port_holds_one_ship_with_two_players() -> None:
    state = position([{}, {"ships": ["t0"]}])
    assert "t0" not in {a.port for a in legal_of(state, AdmiralPlace)}
    refused(state, "admiral +t0", r"at most 1 ship in a 2-player game")


def test_own_two_ships_never_share_a_port() -> None:
    state = position([{"ships": ["t0"]}, {}, {}])
    assert "t0" not in {a.port for a in legal_of(state, AdmiralPlace)}
    refused(state, "admiral +t0", "two ships may never be in the same port")
    state = position([{"ships": ["t0", "t2"]}, {}, {}])
    refused(state, "admiral t0->t2", "two ships may never be in the same port")


def test_admiral_moves_one_or_both_ships() -> None:
    state = position([{"ships": ["t0", "t2"]}, {}, {}])
    moves = legal_of(state, AdmiralMove)
    assert AdmiralMove(("t0",), ("b7",)) in moves
    assert AdmiralMove(("t0", "t2"), ("b3", "b7")) in moves
    # one outcome, one action: "t0->t2, t2->b7" is "t0->b7"
    assert parse_action("admiral t0->t2, t2->b7") == AdmiralMove(("t0",), ("b7",))
    texts = [a.to_text() for a in moves]
    assert len(texts) == len(set(texts))
    assert not legal_of(state, AdmiralPlace), "no ship left in reserve"
    refused(state, "admiral +b3", "no ship in reserve")
    state.apply(parse_action("admiral t0->b3, t2->b7"))
    assert state.view(-1).ships[0] == (IDS.index("b3"), IDS.index("b7"))


def test_admiral_move_needs_a_ship_there() -> None:
    state = position([{"ships": ["t0"]}, {}, {}])
    refused(state, "admiral t2->b3", "Red has no ship in T2")


# --- Abbot -----------------------------------------------------------------------------------------


def test_abbot_placed_in_any_province_not_full() -> None:
    state = position([{}, {"villagers": {"t3": 5}}, {"villagers": {"t3": 2}}])
    assert {a.province for a in legal_of(state, AbbotPlace)} == set(IDS) - {"t3"}
    refused(state, "abbot +t3", "T3 is full")
    state.apply(parse_action("abbot +b3"))
    assert state.view(-1).abbots[0] == IDS.index("b3")


def test_abbot_moves_up_to_three_borders_never_through_a_full_province() -> None:
    state = position([{"abbot": "t0"}, {}, {}])
    assert {a.to for a in legal_of(state, AbbotMove)} == {"t1", "t2", "t3", "b0", "b1", "b2"}
    assert not legal_of(state, AbbotPlace)
    refused(state, "abbot +t5", "already in T0")
    refused(state, "abbot t0->t4", "more than 3 borders")
    full = position([{"abbot": "t0"}, {"villagers": {"t1": 5}}, {"villagers": {"t1": 2}}])
    assert {a.to for a in legal_of(full, AbbotMove)} == {"b0", "b1", "b2"}  # t2 is 4 round T1
    refused(full, "abbot t0->t1", "T1 is full")


def test_abbots_of_different_players_may_share_a_province() -> None:
    state = position([{}, {"abbot": "t3"}, {}])
    assert AbbotPlace("t3") in state.legal_actions()


def test_abbot_keeps_other_villages_out_but_pieces_already_there_stay() -> None:
    red = {"harvested": ["olive"], "villagers": {"t1": 1}}
    state = position([red, {"abbot": "t1"}, {}])
    assert "t1" not in {a.province for a in legal_of(state, BuildVillage)}
    refused(state, "architect village t1", "Red's villages cannot enter T1: Blue's abbot is there")
    assert state.view(-1).villagers[0][IDS.index("t1")] == 1
    with_own = position([{**red, "abbot": "t1"}, {"abbot": "t1"}, {}])
    assert BuildVillage("t1") in with_own.legal_actions()


# --- Farmer ----------------------------------------------------------------------------------------


def farm(players: list[dict[str, Any]], tiles: dict[str, str]) -> Any:
    return position(players, tiles=tiles)


def test_farmer_harvests_every_tile_linked_to_a_ship_in_one_action() -> None:
    # Red: ship in t2 (port), villagers t2, t3, t4 (a chain) and b6 (not linked)
    red = {"ships": ["t2"], "villagers": {"t2": 1, "t3": 1, "t4": 1, "b6": 1}}
    state = farm([red, {}, {}], {"t2": "wheat", "t3": "olive", "t4": "thyme", "b6": "thyme", "t5": "wine"})
    assert Harvest() in state.legal_actions()
    state.apply(parse_action("farmer"))
    view = state.view(-1)
    assert view.tiles[0] == ("wheat", "olive", "thyme")
    assert view.tiles_on_board[IDS.index("b6")] == "thyme" and view.tiles_on_board[IDS.index("t2")] is None
    assert view.tile_vp[0] == 3
    harvests = [e.data for e in view.log if e.kind == "harvest"]
    assert harvests == [("t2", "wheat", 1), ("t3", "olive", 1), ("t4", "thyme", 1)]


def test_tiles_of_a_kind_score_one_two_three() -> None:
    red = {"ships": ["b3"], "villagers": {"b3": 1, "t3": 1}, "harvested": ["olive"]}
    state = farm([red, {}, {}], {"t3": "olive", "b3": "cheese"})
    state.apply(parse_action("farmer"))
    view = state.view(-1)
    assert [e.data for e in view.log if e.kind == "harvest"] == [("t3", "olive", 2), ("b3", "cheese", 1)]
    assert view.tile_vp[0] == 1 + 2 + 1 and view.scores[0] == 4


def test_farmer_needs_a_ship_and_a_villager_in_its_port_province() -> None:
    no_villager_at_port = {"ships": ["t2"], "villagers": {"t3": 1}}
    state = farm([no_villager_at_port, {}, {}], {"t3": "olive"})
    assert Harvest() not in state.legal_actions()
    refused(state, "farmer", "nothing to harvest")
    no_ship = farm([{"villagers": {"t2": 1, "t3": 1}}, {}, {}], {"t3": "olive"})
    assert Harvest() not in no_ship.legal_actions()
    nothing_left = farm([{"ships": ["t2"], "villagers": {"t2": 1}}, {}, {}], {"t3": "olive"})
    assert Harvest() not in nothing_left.legal_actions()


# --- Architect -------------------------------------------------------------------------------------


def test_fort_on_any_free_node_at_most_three() -> None:
    state = position([{"forts": [1, 2]}, {"forts": [3]}, {}])
    nodes = {a.node for a in legal_of(state, BuildFort)}
    assert nodes == set(range(4, 24))
    refused(state, "architect fort 3", "node 3 already holds Blue's fort")
    state.apply(parse_action("architect fort 9"))
    assert state.view(-1).forts[0] == (1, 2, 9)
    full = position([{"forts": [1, 2, 9]}, {}, {}])
    assert not legal_of(full, BuildFort)
    refused(full, "architect fort 4", "built all 3 forts")


def test_nth_village_needs_n_harvested_tiles() -> None:
    state = position([{}, {}, {}])
    assert not legal_of(state, BuildVillage)
    refused(state, "architect village t3", r"1st village needs 1 harvested farm tile\(s\); Red has 0")
    state = position([{"harvested": ["olive", "wine"], "villages": {"t1": 1}}, {}, {}])
    assert BuildVillage("t3") in state.legal_actions()
    state.apply(parse_action("architect village t3"))
    assert state.view(-1).villages[0][IDS.index("t3")] == 1
    state = position([{"harvested": ["olive", "wine"], "villages": {"t1": 2}}, {}, {}])
    refused(state, "architect village t3", "3rd village needs 3")


def test_no_village_in_a_full_province() -> None:
    state = position([{"harvested": ["olive"]}, {"villagers": {"t3": 5}}, {"villagers": {"t3": 2}}])
    assert "t3" not in {a.province for a in legal_of(state, BuildVillage)}
    refused(state, "architect village t3", "T3 is full")


# --- King ------------------------------------------------------------------------------------------


def test_king_copies_only_cards_lying_in_front() -> None:
    state = position([{}, {}, {}])
    assert not legal_of(state, King), "nothing played yet"
    refused(state, "king admiral +t0", "the King can only carry out a card lying in front of Red")
    state = position([{"played": ["admiral"]}, {}, {}])
    kings = legal_of(state, King)
    assert kings and all(isinstance(k.action, AdmiralPlace) for k in kings)
    state.apply(parse_action("king admiral +t0"))
    view = state.view(-1)
    assert view.played[0] == ("admiral", "king") and view.ships[0] == (IDS.index("t0"),)
    assert [e.kind for e in view.log][-3:] == ["play", "copy", "place"]


def test_king_cannot_copy_an_impossible_action() -> None:
    # the Farmer lies in front but there is nothing to harvest: the King cannot copy it
    state = position([{"played": ["farmer"]}, {}, {}])
    assert not legal_of(state, King)
    refused(state, "king farmer", "king: Red has nothing to harvest")


def test_a_played_card_stays_out_of_hand() -> None:
    state = position([{"played": ["admiral"]}, {}, {}])
    assert not legal_of(state, AdmiralPlace)
    refused(state, "admiral +t0", "Red's Admiral is not in hand")


# --- Castellan -------------------------------------------------------------------------------------


def test_castellan_scores_turns_the_card_down_and_reveals_the_next() -> None:
    state = position([{"played": ["admiral", "king"]}, {"played": ["abbot"]}, {}])
    state.apply(parse_action("castellan"))
    view = state.view(-1)
    assert view.scorings == 1 and view.scored_nodes == (ROW[0],)
    assert view.fort_row[:4] == (None, ROW[1], ROW[2], None)
    assert view.phase == "castellan" and view.to_act == 0
    assert state.legal_actions() == [parse_action("keep"), parse_action("replace")]
    # every player takes back all played cards, the Castellan's player included
    assert all(p == () for p in view.played) and all(len(h) == 7 for h in view.hands)
    refused(state, "admiral +t0", "must first keep or replace")


def test_castellan_keeps_the_revealed_card() -> None:
    state = position([{}, {}, {}])
    state.apply(parse_action("castellan"))
    state.apply(parse_action("keep"))
    view = state.view(-1)
    assert view.fort_row[2] == ROW[2] and view.pile_bottom == () and view.to_act == 1
    assert view.log[-1] == Event("keep", 0, (2, ROW[2]))


def test_castellan_replaces_the_revealed_card_with_the_top_of_the_pile() -> None:
    state = position([{}, {}, {}])
    state.apply(parse_action("castellan"))
    state.apply(parse_action("replace"))
    view = state.view(-1)
    assert view.fort_row[:3] == (None, ROW[1], PILE[0])
    assert view.pile_size == len(PILE) and view.pile_bottom == (ROW[2],)
    assert view.log[-1] == Event("replace", 0, (2, ROW[2], PILE[0]))
    assert view.phase == "play" and view.to_act == 1
    refused(state, "replace", "no newly revealed fort card")


def test_no_choice_when_the_pile_is_empty() -> None:
    # a board of eleven nodes: all fort cards lie in the row, the pile is empty
    board = {
        "provinces": [{"id": "x", "type": "hill", "port": True}, {"id": "y", "type": "plain", "port": True}],
        "borders": [["x", "y"]],
        "nodes": [{"id": k, "provinces": ["x", "y"]} for k in range(1, 12)],
    }
    setup = {"board": board, "fort_row": list(range(1, 12)), "players": [{}, {}]}
    state = from_setup(KretaOptions(), 0, 2, setup)
    assert state.view(-1).pile_size == 0
    state.apply(parse_action("castellan"))
    view = state.view(-1)
    assert view.phase == "play" and view.to_act == 1 and view.fort_row[2] == 3


def test_the_game_ends_right_after_the_eleventh_scoring() -> None:
    state = position([{}, {}, {"played": ["admiral"]}], scorings=10, to_act=2)
    view = state.view(-1)
    assert view.fort_row[10] == ROW[10] and view.fort_row[9] is None
    state.apply(parse_action("castellan"))
    assert state.is_terminal() and state.current_player() == TERMINAL
    assert state.legal_actions() == []
    assert state.result().progress == {"scorings": 11}
    assert state.view(-1).log[-1].kind == "end"
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply(parse_action("castellan"))


def test_after_the_tenth_scoring_no_card_is_left_to_reveal() -> None:
    state = position([{}, {}, {}], scorings=9)
    state.apply(parse_action("castellan"))
    view = state.view(-1)
    assert view.phase == "play" and view.fort_row[10] == ROW[10] and view.to_act == 1


# --- turns, the end, errors ------------------------------------------------------------------------


def test_turns_go_clockwise_from_the_start_player() -> None:
    state = position([{}, {}, {}], start_player=2)
    assert state.current_player() == 2
    state.apply(parse_action("architect fort 1"))
    assert state.current_player() == 0


def test_winners_are_all_seats_with_the_top_score() -> None:
    state = position([{"score": 9}, {"score": 9}, {"score": 4}], scorings=11, phase="over")
    assert state.is_terminal()
    result = state.result()
    assert result.winners == (0, 1) and result.scores == (9, 9, 4)
    assert result.breakdown[0] == {"provinces": 9, "tiles": 0}


def test_malformed_actions_are_refused_with_a_reason() -> None:
    state = position([{}, {}, {}])
    before = state.fingerprint()
    for bad, match in (
        ("commander +nowhere", "no province 'nowhere'"),
        ("architect fort 99", "no node 99"),
    ):
        with pytest.raises(MalformedActionError, match=match):
            state.apply(parse_action(bad))
    with pytest.raises(MalformedActionError, match="canonical"):
        state.apply(AdmiralMove(("t2", "t0"), ("b3", "b7")))
    with pytest.raises(MalformedActionError, match="not a Kreta action"):
        state.apply("castellan")  # type: ignore[arg-type]
    for build, match in (
        (lambda: AdmiralMove(["t0"], ["b0"]), "tuples"),  # type: ignore[arg-type]
        (lambda: CommanderMove(["t0"], "t1"), r"no province \['t0'\]"),  # type: ignore[arg-type]
        (lambda: BuildFort("3"), "no node '3'"),  # type: ignore[arg-type]
        (lambda: King(King(BuildFort(3))), "King carries out"),  # type: ignore[arg-type]
    ):
        try:
            bad = build()
        except TypeError:  # compiled (ludoteca.native): the class checks its field types when made
            continue
        with pytest.raises(MalformedActionError, match=match):
            state.apply(bad)
    assert state.fingerprint() == before
