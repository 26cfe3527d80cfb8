"""The rematch in Chromium: two players finish a game (their seats left to the autoplay bot), one clicks
Rematch and lands at their new seat, the other joins from the offer on the page they are on, a spectator
is offered to watch; the bot keeps its seat."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Browser, Page, expect

from browserkit import CHROMIUM, new_page
from serverkit import create_game

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="the browser tests need Debian's Chromium at /usr/bin/chromium (scripts/browser.sh)"
)


def tab(browser: Browser, errors: list[str]) -> Page:
    page = new_page(browser)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    return page


def test_a_rematch_accepted_by_two_players(base: str, browser: Browser) -> None:
    made = create_game(
        base,
        "verraeter",
        [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}, {"kind": "bot", "bot": "random"}],
    )
    old = made["id"]
    errors: list[str] = []
    ada, bea, watcher = tab(browser, errors), tab(browser, errors), tab(browser, errors)
    for page, seat in ((ada, 0), (bea, 1)):
        page.goto(f"{base}/g/{old}#t={made['seats'][seat]['token']}")
        expect(page.locator("#table")).to_have_attribute("data-seat", str(seat))
    watcher.goto(f"{base}/g/{old}")
    for page in (ada, bea):  # the quickest way to the end: the autoplay bot plays both seats
        page.click('[data-testid="leave-btn"]')
        page.click("#leave-confirm")
    for page in (ada, bea, watcher):
        expect(page.locator("#end-screen")).to_be_visible(timeout=120_000)
    expect(ada.locator('[data-testid="rematch-btn"]')).to_be_visible()
    expect(watcher.locator('[data-testid="rematch-btn"]')).to_be_hidden()  # spectators do not propose

    ada.click('[data-testid="rematch-btn"]')
    # a page load on a busy test machine can take long: wait for the address, then for the table
    ada.wait_for_url(re.compile(r"/g/(?!" + re.escape(old) + r")[\w-]+#t=[\w-]+$"), wait_until="commit", timeout=60_000)
    new = ada.url.split("/g/")[1].split("#")[0]
    expect(ada.locator("#table")).to_have_attribute("data-seat", "0", timeout=30_000)

    offer = bea.locator('[data-testid="rematch-offer"]')
    expect(offer).to_contain_text("Rematch proposed by Ada.")
    expect(bea.locator('[data-testid="rematch-btn"]')).to_be_hidden()
    bea.click('[data-testid="rematch-join"]')
    bea.wait_for_url(re.compile(rf"/g/{re.escape(new)}#t="), wait_until="commit", timeout=60_000)
    expect(bea.locator("#table")).to_have_attribute("data-seat", "1", timeout=30_000)
    watch = watcher.locator('[data-testid="rematch-join"]')
    expect(watch).to_have_text("Watch the rematch")
    assert watch.get_attribute("href") == f"/g/{new}"

    for page in (ada, bea):
        expect(page.locator('#seats [data-seat="2"]')).to_have_attribute("data-kind", "bot")
        expect(page.locator('#seats [data-seat="0"]')).to_have_attribute("data-autoplay", "false")
        # the whole line: nothing after who has come when everyone has ("nullnull" once did)
        expect(page.locator('[data-testid="rematch-of"]')).to_have_text(f"Rematch of game #{old}. Joined: Ada, Bea.")
        expect(page.locator('[data-testid="rematch-here"]')).to_have_text("Joined: Ada, Bea.")
        expect(page.locator('[data-testid="end-screen"]')).to_be_hidden()
        # the new seat is remembered like the lobby's: "Your games" lists it
        remembered = page.evaluate("() => JSON.parse(localStorage.getItem('ludoteca.tokens'))")
        assert any(entry["id"] == new for entry in remembered)
    assert errors == []
