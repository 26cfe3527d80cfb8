"""The table page on a phone, a laptop and a desktop, in every language: what a player sees must fit.

At 390×844 (a phone held upright, touch), 1366×768 and 1920×1080, in en/it/fr/de, for a Verräter and a
Kreta table with the seat's choices offered: the page never scrolls sideways, the parts of the page lie
inside the viewport's width, the dock (turn line, choices, hand) is on screen and nothing covers its
controls, and every text is drawn at 11 px or more — SVG text at its font size times the SVG's scale
(text the scale would draw smaller is hidden until the player zooms in, see ``static/js/layout.js``).
Then a whole Verräter game is played by tapping on the phone, and the accessibility checks: axe-core
(``axe-playwright-python``) finds no serious or critical violation, and a move is made with the keyboard
alone.

One server, one browser and one game per kind serve the whole module; each viewport is one browser
context whose page visits the tables in every language, so the 24 layouts cost a page load each.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

from ludoteca.verraeter.components import LANDSCAPE_NAMES

from browserkit import BUTTONS, CHOICES, CHROMIUM, TablePage, launch
from serverkit import Client, create_game, server_thread

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="the browser tests need Debian's Chromium at /usr/bin/chromium (scripts/browser.sh)"
)

SCREENS: dict[str, dict[str, Any]] = {
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "is_mobile": True,
        "has_touch": True,
        "device_scale_factor": 3,
    },
    "laptop": {"viewport": {"width": 1366, "height": 768}},
    "desktop": {"viewport": {"width": 1920, "height": 1080}},
}
LANGS = ("en", "it", "fr", "de")
MIN_TEXT = 11.0
RANDOM_BOT = {"kind": "bot", "bot": "random"}

TAP_TARGETS = "#board .clickable[data-target]:not(.selected), #hand .clickable[data-target]:not(.selected)"

_PROBLEMS = (Path(__file__).parent / "layout_problems.js").read_text(encoding="utf-8")
"""Everything the layout promises, measured in the page; returns the broken promises as sentences."""


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with server_thread(tmp_path_factory.mktemp("layout")) as url:
        yield url


@pytest.fixture(scope="module")
def shared_browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = launch(playwright)
        try:
            yield chromium
        finally:
            chromium.close()


async def _advance(base: str, game: dict[str, Any], phase: str, seed: int) -> None:
    """Seat 0 plays random legal moves until it is to choose in ``phase`` (after its first round)."""
    rng = random.Random(seed)
    async with Client(base, game["id"], game["seats"][0]["token"]) as me:
        for _ in range(500):
            state = me.state
            assert state is not None and state["result"] is None
            if state["legal"] and state["phase"] == phase and state["version"] > 12:
                return
            if state["legal"]:
                await me.act(rng.choice(state["legal"])["text"])
            await me.until(lambda m, v=state["version"]: m["type"] == "state" and m["version"] > v and bool(m["legal"]))
    raise AssertionError(f"never reached {phase}")


def _in_thread(coroutine: Coroutine[Any, Any, None]) -> None:
    """Run a coroutine to its end in a thread of its own (Playwright's sync API holds this thread's loop)."""
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coroutine).result()


@pytest.fixture(scope="module")
def tables(base: str) -> dict[str, str]:
    """The seat-0 link of a Verräter table in the supply phase and a Kreta table with a card to play."""
    bot = {"kind": "bot", "bot": "heuristic"}
    verraeter = create_game(base, "verraeter", [{"kind": "human", "name": "Ada"}, bot, bot, bot], seed=2008)
    _in_thread(_advance(base, verraeter, "supply", 1))
    kreta = create_game(base, "kreta", [{"kind": "human", "name": "Ada"}, bot, bot], seed=1600)
    _in_thread(_advance(base, kreta, "play", 1))
    return {game["game"]: base + game["seats"][0]["link"] for game in (verraeter, kreta)}


@pytest.fixture(scope="module", params=list(SCREENS))
def screen(request: pytest.FixtureRequest, shared_browser: Browser) -> Iterator[tuple[str, Page]]:
    """One page per screen size, reused for every language and game."""
    context: BrowserContext = shared_browser.new_context(**SCREENS[request.param])
    try:
        yield request.param, context.new_page()
    finally:
        context.close()


def open_table(page: Page, link: str, lang: str) -> None:
    path, _, token = link.partition("#")
    page.goto(f"{path}?lang={lang}#{token}")
    page.wait_for_selector('#connection[data-state="open"]')
    page.wait_for_selector(f"{BUTTONS}, {TAP_TARGETS}")
    settle(page)


def settle(page: Page) -> None:
    """Until the page has fitted the board and scrolled it into view for the state it shows."""
    page.wait_for_function(
        "() => { const t = document.getElementById('table'); return t.dataset.settled === t.dataset.version }"
    )


@pytest.mark.parametrize("game", ["verraeter", "kreta"])
def test_the_table_fits_every_screen_in_every_language(
    screen: tuple[str, Page], tables: dict[str, str], game: str
) -> None:
    name, page = screen
    for lang in LANGS:
        open_table(page, tables[game], lang)
        problems = page.evaluate(_PROBLEMS, MIN_TEXT)
        assert problems == [], f"{game} on the {name} in {lang}: {problems}"


@pytest.mark.parametrize("path", ["/", "/rules/verraeter", "/rules/kreta"])
def test_the_lobby_and_the_rules_fit_a_phone_in_every_language(shared_browser: Browser, base: str, path: str) -> None:
    context = shared_browser.new_context(**SCREENS["phone"])
    try:
        page = context.new_page()
        for lang in LANGS:
            page.goto(f"{base}{path}?lang={lang}")
            page.wait_for_selector("#create-btn, .prose h2")
            problems = page.evaluate(_PROBLEMS, MIN_TEXT)
            assert problems == [], f"{path} on the phone in {lang}: {problems}"
    finally:
        context.close()


def test_zooming_in_shows_the_detail_and_the_page_still_does_not_scroll_sideways(
    shared_browser: Browser, tables: dict[str, str]
) -> None:
    context = shared_browser.new_context(**SCREENS["phone"])
    try:
        page = context.new_page()
        open_table(page, tables["verraeter"], "en")
        hidden = "() => document.querySelectorAll('#board svg text.too-small').length"
        numbers = "() => document.querySelectorAll('#board .overview-label.shown').length"
        before = page.evaluate(hidden)
        assert before > 0  # the phone's overview leaves the small print out
        assert page.evaluate(numbers) == 12  # and shows each landscape's number large instead
        # and its name (issue 34: the phone's cards showed no landscape names), legible
        large = """() => [...document.querySelectorAll('#board .overview-label.shown')].map((label) =>
            [...label.querySelectorAll('text')].filter((t) => !t.classList.contains('too-small'))
              .map((t) => t.textContent))"""
        labels = page.evaluate(large)
        assert all(len(texts) == 2 and texts[1] in LANDSCAPE_NAMES for texts in labels), labels
        assert [texts[0] for texts in labels] == [str(n) for n in range(1, 13)]
        for _ in range(3):
            page.tap("#zoom-in")
        page.wait_for_function("() => document.getElementById('board').dataset.zoom === '3'")
        assert page.evaluate(hidden) < before
        assert page.evaluate(numbers) == 0  # the cards' own numbers are legible now
        assert page.evaluate(_PROBLEMS, MIN_TEXT) == []
        page.tap("#zoom-fit")
        page.wait_for_function("() => document.getElementById('board').dataset.zoom === '1'")
        assert page.evaluate(hidden) == before
        page.tap("#dock-toggle")
        assert page.locator("#candidates").is_hidden()
        assert page.get_attribute("#dock-toggle", "aria-expanded") == "false"
        page.tap("#dock-toggle")
        assert page.locator("#candidates").is_visible()
    finally:
        context.close()


def test_a_whole_verraeter_game_by_tapping_on_a_phone(shared_browser: Browser, base: str) -> None:
    made = create_game(
        base, "verraeter", [{"kind": "human", "name": "Ada"}, RANDOM_BOT, RANDOM_BOT, RANDOM_BOT], seed=5
    )
    context = shared_browser.new_context(**SCREENS["phone"])
    try:
        table = TablePage(context.new_page()).open(base + made["seats"][0]["link"])
        rng = random.Random(5)
        taps = confirms = 0
        for _ in range(400):
            if table.wait_turn_or_end() == "end":
                break
            start = table.version()
            targets, buttons = table.page.locator(TAP_TARGETS), table.page.locator(BUTTONS)
            use_target = targets.count() > 0 and (buttons.count() == 0 or rng.random() < 0.75)
            chosen = (
                targets.nth(rng.randrange(targets.count()))
                if use_target
                else buttons.nth(rng.randrange(buttons.count()))
            )
            chosen.tap(timeout=5000)
            taps += 1
            if table.page.locator("#confirm-btn").is_visible():
                # a touch screen confirms each move: the tap that decided one only chose it
                assert table.version() == start
                table.page.tap("#confirm-btn")
                confirms += 1
            table.page.wait_for_function(
                """([choices, start]) => Number(document.getElementById("table").dataset.version) > start
                   || document.querySelector(choices) !== null""",
                arg=[CHOICES, start],
            )
        assert table.page.locator("#end-screen").is_visible()
        assert taps > 5 and confirms > 0 and table.errors == []
        assert table.page.evaluate("() => document.scrollingElement.scrollWidth <= innerWidth")
    finally:
        context.close()


# ---------------------------------------------------------------- accessibility


def serious(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page, one line each."""
    results = Axe().run(page)
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:5]}"
        for v in results.response["violations"]
        if v["impact"] in ("serious", "critical")
    ]


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_no_serious_accessibility_violations(
    shared_browser: Browser, base: str, tables: dict[str, str], size: str
) -> None:
    context = shared_browser.new_context(**SCREENS[size])
    try:
        page = context.new_page()
        page.goto(base + "/")
        page.wait_for_selector("#create-btn")
        assert serious(page) == [], "lobby"
        page.goto(base + "/rules/verraeter")
        page.wait_for_selector(".prose h2")
        assert serious(page) == [], "rules"
        for game, link in tables.items():
            open_table(page, link, "en")
            assert serious(page) == [], game
    finally:
        context.close()


