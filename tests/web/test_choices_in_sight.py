"""Every current choice in sight (issue 34, point 1): at 390×844 (touch), 1366×768 and 1920×1080, in
en/it/fr/de, for the choice-heavy positions (Verräter's Gutshof placements, Kreta's Commander and Abbot
moves and its whole list of card actions): each choice button is wholly on screen and the topmost thing
at its centre, or a visible cue in the dock's turn line counts the ones out of the box's sight ("3 more ↓");
pressing the cue brings them into sight until every choice has been seen, and never scrolls the page, so
the board's clickable places stay where they were.

Measured in Chromium, as a person would see it: what a box scrolling inside itself hides is not "in sight".
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from browserkit import CHROMIUM, launch
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

_IN_SIGHT = """() => {
  const vw = innerWidth, vh = innerHeight;
  const box = document.getElementById("candidates").getBoundingClientRect();
  const topmost = (el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  };
  const whole = (r, frame) => r.top >= frame.top - 0.5 && r.bottom <= frame.bottom + 0.5
    && r.left >= frame.left - 0.5 && r.right <= frame.right + 0.5;
  const screen = {top: 0, bottom: vh, left: 0, right: vw};
  const seen = [], hidden = [], below = [];
  for (const el of document.querySelectorAll("#candidates button")) {
    const r = el.getBoundingClientRect();
    const key = el.dataset.action || el.id;
    if (whole(r, box) && whole(r, screen) && topmost(el)) seen.push(key);
    else (r.bottom > box.bottom + 0.5 ? below : hidden).push(key);
  }
  const cue = document.getElementById("more-choices");
  const cueShown = !cue.hidden && whole(cue.getBoundingClientRect(), screen) && topmost(cue);
  const places = [...document.querySelectorAll("#board .clickable[data-target]")].map((el) => {
    const r = el.getBoundingClientRect();
    return [el.getAttribute("data-target"), Math.round(r.top), Math.round(r.left)];
  });
  const words = cueShown ? cue.textContent : null;
  return {seen, hidden: [...below, ...hidden], below: below.length, cue: words, scroll: scrollY, places};
}"""
"""The choice buttons wholly in sight (inside the box's visible part and the screen, under nothing) and the
others, the cue's words if it is in sight, the page's scroll and where the board's clickable places are."""


def _in_thread(coroutine: Coroutine[Any, Any, None]) -> None:
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coroutine).result()


async def _advance(base: str, game: dict[str, Any], wanted: Callable[[dict[str, Any]], bool], seed: int) -> None:
    """Seat 0 plays random legal moves until ``wanted`` holds for a state where it is to choose."""
    rng = random.Random(seed)
    async with Client(base, game["id"], game["seats"][0]["token"]) as me:
        for _ in range(500):
            state = me.state
            assert state is not None and state["result"] is None
            if state["legal"] and wanted(state):
                return
            if state["legal"]:
                await me.act(rng.choice(state["legal"])["text"])
            await me.until(lambda m, v=state["version"]: m["type"] == "state" and m["version"] > v and bool(m["legal"]))
    raise AssertionError("never reached the position")


def _moves(state: dict[str, Any]) -> bool:
    """Kreta: the Commander and the Abbot each offer moves between provinces (many choices once picked)."""
    labels = {a["text"].split()[0] for a in state["legal"] if "->" in a["text"]}
    return state["phase"] == "play" and {"commander", "abbot"} <= labels


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """Seat-0 links: Verräter at its Gutshof placements (11 choices), Kreta with Commander and Abbot moves."""
    bot = {"kind": "bot", "bot": "heuristic"}
    with server_thread(tmp_path_factory.mktemp("sight")) as base:
        verraeter = create_game(base, "verraeter", [{"kind": "human", "name": "Ada"}, bot, bot, bot], seed=2008)
        _in_thread(_advance(base, verraeter, lambda s: s["phase"] == "setup" and len(s["legal"]) >= 10, 1))
        kreta = create_game(base, "kreta", [{"kind": "human", "name": "Ada"}, bot, bot], seed=1600)
        _in_thread(_advance(base, kreta, _moves, 1))
        yield {game["game"]: base + game["seats"][0]["link"] for game in (verraeter, kreta)}


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = launch(playwright)
        try:
            yield chromium
        finally:
            chromium.close()


