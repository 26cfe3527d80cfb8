"""The live match (:mod:`ludoteca.web.play.match`): the revision a client acts on and the actions stored."""

from __future__ import annotations

import random

import pytest

from ludoteca import games
from ludoteca.web.play.match import Match, MatchError
from ludoteca.web.play.seat import Seat


def test_the_revision_is_its_own_counter_and_advances_with_each_action_as_the_actions_stored_do() -> None:
    """``version`` (what a client names when it acts) and ``played`` (the actions stored, the next row's
    ``n``) are two counters: equal today, since only an action changes either (issue #35: a take-back will
    advance the revision while the actions stored go down). A match replayed from its actions starts with both
    at their number; an action named on an older revision is stale."""
    rng = random.Random(3)
    seats = [Seat(i, f"P{i}", "human") for i in range(2)]
    match = Match("m", games.get("kreta"), {}, 11, seats)
    assert (match.version, match.played) == (0, 0)
    for n in range(1, 6):
        parsed, text = match.check(match.to_act(), match.version, rng.choice(match.state.legal_actions()).to_text())
        match.commit(parsed, text)
        assert (match.version, match.played) == (n, n)
    again = Match("m", games.get("kreta"), {}, 11, seats, actions=match.record.actions)
    assert (again.version, again.played) == (5, 5)
    with pytest.raises(MatchError) as refused:
        again.check(again.to_act(), 4, again.state.legal_actions()[0].to_text())
    assert refused.value.code == "stale"
