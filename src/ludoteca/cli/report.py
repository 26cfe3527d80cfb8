"""The ``ludoteca report`` command (being written): an HTML report of a ``ludoteca simulate`` directory."""

from __future__ import annotations

import click

from ludoteca.core.errors import LudotecaError


@click.command(short_help="Write an HTML report (plots, intervals) of a simulation directory.")
@click.argument("directory")
def report(directory: str) -> int:
    raise LudotecaError("ludoteca report is not available yet")
