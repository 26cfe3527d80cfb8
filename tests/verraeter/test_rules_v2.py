"""Rules version 2 of Verräter (issue #14), each on a constructed position, beside version 1's behaviour.

Version 2: the Diplomat +2's extra card is drawn last (seed 003), the discard pile is reshuffled as soon as
the draw pile runs out (seeds 000, 003), four winners score the IV column, and a hand limit below the
starting hand is refused. The option ``discard_timing`` (``before``/``after``) is new in both versions.
"""

import pytest

from ludoteca.core.errors import IllegalActionError, OptionError
from ludoteca.core.rng import Rng
from ludoteca.verraeter import RULES_VERSION, VerraeterOptions, determinize
from ludoteca.verraeter.components import EAGLE

from verraeter_helpers import example_setup, play, position


def test_rules_version_is_two() -> None:
    assert RULES_VERSION == 2
    assert VerraeterOptions().rules_version == 2


# -------------------------------------------------------------------------- point 2: the Diplomat +2 draws last


def _short_pile_setup() -> dict:
    """4 players, the pile holds 2 cards (6 on top, then 8), the discard pile is empty. Brown (start player,
    Eagle) will be the Diplomat +2 with a Gutshof under the Eagle Stadt; Green (Eagle) has a Gutshof under the
    Eagle Dorf; Blue (Rose) and Orange (Traitor, no estate) draw nothing. 3 cards are owed, 2 are left."""
    setup = example_setup(
        hands=[[2, 2, 2, 2], [2, 4, 4, 4, 4, 4], [3, 3, 3, 3, 3], [5, 5, 5, 5, 5, 6]],
        draw_pile=[6, 8],
        discard=[],
        action_cards=["farmer", "traitor", "diplomat+2", "diplomat+5", "builder", "strategist"],
    )
    setup["ring"][4].pop("estate")  # Orange has no estate card
    return setup


_SHORT_ROUND = ("conflict 2/3", "take diplomat+2", "take strategist", "take builder", "take traitor",
                "supply none", "supply none", "supply none", "supply none", "pass")


def _draws(state) -> list[tuple[int, int]]:
    return [(e.seat, e.data[0]) for e in state.view(-1).log if e.kind == "draw"]


def test_diplomat2_extra_card_is_drawn_after_every_gutshof_draw() -> None:
    s = play(position(_short_pile_setup(), hand_limit=6, draw_cap="none"), *_SHORT_ROUND)
    # Eagle 15 + 2 beats the Rose Stadt's 15: no landscape with an estate card changes house.
    assert [e.data[0] for e in s.view(-1).log if e.kind == "won"] == [EAGLE]
    # Brown's Gutshof card, then Green's, and only then Brown's extra card, which finds the pile empty.
    assert _draws(s) == [(0, 1), (2, 1), (0, 0)]
    assert s.hands[0] == [2, 2, 2, 2, 6] and s.hands[2] == [3, 3, 3, 3, 3, 8]


def test_diplomat2_draws_with_his_gutshof_in_version_1() -> None:
    s = play(position(_short_pile_setup(), hand_limit=6, draw_cap="none", rules_version=1), *_SHORT_ROUND)
    assert _draws(s) == [(0, 2), (2, 0)]
    assert s.hands[0] == [2, 2, 2, 2, 6, 8] and s.hands[2] == [3, 3, 3, 3, 3]


def test_diplomat2_extra_card_counts_against_the_draw_cap() -> None:
    setup = example_setup(action_cards=["farmer", "builder", "diplomat+2", "strategist", "diplomat+5", "traitor"])
    setup["ring"][5]["estate"] = {"owner": 0, "side": "gutshof"}
    setup["ring"][7]["estate"] = {"owner": 0, "side": "gutshof"}
    moves = ("conflict 1/2", "take diplomat+2", "take builder", "take strategist", "take traitor",
             "supply 3,4,5", "supply none", "supply none", "supply none", "pass")
    s = play(position(setup), *moves)  # 3 Gutshof on Eagle land: the cap of 3 leaves no extra card
    assert [d for d in _draws(s) if d[0] == 0] == [(0, 3)]
    s = play(position(setup, draw_cap="none"), *moves)
    assert [d for d in _draws(s) if d[0] == 0] == [(0, 3), (0, 1)]
    assert _draws(s)[-1] == (0, 1)


# -------------------------------------------------------------------------- point 3: reshuffle at once

# The worked example's first round (seed 000) with a draw pile of exactly the 4 cards phase 10 draws.
_EXAMPLE_ROUND = ("conflict 1/2", "take builder", "take traitor", "take strategist", "take diplomat+5",
                  "supply 3,4,5", "supply 4", "supply none", "supply 3", "build 6")


