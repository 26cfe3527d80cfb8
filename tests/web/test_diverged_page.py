"""In a real browser: a stored game that no longer replays says so on its table, and offers its record."""

from __future__ import annotations

import asyncio
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import expect, sync_playwright
from test_migrations import build_legacy_database, played, token

from browserkit import CHROMIUM, VIEWPORT, launch
from serverkit import server_thread

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="the browser tests need Debian's Chromium at /usr/bin/chromium (scripts/browser.sh)"
)


def test_a_diverged_game_explains_itself_and_its_record_downloads(tmp_path: Path) -> None:
    broken = played("broken", "verraeter", {}, 13, 3, 12)
    broken.actions[6] = "pass" if broken.actions[6] != "pass" else "take farmer"
    url = f"sqlite+aiosqlite:///{tmp_path / 'ludoteca.db'}"
    asyncio.run(build_legacy_database(url, [broken]))
    with server_thread(tmp_path, url) as base, sync_playwright() as playwright:
        browser = launch(playwright)
        try:
            page = browser.new_context(viewport=VIEWPORT, locale="fr-FR").new_page()  # type: ignore[arg-type]
            page.goto(f"{base}/g/broken?lang=fr#t={token('broken', 0)}")
            notice = page.locator("#diverged")
            expect(notice).to_be_visible()
            expect(page.locator("#diverged-text")).to_contain_text("à partir de l’action 7")
            expect(page.locator("#action-bar")).to_be_hidden()
            expect(page.locator("#turn-bar")).to_be_hidden()
            expect(page.locator("#hint-btn")).to_be_hidden()
            link = notice.locator("a")
            assert link.get_attribute("href") == "/api/games/broken/record"
            record = httpx.get(base + "/api/games/broken/record").json()
            assert record["actions"] == broken.actions and record["options"]["rules_version"] == 1
        finally:
            browser.close()
