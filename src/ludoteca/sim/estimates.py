"""Means and differences of means with 95% intervals, vectorised over numpy columns.

The same intervals as the arena (:mod:`ludoteca.arena.stats`): ``mean ± t · sd / √n`` with Student's t
quantile for ``n − 1`` degrees of freedom and the sample standard deviation (divisor ``n − 1``). Within
a cell every game has its own seed, so the games are independent samples. Between two cells, game ``i``
has the same seed in both (common random numbers), so the difference of a measure between two option
values is taken game by game — a *paired* difference, whose interval is narrower than that of two
independent means whenever the deal matters (and is never wrong when it does not). If the seeds do not
match, :func:`difference` falls back to Welch's unpaired interval.

Pure functions over arrays; :class:`~ludoteca.arena.stats.Estimate` is the result type, so ``low`` and
``high`` are ``None`` when fewer than two samples leave no interval.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from ludoteca.arena.stats import Z_975, Estimate, t_critical

__all__ = ["Estimate", "column_estimates", "difference", "excludes_zero", "mean_estimate"]

Array = np.ndarray[Any, np.dtype[Any]]
SHARE_BOUNDS = (0.0, 1.0)


def mean_estimate(values: Array, bounds: tuple[float, float] | None = None) -> Estimate:
    """The mean of independent ``values`` with its 95% interval, clipped to ``bounds`` if given."""
    return column_estimates(np.asarray(values, dtype=np.float64).reshape(-1, 1), bounds)[0]


def column_estimates(matrix: Array, bounds: tuple[float, float] | None = None) -> list[Estimate]:
    """One :func:`mean_estimate` per column of a ``samples × columns`` matrix, in one pass."""
    data = np.asarray(matrix, dtype=np.float64)
    n = data.shape[0]
    if n == 0:
        raise ValueError("an estimate needs at least one value")
    means = data.mean(axis=0)
    if n < 2:
        return [Estimate(float(m), None, None, n) for m in means]
    half = t_critical(n - 1) * data.std(axis=0, ddof=1) / math.sqrt(n)
    out = []
    for mean, h in zip(means.tolist(), half.tolist(), strict=True):
        low, high = mean - h, mean + h
        if bounds is not None:
            low, high = max(low, bounds[0]), min(high, bounds[1])
        out.append(Estimate(mean, low, high, n))
    return out


def difference(a: Array, b: Array, paired: bool = True) -> Estimate:
    """The difference of means ``mean(a) − mean(b)`` with its 95% interval.

    ``paired``: ``a[i]`` and ``b[i]`` come from the same deal, so the interval is that of the mean of
    ``a − b`` (t with ``n − 1`` degrees of freedom). Unpaired: Welch's interval, with the
    Welch–Satterthwaite degrees of freedom.
    """
    x = np.asarray(a, dtype=np.float64)
    y = np.asarray(b, dtype=np.float64)
    if paired:
        if x.shape != y.shape:
            raise ValueError("paired samples must have the same length")
        return mean_estimate(x - y)
    nx, ny = len(x), len(y)
    if nx == 0 or ny == 0:
        raise ValueError("a difference needs values on both sides")
    mean = float(x.mean() - y.mean())
    if nx < 2 or ny < 2:
        return Estimate(mean, None, None, min(nx, ny))
    vx, vy = float(x.var(ddof=1)) / nx, float(y.var(ddof=1)) / ny
    se = math.sqrt(vx + vy)
    if se == 0:
        return Estimate(mean, mean, mean, min(nx, ny))
    df = (vx + vy) ** 2 / (vx**2 / (nx - 1) + vy**2 / (ny - 1))
    factor = t_critical(max(1, math.floor(df))) if math.isfinite(df) else Z_975
    return Estimate(mean, mean - factor * se, mean + factor * se, min(nx, ny))


def excludes_zero(estimate: Estimate) -> bool:
    """Whether the 95% interval lies entirely on one side of 0: a difference the games clearly show."""
    if estimate.low is None or estimate.high is None:
        return False
    return estimate.low > 0 or estimate.high < 0
