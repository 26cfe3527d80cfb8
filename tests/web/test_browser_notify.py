"""Your turn, noticed: in a real headless Chromium, the table tells a player whose tab is in the background.

The page cannot be put in the background in headless Chromium, so an init script lets the test say when the
tab is hidden (``document.visibilityState`` and ``visibilitychange``, as a browser would report them) and
records what the page asks of ``Notification`` (the real permission, which the test grants, decides) and of
the Web Audio API (the tone's oscillators); everything else is the real page, server and socket.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from browserkit import CHOICES, CHROMIUM, VIEWPORT, TablePage
from serverkit import create_game, server_thread

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="the browser tests need Debian's Chromium at /usr/bin/chromium (scripts/browser.sh)"
)

RECORDER = """
(() => {
  let hidden = sessionStorage.getItem("test.hidden") === "yes";  // a tab opened in the background
  window.__setHidden = (value) => {
    hidden = value;
    document.dispatchEvent(new Event("visibilitychange"));
  };
  const state = () => (hidden ? "hidden" : "visible");
  Object.defineProperty(Document.prototype, "visibilityState", { configurable: true, get: state });
  Object.defineProperty(Document.prototype, "hidden", { configurable: true, get: () => hidden });

  window.__notices = [];
  const Real = window.Notification;
  class Recorded {
    constructor(title, options = {}) {
      window.__notices.push({ title, body: options.body || "", permission: Real.permission });
    }
    close() {}
    static get permission() { return Real.permission; }
    static requestPermission() { return Real.requestPermission(); }
  }
  window.Notification = Recorded;

  window.__tones = 0;
  const RealAudio = window.AudioContext;
  window.AudioContext = class extends RealAudio {
    createOscillator() {
      const oscillator = super.createOscillator();
      const start = oscillator.start.bind(oscillator);
      oscillator.start = (...args) => { window.__tones += 1; return start(...args); };
      return oscillator;
    }
  };
})();
"""


@pytest.fixture
def base(tmp_path: Path) -> Iterator[str]:
    # the bots wait a little, as on a real server, so the page sees the turn leave and come back
    with server_thread(tmp_path, bot_delay=0.3) as url:
        yield url


def alerted_page(browser: Browser, base: str) -> Page:
    context = browser.new_context(viewport=VIEWPORT)  # type: ignore[arg-type]
    context.grant_permissions(["notifications"], origin=base)
    context.add_init_script(RECORDER)
    return context.new_page()


def play_until_noticed(table: TablePage, rng: random.Random, moves: int = 12) -> None:
    """Play the hidden player's moves until their turn has gone to the bot and come back (a notice shows it)."""
    for _ in range(moves):
        table.play_move(rng)
        table.page.wait_for_function(
            "(choices) => window.__notices.length > 0 || document.querySelector(choices)", arg=CHOICES, timeout=20_000
        )
        if table.page.evaluate("() => window.__notices.length") > 0:
            return
    raise AssertionError(f"no notice after {moves} moves")


def recorded(page: Page) -> dict[str, Any]:
    return page.evaluate("() => ({ notices: window.__notices, tones: window.__tones, title: document.title })")  # type: ignore[no-any-return]