def open_table(page: Page, link: str, lang: str) -> None:
    path, _, token = link.partition("#")
    page.goto(f"{path}?lang={lang}#{token}")
    page.wait_for_selector('#connection[data-state="open"]')
    page.wait_for_selector("#candidates button")
    settle(page)


def settle(page: Page) -> None:
    page.wait_for_function(
        "() => { const t = document.getElementById('table'); return t.dataset.settled === t.dataset.version }"
    )


def press(page: Page, selector: str) -> None:
    """Tap (a touch screen) or click where the element is, as a person does: Playwright's own click first
    scrolls the page to bring the element into its view, which a pinned dock's button never needs."""
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    if page.evaluate("() => matchMedia('(pointer: coarse)').matches"):
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def every_choice_reachable(page: Page, where: str) -> int:
    """Every choice button in sight, or counted by the visible cue and brought into sight by it; the page
    never scrolls meanwhile. Returns how many choices there are."""
    if page.locator("#show-all-btn").count():
        page.click("#show-all-btn")  # the long list folded behind its count: the first cue
    page.wait_for_function("() => !document.getElementById('show-all-btn')")
    first = page.evaluate(_IN_SIGHT)
    everything = set(first["seen"]) | set(first["hidden"])
    seen: set[str] = set()
    now = first
    for _ in range(len(everything) + 1):
        seen |= set(now["seen"])
        assert now["scroll"] == first["scroll"], f"{where}: the page scrolled with the choices"
        assert now["places"] == first["places"], f"{where}: the board's clickable places moved"
        if seen == everything:
            break
        # the cue counts what lies below the box's sight (what a reader goes on to), else what lies above
        unseen = now["below"] or len(now["hidden"])
        assert now["cue"] is not None, f"{where}: {unseen} choices out of sight and no cue: {now['hidden']}"
        assert str(unseen) in now["cue"], f"{where}: the cue says {now['cue']!r}, {unseen} are out of sight"
        press(page, "#more-choices")
        now = page.evaluate(_IN_SIGHT)
    assert seen == everything, f"{where}: never in sight: {everything - seen}"
    return len(everything)


def pick_card(page: Page, card: str) -> bool:
    """Kreta: choose a character card in the hand (its choices then fill the box); False if it has none."""
    target = page.locator(f'#hand [data-target="card:{card}"].clickable')
    if target.count() == 0:
        return False
    if "selected" not in (target.first.get_attribute("class") or ""):
        target.first.click()
    page.wait_for_function(
        "(card) => document.querySelector(`#hand [data-target='card:${card}']`)?.classList.contains('selected')",
        arg=card,
    )
    return True


@pytest.mark.parametrize("size", list(SCREENS))
def test_every_choice_is_in_sight_or_plainly_follows(browser: Browser, tables: dict[str, str], size: str) -> None:
    context = browser.new_context(**SCREENS[size])
    try:
        page = context.new_page()
        for lang in LANGS:
            open_table(page, tables["verraeter"], lang)
            assert every_choice_reachable(page, f"Gutshof placements, {size}, {lang}") >= 10
            for card in ("commander", "abbot"):
                open_table(page, tables["kreta"], lang)
                page.evaluate("() => document.getElementById('clear-btn').click()")
                assert pick_card(page, card), card
                assert every_choice_reachable(page, f"Kreta {card}, {size}, {lang}") > 3
            page.evaluate("() => document.getElementById('clear-btn').click()")
            every_choice_reachable(page, f"Kreta, every card, {size}, {lang}")
    finally:
        context.close()
