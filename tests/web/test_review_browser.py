"""A game's review in Chromium: started from the replay viewer, its progress shown, then the win-chance graph
drawn, the mistakes listed, and a click on a mistake or on the graph moving the replay to that decision; in
Italian, French and German the moves as the table labels them and the numbers as the language writes them."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Browser, Page, expect

from browserkit import CHROMIUM, VIEWPORT
from serverkit import finished_game, server_thread

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="the browser tests need Debian's Chromium at /usr/bin/chromium (scripts/browser.sh)"
)

PROBLEMS = (Path(__file__).parent / "layout_problems.js").read_text(encoding="utf-8")
"""The layout's promises (tests/web/test_layout.py): no sideways scrolling, nothing outside the width, no text
under 11 px."""
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 3}

ITERATIONS = 30
"""Small enough for a review of a whole game in seconds; random bots' games still show mistakes."""


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    with server_thread(tmp_path, review_iterations=ITERATIONS) as url:
        yield url


def at_step(page: Page, n: int) -> None:
    expect(page.locator("#replay")).to_have_attribute("data-n", str(n))


def test_a_review_run_from_the_replay_shows_its_graph_and_mistakes(base: str, browser: Browser) -> None:
    game_id = finished_game(base, seed=4)
    page = browser.new_context(viewport=VIEWPORT).new_page()  # type: ignore[arg-type]
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    page.goto(f"{base}/replay/{game_id}")
    at_step(page, 0)
    expect(page.locator("#review")).to_have_attribute("data-status", "none")
    page.click('[data-testid="review-start"]')
    expect(page.locator('[data-testid="review-start"]')).to_be_hidden()
    expect(page.locator("#review")).to_have_attribute("data-status", "done", timeout=90_000)

    expect(page.locator('[data-testid="review-svg"]')).to_be_visible()
    points = page.locator('[data-testid="review-point"]')
    assert points.count() > 20
    expect(page.locator('[data-testid="review-totals"] li')).to_have_count(3)
    # the chart has a legend (a seat per colour, and what a large dot means); the loss says of what
    legend = page.locator('[data-testid="review-legend"] li')
    expect(legend).to_have_count(4)
    expect(legend.nth(3)).to_contain_text("mistake")
    expect(page.locator('[data-testid="review-totals"] li').first).to_contain_text("of win chance per decision")

    # a listed mistake moves the replay to the position it was made in, and says what was better
    mistakes = page.locator('[data-testid="review-mistake"]')
    expect(mistakes.first).to_be_visible()
    n = int(mistakes.first.get_attribute("data-n") or "-1")
    mistakes.first.click()
    at_step(page, n)
    decision = page.locator('[data-testid="review-decision"]')
    expect(decision).to_be_visible()
    expect(decision).to_have_attribute("data-n", str(n))
    expect(decision).to_contain_text("Better:")

    # a point of the graph does too
    last = points.last
    target = int(last.get_attribute("data-n") or "-1")
    assert target != n
    last.click()
    at_step(page, target)
    expect(decision).to_have_attribute("data-n", str(target))

    # reopened, the page shows the stored review at once (no button, no new computation)
    page.reload()
    expect(page.locator("#review")).to_have_attribute("data-status", "done")
    expect(page.locator('[data-testid="review-start"]')).to_be_hidden()
    assert errors == []

    # on a phone, in the longest language, the review fits and passes axe-core
    phone = browser.new_context(**PHONE).new_page()  # type: ignore[arg-type]
    for lang in ("de", "en"):
        phone.goto(f"{base}/replay/{game_id}?lang={lang}#n={n}")
        at_step(phone, n)
        expect(phone.locator('[data-testid="review-decision"]')).to_be_visible()
        assert phone.evaluate(PROBLEMS, 11.0) == [], lang
    violations = Axe().run(phone).response["violations"]
    assert [f"{v['id']}: {v['help']}" for v in violations if v["impact"] in ("serious", "critical")] == []
    phone.locator('[data-testid="review-mistake"]').last.tap()
    last_mistake = int(phone.locator('[data-testid="review-mistake"]').last.get_attribute("data-n") or "-1")
    at_step(phone, last_mistake)

    # in every language, the moves are the table's labels and the numbers are the language's: no notation
    record = httpx.get(f"{base}/api/games/{game_id}/record", timeout=10).json()
    notation = {text for text in record["actions"] if " " in text}  # "take builder", "supply 3,5"...
    for lang, percent in (("it", r"\d%"), ("fr", "\\d\u00a0%"), ("de", "\\d\u00a0%")):
        page.goto(f"{base}/replay/{game_id}?lang={lang}#n={n}")
        at_step(page, n)
        expect(page.locator('[data-testid="review-decision"]')).to_be_visible()
        text = page.locator("#review").inner_text()
        assert not [move for move in notation if move in text], lang
        assert re.search(percent, text), lang
        assert re.search(r"\d,\d", page.locator('[data-testid="review-totals"]').inner_text()), lang
        if lang == "fr":  # French takes the singular below 2: "1,6 point", "2,3 points"
            for line in page.locator('[data-testid="review-totals"] li').all_inner_texts():
                found = re.search(r"(\d+),\d (points?) ", line)
                assert found, line
                assert (found.group(2) == "point") == (int(found.group(1)) < 2), line
    assert errors == []
