"""The terminal renderer draws views from real games and puts every event into words."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

from ludoteca.core.events import Event
from ludoteca.kreta import KretaOptions, KretaState, new_game
from ludoteca.present.common import ENGLISH, generic_line
from ludoteca.present.kreta.terminal import render
from ludoteca.present.kreta.words import log_line

NAMES = ("Red", "Blue", "Yellow", "Green")


def play(seed: int, players: int, steps: int | None) -> KretaState:
    """A game of random legal moves, ``steps`` actions long (None: to the end)."""
    state = new_game(KretaOptions(), seed, players)
    rng = random.Random(seed)
    n = 0
    while not state.is_terminal() and (steps is None or n < steps):
        state.apply(rng.choice(state.legal_actions()))
        n += 1
    return state


def text_of(renderable: object) -> str:
    console = Console(record=True, width=120, color_system=None)
    console.print(renderable)
    return console.export_text()


@pytest.mark.parametrize(("seed", "players", "steps"), [(1, 2, 0), (2, 3, 40), (3, 4, 90), (4, 4, None)])
def test_render_shows_provinces_scores_and_the_row(seed: int, players: int, steps: int | None) -> None:
    state = play(seed, players, steps)
    for seat in (-1, 0):
        view = state.view(seat)
        out = text_of(render(view, NAMES[:players]))
        for p in view.board.provinces:
            assert p.name in out
        for s in range(players):
            assert NAMES[s] in out
            assert str(view.scores[s]) in out
        assert "Fort cards" in out
        if state.is_terminal():
            assert "Game over" in out
        else:
            assert "Scores next: node" in out
            assert max(len(line) for line in out.splitlines()) <= 120


def test_influence_counts_as_a_scoring_does() -> None:
    state = play(5, 4, 120)
    view = state.view(-1)
    for p in view.board.provinces:
        inf = view.influences(p.index)
        for s in range(4):
            expected = (
                (view.abbots[s] == p.index)
                + view.villagers[s][p.index]
                + 2 * view.villages[s][p.index]
                + (p.index in view.ships[s])
                + len(set(view.forts[s]) & set(view.board.nodes_of[p.index]))
            )
            assert inf[s] == expected


def test_scoring_events_agree_with_the_influence_shown() -> None:
    # the influence column is what a Castellan would score: compare with the core's own figures
    state = new_game(KretaOptions(), 11, 3)
    rng = random.Random(11)
    checked = 0
    while not state.is_terminal() and checked < 5:
        before = state.view(-1)
        action = rng.choice(state.legal_actions())
        seen = len(before.log)
        state.apply(action)
        for event in state.view(-1).log[seen:]:
            if event.kind == "province":
                pid, _, inf = event.data
                shown = before.influences(before.board.province(str(pid)).index)
                assert tuple(inf) == shown  # type: ignore[arg-type]
                checked += 1
    assert checked


LOG_VIEW = new_game(KretaOptions(), 0, 4).view(-1)
"""The view the log lines below are read in (provinces are named by its board)."""


def describe(event: Event, names: list[str] | tuple[str, ...]) -> str:
    """An event as the terminal prints it: the presenter's log line (the web's), in English."""
    return log_line(LOG_VIEW, event, names, ENGLISH)


def generic(event: Event, names: list[str] | tuple[str, ...]) -> str:
    return generic_line(event, names, ENGLISH)


def test_every_event_of_a_game_reads_as_a_sentence() -> None:
    state = play(6, 4, None)
    events = state.view(-1).log
    kinds = {e.kind for e in events}
    assert {"start", "play", "scoring", "province", "spent", "takeback", "end"} <= kinds
    for event in events:
        line = describe(event, NAMES)
        assert line and line != generic(event, NAMES), event
        assert "\n" not in line
    end = describe(events[-1], NAMES)
    assert end.startswith("Game over. Final scores: Red ")


def test_unknown_or_malformed_events_fall_back_to_plain_text() -> None:
    assert describe(Event("mystery", 1, ("x", 2)), NAMES) == "Blue: mystery (x, 2)"
    assert describe(Event("place", 0, ()), NAMES) == "Red: place"
    assert describe(Event("build", 2, ("village", "messara")), NAMES) == "Yellow builds a village in Messara."


def test_a_commander_movement_in_progress_is_shown_and_explained() -> None:
    from ludoteca.kreta import KretaOptions, new_game, parse_action
    from ludoteca.present.kreta.terminal import explain

    state = new_game(KretaOptions(), 5, 2, start_player=0)
    state.apply(parse_action("commander +amari"))
    while state.current_player() != 0:
        legal = [a for a in state.legal_actions() if not a.to_text().startswith("commander")]
        state.apply(legal[0])
    move = next(a for a in state.legal_actions() if a.to_text().startswith("king commander amari->"))
    state.apply(move)
    view = state.view(0)
    assert view.move_points == 3
    console = Console(record=True, width=120)
    console.print(render(view, ["Red", "Blue"]))
    assert "3 movement points left" in console.export_text()
    assert "3 movement point(s) left" in explain(view)


def test_short_card_names_tell_every_card_apart_in_every_language() -> None:
    """The players' table cuts each card's name short, never to the same letters as another card's: the German
    Bauer and Baumeister were both "Bau" (issue 34)."""
    from ludoteca.kreta.components import CARDS
    from ludoteca.present.i18n import translator
    from ludoteca.present.kreta.terminal import short_card

    for lang in ("en", "it", "fr", "de"):
        tr = translator(lang)
        shorts = [short_card(card, tr) for card in CARDS]
        assert len(set(shorts)) == len(CARDS), (lang, shorts)
        assert all(1 <= len(short) <= 4 for short in shorts), (lang, shorts)
    assert [short_card(c, translator("de")) for c in ("farmer", "architect")] == ["Baue", "Baum"]
