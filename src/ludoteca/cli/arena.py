"""The ``ludoteca arena`` command: many bot games, seats rotated, one table (or JSON object) of results.

Only argument handling and presentation live here; the games are played by :mod:`ludoteca.arena.runner`
and summarised by :mod:`ludoteca.arena.summary`, so both can be tested without a terminal. The table
goes to stdout and the progress bar to stderr, so ``--json`` output can be piped as it is.
"""

from __future__ import annotations

import json
import math
import os
import secrets
from functools import partial

import click
from rich.console import Console
from rich.table import Table

from ludoteca import bots
from ludoteca.arena import runner
from ludoteca.arena.sequential import Decision, Hypotheses, decide
from ludoteca.arena.stats import Estimate
from ludoteca.arena.summary import BotSummary, deal_values, summarize

from .common import describe_options, find_game, make_console, parse_options, parse_seats, progress_bar


@click.command(
    short_help="Play many bot games with the seats rotated and compare the bots.",
    epilog="Bots: "
    + ", ".join(bots.names())
    + ", optionally with a budget: reader:expert (easy, normal, hard, expert), ismcts:hard, ismcts:800 "
    "(iterations), ismcts:0.5s. Every deal is played once per seat rotation, so each bot plays every seat on the "
    "same cards; the 95% intervals treat the deal as the unit. See docs/arena.md.",
)
@click.argument("game")
@click.option(
    "--seats",
    required=True,
    metavar="BOT,BOT,...",
    help="The lineup: one bot spec per seat; the count is the number of players.",
)
@click.option(
    "--games",
    "num_games",
    required=True,
    type=click.IntRange(min=1),
    metavar="N",
    help="Games to play, rounded up to whole deals (a deal is one game per seat rotation).",
)
@click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=1),
    metavar="K",
    help="Worker processes; 1 plays in this process. [default: all cores]",
)
@click.option("--seed", type=click.IntRange(min=0), help="Seed of the whole arena (default: random, shown).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object instead of the table.")
@click.option(
    "--until-decided",
    is_flag=True,
    help="Stop as soon as the sequential test decides whether the first bot wins more than its parity share "
    "(H0 parity against H1 parity + --delta per deal, α = β = 0.05); --games is then the most to play.",
)
@click.option(
    "--delta",
    type=click.FloatRange(min=0.0, min_open=True, max=1.0),
    default=0.1,
    show_default=True,
    help="H1's margin over parity for --until-decided.",
)
@click.option(
    "--option",
    "-o",
    "option_pairs",
    multiple=True,
    metavar="KEY=VALUE",
    help="A rule option, e.g. -o edition=1998 (repeatable).",
)
def arena(
    game: str,
    seats: str,
    num_games: int,
    jobs: int | None,
    seed: int | None,
    as_json: bool,
    until_decided: bool,
    delta: float,
    option_pairs: tuple[str, ...],
) -> int:
    """Play GAME (verraeter or kreta) many times between bots and report win shares, scores and speed.

    \b
    Examples:
      ludoteca arena verraeter --seats heuristic,random,random,random --games 400
      ludoteca arena kreta --seats ismcts:800,heuristic --games 100 --seed 1 --json
      ludoteca arena verraeter --seats ismcts:normal,ismcts:easy,ismcts:easy --games 600 --until-decided
    """
    definition = find_game(game)
    lineup = tuple(parse_seats(seats, definition, humans=False))
    options = definition.options_from_dict(parse_options(option_pairs))
    n = len(lineup)
    deals = math.ceil(num_games / n)
    chosen_seed = secrets.randbelow(10**9) if seed is None else seed
    match = runner.Match(definition.name, definition.options_to_dict(options), lineup, chosen_seed)
    hypotheses = Hypotheses.above_parity(1 / n, delta)
    records = _run_with_progress(match, deals, jobs or os.cpu_count() or 1, hypotheses if until_decided else None)
    played = len({r.deal for r in records})
    decision = decide(deal_values(lineup, records, lineup[0]), hypotheses)
    rows = summarize(lineup, records)
    if as_json:
        out = {
            "game": definition.name,
            "players": n,
            "options": match.options,
            "seed": chosen_seed,
            "deals": played,
            "games": played * n,
            "parity": 1 / n,
            "bots": [row.to_json() for row in rows],
        }
        if until_decided:
            out["sequential"] = {"bot": lineup[0], **decision.to_json()}
        click.echo(json.dumps(out, ensure_ascii=False))
        return 0
    console = make_console()
    rounded = f" (--games {num_games} rounded up to whole deals)" if deals * n != num_games else ""
    if until_decided:
        rounded = f" (at most {deals} deals)"
    deals = played
    console.print(f"[bold]Arena · {definition.title}[/] · {n} players · {', '.join(lineup)}", soft_wrap=True)
    again = "" if seed is not None else f" (run it again with --seed {chosen_seed})"
    console.print(
        f"Rules: {describe_options(options, definition)} · seed {chosen_seed}{again}", style="dim", soft_wrap=True
    )
    dealt = f"{deals} deal{'s' if deals != 1 else ''} × {n} seat rotations = {deals * n} games{rounded}"
    console.print(dealt, soft_wrap=True)
    table = _table(rows)
    if not console.is_terminal:  # a file or pipe gets the table's full width, never truncated cells
        needed = console.measure(table, options=console.options.update_width(500)).maximum
        console = Console(highlight=False, width=max(console.width, needed))
    console.print(table)
    if deals > 1:
        note = (
            f"Intervals: 95%, Student t over the {deals} per-deal means (the {n} rotations of a deal share its "
            "luck, so the deal is the sample)."
        )
    else:
        note = "No intervals from a single deal (the deal is the sample)."
    console.print(f"Parity win share: {1 / n:.3f} (1/{n}). {note} Times: per decision.", style="dim", soft_wrap=True)
    if until_decided:
        console.print(f"{hypotheses.describe()}, about {lineup[0]}:", soft_wrap=True)
        console.print(f"[bold]{decision.describe()}[/]", soft_wrap=True)
    return 0


