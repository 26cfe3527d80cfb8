"""The ``ludoteca simulate`` command (being written)."""

from __future__ import annotations

import click

from ludoteca.core.errors import LudotecaError


@click.command(short_help="Play many bot games over a grid of rule options; one Parquet row per game.")
@click.argument("game")
def simulate(game: str) -> int:
    raise LudotecaError("ludoteca simulate is not available yet")
