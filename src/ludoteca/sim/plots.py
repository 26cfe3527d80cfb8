"""The report's figures, drawn with matplotlib and returned as PNG bytes.

Each function builds its own :class:`matplotlib.figure.Figure` and never touches pyplot, so nothing
depends on a global backend or figure list (safe in a server, a test run or a worker process). Means
are drawn with their 95% intervals as error bars; the numbers themselves are in the report's tables.
"""

from __future__ import annotations

import io
from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from matplotlib import colormaps
from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.transforms import blended_transform_factory

from .cells import Matrix
from .effects import Effect, OptionEffect
from .estimates import Estimate

__all__ = ["effect_figure", "length_figure", "png", "score_figure", "share_figure", "usage_figure"]

WIDTH = 8.0
CLEAR = "#c0392b"
"""Colour of a difference whose interval excludes 0."""
PLAIN = "#34495e"
MEAN = {"marker": "D", "markerfacecolor": "white", "markeredgecolor": "black", "markersize": 4}
"""Box plots mark the mean as a white diamond (the median is the line)."""
FLIER = {"markersize": 2, "alpha": 0.4}
SHARE = "win share, "
"""The prefix of the win-share measures of :func:`.measures.game_measures`: they share one axis."""


def png(figure: Figure, dpi: int = 96) -> bytes:
    """The figure as PNG bytes (the report embeds them as base64)."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi, bbox_inches="tight")
    return buffer.getvalue()


def _errors(estimates: Sequence[Estimate]) -> tuple[list[float], Matrix]:
    means = [e.mean for e in estimates]
    lows = [e.mean - e.low if e.low is not None else 0.0 for e in estimates]
    highs = [e.high - e.mean if e.high is not None else 0.0 for e in estimates]
    return means, np.array([lows, highs])


def _colours(count: int) -> list[Any]:
    """One distinct colour per series: matplotlib's ten, then twenty, then a continuous ramp."""
    if count <= 10:
        return [colormaps["tab10"](i) for i in range(count)]
    if count <= 20:
        return [colormaps["tab20"](i) for i in range(count)]
    return [colormaps["viridis"](i / (count - 1)) for i in range(count)]


def _series_offsets(count: int, spread: float = 0.6) -> list[float]:
    """Horizontal offsets that set ``count`` series side by side around each tick."""
    if count == 1:
        return [0.0]
    return list(np.linspace(-spread / 2, spread / 2, count))


def share_figure(
    panels: Mapping[str, Sequence[tuple[str, Sequence[Estimate]]]], ticks: Mapping[str, Sequence[str]], fair: float
) -> Figure:
    """Win shares with 95% intervals, one panel per grouping (by seat, by position), one series per cell;
    the fair share ``1/n`` as a dashed line."""
    figure = Figure(figsize=(WIDTH, 3.6), layout="constrained")
    axes = figure.subplots(1, len(panels), sharey=True, squeeze=False)[0]
    for ax, (title, series) in zip(axes, panels.items(), strict=True):
        labels = ticks[title]
        places = zip(_series_offsets(len(series)), _colours(len(series)), series, strict=True)
        for offset, colour, (label, estimates) in places:
            means, errors = _errors(estimates)
            x = np.arange(len(labels)) + offset
            ax.errorbar(x, means, yerr=errors, fmt="o", capsize=3, markersize=4, label=label, color=colour)
        ax.axhline(fair, color="grey", linestyle="--", linewidth=1, label=f"fair share 1/{round(1 / fair)}")
        ax.set_xticks(range(len(labels)), labels)
        ax.set_title(title)
        ax.grid(axis="y", alpha=0.3)
    axes[0].set_ylabel("win share (95% interval)")
    _legend(axes[-1], len(next(iter(panels.values()))) + 1)
    return figure


