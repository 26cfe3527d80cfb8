"""The games in words: log lines, action labels, phase texts and score labels, for random positions of
both games in every language."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from ludoteca import games
from ludoteca.core.events import Event
from ludoteca.kreta.components import PHASES as KRETA_PHASES
from ludoteca.present.kreta import words as text_kreta
from ludoteca.present.kreta.words import place
from ludoteca.present.verraeter import words as text_verraeter
from ludoteca.verraeter.view import PHASES as VERRAETER_PHASES
from ludoteca.web.language.i18n import LANGUAGES, Translator, translator
from ludoteca.web.seatview import text

NAMES = ("Ada", "Bruno", "Chiara", "Dieter")
LEFTOVER = re.compile(r"%\(|%[ds]\b|\{|\}")
"""What an unfilled placeholder leaves behind."""
SRC = Path(__file__).resolve().parents[2] / "src" / "ludoteca"
SETUPS = [("verraeter", 3), ("verraeter", 4), ("kreta", 2), ("kreta", 3), ("kreta", 4)]


def _clean(line: str) -> bool:
    return bool(line.strip()) and not LEFTOVER.search(line)


@cache
def playout(game: str, players: int, seed: int) -> tuple[Any, list[tuple[Any, list[Any]]]]:
    """A seeded random game to the end: the final state, and every position on the way as
    ``(view of the seat to act, its legal actions)``."""
    definition = games.get(game)
    state = definition.new_game(definition.options_from_dict({}), seed, players)
    rng = random.Random(seed)
    positions = []
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        positions.append((state.view(seat), legal))
        state.apply(rng.choice(legal))
    return state, positions


def positions(step: int) -> Iterator[tuple[str, Any, list[Any]]]:
    for game, players in SETUPS:
        for seed in (1, 2):
            _, seen = playout(game, players, seed)
            for view, legal in seen[seed % step :: step]:
                yield game, view, legal


# ---------------------------------------------------------------- the log


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize(("game", "players"), SETUPS)
def test_one_line_per_event_in_every_seat_and_language(game: str, players: int, lang: str) -> None:
    tr = translator(lang)
    state, _ = playout(game, players, 1)
    for seat in range(-1, players):
        view = state.view(seat)
        lines = text.log_lines(view, NAMES[:players], tr)
        assert len(lines) == len(view.log)
        bad = [line for line in lines if not _clean(line)]
        assert not bad, bad[:5]
        start = len(view.log) // 2
        assert text.log_lines(view, NAMES[:players], tr, start) == lines[start:]


@pytest.mark.parametrize(("game", "players"), SETUPS)
def test_no_event_falls_back_to_the_generic_line(game: str, players: int) -> None:
    """Every event the playouts produced has its own sentence (the generic fallback is for unknown kinds)."""
    module = text_verraeter if game == "verraeter" else text_kreta
    for seed in (1, 2):
        state, _ = playout(game, players, seed)
        kinds = {e.kind for e in state.view(0).log}
        assert kinds <= module.EVENT_KINDS
        for event in state.view(0).log:
            generic = module.generic_line(event, NAMES, translator("en"))
            assert text.log_lines(_with_log(state.view(0), (event,)), NAMES, translator("en")) != [generic], event


def _with_log(view: Any, log: tuple[Event, ...]) -> Any:
    from dataclasses import replace

    return replace(view, log=log)


def _emitted_kinds(*folders: str) -> set[str]:
    """The event kinds a rules core emits, read from its source: ``Event("kind", ...)`` / ``event("kind", ...)`` /
    ``push_event(log, "kind", ...)``."""
    found: set[str] = set()
    for folder in folders:
        for path in (SRC / folder).glob("*.py"):
            source = path.read_text(encoding="utf-8")
            found.update(re.findall(r"""[Ee]vent\(\s*["']([a-z_]+)["']""", source))
            found.update(re.findall(r"""push_event\([^,()]+,\s*["']([a-z_]+)["']""", source))
    return found


def test_every_event_kind_of_the_cores_is_put_in_words() -> None:
    verraeter = _emitted_kinds("verraeter")
    kreta = _emitted_kinds("kreta")
    assert {"supply", "reveal", "won", "over"} <= verraeter
    assert {"play", "scoring", "province", "takeback"} <= kreta
    assert verraeter - text_verraeter.EVENT_KINDS == set()
    assert kreta - text_kreta.EVENT_KINDS == set()


def test_a_private_event_reads_as_such() -> None:
    state, _ = playout("verraeter", 4, 1)
    view = state.view(2)
    took = [e for e in view.log if e.kind == "took"]
    assert took and all(e.private_to == 2 for e in took)
    line = text_verraeter.log_line(view, took[0], NAMES, translator("en"))
    assert line.startswith("Chiara keeps the ") and line.endswith("(secret).")


def test_unknown_kinds_get_the_generic_line() -> None:
    state, _ = playout("kreta", 3, 1)
    tr = translator("de")
    view = _with_log(state.view(-1), (Event("comet", 1, (3, "x")), Event("eclipse", -1, ())))
    assert text.log_lines(view, NAMES, tr) == ["Bruno: comet (3, x)", "eclipse"]
    # a known kind with data of an unexpected shape is not an error either
    odd = _with_log(state.view(-1), (Event("score", 0, ("nowhere",)),))
    assert text.log_lines(odd, NAMES, tr) == ["Ada: score (nowhere)"]


def test_lines_are_translated() -> None:
    state, _ = playout("verraeter", 3, 1)
    view = state.view(-1)
    english = text.log_lines(view, NAMES[:3], translator("en"))
    for lang in ("it", "fr", "de"):
        other = text.log_lines(view, NAMES[:3], translator(lang))
        changed = sum(a != b for a, b in zip(english, other, strict=True))
        assert changed > 0.9 * len(english), lang
    assert any("Adler" in line or "Rose" in line for line in text.log_lines(view, NAMES[:3], translator("de")))


def test_missing_names_become_seat_numbers() -> None:
    state, _ = playout("kreta", 2, 1)
    lines = text.log_lines(state.view(0), (), translator("it"))
    assert any("Posto 1" in line for line in lines)
    assert all(_clean(line) for line in lines)


# ---------------------------------------------------------------- action labels


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_legal_action_has_a_distinct_label(lang: str) -> None:
    """Labels tell a position's legal actions apart (they are the buttons when clicks leave several)."""
    tr = translator(lang)
    checked = 0
    for _game, view, legal in positions(step=7):
        labels = [text.action_label(view, action, NAMES[: view.num_players], tr) for action in legal]
        assert all(_clean(label) for label in labels), labels
        duplicates = {label for label in labels if labels.count(label) > 1}
        assert not duplicates, (duplicates, [a.to_text() for a in legal])
        checked += len(labels)
    assert checked > 1000


def test_label_examples() -> None:
    en = translator("en")
    _, seen = playout("verraeter", 4, 1)
    labels = {text.action_label(v, a, NAMES, en) for v, legal in seen for a in legal}
    assert "Take the Traitor" in labels
    assert "Play no supply" in labels
    assert any(re.fullmatch(r"Play supply \d( \+ \d)+ \(\d+ CP\)", label) for label in labels)
    assert any(re.fullmatch(r"Conflict between \w+ \d+ and \w+ \d+", label) for label in labels)
    assert "Build nothing" in labels
    _, seen = playout("kreta", 3, 1)
    labels = {text.action_label(v, a, NAMES, en) for v, legal in seen for a in legal}
    assert any(label.startswith("Admiral: a ship into the port of ") for label in labels)
    assert any(label.startswith("King as ") for label in labels)
    assert any(re.fullmatch(r"Castellan: score node \d+", label) for label in labels)
    assert any(label.startswith("Step ") and "→" in label for label in labels)
    assert any(label.startswith("Stop moving") for label in labels)


def test_labels_name_provinces_as_the_board_does() -> None:
    _, seen = playout("kreta", 2, 2)
    view, legal = next((v, legal) for v, legal in seen if any(a.to_text().startswith("commander +") for a in legal))
    action = next(a for a in legal if a.to_text().startswith("commander +"))
    name = view.board.province(action.province).name
    it = translator("it")  # the name inside the sentence as Italian writes it: "a Kissamos", "nel Lasithi"
    assert text.action_label(view, action, NAMES, it) == f"Comandante: un villico {place(name, 'in', it)}"
    assert name in place(name, "in", it)


# ---------------------------------------------------------------- phases


def _phase_cases() -> Iterator[tuple[str, Any]]:
    for game, players in SETUPS:
        state, seen = playout(game, players, 1)
        for view, _ in seen:
            yield game, view
        yield game, state.view(0)


def test_phase_text_for_every_phase_and_seat() -> None:
    seen: dict[str, set[str]] = {"verraeter": set(), "kreta": set()}
    moving = False
    for game, view in _phase_cases():
        seen[game].add(view.phase)
        moving = moving or getattr(view, "move_points", 0) > 0
        for lang in LANGUAGES:
            tr = translator(lang)
            players = NAMES[: view.num_players]
            mine = text.phase_text(view, players, tr)
            assert _clean(mine), mine
            assert _clean(text.phase_title(view, tr))
            if view.to_act >= 0:
                other = (view.to_act + 1) % view.num_players
                theirs = text.phase_text(_as_seen_by(game, view, other), players, tr)
                assert _clean(theirs) and players[view.to_act] in theirs
    assert set(VERRAETER_PHASES) - {"draw"} <= seen["verraeter"]  # the hand-limit choice: test_hand_limit_phase
    assert seen["kreta"] == set(KRETA_PHASES)
    assert moving


def _as_seen_by(game: str, view: Any, seat: int) -> Any:
    from dataclasses import replace

    return replace(view, player=seat)


def test_hand_limit_phase() -> None:
    """Phase 10's choice appears with the 1998 start hands and a low limit; its text names the numbers."""
    definition = games.get("verraeter")
    options = definition.options_from_dict({"hand_limit": 3, "edition": 1998})
    for seed in range(20):
        state = definition.new_game(options, seed, 4)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.view(-1).phase == "draw":
                view = state.view(state.current_player())
                for lang in LANGUAGES:
                    sentence = text.phase_text(view, NAMES, translator(lang))
                    assert _clean(sentence) and "3" in sentence
                labels = [text.action_label(view, a, NAMES, translator("en")) for a in state.legal_actions()]
                assert "Discard nothing, draw fewer" in labels and len(set(labels)) == len(labels)
                return
            state.apply(rng.choice(state.legal_actions()))
    pytest.fail("no hand-limit choice in 20 games")


def test_hand_limit_phase_after_drawing() -> None:
    """discard_timing after: the choice comes once the cards are drawn; the text names the excess and the
    labels offer no "draw fewer"."""
    definition = games.get("verraeter")
    options = definition.options_from_dict({"hand_limit": 3, "edition": 1998, "discard_timing": "after"})
    for seed in range(20):
        state = definition.new_game(options, seed, 4)
        rng = random.Random(seed)
        while not state.is_terminal():
            if state.view(-1).phase == "draw":
                view = state.view(state.current_player())
                excess = len(view.hand) - 3
                for lang in LANGUAGES:
                    sentence = text.phase_text(view, NAMES, translator(lang))
                    assert _clean(sentence) and "3" in sentence and str(excess) in sentence
                labels = [text.action_label(view, a, NAMES, translator("en")) for a in state.legal_actions()]
                assert all(label.startswith("Discard ") and "draw" not in label for label in labels)
                assert len(set(labels)) == len(labels)
                assert "discard after drawing" in text.rules_text(view, translator("en"))
                return
            state.apply(rng.choice(state.legal_actions()))
    pytest.fail("no hand-limit choice in 20 games")


def test_game_over_names_the_winners() -> None:
    state, _ = playout("kreta", 4, 1)
    result = state.result()
    sentence = text.phase_text(state.view(-1), NAMES, translator("en"))
    for seat in result.winners:
        assert NAMES[seat] in sentence
    assert str(max(result.scores)) in sentence


def test_you_are_addressed_on_your_own_turn() -> None:
    _, seen = playout("verraeter", 3, 2)
    view = next(v for v, _ in seen if v.phase == "supply")
    assert text.phase_text(view, NAMES[:3], translator("en")).startswith("Play up to five supply cards for ")
    assert text.phase_text(view, NAMES[:3], translator("de")).startswith("Spiele bis zu fünf Versorgungskarten")


# ---------------------------------------------------------------- scores and names


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game", ["verraeter", "kreta"])
def test_breakdown_labels_cover_the_result(game: str, lang: str) -> None:
    state, _ = playout(game, 3, 1)
    labels = text.breakdown_labels(game, translator(lang))
    keys = {key for row in state.result().breakdown for key in row}
    assert keys == set(labels)
    assert all(_clean(label) for label in labels.values())
    assert len(set(labels.values())) == len(labels)


def test_breakdown_labels_of_an_unknown_game() -> None:
    assert text.breakdown_labels("chess", translator("en")) == {}


def test_card_names() -> None:
    de, it, fr = translator("de"), translator("it"), translator("fr")
    assert [text_verraeter.card_name(c, de) for c in range(6)] == [
        "Verräter", "Diplomat +2", "Diplomat +5", "Baumeister", "Stratege", "Bauer",
    ]  # fmt: skip
    assert [text_verraeter.card_name(c, it) for c in range(6)] == [
        "Traditore", "Diplomatico +2", "Diplomatico +5", "Costruttore", "Stratega", "Contadino",
    ]  # fmt: skip
    assert [text_verraeter.card_name(c, fr) for c in range(6)] == [
        "Traître", "Diplomate +2", "Diplomate +5", "Bâtisseur", "Stratège", "Paysan",
    ]  # fmt: skip
    assert text_kreta.card_name("commander", de) == "Feldherr"
    assert text_kreta.card_name("castellan", it) == "Castellano"
    assert text_kreta.card_name("castellan", fr) == "Châtelain"
    assert text_verraeter.card_name(17, de) == "?"
    assert text_kreta.card_name("jester", de) == "jester"


def test_landscapes_and_rules_in_words() -> None:
    state, _ = playout("verraeter", 3, 1)
    view = state.view(-1)
    tr: Translator = translator("fr")
    name = text_verraeter.landscape_name(view, 0, tr)
    assert name.endswith(" 1") and name.split()[0] in {"Lande", "Champs", "Rivière", "Forêt", "Village", "Ville"}
    assert text.rules_text(view, translator("en")) == "2008 edition, hand limit 5, draw cap 3"
    kreta, _ = playout("kreta", 2, 1)
    assert "Crete" in text.rules_text(kreta.view(-1), translator("en"))
    assert text.game_title("verraeter", tr) == "Verräter"


def test_views_of_other_games_are_refused() -> None:
    with pytest.raises(TypeError):
        text.log_lines(object(), NAMES, translator("en"))  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        text.phase_text(object(), NAMES, translator("en"))  # type: ignore[arg-type]