_NOT_OBSCURED = """() => {
  const el = document.activeElement;
  const box = el.getBoundingClientRect();
  const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
  return top !== null && (top === el || el.contains(top));
}"""
"""Whether the focused element is the topmost thing at its centre (on screen, under nothing)."""


def test_a_move_with_the_keyboard_alone(shared_browser: Browser, base: str) -> None:
    """Tab to a highlighted landscape and press Enter: the Gutshof is placed. Then Tab to a candidate
    button and press Space, and every click target reached on the way has a name."""
    made = create_game(base, "verraeter", [{"kind": "human", "name": "Ada"}, RANDOM_BOT, RANDOM_BOT], seed=9)
    context = shared_browser.new_context(**SCREENS["desktop"])
    try:
        table = TablePage(context.new_page()).open(base + made["seats"][0]["link"])
        page = table.page
        assert table.wait_turn_or_end() == "turn"
        start = table.version()
        focused = "() => { const el = document.activeElement; return el && el.matches('.clickable[data-target]') }"
        for _ in range(80):
            page.keyboard.press("Tab")
            if page.evaluate(focused):
                break
        else:
            raise AssertionError("no click target reached with Tab")
        name = page.evaluate("() => document.activeElement.getAttribute('aria-label')")
        assert name and page.evaluate("() => document.activeElement.getAttribute('role')") == "button"
        assert page.evaluate(_NOT_OBSCURED), "the focused target lies under something (the dock?)"
        page.keyboard.press("Enter")
        table.wait_version(start + 1)

        assert table.wait_turn_or_end() == "turn"
        start = table.version()
        page.keyboard.press("Shift+Tab")  # back up the page to the "Skip to your choices" button
        for _ in range(60):
            if page.evaluate("() => document.activeElement.id === 'skip-to-dock'"):
                break
            page.keyboard.press("Shift+Tab")
        else:
            raise AssertionError("no way to skip the board")
        page.keyboard.press("Enter")
        assert page.evaluate("() => document.activeElement.id === 'dock'")
        for _ in range(30):
            page.keyboard.press("Tab")
            if page.evaluate("() => document.activeElement.matches('#show-all-btn')"):
                page.keyboard.press("Space")  # the long list opens; the next Tab goes into it
            elif page.evaluate("() => document.activeElement.matches('#candidates button')"):
                break
        else:
            raise AssertionError("no candidate button reached with Tab")
        page.keyboard.press("Space")
        table.wait_version(start + 1)
        assert table.errors == []
    finally:
        context.close()


