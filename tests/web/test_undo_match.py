"""Undo within the turn on the live match (:mod:`ludoteca.web.play.undo`, issue #34 point 3): a step undone is
a stored row of its own, the record is the rows as played, and a replay of the rows finds the same table."""

from __future__ import annotations

import random

import pytest

from ludoteca import games
from ludoteca.core.errors import LudotecaError
from ludoteca.core.records import parse_record_action, replay
from ludoteca.web.play.match import Match, MatchError
from ludoteca.web.play.seat import Seat
from ludoteca.web.play.undo import UNDO, as_played

KRETA = games.get("kreta")


def _match(seed: int = 1, **kw: object) -> Match:
    return Match("m", KRETA, {}, seed, [Seat(i, f"P{i}", "human") for i in range(2)], **kw)  # type: ignore[arg-type]


def _play(match: Match, text: str, *, by_bot: bool = False) -> None:
    parsed, notation = match.check(match.to_act(), match.version, text)
    match.commit(parsed, notation, match.prepare(parsed), by_bot=by_bot)


def _to_movement(match: Match, rng: random.Random) -> str:
    """Play at random until the seat to act may begin the Commander's movement: that action's text."""
    while True:
        legal = match.state.legal_actions()
        start = [a for a in legal if KRETA.can_undo and KRETA.can_undo(match.state, a)]
        if start:
            return str(start[0].to_text())
        _play(match, rng.choice(legal).to_text())


def _undo(match: Match, seat: int) -> None:
    match.check_undo(seat, match.version)
    match.commit_undo(match.prepare_undo())


def test_a_step_undone_returns_to_the_very_position_and_the_record_forgets_it_while_the_rows_keep_it() -> None:
    match = _match()
    step = _to_movement(match, random.Random(1))
    seat, before = match.to_act(), match.state
    digest_before = match.chains.combined()
    rows, played = len(match.rows), match.played
    assert not match.can_undo(seat)  # nothing of this turn yet
    _play(match, step)
    assert match.to_act() == seat and match.can_undo(seat) and not match.can_undo(1 - seat)
    _undo(match, seat)
    assert match.state.view(-1) == before.view(-1) and match.state.view(seat) == before.view(seat)
    assert match.digests[-1] == digest_before == match.chains.combined()
    assert match.rows[-2:] == [step, UNDO] and len(match.rows) == rows + 2
    assert match.played == played and match.record.actions == as_played(match.rows)
    assert match.version == rows + 2  # the revision goes on: a click made before the undo is stale
    assert not match.can_undo(seat)
    with pytest.raises(MatchError) as refused:
        match.check_undo(seat, match.version)
    assert refused.value.code == "cannot_undo"
    assert replay(KRETA, match.record).view(-1) == match.state.view(-1)  # the record replays to the same table


def test_steps_are_undone_one_by_one_back_to_the_turn_s_first_and_a_reload_of_the_rows_finds_the_same_table() -> None:
    match = _match(seed=2)
    rng = random.Random(2)
    step = _to_movement(match, rng)
    seat = match.to_act()
    _play(match, step)
    undoable = 1
    while True:  # further steps of the movement while a point remains after them
        more = [a for a in match.state.legal_actions() if KRETA.can_undo and KRETA.can_undo(match.state, a)]
        if not more:
            break
        _play(match, more[0].to_text())
        undoable += 1
    assert undoable >= 2
    for _ in range(undoable):
        assert match.can_undo(seat)
        again = _match(seed=2, actions=match.rows, digests=match.digests)  # a restart in the middle of it
        assert (again.version, again.record.actions, again.diverged) == (match.version, match.record.actions, None)
        assert again.can_undo(seat)
        _undo(match, seat)
    assert not match.can_undo(seat)
    again = _match(seed=2, actions=match.rows, digests=match.digests)
    assert again.diverged is None and again.state.view(seat) == match.state.view(seat)
    assert again.version == match.version and again.digests == match.digests
    _play(match, rng.choice(match.state.legal_actions()).to_text())  # and the game goes on from there
    assert _match(seed=2, actions=match.rows, digests=match.digests).digests == match.digests


def test_a_bot_s_step_is_never_undone_and_a_turn_passed_forgets_every_step_before_it() -> None:
    match = _match(seed=3)
    rng = random.Random(3)
    step = _to_movement(match, rng)
    seat = match.to_act()
    _play(match, step, by_bot=True)
    assert not match.can_undo(seat)
    assert not _match(seed=3, actions=match.rows, by_bot=[False] * (len(match.rows) - 1) + [True]).can_undo(seat)
    while match.to_act() == seat:  # the turn ends
        _play(match, rng.choice(match.state.legal_actions()).to_text())
    assert not match.can_undo(seat) and not match.can_undo(match.to_act())


def test_an_undo_the_rules_would_not_allow_makes_the_stored_game_diverged_where_it_stands() -> None:
    match = _match(seed=4)
    rng = random.Random(4)
    for _ in range(3):
        _play(match, rng.choice(match.state.legal_actions()).to_text())
    rows = [*match.rows, UNDO]
    if match.can_undo(match.to_act()):
        pytest.skip("this deal's third action may be undone")
    stored = _match(seed=4, actions=rows, digests=match.digests)
    assert stored.diverged is not None and stored.diverged.at == 4
    assert stored.agreed == 3 and stored.state.view(-1) == match.state.view(-1)


def test_a_game_without_undo_rows_replays_exactly_as_before() -> None:
    match = _match(seed=5)
    rng = random.Random(5)
    for _ in range(30):
        _play(match, rng.choice(match.state.legal_actions()).to_text())
    again = _match(seed=5, actions=match.record.actions, digests=match.digests)
    assert again.rows == again.record.actions == match.record.actions
    assert (again.version, again.played, again.agreed) == (30, 30, 30)


@pytest.mark.parametrize("name", ["kreta", "verraeter"])
def test_no_game_s_notation_reads_the_undo_row_as_an_action(name: str) -> None:
    with pytest.raises((LudotecaError, ValueError, KeyError, TypeError)):
        parse_record_action(games.get(name), UNDO)


def test_the_record_as_played_takes_away_the_step_before_each_undo() -> None:
    assert as_played(["a", "b", UNDO, "c", "d", UNDO, UNDO, "e"]) == ["a", "e"]
    assert as_played([UNDO, "a"]) == ["a"]  # nothing to take away: checked by the replay, not here


def test_verraeter_s_builder_step_before_a_discard_is_undone_and_replays_from_the_rows() -> None:
    """Verräter's one undoable step (docs/verraeter-rules.md, "Undo"): the Builder's, where phase 10 stops at
    the Builder's own discard before any card is drawn. Deal 16 comes to one at its 71st action."""
    definition = games.get("verraeter")
    seats = [Seat(i, f"P{i}", "human") for i in range(3)]
    match = Match("v", definition, {}, 16, seats)
    rng = random.Random(16)
    assert definition.can_undo is not None
    while not any(definition.can_undo(match.state, a) for a in match.state.legal_actions()):
        _play(match, rng.choice(match.state.legal_actions()).to_text())
    step = next(a for a in match.state.legal_actions() if definition.can_undo(match.state, a)).to_text()
    seat, before = match.to_act(), match.state.view(-1)
    _play(match, step)
    assert match.to_act() == seat and match.can_undo(seat)
    _undo(match, seat)
    assert match.state.view(-1) == before and match.rows[-2:] == [step, UNDO]
    again = Match("v", definition, {}, 16, seats, actions=match.rows, digests=match.digests)
    assert again.diverged is None and again.state.view(seat) == match.state.view(seat)
