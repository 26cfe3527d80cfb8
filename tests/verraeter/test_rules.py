"""One test (or a few) per rule of the Verräter specification, in the order of the spec."""

from collections import Counter

import pytest

from ludoteca.core.errors import IllegalActionError
from ludoteca.verraeter import VerraeterOptions, new_game, parse_action
from ludoteca.verraeter.components import (
    BUILDER,
    DIPLOMAT2,
    DIPLOMAT5,
    EAGLE,
    FARMER,
    ROSE,
    STRATEGIST,
    SUPPLY_DECK,
    TRAITOR,
)

from verraeter_helpers import example_setup, play, position

# -------------------------------------------------------------------------- set-up


@pytest.mark.parametrize("players", [3, 4])
def test_setup_allegiances_alternate_from_the_start_player(players: int) -> None:
    for start in range(players):
        s = new_game(VerraeterOptions(), 7, players, start_player=start)
        expected = [EAGLE if (p - start) % players % 2 == 0 else ROSE for p in range(players)]
        assert s.allegiance == expected
        assert s.strategy_holder == (start + 1) % players
        assert s.current_player() == start


def test_setup_ring_holds_one_set_eagle_up_and_one_rose_up() -> None:
    for seed in range(20):
        s = new_game(VerraeterOptions(), seed, 4)
        for house in (EAGLE, ROSE):
            kinds = sorted(s.land_type[i] for i in range(12) if s.land_house[i] == house)
            assert kinds == list(range(6))


def test_start_player_is_random_unless_given() -> None:
    starts = {new_game(VerraeterOptions(), seed, 4).start_player for seed in range(40)}
    assert starts == {0, 1, 2, 3}


def test_gutshof_placement_goes_clockwise_on_free_landscapes() -> None:
    s = new_game(VerraeterOptions(), 1, 4, start_player=2)
    order = []
    for landscape in (1, 2, 3, 4):
        order.append(s.current_player())
        assert all(a.to_text().startswith("gutshof") for a in s.legal_actions())
        play(s, f"gutshof {landscape}")
    assert order == [2, 3, 0, 1]
    assert s.reserve == [2, 2, 2, 2]
    assert s.view(-1).phase == "conflict"


def test_no_two_estates_under_one_landscape() -> None:
    s = new_game(VerraeterOptions(), 1, 4, start_player=0)
    play(s, "gutshof 5")
    with pytest.raises(IllegalActionError, match="already has an estate"):
        play(s, "gutshof 5")


def test_start_hands_1998_are_3_4_5() -> None:
    s = new_game(VerraeterOptions(edition=1998), 3, 3, start_player=0)
    play(s, "gutshof 1", "gutshof 2", "gutshof 3")
    assert s.hands == [[3, 4, 5]] * 3
    assert len(s.draw_pile) == 23 - 9


def test_start_hands_2008_are_random() -> None:
    hands = set()
    for seed in range(10):
        s = new_game(VerraeterOptions(edition=2008), seed, 4, start_player=0)
        play(s, "gutshof 1", "gutshof 2", "gutshof 3", "gutshof 4")
        assert all(len(h) == 3 for h in s.hands)
        assert sorted(s.supply_in_play()) == sorted(SUPPLY_DECK)
        hands.add(tuple(s.hands[0]))
    assert len(hands) > 3


# -------------------------------------------------------------------------- phase 1


def test_conflict_only_between_adjacent_landscapes_of_different_houses() -> None:
    s = position()
    legal = {a.to_text() for a in s.legal_actions()}
    # Example ring houses: E R E E R E R E R E R R
    assert legal == {"conflict 1/2", "conflict 2/3", "conflict 4/5", "conflict 5/6", "conflict 6/7",
                     "conflict 7/8", "conflict 8/9", "conflict 9/10", "conflict 10/11", "conflict 12/1"}
    with pytest.raises(IllegalActionError, match="same house"):
        play(s, "conflict 3/4")


def test_conflict_wraps_around_the_ring() -> None:
    s = position()
    play(s, "conflict 1/12")
    assert s.conflict == 11


# -------------------------------------------------------------------------- phase 2


