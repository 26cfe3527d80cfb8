"""The ``ludoteca report`` command: an HTML report of a ``ludoteca simulate`` directory."""

from __future__ import annotations

import click

from ludoteca.core.errors import LudotecaError


@click.command(short_help="Write an HTML report (plots, intervals) of a simulation directory.")
@click.argument("directory", metavar="DIR")
@click.option("--out", "out", metavar="FILE.html", type=click.Path(dir_okay=False),
              help="Where to write the report [default: DIR/report.html].")  # fmt: skip
def report(directory: str, out: str | None) -> int:
    """Write a self-contained HTML report of the simulation in DIR (written by 'ludoteca simulate'):
    win share per seat and by turn order with 95% intervals, score distributions, game length, action
    usage, and the effect of every grid option, with plots and tables.

    \b
    Example:
      ludoteca simulate verraeter --seats heuristic,heuristic,heuristic,heuristic --games 1000 \\
          --grid edition=1998,2008 --out runs/edition
      ludoteca report runs/edition            writes runs/edition/report.html
      ludoteca report runs/edition --out edition.html
    """
    try:
        from ludoteca.sim.report import write_report
    except ModuleNotFoundError as e:  # pragma: no cover - the analysis extra is missing
        if (e.name or "").startswith("ludoteca"):
            raise
        raise LudotecaError(
            f"ludoteca report needs the analysis extra (pip install 'ludoteca[analysis]'): {e}"
        ) from None
    path = write_report(directory, out)
    click.echo(f"Wrote {path}.")
    return 0
