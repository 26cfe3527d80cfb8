"""The pages work under the Content-Security-Policy: a real Chromium plays both games from the lobby,
opens the rules and an error page, and no policy violation (nor any other console error) is reported.

A violation shows twice over: Chromium logs it as a console error, and the page fires a
``securitypolicyviolation`` event, which an init script (run by the browser's DevTools, so not itself
subject to the policy) turns into a console error naming the directive and what was blocked.
"""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Browser, ConsoleMessage, Page, expect

from browserkit import CHROMIUM, VIEWPORT, TablePage

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="the browser tests need Debian's Chromium at /usr/bin/chromium (scripts/browser.sh)"
)

REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (e) => {
  console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || "inline"} in ${e.sourceFile}`);
});
"""


def watched_page(browser: Browser, problems: list[str]) -> Page:
    page = browser.new_context(viewport=VIEWPORT).new_page()  # type: ignore[arg-type]
    page.add_init_script(REPORT_VIOLATIONS)

    def console(message: ConsoleMessage) -> None:
        if message.type == "error" or "Content Security Policy" in message.text:
            problems.append(f"{page.url}: {message.text}")

    page.on("console", console)
    page.on("pageerror", lambda error: problems.append(f"{page.url}: page: {error}"))
    return page


def test_the_policy_really_is_enforced(base: str, browser: Browser) -> None:
    """The check can fail: an inline script injected into a served page is refused and reported."""
    problems: list[str] = []
    page = watched_page(browser, problems)
    page.goto(base + "/")
    page.evaluate(
        """() => { const s = document.createElement("script"); s.textContent = "window.ran = 1";
                   document.body.append(s); }"""
    )
    page.wait_for_function("() => true")
    assert page.evaluate("() => window.ran") is None
    assert any("CSP violation: script-src" in p for p in problems), problems


@pytest.mark.parametrize("game, players", [("verraeter", 3), ("kreta", 2)])
def test_a_game_from_the_lobby_runs_without_a_policy_violation(
    base: str, browser: Browser, game: str, players: int
) -> None:
    problems: list[str] = []
    page = watched_page(browser, problems)
    page.goto(base + "/")
    page.check(f'input[name="game"][value="{game}"]')
    config = page.locator(f'.game-config[data-game="{game}"]')
    config.locator('[data-role="players"]').select_option(str(players))
    config.locator('.seat-row[data-seat="0"] [data-role="name"]').fill("Ada")
    for seat in range(1, players):
        row = config.locator(f'.seat-row[data-seat="{seat}"]')
        row.locator('[data-role="kind"]').select_option("bot")
        row.locator('[data-role="bot"]').select_option("random")
    page.click("#create-btn")
    page.locator('[data-testid="play-seat"]').click()
    page.wait_for_url(re.compile(r"/g/[^/#]+#t="))

    table = TablePage(page)
    table.wait_connected()
    assert table.play_moves(random.Random(3), 6) > 0
    assert table.errors == []

    page.goto(f"{base}/rules/{game}?lang=fr")
    expect(page.locator("#toc li").first).to_be_visible()  # drawn by rules.js
    assert page.goto(base + "/no/such/page").status == 404  # type: ignore[union-attr]
    expect(page.locator("main")).to_contain_text("404")
    missing = f"{base}/no/such/page: Failed to load resource: the server responded with a status of 404"
    problems[:] = [p for p in problems if not p.startswith(missing)]  # the page's own status, not a fault
    page.goto(base + "/?lang=de")
    expect(page.locator("#create-btn")).to_be_enabled()
    assert problems == []