def test_draft_puts_one_card_aside_and_passes_left() -> None:
    s = position()
    play(s, "conflict 1/2")
    assert len(s.view(0).offered) == 5 and s.aside not in s.view(0).offered
    play(s, "take farmer")
    assert s.view(1).offered == tuple(c for c in s.view(0).offered if c != FARMER)
    assert s.view(2).offered == ()  # not yet offered anything
    play(s, "take builder", "take traitor")
    assert len(s.view(3).offered) == 2
    play(s, "take strategist")
    assert len(s.leftover) == 1
    assert {s.aside, *s.leftover, *s.chosen} == set(range(6))


def test_draft_with_three_players_leaves_two_cards() -> None:
    setup = example_setup(allegiances=["eagle", "rose", "eagle"], hands=[[3, 4, 5]] * 3)
    for card in setup["ring"]:
        if card.get("estate", {}).get("owner") == 3:
            del card["estate"]
    s = position(setup, players=3)
    play(s, "conflict 1/2", "take builder", "take traitor", "take strategist")
    assert len(s.leftover) == 2


def test_cannot_take_a_card_not_offered() -> None:
    s = position()
    play(s, "conflict 1/2")
    with pytest.raises(IllegalActionError, match="not among the cards"):
        play(s, "take diplomat+2")  # put aside unseen


# -------------------------------------------------------------------------- phase 3


def test_supply_zero_to_five_cards_from_hand() -> None:
    s = position(example_setup(hands=[[2, 2, 3, 4, 5], [3, 4, 5], [3, 4, 5], [3, 4, 5]]))
    play(s, "conflict 1/2", "take builder", "take traitor", "take strategist", "take diplomat+5")
    legal = {a.to_text() for a in s.legal_actions()}
    assert "supply none" in legal and "supply 2,2,3,4,5" in legal and "supply 2,2" in legal
    assert len(legal) == len({tuple(sorted(x)) for x in legal})
    with pytest.raises(IllegalActionError, match="does not hold"):
        play(s, "supply 8")


def test_supply_played_is_public_at_once() -> None:
    s = position()
    play(s, "conflict 1/2", "take builder", "take traitor", "take strategist", "take diplomat+5", "supply 3,5")
    assert s.view(2).played[0] == (3, 5)
    assert s.view(2).hand_sizes[0] == 1


# -------------------------------------------------------------------------- phases 4-6


def _round_to_reveal(setup: dict, takes: list[str], supplies: list[str], **options) -> object:
    s = position(setup, **options)
    play(s, "conflict 1/2", *takes, *supplies)
    return s


def test_traitor_switches_at_once_and_scores_one() -> None:
    s = _round_to_reveal(example_setup(), ["take builder", "take traitor", "take strategist", "take farmer"],
                         ["supply 4,5", "supply none", "supply none", "supply none"])
    assert s.allegiance[1] == EAGLE
    assert s.traitor_vp[1] == 1
    # Blue's later switch back is the same rule: allegiance holds until Traitor is played again.
    assert any(e.kind == "switch" and e.seat == 1 for e in s.view(-1).log)


def test_tie_changes_no_landscape_and_only_traitor_and_strategist_score() -> None:
    s = _round_to_reveal(example_setup(), ["take builder", "take traitor", "take strategist", "take farmer"],
                         ["supply 5", "supply 5", "supply none", "supply none"])
    assert s.strength == (15, 15)
    assert s.winner == -1
    assert s.land_house[0] == EAGLE and s.land_house[1] == ROSE
    assert s.conflict_vp == [0, 0, 0, 0]
    assert s.traitor_vp == [0, 1, 0, 0] and s.strategist_vp == [0, 0, 2, 0]


def test_diplomats_add_to_their_players_current_house() -> None:
    cards = ["farmer", "builder", "diplomat+2", "strategist", "diplomat+5", "traitor"]
    s = _round_to_reveal(example_setup(action_cards=cards),
                         ["take diplomat+2", "take diplomat+5", "take builder", "take traitor"],
                         ["supply none"] * 4)
    # Brown (Eagle) +2; Blue (Rose) +5; Orange (Traitor) turns Eagle.
    assert s.strength == (5 + 2, 15 + 5)


