"""What the ``ludoteca`` commands share: finding a game, parsing seats, names and options, the console,
the progress bar and the seeds of the terminal's bots.

Every command module imports these from here (never from :mod:`.main`, which imports the commands to
register them), so there is no import cycle to dodge. Errors a user can cause are ``click`` parameter
errors or :class:`~ludoteca.core.errors.LudotecaError`, which :mod:`.main` turns into one line on stderr.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

import click
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn

from ludoteca import bots, games
from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import AnyGameDefinition
from ludoteca.core.rng import Rng
from ludoteca.core.seeds import TERMINAL_SALT, seed_stream
from ludoteca.present.common import colour_name
from ludoteca.present.i18n import Translator

HUMAN = "human"
"""The seat kind of a person at the keyboard."""
DEFAULT_BOT = "heuristic"
"""Who fills the seats nobody named: the hand-written strategy (instant, and worth beating)."""


def find_game(name: str) -> AnyGameDefinition:
    """The registry's game, or a clear error while a game's rules core is not yet in this build."""
    try:
        return games.get(name)
    except ModuleNotFoundError as e:
        if not (e.name or "").startswith("ludoteca."):
            raise
    except AttributeError:  # a package without its DEFINITION yet
        pass
    raise LudotecaError(f"the game {name!r} is not available in this version of ludoteca")


def make_console() -> Console:
    """Rich's console; when writing to a file or pipe, 100 columns (rich would say 80) so boards fit."""
    console = Console(highlight=False)
    if not console.is_terminal and not os.environ.get("COLUMNS"):
        console = Console(highlight=False, width=100)
    return console


def progress_bar(unit: str) -> Progress:
    """A progress bar on stderr counting ``unit`` (shown only when stderr is a terminal).

    ``auto_refresh`` is off so that rich starts no thread before worker processes are forked; callers
    redraw it (``refresh()``) as work finishes.
    """
    err = Console(stderr=True)
    columns = (
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn(unit),
        TimeElapsedColumn(),
        TimeRemainingColumn(),
    )
    return Progress(*columns, console=err, transient=True, auto_refresh=False, disable=not err.is_terminal)


def parse_seats(text: str | None, definition: AnyGameDefinition, humans: bool = True) -> list[str]:
    """One normalised entry per seat: ``human`` (unless ``humans`` is off, as in the arena) or a bot spec
    such as ``ismcts:hard`` (``Random`` and ``random : 800`` become ``random`` and ``random:800``)."""
    if text is None:
        n = min(max(4, definition.min_players), definition.max_players)
        return [HUMAN] + [DEFAULT_BOT] * (n - 1)
    kinds = []
    for entry in text.split(","):
        name, colon, budget = entry.strip().lower().partition(":")
        kind = f"{name.strip()}:{budget.strip()}" if colon else name.strip()
        if not kind:
            raise click.BadParameter("an empty seat (give one entry per seat)", param_hint="'--seats'")
        if kind != HUMAN or not humans:
            if humans and kind.partition(":")[0] not in bots.names():
                known = ", ".join((HUMAN, *bots.names()))
                raise click.BadParameter(f"unknown seat {kind!r} (use {known})", param_hint="'--seats'")
            try:
                bots.parse_spec(kind)
            except bots.UnknownBotError as exc:
                raise click.BadParameter(str(exc), param_hint="'--seats'") from exc
        kinds.append(kind)
    lo, hi = definition.min_players, definition.max_players
    if not lo <= len(kinds) <= hi:
        raise click.BadParameter(
            f"{definition.title} takes {lo}–{hi} players, not {len(kinds)}", param_hint="'--seats'"
        )
    return kinds


def parse_names(text: str | None, definition: AnyGameDefinition, n: int) -> list[str]:
    """The seat names given with ``--names`` (``n`` of them, distinct), or the game's own."""
    if text is None:
        defaults = list(definition.seat_names)
        return defaults[:n] if len(defaults) >= n else [f"Player {p + 1}" for p in range(n)]
    names = [s.strip() for s in text.split(",")]
    if len(names) != n:
        raise click.BadParameter(f"{len(names)} names for {n} seats", param_hint="'--names'")
    if any(not s for s in names):
        raise click.BadParameter("names must not be empty", param_hint="'--names'")
    if len({s.lower() for s in names}) != n:
        raise click.BadParameter("names must be different", param_hint="'--names'")
    return names


def shown_names(names: Sequence[str], definition: AnyGameDefinition, tr: Translator) -> list[str]:
    """The seat names as the terminal shows them: the game's own colours (what ``--names`` defaults to, and
    what a record keeps, in English) in the reader's language; names someone chose as they are."""
    if list(names) != list(definition.seat_names[: len(names)]):
        return list(names)
    return [colour_name(definition.seat_names, seat, tr) for seat in range(len(names))]


def parse_options(pairs: Sequence[str]) -> dict[str, str]:
    """``-o KEY=VALUE`` pairs as a dict of strings (the game's options parse the values)."""
    out: dict[str, str] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        key = key.strip()
        if not eq or not key:
            raise click.BadParameter(f"{pair!r} is not KEY=VALUE", param_hint="'--option'")
        if key in out:
            raise click.BadParameter(f"{key} is given twice", param_hint="'--option'")
        out[key] = value.strip()
    return out


def print_option_warnings(console: Console, definition: AnyGameDefinition, options: Any) -> None:
    """The game's warnings about the options in force (a Kreta board file unlike the printed board)."""
    if definition.option_warnings is not None:
        for line in definition.option_warnings(options):
            console.print(line, style="yellow", soft_wrap=True, markup=False, highlight=False)


def describe_options(options: Any, definition: AnyGameDefinition) -> str:
    """The options in force, in one line (the options' own ``describe()`` when they have one)."""
    describe = getattr(options, "describe", None)
    if callable(describe):
        return str(describe())
    return ", ".join(f"{k}={v}" for k, v in definition.options_to_dict(options).items()) or "defaults"


def bot_seed_stream(seed: int, moves_made: int = 0) -> Rng:
    """The generator of the terminal's bots' seeds, one ``next64()`` per bot seat in seat order: from the
    game seed and, on resuming, from how far the game has got (so resumed bots do not repeat the start)."""
    return seed_stream(seed, TERMINAL_SALT ^ (moves_made * 0x9E3779B1))
