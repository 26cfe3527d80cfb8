"""Since a seat's last turn (issue #34): where it ended and what changed on the board, measured by the server
from the game itself, so that a reload, another browser or a restarted server shows the same."""

from __future__ import annotations

import random

import pytest

from ludoteca import games
from ludoteca.web.language.i18n import translator
from ludoteca.web.play.match import Match, Seat
from ludoteca.web.seatview.since import changed_places, places
from ludoteca.web.seatview.state import BoardCache, board_svg, state_message


def seats(players: int) -> list[Seat]:
    return [
        Seat(0, "Ada", "human", token_hash="a"),
        *(Seat(i, f"Bot {i}", "bot", bot="random") for i in range(1, players)),
    ]


def played(game: str, players: int, moves: int, seed: int) -> Match:
    match = Match("since", games.get(game), {}, seed, seats(players))
    rng = random.Random(seed)
    for _ in range(moves):
        if match.finished:
            break
        action = rng.choice(match.state.legal_actions())
        match.commit(action, action.to_text())
    return match


@pytest.mark.parametrize("game", ["verraeter", "kreta"])
def test_a_restarted_server_finds_every_seats_last_turn_again(game: str) -> None:
    match = played(game, 3, 40, 5)
    assert match.turn_ends, "no turn ended in 40 moves"
    again = Match("since", games.get(game), {}, 5, seats(3), actions=match.record.actions)
    tr = translator("en")
    names = match.names_in(tr)
    assert set(again.turn_ends) == set(match.turn_ends)
    for seat, end in match.turn_ends.items():
        other = again.turn_ends[seat]
        assert other.log == end.log
        assert board_svg(other.public, names, tr) == board_svg(end.public, names, tr)
        # the mark is the seat's log just after its turn: the next line (if any) is someone else's doing
        assert end.log <= len(match.view(seat).log)


@pytest.mark.parametrize("game", ["verraeter", "kreta"])
def test_the_state_says_what_changed_when_the_turn_is_back(game: str) -> None:
    rng = random.Random(2)
    match = Match("since", games.get(game), {}, 2, seats(3))
    tr = translator("en")
    assert (
        state_message(match, 0, "en", tr, board=BoardCache(), connected={}, log_start=0, deadline=None)["since"] is None
    )
    turns = 0
    while not match.finished and turns < 3:
        was_mine = match.to_act() == 0
        action = rng.choice(match.state.legal_actions())
        match.commit(action, action.to_text())
        if match.to_act() == 0 and not was_mine and 0 in match.turn_ends:
            turns += 1
            since = state_message(match, 0, "en", tr, board=BoardCache(), connected={}, log_start=0, deadline=None)[
                "since"
            ]
            assert since is not None and since["log"] == match.turn_ends[0].log
            assert since["changed"], "the others moved and nothing changed on the board?"
            svg = board_svg(match.view(-1), match.names_in(tr), tr)
            assert all(f'id="{key}"' in svg or key.startswith("province-") for key in since["changed"])
    assert turns == 3


def test_changed_places_compares_the_innermost_places_only() -> None:
    ns = 'xmlns="http://www.w3.org/2000/svg"'
    before = (
        f'<svg {ns}><defs><g id="wheel"/></defs><g id="ring"><g id="a" class="target" data-target="x:1">'
        '<title>A</title><rect/></g><g id="b"><circle r="1"/></g></g>'
        '<g class="chip" data-province="p"><rect/></g></svg>'
    )
    same = before.replace(' class="target" data-target="x:1"', "").replace("<title>A</title>", "<title>B</title>")
    assert changed_places(before, same) == []  # only clickable now or not: unchanged
    moved = before.replace('<circle r="1"/>', '<circle r="2"/>').replace(
        'data-province="p"><rect/>', 'data-province="p">'
    )
    assert changed_places(before, moved) == ["b", "province-p"]
    assert changed_places("", moved) == [] and changed_places(before, "<svg") == []


@pytest.mark.parametrize("game", ["verraeter", "kreta"])
def test_the_places_of_real_boards_are_found_and_compared_both_ways(game: str) -> None:
    """Over a game's boards: every drawing is read (places found), a board has not changed from itself, and a
    comparison says the same places whichever board comes first."""
    match = played(game, 3, 0, 4)
    tr = translator("en")
    rng = random.Random(4)
    boards = []
    for _ in range(40):
        action = rng.choice(match.state.legal_actions())
        match.commit(action, action.to_text())
        boards.append(board_svg(match.view(-1), match.names_in(tr), tr))
    for a, b in zip(boards, boards[3:], strict=False):
        assert places(a) and changed_places(a, a) == []
        assert changed_places(a, b) == changed_places(b, a)


def test_a_piece_drawn_beside_a_place_marks_that_place() -> None:
    """Kreta draws a ship in a port beside the port's own group: the port counts as changed (the text after a
    place, up to the next tag, is part of its drawing)."""
    ns = 'xmlns="http://www.w3.org/2000/svg"'
    before = f'<svg {ns}><g class="ports"><g id="port-a"><circle r="9"/></g>\n</g></svg>'
    ship = '<g class="piece ship"><path/></g>'
    after = f'<svg {ns}><g class="ports"><g id="port-a"><circle r="9"/></g>{ship}\n</g></svg>'
    assert changed_places(before, after) == ["port-a"]