def test_diplomat5_switches_in_2008_when_all_supported_one_house() -> None:
    cards = ["farmer", "builder", "diplomat+2", "strategist", "diplomat+5", "traitor"]
    setup = example_setup(allegiances=["eagle"] * 4, action_cards=cards)
    s = _round_to_reveal(setup, ["take diplomat+5", "take builder", "take strategist", "take traitor"],
                         ["supply none"] * 4, edition=2008)
    assert s.allegiance == [ROSE, EAGLE, EAGLE, ROSE]
    # It still gives its 5 CP (to its new house) and no VP.
    assert s.strength == (5, 15 + 5)
    assert s.traitor_vp == [0, 0, 0, 1]


def test_diplomat5_does_not_switch_in_1998_or_when_houses_were_mixed() -> None:
    setup = example_setup(allegiances=["eagle"] * 4)
    s = _round_to_reveal(setup, ["take diplomat+5", "take builder", "take strategist", "take traitor"],
                         ["supply none"] * 4, edition=1998)
    assert s.allegiance[0] == EAGLE
    s = _round_to_reveal(example_setup(), ["take diplomat+5", "take builder", "take strategist", "take traitor"],
                         ["supply none"] * 4, edition=2008)
    assert s.allegiance[0] == EAGLE


@pytest.mark.parametrize("edition", [1998, 2008])
@pytest.mark.parametrize("all_same", [False, True])
def test_the_house_switch_is_one_rule(edition: int, all_same: bool) -> None:
    """``switches_house`` is the rule everyone asks (the resolution, the heuristic, the guide): the Traitor
    always switches, the Diplomat +5 only in 2008 when every seat served one house, no other card ever."""
    from ludoteca.verraeter import switches_house
    from ludoteca.verraeter.components import ACTION_KEYS, DIPLOMAT5, TRAITOR

    switching = {c for c in range(len(ACTION_KEYS)) if switches_house(c, edition, all_same)}
    assert switching == ({TRAITOR, DIPLOMAT5} if edition == 2008 and all_same else {TRAITOR})


def test_winning_house_without_supporters_turns_the_card_and_nobody_scores() -> None:
    setup = example_setup(allegiances=["eagle"] * 4)
    s = _round_to_reveal(setup, ["take builder", "take farmer", "take strategist", "take diplomat+5"],
                         ["supply none"] * 4)
    # Eagle 5 + 5 (Diplomat) = 10 < Rose 15 with no Rose supporters.
    assert s.winner == ROSE
    assert s.land_house[0] == ROSE
    assert s.conflict_vp == [0, 0, 0, 0]


def test_victory_points_depend_on_the_number_of_winners() -> None:
    table = VerraeterOptions().landscapes
    s = position()
    play(s, "conflict 1/2", "take builder", "take farmer", "take strategist", "take diplomat+5",
         "supply 3,4,5", "supply none", "supply 3,4,5", "supply none")
    # Eagle: Brown and Green (2 winners) 5 + 24 vs Rose 15 + 5: Eagle wins the Rose Stadt, II.
    assert s.winner == EAGLE
    assert s.conflict_vp == [table.points(5, 2), 0, table.points(5, 2), 0]


def test_four_winners_use_the_third_value_unless_a_fourth_is_given_in_version_1() -> None:
    setup = example_setup(allegiances=["eagle"] * 4)
    moves = ["conflict 1/2", "take builder", "take farmer", "take strategist", "take diplomat+5",
             "supply 3,4,5", "supply 3,4,5", "supply none", "supply none"]
    s = play(position(setup, edition=1998, rules_version=1), *moves)
    assert s.conflict_vp == [4, 4, 4, 4]  # Stadt III (version 2: the IV column, see test_rules_v2)
    custom = VerraeterOptions().landscapes.to_dict()
    custom["landscapes"]["stadt"]["vp"] = [12, 6, 4, 2]
    s = play(position(setup, edition=1998, landscapes=custom, rules_version=1), *moves)
    assert s.conflict_vp == [2, 2, 2, 2]


# -------------------------------------------------------------------------- phase 7


