"""Statistics for arena results: tie-split win shares and 95% confidence intervals of a mean.

Pure functions over numbers, no I/O, so they can be checked on synthetic cases with a known answer.
The caller passes *one value per deal* (the mean of a bot's seat-games in that deal): the rotations of
one deal share their cards, so they are correlated and only deals count as independent samples.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ludoteca.core.game import win_shares

__all__ = ["Z_975", "Estimate", "estimate", "t_critical", "win_shares"]

Z_975 = 1.959963984540054
"""The standard normal 97.5% quantile: a two-sided 95% interval for large samples."""

_T_975 = (
    12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
    2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
    2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
)  # fmt: skip
"""Student's t 97.5% quantiles for 1–30 degrees of freedom (the usual printed table)."""


def t_critical(df: int) -> float:
    """Student's t 97.5% quantile with ``df`` degrees of freedom: the factor of a 95% interval.

    A table up to 30, above that the Cornish–Fisher expansion around the normal quantile (error below
    1e-4 there); it tends to 1.96, so small arenas get their wider, honest intervals.
    """
    if df < 1:
        raise ValueError("a t quantile needs at least one degree of freedom")
    if df <= len(_T_975):
        return _T_975[df - 1]
    z = Z_975
    return (
        z
        + (z**3 + z) / (4 * df)
        + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)
        + (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / (384 * df**3)
    )


@dataclass(frozen=True)
class Estimate:
    """A mean with its 95% confidence interval; ``low``/``high`` are ``None`` with fewer than 2 samples."""

    mean: float
    low: float | None
    high: float | None
    samples: int

    @property
    def half_width(self) -> float | None:
        return None if self.low is None or self.high is None else (self.high - self.low) / 2

    def to_json(self) -> dict[str, Any]:
        return {"mean": self.mean, "low": self.low, "high": self.high}


def estimate(values: Sequence[float], bounds: tuple[float, float] | None = None) -> Estimate:
    """The mean of independent ``values`` ± t × sd / √n (sd with n − 1), clipped to ``bounds`` if given.

    Clipping only matters for shares near 0 or 1, where the normal approximation would leave [0, 1].
    """
    n = len(values)
    if n == 0:
        raise ValueError("an estimate needs at least one value")
    mean = math.fsum(values) / n
    if n < 2:
        return Estimate(mean, None, None, n)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_critical(n - 1) * math.sqrt(variance / n)
    low, high = mean - half, mean + half
    if bounds is not None:
        low, high = max(low, bounds[0]), min(high, bounds[1])
    return Estimate(mean, low, high, n)
