"""``ludoteca report``: one self-contained HTML page answering a designer's questions about a study.

Sections: the study (what was played), what stands out (the few numbers a designer asked about, with
their intervals), win shares by seat and by turn order, scores, game length, action usage, the effect of
every grid option, how to replay a game, and how the intervals are computed.
Every figure sits beside a table of its numbers, and figures are embedded as base64 PNG, so the file
opens offline, can be mailed, and never refers to anything outside itself.
"""

from __future__ import annotations

import base64
import html
import json
import shlex
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure

from ludoteca import games
from ludoteca.core.errors import LudotecaError

from . import plots
from .cells import Simulation, load_simulation
from .effects import OptionEffect, option_effects
from .estimates import Estimate
from .measures import CellSummary, Spread, summarize_cell

__all__ = ["render_report", "write_report"]

TableCell = str | tuple[str, bool]
"""A table cell: text, or text with a mark (its interval excludes the reference: shown in red)."""

CSS = """
body { font-family: system-ui, sans-serif; margin: 2em auto; max-width: 70em; padding: 0 1em; color: #222; }
h1 { font-size: 1.6em; } h2 { margin-top: 2em; border-bottom: 1px solid #ccc; } h3 { font-size: 1.05em; }
table { border-collapse: collapse; margin: 0.6em 0 1em; font-size: 0.88em; }
th, td { padding: 0.2em 0.6em; border-bottom: 1px solid #e3e3e3; text-align: right; white-space: nowrap; }
th:first-child, td:first-child { text-align: left; } th { background: #f4f4f4; }
td.clear { color: #c0392b; font-weight: 600; } img { max-width: 100%; }
table.facts td { text-align: left; white-space: normal; }
code, pre { background: #f6f6f6; padding: 0.1em 0.3em; } pre { padding: 0.6em; overflow-x: auto; }
.note { color: #555; font-size: 0.9em; } details { margin: 0.4em 0; } summary { cursor: pointer; }
"""


def write_report(directory: str | Path, out: str | Path | None = None) -> Path:
    """Read the simulation in ``directory`` and write its report to ``out`` (default
    ``directory/report.html``); returns the path written."""
    simulation = load_simulation(directory)
    target = Path(out) if out is not None else Path(directory) / "report.html"
    text = render_report(simulation)
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as e:
        raise LudotecaError(f"cannot write {target}: {e.strerror or e}") from None
    return target


def render_report(simulation: Simulation) -> str:
    """The report of ``simulation`` as one HTML document."""
    summaries = [summarize_cell(cell) for cell in simulation.cells]
    effects = option_effects(simulation.grid, simulation.cells)
    title = f"Simulation report: {_title(simulation.game)}"
    body = [
        f"<h1>{_e(title)}</h1>",
        *_study_section(simulation),
        *_findings_section(simulation, summaries, effects),
        *_share_section(simulation, summaries),
        *_score_section(simulation, summaries),
        *_length_section(simulation, summaries),
        *_usage_section(simulation, summaries),
        *_effect_section(simulation, effects),
        *_replay_section(simulation),
        *_method_section(),
    ]
    return (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>{_e(title)}</title>\n<style>{CSS}</style>\n</head>\n<body>\n"
        + "\n".join(body)
        + "\n</body>\n</html>\n"
    )


# ---------------------------------------------------------------- sections


