"""The sequential test and the luck estimates on simulated deal blocks with a known true share.

Every simulation is seeded, so each test answers the same on every machine; the tolerances are a few binomial
standard deviations of the simulated frequencies, so they test the method, not the seed.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ludoteca.arena.runner import SeatRecord
from ludoteca.arena.sequential import (
    MIN_BLOCKS,
    Hypotheses,
    Sequential,
    control_variate,
    decide,
    duplicate_gain,
    llr,
)
from ludoteca.arena.summary import deal_values
from ludoteca.core.rng import Rng

THREE = Hypotheses.above_parity(1 / 3)


def _uniform(rng: Rng) -> float:
    return rng.below(1 << 30) / (1 << 30)


def _block(rng: Rng, share: float, rotations: int = 3, luck: float = 0.15) -> list[float]:
    """One deal block: the bot's win (1) or loss (0) in each rotation, its chance in each ``share`` moved by a
    luck of the deal (−luck, 0 or +luck, the same for the block's games), so the block mean's expectation is
    ``share`` exactly while the games of a block are correlated."""
    shift = (rng.below(3) - 1) * luck
    return [1.0 if _uniform(rng) < share + shift else 0.0 for _ in range(rotations)]


def _run(rng: Rng, share: float, hypotheses: Hypotheses, players: int = 3, cap: int = 3000) -> str | None:
    """One sequential test on simulated blocks, played until it decides (or the cap)."""
    test = Sequential(hypotheses)
    for _ in range(cap):
        decision = test.add(math.fsum(_block(rng, share, players)) / players)
        if decision.decided:
            return decision.verdict
    return None


def test_the_bounds_are_fishtests() -> None:
    assert THREE.upper == pytest.approx(2.944, abs=1e-3)
    assert THREE.lower == pytest.approx(-2.944, abs=1e-3)
    assert THREE.mu1 == pytest.approx(1 / 3 + 0.1)
    assert "α = 0.05" in THREE.describe()


def test_bad_hypotheses_are_refused() -> None:
    with pytest.raises(ValueError):
        Hypotheses(0.5, 0.4)
    with pytest.raises(ValueError):
        Hypotheses(0.3, 0.4, alpha=0)


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("at", ["H0", "H1"])
def test_the_error_rates_are_about_as_stated(players: int, at: str) -> None:
    """At H0's share the test calls the bot stronger in about α of the runs, at H1's it misses in about β."""
    hypotheses = Hypotheses.above_parity(1 / players)
    rng = Rng(37 + players)
    runs = 200
    share, wrong = (hypotheses.mu0, "H1") if at == "H0" else (hypotheses.mu1, "H0")
    verdicts = [_run(rng, share, hypotheses, players) for _ in range(runs)]
    assert None not in verdicts  # it finishes
    rate = verdicts.count(wrong) / runs
    assert rate <= 0.05 + 3 * math.sqrt(0.05 * 0.95 / runs)


def test_a_clear_step_is_decided_fast_and_right() -> None:
    rng = Rng(38)
    verdicts = [_run(rng, 0.6, THREE) for _ in range(100)]
    assert verdicts.count("H1") >= 99


def test_a_weaker_bot_is_decided_h0() -> None:
    rng = Rng(39)
    verdicts = [_run(rng, 0.25, THREE) for _ in range(100)]
    assert verdicts.count("H0") >= 99


@given(st.lists(st.sampled_from([0.0, 1 / 3, 0.5, 2 / 3, 1.0]), min_size=1, max_size=80), st.integers(0, 40))
def test_a_decision_stands_however_many_blocks_follow(values: list[float], more: int) -> None:
    """The test is judged where it first crossed a bound: a run that went on, or was resumed, says the same."""
    first = decide(values, THREE)
    later = decide(values + [1.0] * more, THREE)
    if first.decided:
        assert (later.verdict, later.blocks, later.llr) == (first.verdict, first.blocks, first.llr)
        assert later.seen == len(values) + more
    assert first.blocks >= min(len(values), MIN_BLOCKS) or not first.decided


def test_no_decision_before_the_minimum_of_blocks() -> None:
    blocks = [0.5] * 2 * MIN_BLOCKS
    decision = decide(blocks[: MIN_BLOCKS - 1], THREE)
    assert decision.verdict is None and decision.llr > THREE.upper
    assert decide(blocks, THREE).verdict == "H1" and decide(blocks, THREE).blocks == MIN_BLOCKS
    assert "not yet decided" in decision.describe()


def test_the_llr_favours_the_hypothesis_nearer_the_mean() -> None:
    assert llr({0.0: 5, 1.0: 4, 0.5: 1}, THREE) > 0
    assert llr({0.0: 7, 1.0: 3}, THREE) < 0
    assert abs(llr({}, Hypotheses(0.4, 0.6))) < 1e-9  # the pseudo-observations alone: mean 0.5, no side taken


def test_the_deal_block_estimate_and_the_control_variate_are_unbiased() -> None:
    """A control variate correlated with the luck of the deal keeps the mean and removes the luck's variance."""
    rng = Rng(40)
    share = 0.4
    plain_means, adjusted_means, removed = [], [], []
    for _ in range(300):
        values, controls = [], []
        for _ in range(60):
            luck = (_uniform(rng) - 0.5) * 0.5  # what a judge would see at the start
            games = [1.0 if _uniform(rng) < share + luck else 0.0 for _ in range(3)]
            values.append(math.fsum(games) / 3)
            controls.append(0.5 + luck)  # known mean 0.5
        result = control_variate(values, controls, 0.5)
        plain_means.append(result.plain.mean)
        adjusted_means.append(result.adjusted.mean)
        removed.append(result.variance_removed)
    assert math.fsum(plain_means) / 300 == pytest.approx(share, abs=0.005)
    assert math.fsum(adjusted_means) / 300 == pytest.approx(share, abs=0.005)
    # var(luck) = 0.5² / 12 ≈ 0.021 of a block variance ≈ 0.021 + (0.24 − 0.021) / 3 ≈ 0.094: 22% removable
    assert 0.17 < math.fsum(removed) / 300 < 0.27
    spread_plain = _sd(plain_means)
    spread_adjusted = _sd(adjusted_means)
    assert spread_adjusted < spread_plain


def test_a_control_variate_that_does_not_vary_changes_nothing() -> None:
    """As a judge's start values summed over a deal's rotations: they add up to the same for every deal."""
    result = control_variate([0.0, 1 / 3, 1.0, 2 / 3], [1.0] * 4, 1.0)
    assert result.coefficient == 0.0 and result.adjusted == result.plain and result.variance_removed == 0.0


def test_duplicate_gain_sees_seat_luck_cancel_and_deal_luck_add() -> None:
    rng = Rng(41)
    # Seat luck: in each deal one seat wins; the bot sits in each seat once, so every block is exactly 1/3.
    seat_luck = [[1.0, 0.0, 0.0] for _ in range(50)]
    seat_luck[0] = [1.0, 1.0, 0.0]
    assert duplicate_gain(seat_luck) > 10
    # Deal luck: a deal that suits the bot suits it in every seat, so a block is worth one game.
    deal_luck = []
    for _ in range(400):
        won = 1.0 if rng.below(3) == 0 else 0.0
        deal_luck.append([won] * 3)
    assert duplicate_gain(deal_luck) == pytest.approx(1 / 3, rel=0.1)
    # Independent games: a block is worth its three games.
    independent = [[1.0 if rng.below(3) == 0 else 0.0 for _ in range(3)] for _ in range(2000)]
    assert duplicate_gain(independent) == pytest.approx(1.0, rel=0.1)
    with pytest.raises(ValueError):
        duplicate_gain([[1.0]])


def test_deal_values_are_the_blocks_in_deal_order() -> None:
    records = [
        SeatRecord(deal=d, rotation=r, seat=p, bot=(p - r) % 3, score=0, win_share=float(p == 0), decisions=1,
                   seconds=0.0, max_seconds=0.0)
        for d in (1, 0) for r in range(3) for p in range(3)
    ]  # fmt: skip
    # the start seat always wins, so every bot wins one game of three in each deal; "b" fills two seats
    assert deal_values(["a", "b", "b"], records, "a") == [pytest.approx(1 / 3)] * 2
    assert deal_values(["a", "b", "b"], records, "b") == [pytest.approx(1 / 3)] * 2


def _sd(values: list[float]) -> float:
    m = math.fsum(values) / len(values)
    return math.sqrt(math.fsum((v - m) ** 2 for v in values) / (len(values) - 1))
