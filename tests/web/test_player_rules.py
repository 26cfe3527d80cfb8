"""The rules pages for players: every game in every language, with the quick start's figures, every rule
option by its lobby name, an anchor for every phase, and nothing of the developers' documents; and the
table's Rules link, which opens them at the section on the phase being played."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect

from ludoteca import games
from ludoteca.present.i18n import LANGUAGES, translator
from ludoteca.present.kreta.words import RULES_SECTIONS as KRETA_SECTIONS
from ludoteca.present.verraeter.words import RULES_SECTIONS as VERRAETER_SECTIONS

from browserkit import CHROMIUM, VIEWPORT, TablePage
from serverkit import create_game, server_thread

SECTIONS = {"verraeter": set(VERRAETER_SECTIONS.values()), "kreta": set(KRETA_SECTIONS.values())}
FIGURES = {"verraeter": 3, "kreta": 2}
"""Figures of each quick start: Verräter's landscape card, ring and conflict; Kreta's map and scoring."""
DEVELOPER_WORDS = ("specification", "notation", "shared/rules", "Spezifikation", "specifica", "spécification")
PAGES = [(game, lang) for game in SECTIONS for lang in LANGUAGES]


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with server_thread(tmp_path_factory.mktemp("rules")) as url:
        yield url


@pytest.fixture(scope="module")
def pages(base: str) -> dict[tuple[str, str], str]:
    """Every rules page, fetched once."""
    out = {}
    for game, lang in PAGES:
        response = httpx.get(f"{base}/rules/{game}", params={"lang": lang}, timeout=30)
        assert response.status_code == 200, (game, lang)
        out[game, lang] = response.text
    return out


def section(html: str, anchor: str) -> str:
    """The HTML from the heading with id ``anchor`` to the next heading of the same level."""
    found = re.search(rf'<h([1-6]) id="{anchor}">', html)
    assert found, f"no heading #{anchor}"
    level = found[1]
    end = re.search(rf"<h[1-{level}][ >]", html[found.end() :])
    return html[found.start() : found.end() + (end.start() if end else len(html))]


@pytest.mark.parametrize("game, lang", PAGES)
def test_the_quick_start_comes_first_with_its_figures(pages: dict[tuple[str, str], str], game: str, lang: str) -> None:
    html = pages[game, lang]
    quick = section(html, "quick-start")
    figures = re.findall(
        r'<figure class="rules-figure">\s*<svg.*?</svg><figcaption>[^<]+</figcaption></figure>', quick, re.S
    )
    assert len(figures) == FIGURES[game]
    assert html.index('id="quick-start"') < html.index('id="components"') < html.index('id="options"')
    assert f'<html lang="{lang}"' in html


@pytest.mark.parametrize("game, lang", PAGES)
def test_every_option_is_explained_by_its_lobby_name(pages: dict[tuple[str, str], str], game: str, lang: str) -> None:
    options = section(pages[game, lang], "options")
    tr = translator(lang)
    for option in games.plugin(game).lobby_options:
        assert f"<strong>{tr(option.label)}</strong>" in options, (option.key, tr(option.label))


@pytest.mark.parametrize("game, lang", PAGES)
def test_an_anchor_for_every_phase_and_no_developer_words(
    pages: dict[tuple[str, str], str], game: str, lang: str
) -> None:
    html = pages[game, lang]
    for anchor in SECTIONS[game] | {"quick-start", "options"}:
        assert re.search(rf'<h[1-6] id="{anchor}">', html), anchor
    text = re.sub(r"<svg.*?</svg>", "", html, flags=re.DOTALL)
    assert not [w for w in DEVELOPER_WORDS if w.casefold() in text.casefold()]
    ids = re.findall(r'\bid="([^"]+)"', html)
    assert len(ids) == len(set(ids)), "ids repeat (figures must have ids of their own)"


def test_the_anchors_are_the_same_in_every_language(pages: dict[tuple[str, str], str]) -> None:
    for game in SECTIONS:
        anchors = {lang: re.findall(r'<h[1-6] id="([^"]+)"', pages[game, lang]) for lang in LANGUAGES}
        assert all(found == anchors["en"] for found in anchors.values()), anchors


@pytest.mark.skipif(CHROMIUM is None, reason="the browser tests need Debian's Chromium at /usr/bin/chromium")
@pytest.mark.parametrize("game, lang, heading", [("verraeter", "en", "Setting up"), ("kreta", "de", "Dein Zug")])
def test_the_tables_rules_link_opens_the_phase_in_one_click(
    tmp_path: Path, browser: Browser, game: str, lang: str, heading: str
) -> None:
    with server_thread(tmp_path) as base:
        bots = [{"kind": "bot", "bot": "random"}] * 2
        made = create_game(base, game, [{"kind": "human", "name": "Ada"}, *bots], seed=3)
        link = made["seats"][0]["link"].replace("#", f"?lang={lang}#", 1)
        table = TablePage(browser.new_context(viewport=VIEWPORT).new_page()).open(base + link)  # type: ignore[arg-type]
        assert table.wait_turn_or_end() == "turn"
        phase = table.page.locator("#table").get_attribute("data-phase")
        anchor = {"verraeter": VERRAETER_SECTIONS, "kreta": KRETA_SECTIONS}[game][str(phase)]
        rules_link = table.page.locator("#rules-link")
        expect(rules_link).to_have_attribute("href", f"/rules/{game}?lang={lang}#{anchor}")
        with table.page.context.expect_page() as opened:
            rules_link.click()
        rules = opened.value
        rules.wait_for_load_state()
        assert rules.url.endswith(f"/rules/{game}?lang={lang}#{anchor}")
        target = rules.locator(f"#{anchor}")
        expect(target).to_contain_text(heading)
        expect(target).to_be_in_viewport()
        assert table.errors == []
