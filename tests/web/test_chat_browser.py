"""The chat in Chromium: two players and a spectator talking at one table, each in a browser context of
its own; an emote in each reader's language, HTML shown as text, the spectators' lines hidden by a
player, the unread count of a folded panel, a refusal shown to its sender; and the chat of a finished
game in its replay, step by step."""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from browserkit import CHROMIUM, VIEWPORT
from serverkit import Client, create_game, play_out

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="the browser tests need Debian's Chromium at /usr/bin/chromium (scripts/browser.sh)"
)

ATTACK = '<img src=x onerror="window.pwned=1">'


def person(browser: Browser, **options: Any) -> tuple[Page, list[str]]:
    """A tab in a browser context of its own (its own localStorage), and its script errors."""
    page = browser.new_context(**{"viewport": VIEWPORT, **options}).new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return page, errors


def open_table(page: Page, url: str) -> None:
    page.goto(url)
    expect(page.locator("#connection")).to_have_attribute("data-state", "open")
    expect(page.locator("#seats li").first).to_be_visible()


def say(page: Page, text: str) -> None:
    page.fill("#chat-text", text)
    page.press("#chat-text", "Enter")
    expect(page.locator("#chat-text")).to_have_value("")


def lines(page: Page) -> Any:
    return page.locator("#chat-lines li")


def test_two_players_and_a_spectator_chat_live(base: str, browser: Browser) -> None:
    made = create_game(base, "kreta", [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}], seed=3)
    ada, ada_errors = person(browser)
    bea, bea_errors = person(browser)
    watcher, watcher_errors = person(browser)
    open_table(ada, base + made["seats"][0]["link"])
    path, _, token = made["seats"][1]["link"].partition("#")
    open_table(bea, f"{base}{path}?lang=de#{token}")
    open_table(watcher, base + made["spectator"])

    # on a wide screen the panel is open; Enter sends, and both others see the line as it comes
    expect(ada.locator("#chat-body")).to_be_visible()
    expect(ada.locator("#chat-text")).to_have_accessible_name("Chat message")
    say(ada, "Hello Bea")
    for page in (bea, watcher, ada):
        expect(lines(page)).to_have_count(1)
        expect(lines(page).first).to_have_text("Ada Hello Bea")

    # an emote: drawn in each reader's language
    bea.click('#chat-emotes [data-emote="good_game"]')
    expect(lines(ada).nth(1)).to_have_text("Bea Good game")
    expect(lines(bea).nth(1)).to_have_text("Bea Gutes Spiel")

    # a spectator's HTML is shown as its characters, and never runs
    say(watcher, ATTACK)
    expect(lines(ada).nth(2)).to_have_text(f"Spectator 1 {ATTACK}")
    expect(lines(bea).nth(2)).to_have_text(f"Zuschauer 1 {ATTACK}")
    for page in (ada, bea, watcher):
        assert page.locator("#chat-lines img").count() == 0
        assert page.evaluate("() => window.pwned") is None

    # a player hides the spectators' lines (remembered); a spectator has no such switch
    expect(watcher.locator("#chat-hide-spectators")).to_be_hidden()
    ada.check("#chat-hide-spectators")
    expect(lines(ada)).to_have_count(2)
    expect(ada.locator("#chat-hidden")).to_have_text("Spectators' messages hidden: 1")
    ada.reload()
    expect(ada.locator("#chat-hide-spectators")).to_be_checked()
    expect(lines(ada)).to_have_count(2)  # the history a reconnection brings, filtered the same way
    say(watcher, "still here")
    expect(lines(bea)).to_have_count(4)
    expect(ada.locator("#chat-hidden")).to_have_text("Spectators' messages hidden: 2")
    ada.uncheck("#chat-hide-spectators")
    expect(lines(ada)).to_have_count(4)

    # folded, the panel counts what comes in; unfolded, the count goes
    bea.click("#chat-toggle")
    expect(bea.locator("#chat-body")).to_be_hidden()
    expect(bea.locator("#chat-toggle")).to_have_attribute("aria-expanded", "false")
    say(ada, "Are you there?")
    expect(bea.locator("#chat-unread")).to_have_text("1 neu")
    bea.click("#chat-toggle")
    expect(bea.locator("#chat-unread")).to_be_hidden()
    expect(lines(bea).last).to_have_text("Ada Are you there?")

    # too fast: the sender alone is told, in its own language, and the table goes on
    for _ in range(6):
        bea.click('#chat-emotes [data-emote="thumbs_up"]')
    expect(bea.locator("#chat-error")).to_contain_text("zu schnell")
    expect(ada.locator("#chat-error")).to_be_hidden()
    expect(bea.locator("#connection")).to_have_attribute("data-state", "open")
    assert ada_errors == bea_errors == watcher_errors == []


def test_a_phone_starts_with_the_chat_folded_and_can_open_it(base: str, browser: Browser) -> None:
    made = create_game(base, "kreta", [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}], seed=3)
    phone, errors = person(browser, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    open_table(phone, base + made["seats"][0]["link"])
    expect(phone.locator("#chat-body")).to_be_hidden()
    phone.locator("#chat-toggle").tap()
    expect(phone.locator("#chat-text")).to_be_focused()
    say(phone, "hi from the bus")
    expect(lines(phone)).to_have_count(1)
    width = phone.evaluate("() => document.scrollingElement.scrollWidth")
    assert width <= 390 and errors == []


async def _chatted_game(base: str) -> tuple[str, list[int]]:
    """A Kreta game of Ada against a random bot, with a line said at the start and one in the middle:
    its id and the ``after_action`` of each line."""
    made = create_game(base, "kreta", [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}], seed=5)
    after: list[int] = []
    async with Client(base, made["id"], made["seats"][0]["token"]) as ada:
        for i, message in enumerate(({"emote": "well_played"}, {"text": ATTACK})):
            await ada.send({"type": "chat", **message})
            said = await ada.until(lambda m: m["type"] == "chat")
            after.append(said["message"]["after_action"])
            await play_out({0: ada}, random.Random(i), moves=None if i else 4)
    return str(made["id"]), after


def test_the_replay_shows_what_was_said_up_to_the_step_shown(base: str, browser: Browser) -> None:
    with ThreadPoolExecutor(1) as pool:
        game_id, (first, second) = pool.submit(asyncio.run, _chatted_game(base)).result()
    assert first < second
    page, errors = person(browser)
    page.goto(f"{base}/replay/{game_id}#n={first}")
    expect(page.locator("#replay")).to_have_attribute("data-n", str(first))
    expect(lines(page)).to_have_count(1)
    expect(lines(page).first).to_have_text("Ada Well played!")
    page.keyboard.press("End")
    expect(lines(page)).to_have_count(2)
    expect(lines(page).nth(1)).to_have_text(f"Ada {ATTACK}")
    assert page.locator("#chat-lines img").count() == 0
    page.keyboard.press("Home")
    expect(page.locator("#replay")).to_have_attribute("data-n", "0")
    expect(lines(page)).to_have_count(1 if first == 0 else 0)
    # a record opened from a file has no chat: the panel is not there at all
    page.goto(f"{base}/replay")
    assert page.locator("#chat").count() == 0
    assert errors == []
