"""A game's review (``ludoteca.review``) and ``ludoteca review``: reproducible, forced moves counted not searched,
one seat's review the same as its part of the whole, judged from the seat's view alone, and one-line errors."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

import clikit
from ludoteca import bots, games
from ludoteca.bots.base import Budget
from ludoteca.bots.ismcts import IsmctsBot
from ludoteca.bots.loop import play_out
from ludoteca.core.records import GameRecord
from ludoteca.core.rng import Rng
from ludoteca.review import ReviewError, analysis, review
from ludoteca.review.analysis import Decision, decisions, judge, mark

SMALL = Budget(iterations=24)
"""Enough to exercise every path (a refined search included) in a second or two."""


def bot_record(game: str, n: int, seed: int, spec: str = "random") -> GameRecord:
    """A finished game between bots, as the record a player would hand to the review."""
    definition = games.get(game)
    options = definition.options_from_dict({})
    players = [bots.from_spec(spec, seed * 10 + s) for s in range(n)]
    played = play_out(definition.new_game(options, seed, n), players, [spec] * n)
    actions = [a.to_text() for _, a in played.moves]
    names = [f"P{s + 1}" for s in range(n)]
    return GameRecord(definition.name, definition.options_to_dict(options), seed, names, actions)


@pytest.fixture(scope="module")
def verraeter() -> GameRecord:
    return bot_record("verraeter", 3, 7)


@pytest.fixture(scope="module")
def verraeter_review(verraeter: GameRecord) -> dict[str, Any]:
    return review(verraeter, budget=SMALL)


def test_a_review_is_reproducible_and_plain_json(verraeter: GameRecord, verraeter_review: dict[str, Any]) -> None:
    again = review(verraeter, budget=SMALL)
    assert again == verraeter_review
    assert json.loads(json.dumps(verraeter_review)) == verraeter_review
    assert verraeter_review["format"] == "ludoteca-review" and verraeter_review["version"] == 2
    assert verraeter_review["settings"]["iterations"] == SMALL.iterations
    assert verraeter_review["outcome"] is not None and abs(sum(verraeter_review["outcome"]) - 1) < 1e-3
    for entry in verraeter_review["decisions"]:
        assert 0 <= entry["after"] <= entry["before"] + 1e-9 or entry["loss"] == 0
        assert entry["loss"] == pytest.approx(max(0.0, entry["before"] - entry["after"]), abs=2e-4)
        assert entry["mark"] == mark(entry["loss"])
        assert entry["played"] == verraeter.actions[entry["n"]]


def test_forced_moves_are_counted_not_searched(monkeypatch: pytest.MonkeyPatch) -> None:
    record = bot_record("kreta", 2, 3)
    definition = games.get("kreta")
    every = list(decisions(definition, record))
    forced = [d for d in every if d.forced]
    assert forced, "a Kreta game has forced moves (a lone legal action)"
    searched: list[int] = []
    original = IsmctsBot.analyse

    def counting(self: IsmctsBot, view: object, legal: Any, focus: Any = None) -> Any:
        searched.append(len(legal))
        return original(self, view, legal, focus)

    monkeypatch.setattr(IsmctsBot, "analyse", counting)
    done = review(record, budget=Budget(iterations=8))
    assert min(searched) > 1
    assert {e["n"] for e in done["decisions"]} == {d.n for d in every if not d.forced}
    assert sum(s["forced"] for s in done["seats"]) == len(forced)


def test_one_seats_review_is_its_part_of_the_whole(verraeter: GameRecord, verraeter_review: dict[str, Any]) -> None:
    second = review(verraeter, seats=[1], budget=SMALL)
    assert second["settings"]["seats"] == [1]
    assert [s["seat"] for s in second["seats"]] == [1]
    assert second["decisions"] == [e for e in verraeter_review["decisions"] if e["seat"] == 1]


def test_a_decision_is_judged_from_the_seats_view_only(
    monkeypatch: pytest.MonkeyPatch, verraeter: GameRecord, verraeter_review: dict[str, Any]
) -> None:
    """Every decision handed over from another world that the seat cannot tell from the real one (its view
    equal, the others' hands and the draw pile resampled) gets the same verdict: nothing else is read."""
    definition = games.get("verraeter")
    determinize = definition.determinize
    assert determinize is not None
    real = analysis.decisions
    resampled = 0

    def elsewhere(definition: Any, record: GameRecord) -> Any:
        nonlocal resampled
        for d in real(definition, record):
            world = determinize(d.view, Rng(d.n + 99))
            view = world.view(d.seat)
            assert view == d.view and world.legal_actions() == d.legal
            resampled += 1
            yield Decision(d.n, d.seat, view, world.legal_actions(), d.played)

    monkeypatch.setattr(analysis, "decisions", elsewhere)
    assert review(verraeter, budget=SMALL) == verraeter_review
    assert resampled == len(verraeter.actions)


def test_a_move_the_search_left_unvisited_is_rated_by_a_search_of_its_own(verraeter: GameRecord) -> None:
    definition = games.get("verraeter")
    d = next(d for d in decisions(definition, verraeter) if len(d.legal) > 5)
    estimates = IsmctsBot(1, Budget(iterations=3)).analyse(d.view, d.legal)
    unvisited = next(e.action for e in estimates if e.visits == 0)
    focused = IsmctsBot(1, Budget(iterations=20)).analyse(d.view, d.legal, focus=[unvisited])
    assert focused[0].action == unvisited and focused[0].visits == 20
    verdict = judge(d.view, d.legal, d.legal.index(unvisited), 1, 3)
    assert verdict["refined"] and verdict["played_visits"] == 1  # half of 3 iterations, all on the move
    assert verdict["iterations"] == 4


def test_marks_follow_the_documented_thresholds() -> None:
    assert [mark(x) for x in (0.0, 0.079, 0.08, 0.15, 0.249, 0.25, 1.0)] == [
        None,
        None,
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]


def test_bad_reviews_say_why(verraeter: GameRecord) -> None:
    with pytest.raises(ReviewError, match="seats 1–3, not 4"):
        review(verraeter, seats=[3], budget=SMALL)
    with pytest.raises(ReviewError, match="iterations"):
        review(verraeter, budget=Budget(seconds=1.0))
    broken = GameRecord("verraeter", verraeter.options, verraeter.seed, verraeter.players, ["nonsense 99"])
    with pytest.raises(Exception, match="action #1"):
        review(broken, budget=SMALL)


# ---------------------------------------------------------------- ludoteca review


def run(*args: str, input: str | None = None) -> Result:
    return clikit.run(*args, input=input, columns=140)  # the review's table is wide


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory, verraeter: GameRecord) -> Path:
    path = tmp_path_factory.mktemp("review") / "game.json"
    path.write_text(verraeter.to_json(), encoding="utf-8")
    return path


