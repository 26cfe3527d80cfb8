"""Kreta's formats: action notation (text and JSON), options, seeded and explicit set-ups."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from ludoteca.core.errors import NotationError, OptionError, SetupError
from ludoteca.kreta import DEFINITION, RULES_VERSION, KretaOptions, from_setup, new_game, to_setup
from ludoteca.kreta.actions import (
    AbbotMove,
    AbbotPlace,
    AdmiralMove,
    AdmiralPlace,
    BuildFort,
    BuildVillage,
    Castellan,
    CommanderMove,
    CommanderPlace,
    Harvest,
    Keep,
    King,
    Replace,
    Step,
    Stop,
    action_from_json,
    parse_action,
)

from kreta_helpers import LADDER, ladder_setup, position

EXAMPLES = [
    ("admiral +heraklion", AdmiralPlace("heraklion")),
    ("admiral chania->sitia", AdmiralMove(("chania",), ("sitia",))),
    ("admiral chania->ierapetra, lasithi->sitia", AdmiralMove(("chania", "lasithi"), ("ierapetra", "sitia"))),
    ("commander +rethymno", CommanderPlace("rethymno")),
    ("commander amari->messara", CommanderMove("amari", "messara")),
    ("step messara->candia", Step("messara", "candia")),
    ("stop", Stop()),
    ("king commander amari->messara", King(CommanderMove("amari", "messara"))),
    ("abbot +amari", AbbotPlace("amari")),
    ("abbot amari->messara", AbbotMove("amari", "messara")),
    ("farmer", Harvest()),
    ("architect fort 17", BuildFort(17)),
    ("architect village messara", BuildVillage("messara")),
    ("king commander +rethymno", King(CommanderPlace("rethymno"))),
    ("king architect fort 3", King(BuildFort(3))),
    ("castellan", Castellan()),
    ("keep", Keep()),
    ("replace", Replace()),
]


@pytest.mark.parametrize(("text", "action"), EXAMPLES)
def test_notation_examples(text: str, action: Any) -> None:
    assert parse_action(text) == action
    assert action.to_text() == text
    assert action_from_json(action.to_json()) == action
    assert action_from_json(json.loads(json.dumps(action.to_json()))) == action
    assert DEFINITION.parse_action(text) == action


def test_admiral_moves_are_written_as_net_moves() -> None:
    assert parse_action("admiral chania->sitia, sitia->ierapetra") == AdmiralMove(("chania",), ("ierapetra",))
    assert parse_action("admiral x→y") == AdmiralMove.of([("x", "y")])


def test_commander_moves_are_single_steps() -> None:
    assert parse_action("commander x→y") == CommanderMove("x", "y")
    assert parse_action("step y->z") == Step("y", "z") != CommanderMove("y", "z")
    with pytest.raises(NotationError, match="one border at a time"):
        parse_action("commander b->a, c->d")
    assert action_from_json({"type": "step", "from": "y", "to": "z"}) == Step("y", "z")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "pass",
        "admiral",
        "admiral +",
        "admiral a->b, b->a",
        "admiral a->b, c->d, e->f",
        "commander a->",
        "commander a->b->c",
        "commander a->b, b->c",
        "step",
        "step a->b, b->c",
        "step +a",
        "stop now",
        "king step a->b",
        "king stop",
        "abbot a->b, b->c",
        "farmer now",
        "architect",
        "architect fort x",
        "architect fort -3",
        "architect tower 3",
        "architect village a b",
        "king",
        "king castellan",
        "king king farmer",
        "keep it",
    ],
)
def test_bad_text_raises_notation_error(text: str) -> None:
    with pytest.raises(NotationError):
        parse_action(text)


@pytest.mark.parametrize(
    "obj",
    [
        None,
        [],
        {},
        {"type": "pass"},
        {"type": "farmer", "extra": 1},
        {"type": "admiral-place"},
        {"type": "admiral-place", "port": 3},
        {"type": "admiral-move", "from": ["a"], "to": ["b", "c"]},
        {"type": "commander-move", "moves": [["a", "b"]]},
        {"type": "commander-move", "from": "a"},
        {"type": "step", "from": "a", "to": 3},
        {"type": "stop", "points": 1},
        {"type": "king", "action": {"type": "stop"}},
        {"type": "architect-fort", "node": True},
        {"type": "architect-fort", "node": "3"},
        {"type": "king", "action": {"type": "castellan"}},
        {"type": "king", "action": {"type": "king", "action": {"type": "farmer"}}},
    ],
)
def test_bad_json_raises_notation_error(obj: Any) -> None:
    with pytest.raises(NotationError):
        action_from_json(obj)


# --- options ---------------------------------------------------------------------------------------


def test_options_defaults_and_round_trip() -> None:
    options = KretaOptions.from_dict({})
    assert options == KretaOptions() and options.board is None and options.abbot_blocks_passing
    assert KretaOptions.from_dict(options.to_dict()) == options
    assert json.loads(json.dumps(options.to_dict())) == {
        "board": None,
        "abbot_blocks_passing": True,
        "takeback": "all",
        "rules_version": RULES_VERSION,
    }


def test_options_accept_command_line_strings() -> None:
    options = KretaOptions.from_dict({"board": "/tmp/my.json", "abbot_blocks_passing": "false"})
    assert options == KretaOptions(board="/tmp/my.json", abbot_blocks_passing=False)
    assert KretaOptions.from_dict({"board": "none", "abbot_blocks_passing": "yes"}) == KretaOptions()


@pytest.mark.parametrize(
    ("data", "match"),
    [
        ({"boards": "x"}, "unknown Kreta option.*boards"),
        ({"abbot_blocks_passing": "maybe"}, "abbot_blocks_passing"),
        ({"abbot_blocks_passing": 2}, "abbot_blocks_passing"),
        ({"board": 3}, "'board'"),
    ],
)
def test_bad_options_name_the_option(data: dict[str, Any], match: str) -> None:
    with pytest.raises(OptionError, match=match):
        KretaOptions.from_dict(data)


def test_a_user_board_file_is_loaded(tmp_path: Any) -> None:
    path = tmp_path / "ladder.json"
    path.write_text(json.dumps(LADDER), encoding="utf-8")
    state = new_game(KretaOptions(board=str(path)), 1, 3)
    assert state.view(-1).board.name == "ladder"
    with pytest.raises(SetupError, match="cannot read board file"):
        new_game(KretaOptions(board=str(tmp_path / "missing.json")), 1, 3)


# --- seeded set-up ---------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seeded_setup_follows_the_rules(players: int) -> None:
    state = new_game(KretaOptions(), 2005, players)
    view = state.view(-1)
    board = view.board
    by_kind: dict[str, Counter[str]] = {"plain": Counter(), "hill": Counter(), "mountain": Counter()}
    for p, tile in zip(board.provinces, view.tiles_on_board, strict=True):
        assert tile is not None
        by_kind[p.kind][tile] += 1
    assert by_kind == {
        "plain": Counter(wheat=2),
        "hill": Counter(olive=4, wine=4),
        "mountain": Counter(thyme=3, cheese=3),
    }
    assert len(view.fort_row) == 11 and view.pile_size == 15
    assert [x is not None for x in view.fort_row] == [True, True] + [False] * 9
    assert all(len(h) == 7 for h in view.hands) and view.scores == (0,) * players
    assert 0 <= view.start_player < players and view.to_act == view.start_player
    assert view.log[0].kind == "start" and [e.kind for e in view.log[1:]] == ["reveal", "reveal"]


def test_same_seed_same_setup_and_given_start_player() -> None:
    a, b = new_game(KretaOptions(), 77, 4), new_game(KretaOptions(), 77, 4)
    assert a.fingerprint() == b.fingerprint()
    assert new_game(KretaOptions(), 77, 4, start_player=3).current_player() == 3
    seeds = {new_game(KretaOptions(), s, 4).fingerprint() for s in range(5)}
    assert len(seeds) == 5
    with pytest.raises(SetupError, match="start player"):
        new_game(KretaOptions(), 1, 3, start_player=3)
    with pytest.raises(SetupError, match="2–4 players"):
        new_game(KretaOptions(), 1, 5)


def test_options_may_be_given_as_a_mapping() -> None:
    assert new_game({"abbot_blocks_passing": "false"}, 1, 2).tables.options.abbot_blocks_passing is False


# --- explicit set-ups ------------------------------------------------------------------------------


def test_to_setup_and_back_gives_the_same_position() -> None:
    state = new_game(KretaOptions(), 11, 4)
    from ludoteca.core.rng import Rng

    rng = Rng(3)
    for _ in range(60):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    setup = json.loads(json.dumps(to_setup(state)))
    again = from_setup(KretaOptions(), 0, 4, setup)
    assert again.fingerprint()[:-1] == state.fingerprint()[:-1]  # all but the generator
    assert again.legal_actions() == state.legal_actions()


def test_unknown_face_down_cards_are_shuffled_from_the_seed() -> None:
    row: list[Any] = [1, 2, *[None] * 9]
    a = position([{}, {}], fort_row=row, pile=None, seed=1)
    b = position([{}, {}], fort_row=row, pile=None, seed=1)
    c = position([{}, {}], fort_row=row, pile=None, seed=2)
    assert a.fort_row == b.fort_row and a.fort_pile == b.fort_pile
    assert (a.fort_row, a.fort_pile) != (c.fort_row, c.fort_pile)
    assert sorted(a.fort_row + a.fort_pile) == list(range(1, 24)) and a.fort_row[:2] == [1, 2]
    assert a.view(0) == a.view(0) and a.view(0).fort_row[:2] == (1, 2)


@pytest.mark.parametrize(
    ("change", "match"),
    [
        ({"colour": "red"}, "unknown set-up field"),
        ({"players": [{}]}, "must list 2 players"),
        ({"players": [{"villagers": {"t0": 6}}, {}]}, "only 5 villagers"),
        ({"players": [{"villagers": {"zz": 1}}, {}]}, "no province 'zz'"),
        ({"players": [{"villages": {"t0": 1}}, {}]}, "1 villages but only 0 harvested"),
        ({"players": [{"ships": ["t1"]}, {}]}, "t1 has no port"),
        ({"players": [{"ships": ["t0", "t0"]}, {}]}, "never in the same port"),
        ({"players": [{"ships": ["t0"]}, {"ships": ["t0"]}]}, "holds 2 ships"),
        ({"players": [{"forts": [1]}, {"forts": [1]}]}, "node 1 holds two forts"),
        ({"players": [{"forts": [1, 2, 3, 4]}, {}]}, "only 3 forts"),
        ({"players": [{"villagers": {"t0": 5}}, {"villagers": {"t0": 3}}]}, "at most 7"),
        ({"players": [{"played": ["castellan"]}, {}]}, "Castellan"),
        ({"players": [{"played": ["king", "admiral"]}, {}]}, "cannot be the first"),
        ({"players": [{"played": ["admiral", "admiral"]}, {}]}, "twice"),
        ({"players": [{"played": ["joker"]}, {}]}, "card names"),
        ({"players": [{"harvested": ["olive"], "score": 0}, {}]}, "score"),
        ({"players": [{"cards": []}, {}]}, "unknown field"),
        ({"tiles": {"t0": "wheat"}}, "wheat does not grow on a hill"),
        ({"tiles": {"t2": "rice"}}, "not a farm tile"),
        ({"tiles": {"t2": "wheat", "b4": "wheat"}, "players": [{"harvested": ["wheat"]}, {}]}, "only 2 wheat"),
        ({"fort_row": [1, 2, 3]}, "11 slots"),
        ({"fort_row": [1, None, *range(3, 12)]}, "slot 1 is spent or face up"),
        ({"fort_row": [1, 1, *range(3, 12)]}, "appears twice"),
        ({"pile": [12, 13]}, "each node once"),
        ({"pile": [99, *range(13, 24)]}, "no node 99"),
        ({"scorings": 12}, "'scorings'"),
        ({"phase": "bidding"}, "'phase'"),
        ({"phase": "over"}, "over exactly when"),
        ({"phase": "castellan"}, "needs a scoring done"),
        ({"to_act": 2}, "'to_act'"),
        ({"pile_bottom_known": 13}, "pile_bottom_known"),
        ({"board": {"provinces": []}}, "provinces"),
    ],
)
def test_inconsistent_setups_are_refused_with_a_reason(change: dict[str, Any], match: str) -> None:
    setup = ladder_setup([{}, {}])
    setup.update(change)
    with pytest.raises(SetupError, match=match):
        from_setup(KretaOptions(), 0, 2, setup)


def test_setup_of_a_castellan_choice() -> None:
    state = position([{}, {}, {}], scorings=3, phase="castellan", to_act=1, pile_bottom_known=2)
    assert state.legal_actions() == [Keep(), Replace()] and state.current_player() == 1
    assert state.view(-1).pile_bottom == (22, 23)
    with pytest.raises(SetupError, match="taken their cards back"):
        position([{"played": ["admiral"]}, {}, {}], scorings=3, phase="castellan")
