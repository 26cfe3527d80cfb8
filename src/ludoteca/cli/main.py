"""The ``ludoteca`` command: play a game, replay a record, draw the Kreta board.

Errors a user can cause (an unknown game, a bad option, a broken record...) end the program with
status 2 and one line on stderr, ``ludoteca: error: ...`` — never a traceback. Click runs in
non-standalone mode so that its own usage errors get the same one-line treatment.
"""

from __future__ import annotations

import json
import secrets
import sys
from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, NoReturn

import click
from rich.text import Text

from ludoteca import __version__, bots
from ludoteca.core.errors import LudotecaError, RecordError
from ludoteca.core.game import TERMINAL
from ludoteca.core.records import GameRecord, replay, stored_options
from ludoteca.present.common import bot_level

from .arena import arena
from .common import (
    DEFAULT_BOT,
    HUMAN,
    bot_seed_stream,
    describe_options,
    find_game,
    make_console,
    parse_names,
    parse_options,
    parse_seats,
    print_option_warnings,
    shown_names,
)
from .db import db
from .info import info
from .play import Seat, Session
from .recording import Recorder, new_record
from .renderers import Renderer, lang_option
from .report import report
from .results import result_json, result_renderables
from .review import review_cmd
from .serve import serve
from .simulate import simulate
from .train import train

EXIT_USAGE = 2