def test_every_target_has_a_name_in_both_games(shared_browser: Browser, tables: dict[str, str]) -> None:
    context = shared_browser.new_context(**SCREENS["desktop"])
    try:
        page = context.new_page()
        for link in tables.values():
            open_table(page, link, "de")
            named = page.evaluate(
                """() => [...document.querySelectorAll('.clickable[data-target]')]
                      .map(el => [el.getAttribute('data-target'), el.getAttribute('aria-label')])"""
            )
            assert named and all(name and name != key for key, name in named), named
    finally:
        context.close()


# ---------------------------------------------------------------- issue 27: phone, laptop, confirm

_PLACE_LABELS = """() => [...document.querySelectorAll('#board .place-labels text')].map((text) => {
  const svg = text.ownerSVGElement;
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  return [text.textContent, parseFloat(getComputedStyle(text).fontSize) * scale, text.classList.contains('pointed')];
})"""
"""The large labels written over the board: text, size on screen, whether of the choice pointed at."""


def test_a_choice_tapped_on_a_phone_shows_its_places_and_zoom_keeps_them_legible(
    shared_browser: Browser, tables: dict[str, str]
) -> None:
    """Kreta at 390×844: a tap on a choice only chooses it (confirm mode, a touch screen's default) and marks
    its places on the map with legible labels; Escape lets it go; at every zoom the places stay named."""
    context = shared_browser.new_context(**SCREENS["phone"])
    try:
        page = context.new_page()
        open_table(page, tables["kreta"], "it")
        assert page.is_checked("#confirm-moves")  # a touch screen confirms each move
        labels = page.evaluate(_PLACE_LABELS)
        assert labels and all(size >= MIN_TEXT for _, size, _ in labels), labels
        if page.locator("#show-all-btn").count():
            page.tap("#show-all-btn")
        version = page.get_attribute("#table", "data-version")
        button = page.locator("#candidates button.candidate").first
        button.tap()
        assert page.get_attribute("#table", "data-version") == version  # chosen, not sent
        assert button.get_attribute("aria-pressed") == "true"
        assert page.locator("#confirm-btn").is_visible()
        assert (button.text_content() or "") in (page.text_content("#confirm-btn") or "")
        pointed = page.evaluate(
            "() => [...document.querySelectorAll('#board .target.pointed')].map(el => el.getAttribute('data-label'))"
        )
        assert pointed, "the choice's places are not marked on the map"
        shown = {words for words, size, mark in page.evaluate(_PLACE_LABELS) if mark and size >= MIN_TEXT}
        assert {words for words in pointed if words} <= shown, (pointed, shown)
        page.keyboard.press("Escape")
        assert page.locator("#confirm-btn").is_hidden()
        assert page.locator("#board .target.pointed").count() == 0
        for level in ("1.5", "2", "3"):
            page.tap("#zoom-in")
            page.wait_for_function(f"() => document.getElementById('board').dataset.zoom === '{level}'")
            assert page.evaluate(_PROBLEMS, MIN_TEXT) == [], level
    finally:
        context.close()


