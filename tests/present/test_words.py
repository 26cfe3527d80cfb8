"""Every word in the reader's language (issue #27, point 4): a reviewed game's moves as the table labels them,
numbers written per language, plurals through the catalogues, and the terminal reading and writing the
actions' notation in its language as well as in English."""

from __future__ import annotations

import re
from typing import Any

import pytest
from click.testing import CliRunner

from ludoteca import bots, games
from ludoteca.bots.base import Budget
from ludoteca.bots.loop import play_out
from ludoteca.cli.main import cli
from ludoteca.core.records import GameRecord
from ludoteca.present import for_view, notation, presenter, translator
from ludoteca.present.moves import in_words, move_labels
from ludoteca.review import decisions, review
from ludoteca.web.language.i18n import catalog

LANGS = ("it", "fr", "de")
TINY = Budget(iterations=2)
"""The review's verdicts do not matter here, only its words: two iterations a decision."""


def bot_record(game: str, n: int, seed: int) -> GameRecord:
    definition = games.get(game)
    options = definition.options_from_dict({})
    players = [bots.from_spec("heuristic", seed * 10 + s) for s in range(n)]
    played = play_out(definition.new_game(options, seed, n), players, ["heuristic"] * n)
    names = list(definition.seat_names[:n])
    return GameRecord(
        definition.name, definition.options_to_dict(options), seed, names, [a.to_text() for _, a in played.moves]
    )


@pytest.fixture(scope="module", params=[("verraeter", 3, 4), ("kreta", 2, 5)], ids=["verraeter", "kreta"])
def reviewed(request: pytest.FixtureRequest) -> tuple[GameRecord, dict[str, Any]]:
    game, n, seed = request.param
    record = bot_record(game, n, seed)
    return record, review(record, budget=TINY)


def english_keywords(game: str) -> set[str]:
    return set(notation.words_of(presenter(games.plugin(game)), translator("en")))


@pytest.mark.parametrize("lang", LANGS)
def test_a_reviewed_games_moves_carry_no_english_notation(
    reviewed: tuple[GameRecord, dict[str, Any]], lang: str
) -> None:
    record, document = reviewed
    tr = translator(lang)
    words = notation.words_of(presenter(games.plugin(record.game)), tr)
    foreign = english_keywords(record.game) - set(words.values()) - {"none"}  # the language's own words may agree
    foreign |= {"none"}  # "supply none": the notation's empty play
    names = [tr(name) for name in record.players]
    labels = move_labels(record, document["decisions"], names, tr)
    assert set(labels) == {entry["n"] for entry in document["decisions"]}
    notations = {entry["played"] for entry in document["decisions"]} | {e["best"] for e in document["decisions"]}
    for played, best in labels.values():
        for label in (played, best):
            assert label not in notations, label
            tokens = set(re.findall(r"[\w+]+", label.lower()))
            assert not tokens & foreign, (label, tokens & foreign)


def test_labels_are_the_tables_own(reviewed: tuple[GameRecord, dict[str, Any]]) -> None:
    """The label of a move is exactly what the table's button said for that seat at that moment."""
    record, document = reviewed
    tr = translator("fr")
    names = ["A", "B", "C", "D"][: len(record.players)]
    labels = move_labels(record, document["decisions"], names, tr)
    definition = games.get(record.game)
    judged = {entry["n"]: entry for entry in document["decisions"]}
    for decision in decisions(definition, record):
        if decision.n in judged:
            played = decision.legal[decision.played]
            assert labels[decision.n][0] == for_view(decision.view).action_label(decision.view, played, names, tr)
    as_json = in_words(document, record, names, tr)
    assert set(as_json) == {str(n) for n in judged}
    assert all(set(entry) == {"played", "best"} for entry in as_json.values())


@pytest.mark.parametrize(
    ("lang", "percent", "points"),
    [("en", "35%", "1.1"), ("it", "35%", "1,1"), ("fr", "35\u00a0%", "1,1"), ("de", "35\u00a0%", "1,1")],
)
def test_numbers_are_written_as_the_language_writes_them(lang: str, percent: str, points: str) -> None:
    tr = translator(lang)
    assert tr.percent(0.351) == percent
    assert tr.decimal(1.06) == points
    assert tr.decimal(1234.5) == {"en": "1,234.5", "it": "1.234,5", "fr": "1\u202f234,5", "de": "1.234,5"}[lang]


