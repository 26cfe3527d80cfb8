"""The guided first game's words (``ludoteca.present.Guide``) over random games of both games, in every language.

Every phase has a lesson with a title and no empty paragraph, every legal choice a meaning, every pair of
choices a reason; in Italian, French and German every message the guide asks for is in the catalogue,
translated (so no English slips into a translated page); and the guide reads only the view — checked by
the web tests against resampled worlds (``tests/web/test_guide.py``).
"""

from __future__ import annotations

import gettext
import random
from functools import cache
from typing import Any

import pytest
from babel.messages.pofile import read_po

from ludoteca import games
from ludoteca.present import Guide, Lesson, guide, translator
from ludoteca.present.i18n import LOCALE_DIR, Translator
from ludoteca.web.seatview.guided import guided_setup
from third_game import installed_plugins

LANGUAGES = ("en", "it", "fr", "de")
CASES = [("verraeter", 3, 11), ("verraeter", 4, 12), ("kreta", 2, 13), ("kreta", 3, 14)]


@cache
def translated(lang: str) -> frozenset[str]:
    """The msgids the language's catalogue translates (every form, for plurals)."""
    with (LOCALE_DIR / lang / "LC_MESSAGES" / "messages.po").open("rb") as f:
        catalog = read_po(f, locale=lang)
    done = set()
    for m in catalog:
        strings = m.string if isinstance(m.string, tuple) else (m.string,)
        if m.id and not m.fuzzy and all(strings):
            done.add(m.id if isinstance(m.id, str) else m.id[0])
    return frozenset(done)


class Asked(gettext.NullTranslations):
    """A language's translations that remember every message asked for (to check them in the catalogue)."""

    def __init__(self, lang: str) -> None:
        super().__init__()
        self.real = translator(lang)
        self.asked: set[str] = set()

    def gettext(self, message: str) -> str:
        self.asked.add(message)
        return self.real(message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        self.asked.add(msgid1)
        return self.real.ngettext(msgid1, msgid2, n)


def positions(name: str, players: int, seed: int) -> list[Any]:
    """The states of one random game, from the set-up to the end."""
    d = games.get(name)
    state = d.new_game(d.options_from_dict({}), seed, players)
    rng = random.Random(seed)
    found = [state.clone()]
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
        found.append(state.clone())
    return found


def check_lesson(lesson: Lesson) -> None:
    assert isinstance(lesson, Lesson)
    assert lesson.title.strip()
    assert lesson.paragraphs
    assert all(p.strip() for p in lesson.paragraphs), lesson


@pytest.mark.parametrize("name, players, seed", CASES)
def test_every_moment_has_a_lesson_and_every_choice_a_meaning_and_a_reason(name: str, players: int, seed: int) -> None:
    found = guide(games.plugin(name))
    assert isinstance(found, Guide)
    names = [f"P{i}" for i in range(players)]
    rng = random.Random(seed)
    phases: set[str] = set()
    for lang in LANGUAGES:
        asked = Asked(lang)
        tr = Translator(lang, asked)
        states = positions(name, players, seed)
        for k, state in enumerate(states):
            if lang != "en" and k % 3 and k != len(states) - 1:
                continue  # English sees every position; the translations every third one and the end
            for seat in (-1, *range(players)):
                view = state.view(seat)
                phases.add(view.phase)
                check_lesson(found.lesson(view, names, tr))
            if state.is_terminal():
                continue
            view = state.view(state.current_player())
            legal = state.legal_actions()
            for action in rng.sample(legal, min(len(legal), 8)):
                assert found.meaning(view, action, tr).strip(), action
            for _ in range(3 if len(legal) > 1 else 0):
                best, other = rng.sample(legal, 2)
                assert found.reason(view, best, other, tr).strip(), (best, other)
        if lang != "en":
            missing = sorted(asked.asked - translated(lang))
            assert not missing, f"{lang}: not translated: {missing[:5]}"
    assert "over" in phases and len(phases) >= 3, phases


def test_the_guide_speaks_the_tables_language() -> None:
    """The lesson uses the table's words: the German table says Gutshof and KP, the Italian Magazzino and PC."""
    name, players = "verraeter", 3
    found = guide(games.plugin(name))
    assert found is not None
    view = positions(name, players, 5)[0].view(0)
    german = " ".join(found.lesson(view, ["A", "B", "C"], translator("de")).paragraphs)
    italian = " ".join(found.lesson(view, ["A", "B", "C"], translator("it")).paragraphs)
    assert "Gutshof" in german and "KP" in german
    assert "Magazzino" in italian and "PC" in italian and "Gutshof" not in italian


def test_a_game_without_a_guide_has_none() -> None:
    with installed_plugins():  # the third game's test plug-in has no guide facet
        assert guide(games.plugin("perudo")) is None
        assert guided_setup("perudo") is None


@pytest.mark.parametrize("name, players", [("verraeter", 3), ("kreta", 2)])
def test_the_guided_game_is_a_fixed_friendly_set_up(name: str, players: int) -> None:
    """The fewest players, easy bots, and a seed with which the learner (seat 1) begins."""
    setup = guided_setup(name)
    assert setup is not None and setup["players"] == players and setup["bot"] == "ismcts:easy"
    d = games.get(name)
    assert d.new_game(d.options_from_dict({}), setup["seed"], players).view(0).start_player == 0
