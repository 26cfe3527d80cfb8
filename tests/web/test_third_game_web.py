"""Issue #15's proof, on the web: the third game (Perudo, a plug-in under ``tests/plugins`` installed for
these tests only) is offered by the lobby with its own options, and a table plays to the end in a real
browser by clicking what the page offers. See ``tests/games/test_third_game.py`` for the other layers."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, expect, sync_playwright

from third_game import installed_plugins

from browserkit import CHROMIUM, VIEWPORT, TablePage, launch
from serverkit import create_game, server_thread


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    with installed_plugins(), server_thread(tmp_path) as url:
        yield url


def test_the_lobby_offers_the_third_game_with_its_options(base: str) -> None:
    page = httpx.get(base + "/", timeout=10).text
    assert 'value="perudo"' in page and "Perudo" in page
    created = create_game(base, "perudo", [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "heuristic"}],
                          options={"dice": 2, "ones_wild": False})  # fmt: skip
    human, bot = created["seats"]
    assert human["link"] == f"/g/{created['id']}#t={human['token']}" and "token" not in bot
    rules = httpx.get(base + "/rules/perudo", timeout=10)
    assert rules.status_code == 200 and "dudo" in rules.text  # its presenter's rules document


@pytest.mark.skipif(CHROMIUM is None, reason="the browser tests need Debian's Chromium at /usr/bin/chromium")
def test_a_perudo_table_plays_to_the_end_in_the_browser(base: str) -> None:
    with sync_playwright() as playwright:
        browser: Browser = launch(playwright)
        try:
            page = browser.new_context(viewport=VIEWPORT).new_page()  # type: ignore[arg-type]
            page.goto(base + "/")
            page.check('input[name="game"][value="perudo"]')
            config = page.locator('.game-config[data-game="perudo"]')
            config.locator('[data-role="players"]').select_option("2")
            config.locator('.seat-row[data-seat="0"] [data-role="name"]').fill("Ada")
            row = config.locator('.seat-row[data-seat="1"]')
            row.locator('[data-role="kind"]').select_option("bot")
            row.locator('[data-role="bot"]').select_option("heuristic")
            page.click("#create-btn")
            play = page.locator('[data-testid="play-seat"]')
            expect(play).to_have_count(1)
            play.click()
            page.wait_for_url(re.compile(r"/g/[^/#]+#t="))
            table = TablePage(page)
            table.wait_connected()
            moves = table.play_until_end(random.Random(3))
            assert moves > 0
            expect(page.locator("#end-screen")).to_be_visible()
            expect(page.locator("#breakdown tbody tr")).to_have_count(2)
            assert table.errors == []
        finally:
            browser.close()