def _exact_pile_setup() -> dict:
    return example_setup(draw_pile=[2, 2, 6, 8], discard=[2, 2, 2, 3, 4, 5, 6])


def test_discard_pile_is_reshuffled_as_soon_as_the_draw_pile_runs_out() -> None:
    s = play(position(_exact_pile_setup()), *_EXAMPLE_ROUND)
    v = s.view(-1)
    assert v.round == 2 and v.phase == "conflict"
    # The last of the 4 cards was drawn: the discard pile (7 + the 5 played) became the draw pile at once.
    assert v.draw_pile_size == 12 and v.discard == ()
    assert [e.data for e in v.log if e.kind == "reshuffle"] == [(12,)]
    # Cards played in round 2 wait in the new discard pile.
    while s.view(-1).phase in ("conflict", "draft"):
        s.apply(s.legal_actions()[0])
    played = s.hands[s.current_player()][0]
    play(s, f"supply {played}")
    while s.view(-1).round == 2:
        s.apply(next(a for a in s.legal_actions() if a.to_text() in ("supply none", "pass", "discard none")))
    assert s.discard == [played] and len([e for e in s.view(-1).log if e.kind == "reshuffle"]) == 1


def test_discard_pile_is_reshuffled_only_when_a_card_is_needed_in_version_1() -> None:
    s = play(position(_exact_pile_setup(), rules_version=1), *_EXAMPLE_ROUND)
    v = s.view(-1)
    assert v.draw_pile_size == 0 and len(v.discard) == 12
    assert not any(e.kind == "reshuffle" for e in v.log)


def test_reshuffle_in_the_middle_of_a_draw() -> None:
    setup = example_setup(hands=[[2, 2, 2], [3, 3, 3], [4, 4, 4], [5, 5, 5]],
                          discard=[2, 2, 3, 3, 4, 4, 5, 5, 6], draw_pile=[6, 8])
    s = play(position(setup), "conflict 1/2", "take farmer", "take traitor", "take strategist", "take diplomat+5",
             "supply 2,2,2", "supply none", "supply none", "supply none")
    # The Farmer draws the 2 cards of the pile; the discard pile (with the played 2s) is shuffled at once.
    log = s.view(-1).log
    assert next(e.data for e in log if e.kind == "reshuffle") == (12,)
    assert len(s.hands[0]) == 3


# -------------------------------------------------------------------------- point 4: discard_timing


def _over_limit_setup() -> dict:
    return example_setup(hands=[[2, 2, 3, 4, 5], [3, 4, 5], [3, 4, 5], [3, 4, 5]], draw_pile=[8, 6, 6],
                         discard=[2, 2, 2, 3, 4, 5],
                         action_cards=["diplomat+2", "farmer", "traitor", "strategist", "builder", "diplomat+5"])


_FARMER_ROUND = ("conflict 1/2", "take farmer", "take traitor", "take strategist", "take builder",
                 "supply none", "supply none", "supply none", "supply none", "pass")


def test_discard_timing_after_draws_first_then_discards_the_excess() -> None:
    s = play(position(_over_limit_setup(), discard_timing="after"), *_FARMER_ROUND)
    assert s.view(-1).phase == "draw" and s.current_player() == 0
    v = s.view(0)
    assert v.hand == (2, 2, 3, 4, 5, 6, 6, 8)  # the new cards are seen before choosing
    assert v.pending_draw == 0
    legal = {a.to_text() for a in s.legal_actions()}
    assert "discard 2,2,3" in legal and "discard 2,2,8" in legal
    assert "discard none" not in legal and "discard 2,2" not in legal and "discard 2,2,3,4" not in legal
    with pytest.raises(IllegalActionError):
        play(s, "discard 2,2")
    play(s, "discard 2,2,3")
    assert s.hands[0] == [4, 5, 6, 6, 8]
    assert sorted(s.discard)[:3] == [2, 2, 3]


def test_discard_timing_before_is_the_default() -> None:
    assert VerraeterOptions().discard_timing == "before"
    s = play(position(_over_limit_setup()), *_FARMER_ROUND)
    assert s.view(0).pending_draw == 3 and "discard none" in {a.to_text() for a in s.legal_actions()}


def test_discard_timing_after_asks_nothing_within_the_limit() -> None:
    s = play(position(_over_limit_setup(), discard_timing="after", hand_limit=8), *_FARMER_ROUND)
    assert s.view(-1).phase == "conflict" and len(s.hands[0]) == 8