def _study_section(simulation: Simulation) -> list[str]:
    study = simulation.study
    seats = _seat_names(simulation)
    grid = "; ".join(f"{k} ∈ {{{', '.join(json.dumps(v) for v in vs)}}}" for k, vs in simulation.grid.items())
    facts: list[tuple[str, str]] = [
        ("game", simulation.game),
        ("players", str(simulation.players)),
        ("bots (seat order)", ", ".join(seats)),
        ("grid", grid or "none (one cell)"),
        ("fixed options", _options(study.get("fixed_options")) or "the game's defaults"),
        ("games per cell", str(study.get("games", "?"))),
        ("cells", _cells(simulation)),
        ("games in total", str(simulation.total_games)),
        ("seed", str(study.get("seed", "?"))),
        ("played", _played(study)),
        ("command", str(study.get("command", "?"))),
    ]
    rows: list[list[TableCell]] = [[k, v] for k, v in facts]
    out = ["<h2>The study</h2>", _table(["", ""], rows, header=False, css="facts")]
    if simulation.missing_cells:
        missing = ", ".join(str(c) for c in simulation.missing_cells)
        out.append(f'<p class="note">No games were found for cell(s) {_e(missing)} (an interrupted run?).</p>')
    out += [
        "<h3>Cells</h3>",
        _table(
            ["cell", "grid values", "games"],
            [[str(c.cell), c.label, str(c.games)] for c in simulation.cells],
        ),
    ]
    return out


def _replay_section(simulation: Simulation) -> list[str]:
    first = simulation.cells[0]
    cell, index = first.cell, int(first.index[min(17, first.games - 1)])
    where = {"directory": shlex.quote(str(simulation.directory)), "cell": cell, "index": index}
    return [
        "<h2>Replaying a game</h2>",
        "<p>Every row of <code>games/cell-NNNN.parquet</code> holds what is needed to play its game again: "
        "the options (<code>options</code>), the game seed (<code>seed</code>), and per seat the bot spec "
        "(<code>bots</code>) and its seed (<code>bot_seeds</code>). Bots with an iteration budget replay "
        "exactly; bots with a time budget (<code>ismcts:0.5s</code>) search as far as the machine allows, so "
        f"their games do not. Game {index} of cell {cell}, say:</p>",
        f"<pre>{_e(REPLAY_COMMAND.format(**where))}</pre>",
        "<p>or in Python, as a game record (<code>ludoteca.core.records</code>) to study or save:</p>",
        f"<pre>{_e(REPLAY_PYTHON.format(**where, path=json.dumps(str(simulation.directory))))}</pre>",
    ]


REPLAY_COMMAND = """ludoteca replay {directory} --row {cell}:{index}          # the result
ludoteca replay {directory} --row {cell}:{index} --log    # and every event"""

REPLAY_PYTHON = """from ludoteca.sim.replay import find_row, record_of
record = record_of(find_row({path}, {cell}, {index}))
print(record.to_json())"""


def _findings_section(
    simulation: Simulation, summaries: Sequence[CellSummary], effects: Sequence[OptionEffect]
) -> list[str]:
    """The answers in a few lines: where turn order is unfair, and what each option clearly changes."""
    fair = 1 / simulation.players
    names = ["the start player", *(f"start +{p}" for p in range(1, simulation.players))]
    items = []
    for cell, summary in zip(simulation.cells, summaries, strict=True):
        where = "" if len(simulation.cells) == 1 else f" ({cell.label})"
        off = [f"{name} {_brief(e)}" for name, e in zip(names, summary.share_by_position, strict=True) if _off(e, fair)]
        if off:
            items.append(f"Turn order{where}: win share away from the fair {fair:.3f} for " + "; ".join(off) + ".")
        else:
            items.append(f"Turn order{where}: no position's win share differs clearly from the fair {fair:.3f}.")
    html_items = [_e(item) for item in items]
    for effect in effects:
        change = f"{effect.key} {json.dumps(effect.value)} against {json.dumps(effect.baseline)}"
        clear = [f"{e.measure} {_brief(e.difference, signed=True)}" for e in effect.effects if e.clear]
        if not clear:
            html_items.append(_e(f"{change}: no measure changes clearly."))
            continue
        shares = any(e.clear for e in effect.effects if e.measure.startswith("win share"))
        verdict = "" if shares else " (no seat's win share changes clearly)"
        html_items.append(_e(f"{change}{verdict}:") + "<ul>" + "".join(f"<li>{_e(c)}</li>" for c in clear) + "</ul>")
    return [
        "<h2>What stands out</h2>",
        '<p class="note">Only numbers whose 95% interval excludes the fair share (turn order) or 0 (option '
        "effects); the sections below have all of them.</p>",
        "<ul>" + "".join(f"<li>{item}</li>" for item in html_items) + "</ul>",
    ]