def test_confirm_each_move_is_on_for_touch_off_for_a_mouse_and_remembered(shared_browser: Browser, base: str) -> None:
    made = create_game(base, "verraeter", [{"kind": "human", "name": "Ada"}, RANDOM_BOT, RANDOM_BOT], seed=11)
    link = base + made["seats"][0]["link"]
    phone = shared_browser.new_context(**SCREENS["phone"])
    desktop = shared_browser.new_context(**SCREENS["desktop"])
    try:
        table = TablePage(phone.new_page()).open(link)
        page = table.page
        assert table.wait_turn_or_end() == "turn"
        assert page.is_checked("#confirm-moves")
        start = table.version()
        button = page.locator(BUTTONS).first
        button.tap()
        assert table.version() == start and page.locator("#confirm-btn").is_visible()
        button.tap()  # a second tap on the chosen choice sends it
        table.wait_version(start + 1)
        page.uncheck("#confirm-moves")
        page.reload()
        table.wait_connected()
        assert not page.is_checked("#confirm-moves")  # remembered in this browser
        assert table.wait_turn_or_end() == "turn"
        start = table.version()
        page.locator(BUTTONS).first.tap()
        table.wait_version(start + 1)

        other = TablePage(desktop.new_page()).open(link)
        assert not other.page.is_checked("#confirm-moves")  # a mouse: one click plays
        assert table.errors == [] and other.errors == []
    finally:
        phone.close()
        desktop.close()


