"""Options, notation, explicit set-ups and records of Verräter: valid input round-trips, bad input is
rejected with a message that names the problem."""

import json

import pytest

from ludoteca.core.errors import NotationError, OptionError, RecordError, SetupError
from ludoteca.core.records import GameRecord, replay
from ludoteca.verraeter import DEFINITION, RULES_VERSION, VerraeterOptions, action_from_json, from_setup, parse_action
from ludoteca.verraeter.options import load_table

from verraeter_helpers import example_setup, play, position, random_game

# -------------------------------------------------------------------------- options


def test_default_options_are_the_italian_2008_rules() -> None:
    o = VerraeterOptions()
    assert (o.edition, o.hand_limit, o.draw_cap, o.builder_places_kontor) == (2008, 5, 3, False)
    assert o.to_dict()["landscapes"] == "reconstruction"


def test_options_from_command_line_strings() -> None:
    o = VerraeterOptions.from_dict(
        {"edition": "1998", "hand_limit": "6", "draw_cap": "none", "builder_places_kontor": "on"}
    )
    assert (o.edition, o.hand_limit, o.draw_cap, o.builder_places_kontor) == (1998, 6, None, True)
    assert VerraeterOptions.from_dict(o.to_dict()) == o


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"edition": 2000}, "1998 or 2008"),
        ({"edition": "new"}, "whole number"),
        ({"hand_limit": 0}, "hand_limit"),
        ({"draw_cap": "lots"}, "draw_cap"),
        ({"builder_places_kontor": "maybe"}, "on/off"),
        ({"colour": "red"}, "unknown option 'colour'"),
        ({"landscapes": 5}, "file path or a table"),
        ({"landscapes": "/nonexistent/table.json"}, "cannot read landscape file"),
    ],
)
def test_bad_options_name_the_problem(data, message) -> None:
    with pytest.raises(OptionError, match=message):
        VerraeterOptions.from_dict(data)


def test_the_shipped_table_keeps_the_published_values() -> None:
    t = VerraeterOptions().landscapes
    assert t.cp == (0, 3, 5, 7, 10, 15)
    assert t.points(2, 1) == 5  # Fluss I
    assert t.points(5, 3) == 4  # Stadt III
    for kind in range(6):
        row = t.vp[kind]
        assert list(row) == sorted(row, reverse=True), "more VP per player for fewer winners"
        if kind:
            assert all(a >= b for a, b in zip(row, t.vp[kind - 1], strict=True)), "more VP for more CP"
            assert sum(row) > sum(t.vp[kind - 1])


def test_a_users_landscape_file_replaces_the_table_and_is_embedded_in_records(tmp_path) -> None:
    data = VerraeterOptions().landscapes.to_dict()
    data["landscapes"]["wald"]["vp"] = [8, 4, 3, 2]
    path = tmp_path / "my-cards.json"
    path.write_text(json.dumps(data))
    o = VerraeterOptions.from_dict({"landscapes": str(path)})
    assert o.landscapes.vp[3] == (8, 4, 3, 2)
    assert load_table(str(path)) == o.landscapes
    embedded = o.to_dict()["landscapes"]
    assert isinstance(embedded, dict)
    assert VerraeterOptions.from_dict(json.loads(json.dumps(o.to_dict()))) == o


def test_a_broken_landscape_file_is_rejected(tmp_path) -> None:
    path = tmp_path / "bad.json"
    data = VerraeterOptions().landscapes.to_dict()
    data["landscapes"]["wald"]["vp"] = [1]
    path.write_text(json.dumps(data))
    with pytest.raises(OptionError, match="Wald vp must list"):
        VerraeterOptions.from_dict({"landscapes": str(path)})
    del data["landscapes"]["wald"]
    path.write_text(json.dumps(data))
    with pytest.raises(OptionError, match="Wald"):
        VerraeterOptions.from_dict({"landscapes": str(path)})
    path.write_text("{not json")
    with pytest.raises(OptionError, match="not valid JSON"):
        VerraeterOptions.from_dict({"landscapes": str(path)})


# -------------------------------------------------------------------------- notation


@pytest.mark.parametrize(
    "text",
    ["gutshof 5", "conflict 12/1", "take diplomat+2", "supply 3,4,5", "supply none", "build 7",
     "build 7 kontor", "turn 7", "pass", "discard 2,2", "discard none"],
)
def test_notation_round_trips(text: str) -> None:
    a = parse_action(text)
    assert a.to_text() == text
    assert action_from_json(json.loads(json.dumps(a.to_json()))) == a


@pytest.mark.parametrize(
    ("text", "canonical"),
    [("  TAKE  Verräter ", "take traitor"), ("conflict 1/12", "conflict 12/1"), ("supply 5,3", "supply 3,5"),
     ("supply", "supply none"), ("take bauer", "take farmer"), ("build 3 gutshof", "build 3")],
)
def test_notation_is_forgiving_and_canonical(text: str, canonical: str) -> None:
    assert parse_action(text).to_text() == canonical


@pytest.mark.parametrize(
    ("text", "message"),
    [("gutshof 13", "does not exist"), ("conflict 1/3", "not adjacent"), ("take joker", "unknown action card"),
     ("supply 7", "no supply card worth 7"), ("supply x", "not a supply card"), ("fly away", "cannot read"),
     ("build 3 castle", "gutshof or kontor"), ("", "cannot read")],
)
def test_bad_notation_names_the_problem(text: str, message: str) -> None:
    with pytest.raises(NotationError, match=message):
        parse_action(text)


