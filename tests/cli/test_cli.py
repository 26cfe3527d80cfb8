"""The ``ludoteca`` command: bot games, human games through stdin, records and replays, and one-line
errors with exit status 2 for every kind of bad input."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

from clikit import run
from ludoteca import __version__
from ludoteca.bots.random_bot import RandomBot
from ludoteca.core.records import GameRecord, replay
from ludoteca.verraeter import DEFINITION

BOTS4 = "random,random,random,random"
EXE = Path(sys.executable).parent / "ludoteca"


def play(*args: str, input: str | None = None) -> Result:
    return run("play", "verraeter", "--delay", "0", *args, input=input)


def _record(path: Path) -> GameRecord:
    return GameRecord.from_json(path.read_text(encoding="utf-8"))


# ---------------------------------------------------------------- bots only


def test_an_all_bot_game_runs_to_the_end_and_prints_the_result(tmp_path: Path) -> None:
    result = play("--seats", BOTS4, "--seed", "3")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Seed 3" in out and "Final scores (8 rounds)" in out
    assert "Winner" in out or "Shared win" in out
    for name in ("Brown", "Blue", "Green", "Orange"):
        assert name in out
    assert "Conflict" in out and "Strategist" in out  # the breakdown columns
    assert "Round 2" not in out  # no play-by-play without --verbose


def test_verbose_prints_the_public_log() -> None:
    result = play("--seats", "random,random,random", "--seed", "4", "-v")
    assert result.exit_code == 0
    # the log speaks the presenter's words (the web's): "Round 2 of 9: …", no longer "── Round 2 ──"
    assert re.search(r"Round 2 of \d+: ", result.stdout) and "Action cards revealed" in result.stdout
    assert " drew " not in result.stdout  # private draws stay private


def test_record_then_replay_gives_the_same_result(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = play("--seats", BOTS4, "--seed", "11", "--record", str(path), "-o", "edition=1998")
    assert result.exit_code == 0, result.output
    record = _record(path)
    assert record.options["edition"] == 1998 and record.seed == 11
    state = replay(DEFINITION, record)
    assert state.is_terminal()
    assert not list(tmp_path.glob(".*.tmp")), "temporary files are renamed, never left behind"

    text = run("replay", str(path))
    assert text.exit_code == 0 and "Finished after" in text.stdout
    assert f"{max(state.result().scores)}" in text.stdout

    as_json = run("replay", str(path), "--json")
    assert as_json.exit_code == 0
    assert as_json.stdout.count("\n") == 1
    data = json.loads(as_json.stdout)
    for key in ("game", "options", "players", "scores", "breakdown", "winners", "finished", "rounds"):
        assert key in data
    result_ = state.result()
    assert data["game"] == "verraeter" and data["finished"] is True
    assert data["scores"] == list(result_.scores) and data["winners"] == list(result_.winners)
    assert data["breakdown"] == [dict(r) for r in result_.breakdown]
    assert data["rounds"] == 8 and data["options"]["edition"] == 1998
    assert data["players"] == ["Brown", "Blue", "Green", "Orange"]


def test_same_seed_same_game_and_a_random_seed_is_shown(tmp_path: Path) -> None:
    a, b, c = tmp_path / "a.json", tmp_path / "b.json", tmp_path / "c.json"
    play("--seats", BOTS4, "--seed", "8", "--record", str(a))
    play("--seats", BOTS4, "--seed", "8", "--record", str(b))
    assert _record(a).actions == _record(b).actions
    shown = play("--seats", BOTS4, "--record", str(c))
    assert shown.exit_code == 0
    assert f"Seed {_record(c).seed} (play it again with --seed {_record(c).seed})" in shown.stdout


def test_unfinished_record_replays_to_the_position_reached(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    play("--seats", "random,random,random", "--seed", "2", "--record", str(path))
    record = _record(path)
    record.actions = record.actions[:20]
    path.write_text(record.to_json(), encoding="utf-8")
    text = run("replay", str(path))
    assert text.exit_code == 0
    assert "Unfinished: the record stops after 20 actions" in text.stdout
    assert "The ring" in text.stdout and "Scores so far" in text.stdout
    data = json.loads(run("replay", str(path), "--json").stdout)
    assert data["finished"] is False and data["actions"] == 20
    upto = json.loads(run("replay", str(path), "--json", "--upto", "5").stdout)
    assert upto["actions"] == 5
    from_stdin = run("replay", "-", "--json", input=path.read_text(encoding="utf-8"))
    assert json.loads(from_stdin.stdout) == data


def test_the_record_is_saved_after_every_action_even_when_the_program_dies(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "game.json"
    calls = {"n": 0}
    original = RandomBot.choose

    def dies_on_the_30th_call(self: RandomBot, view: Any, legal: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 30:
            raise RuntimeError("power cut")
        return original(self, view, legal)

    monkeypatch.setattr(RandomBot, "choose", dies_on_the_30th_call)
    result = play("--seats", BOTS4, "--seed", "5", "--record", str(path))
    assert isinstance(result.exception, RuntimeError)
    assert len(_record(path).actions) == 29
    replay(DEFINITION, _record(path))  # and it is a valid record


def test_ctrl_c_stops_with_status_130_and_the_record_saved(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "game.json"
    calls = {"n": 0}
    original = RandomBot.choose

    def interrupted_on_the_2nd_call(self: RandomBot, view: Any, legal: Any) -> Any:
        calls["n"] += 1
        if calls["n"] == 2:
            raise KeyboardInterrupt
        return original(self, view, legal)

    monkeypatch.setattr(RandomBot, "choose", interrupted_on_the_2nd_call)
    # seed 5: Green (a bot) places first, then Brown (the human), then Blue is interrupted
    result = play("--seats", "human,random,random", "--seed", "5", "--record", str(path), input="1\n" * 5)
    assert result.exit_code == 130
    assert "Game left unfinished after 2 actions" in result.stdout
    assert len(_record(path).actions) == 2


# ---------------------------------------------------------------- humans


def test_hot_seat_game_by_notation_and_by_number_with_bad_entries_reprompted(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    keys = [
        "",  # the first player takes the keyboard
        "help",
        "gutshof 1",  # by notation
        "",  # hand over to the next player
        "99",  # no such option
        "take traitor",  # not possible now: the core says why
        "flip the table",  # not an action at all
        "gutshof 1",  # already taken
        "log",
        "rules",
        "board",
        "2",  # by number: gutshof 3 (1 is taken)
    ]
    result = run(
        "play", "verraeter", "--seats", "human,human,human", "--seed", "4", "--record", str(path),
        input="\n".join(keys) + "\n",
    )  # fmt: skip
    out = result.stdout
    assert result.exit_code == 0, out
    assert _record(path).actions[:2] == ["gutshof 1", "gutshof 3"]
    assert len(_record(path).actions) == 2  # then stdin ends: a clean quit
    assert "✗ there is no option 99: choose 1–11" in out
    assert "✗ 'take traitor' is not possible now" in out
    assert "✗ cannot read 'flip the table' as a Verräter action" in out
    assert "✗ landscape 1 already has an estate card" in out
    assert "Pass the keyboard to" in out and "Set-up: starting with the start player" in out
    assert "Verräter in brief" in out  # rules
    assert "Game left unfinished after 2 actions" in out
    assert "Traceback" not in result.output


def test_one_human_against_bots_plays_to_the_end(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = play("--seats", "random,human,random", "--seed", "6", "--record", str(path), input="1\n" * 500)
    assert result.exit_code == 0, result.output[-2000:]
    out = result.stdout
    assert "Your turn, Blue" in out and "Your options" in out and "Blue>" in out
    assert "Final scores (9 rounds)" in out and "Record saved" in out
    assert replay(DEFINITION, _record(path)).is_terminal()
    # the human saw its own secret draws, and its options were numbered from 1
    assert "Blue drew" in out and "1) " in out


def test_the_start_of_an_action_lists_the_options_that_match(monkeypatch: pytest.MonkeyPatch) -> None:
    result = play("--seats", "human,random,random", "--seed", "5", input="gutsh\nquit\ny\n")
    assert "gutshof 2 (" in result.stdout.split("Brown> ")[1]  # the matches, numbered as before
    monkeypatch.setattr("ludoteca.cli.play.MAX_ROWS", 1)  # a screen too small for the 11 options
    result = play("--seats", "human,random,random", "--seed", "5", input="gutshof\nquit\ny\n")
    assert "11 options; type the start of an action to list those that match:\n  gutshof (11)" in result.stdout
    assert "more starting with 'gutshof': type more of the action" in result.stdout


def test_quit_asks_for_confirmation(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = play("--seats", "human,random,random", "--seed", "1", "--record", str(path), input="quit\nn\nquit\ny\n")
    assert result.exit_code == 0
    assert result.stdout.count("Quit? [y/N]") == 2
    assert f"The game so far is saved in {path}." in result.stdout
    assert f"the record is in {path}" in result.stdout


def test_custom_names_are_used_and_recorded(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = play("--seats", "random,random,random", "--names", "Ann,Bob,Cyd", "--seed", "1", "--record", str(path))
    assert result.exit_code == 0 and "Ann (random)" in result.stdout
    assert _record(path).players == ["Ann", "Bob", "Cyd"]


# ---------------------------------------------------------------- bad input


def _bad_record(tmp_path: Path, content: str) -> str:
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    return str(path)


BAD = [
    (["play", "chess"], "unknown game 'chess'"),
    (["play", "verraeter", "--seats", "human,wizard,random"], "unknown seat 'wizard'"),
    (["play", "verraeter", "--seats", "human,ismcts:fast,random"], "bad budget 'fast' for bot 'ismcts'"),
    (["play", "verraeter", "--seats", "random,random"], "Verräter takes 3–4 players, not 2"),
    (["play", "verraeter", "--seats", "random,random,random,random,random"], "takes 3–4 players, not 5"),
    (["play", "verraeter", "--seats", BOTS4, "-o", "colour=red"], "unknown option 'colour'"),
    (["play", "verraeter", "--seats", BOTS4, "-o", "hand_limit=lots"], "hand_limit takes a whole number"),
    (["play", "verraeter", "--seats", BOTS4, "-o", "hand_limit"], "'hand_limit' is not KEY=VALUE"),
    (["play", "verraeter", "--seats", BOTS4, "-o", "hand_limit=2"], "at least 3, the starting hand"),
    (["play", "verraeter", "--seats", BOTS4, "-o", "discard_timing=later"], "discard_timing takes before or after"),
    (["play", "verraeter", "--seats", BOTS4, "--names", "A,B"], "2 names for 4 seats"),
    (["play", "verraeter", "--seats", BOTS4, "--record", "/nonexistent/dir/x.json"], "cannot write record"),
    (["play", "verraeter", "--sedd", "3"], "No such option"),
    (["play", "verraeter", "--seed", "-4"], "--seed"),
    (["play"], "name a GAME (verraeter or kreta), or give --resume FILE"),
    (["frobnicate"], "No such command"),
    (["replay", "/nonexistent.json"], "cannot read /nonexistent.json"),
    (["board", "verraeter", "--svg", "x.svg"], "only Kreta has a board"),
]


@pytest.mark.parametrize(("args", "message"), BAD, ids=[" ".join(a)[:40] for a, _ in BAD])
def test_bad_input_exits_2_with_one_line(args: list[str], message: str) -> None:
    result = run(*args)
    assert result.exit_code == 2
    assert result.stdout == ""
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("ludoteca: error: "), result.stderr
    assert message in lines[0]


RECORDS = [
    ("{not json", "not valid JSON"),
    ("[1, 2]", "a record must be a JSON object"),
    ('{"game": "verraeter", "seed": 1}', "record has no 'players'"),
    ('{"game": "chess", "seed": 1, "players": ["a", "b"]}', "unknown game 'chess'"),
    ('{"game": "verraeter", "seed": 1, "players": ["a", "b"]}', "takes 3–4 players, record has 2"),
    ('{"game": "verraeter", "seed": 1, "players": ["a", "b", "c"], "options": {"edition": 1999}}', "edition"),
    (
        '{"game": "verraeter", "seed": 1, "players": ["a", "b", "c"], "actions": ["gutshof 2", "gutshof 2"]}',
        "action #2 'gutshof 2': landscape 2 already has an estate card",
    ),
    (
        '{"game": "verraeter", "seed": 1, "players": ["a", "b", "c"], "actions": ["take farmer"]}',
        "action #1 'take farmer': 'take farmer' is not possible now",
    ),
    ('{"game": "verraeter", "seed": 1, "players": ["a", "b", "c"], "actions": ["{oops"]}', "action #1"),
]


@pytest.mark.parametrize(("content", "message"), RECORDS)
def test_bad_records_exit_2_with_one_line_naming_the_file(tmp_path: Path, content: str, message: str) -> None:
    path = _bad_record(tmp_path, content)
    for extra in ([], ["--json"]):
        result = run("replay", path, *extra)
        assert result.exit_code == 2 and result.stdout == ""
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"ludoteca: error: {path}: "), result.stderr
        assert message in lines[0]


def test_a_binary_file_is_reported_not_decoded(tmp_path: Path) -> None:
    path = tmp_path / "blob.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    result = run("replay", str(path))
    assert result.exit_code == 2 and result.stderr.strip() == f"ludoteca: error: {path} is not a text file"


# ---------------------------------------------------------------- help, version, the installed command


def test_help_texts() -> None:
    top = run("--help")
    assert top.exit_code == 0 and "play" in top.stdout and "replay" in top.stdout and "board" in top.stdout
    assert run().exit_code == 0  # no command: the help, not an error
    for command in ("play", "replay", "board"):
        result = run(command, "--help")
        assert result.exit_code == 0 and "Usage: ludoteca " + command in result.stdout
    assert "human or a bot name" in run("play", "--help").stdout
    assert run("--version").stdout.strip() == f"ludoteca {__version__}"


def _exe(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(EXE), *args], capture_output=True, text=True, timeout=60, stdin=subprocess.DEVNULL)


def test_the_installed_command_exit_codes(tmp_path: Path) -> None:
    assert EXE.exists(), "the console script is installed by scripts/venv.sh"
    version = _exe("--version")
    assert version.returncode == 0 and version.stdout.strip() == f"ludoteca {__version__}"
    game = _exe("play", "verraeter", "--seats", BOTS4, "--seed", "1", "--record", str(tmp_path / "g.json"))
    assert game.returncode == 0 and "Final scores" in game.stdout
    assert _exe("replay", str(tmp_path / "g.json"), "--json").returncode == 0
    for args in (["play", "chess"], ["play", "verraeter", "--seats", "human,robot,random"], ["replay", "nope"]):
        bad = _exe(*args)
        assert bad.returncode == 2 and bad.stdout == ""
        assert len(bad.stderr.splitlines()) == 1 and "Traceback" not in bad.stderr
    human = _exe("play", "verraeter", "--seats", "human,random,random", "--seed", "1", "--delay", "0")
    assert human.returncode == 0 and "Game left unfinished after" in human.stdout  # stdin at EOF: clean quit


# ---------------------------------------------------------------- the Kreta board


def test_board_writes_the_kreta_svg(tmp_path: Path) -> None:
    path = tmp_path / "crete.svg"
    result = run("board", "kreta", "--svg", str(path))
    assert result.exit_code == 0, result.output
    svg = path.read_text(encoding="utf-8")
    assert "<svg" in svg and svg.rstrip().endswith("</svg>")
    to_stdout = run("board", "Crete", "--svg", "-")
    assert to_stdout.exit_code == 0 and to_stdout.stdout == svg


def _printed_board(tmp_path: Path) -> Path:
    """A user's board file that breaks only the reconstruction's assumptions (8 ports, Messara without one)."""
    from importlib import resources

    data = json.loads(resources.files("ludoteca.kreta").joinpath("data/crete.json").read_text(encoding="utf-8"))
    for province in data["provinces"]:
        if province["id"] in ("mirabello", "apokoronas", "messara"):
            province["port"] = province["id"] != "messara"
            province["vp"] = {"hill": 3, "plain": 4}[province["type"]] + 2 * province["port"]
    path = tmp_path / "printed.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_a_board_file_departing_from_the_reconstruction_is_drawn_and_played_with_warnings(tmp_path: Path) -> None:
    path = _printed_board(tmp_path)
    drawn = run("board", "kreta", "-o", f"board={path}", "--svg", "-")
    assert drawn.exit_code == 0, drawn.output
    assert "<svg" in drawn.stdout and "8 ports, not 7" in drawn.stderr
    assert "plains without a port: messara" in drawn.stderr
    played = run("play", "kreta", "--seats", "random,random", "--seed", "3", "-o", f"board={path}")
    assert played.exit_code == 0, played.output
    assert "8 ports, not 7" in played.output
    shipped = run("play", "kreta", "--seats", "random,random", "--seed", "3")
    assert shipped.exit_code == 0 and "warning" not in shipped.output.lower()


def test_board_needs_a_writable_file(tmp_path: Path) -> None:
    result = run("board", "kreta", "--svg", str(tmp_path / "no" / "such" / "dir.svg"))
    assert result.exit_code == 2 and result.stderr.startswith("ludoteca: error: cannot write")


# ---------------------------------------------------------------- resuming


def test_a_quit_game_resumes_from_its_record_and_finishes(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    first = play("--seats", "human,random,random", "--seed", "21", "--record", str(path), input="1\n1\nquit\ny\n")
    assert first.exit_code == 0, first.output
    stopped = _record(path)
    assert stopped.seats == ["human", "random", "random"]
    assert len(stopped.actions) >= 2 and not replay(DEFINITION, stopped).is_terminal()
    # The human hands the seat to a bot and lets the game run to its end.
    result = run("play", "--resume", str(path), "--seats", "random,random,random", "--delay", "0")
    assert result.exit_code == 0, result.output
    assert f"resumed from {path} after {len(stopped.actions)} actions" in result.stdout
    finished = _record(path)
    assert finished.actions[: len(stopped.actions)] == stopped.actions
    state = replay(DEFINITION, finished)
    assert state.is_terminal()
    assert "Final scores" in result.stdout


def test_resume_rejects_what_the_record_fixes(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    play("--seats", BOTS4, "--seed", "2", "--record", str(path))
    for extra, message in (
        (["--seed", "3"], "come from the record"),
        (["--seats", "random,random,random"], "has 4 seats"),
        (["kreta"], "records a game of Verräter"),
    ):
        args = ["play", *[e for e in extra if e == "kreta"], "--resume", str(path),
                *[e for e in extra if e != "kreta"]]
        result = run(*args)
        assert result.exit_code == 2, result.output
        assert message in result.stderr and "Traceback" not in result.output
    missing = run("play", "--resume", str(tmp_path / "nope.json"))
    assert missing.exit_code == 2 and "cannot read" in missing.stderr
    neither = run("play")
    assert neither.exit_code == 2 and "--resume" in neither.stderr


@pytest.mark.parametrize(("game", "seats"), [("verraeter", "human,heuristic,heuristic"), ("kreta", "human,heuristic")])
def test_hint_shows_the_search_bots_choice_and_two_alternatives(
    game: str, seats: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("ludoteca.cli.play.HINT_LEVEL", "easy")  # the advice, not its quality, is tested here
    result = run("play", game, "--seats", seats, "--seed", "3", "--delay", "0", input="hint\nquit\ny\n")
    hint = result.stdout.split("Hint")[1]
    assert "simulated games in" in hint
    assert hint.count("estimated win chance") == 3
    assert "  best " in hint and hint.count("  then ") == 2
    assert result.exit_code == 0


# ---------------------------------------------------------------- the reader's language

CLI_ENGLISH = (
    "Final scores", "Scores so far", "Seat", "Winner", "Shared win", "Seed", "rules:", "Rules:",
    "Your options", "Your turn", "Since your last turn", "So far:", "Quit?", "Game left unfinished",
    "The game so far", "there is no option", "Finished after", "Record saved", "VP",
)


def _no_cli_english(out: str) -> None:
    found = [s for s in CLI_ENGLISH if s in out]
    assert not found, f"English left in the output: {found}"


def test_an_all_bot_game_in_italian_has_no_english_sentence(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    result = play("--seats", "random,random,random", "--seed", "3", "--lang", "it", "--record", str(path))
    assert result.exit_code == 0, result.output
    out = result.stdout
    _no_cli_english(out)
    assert "Seme 3 (rigiocala con --seed 3) · regole: edizione 2008" in out  # the presenter's rules_text
    assert "Punteggi finali (9 round)" in out and "Posto" in out and "Totale" in out
    assert "Conflitti" in out and "Stratega" in out  # the presenter's breakdown_labels
    assert "Vincitore: " in out or "Vittoria condivisa: " in out
    assert "Registrazione salvata in" in out
    replayed = run("replay", str(path), "--lang", "it")
    assert replayed.exit_code == 0, replayed.output
    _no_cli_english(replayed.stdout)
    assert "Regole: edizione 2008" in replayed.stdout and "Finita dopo " in replayed.stdout
    unfinished = run("replay", str(path), "--upto", "10", "--lang", "it")
    _no_cli_english(unfinished.stdout)
    assert "la registrazione si ferma dopo 10 azioni" in unfinished.stdout and "Punteggi finora" in unfinished.stdout
    as_json = run("replay", str(path), "--json", "--lang", "it")
    assert json.loads(as_json.stdout)["players"] == ["Brown", "Blue", "Green"]  # machine-readable, unchanged


def test_an_all_bot_kreta_game_in_german_has_no_english_sentence() -> None:
    result = run("play", "kreta", "--seats", "random,random,random", "--seed", "3", "--delay", "0", "--lang", "de")
    assert result.exit_code == 0, result.output
    out = result.stdout
    _no_cli_english(out)
    assert "Startwert 3 (noch einmal spielen mit --seed 3) · Regeln: " in out
    assert "Endstand (11 Wertungen)" in out and "Platz" in out and "Summe" in out and "Provinzen" in out
    assert "Sieg: " in out or "Geteilter Sieg: " in out


def test_a_human_is_asked_in_italian_and_may_answer_yes_in_italian(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    args = ("--seats", "human,random,random", "--seed", "1", "--record", str(path), "--lang", "it")
    result = play(*args, input="99\nhelp\nquit\nn\nquit\ns\n")
    assert result.exit_code == 0, result.output
    out = result.stdout
    _no_cli_english(out)
    assert "Tocca a te, Marrone" in out and "Le tue opzioni" in out and "Finora:" in out
    assert "✗ non c'è l'opzione 99: scegli 1–" in out
    assert "Comandi: un numero sceglie quell'opzione" in out
    assert out.count("Uscire? [s/N]") == 2  # "n" kept playing, "s" quit
    assert f"La partita fin qui è salvata in {path}." in out
    assert "Partita lasciata incompiuta dopo " in out and f"; la registrazione è in {path}" in out
    assert "Passez le clavier" in play(
        "--seats", "human,human,random", "--seed", "1", "--lang", "fr", input="\nquit\no\n"
    ).stdout


def test_replay_web_opens_the_record_in_the_browsers_viewer(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--web`` hands the record to the local viewer; its address carries the record in the fragment."""
    import base64

    from ludoteca.cli import serve

    path = tmp_path / "game.json"
    assert play("--seats", BOTS4, "--seed", "3", "--record", str(path)).exit_code == 0
    served: list[tuple[str, int]] = []
    monkeypatch.setattr(serve, "serve_replay", lambda record, port: served.append((record, port)))
    assert run("replay", str(path), "--web", "--port", "8123").exit_code == 0
    [(record, port)] = served
    assert port == 8123 and GameRecord.from_json(record).actions == _record(path).actions
    address = serve.replay_address("http://localhost:8123", record)
    base, _, encoded = address.partition("/replay#record=")
    assert base == "http://localhost:8123" and "=" not in encoded
    assert base64.urlsafe_b64decode(encoded + "=" * (-len(encoded) % 4)).decode("utf-8") == record