def _share_section(simulation: Simulation, summaries: Sequence[CellSummary]) -> list[str]:
    n = simulation.players
    fair = 1 / n
    seat_ticks = [f"seat {p + 1}" for p in range(n)]
    position_ticks = ["start"] + [f"+{p}" for p in range(1, n)]
    labels = [c.label for c in simulation.cells]
    figure = plots.share_figure(
        {
            "by seat": [(label, s.share_by_seat) for label, s in zip(labels, summaries, strict=True)],
            "by turn order (start player = start)": [
                (label, s.share_by_position) for label, s in zip(labels, summaries, strict=True)
            ],
        },
        {"by seat": seat_ticks, "by turn order (start player = start)": position_ticks},
        fair,
    )
    seat_rows: list[list[TableCell]] = [
        [label, *(_interval(e, 3, fair) for e in s.share_by_seat)] for label, s in zip(labels, summaries, strict=True)
    ]
    position_rows: list[list[TableCell]] = [
        [label, *(_interval(e, 3, fair) for e in s.share_by_position)]
        for label, s in zip(labels, summaries, strict=True)
    ]
    seats = _seat_names(simulation)
    return [
        "<h2>Win share</h2>",
        f"<p>A game's win is shared 1/k among k tied winners; the fair share is 1/{n} = {fair:.3f}. Seats keep "
        "their bots for the whole study, so a seat's share mixes the bot with the seat; the share by turn order "
        "(the start player, the next seat clockwise, …) is what seat balance is about. "
        "<span class='note'>Red: the 95% interval excludes the fair share.</span></p>",
        _img(figure, "Win share per seat and per turn position, with 95% intervals"),
        "<h3>By seat</h3>",
        _table(["cell", *(f"seat {p + 1} ({seats[p]})" for p in range(n))], seat_rows),
        "<h3>By turn order</h3>",
        _table(["cell", "start player", *(f"start +{p}" for p in range(1, n))], position_rows),
        '<p class="note">start +1 is the seat after the start player (clockwise), start +2 the one after it…</p>',
    ]


def _score_section(simulation: Simulation, summaries: Sequence[CellSummary]) -> list[str]:
    seats = [f"seat {p + 1}" for p in range(simulation.players)]
    figure = plots.score_figure([(c.label, c.scores) for c in simulation.cells], seats)
    out = [
        "<h2>Scores</h2>",
        "<p>Final scores per seat: box from the lower to the upper quartile, the median as a line, the mean "
        "as a diamond, whiskers to 1.5 interquartile ranges.</p>",
        _img(figure, "Score distribution per seat"),
    ]
    for cell, summary in zip(simulation.cells, summaries, strict=True):
        rows: list[list[TableCell]] = [
            [seat, _interval(e, 2), *_spread(s)]
            for seat, e, s in zip(seats, summary.score_by_seat, summary.score_spread, strict=True)
        ]
        table = _table(
            ["seat", "mean (95% interval)", "min", "lower quartile", "median", "upper quartile", "max"], rows
        )
        out.append(_per_cell(cell.label, table, len(simulation.cells)))
    return out


def _length_section(simulation: Simulation, summaries: Sequence[CellSummary]) -> list[str]:
    figure = plots.length_figure([(c.label, c.length, c.rounds) for c in simulation.cells])
    rows: list[list[TableCell]] = []
    for cell, s in zip(simulation.cells, summaries, strict=True):
        rows.append([cell.label, "actions", _interval(s.length, 1), *_spread(s.length_spread)])
        rows.append([cell.label, "rounds", _interval(s.rounds, 2), *_spread(s.rounds_spread)])
    headers = ["cell", "", "mean (95% interval)", "min", "lower quartile", "median", "upper quartile", "max"]
    return [
        "<h2>Game length</h2>",
        "<p>Actions per game (every decision of every seat) and rounds.</p>",
        _img(figure, "Distribution of the game length"),
        _table(headers, rows),
    ]