def _at_builder(setup: dict | None = None, **options) -> object:
    s = position(setup or example_setup(), **options)
    play(s, "conflict 1/2", "take builder", "take traitor", "take strategist", "take diplomat+5",
         "supply none", "supply none", "supply none", "supply none")
    assert s.view(-1).phase == "build" and s.current_player() == 0
    return s


def test_builder_places_gutshof_side_up_on_a_free_landscape() -> None:
    s = _at_builder()
    texts = {a.to_text() for a in s.legal_actions()}
    assert "build 6" in texts and "build 1" not in texts and "pass" in texts and "turn 3" in texts
    assert not any(t.endswith("kontor") for t in texts)
    with pytest.raises(IllegalActionError, match="Gutshof side up"):
        play(s, "build 6 kontor")
    play(s, "build 6")
    assert s.estate_owner[5] == 0 and not s.estate_kontor[5]


def test_builder_may_place_kontor_with_the_option() -> None:
    s = _at_builder(builder_places_kontor=True)
    play(s, "build 6 kontor")
    assert s.estate_kontor[5]


def test_builder_turns_an_estate_card_both_ways() -> None:
    s = _at_builder()
    play(s, "turn 3")
    assert s.estate_kontor[2] and s.estate_owner[2] == 0


def test_never_more_than_two_kontor() -> None:
    setup = example_setup()
    setup["ring"][2]["estate"] = {"owner": 0, "side": "kontor"}
    setup["ring"][5]["estate"] = {"owner": 0, "side": "kontor"}
    setup["ring"][7]["estate"] = {"owner": 0, "side": "gutshof"}
    s = _at_builder(setup)
    texts = {a.to_text() for a in s.legal_actions()}
    assert "turn 8" not in texts and "turn 3" in texts  # back to Gutshof is fine
    with pytest.raises(IllegalActionError, match="2 Kontor"):
        play(s, "turn 8")


def test_builder_cannot_turn_another_players_card() -> None:
    s = _at_builder()
    with pytest.raises(IllegalActionError, match="no estate card"):
        play(s, "turn 1")


def test_builder_is_asked_even_when_the_builder_card_went_to_another_seat() -> None:
    s = position()
    play(s, "conflict 1/2", "take traitor", "take builder", "take strategist", "take diplomat+5")
    play(s, "supply none", "supply none", "supply none", "supply none")
    assert s.view(-1).phase == "build" and s.current_player() == 1


# -------------------------------------------------------------------------- phase 8


def test_strategist_takes_the_strategy_card_else_holder_keeps_it() -> None:
    s = _at_builder()
    play(s, "pass")
    assert s.strategy_holder == 2
    s = position(example_setup(action_cards=["strategist", "builder", "traitor", "diplomat+2", "diplomat+5", "farmer"]))
    play(s, "conflict 1/2", "take builder", "take traitor", "take farmer", "take diplomat+5",
         "supply none", "supply none", "supply none", "supply none", "pass")
    assert s.strategy_holder == 1


# -------------------------------------------------------------------------- phases 9-10


def test_played_supply_is_discarded_and_reshuffled_when_the_pile_runs_out() -> None:
    setup = example_setup(hands=[[2, 2, 2], [3, 3, 3], [4, 4, 4], [5, 5, 5]],
                          discard=[2, 2, 3, 3, 4, 4, 5, 5, 6], draw_pile=[6, 8])
    s = position(setup)
    play(s, "conflict 1/2", "take farmer", "take traitor", "take strategist", "take diplomat+5",
         "supply 2,2,2", "supply none", "supply none", "supply none")
    # Farmer (Brown) draws 3: the 2 in the pile, then the discard pile (with the played 2s) is reshuffled.
    assert len(s.hands[0]) == 3
    assert any(e.kind == "reshuffle" for e in s.view(-1).log)
    assert sorted(s.supply_in_play()) == sorted(SUPPLY_DECK)


def test_farmer_draws_three_first_and_nothing_for_gutshof() -> None:
    s = position()
    play(s, "conflict 1/2", "take farmer", "take traitor", "take strategist", "take diplomat+5",
         "supply 3,4,5", "supply none", "supply none", "supply none")
    draws = [e for e in s.view(-1).log if e.kind == "draw"]
    assert draws[0].seat == 0 and draws[0].data == (3,)
    assert len(s.hands[0]) == 3