@pytest.mark.parametrize("lang", ["en", *LANGS])
def test_the_terminals_review_speaks_the_readers_language(lang: str, tmp_path: Any) -> None:
    record = bot_record("verraeter", 3, 4)
    path = tmp_path / "game.json"
    path.write_text(record.to_json(), encoding="utf-8")
    result = CliRunner().invoke(
        cli, ["review", str(path), "--budget", "2", "--lang", lang], env={"COLUMNS": "200", "LANGUAGE": "en"}
    )
    assert result.exit_code == 0, result.output
    out = result.stdout
    for text in set(record.actions):
        if " " in text and lang != "en":  # a move in notation ("take builder", "supply 3,5") is never shown
            assert text not in out, text
    assert translator(lang)("Take the Traitor") in out or translator(lang)("Take the Builder") in out
    tr = translator(lang)
    assert re.search(r"\d" + re.escape(tr.decimal(0.5)[1]) + r"\d points" if lang == "en" else r"\d,\d", out)
    assert re.search(r"\d+" + re.escape(tr.percent(0.5)[-2:] if lang in ("fr", "de") else "%"), out)


@pytest.mark.parametrize("lang", ["en", *LANGS])
@pytest.mark.parametrize("game", ["verraeter", "kreta"])
def test_the_notation_reads_back_in_every_language(game: str, lang: str) -> None:
    """Every legal action of a whole game, written with the language's words, reads back as itself — and so
    does its English notation; the language's words are all different and never an English keyword of
    another meaning."""
    words = notation.words_of(presenter(games.plugin(game)), translator(lang))
    assert len(set(words.values())) == len(words)
    for english, word in words.items():
        assert word not in words or word == english, (word, english)
    definition = games.get(game)
    record = bot_record(game, 3 if game == "verraeter" else 2, 9)
    seen = 0
    for decision in decisions(definition, record):
        for action in decision.legal[:40]:
            text = action.to_text()
            localized = notation.localize(text, words)
            assert definition.parse_action(notation.read(localized, words)) == action
            assert definition.parse_action(notation.read(localized[:1].upper() + localized[1:], words)) == action
            assert definition.parse_action(notation.read(text, words)) == action
            seen += 1
    assert seen > 100


@pytest.mark.parametrize(
    ("lang", "typed", "logged"),
    [
        ("it", "architetto forte 25", "Rosso costruisce un forte sul nodo 25"),
        ("fr", "architecte fort 25", "Rouge construit un fort sur le nœud 25"),
        ("de", "baumeister kastell 25", "Rot baut ein Kastell auf Knoten 25"),
        ("en", "architect fort 25", "Red builds a fort on node 25"),
        ("it", "architect fort 25", "Rosso costruisce un forte sul nodo 25"),
    ],
)
def test_the_terminal_takes_the_actions_in_its_language(lang: str, typed: str, logged: str) -> None:
    result = CliRunner().invoke(
        cli,
        ["play", "kreta", "--seats", "human,heuristic", "--seed", "3", "--lang", lang],
        input=f"{typed.split()[0]}\n{typed}\n",
        env={"COLUMNS": "160", "LANGUAGE": "en"},
    )
    out = " ".join(result.stdout.split())
    assert logged.split()[1] in out  # the fort was built: the log says so in the reader's words
    assert _log_has(out, logged), out[-2000:]


def _log_has(out: str, logged: str) -> bool:
    """The log line, give or take the words around the node (the presenter's phrasing)."""
    return all(word in out for word in logged.split())


@pytest.mark.parametrize(
    ("lang", "error"),
    [
        ("it", "'barca 3' non è un'azione"),
        ("fr", "'barca 3' n'est pas une action"),
        ("de", "'barca 3' ist keine Aktion"),
    ],
)
def test_the_terminal_says_a_bad_action_in_its_language(lang: str, error: str) -> None:
    result = CliRunner().invoke(
        cli,
        ["play", "verraeter", "--seats", "human,heuristic,heuristic", "--seed", "3", "--lang", lang],
        input="barca 3\n",
        env={"COLUMNS": "160", "LANGUAGE": "en"},
    )
    out = " ".join(result.stdout.split())
    assert error in out
    assert "cannot read" not in out and "unknown action" not in out


