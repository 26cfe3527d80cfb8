"""Measurement that finishes: a sequential probability ratio test over deal blocks, and luck taken out.

A fixed count of deals is planned before anyone knows how far apart two bots are: too many when one is clearly
stronger, too few when they are close. Chess engines settle "is the new version better?" with Wald's
*sequential probability ratio test* (SPRT) instead — fishtest and OpenBench run it over pairs of games with the
colours swapped and stop as soon as the log-likelihood ratio (LLR) of two hypotheses leaves the interval
``[log(β / (1 − α)), log((1 − β) / α)]``, ±2.944 at α = β = 0.05. The arena's pair is the *deal block*: one deal
played in every seat rotation (:mod:`.runner`), whose mean win share for a bot is one observation. Blocks are
independent and identically distributed (each deal's seed is its own), the seat luck of a deal cancels inside its
block, and so the block is the unit here as it is for the intervals (:mod:`.stats`).

The hypotheses are on the bot's mean win share per deal block ``μ`` — ``H0: μ = μ0`` against ``H1: μ = μ1``, by
default ``μ0`` the parity share ``1/n`` ("no better than the others") and ``μ1 = μ0 + δ`` with ``δ = 0.1`` ("better
by a tenth of the games", 0.433 instead of 0.333 with three players: a step a player feels at the table). A bot
truly between the two (the test's indifference zone) may end either way; one truly at ``μ1`` or beyond is accepted
with probability at least ``1 − β``, one at ``μ0`` or below is rejected with probability at least ``1 − α``.

The likelihood is the *generalised* SPRT's (GSPRT) in its nonparametric form, the one fishtest uses over its
pentanomial game pairs: a block's distribution is unknown (win shares split in ties, several seats per deal), so
under each hypothesis it is the distribution on the values seen that is most likely among those with mean ``μ_k``
(the *empirical likelihood*: weights ``1 / (N·(1 + λ·(x_i − μ_k)))`` with ``λ`` such that they sum to 1), and
``LLR = log L(μ1) − log L(μ0)``. Two pseudo-observations of weight :data:`PRIOR` at the ends 0 and 1 keep both
hypotheses possible from the first block on (fishtest regularises its empty categories the same way), and no
decision is taken before :data:`MIN_BLOCKS` blocks. Simulated, with blocks of 2, 3 and 4 games correlated within
the deal (300 runs at each share, ``tests/arena/test_sequential.py``), the error rates came out α 0.04, 0.06, 0.04
and β 0.03, 0.04, 0.02 at α = β = 0.05, a test taking 77, 50–57 and 36–46 blocks. The normal approximation tried
first, ``N/2 · log(σ_0² / σ_1²)`` with the variance fitted under each hypothesis, missed real steps too often with
four players (β 0.09): a share's variance grows with the share, so an unlucky start looks both low and certain;
the empirical likelihood takes the distribution as it is.

*Luck of the deal*: the duplicate structure already removes the seat luck of a deal (:func:`duplicate_gain`
measures by how much, against games on deals of their own). A control variate ``c`` with a known mean — a learned
judge's chance for the bot's seat at the start of the game, say — can remove more:
``x̃ = x − b·(c − E[c])`` with ``b = cov(x, c) / var(c)`` (:func:`control_variate`). Its mean stays unbiased up to
the ``O(1/N)`` of estimating ``b``; how much variance it removes is measured, not assumed.

Pure functions over numbers, no I/O, as :mod:`.stats`.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from .stats import Estimate, estimate

__all__ = [
    "MIN_BLOCKS",
    "PRIOR",
    "Adjusted",
    "Decision",
    "Hypotheses",
    "Sequential",
    "control_variate",
    "decide",
    "duplicate_gain",
    "llr",
]

MIN_BLOCKS = 16
"""No decision before this many deal blocks: the likelihoods are fitted to the sample, and a handful of blocks fits
anything (the LLR of a bot that wins every game grows by about 0.26 a block: it would cross 2.94 after 12)."""

PRIOR = 0.25
"""The weight of each of the two pseudo-observations, at 0 and at 1, added to the blocks seen."""

Verdict = Literal["H0", "H1"]


@dataclass(frozen=True)
class Hypotheses:
    """``H0: μ = mu0`` against ``H1: μ = mu1`` on the mean win share per deal block, with error rates α and β."""

    mu0: float
    mu1: float
    alpha: float = 0.05
    """The chance of accepting H1 when H0 is true (a level called stronger when it is not)."""
    beta: float = 0.05
    """The chance of accepting H0 when H1 is true (a real step missed)."""

    def __post_init__(self) -> None:
        if not self.mu0 < self.mu1:
            raise ValueError("H1's share must be above H0's")
        if not (0 < self.alpha < 1 and 0 < self.beta < 1):
            raise ValueError("error rates must lie strictly between 0 and 1")

    @classmethod
    def above_parity(cls, parity: float, delta: float = 0.1, alpha: float = 0.05, beta: float = 0.05) -> Hypotheses:
        """H0: the bot wins its parity share; H1: it wins ``delta`` more (the ladder's question)."""
        return cls(parity, parity + delta, alpha, beta)

    @property
    def lower(self) -> float:
        """Accept H0 when the LLR falls to this: ``log(β / (1 − α))``, −2.944 at 0.05 and 0.05."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """Accept H1 when the LLR rises to this: ``log((1 − β) / α)``, +2.944 at 0.05 and 0.05."""
        return math.log((1 - self.beta) / self.alpha)

    def describe(self) -> str:
        return (
            f"SPRT over deal blocks: H0 share {self.mu0:.3f} against H1 share {self.mu1:.3f}, "
            f"α = {self.alpha:g}, β = {self.beta:g}, bounds {self.lower:.2f} and {self.upper:.2f} on the LLR"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "h0": self.mu0, "h1": self.mu1, "alpha": self.alpha, "beta": self.beta,
            "lower": self.lower, "upper": self.upper,
        }  # fmt: skip


def log_likelihood(counts: Mapping[float, float], mu: float) -> float:
    """The empirical log-likelihood of mean ``mu`` (relative to the sample's own, so ≤ 0), with the pseudo-observations.

    ``−Σ w_i · log(1 + λ·(x_i − μ))`` over the distinct values ``x_i`` of weights ``w_i``, ``λ`` the root of
    ``Σ w_i·(x_i − μ) / (1 + λ·(x_i − μ)) = 0`` — decreasing in ``λ`` on the interval where every weight is
    positive, so bisection finds it.
    """
    items = [*counts.items(), (0.0, PRIOR), (1.0, PRIOR)]
    lo = max(-1 / (x - mu) for x, _ in items if x > mu)
    hi = min(1 / (mu - x) for x, _ in items if x < mu)
    for _ in range(100):
        lam = (lo + hi) / 2
        if lam in (lo, hi):
            break
        if math.fsum(w * (x - mu) / (1 + lam * (x - mu)) for x, w in items) > 0:
            lo = lam
        else:
            hi = lam
    lam = (lo + hi) / 2
    return -math.fsum(w * math.log(1 + lam * (x - mu)) for x, w in items)


def llr(counts: Mapping[float, float], hypotheses: Hypotheses) -> float:
    """The log-likelihood ratio of H1 against H0 of the blocks counted in ``counts`` (value → how many); positive
    favours H1."""
    return log_likelihood(counts, hypotheses.mu1) - log_likelihood(counts, hypotheses.mu0)


@dataclass(frozen=True)
class Decision:
    """Where the test stands after the blocks seen: the verdict, if any, and at which block it fell."""

    hypotheses: Hypotheses
    verdict: Verdict | None
    """``"H1"`` (the bot is better by the stated margin), ``"H0"`` (it is not), ``None`` (not yet decided)."""
    blocks: int
    """The blocks the test used: where it stopped, or all of them when undecided."""
    llr: float
    """The LLR after :attr:`blocks` blocks."""
    seen: int
    """All the blocks given (more than :attr:`blocks` when a run went on past the decision)."""

    @property
    def decided(self) -> bool:
        return self.verdict is not None

    def describe(self) -> str:
        h = self.hypotheses
        if self.verdict is None:
            bounds = f"({h.lower:.2f}, {h.upper:.2f})"
            return f"not yet decided after {self.blocks} deal blocks: LLR {self.llr:.2f} in {bounds}"
        kept, against = (h.mu1, h.mu0) if self.verdict == "H1" else (h.mu0, h.mu1)
        after = "" if self.seen == self.blocks else f"; {self.seen} blocks played in all"
        return (
            f"decided {self.verdict} after {self.blocks} deal blocks (LLR {self.llr:.2f}): a share of {kept:.3f} "
            f"is more likely than one of {against:.3f}{after}"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "hypotheses": self.hypotheses.to_json(), "verdict": self.verdict, "blocks": self.blocks,
            "llr": self.llr, "seen": self.seen,
        }  # fmt: skip


class Sequential:
    """The test block by block: :meth:`add` one block's value, read :attr:`decision`. Once decided, it stays."""

    def __init__(self, hypotheses: Hypotheses, min_blocks: int = MIN_BLOCKS) -> None:
        self.hypotheses = hypotheses
        self.min_blocks = min_blocks
        self.counts: dict[float, float] = {}
        self.seen = 0
        self.decision = Decision(hypotheses, None, 0, 0.0, 0)

    def add(self, value: float) -> Decision:
        self.seen += 1
        d = self.decision
        if d.verdict is not None:
            self.decision = Decision(d.hypotheses, d.verdict, d.blocks, d.llr, self.seen)
            return self.decision
        key = round(value, 9)  # shares of one deal come out equal as floats only up to rounding
        self.counts[key] = self.counts.get(key, 0.0) + 1
        h = self.hypotheses
        ratio = llr(self.counts, h)
        verdict: Verdict | None = None
        if self.seen >= self.min_blocks:
            verdict = "H1" if ratio >= h.upper else "H0" if ratio <= h.lower else None
        self.decision = Decision(h, verdict, self.seen, ratio, self.seen)
        return self.decision


def decide(values: Sequence[float], hypotheses: Hypotheses, min_blocks: int = MIN_BLOCKS) -> Decision:
    """Run the test over the blocks in the order they were played and stop at the first crossing.

    The order matters: an SPRT's error rates hold for its *stopping time*, so a file that holds more blocks than
    the test needed (a run that went on, or one planned as a fixed count) is judged where the test would have
    stopped, and the later blocks are only counted in :attr:`Decision.seen`. That also makes the decision of a
    results file the same however often the run was resumed.
    """
    test = Sequential(hypotheses, min_blocks)
    for x in values:
        test.add(x)
    return test.decision


@dataclass(frozen=True)
class Adjusted:
    """A mean with luck taken out by a control variate, beside the plain one, and what it removed."""

    plain: Estimate
    adjusted: Estimate
    coefficient: float
    """``b = cov(x, c) / var(c)``, estimated from the sample."""
    variance_removed: float
    """``1 − var(x̃) / var(x)``: the share of the blocks' variance the control variate took out (≤ 0: none)."""


def control_variate(values: Sequence[float], controls: Sequence[float], control_mean: float) -> Adjusted:
    """``x̃_i = x_i − b·(c_i − E[c])``, ``E[c] = control_mean`` known (by symmetry, or from the judge's design).

    The adjusted mean has the plain one's expectation (the correction's mean is zero whatever ``b``; estimating
    ``b`` from the same sample adds a bias of order ``1/N``), and less variance by the squared correlation of
    ``x`` and ``c``. When ``c`` does not vary (a judge whose value cancels over the rotations of a deal) ``b`` is 0
    and nothing changes.
    """
    n = len(values)
    if n != len(controls):
        raise ValueError("one control per value")
    plain = estimate(values, bounds=(0.0, 1.0))
    if n < 2:
        return Adjusted(plain, plain, 0.0, 0.0)
    mx = math.fsum(values) / n
    mc = math.fsum(controls) / n
    cov = math.fsum((x - mx) * (c - mc) for x, c in zip(values, controls, strict=True)) / (n - 1)
    var_c = math.fsum((c - mc) ** 2 for c in controls) / (n - 1)
    var_x = math.fsum((x - mx) ** 2 for x in values) / (n - 1)
    b = cov / var_c if var_c > 1e-15 else 0.0
    adjusted_values = [x - b * (c - control_mean) for x, c in zip(values, controls, strict=True)]
    adjusted = estimate(adjusted_values, bounds=(0.0, 1.0))
    var_a = math.fsum((a - adjusted.mean) ** 2 for a in adjusted_values) / (n - 1)
    removed = 1 - var_a / var_x if var_x > 0 else 0.0
    return Adjusted(plain, adjusted, b, removed)


def duplicate_gain(games: Sequence[Sequence[float]]) -> float:
    """How many games on deals of their own one deal block is worth: ``var(game) / (k · var(block mean))``.

    ``games`` holds one list per block, the bot's ``k`` seat-games of that deal. Were the games of a block
    independent (each on its own deal, seats drawn at random), the block mean's variance would be
    ``var(game) / k``; the rotations make them dependent — the same cards, the bot in every seat — so a value
    above 1 means the duplicate deal removed that factor of variance (seat luck cancels), below 1 that the
    games of a deal move together (a deal that suits the bot whatever its seat). The per-game variance is
    estimated over all games around the overall mean, which is what games on fresh deals would see.
    """
    blocks = [list(g) for g in games if g]
    flat = [x for g in blocks for x in g]
    if len(blocks) < 2 or len(flat) < 2:
        raise ValueError("at least two blocks are needed")
    k = math.fsum(len(g) for g in blocks) / len(blocks)
    m = math.fsum(flat) / len(flat)
    var_game = math.fsum((x - m) ** 2 for x in flat) / (len(flat) - 1)
    means = [math.fsum(g) / len(g) for g in blocks]
    mm = math.fsum(means) / len(means)
    var_block = math.fsum((x - mm) ** 2 for x in means) / (len(means) - 1)
    return math.inf if var_block == 0 else var_game / (k * var_block)
