"""The lobby's create-game requests refused with the words clients have always been given: one sentence,
the first problem in the order of the form (``web/models.py``; the same wording ``web/lobby.py`` gave when
it parsed requests by hand, pinned here case by case; the server tests check it over HTTP too)."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca.web.features.lobby import LobbyError, parse_request

H: list[dict[str, Any]] = [{"kind": "human"}]

CASES: list[tuple[Any, str]] = [
    ([], "the request must be a JSON object"),
    ({"game": "chess", "seats": []}, "unknown game 'chess' (choose from "),
    ({"game": "kreta", "seats": [{"kind": "human"}]}, "Kreta takes 2 to 4 players, not 1"),
    (
        {"game": "kreta", "seats": [{"kind": "human"}, {"kind": "alien"}]},
        "seat 2: kind must be 'human', 'bot' or 'open', not 'alien'",
    ),
    (
        {"game": "kreta", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "genius"}]},
        "seat 2: unknown bot 'genius' "
        "(choose heuristic, ismcts:easy, ismcts:normal, ismcts:hard, reader:expert, random)",
    ),
    (
        {"game": "kreta", "seats": [{"kind": "human"}, {"kind": "human"}], "options": {"board": "/etc/passwd"}},
        "option(s) board cannot be set here (choose from abbot_blocks_passing, takeback)",
    ),
    (
        {
            "game": "verraeter",
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}],
            "options": {"edition": 1999},
        },
        "option edition is one of 2008, 1998, not 1999",
    ),
    (
        {
            "game": "verraeter",
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}],
            "options": {"hand_limit": 2},
        },
        "option hand_limit is one of 5, 6, not 2",
    ),
    (
        {
            "game": "kreta",
            "seats": [
                {
                    "kind": "human",
                    "name": "x" * 300,
                },
                {
                    "kind": "human",
                    "name": "x" * 300,
                },
            ],
        },
        "seat 1: a name is at most 40 characters",
    ),
    (
        {"game": "kreta", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": -1},
        "the seed must be a whole number from 0 to 2^63 - 1",
    ),
    (
        {"game": "kreta", "seats": [{"kind": "human"}, {"kind": "human"}], "turn_seconds": 1},
        "the turn timer is a whole number of seconds from 5 to 1209600 (14 days)",
    ),
    (
        {"game": "kreta", "seats": [{"kind": "human"}, {"kind": "human"}], "extra": 1, "zz": 2},
        "unknown field(s): extra, zz",
    ),
    (
        {"game": "kreta", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": True},
        "the seed must be a whole number from 0 to 2^63 - 1",
    ),
    (
        {"game": "kreta", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 1.0},
        "the seed must be a whole number from 0 to 2^63 - 1",
    ),
    (
        {"game": "kreta", "seats": [{"kind": "human"}, {"kind": "human"}], "seed": 1000000000000000000000000000000},
        "the seed must be a whole number from 0 to 2^63 - 1",
    ),
    (
        {"game": "kreta", "seats": [{"kind": "human"}, {"kind": "human"}], "turn_seconds": False},
        "the turn timer is a whole number of seconds from 5 to 1209600 (14 days)",
    ),
    (
        {"game": "kreta", "seats": [{"kind": "human"}, {"kind": "human"}], "turn_seconds": 60.5},
        "the turn timer is a whole number of seconds from 5 to 1209600 (14 days)",
    ),
    (
        {"game": "kreta", "seats": [{"kind": "human", "name": False}, {"kind": "human", "name": False}]},
        "seat 1: a name is text (or null for the seat's default)",
    ),
    (
        {"game": "kreta", "seats": [{"kind": "human", "nick": "x"}, {"kind": "human", "nick": "x"}]},
        "seat 1: unknown field(s): nick",
    ),
    (
        {"game": "kreta", "seats": [{"kind": "human"}, {"kind": "human"}], "options": None},
        "'options' must be an object of name: value",
    ),
    ({"game": ["kreta"], "seats": [{"kind": "human"}, {"kind": "human"}]}, "choose a game: 'verraeter' or 'kreta'"),
    ({"game": "kreta", "seats": [5, {"kind": "human"}]}, "seat 1 must be an object with a 'kind'"),
    ({"game": "kreta", "seats": [{}, {"kind": "human"}]}, "seat 1: kind must be 'human', 'bot' or 'open', not None"),
    ({"game": "kreta", "seats": "x"}, "'seats' must list the seats"),
    ({"seats": "x"}, "choose a game: 'verraeter' or 'kreta'"),
    (
        {"game": "kreta", "seats": [{"kind": "human", "name": "Ada (you)"}, {"kind": "human"}]},
        "seat 1: a name cannot end in a seat marker such as '(you)': the table puts it after your own seat",
    ),
    (
        {
            "game": "verraeter",
            "seats": [{"kind": "human", "name": None}, {"kind": "human", "name": "Brown"}, {"kind": "human"}],
        },
        "seats 1 and 2 have the same name ('Brown'): give one of them another name",
    ),
    (
        {"game": "kreta", "seats": [{"kind": "human", "bot": "genius"}, {"kind": "bot", "bot": 5}]},
        "seat 2: unknown bot '5' (choose heuristic, ismcts:easy, ismcts:normal, ismcts:hard, reader:expert, random)",
    ),
    (
        {
            "game": "verraeter",
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}],
            "options": {"builder_places_kontor": "yes"},
        },
        'option builder_places_kontor is true or false (JSON booleans), not "yes"',
    ),
    (
        {"game": "kreta", "seats": [{"kind": "human"}, {"kind": "human"}], "options": {"abbot_blocks_passing": "yes"}},
        'option abbot_blocks_passing is true or false (JSON booleans), not "yes"',
    ),
    (
        {
            "game": "kreta",
            "seats": [{"kind": "human", "name": "Ada", "x": 1}, {"kind": "bot", "bot": "zz", "name": "Ada"}],
            "options": 7,
            "seed": "x",
        },
        "seat 1: unknown field(s): x",
    ),
    (
        {
            "game": "kreta",
            "seats": [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "ada"}],
            "options": {"zz": 1},
        },
        "seats 1 and 2 have the same name ('ada'): give one of them another name",
    ),
    (
        {"game": "kreta", "seats": [{"kind": "bot", "name": 5, "bot": "zz"}, {"kind": "x"}]},
        "seat 1: a name is text (or null for the seat's default)",
    ),
    (
        {
            "game": "kreta",
            "seats": [{"kind": "human"}, {"kind": "human"}, {"kind": "human"}, {"kind": "human"}, {"kind": "human"}],
            "seed": "x",
        },
        "Kreta takes 2 to 4 players, not 5",
    ),
    ({"game": "kreta"}, "'seats' must list the seats"),
]


@pytest.mark.parametrize("body, message", CASES)
def test_each_refusal_is_worded_as_before(body: Any, message: str) -> None:
    with pytest.raises(LobbyError) as caught:
        parse_request(body)
    if message.endswith("(choose from ") or message.startswith("choose a game"):  # + games the tests install
        assert str(caught.value).startswith(message)
    else:
        assert str(caught.value) == message


def test_a_good_request_gets_defaults_filled_in() -> None:
    new = parse_request(
        {
            "game": "verraeter",
            "seats": [{"kind": "human", "name": "\u200b"}, {"kind": "bot", "name": " "}, {"kind": "bot"}],
        }
    )
    # a name empty after cleaning is no name: the seat's default, made in each reader's language when shown
    assert [s.name for s in new.seats] == ["Brown", "Blue (heuristic)", "Green (heuristic)"]
    assert [s.generated for s in new.seats] == [True, True, True]
    assert sorted(new.tokens) == [0] and new.turn_seconds is None and 0 <= new.seed < 2**62
    assert new.options == new.definition.options_to_dict(new.definition.options_from_dict({}))
