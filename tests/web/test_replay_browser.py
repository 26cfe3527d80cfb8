"""The replay viewer in Chromium: a finished game's replay opened from its end screen, stepped with the
buttons, the arrows and the slider, seen from a seat and with everything revealed; a record opened from
a file, and from the address ``ludoteca replay --web`` opens."""

from __future__ import annotations

import asyncio
import json
import random
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from ludoteca.cli.serve import replay_address

from browserkit import CHROMIUM, VIEWPORT
from serverkit import Client, create_game, finished_game, play_out

RANDOM_BOT = {"kind": "bot", "bot": "random"}

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="the browser tests need Debian's Chromium at /usr/bin/chromium (scripts/browser.sh)"
)


def viewer(browser: Browser) -> tuple[Page, list[str]]:
    """A new tab, and the list its script errors and console errors are collected in."""
    page = browser.new_context(viewport=VIEWPORT).new_page()  # type: ignore[arg-type]
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    return page, errors


def at_step(page: Page, n: int) -> str:
    """Wait until step ``n`` is drawn; the board's SVG text then."""
    expect(page.locator("#replay")).to_have_attribute("data-n", str(n))
    expect(page.locator("#step")).to_contain_text(f"{n} ")
    return str(page.evaluate("() => document.getElementById('board').lastSvg"))


def log_length(page: Page) -> int:
    return page.locator("#log li").count()