@pytest.mark.parametrize("lang", LANGS)
def test_a_long_hint_keeps_the_side_column_on_a_laptop(shared_browser: Browser, base: str, lang: str) -> None:
    made = create_game(base, "verraeter", [{"kind": "human", "name": "Ada"}, RANDOM_BOT, RANDOM_BOT], seed=3)
    context = shared_browser.new_context(**SCREENS["laptop"])
    try:
        page = context.new_page()
        open_table(page, base + made["seats"][0]["link"], lang)
        page.click("#hint-btn")
        page.wait_for_selector("#hint-result:not([hidden]) #hint-best")
        settle(page)
        assert page.evaluate(_PROBLEMS, MIN_TEXT) == []
        side = page.evaluate("() => document.querySelector('.side').getBoundingClientRect().right")
        assert side <= 1366
    finally:
        context.close()


def test_the_lobby_on_a_phone_learn_to_play_first_and_room_to_type_a_name(shared_browser: Browser, base: str) -> None:
    context = shared_browser.new_context(**SCREENS["phone"])
    try:
        page = context.new_page()
        for lang in LANGS:
            page.goto(f"{base}/?lang={lang}")
            page.wait_for_selector("#create-btn")
            guided = page.locator("#guided").bounding_box()
            create = page.locator("#create").bounding_box()
            assert guided and create and guided["y"] < create["y"] and guided["y"] < 844
            widths = page.evaluate(
                """() => [...document.querySelectorAll(
                     '.seat-row:not([hidden]) :is(input, select):not([hidden])'
                   )].filter(el => el.getClientRects().length > 0).map(el => el.getBoundingClientRect().width)"""
            )
            assert widths and min(widths) >= 120, (lang, widths)
    finally:
        context.close()


def test_a_rules_figure_opens_full_size_and_legible_on_a_phone(shared_browser: Browser, base: str) -> None:
    context = shared_browser.new_context(**SCREENS["phone"])
    try:
        page = context.new_page()
        for game in ("verraeter", "kreta"):
            page.goto(f"{base}/rules/{game}?lang=de")
            figure = page.locator('.rules-figure > svg[role="button"]').first
            figure.tap()
            page.wait_for_selector("#figure-dialog[open] .figure-large svg")
            sizes = page.evaluate(
                """() => { const svg = document.querySelector('#figure-dialog .figure-large svg');
                   const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
                   return [...svg.querySelectorAll('text')].filter(t => t.textContent.trim())
                     .map(t => parseFloat(getComputedStyle(t).fontSize) * scale) }"""
            )
            assert sizes and min(sizes) >= MIN_TEXT, (game, min(sizes))
            page.click("#figure-dialog button")
            page.wait_for_selector("#figure-dialog", state="hidden")
    finally:
        context.close()


def test_the_guided_lesson_heads_the_board_on_a_phone_and_sits_beside_it_on_a_laptop(
    shared_browser: Browser, base: str
) -> None:
    """The lesson where the player looks: right above the board's tools when the side column falls below the
    table (a phone; under the board it sat behind the pinned dock, issue #34), and at the top of the side column
    beside the board on a laptop."""
    for size in ("phone", "laptop"):
        context = shared_browser.new_context(**SCREENS[size])
        try:
            page = context.new_page()
            page.goto(base + "/")
            page.click('[data-testid="guided-kreta"]')
            page.wait_for_selector('[data-testid="guide"]:not([hidden])')
            page.wait_for_selector(f"{BUTTONS}, {TAP_TARGETS}")
            settle(page)
            place = page.evaluate(
                """() => { const guide = document.getElementById('guide-panel');
                   return [guide.previousElementSibling?.id ?? null, guide.nextElementSibling?.id ?? null,
                           guide.parentElement.className] }"""
            )
            wanted = ["skip-to-dock", "board-tools", "play-area"] if size == "phone" else [None, place[1], "side"]
            assert place == wanted, (size, place)
            if size == "laptop":
                box = page.locator("#guide-panel").bounding_box()
                assert box and box["y"] < 768 and box["x"] > 1000
        finally:
            context.close()