def _usage_section(simulation: Simulation, summaries: Sequence[CellSummary]) -> list[str]:
    names = simulation.count_names
    out = ["<h2>Action usage</h2>"]
    if not names:
        return [*out, "<p>The games record no per-seat counts (no <code>n_*</code> columns).</p>"]
    seats = [f"seat {p + 1}" for p in range(simulation.players)]
    if len(summaries) == 1:  # one cell: the seats side by side
        (only,) = summaries
        series = [(seat, [only.usage[name][p] for name in names]) for p, seat in enumerate(seats)]
        shown = "each seat"
    else:  # several cells: the cells side by side, each as the mean over its seats
        series = [
            (c.label, [s.usage_all[name] for name in names]) for c, s in zip(simulation.cells, summaries, strict=True)
        ]
        shown = "the mean over the seats, per cell"
    out.append(
        "<p>Per-seat counts of what each seat chose or achieved (<code>n_*</code> columns): the mean per game, "
        f"with 95% intervals. The figure shows {shown}.</p>"
    )
    out.append(_img(plots.usage_figure(names, series), "Mean count per seat and game"))
    for cell, summary in zip(simulation.cells, summaries, strict=True):
        rows: list[list[TableCell]] = [
            [name, *(_interval(e, 2) for e in summary.usage[name]), _interval(summary.usage_all[name], 2)]
            for name in names
        ]
        out.append(_per_cell(cell.label, _table(["count", *seats, "all seats"], rows), len(simulation.cells)))
    return out


def _effect_section(simulation: Simulation, effects: Sequence[OptionEffect]) -> list[str]:
    out = ["<h2>Option effects</h2>"]
    if not effects:
        return [*out, "<p>No grid option takes two values in this study: there is nothing to compare.</p>"]
    out.append(
        "<p>Each change of one grid option from its first value (the baseline) to another, with the other grid "
        "options held equal and averaged over. Differences are <em>value − baseline</em>, game by game on the "
        "same seeds where the study shares them. <span class='note'>Red: the 95% interval excludes 0.</span></p>"
    )
    for effect in effects:
        how = "paired over the game index" if effect.paired else "unpaired (the cells' seeds differ; Welch)"
        averaged = f", averaged over {effect.settings} settings of the other options" if effect.settings > 1 else ""
        rows: list[list[TableCell]] = [
            [
                e.measure,
                _number(e.baseline_mean, 3),
                _number(e.value_mean, 3),
                _interval(e.difference, 3, 0.0),
                "yes" if e.clear else "",
            ]
            for e in effect.effects
        ]
        baseline, value = json.dumps(effect.baseline), json.dumps(effect.value)
        heading = f"{effect.key}: {value} against {baseline}"
        out += [
            f"<h3>{_e(heading)}</h3>",
            f'<p class="note">{effect.games} games, {how}{averaged}. Right: each measure on an axis of its own, '
            "in its own units.</p>",
            _img(plots.effect_figure(effect), f"Effect of {heading}"),
            _table(["measure", f"at {baseline}", f"at {value}", "difference (95% interval)", "excludes 0"], rows),
        ]
    return out


def _method_section() -> list[str]:
    return [
        "<h2>How the intervals are computed</h2>",
        "<ul>",
        "<li>Within a cell every game has its own seed, so games are independent samples. A mean over n games is "
        "given with the 95% interval <em>mean ± t · s / √n</em>: s the sample standard deviation (divisor n − 1), "
        "t the 97.5% quantile of Student's t with n − 1 degrees of freedom (1.96 for large n). Win shares are "
        "clipped to [0, 1]; a seat that always (or never) wins has a zero-width interval.</li>",
        "<li>Game i has the same seed in every cell (common random numbers). An option's effect is therefore "
        "measured game by game: for each game index the difference value − baseline between two cells that differ "
        "only in that option; with several other grid options, the differences of one game index are first "
        "averaged over their settings (they share the seed, so they are one sample). The interval is then the one "
        "above, over the game indexes. If the seeds of two cells do not match, Welch's unpaired interval is used "
        "instead.</li>",
        "<li>Per-seat counts and scores enter an option effect as the game's mean over the seats.</li>",
        "<li>The intervals are per number: among many numbers, about one in twenty intervals misses its true value "
        "by chance, so a single red mark among many deserves a second study before it is believed.</li>",
        "</ul>",
    ]


