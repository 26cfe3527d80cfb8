"""The guided first game in a real browser: from the lobby's button to a game that goes on without the guide.

Plays as a learner would: start the guided Verräter game from the lobby, read the lesson (it changes with
the phase), see the hint's choice and its reason on each turn, play a few moves by clicking, leave the
guide, and play on as in a normal game.
"""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Browser, expect

from browserkit import CHROMIUM, VIEWPORT, TablePage

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="the browser tests need Debian's Chromium at /usr/bin/chromium (scripts/browser.sh)"
)


def test_a_guided_verraeter_game_from_the_lobby_then_without_the_guide(base: str, browser: Browser) -> None:
    page = browser.new_context(viewport=VIEWPORT).new_page()  # type: ignore[arg-type]
    table = TablePage(page)
    page.goto(base + "/")
    page.click('[data-testid="guided-verraeter"]')
    page.wait_for_url(re.compile(r"/g/[^/#?]+\?guide=1#t="))
    table.wait_connected()

    panel = page.locator('[data-testid="guide"]')
    title = page.locator('[data-testid="guide-title"]')
    expect(panel).to_be_visible()
    expect(title).to_have_text("The set-up")  # the learner is the start player: the first Gutshof is theirs
    expect(page.locator("#seats li")).to_have_count(3)

    rng = random.Random(3)
    titles = []
    for _ in range(3):
        assert table.wait_turn_or_end() == "turn"
        reason = page.locator('[data-testid="guide-reason"]')
        expect(reason).to_be_visible(timeout=30_000)  # the hint's answer, with why it prefers its choice
        assert reason.inner_text().strip()
        expect(page.locator('[data-testid="guide-hint"] button')).not_to_be_empty()
        titles.append(title.inner_text())
        table.play_move(rng)
    assert titles[0] == "The set-up" and len(set(titles)) > 1, titles  # the lesson follows the phase
    page.click('[data-testid="guide"] summary')  # what each choice means
    expect(page.locator('[data-testid="guide"] dd').first).not_to_be_empty()

    page.click('[data-testid="guide-leave"]')
    expect(panel).to_be_hidden()
    assert "guide=1" not in page.url and "#t=" in page.url
    before = table.version()
    assert table.play_moves(rng, 3) == 3  # the game goes on, as a normal game
    assert table.version() > before
    expect(panel).to_be_hidden()
    assert table.errors == []


PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True, "device_scale_factor": 3}

_IN_VIEW = """() => {
  const box = document.querySelector('[data-testid="guide-title"]').getBoundingClientRect();
  const dock = document.getElementById("dock").getBoundingClientRect();
  return {top: box.top, bottom: box.bottom, limit: Math.min(innerHeight, dock.top)};
}"""
_BEFORE_BOARD = """() => Boolean(document.getElementById("guide-panel")
  .compareDocumentPosition(document.getElementById("board")) & Node.DOCUMENT_POSITION_FOLLOWING)"""


def test_on_a_phone_the_lesson_is_above_the_board_not_under_the_dock(base: str, browser: Browser) -> None:
    """Issue 34: in one column the side panel comes after the board and the pinned dock, and the lesson sat
    there, unseen; it heads the page instead, above the board, and goes back beside it on a wide screen."""
    context = browser.new_context(**PHONE)  # type: ignore[arg-type]
    try:
        page = context.new_page()
        table = TablePage(page)
        page.goto(base + "/")
        page.click('[data-testid="guided-verraeter"]')
        page.wait_for_url(re.compile(r"/g/[^/#?]+\?guide=1#t="))
        table.wait_connected()
        expect(page.locator('[data-testid="guide-title"]')).to_have_text("The set-up")
        seen = page.evaluate(_IN_VIEW)
        assert seen["top"] >= 0 and seen["bottom"] <= seen["limit"], seen
        assert page.evaluate(_BEFORE_BOARD)
        page.set_viewport_size({"width": 1400, "height": 900})  # wide: back at the head of the side column
        page.wait_for_function("() => document.getElementById('guide-panel').parentElement.matches('aside')")
        assert table.errors == []
    finally:
        context.close()