def test_gutshof_draw_only_under_own_house_and_not_kontor() -> None:
    setup = example_setup()
    setup["ring"][5]["estate"] = {"owner": 2, "side": "kontor"}  # Green's Kontor on Eagle land: no draw
    s = position(setup)
    play(s, "conflict 1/2", "take builder", "take farmer", "take strategist", "take diplomat+5",
         "supply 3,4,5", "supply 3,4,5", "supply 3,4,5", "supply 3,4,5", "pass")
    # Eagle 5+12+12 = 29 vs Rose 15+12+12+5... Blue is Farmer (Rose). Rose 15 + 12 + 12 + 5 = 44 wins Fluss.
    draws = {e.seat: e.data[0] for e in s.view(-1).log if e.kind == "draw"}
    assert draws[1] == 3  # Farmer
    assert draws[0] == 1  # Brown: Gutshof under the Eagle Stadt
    assert draws[2] == 1  # Green: Gutshof under the Eagle Dorf; the Kontor gives nothing
    assert draws[3] == 1  # Orange: Gutshof under the Rose Dorf


def test_diplomat2_draws_one_extra_and_draw_cap_is_three() -> None:
    setup = example_setup(action_cards=["farmer", "builder", "diplomat+2", "strategist", "diplomat+5", "traitor"])
    setup["ring"][5]["estate"] = {"owner": 0, "side": "gutshof"}
    setup["ring"][7]["estate"] = {"owner": 0, "side": "gutshof"}
    s = position(setup)
    play(s, "conflict 1/2", "take diplomat+2", "take builder", "take strategist", "take traitor",
         "supply 3,4,5", "supply none", "supply none", "supply none", "pass")
    # Brown: 3 Gutshof on Eagle land + 1 = 4, capped at 3.
    draws = {e.seat: e.data[0] for e in s.view(-1).log if e.kind == "draw"}
    assert draws[0] == 3
    s = position(setup, draw_cap="none")
    play(s, "conflict 1/2", "take diplomat+2", "take builder", "take strategist", "take traitor",
         "supply 3,4,5", "supply none", "supply none", "supply none", "pass")
    assert sum(e.data[0] for e in s.view(-1).log if e.kind == "draw" and e.seat == 0) == 4


def test_hand_limit_asks_what_to_discard_or_draw_fewer() -> None:
    setup = example_setup(hands=[[2, 2, 3, 4, 5], [3, 4, 5], [3, 4, 5], [3, 4, 5]],
                          action_cards=["diplomat+2", "farmer", "traitor", "strategist", "builder", "diplomat+5"])
    s = position(setup)
    play(s, "conflict 1/2", "take farmer", "take traitor", "take strategist", "take builder",
         "supply none", "supply none", "supply none", "supply none")
    # Orange (Builder) passes; Brown, the Farmer, holds 5 and may draw 3: a hand-limit choice.
    play(s, "pass")
    assert s.view(-1).phase == "draw" and s.current_player() == 0
    assert s.view(0).pending_draw == 3
    legal = {a.to_text() for a in s.legal_actions()}
    assert "discard none" in legal and "discard 2,2,3" in legal and "discard 2,2,3,4" not in legal
    with pytest.raises(IllegalActionError, match="gains nothing"):
        play(s, "discard 2,2,3,4")
    play(s, "discard 2,2")
    assert len(s.hands[0]) == 5
    assert [e.data for e in s.view(-1).log if e.kind == "draw" and e.seat == 0] == [(2,)]


def test_hand_limit_six_option() -> None:
    setup = example_setup(hands=[[2, 2, 3, 4, 5], [3, 4, 5], [3, 4, 5], [3, 4, 5]],
                          action_cards=["diplomat+2", "farmer", "traitor", "strategist", "builder", "diplomat+5"])
    s = position(setup, hand_limit=6)
    play(s, "conflict 1/2", "take farmer", "take traitor", "take strategist", "take builder",
         "supply none", "supply none", "supply none", "supply none", "pass")
    assert s.view(0).pending_draw == 3 and s.view(-1).phase == "draw"
    play(s, "discard none")
    assert len(s.hands[0]) == 6