def test_the_command_prints_a_table_and_each_seats_totals(record_file: Path) -> None:
    result = run("review", str(record_file), "--budget", "24")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert "Review of Verräter, seed 7: 24 iterations a decision" in out
    for heading in ("Step", "Seat", "Move played", "Better move", "Chance before", "After", "Mark"):
        assert heading in out
    for name in ("P1", "P2", "P3"):
        assert f"{name}: mean loss" in out


def test_the_command_reviews_one_seat_as_json(record_file: Path, verraeter_review: dict[str, Any]) -> None:
    result = run("review", str(record_file), "--seat", "2", "--json", "--budget", "24")
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["decisions"] == [e for e in verraeter_review["decisions"] if e["seat"] == 1]


def test_the_command_reads_stdin_and_speaks_the_readers_language(record_file: Path) -> None:
    result = run("review", "-", "--budget", "4", "--lang", "it", input=record_file.read_text(encoding="utf-8"))
    assert result.exit_code == 0, result.output
    assert "Mossa giocata" in result.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seat", "4"], "Invalid value for '--seat': the game has seats 1–3, not 4"),
        (["--seat", "0"], "Invalid value for '--seat'"),
        (["--budget", "0"], "Invalid value for '--budget'"),
        (["--budget", "lots"], "Invalid value for '--budget'"),
    ],
)
def test_bad_options_are_one_line_errors(record_file: Path, args: list[str], message: str) -> None:
    result = run("review", str(record_file), *args)
    assert result.exit_code == 2
    assert message in result.output


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("not json", "not valid JSON"),
        ('{"game": "chess", "seed": 1, "players": ["a", "b"]}', "unknown game 'chess'"),
        ('{"game": "verraeter", "seed": 1, "players": ["a", "b", "c"], "actions": ["fly away"]}', "action #1"),
    ],
)
def test_a_bad_record_is_a_one_line_error(text: str, message: str) -> None:
    result = run("review", "-", input=text)
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output


def test_a_missing_file_is_a_one_line_error(tmp_path: Path) -> None:
    result = run("review", str(tmp_path / "nothing.json"))
    assert result.exit_code == 2
    assert "cannot read" in result.output