@pytest.mark.parametrize(
    ("lang", "one", "many"),
    [
        ("en", "1 move", "3 moves"),
        ("it", "1 mossa", "3 mosse"),
        ("fr", "1 coup", "3 coups"),
        ("de", "1 Zug", "3 Züge"),
    ],
)
def test_counts_take_the_right_plural(lang: str, one: str, many: str) -> None:
    tr = translator(lang)
    assert tr.ngettext("{n} move", "{n} moves", 1).format(n=1) == one
    assert tr.ngettext("{n} move", "{n} moves", 3).format(n=3) == many
    seats = tr.ngettext("{n} seat free of {total}", "{n} seats free of {total}", 1).format(n=1, total=3)
    assert (
        seats
        == {
            "en": "1 seat free of 3",
            "it": "1 posto libero su 3",
            "fr": "1 place libre sur 3",
            "de": "1 Platz von 3 frei",
        }[lang]
    )
    browser = catalog(lang)  # the page's catalogue has both forms under their own msgids
    if lang != "en":
        assert browser["{n} move"] != browser["{n} moves"]
        assert browser["{n} seat free of {total}"] != browser["{n} seats free of {total}"]
    loss = tr.ngettext(
        "%(name)s: mean loss %(loss)s points over %(n)d decision; "
        "inaccuracies: %(inaccuracies)d, mistakes: %(mistakes)d, blunders: %(blunders)d",
        "%(name)s: mean loss %(loss)s points over %(n)d decisions; "
        "inaccuracies: %(inaccuracies)d, mistakes: %(mistakes)d, blunders: %(blunders)d",
        1,
    ) % {"name": "A", "loss": "0", "n": 1, "inaccuracies": 0, "mistakes": 0, "blunders": 0}
    assert " 1 decision" in loss or " 1 décision " in loss or " 1 decisione" in loss or " 1 Entscheidung;" in loss


@pytest.mark.parametrize("lang", LANGS)
def test_the_terminal_names_seats_and_the_board_in_its_language(lang: str) -> None:
    result = CliRunner().invoke(
        cli,
        ["play", "kreta", "--seats", "human,heuristic", "--seed", "3", "--lang", lang],
        input="",
        env={"COLUMNS": "160", "LANGUAGE": "en"},
    )
    out = " ".join(result.stdout.split())
    assert "(human)" not in out and "reconstruction)" not in out
    tr = translator(lang)
    assert f"({tr.pgettext('seat kind', 'human')})" in out
    assert tr("Crete (ludoteca reconstruction)") in out


@pytest.mark.parametrize(
    ("lang", "rules", "quit_", "yes"), [("it", "regole", "esci", "s"), ("de", "regeln", "ende", "j")]
)
def test_the_terminals_commands_are_said_and_typed_in_its_language(lang: str, rules: str, quit_: str, yes: str) -> None:
    result = CliRunner().invoke(
        cli,
        ["play", "verraeter", "--seats", "human,heuristic,heuristic", "--seed", "3", "--lang", lang],
        input=f"{rules}\n{quit_}\n{yes}\n",
        env={"COLUMNS": "160", "LANGUAGE": "en"},
    )
    out = " ".join(result.stdout.split())
    tr = translator(lang)
    assert f"{rules} · {tr.pgettext('terminal command', 'board')} · {quit_}" in out  # said in its language
    assert "hint · help" not in out
    assert tr("Quit? [y/N]") in out  # typed in it too: the rules were shown, then quitting asked
    assert repr(rules) not in out  # not taken for an action (no error names it)
    for game in ("verraeter", "kreta"):  # a command never hides an action's keyword
        keywords = set(notation.words_of(presenter(games.plugin(game)), tr).values())
        commands = {tr.pgettext("terminal command", c) for c in ("hint", "help", "log", "rules", "board", "quit")}
        assert not keywords & commands


@pytest.mark.parametrize("lang", LANGS)
def test_the_maps_title_names_the_shipped_board_in_the_readers_language(lang: str) -> None:
    from ludoteca.kreta.board import load_board
    from ludoteca.present.kreta.svg import render_svg

    tr = translator(lang)
    title = re.search(r"<title>(.*?)</title>", render_svg(load_board(), tr=tr))
    assert (
        title is not None
        and title.group(1) == tr("Crete (ludoteca reconstruction)") != "Crete (ludoteca reconstruction)"
    )


def test_a_keyword_typed_without_its_accents_is_read() -> None:
    """The French terminal took "abbé" but refused "abbe" (a keyboard without accents): both read as abbot."""
    words = notation.words_of(presenter(games.plugin("kreta")), translator("fr"))
    assert notation.read("abbé candia", words) == "abbot candia"
    assert notation.read("abbe candia", words) == "abbot candia"
    assert notation.read("CHATELAIN", words) == "castellan"
    assert notation.read("candia->ida", words) == "candia->ida"  # everything else as typed
