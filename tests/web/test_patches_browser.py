"""Light updates in a real browser: a page that has applied many patches shows exactly what a fresh page
shows after loading the table whole (``test_patches.py`` checks the same of the states themselves)."""

from __future__ import annotations

import json
import random

import pytest
from playwright.sync_api import Browser, Page

from browserkit import CHROMIUM, VIEWPORT, TablePage
from serverkit import create_game

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="the browser tests need Debian's Chromium at /usr/bin/chromium (scripts/browser.sh)"
)

SHOWN = """() => Object.fromEntries(
  ["board", "hand", "seats", "log", "phase-text", "status", "rules-in-force", "candidates"].map(
    (id) => [id, document.getElementById(id).innerHTML]))"""
"""The parts of the table page drawn from the state, as HTML."""


def new_page(browser: Browser) -> Page:
    return browser.new_context(viewport=VIEWPORT).new_page()  # type: ignore[arg-type]


@pytest.mark.parametrize("game", ["kreta", "verraeter"])
def test_a_page_fed_patches_shows_what_a_fresh_page_shows(base: str, browser: Browser, game: str) -> None:
    seats = [{"kind": "human", "name": "Ada"}] + [{"kind": "bot", "bot": "random"}] * 2
    made = create_game(base, game, seats, seed=21)
    page = new_page(browser)
    kinds: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda data: kinds.append(json.loads(data)["type"])))
    table = TablePage(page).open(base + made["seats"][0]["link"])
    assert table.play_moves(random.Random(21), 5) == 5
    assert table.wait_turn_or_end() == "turn"
    assert kinds.count("patch") >= 5 and kinds.count("state") == 1  # one whole table, then patches only
    version, patched = table.version(), page.evaluate(SHOWN)

    fresh = TablePage(new_page(browser)).open(base + made["seats"][0]["link"])
    fresh.wait_version(version)
    assert fresh.wait_turn_or_end() == "turn" and fresh.version() == version
    shown = fresh.page.evaluate(SHOWN)
    for part in shown:
        assert patched[part] == shown[part], part
    assert table.errors == [] and fresh.errors == []
