"""``ludoteca review``: where a finished game was won and lost, decision by decision (:mod:`ludoteca.review`).

The record is read as ``ludoteca replay`` reads it (a file, ``-`` for stdin, or a simulation directory with
``--row``); the table lists every judged decision with the move played beside the search's preferred one and
their estimated win chances, and ends with each seat's totals. ``--json`` prints the review document itself.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click
from rich import box
from rich.table import Table
from rich.text import Text

from ludoteca.bots.base import Budget
from ludoteca.core.errors import LudotecaError, RecordError
from ludoteca.present.moves import move_labels
from ludoteca.review import DEFAULT_BUDGET, review

from .common import find_game, make_console, shown_names
from .renderers import Renderer, lang_option

MAX_ITERATIONS = 100_000
"""The largest ``--budget`` (a few seconds a decision in Kreta)."""

_MARK_STYLES = {"blunder": "bold red", "mistake": "red", "inaccuracy": "yellow"}


@click.command("review", short_help="Review a game: each decision's win chance, the better move, the mistakes.")
@click.argument("file", metavar="RECORD")
@click.option("--seat", type=int, metavar="N", help="Review only seat N (1 is the first seat).")
@click.option("--json", "as_json", is_flag=True, help="Print the review as one JSON object.")
@click.option(
    "--budget",
    type=click.IntRange(1, MAX_ITERATIONS),
    default=DEFAULT_BUDGET.iterations,
    show_default=True,
    metavar="ITERATIONS",
    help="Search iterations per decision (more: steadier estimates, slower).",
)
@click.option("--row", metavar="CELL:INDEX", help="With a simulation directory as RECORD: the game to review.")
@lang_option
def review_cmd(file: str, seat: int | None, as_json: bool, budget: int, row: str | None, lang: str) -> int:
    """Review the game RECORD ('-' reads stdin): the search bot judges every decision from the view of the
    seat that took it, and marks the ones that lost the most win chance (inaccuracy, mistake, blunder).

    The review is reproducible: the same record and budget give the same review.
    """
    from .main import _read_record, _simulated_record

    record = _simulated_record(file, row) if row is not None or Path(file).is_dir() else _read_record(file)
    try:
        definition = find_game(record.game)
    except LudotecaError as e:
        raise RecordError(f"{file}: {e}") from None
    n_seats = len(record.players)
    if seat is not None and not 1 <= seat <= n_seats:
        raise click.BadParameter(f"the game has seats 1–{n_seats}, not {seat}", param_hint="'--seat'")
    seats = None if seat is None else [seat - 1]
    show_progress = not as_json and sys.stderr.isatty()

    def progress(done: int, total: int) -> None:
        if show_progress:
            click.echo(f"\r{done}/{total}", nl=done == total, err=True)

    try:
        document = review(record, seats, Budget(iterations=budget), progress)
    except RecordError as e:
        raise RecordError(f"{file}: {e}") from None
    if as_json:
        click.echo(json.dumps(document, ensure_ascii=False))
        return 0
    renderer = Renderer(definition.name, lang)
    tr = renderer.tr
    names = shown_names(record.players, definition, tr)
    console = make_console()
    heading = tr.ngettext(
        "Review of %(game)s, seed %(seed)d: %(n)d iteration a decision",
        "Review of %(game)s, seed %(seed)d: %(n)d iterations a decision",
        budget,
    ) % {
        "game": definition.title,
        "seed": record.seed,
        "n": budget,
    }
    table = Table(title=heading, title_justify="left", box=box.SIMPLE_HEAD)
    table.add_column(tr("Step"), justify="right")
    table.add_column(tr("Seat"))
    table.add_column(tr("Move played"))
    table.add_column(tr("Better move"))
    table.add_column(tr("Chance before"), justify="right")
    table.add_column(tr("After"), justify="right")
    table.add_column(tr("Mark"))
    marks = {"blunder": tr("blunder"), "mistake": tr("mistake"), "inaccuracy": tr("inaccuracy")}
    labels = move_labels(record, document["decisions"], names, tr)  # the moves as the table's buttons said them
    for entry in document["decisions"]:
        mark = entry["mark"]
        played, best = labels[entry["n"]]
        table.add_row(
            str(entry["n"]),  # the replay's step: the position the decision was taken in
            names[entry["seat"]],
            played,
            "" if entry["best"] == entry["played"] else best,
            tr.percent(entry["before"]),
            tr.percent(entry["after"]),
            Text(marks[mark], style=_MARK_STYLES[mark]) if mark else "",
        )
    console.print(table)
    for totals in document["seats"]:
        line = tr.ngettext(
            "%(name)s: mean loss %(loss)s points over %(n)d decision; "
            "inaccuracies: %(inaccuracies)d, mistakes: %(mistakes)d, blunders: %(blunders)d",
            "%(name)s: mean loss %(loss)s points over %(n)d decisions; "
            "inaccuracies: %(inaccuracies)d, mistakes: %(mistakes)d, blunders: %(blunders)d",
            totals["decisions"],
        ) % {
            "name": names[totals["seat"]],
            "n": totals["decisions"],
            "loss": tr.decimal(100 * totals["mean_loss"]),
            "inaccuracies": totals["inaccuracies"],
            "mistakes": totals["mistakes"],
            "blunders": totals["blunders"],
        }
        console.print(line, highlight=False, markup=False)
    return 0