def test_a_finished_game_stepped_through_and_seen_from_each_side(base: str, browser: Browser) -> None:
    game_id = finished_game(base)
    total = len(httpx.get(f"{base}/api/games/{game_id}/record").json()["actions"])
    page, errors = viewer(browser)
    page.goto(f"{base}/g/{game_id}")
    expect(page.locator("#end-screen")).to_be_visible()
    page.click('[data-testid="replay-link"]')
    page.wait_for_url(re.compile(rf"/replay/{game_id}"))

    start = at_step(page, 0)
    expect(page.locator("#slider")).to_have_attribute("max", str(total))
    expect(page.locator('[data-testid="prev"]')).to_be_disabled()
    expect(page.locator("#end-screen")).to_be_hidden()
    lines = log_length(page)

    page.click('[data-testid="next"]')
    first = at_step(page, 1)
    page.keyboard.press("ArrowRight")
    at_step(page, 2)
    page.keyboard.press("ArrowLeft")
    assert at_step(page, 1) == first
    page.keyboard.press("End")
    end = at_step(page, total)
    assert end != start and log_length(page) > lines
    expect(page.locator("#end-screen")).to_be_visible()
    expect(page.locator('[data-testid="next"]')).to_be_disabled()
    page.keyboard.press("Home")
    assert at_step(page, 0) == start
    for _ in range(5):  # faster than the frames come: each press counts, the last frame is drawn
        page.keyboard.press("ArrowRight")
    at_step(page, 5)
    page.locator("#slider").fill(str(total // 2))
    middle = at_step(page, total // 2)
    assert middle not in (start, end)
    page.click('[data-testid="last"]')
    at_step(page, total)
    page.click('[data-testid="first"]')
    at_step(page, 0)
    page.click('[data-testid="next"]')
    at_step(page, 1)
    page.click('[data-testid="prev"]')
    at_step(page, 0)

    # the perspective: a spectator sees no hand, a seat its own, "everything" every seat's
    page.locator("#slider").fill(str(total // 2))
    at_step(page, total // 2)
    expect(page.locator("#hands .replay-hand")).to_have_count(0)
    spectator_log = page.locator("#log li").all_text_contents()
    page.select_option("#perspective", "1")
    expect(page.locator("#replay")).to_have_attribute("data-perspective", "1")
    expect(page.locator("#hands .replay-hand")).to_have_count(1)
    expect(page.locator('#hands .hand[data-seat="1"] svg')).to_be_visible()
    assert page.locator("#log li").all_text_contents() != spectator_log  # the seat's own lines too
    page.select_option("#perspective", "all")
    expect(page.locator("#replay")).to_have_attribute("data-perspective", "all")
    expect(page.locator("#hands .replay-hand")).to_have_count(3)
    assert at_step(page, total // 2) == middle  # the same board, whoever looks

    # the address keeps the step and the perspective: shared, it opens there
    assert f"n={total // 2}" in page.url and "seat=all" in page.url
    other, other_errors = viewer(browser)
    other.goto(page.url)
    assert at_step(other, total // 2) == middle
    expect(other.locator("#hands .replay-hand")).to_have_count(3)
    assert errors == [] and other_errors == []


def test_a_record_opened_from_a_file_and_from_an_address(base: str, browser: Browser, tmp_path: Path) -> None:
    game_id = finished_game(base, seed=9)
    record = httpx.get(f"{base}/api/games/{game_id}/record").json()
    total = len(record["actions"])
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    page, errors = viewer(browser)
    page.goto(f"{base}/replay")
    expect(page.locator("#viewer")).to_be_hidden()
    page.set_input_files("#record-file", str(path))
    start = at_step(page, 0)
    page.keyboard.press("End")
    assert at_step(page, total) != start
    expect(page.locator("#end-screen")).to_be_visible()
    page.select_option("#perspective", "all")
    expect(page.locator("#hands .replay-hand")).to_have_count(3)
    assert errors == []

    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({**record, "actions": ["take nothing"]}), encoding="utf-8")
    page.set_input_files("#record-file", str(broken))
    expect(page.locator("#upload-error")).to_be_visible()
    expect(page.locator("#upload-error")).to_contain_text("action #1")
    expect(page.locator("#viewer")).to_be_hidden()
    assert all("400" in error for error in errors)  # the refused frame's request, and nothing else

    # what `ludoteca replay FILE --web` opens: the record in the address's fragment
    shown, shown_errors = viewer(browser)
    shown.goto(replay_address(base, json.dumps(record)))
    at_step(shown, 0)
    expect(shown.locator("#slider")).to_have_attribute("max", str(total))
    assert shown_errors == []


PROBLEMS = (Path(__file__).parent / "layout_problems.js").read_text(encoding="utf-8")
"""The layout's promises (tests/web/test_layout.py): no sideways scrolling, every part inside the width,
the board in its box, no clipped button, no text under 11 px."""

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 3}
DESKTOP = {"viewport": {"width": 1920, "height": 1080}}


@pytest.mark.parametrize("game, players", [("verraeter", 4), ("kreta", 3)])
def test_the_viewer_fits_a_phone_and_a_desktop_in_every_language_and_passes_axe(
    base: str, browser: Browser, game: str, players: int
) -> None:
    game_id = finished_game(base, game, players, seed=3)
    total = len(httpx.get(f"{base}/api/games/{game_id}/record").json()["actions"])
    for screen in (PHONE, DESKTOP):
        context = browser.new_context(**screen)  # type: ignore[arg-type]
        page = context.new_page()
        for lang in ("en", "it", "fr", "de"):
            page.goto(f"{base}/replay/{game_id}?lang={lang}#n={total // 2}&seat=all")
            at_step(page, total // 2)
            expect(page.locator("#hands .replay-hand")).to_have_count(players)
            problems = page.evaluate(PROBLEMS, 11.0)
            assert problems == [], f"{game} at {screen['viewport']} in {lang}: {problems}"
            if lang == "en":  # axe-core: no serious or critical accessibility violation
                violations = Axe().run(page).response["violations"]
                serious = [f"{v['id']}: {v['help']}" for v in violations if v["impact"] in ("serious", "critical")]
                assert serious == [], f"{game} at {screen['viewport']}"
            if screen is PHONE:
                page.tap('[data-testid="next"]')
            else:
                page.click('[data-testid="next"]')
            at_step(page, total // 2 + 1)
        context.close()


def test_your_games_offers_the_replay_of_a_finished_game(base: str, browser: Browser) -> None:
    made = create_game(base, "verraeter", [{"kind": "human", "name": "Ada"}, RANDOM_BOT, RANDOM_BOT], seed=6)
    token = made["seats"][0]["token"]

    async def play() -> None:
        async with Client(base, made["id"], token) as ada:
            await play_out({0: ada}, random.Random(6))

    with ThreadPoolExecutor(1) as pool:  # Playwright's sync API holds this thread's event loop
        pool.submit(asyncio.run, play()).result()
    page, errors = viewer(browser)
    page.goto(base + made["seats"][0]["link"])  # the table remembers the seat in this browser
    expect(page.locator('[data-testid="replay-link"]')).to_be_visible()
    page.goto(base + "/")
    link = page.locator(f'#my-games li.finished[data-id="{made["id"]}"] a.replay-link')
    expect(link).to_have_text("Watch the replay")
    # and its review, beside it (the replay page opened at its review panel)
    review = page.locator(f'#my-games li.finished[data-id="{made["id"]}"] [data-testid="my-game-review"]')
    expect(review).to_have_text("Review this game")
    expect(review).to_have_attribute("href", f"/replay/{made['id']}#review")
    link.click()
    page.wait_for_url(re.compile(rf"/replay/{made['id']}"))
    at_step(page, 0)
    expect(page.locator("#seats .seat-name").first).to_have_text("Ada")
    assert errors == []
