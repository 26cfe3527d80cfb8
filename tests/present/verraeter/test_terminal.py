"""The Verräter terminal renderer: every phase draws the ring, the seats and the scores; every event
kind the core emits reads as one line of words."""

from __future__ import annotations

import io
import re
from collections.abc import Iterator

import pytest
from rich.console import Console

from ludoteca import bots
from ludoteca.core.events import Event
from ludoteca.present.common import ENGLISH, generic_line
from ludoteca.present.verraeter.terminal import annotate, explain, render
from ludoteca.present.verraeter.words import EVENT_KINDS as DESCRIBED_KINDS
from ludoteca.present.verraeter.words import landscape_name, log_line
from ludoteca.verraeter import DEFINITION, VerraeterState, VerraeterView
from ludoteca.verraeter.components import LANDSCAPE_NAMES
from ludoteca.verraeter.view import PHASES

NAMES = ("Brown", "Blue", "Green", "Orange")
OPTIONS = DEFINITION.options_from_dict({})
KINDS = (
    "setup", "gutshof", "dealt", "round", "conflict", "take", "took", "supply", "reveal", "switch", "tie", "won",
    "score", "conquer", "build", "turn", "pass", "strategy", "discard", "draw", "drew", "reshuffle", "over",
)  # fmt: skip


def _game(seed: int) -> Iterator[tuple[VerraeterState, int]]:
    """A random game, yielding the state and the seat to act before every decision."""
    players = 3 + seed % 2
    state = DEFINITION.new_game(OPTIONS, seed, players)
    bot = bots.create("random", seed)
    while not state.is_terminal():
        p = state.current_player()
        yield state, p
        state.apply(bot.choose(state.view(p), state.legal_actions()))
    yield state, -1


def _views_by_phase() -> dict[str, list[VerraeterView]]:
    """For every phase, the acting player's view and a spectator's, from the first game that reaches it."""
    found: dict[str, list[VerraeterView]] = {}
    for seed in range(60):
        for state, p in _game(seed):
            view = state.view(p if p >= 0 else 0)
            if view.phase not in found:
                found[view.phase] = [view, state.view(-1)]
        if len(found) == len(PHASES):
            break
    return found


VIEWS = _views_by_phase()
LOG_VIEW = DEFINITION.new_game(OPTIONS, 0, 4).view(-1)
"""The view the log lines below are read in (landscapes are named by the ring's types)."""


def describe(event: Event, names: tuple[str, ...] | list[str]) -> str:
    """An event as the terminal prints it: the presenter's log line (the web's), in English."""
    return log_line(LOG_VIEW, event, names, ENGLISH)


def generic(event: Event, names: tuple[str, ...] | list[str]) -> str:
    return generic_line(event, names, ENGLISH)


def landscape(i: int) -> str:
    return landscape_name(LOG_VIEW, i, ENGLISH)


def _text(view: VerraeterView, width: int = 100) -> str:
    console = Console(file=io.StringIO(), width=width, record=True, color_system=None)
    console.print(render(view, NAMES[: view.num_players]))
    return console.export_text()


def test_every_phase_is_reached() -> None:
    assert set(VIEWS) == set(PHASES)


@pytest.mark.parametrize("phase", PHASES)
def test_render_shows_ring_seats_and_scores(phase: str) -> None:
    for view in VIEWS[phase]:
        text = _text(view)
        names = NAMES[: view.num_players]
        assert f"Round {view.round} of {view.rounds_total}" in text
        for i, land in enumerate(view.ring):
            assert f"{i + 1:>2} {LANDSCAPE_NAMES[land.kind]}" in text
        for p, name in enumerate(names):
            row = next(line for line in text.splitlines() if re.match(rf"^[▶ ] {name}\b.*(Eagle|Rose)", line))
            assert re.search(rf"\s{view.scores[p]}\s", row), row
            if view.conflict_vp[p]:
                assert f"{view.conflict_vp[p]} conflict" in row
        if view.player >= 0:
            assert "Your hand:" in text and "(you)" in text
            assert all(str(v) in text.split("Your hand:")[1] for v in view.hand)
        else:
            assert "Your hand:" not in text and "(you)" not in text
        if view.conflict >= 0:
            a, b = view.conflict + 1, (view.conflict + 1) % 12 + 1
            assert f"Conflict {a}/{b}" in text and "⚔" in text