# ---------------------------------------------------------------- pieces


def _seat_names(simulation: Simulation) -> list[str]:
    seats = [str(s) for s in simulation.study.get("seats") or []]
    return seats if len(seats) == simulation.players else ["?"] * simulation.players


def _cells(simulation: Simulation) -> str:
    missing = len(simulation.missing_cells)
    return f"{len(simulation.cells) + missing}" + (f" ({missing} without games)" if missing else "")


def _options(options: Any) -> str:
    return ", ".join(f"{k}={json.dumps(v)}" for k, v in (options or {}).items())


def _played(study: dict[str, Any]) -> str:
    parts = [f"{key} {study[key]}" for key in ("backend", "jobs") if key in study]
    if isinstance(study.get("seconds"), int | float):
        parts.append(f"{study['seconds']:.1f} s")
    if "version" in study:
        parts.append(f"ludoteca {study['version']}")
    return ", ".join(parts) or "?"


def _title(game: str) -> str:
    """The game's own name (Verräter, not verraeter), or the name as stored for a game this build lacks."""
    try:
        return games.get(game).title
    except (LudotecaError, LookupError, ImportError, AttributeError):
        return game


def _off(estimate: Estimate, reference: float) -> bool:
    return estimate.low is not None and estimate.high is not None and not estimate.low <= reference <= estimate.high


def _brief(estimate: Estimate, signed: bool = False) -> str:
    """``+1.65 [1.14, 2.16]``: three significant digits, enough to read a finding."""
    mean = f"{estimate.mean:+.3g}" if signed else f"{estimate.mean:.3g}"
    if estimate.low is None or estimate.high is None:
        return mean
    return f"{mean} [{estimate.low:.3g}, {estimate.high:.3g}]"


def _number(value: float, digits: int) -> str:
    return f"{value:.{digits}f}"


def _interval(estimate: Estimate, digits: int, reference: float | None = None) -> tuple[str, bool]:
    """``mean [low, high]``, marked when the interval excludes ``reference``."""
    mean = _number(estimate.mean, digits)
    if estimate.low is None or estimate.high is None:
        return f"{mean} (n={estimate.samples})", False
    text = f"{mean} [{_number(estimate.low, digits)}, {_number(estimate.high, digits)}]"
    clear = reference is not None and (estimate.low > reference or estimate.high < reference)
    return text, clear


def _spread(spread: Spread) -> list[str]:
    return [f"{v:g}" for v in (spread.low, spread.q1, spread.median, spread.q3, spread.high)]


def _table(headers: Iterable[str], rows: Iterable[Sequence[TableCell]], header: bool = True, css: str = "") -> str:
    """An HTML table; a cell given as ``(text, True)`` is marked (red): its interval excludes the reference."""
    parts = [f'<table class="{css}">' if css else "<table>"]
    if header:
        parts.append("<tr>" + "".join(f"<th>{_e(h)}</th>" for h in headers) + "</tr>")
    for row in rows:
        cells = []
        for cell in row:
            text, clear = cell if isinstance(cell, tuple) else (cell, False)
            cells.append(f'<td class="clear">{_e(text)}</td>' if clear else f"<td>{_e(text)}</td>")
        parts.append("<tr>" + "".join(cells) + "</tr>")
    parts.append("</table>")
    return "\n".join(parts)


def _per_cell(label: str, content: str, cells: int) -> str:
    """A cell's table, folded away under its label when there are several cells."""
    if cells == 1:
        return content
    return f"<details><summary>The numbers: {_e(label)}</summary>\n{content}\n</details>"


def _img(figure: Figure, alt: str) -> str:
    data = base64.b64encode(plots.png(figure)).decode("ascii")
    return f'<p><img alt="{_e(alt)}" src="data:image/png;base64,{data}"></p>'


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)