def test_your_turn_in_a_hidden_tab_changes_the_title_sounds_and_notifies(base: str, browser: Browser) -> None:
    made = create_game(base, "kreta", [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}], seed=5)
    page = alerted_page(browser, base)
    table = TablePage(page).open(base + made["seats"][0]["link"])
    table.wait_connected()
    assert table.wait_turn_or_end() == "turn"
    assert page.evaluate("() => Notification.permission") == "granted"

    settings = page.locator('[data-testid="turn-alerts"]')
    expect(settings).to_be_visible()
    settings.locator("summary").click()
    settings.locator('[data-setting="sound"]').check()
    settings.locator('[data-setting="notifications"]').check()
    expect(settings.locator('[data-setting="notifications"]')).to_be_checked()  # the permission was granted
    page.wait_for_function("() => window.__tones > 0")  # checking "sound" plays a sample
    visible_title = page.title()
    assert visible_title.startswith("● ") and "Your turn —" not in visible_title
    before = recorded(page)
    assert before["notices"] == []

    # the player looks elsewhere (their moves are made by the test); the turn comes back after the bot's
    page.evaluate("() => window.__setHidden(true)")
    play_until_noticed(table, random.Random(5))
    page.wait_for_function("() => document.title.startsWith('● Your turn — ')", timeout=20_000)
    after = recorded(page)
    assert after["title"] == "● Your turn — " + visible_title.removeprefix("● ")
    assert len(after["notices"]) == 1
    assert after["notices"][0]["title"] == "Your turn" and after["notices"][0]["permission"] == "granted"
    assert after["tones"] > before["tones"]  # the tone's notes were started

    # back on the tab: the title is what it was
    page.evaluate("() => window.__setHidden(false)")
    expect(page).to_have_title(visible_title)
    assert table.errors == []


def test_a_hidden_tab_without_sound_or_notifications_still_changes_its_title(base: str, browser: Browser) -> None:
    made = create_game(base, "kreta", [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}], seed=5)
    page = alerted_page(browser, base)
    page.goto(base + "/")
    page.evaluate("() => sessionStorage.setItem('test.hidden', 'yes')")  # the link opens in a background tab
    table = TablePage(page).open(base + made["seats"][0]["link"])
    table.wait_turn_or_end()
    page.wait_for_function("() => document.title.startsWith('● Your turn — ')", timeout=20_000)
    shown = recorded(page)
    assert shown["notices"] == [] and shown["tones"] == 0  # both are off until the player turns them on
    page.evaluate("() => window.__setHidden(false)")
    expect(page).to_have_title(re.compile(r"^● Kreta · "))


def test_the_turn_alert_settings_are_remembered_by_the_browser(base: str, browser: Browser) -> None:
    made = create_game(base, "kreta", [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}], seed=6)
    page = alerted_page(browser, base)
    table = TablePage(page).open(base + made["seats"][0]["link"])
    table.wait_connected()
    settings = page.locator('[data-testid="turn-alerts"]')
    expect(settings).to_be_visible()
    settings.locator("summary").click()
    sound = settings.locator('[data-setting="sound"]')
    expect(sound).not_to_be_checked()
    sound.check()
    assert page.evaluate("() => localStorage.getItem('ludoteca.notify.sound')") == "on"

    page.reload()
    table.wait_connected()
    expect(page.locator('[data-testid="turn-alerts"] [data-setting="sound"]')).to_be_checked()
    expect(page.locator('[data-testid="turn-alerts"] [data-setting="notifications"]')).not_to_be_checked()

    # another table in the same browser has the same settings; a spectator has no turns to be told of
    spectator = page.context.new_page()
    spectator.goto(base + made["spectator"])
    expect(spectator.locator("#connection")).to_have_attribute("data-state", "open")
    expect(spectator.locator('[data-testid="turn-alerts"]')).to_be_hidden()
    assert re.search(r"ludoteca", spectator.title())


def test_the_settings_speak_the_players_language(base: str, browser: Browser) -> None:
    made = create_game(base, "kreta", [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}], seed=7)
    page = alerted_page(browser, base)
    table = TablePage(page).open(base + made["seats"][0]["link"].replace("#", "?lang=de#"))
    table.wait_connected()
    expect(page.locator('[data-testid="turn-alerts"] summary')).to_have_text("Hinweise für deinen Zug")
    assert table.wait_turn_or_end() == "turn"
    settings = page.locator('[data-testid="turn-alerts"]')
    settings.locator("summary").click()
    settings.locator('[data-setting="notifications"]').check()
    page.evaluate("() => window.__setHidden(true)")
    play_until_noticed(table, random.Random(7))
    page.wait_for_function("() => document.title.startsWith('● Du bist dran — ')", timeout=20_000)
    assert recorded(page)["notices"][0]["title"] == "Du bist dran"