@pytest.mark.parametrize(
    "data",
    [[], {"type": 3}, {"type": "fly"}, {"type": "gutshof"}, {"type": "gutshof", "landscape": "5"},
     {"type": "supply", "cards": "3,4"}, {"type": "conflict", "between": [1]}, {"type": "take", "card": 5}],
)
def test_bad_json_actions_are_rejected(data) -> None:
    with pytest.raises(NotationError):
        action_from_json(data)


# -------------------------------------------------------------------------- explicit set-ups


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"ring": []}, "12 landscapes"),
        ({"allegiances": ["eagle"]}, "one house per seat"),
        ({"allegiances": ["eagle", "rose", "eagle", "lion"]}, "'eagle' or 'rose'"),
        ({"hands": [[3, 4, 5], [3, 4, 5], [3, 4, 5], [8, 8]]}, "more supply cards worth 8"),
        ({"hands": [[3, 4, 5], [3, 4, 5], [3, 4, 5], [7]]}, "no supply card worth 7"),
        ({"hands": [[2, 2, 3, 3, 4, 4], [], [], []]}, "hand limit"),
        ({"strategy_holder": 4}, "seat number"),
        ({"round": 9}, "'round' must be from 1 to 8"),
        ({"draw_pile": [2, 2]}, "exactly the 23 supply cards"),
        ({"action_cards": ["traitor"]}, "all six"),
        ({"weather": "rain"}, "unknown set-up field"),
    ],
)
def test_bad_setups_name_the_problem(change, message) -> None:
    with pytest.raises(SetupError, match=message):
        from_setup(VerraeterOptions(), 0, 4, example_setup(**change))


def test_setup_rejects_a_ring_with_wrong_types_and_too_many_kontor() -> None:
    setup = example_setup()
    setup["ring"][0]["landscape"] = "stadt"
    with pytest.raises(SetupError, match="each landscape type twice"):
        from_setup(VerraeterOptions(), 0, 4, setup)
    setup = example_setup()
    for i in (5, 7, 9):
        setup["ring"][i]["estate"] = {"owner": 0, "side": "kontor"}
    with pytest.raises(SetupError, match=r"more than 3 estate|more than 2 Kontor"):
        from_setup(VerraeterOptions(), 0, 4, setup)


def test_setup_draw_pile_is_listed_top_first() -> None:
    rest = [2, 2, 2, 2, 2, 3, 4, 5, 6, 6, 8]
    s = position(example_setup(draw_pile=rest))
    play(s, "conflict 1/2", "take farmer", "take traitor", "take strategist", "take diplomat+5",
         "supply 3,4,5", "supply none", "supply none", "supply none")
    assert s.hands[0] == [2, 2, 2]  # the Farmer drew the top three


# -------------------------------------------------------------------------- records


def test_record_with_explicit_setup_replays(tmp_path) -> None:
    moves = ["conflict 1/2", "take builder", "take traitor", "take strategist", "take diplomat+5",
             "supply 3,4,5", "supply 4", "supply none", "supply 3", "build 6"]
    record = GameRecord("verraeter", {"edition": 1998}, 0, ["Brown", "Blue", "Green", "Orange"], moves,
                        setup=example_setup())
    s = replay(DEFINITION, GameRecord.from_json(record.to_json()))
    assert s.view(-1).scores == (0, 1, 2, 5)


def test_record_actions_may_be_given_in_json_form() -> None:
    s, actions = random_game(3)
    record = GameRecord.from_dict(
        {"game": "verraeter", "options": {"rules_version": RULES_VERSION}, "seed": 3, "players": ["a", "b", "c", "d"],
         "actions": [a.to_json() for a in actions]}
    )
    assert replay(DEFINITION, record).result() == s.result()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[]", "JSON object"),
        ("{", "not valid JSON"),
        ('{"game": "verraeter", "seed": 1}', "no 'players'"),
        ('{"game": "verraeter", "seed": -1, "players": []}', "non-negative"),
        ('{"game": "verraeter", "seed": 1, "players": ["a"], "colour": 1}', "unknown record field"),
        ('{"game": "verraeter", "seed": 1, "players": ["a"], "actions": [1]}', "neither notation"),
        ('{"format": "pgn", "game": "verraeter", "seed": 1, "players": ["a"]}', "not a ludoteca record"),
    ],
)
def test_bad_records_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        GameRecord.from_json(text)


def test_replay_names_the_bad_action_and_the_bad_player_count() -> None:
    record = GameRecord("verraeter", {}, 1, ["a", "b", "c", "d"], ["gutshof 1", "gutshof 1"])
    with pytest.raises(RecordError, match=r"action #2 'gutshof 1': landscape 1 already has an estate"):
        replay(DEFINITION, record)
    with pytest.raises(RecordError, match="3–4 players"):
        replay(DEFINITION, GameRecord("verraeter", {}, 1, ["a", "b"], []))
    with pytest.raises(RecordError, match="unknown option"):
        replay(DEFINITION, GameRecord("verraeter", {"speed": 1}, 1, ["a", "b", "c"], []))