def score_figure(cells: Sequence[tuple[str, Matrix]], seats: Sequence[str]) -> Figure:
    """Score distributions per seat as box plots (mean as a diamond), one panel per cell."""
    columns = min(len(cells), 3)
    rows = -(-len(cells) // columns)
    figure = Figure(figsize=(WIDTH, 2.8 * rows), layout="constrained")
    axes = figure.subplots(rows, columns, sharey=True, squeeze=False).ravel()
    for ax, (label, scores) in zip(axes, cells, strict=False):
        ax.boxplot(
            [scores[:, p] for p in range(scores.shape[1])],
            tick_labels=list(seats),
            showmeans=True,
            meanprops=MEAN,
            flierprops=FLIER,
        )
        ax.set_title(label if len(cells) > 1 else "final score per seat", fontsize=9)
        ax.grid(axis="y", alpha=0.3)
    for ax in axes[len(cells) :]:
        ax.set_visible(False)
    for ax in axes[::columns]:
        ax.set_ylabel("score")
    return figure


OVERLAID = 4
"""Up to this many cells, length distributions are overlaid outlines (their shape shows); beyond, box plots."""


def length_figure(cells: Sequence[tuple[str, Matrix, Matrix]]) -> Figure:
    """Distribution of the game length in actions and in rounds: one outline per cell, or with many
    cells (where outlines would tangle) one box plot per cell."""
    if len(cells) > OVERLAID:
        return _length_boxes(cells)
    figure = Figure(figsize=(WIDTH, 3.2), layout="constrained")
    left, right = figure.subplots(1, 2)
    lengths = np.concatenate([c[1] for c in cells])
    rounds = np.concatenate([c[2] for c in cells])
    length_bins = np.histogram_bin_edges(lengths, bins=min(40, max(5, int(np.ptp(lengths)) + 1)))
    round_bins = np.arange(rounds.min() - 0.5, rounds.max() + 1.5) if np.ptp(rounds) <= 60 else 40
    for colour, (label, length, round_counts) in zip(_colours(len(cells)), cells, strict=True):
        style = {"histtype": "step", "density": True, "label": label, "linewidth": 1.3, "color": colour}
        left.hist(length, bins=length_bins, **style)
        right.hist(round_counts, bins=round_bins, **style)
    left.set_xlabel("actions per game")
    right.set_xlabel("rounds per game")
    left.set_ylabel("share of games")
    for ax in (left, right):
        ax.grid(alpha=0.3)
    if len(cells) > 1:
        _legend(right, len(cells))
    return figure


def _length_boxes(cells: Sequence[tuple[str, Matrix, Matrix]]) -> Figure:
    figure = Figure(figsize=(WIDTH, 1 + 0.3 * len(cells)), layout="constrained")
    left, right = figure.subplots(1, 2, sharey=True)
    labels = [c[0] for c in cells]
    style: dict[str, Any] = {"orientation": "horizontal", "showmeans": True, "meanprops": MEAN, "flierprops": FLIER}
    left.boxplot([c[1] for c in cells], tick_labels=labels, **style)
    right.boxplot([c[2] for c in cells], tick_labels=labels, **style)
    left.invert_yaxis()
    left.set_xlabel("actions per game")
    right.set_xlabel("rounds per game")
    for ax in (left, right):
        ax.grid(axis="x", alpha=0.3)
        ax.tick_params(axis="y", labelsize=7)
    return figure


def usage_figure(names: Sequence[str], series: Sequence[tuple[str, Sequence[Estimate]]]) -> Figure:
    """Mean count per seat and game of each ``n_*`` measure, with 95% intervals, one bar per series."""
    height = max(2.5, 0.22 * len(names) * max(1, min(len(series), 4)) + 1)
    figure = Figure(figsize=(WIDTH, height), layout="constrained")
    ax = figure.subplots()
    step = 0.8 / len(series)
    y = np.arange(len(names))
    for k, (colour, (label, estimates)) in enumerate(zip(_colours(len(series)), series, strict=True)):
        means, errors = _errors(estimates)
        ax.barh(y - 0.4 + step * (k + 0.5), means, height=step, xerr=errors, capsize=2, label=label, color=colour)
    ax.set_yticks(y, list(names))
    ax.invert_yaxis()
    ax.set_xlabel("mean per seat and game (95% interval)")
    ax.grid(axis="x", alpha=0.3)
    if len(series) > 1:
        _legend(ax, len(series))
    return figure


def effect_figure(effect: OptionEffect) -> Figure:
    """A forest plot of one option change. Left: win shares by seat and by turn order on one axis, in
    percentage points.
    Right: every other measure on a scale of its own, centred on 0 and wide enough for its interval, with
    the numbers printed beside it (a count that moves by 0.02 per game and a length that gains 15 actions
    cannot share an axis). Red: the interval excludes 0."""
    shares = [e for e in effect.effects if e.measure.startswith(SHARE)]
    others = [e for e in effect.effects if not e.measure.startswith(SHARE)]
    figure = Figure(figsize=(WIDTH, 1.2 + 0.28 * max(len(shares), len(others))), layout="constrained")
    left, right = figure.subplots(1, 2, width_ratios=[1.0, 0.8])
    _forest(left, [e.measure.removeprefix(SHARE) for e in shares], shares, [100.0] * len(shares))
    left.set_xlabel("win share difference (percentage points)", fontsize=8)
    scales = [1 / _reach(e.difference) for e in others]
    _forest(right, [e.measure for e in others], others, scales)
    right.set_xlim(-1.25, 1.25)
    right.set_xticks([0], ["0"])
    right.set_xlabel("each row on its own scale", fontsize=8)
    place = blended_transform_factory(right.transAxes, right.transData)
    for row, e in enumerate(others):
        right.text(1.03, row, _numbers(e.difference), transform=place, fontsize=7, va="center")
    figure.suptitle(f"{effect.key}: {effect.value} against {effect.baseline}", fontsize=10)
    return figure


def _reach(d: Estimate) -> float:
    """How far from 0 a difference's row must reach to show its whole interval."""
    return max(abs(v) for v in (d.mean, d.low or 0.0, d.high or 0.0)) or 1.0


def _numbers(d: Estimate) -> str:
    if d.low is None or d.high is None:
        return f"{d.mean:+.3g}"
    return f"{d.mean:+.3g} [{d.low:.3g}, {d.high:.3g}]"


def _forest(ax: Axes, labels: Sequence[str], effects: Sequence[Effect], scales: Sequence[float]) -> None:
    """Differences with their intervals, one row each (row ``i`` times ``scales[i]``), and a line at 0."""
    y = np.arange(len(labels))
    for row, effect, scale in zip(y, effects, scales, strict=True):
        d = effect.difference
        mean = d.mean * scale
        low = (d.low if d.low is not None else d.mean) * scale
        high = (d.high if d.high is not None else d.mean) * scale
        colour = CLEAR if effect.clear else PLAIN
        ax.errorbar([mean], [row], xerr=[[mean - low], [high - mean]], fmt="o", color=colour, capsize=3, markersize=4)
    ax.axvline(0, color="grey", linewidth=1)
    ax.set_yticks(y, list(labels), fontsize=8)
    ax.set_ylim(len(labels) - 0.5, -0.5)
    ax.grid(axis="x", alpha=0.3)


def _legend(ax: Axes, entries: int) -> None:
    """A legend beside the plot when there are many entries, inside it otherwise."""
    if entries > 4:
        ax.legend(fontsize=7, loc="upper left", bbox_to_anchor=(1.01, 1.0))
    else:
        ax.legend(fontsize=7)