def _run_with_progress(
    match: runner.Match, deals: int, jobs: int, hypotheses: Hypotheses | None
) -> list[runner.SeatRecord]:
    """The records of all deals (or, given ``hypotheses``, of the deals until the sequential test decides), with
    a progress bar on stderr when it is a terminal (redrawn as each deal finishes)."""
    with progress_bar("deals") as bar:
        task = bar.add_task("Arena", total=deals)

        def tick() -> None:
            bar.advance(task)
            bar.refresh()

        bar.refresh()
        if hypotheses is None:
            return runner.run(match, deals, jobs, tick)
        return runner.run_until(match, deals, jobs, partial(_decided, match.lineup, hypotheses), tick)


def _decided(lineup: tuple[str, ...], hypotheses: Hypotheses, records: list[runner.SeatRecord]) -> bool:
    decision: Decision = decide(deal_values(lineup, records, lineup[0]), hypotheses)
    return decision.decided


def _table(rows: list[BotSummary]) -> Table:
    table = Table(header_style="bold")
    table.add_column("Bot", no_wrap=True)
    for heading in ("Seats", "Games", "Win share (95% CI)", "Mean score (95% CI)", "s/move", "Max", "Moves"):
        table.add_column(heading, justify="right", no_wrap=True)
    for row in rows:
        table.add_row(
            row.bot,
            str(row.seats),
            str(row.games),
            _estimate(row.win_share, 3),
            _estimate(row.mean_score, 1),
            _duration(row.seconds_mean),
            _duration(row.seconds_max),
            str(row.moves),
        )
    return table


def _estimate(value: Estimate, digits: int) -> str:
    """``0.312 (0.270–0.354)``; without an interval (a single deal) just the mean."""
    if value.low is None or value.high is None:
        return f"{value.mean:.{digits}f}"
    return f"{value.mean:.{digits}f} ({value.low:.{digits}f}–{value.high:.{digits}f})"


def _duration(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.0f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds:.2f} s"
