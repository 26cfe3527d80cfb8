"""The joint fit of the bots' seeds: it finds the strengths that made the games, and says how well it knows them."""

from __future__ import annotations

import math
import random

import pytest

from ludoteca.ratings.fit import fit
from ludoteca.ratings.ladder import MODEL_PARAMETERS


def plackett_luce(strengths: dict[str, float], rng: random.Random) -> list[tuple[str, int]]:
    """One game of the fit's own model: seats drawn into places with chances ``exp(mu/c)``."""
    c = MODEL_PARAMETERS["beta"] * math.sqrt(len(strengths))
    left, placed = list(strengths), []
    while left:
        weights = [math.exp(strengths[p] / c) for p in left]
        chosen = rng.choices(left, weights)[0]
        left.remove(chosen)
        placed.append((chosen, len(placed) + 1))
    return placed


def test_no_games_leave_a_newcomer_where_it_starts() -> None:
    assert fit([]) == {}
    one = fit([[("a", 1), ("b", 1)]])  # a tie says nothing of who is stronger
    assert one["a"].mu == pytest.approx(one["b"].mu) == pytest.approx(MODEL_PARAMETERS["mu"])


def test_the_fit_finds_the_strengths_that_made_the_games() -> None:
    """Simulated three-player games of known strengths (mean 1500): each estimate within three of its sigmas,
    the order right, and the sigmas shrinking with more games."""
    truth = {"easy": 1300.0, "normal": 1500.0, "hard": 1700.0}
    rng = random.Random(7)
    few = [plackett_luce(truth, rng) for _ in range(100)]
    many = few + [plackett_luce(truth, rng) for _ in range(900)]
    fitted = fit(many)
    for name, mu in truth.items():
        assert abs(fitted[name].mu - mu) < 3 * fitted[name].sigma
        assert fitted[name].games == 1000
        assert fitted[name].sigma < fit(few)[name].sigma
    assert fitted["hard"].mu > fitted["normal"].mu > fitted["easy"].mu
    assert sum(r.mu for r in fitted.values()) / 3 == pytest.approx(MODEL_PARAMETERS["mu"])


def test_one_player_in_two_seats_is_one_rating() -> None:
    """Two `normal` seats against one `hard` that always wins: `hard` above, and `normal` once."""
    games = [[("hard", 1), ("normal", 2), ("normal", 3)]] * 20
    fitted = fit(games)
    assert set(fitted) == {"hard", "normal"} and fitted["hard"].mu > fitted["normal"].mu
