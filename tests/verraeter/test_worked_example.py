"""The specification's worked example (seed 000, a 4-player first round, 1998 start hands), as written.

Seats: 0 Brown (start player, Eagle), 1 Blue (Rose), 2 Green (Eagle), 3 Orange (Rose).
"""

from ludoteca.verraeter.components import BUILDER, DIPLOMAT2, DIPLOMAT5, EAGLE, FARMER, ROSE, STRATEGIST, TRAITOR

from verraeter_helpers import play, position

BROWN, BLUE, GREEN, ORANGE = range(4)


def test_round_one_exactly_as_written() -> None:
    s = position()
    # Set-up as in the example.
    assert s.allegiance == [EAGLE, ROSE, EAGLE, ROSE]
    assert s.strategy_holder == BLUE and s.start_player == BROWN
    assert s.current_player() == BLUE

    # Phase 1: Blue sets the conflict between the Eagle Fluss (CP 5) and the Rose Stadt (CP 15).
    play(s, "conflict 1/2")
    # Phase 2: Diplomat +2 put aside unseen; the start player sees the other five.
    assert s.aside == DIPLOMAT2
    assert s.view(BROWN).offered == tuple(sorted((TRAITOR, DIPLOMAT5, BUILDER, STRATEGIST, FARMER)))
    play(s, "take builder", "take traitor", "take strategist", "take diplomat+5")
    assert s.leftover == (FARMER,)
    # Phase 3: Brown plays 3, 4, 5; Blue 4; Green nothing; Orange 3.
    play(s, "supply 3,4,5", "supply 4", "supply none")
    assert s.current_player() == ORANGE
    play(s, "supply 3")

    # Phase 4: Blue (Traitor) turns to Eagle.
    assert s.allegiance == [EAGLE, EAGLE, EAGLE, ROSE]
    # Phase 5: Eagle 5 + 12 + 4 = 21; Rose 15 + 3 + 5 = 23. Rose wins.
    assert s.strength == (21, 23)
    assert s.winner == ROSE
    # Phase 6: Orange scores Fluss I = 5; Blue +1 (Traitor), Green +2 (Strategist). Fluss turns to Rose.
    assert s.land_house[0] == ROSE
    view = s.view(-1)
    assert view.scores == (0, 1, 2, 5)
    assert (view.conflict_vp, view.traitor_vp, view.strategist_vp) == ((0, 0, 0, 5), (0, 1, 0, 0), (0, 0, 2, 0))

    # Phase 7: Brown (Builder) places a Gutshof under the Eagle Weide (now 2 in play).
    assert s.current_player() == BROWN
    play(s, "build 6")
    assert [i for i in range(12) if s.estate_owner[i] == BROWN] == [2, 5]
    assert s.reserve[BROWN] == 1

    # Phase 8: Green takes the strategy card. Phase 10: no Farmer; Brown draws 2, Blue 0, Green 1, Orange 1.
    assert s.strategy_holder == GREEN
    assert [len(h) for h in s.hands] == [2, 2, 4, 3]
    assert sorted(s.discard) == [3, 3, 4, 4, 5]

    # Phase 12: Blue becomes start player; Green will set the next conflict.
    assert s.start_player == BLUE
    assert s.round == 2
    assert s.current_player() == GREEN
    assert s.view(GREEN).phase == "conflict"


def test_had_eagle_won_the_three_winners_would_score_stadt_three() -> None:
    """The example's aside: three Eagle winners would each have scored Stadt III = 4 VP."""
    s = position()
    play(s, "conflict 1/2", "take builder", "take traitor", "take strategist", "take diplomat+5")
    play(s, "supply 3,4,5", "supply 3,4,5", "supply 3,4,5", "supply none")
    assert s.winner == EAGLE
    assert s.conflict_vp == [4, 4, 4, 0]
    assert s.land_house[1] == EAGLE
