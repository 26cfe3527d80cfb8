"""A seed chosen by a game's creator (issue #24, medium 2): with it the creator computes every hand and
the draw pile offline, so it is refused in public games, where strangers sit down, and everywhere else
every seat (and spectator) is told, in their language, that the deal was chosen."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect, sync_playwright
from test_migrations import OLD_GAMES, build_legacy_database

from ludoteca.web.storage.store import Store

from browserkit import CHROMIUM, VIEWPORT, launch
from serverkit import Client, create_game, server_thread

PUBLIC = [{"kind": "human", "name": "Ada"}, {"kind": "open"}]


def test_a_public_game_is_dealt_at_random(tmp_path: Path) -> None:
    with server_thread(tmp_path) as base:
        for lang, words in (("en", "seed"), ("de", "Startwert")):
            body = {"game": "kreta", "seats": PUBLIC, "public": True, "seed": 3, "turn_seconds": 600}
            response = httpx.post(f"{base}/api/games", json=body, params={"lang": lang}, timeout=10)
            assert response.status_code == 400 and words in response.json()["error"], response.text
        assert httpx.get(f"{base}/api/open-games", timeout=10).json()["games"] == []


async def _notices(base: str, made: dict[str, Any], lang: str = "en") -> list[Any]:
    """The ``chosen_deal`` of every seat's state and a spectator's."""
    tokens = [s.get("token") for s in made["seats"]] + [None]
    seen = []
    for token in tokens:
        async with Client(base, made["id"], token, lang=lang) as client:
            assert client.state is not None
            seen.append(client.state["chosen_deal"])
    return seen


def test_every_seat_is_told_the_deal_was_chosen(tmp_path: Path) -> None:
    humans = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}]
    with server_thread(tmp_path) as base:
        chosen = create_game(base, "kreta", humans, seed=12345)
        dealt = create_game(base, "kreta", humans)
        told = asyncio.run(_notices(base, chosen))
        assert len(set(told)) == 1 and "chosen" in told[0] and "12345" not in told[0]  # never the seed itself
        assert asyncio.run(_notices(base, dealt)) == [None, None, None]
        german = asyncio.run(_notices(base, chosen, "de"))[0]
        assert german and german != told[0]
    with server_thread(tmp_path) as base:  # stored: told after a restart too
        assert asyncio.run(_notices(base, chosen)) == told


@pytest.mark.asyncio
async def test_games_stored_before_are_dealt_at_random(database_url: str) -> None:
    """Every game stored before the seed's origin was (revision 0006) counts as dealt at random."""
    await build_legacy_database(database_url, OLD_GAMES[:2])
    store = await Store.open(database_url)
    try:
        for old in OLD_GAMES[:2]:
            stored = await store.load(old.id)
            assert stored is not None and stored.game.seed_chosen is False
    finally:
        await store.close()


@pytest.mark.skipif(CHROMIUM is None, reason="the browser tests need Debian's Chromium (scripts/browser.sh)")
def test_the_table_page_says_the_deal_was_chosen(tmp_path: Path) -> None:
    humans = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}]
    with server_thread(tmp_path) as base, sync_playwright() as playwright:
        chosen = create_game(base, "kreta", humans, seed=12345)
        dealt = create_game(base, "kreta", humans)
        browser = launch(playwright)
        try:
            page = browser.new_context(viewport=VIEWPORT, locale="it-IT").new_page()  # type: ignore[arg-type]
            page.goto(f"{base}/g/{chosen['id']}?lang=it#t={chosen['seats'][1]['token']}")
            expect(page.locator("#chosen-deal")).to_be_visible()
            expect(page.locator("#chosen-deal")).to_contain_text("Questa distribuzione")
            page.goto(f"{base}/g/{dealt['id']}?lang=it#t={dealt['seats'][1]['token']}")
            expect(page.locator("#seats")).to_contain_text("Bea")
            expect(page.locator("#chosen-deal")).to_be_hidden()
        finally:
            browser.close()
