"""The ladder: places from a finished game, one game's update, provisional ratings, the nearest bot."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.ratings import PROVISIONAL_SIGMA, Rating, fresh, nearest, ranks_of, rate_game


def test_places_follow_the_winners_then_the_scores_and_ties_share_a_place() -> None:
    assert ranks_of([10, 8, 8, 12], winners=[3]) == [2, 3, 3, 1]
    assert ranks_of([10, 10, 8], winners=[0]) == [1, 2, 3]  # a tie-break lost is a place lost
    assert ranks_of([10, 10, 8], winners=[0, 1]) == [1, 1, 2]


def test_a_newcomer_is_provisional_at_1500() -> None:
    newcomer = fresh()
    assert newcomer.shown == 1500 and newcomer.provisional and newcomer.games == 0


def test_the_winner_rises_the_losers_fall_and_everyone_grows_more_certain() -> None:
    before = [fresh(), fresh(), fresh()]
    after = rate_game(before, scores=[31, 24, 24], winners=[0])
    assert after[0].mu > 1500 > after[1].mu
    assert after[1] == after[2]  # a tie is a tie
    assert all(a.sigma < b.sigma for a, b in zip(after, before, strict=True))
    assert all(a.games == 1 for a in after)


def test_beating_a_stronger_player_is_worth_more_than_beating_an_equal() -> None:
    strong = Rating(1900, 120, 40)
    over_strong = rate_game([fresh(), strong], [10, 5], [0])[0].mu - 1500
    over_equal = rate_game([fresh(), fresh()], [10, 5], [0])[0].mu - 1500
    assert over_strong > over_equal > 0


def test_a_steady_winner_stops_being_provisional() -> None:
    player, other = fresh(), Rating(1500, 100, 50)
    games = 0
    while player.provisional:
        player, other = rate_game([player, other], [10, 5], [0])
        games += 1
    assert player.sigma <= PROVISIONAL_SIGMA and 5 <= games <= 30 and player.mu > 1600


@given(st.lists(st.integers(0, 60), min_size=2, max_size=4))
def test_ratings_stay_finite_and_the_total_moves_little(scores: list[int]) -> None:
    best = max(scores)
    winners = [p for p, s in enumerate(scores) if s == best]
    after = rate_game([fresh()] * len(scores), scores, winners)
    assert all(0 < r.sigma < fresh().sigma for r in after)
    assert abs(sum(r.mu for r in after) - 1500 * len(scores)) < 1  # equal priors: what one gains, others lose


def test_bad_games_are_refused() -> None:
    with pytest.raises(ValueError):
        rate_game([fresh()], [3], [0])
    with pytest.raises(ValueError):
        rate_game([fresh(), fresh()], [3], [0])


def test_the_nearest_level_and_ties_go_to_the_weaker() -> None:
    levels = {"easy": Rating(1300), "normal": Rating(1500), "hard": Rating(1700)}
    assert nearest(Rating(1560), levels) == "normal"
    assert nearest(Rating(1600), levels) == "normal"
    assert nearest(Rating(2400), levels) == "hard"
    with pytest.raises(ValueError):
        nearest(fresh(), {})