# -------------------------------------------------------------------------- end and final scoring


@pytest.mark.parametrize(("players", "rounds"), [(3, 9), (4, 8)])
def test_game_lasts_eight_or_nine_rounds(players: int, rounds: int) -> None:
    from verraeter_helpers import random_game

    for seed in range(5):
        s, _ = random_game(seed, players)
        house = s.land_house
        assert s.round == rounds or all(h == house[0] for h in house)
        assert s.result().progress["rounds"] == s.round


def test_game_ends_early_when_one_house_holds_every_landscape() -> None:
    ring = example_setup()["ring"]
    for i, card in enumerate(ring):
        card["house"] = "rose" if i != 0 else "eagle"
    setup = example_setup(ring=ring, allegiances=["rose"] * 4)
    s = position(setup)
    play(s, "conflict 1/2", "take builder", "take traitor", "take strategist", "take diplomat+5",
         "supply none", "supply none", "supply none", "supply none", "pass")
    assert s.is_terminal() and s.round == 1
    assert s.legal_actions() == []


def test_final_scoring_kontor_times_hand_at_most_six() -> None:
    setup = example_setup(round=8, hands=[[2, 2, 3, 4, 5], [3, 4, 5], [3], [3, 4, 5]])
    setup["ring"][2]["estate"] = {"owner": 0, "side": "kontor"}
    setup["ring"][5]["estate"] = {"owner": 0, "side": "kontor"}
    setup["ring"][3]["estate"] = {"owner": 2, "side": "kontor"}
    s = position(setup)
    play(s, "conflict 1/2", "take traitor", "take farmer", "take strategist", "take diplomat+5",
         "supply none", "supply none", "supply none", "supply none", "discard none")
    assert s.is_terminal()
    r = s.result()
    assert r.breakdown[0]["kontor"] == 2 * 3  # 2 Kontor × min(5, 3) cards
    assert r.breakdown[2]["kontor"] == 1 * min(len(s.hands[2]), 3)
    assert r.breakdown[1]["kontor"] == 0
    assert s.view(-1).kontor_vp == tuple(b["kontor"] for b in r.breakdown)


@pytest.mark.parametrize(
    ("kontors", "cards", "points"), [(0, 5, 0), (1, 0, 0), (1, 2, 2), (2, 3, 6), (2, 7, 6), (3, 3, 6)]
)
def test_the_kontor_bonus_is_one_rule(kontors: int, cards: int, points: int) -> None:
    """Kontor (at most 2 count) × cards in hand (at most 3): the final scoring, the bots' projections and the
    judge all call ``scoring.kontor_points``."""
    from ludoteca.verraeter.scoring import kontor_points

    assert kontor_points(kontors, cards) == points


def test_tied_players_share_the_win() -> None:
    s = position(example_setup(round=8))
    play(s, "conflict 1/2", "take builder", "take farmer", "take strategist", "take diplomat+5",
         "supply none", "supply none", "supply none", "supply none", "pass", "discard none")
    assert s.is_terminal()
    r = s.result()
    best = max(r.scores)
    assert r.winners == tuple(p for p in range(4) if r.scores[p] == best)


def test_final_round_ends_after_phase_ten() -> None:
    s = position(example_setup(round=8))
    play(s, "conflict 1/2", "take builder", "take farmer", "take strategist", "take diplomat+5",
         "supply none", "supply none", "supply none", "supply none", "pass", "discard none")
    assert s.is_terminal()
    assert s.start_player == 0  # the start-player card did not pass
    assert Counter(len(h) for h in s.hands)  # draws of phase 10 happened
    assert any(e.kind == "draw" for e in s.view(-1).log)


def test_action_cards_used_constants_are_distinct() -> None:
    assert len({TRAITOR, DIPLOMAT2, DIPLOMAT5, BUILDER, STRATEGIST, FARMER}) == 6


def test_illegal_action_in_wrong_phase_names_what_is_expected() -> None:
    s = position()
    with pytest.raises(IllegalActionError, match="must set the conflict"):
        s.apply(parse_action("take traitor"))