@pytest.mark.parametrize("phase", PHASES)
def test_the_ring_fits_a_100_column_terminal(phase: str) -> None:
    text = _text(VIEWS[phase][0], width=100)
    top = next(line for line in text.splitlines() if line.startswith(" 1 "))
    bottom = next(line for line in text.splitlines() if line.startswith("12 "))
    assert top.count("→") + top.count("⚔") == 5 and bottom.count("←") + bottom.count("⚔") == 5
    assert max(len(line.rstrip()) for line in text.splitlines()) <= 100


def test_render_is_pure() -> None:
    view = VIEWS["supply"][0]
    assert _text(view) == _text(view)


def test_own_secret_card_shows_before_the_reveal_and_others_do_not() -> None:
    view = VIEWS["supply"][0]
    text = _text(view)
    assert view.chosen[view.player] >= 0 and not view.revealed
    assert "face down" in text


def test_draft_and_hand_limit_prompts_speak_to_the_player() -> None:
    assert "Offered to you in the draft:" in _text(VIEWS["draft"][0])
    assert "the hand limit is" in _text(VIEWS["draw"][0])


def test_help_and_option_annotations() -> None:
    for phase, (view, _) in VIEWS.items():
        assert explain(view).strip(), phase
    setup = VIEWS["setup"][0]
    state = DEFINITION.new_game(OPTIONS, 1, 4)
    for action in state.legal_actions():
        note = annotate(action, setup)
        assert any(name in note for name in LANDSCAPE_NAMES)


def _all_events(state: VerraeterState) -> list[Event]:
    out: list[Event] = []
    node = state.log
    while node is not None:
        event, node = node
        out.append(event)
    return out


def test_describe_covers_every_event_in_50_random_games() -> None:
    seen: set[str] = set()
    for seed in range(50):
        *_, (state, _) = _game(seed)
        names = NAMES[: state.num_players]
        for event in _all_events(state):
            seen.add(event.kind)
            line = describe(event, names)
            assert line and "\n" not in line
            assert event.kind in DESCRIBED_KINDS, event
            assert line != generic(event, names)
            assert "seat " not in line  # seats are named, never numbered
    assert seen <= DESCRIBED_KINDS
    assert set(KINDS) <= DESCRIBED_KINDS


def test_describe_examples() -> None:
    n = NAMES
    # the terminal now speaks the web's words: landscapes by type and number, supply as a sum with spaces
    won = f"Rose wins the conflict 23 to 21; {landscape(0)} is conquered."
    assert describe(Event("won", -1, (1, 21, 23, 0)), n) == won
    assert describe(Event("switch", 1, (0, 0)), n) == "Blue (Traitor) switches to Eagle."
    assert "2008 rule" in describe(Event("switch", 3, (1, 2)), n)
    assert describe(Event("supply", 0, (3, 4, 5)), n) == "Brown plays supply 3 + 4 + 5 (12 CP)."
    assert describe(Event("supply", 2, ()), n) == "Green plays no supply cards."
    conflict = f"Blue sets the conflict between {landscape(11)} and {landscape(0)}."
    assert describe(Event("conflict", 1, (11,)), n) == conflict
    assert describe(Event("score", 2, (2, "strategist")), n) == "Green scores 2 VP as Strategist."
    assert describe(Event("tie", -1, (20, 20)), n).startswith("Tie at 20 to 20")


def test_unknown_event_kinds_fall_back_to_a_plain_line() -> None:
    line = describe(Event("eclipse", 2, (1, "x")), NAMES)
    assert line == "Green: eclipse (1, x)"