class _LudotecaCLI(click.Group):
    """A click group whose errors are one line on stderr and exit status 2."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None, **extra: Any) -> NoReturn:  # type: ignore[override]
        extra.pop("standalone_mode", None)
        try:
            rv = super().main(args, prog_name or "ludoteca", standalone_mode=False, **extra)
        except click.exceptions.NoArgsIsHelpError as e:
            click.echo(e.ctx.get_help())
            sys.exit(0)
        except click.UsageError as e:
            hint = f" (see '{e.ctx.command_path} --help')" if e.ctx is not None else ""
            _fail(e.format_message() + hint)
        except click.ClickException as e:
            _fail(e.format_message())
        except LudotecaError as e:
            _fail(str(e))
        except click.Abort:
            click.echo("", err=True)
            sys.exit(130)
        sys.exit(rv if isinstance(rv, int) else 0)


def _fail(message: str) -> NoReturn:
    click.echo(f"ludoteca: error: {' '.join(message.split())}", err=True)
    sys.exit(EXIT_USAGE)


@click.group(
    "ludoteca", cls=_LudotecaCLI, no_args_is_help=True, context_settings={"help_option_names": ["-h", "--help"]}
)
@click.version_option(__version__, "-V", "--version", prog_name="ludoteca", message="%(prog)s %(version)s")
def cli() -> None:
    """Digital editions of Verräter (1998) and Kreta (2005): play against bots or friends at one
    keyboard, replay recorded games, draw the Kreta board.

    \b
    Examples:
      ludoteca serve                                play in the browser: http://localhost:8000/
      ludoteca db upgrade                           upgrade the server's database (serve does it too)
      ludoteca play verraeter                       you against three heuristic bots
      ludoteca play verraeter --seats human,human,random --record game.json
      ludoteca play verraeter --seats random,random,random,random --seed 7
      ludoteca replay game.json
      ludoteca board kreta --svg kreta.svg
    """


# ---------------------------------------------------------------- play


@cli.command(
    epilog="Seats are 'human' or a bot ("
    + ", ".join(bots.names())
    + "), optionally with a budget: reader:expert (easy, normal, hard, expert), ismcts:hard, ismcts:800 "
    "(iterations), ismcts:0.5s. "
    "At your turn type the option's number or the action itself; 'hint', 'help', 'log', 'rules' and "
    "'quit' work too. Ctrl-D quits; with --record nothing is lost."
)
@click.argument("game", required=False)
@click.option("--seats", metavar="KIND,KIND,...", help="One entry per seat, clockwise: human or a bot name. "
              "The count is the number of players. [default: human and heuristic bots, 4 seats]")
@click.option("--seed", type=click.IntRange(min=0), help="Seed of the game and the bots (default: random, shown).")
@click.option("--option", "-o", "option_pairs", multiple=True, metavar="KEY=VALUE",
              help="A rule option, e.g. -o edition=1998 -o hand_limit=6 (repeatable).")
@click.option("--record", "record_path", metavar="FILE", type=click.Path(dir_okay=False),
              help="Write the game record (JSON) here, rewritten after every action.")
@click.option("--resume", "resume_path", metavar="FILE", type=click.Path(dir_okay=False),
              help="Go on with the game recorded in FILE (written by --record), and keep recording to it.")
@click.option("--names", metavar="A,B,...", help="Seat names, clockwise (default: the game's colours).")
@click.option("--delay", type=click.FloatRange(min=0), default=0.3, show_default=True,
              help="Pause in seconds after each bot action when a human is playing.")
@click.option("--verbose", "-v", is_flag=True, help="Without humans: print every event, not just the result.")
@lang_option
def play(
    game: str | None,
    seats: str | None,
    seed: int | None,
    option_pairs: tuple[str, ...],
    record_path: str | None,
    resume_path: str | None,
    names: str | None,
    delay: float,
    verbose: bool,
    lang: str,
) -> int:
    """Play GAME (verraeter or kreta) in the terminal, or resume a recorded game.

    Humans see only their own view; bots play the other seats. With only bots the game runs to the end
    and prints the result.
    """
    if resume_path is not None:
        return _resume(game, resume_path, seats, seed, option_pairs, record_path, names, delay, verbose, lang)
    if game is None:
        raise click.UsageError("name a GAME (verraeter or kreta), or give --resume FILE")
    definition = find_game(game)
    kinds = parse_seats(seats, definition)
    seat_names = parse_names(names, definition, len(kinds))
    options = definition.options_from_dict(parse_options(option_pairs))
    chosen_seed = secrets.randbelow(10**9) if seed is None else seed
    state = definition.new_game(options, chosen_seed, len(kinds))
    recorder = Recorder(new_record(definition, options, chosen_seed, seat_names, kinds), record_path)
    recorder.start()
    console = make_console()
    renderer = Renderer(definition.name, lang)
    tr = renderer.tr
    shown = shown_names(seat_names, definition, tr)
    who = ", ".join(f"{n} ({bot_level(k, tr)})" for n, k in zip(shown, kinds, strict=True))
    console.print(f"[bold]{definition.title}[/] · {who}")
    rules = renderer.rules_text(state.view(-1), describe_options(options, definition))
    console.print(
        tr("Seed %(seed)d (play it again with --seed %(seed)d) · rules: %(rules)s")
        % {"seed": chosen_seed, "rules": rules},
        style="dim",
        soft_wrap=True,
        markup=False,
    )
    print_option_warnings(console, definition, options)
    players = _players(shown, kinds, chosen_seed)
    return Session(definition, state, players, recorder, console, delay=delay, verbose=verbose, lang=lang).run()


def _players(names: Sequence[str], kinds: Sequence[str], seed: int, moves_made: int = 0) -> list[Seat]:
    """The seats, bots seeded from the game seed (and, on resuming, from how far the game has got)."""
    seeds = bot_seed_stream(seed, moves_made)
    return [
        Seat(name, kind, None if kind == HUMAN else bots.from_spec(kind, seeds.next64()))
        for name, kind in zip(names, kinds, strict=True)
    ]


def _resume(
    game: str | None,
    path: str,
    seats: str | None,
    seed: int | None,
    option_pairs: tuple[str, ...],
    record_path: str | None,
    names: str | None,
    delay: float,
    verbose: bool,
    lang: str | None = None,
) -> int:
    """Replay the record at ``path`` and go on playing from where it stopped."""
    if seed is not None or option_pairs or names is not None:
        raise click.UsageError("--seed, --option and --names come from the record when resuming")
    record = _read_record(path)
    try:
        definition = find_game(record.game)
        if game is not None and find_game(game).name != definition.name:
            raise LudotecaError(f"{path} records a game of {definition.title}, not {game}")
        state = replay(definition, record)
    except LudotecaError as e:
        raise RecordError(f"{path}: {e}") from None
    n = len(record.players)
    if seats is not None:
        kinds = parse_seats(seats, definition)
        if len(kinds) != n:
            raise click.BadParameter(f"the recorded game has {n} seats, not {len(kinds)}", param_hint="'--seats'")
    elif record.seats is not None:
        kinds = parse_seats(",".join(record.seats), definition)
    else:
        kinds = [HUMAN] + [DEFAULT_BOT] * (n - 1)
    record.seats = list(kinds)
    console = make_console()
    options = stored_options(definition, record.options)
    renderer = Renderer(definition.name, lang)
    tr = renderer.tr
    shown = shown_names(record.players, definition, tr)
    who = ", ".join(f"{nm} ({bot_level(k, tr)})" for nm, k in zip(shown, kinds, strict=True))
    n_actions = len(record.actions)
    resumed = tr.ngettext(
        "resumed from %(path)s after %(n)d action", "resumed from %(path)s after %(n)d actions", n_actions
    ) % {"path": path, "n": n_actions}
    console.print(Text.assemble((definition.title, "bold"), f" · {resumed} · {who}"), soft_wrap=True)
    rules = renderer.rules_text(state.view(-1), describe_options(options, definition))
    console.print(
        tr("Seed %(seed)d · rules: %(rules)s") % {"seed": record.seed, "rules": rules},
        style="dim",
        soft_wrap=True,
        markup=False,
    )
    print_option_warnings(console, definition, options)
    recorder = Recorder(record, record_path or path)
    recorder.start()
    players = _players(shown, kinds, record.seed, len(record.actions))
    return Session(definition, state, players, recorder, console, delay=delay, verbose=verbose, lang=lang).run()


# ---------------------------------------------------------------- replay


def _read_record(path: str) -> GameRecord:
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise LudotecaError(f"cannot read {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise LudotecaError(f"{path} is not a text file") from None
    try:
        return GameRecord.from_json(text)
    except RecordError as e:
        raise RecordError(f"{path}: {e}") from None


def _simulated_record(directory: str, row: str | None) -> GameRecord:
    """The record of game INDEX of cell CELL of a simulation directory, played again from its seeds."""
    if row is None:
        raise click.BadParameter(f"{directory} is a directory: name a simulated game with --row CELL:INDEX")
    cell, colon, index = row.partition(":")
    if not colon or not cell.strip().isdigit() or not index.strip().isdigit():
        raise click.BadParameter(f"{row!r} is not CELL:INDEX (e.g. 0:17)", param_hint="'--row'")
    try:
        from ludoteca.sim.replay import find_row, record_of
    except ImportError as e:
        raise LudotecaError(f"simulations need the analysis extra ({e.name} is missing)") from None
    return record_of(find_row(directory, int(cell), int(index)))


@cli.command("replay", short_help="Replay a game record (or a simulated game) and print the result.")
@click.argument("file", metavar="FILE")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object (scores, breakdown, winners...).")
@click.option("--upto", type=click.IntRange(min=0), metavar="N", help="Stop after the first N actions.")
@click.option("--log", "show_log", is_flag=True, help="Also print the game's public log, event by event.")
@click.option("--row", metavar="CELL:INDEX", help="With a simulation directory as FILE: the game to play again.")
@click.option("--web", is_flag=True, help="Step through the game in the browser (a private server on this machine).")
@click.option("--port", type=click.IntRange(0, 65535), default=0, help="With --web: the port (0: any free one).")
@lang_option
def replay_cmd(
    file: str, as_json: bool, upto: int | None, show_log: bool, row: str | None, web: bool, port: int, lang: str
) -> int:
    """Replay the game record FILE ('-' reads stdin) and print the result.

    An unfinished record shows the position reached and the scores so far. FILE may also be a directory
    written by 'ludoteca simulate', with --row CELL:INDEX naming one of its games: the game is played again
    from the row's seeds. With --web the game opens in the browser's replay viewer instead.
    """
    record = _simulated_record(file, row) if row is not None or Path(file).is_dir() else _read_record(file)
    try:
        definition = find_game(record.game)
        state = replay(definition, record, upto)
    except LudotecaError as e:
        raise RecordError(f"{file}: {e}") from None
    if web:
        from .serve import serve_replay

        # The server reads no file a record names: a landscape table read here travels as data.
        shared = replace(record, options=definition.options_to_dict(stored_options(definition, record.options)))
        serve_replay(json.dumps(shared.to_dict(), ensure_ascii=False, separators=(",", ":")), port)
        return 0
    options = stored_options(definition, record.options)
    finished = state.is_terminal()
    result = state.result()
    if as_json:
        summary = result_json(definition, record, options, result, finished, len(record.actions[:upto]))
        click.echo(json.dumps(summary, ensure_ascii=False))
        return 0
    console = make_console()
    renderer = Renderer(definition.name, lang)
    tr = renderer.tr
    names = shown_names(record.players, definition, tr)
    seed = tr("seed %(seed)d") % {"seed": record.seed}
    console.print(Text.assemble((definition.title, "bold"), f" · {', '.join(names)} · {seed}"))
    rules = renderer.rules_text(state.view(-1), describe_options(options, definition))
    console.print(tr("Rules: %(rules)s") % {"rules": rules}, style="dim", highlight=False, markup=False)
    if show_log:
        public = state.view(-1)
        for event in public.log:
            console.print("  " + renderer.describe(public, event, names))
    played = len(record.actions[:upto])
    if not finished:
        to_act = state.current_player()
        who = names[to_act] if to_act != TERMINAL else tr("nobody")
        stops = tr.ngettext(
            "the record stops after %(n)d action, with %(who)s to act.",
            "the record stops after %(n)d actions, with %(who)s to act.",
            played,
        ) % {"n": played, "who": who}
        console.print(Text.assemble((tr("Unfinished:"), "bold"), " ", stops))
        console.print(renderer.render(state.view(-1), names))
    else:
        finished_text = tr.ngettext("Finished after %(n)d action.", "Finished after %(n)d actions.", played)
        console.print(finished_text % {"n": played})
    labels = renderer.breakdown_labels()
    for part in result_renderables(definition, result, names, finished, tr, labels):
        console.print(part)
    return 0


# ---------------------------------------------------------------- board


@cli.command()
@click.argument("game")
@click.option("--svg", "svg_path", required=True, metavar="FILE", help="Write the SVG here ('-': stdout).")
@click.option("--option", "-o", "option_pairs", multiple=True, metavar="KEY=VALUE",
              help="A rule option: -o board=FILE draws your own board file (its warnings go to stderr).")
@lang_option
def board(game: str, svg_path: str, option_pairs: tuple[str, ...], lang: str) -> int:
    """Draw the board of GAME (kreta) as an SVG picture: the shipped one, or a board file (-o board=FILE)."""
    definition = find_game(game)
    options = definition.options_from_dict(parse_options(option_pairs))
    renderer = Renderer(definition.name, lang)
    svg = renderer.presenter.blank_board_svg(options, renderer.tr) if renderer.presenter is not None else None
    if svg is None:
        raise LudotecaError(f"only Kreta has a board to draw, not {game!r}")
    if definition.option_warnings is not None:
        for line in definition.option_warnings(options):
            click.echo(line, err=True)
    if svg_path == "-":
        click.echo(svg, nl=not svg.endswith("\n"))
        return 0
    try:
        Path(svg_path).write_text(svg, encoding="utf-8")
    except OSError as e:
        raise LudotecaError(f"cannot write {svg_path}: {e.strerror or e}") from None
    click.echo(renderer.tr("Wrote %(file)s.") % {"file": svg_path}, err=True)
    return 0


cli.add_command(arena)
cli.add_command(info)
cli.add_command(serve)
cli.add_command(db)
cli.add_command(simulate)
cli.add_command(report)
cli.add_command(review_cmd)
cli.add_command(train)


def main() -> NoReturn:
    """The console script's entry point."""
    cli.main(prog_name="ludoteca")
