"""The presentation layer: one presenter per game, found through its plug-in, speaking the catalogues' languages
to every front end (``ludoteca.present``)."""

from __future__ import annotations

import re
from io import StringIO
from pathlib import Path

import pytest
from click.testing import Result
from rich.console import Console

import clikit
from ludoteca import games
from ludoteca.core.records import GameRecord, replay
from ludoteca.present import Presenter, presenter, translator
from ludoteca.present.i18n import from_environment
from ludoteca.web.seatview import text


def run(*args: str, env: dict[str, str] | None = None) -> Result:
    """The command with no language set, so that each test names the one it checks."""
    return clikit.run(*args, env={"LANGUAGE": "", "LC_ALL": "", **(env or {})})


@pytest.mark.parametrize("name", ["verraeter", "kreta"])
def test_every_built_in_game_has_a_presenter(name: str) -> None:
    assert isinstance(presenter(games.plugin(name)), Presenter)


@pytest.mark.parametrize(
    ("environ", "lang"),
    [
        ({}, "en"),
        ({"LANG": "it_IT.UTF-8"}, "it"),
        ({"LANG": "C"}, "en"),
        ({"LC_ALL": "fr_FR.UTF-8", "LANG": "it_IT.UTF-8"}, "fr"),
        ({"LANGUAGE": "xx:de", "LANG": "it_IT.UTF-8"}, "de"),
        ({"LC_MESSAGES": "pt_BR.UTF-8", "LANG": "de_DE.UTF-8"}, "en"),  # the first variable set decides
    ],
)
def test_the_terminal_language_defaults_from_the_environment(environ: dict[str, str], lang: str) -> None:
    assert from_environment(environ) == lang


def _log(output: str) -> list[str]:
    return [line[2:] for line in output.splitlines() if line.startswith("  ") and not line.startswith("   ")]


@pytest.mark.parametrize("lang", ["it", "fr", "de", "en"])
def test_the_terminal_log_is_the_webs_in_the_chosen_language(tmp_path: Path, lang: str) -> None:
    """An all-bot game with --verbose prints the spectator's log: line for line the web's, in that language."""
    path = f"{tmp_path}/game.json"
    result = run("play", "verraeter", "--seats", "random,random,random", "--seed", "5", "-v", "--lang", lang,
                 "--record", path)  # fmt: skip
    assert result.exit_code == 0, result.output
    with open(path, encoding="utf-8") as f:
        record = GameRecord.from_json(f.read())
    state = replay(games.get(record.game), record)
    # the seats nobody named are their colours, which each front end says in the reader's language
    tr = translator(lang)
    web = text.log_lines(state.view(-1), [tr(name) for name in record.players], tr)
    printed = _log(result.output)
    assert printed[: len(web)] == web


def test_the_language_comes_from_the_environment_when_not_given() -> None:
    result = run("play", "kreta", "--seats", "random,random", "--seed", "2", "-v", env={"LANG": "de_DE.UTF-8"})
    assert result.exit_code == 0, result.output
    assert "Ein neues Spiel Kreta: Blau beginnt." in result.output


def test_an_unknown_language_is_a_clear_error() -> None:
    result = run("play", "verraeter", "--seats", "random,random,random", "--lang", "xx")
    assert result.exit_code == 2
    assert re.search(r"'xx' is not a language ludoteca speaks \(choose from en, it, fr, de\)", result.output)


def test_replay_and_board_speak_the_language_too(tmp_path: Path) -> None:
    path = f"{tmp_path}/game.json"
    played = run("play", "kreta", "--seats", "random,random", "--seed", "1", "--record", path)
    assert played.exit_code == 0, played.output
    replayed = run("replay", path, "--log", "--upto", "12", "--lang", "it")
    assert replayed.exit_code == 0, replayed.output
    assert "Tabellone:" in replayed.output and "Provincia" in replayed.output
    board = run("board", "kreta", "--svg", "-", "--lang", "fr")
    assert board.exit_code == 0 and "<svg" in board.output
    assert board.output != run("board", "kreta", "--svg", "-", "--lang", "en").output


def test_the_terminal_table_is_translated() -> None:
    state = games.get("verraeter").new_game(games.get("verraeter").options_from_dict({}), 3, 4)
    view = state.view(0)
    out = StringIO()
    table = presenter(games.plugin("verraeter")).terminal(view, ["A", "B", "C", "D"], translator("it"))
    Console(file=out, width=100, color_system=None).print(table)
    assert "La tua mano:" in out.getvalue() and "Round 1 di" in out.getvalue()