def test_discard_timing_option_values() -> None:
    assert VerraeterOptions.from_dict({"discard_timing": "after"}).discard_timing == "after"
    assert VerraeterOptions.from_dict({"discard_timing": "after"}).to_dict()["discard_timing"] == "after"
    with pytest.raises(OptionError, match="discard_timing"):
        VerraeterOptions.from_dict({"discard_timing": "later"})
    assert "discard after drawing" in VerraeterOptions(discard_timing="after").describe()


# -------------------------------------------------------------------------- point 5b: four VP circles

_FOUR_WINNERS = ("conflict 1/2", "take builder", "take farmer", "take strategist", "take diplomat+5",
                 "supply 3,4,5", "supply 3,4,5", "supply none", "supply none")


def test_shipped_table_has_a_fourth_column_by_the_same_rule() -> None:
    table = VerraeterOptions().landscapes
    for row in table.vp:
        assert len(row) == 4
        assert row[3] == -(-row[0] // 4)  # ceil(V / 4), as II = ceil(V / 2) and III = ceil(V / 3)
    assert table.vp[5] == (12, 6, 4, 3)


def test_four_winners_score_the_fourth_column() -> None:
    setup = example_setup(allegiances=["eagle"] * 4)
    s = play(position(setup), *_FOUR_WINNERS)
    assert s.conflict_vp == [3, 3, 3, 3]  # Stadt IV
    s = play(position(setup, rules_version=1), *_FOUR_WINNERS)
    assert s.conflict_vp == [4, 4, 4, 4]  # version 1: Stadt III, even with the new table
    three = VerraeterOptions().landscapes.to_dict()
    for entry in three["landscapes"].values():
        entry["vp"] = entry["vp"][:3]
    s = play(position(setup, landscapes=three), *_FOUR_WINNERS)
    assert s.conflict_vp == [4, 4, 4, 4]  # a table without IV falls back to III
    custom = VerraeterOptions().landscapes.to_dict()
    custom["landscapes"]["stadt"]["vp"] = [12, 6, 4, 2]
    for version in (1, 2):
        s = play(position(setup, landscapes=custom, rules_version=version), *_FOUR_WINNERS)
        assert s.conflict_vp == [2, 2, 2, 2]  # a user's IV column counts in both versions


# -------------------------------------------------------------------------- point 6: hand limit below the start hand


@pytest.mark.parametrize("limit", [1, 2])
def test_hand_limit_below_the_starting_hand_is_refused(limit: int) -> None:
    with pytest.raises(OptionError, match=r"hand_limit .*starting hand"):
        VerraeterOptions.from_dict({"hand_limit": limit})
    with pytest.raises(OptionError, match="starting hand"):
        VerraeterOptions(hand_limit=limit)
    assert VerraeterOptions.from_dict({"hand_limit": limit, "rules_version": 1}).hand_limit == limit
    assert VerraeterOptions.from_dict({"hand_limit": 3}).hand_limit == 3


# -------------------------------------------------------------------------- determinize at the new choices


def _assert_determinizes(state) -> None:
    p = state.current_player()
    for who in (p, -1, (p + 1) % state.num_players):
        v = state.view(who)
        for seed in range(5):
            world = determinize(v, Rng(seed))
            assert world.view(who) == v
            assert world.draw_queue == state.draw_queue
            if who == p:
                assert world.legal_actions() == state.legal_actions()


def test_determinize_follows_the_diplomat2_drawing_twice() -> None:
    setup = _short_pile_setup()
    setup.pop("draw_pile")
    setup["hands"] = [[2, 2, 3, 4, 5], [3, 4, 5], [3, 4, 5], [3, 4, 5]]
    s = play(position(setup), *_SHORT_ROUND)
    assert s.view(-1).phase == "draw" and s.current_player() == 0 and s.draw_queue == [(0, 1), (2, 1), (0, 1)]
    _assert_determinizes(s)
    play(s, "discard 2")  # Brown's Gutshof card; Green draws; then Brown's extra card is over the limit again
    assert s.view(-1).phase == "draw" and s.current_player() == 0 and s.draw_queue == [(0, 1)]
    _assert_determinizes(s)
    play(s, "discard none")
    assert len(s.hands[0]) == 5 and s.view(-1).phase == "conflict"


def test_determinize_at_a_discard_after_drawing() -> None:
    s = play(position(_over_limit_setup(), discard_timing="after"), *_FARMER_ROUND)
    assert s.view(-1).phase == "draw"
    _assert_determinizes(s)
