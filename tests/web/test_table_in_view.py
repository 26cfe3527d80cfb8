"""The table shows everything at once (issue 34), measured in Chromium as a person would see it.

1. **Every current choice in sight**: at 390×844 (touch), 1366×768 and 1920×1080, in en/it/fr/de, for the
   choice-heavy positions (Verräter's Gutshof placements, Kreta's Commander and Abbot moves and its whole
   list of card actions), each choice button is wholly on screen and the topmost thing at its centre, or a
   visible cue in the dock's turn line counts the ones out of the box's sight ("3 more ↓"); pressing the cue
   brings them into sight until every choice has been seen, and never scrolls the page, so the board's
   clickable places stay where they were. What a box scrolling inside itself hides is not "in sight".
2. **The board and the choices together** (1366×768, 1920×1080): every clickable place above the dock,
   "Fit" brings the whole board above it, "−" shrinks it further, a chosen Kreta card keeps the map's top.
3. **The end in view**: winner, scores, New game, Replay, Review and Rematch on screen at once.
4. **What just happened**: "Since your last turn" above the board, and a bot at work said to be thinking.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import threading
from collections.abc import Callable, Coroutine, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from browserkit import CHROMIUM, TablePage, launch
from serverkit import Client, create_game, server_thread

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="the browser tests need Debian's Chromium at /usr/bin/chromium (scripts/browser.sh)"
)

SCREENS: dict[str, dict[str, Any]] = {
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "is_mobile": True,
        "has_touch": True,
        "device_scale_factor": 3,
    },
    "laptop": {"viewport": {"width": 1366, "height": 768}},
    "desktop": {"viewport": {"width": 1920, "height": 1080}},
}
LANGS = ("en", "it", "fr", "de")

_IN_SIGHT = """() => {
  const vw = innerWidth, vh = innerHeight;
  const box = document.getElementById("candidates").getBoundingClientRect();
  const topmost = (el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return hit !== null && (hit === el || el.contains(hit));
  };
  const whole = (r, frame) => r.top >= frame.top - 0.5 && r.bottom <= frame.bottom + 0.5
    && r.left >= frame.left - 0.5 && r.right <= frame.right + 0.5;
  const screen = {top: 0, bottom: vh, left: 0, right: vw};
  const seen = [], hidden = [], below = [];
  for (const el of document.querySelectorAll("#candidates button")) {
    const r = el.getBoundingClientRect();
    const key = el.dataset.action || el.id;
    if (whole(r, box) && whole(r, screen) && topmost(el)) seen.push(key);
    else (r.bottom > box.bottom + 0.5 ? below : hidden).push(key);
  }
  const cue = document.getElementById("more-choices");
  const cueShown = !cue.hidden && whole(cue.getBoundingClientRect(), screen) && topmost(cue);
  const places = [...document.querySelectorAll("#board .clickable[data-target]")].map((el) => {
    const r = el.getBoundingClientRect();
    return [el.getAttribute("data-target"), Math.round(r.top), Math.round(r.left)];
  });
  const words = cueShown ? cue.textContent : null;
  return {seen, hidden: [...below, ...hidden], below: below.length, cue: words, scroll: scrollY, places};
}"""
"""The choice buttons wholly in sight (inside the box's visible part and the screen, under nothing) and the
others, the cue's words if it is in sight, the page's scroll and where the board's clickable places are."""


def _in_thread(coroutine: Coroutine[Any, Any, None]) -> None:
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, coroutine).result()


async def _advance(base: str, game: dict[str, Any], wanted: Callable[[dict[str, Any]], bool], seed: int) -> None:
    """Seat 0 plays random legal moves until ``wanted`` holds for a state where it is to choose."""
    rng = random.Random(seed)
    async with Client(base, game["id"], game["seats"][0]["token"]) as me:
        for _ in range(500):
            state = me.state
            assert state is not None and state["result"] is None
            if state["legal"] and wanted(state):
                return
            if state["legal"]:
                await me.act(rng.choice(state["legal"])["text"])
            await me.until(lambda m, v=state["version"]: m["type"] == "state" and m["version"] > v and bool(m["legal"]))
    raise AssertionError("never reached the position")


def _moves(state: dict[str, Any]) -> bool:
    """Kreta: the Commander and the Abbot each offer moves between provinces (many choices once picked)."""
    labels = {a["text"].split()[0] for a in state["legal"] if "->" in a["text"]}
    return state["phase"] == "play" and {"commander", "abbot"} <= labels


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """Seat-0 links: Verräter at its Gutshof placements (11 choices), Kreta with Commander and Abbot moves."""
    bot = {"kind": "bot", "bot": "heuristic"}
    with server_thread(tmp_path_factory.mktemp("sight")) as base:
        verraeter = create_game(base, "verraeter", [{"kind": "human", "name": "Ada"}, bot, bot, bot], seed=2008)
        _in_thread(_advance(base, verraeter, lambda s: s["phase"] == "setup" and len(s["legal"]) >= 10, 1))
        kreta = create_game(base, "kreta", [{"kind": "human", "name": "Ada"}, bot, bot], seed=1600)
        _in_thread(_advance(base, kreta, _moves, 1))
        yield {game["game"]: base + game["seats"][0]["link"] for game in (verraeter, kreta)}


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        chromium = launch(playwright)
        try:
            yield chromium
        finally:
            chromium.close()


def open_table(page: Page, link: str, lang: str) -> None:
    path, _, token = link.partition("#")
    page.goto(f"{path}?lang={lang}#{token}")
    page.wait_for_selector('#connection[data-state="open"]')
    page.wait_for_selector("#candidates button")
    settle(page)


def settle(page: Page) -> None:
    page.wait_for_function(
        "() => { const t = document.getElementById('table'); return t.dataset.settled === t.dataset.version }"
    )


def frames(page: Page) -> None:
    """Until the page has drawn two frames: its resize observers (the board refitted to a dock that grew
    with new choices) have run."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def press(page: Page, selector: str) -> None:
    """Tap (a touch screen) or click where the element is, as a person does: Playwright's own click first
    scrolls the page to bring the element into its view, which a pinned dock's button never needs."""
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    if page.evaluate("() => matchMedia('(pointer: coarse)').matches"):
        page.touchscreen.tap(x, y)
    else:
        page.mouse.click(x, y)


def every_choice_reachable(page: Page, where: str) -> int:
    """Every choice button in sight, or counted by the visible cue and brought into sight by it; the page
    never scrolls meanwhile. Returns how many choices there are."""
    if page.locator("#show-all-btn").count():
        page.click("#show-all-btn")  # the long list folded behind its count: the first cue
    page.wait_for_function("() => !document.getElementById('show-all-btn')")
    frames(page)
    first = page.evaluate(_IN_SIGHT)
    everything = set(first["seen"]) | set(first["hidden"])
    seen: set[str] = set()
    now = first
    for _ in range(len(everything) + 1):
        seen |= set(now["seen"])
        assert now["scroll"] == first["scroll"], f"{where}: the page scrolled with the choices"
        assert now["places"] == first["places"], f"{where}: the board's clickable places moved"
        if seen == everything:
            break
        # the cue counts what lies below the box's sight (what a reader goes on to), else what lies above
        unseen = now["below"] or len(now["hidden"])
        assert now["cue"] is not None, f"{where}: {unseen} choices out of sight and no cue: {now['hidden']}"
        assert str(unseen) in now["cue"], f"{where}: the cue says {now['cue']!r}, {unseen} are out of sight"
        press(page, "#more-choices")
        frames(page)
        now = page.evaluate(_IN_SIGHT)
    assert seen == everything, f"{where}: never in sight: {everything - seen}"
    return len(everything)


def pick_card(page: Page, card: str) -> bool:
    """Kreta: choose a character card in the hand (its choices then fill the box); False if it has none."""
    target = page.locator(f'#hand [data-target="card:{card}"]:is(.clickable, .swap)')
    if target.count() == 0:
        return False
    if "selected" not in (target.first.get_attribute("class") or ""):
        press(page, f'#hand [data-target="card:{card}"]:is(.clickable, .swap)')
    page.wait_for_function(
        "(card) => document.querySelector(`#hand [data-target='card:${card}']`)?.classList.contains('selected')",
        arg=card,
    )
    return True


@pytest.mark.parametrize("size", list(SCREENS))
def test_every_choice_is_in_sight_or_plainly_follows(browser: Browser, tables: dict[str, str], size: str) -> None:
    context = browser.new_context(**SCREENS[size])
    try:
        page = context.new_page()
        for lang in LANGS:
            open_table(page, tables["verraeter"], lang)
            assert every_choice_reachable(page, f"Gutshof placements, {size}, {lang}") >= 10
            for card in ("commander", "abbot"):
                open_table(page, tables["kreta"], lang)
                page.evaluate("() => document.getElementById('clear-btn').click()")
                assert pick_card(page, card), card
                assert every_choice_reachable(page, f"Kreta {card}, {size}, {lang}") > 3
            page.evaluate("() => document.getElementById('clear-btn').click()")
            every_choice_reachable(page, f"Kreta, every card, {size}, {lang}")
    finally:
        context.close()


# ---------------------------------------------------------------- point 4: the board and the choices together

_BOARD = """() => {
  const svg = document.querySelector("#board svg").getBoundingClientRect();
  const dock = document.getElementById("dock").getBoundingClientRect();
  const places = [...document.querySelectorAll("#board .clickable[data-target]")]
    .map((el) => el.getBoundingClientRect()).filter((r) => r.height > 0);
  return {top: svg.top, bottom: svg.bottom, width: svg.width, dock: dock.top,
          placesTop: Math.min(...places.map((r) => r.top)), placesBottom: Math.max(...places.map((r) => r.bottom)),
          fit: document.getElementById("zoom-fit").disabled, out: document.getElementById("zoom-out").disabled};
}"""
"""Where the board, the dock and the board's clickable places are, and which zoom buttons are enabled."""


@pytest.mark.parametrize("size", ["laptop", "desktop"])
def test_the_board_and_the_choices_together(browser: Browser, tables: dict[str, str], size: str) -> None:
    """Every clickable place above the dock; "Fit" brings the whole board (the panels, the player's own
    pieces) above the choices; "−" shrinks it further; choosing a Kreta card keeps the map's top on screen."""
    context = browser.new_context(**SCREENS[size])
    try:
        page = context.new_page()
        for game in ("verraeter", "kreta"):
            open_table(page, tables[game], "en")
            page.evaluate("() => document.getElementById('clear-btn').click()")
            settle(page)
            now = page.evaluate(_BOARD)
            assert now["placesTop"] >= 0 and now["placesBottom"] <= now["dock"] + 0.5, (game, size, now)
            assert not now["out"], f"{game}, {size}: the board cannot be shrunk"
            if not now["fit"]:
                press(page, "#zoom-fit")
                page.wait_for_function("() => document.getElementById('zoom-fit').disabled")
                now = page.evaluate(_BOARD)
            assert now["top"] >= -0.5 and now["bottom"] <= now["dock"] + 0.5, f"{game}, {size}: not whole: {now}"
            press(page, "#zoom-out")
            page.wait_for_function("() => document.getElementById('board').dataset.zoom === '0.75'")
            smaller = page.evaluate(_BOARD)
            assert smaller["width"] < now["width"] - 1 and not smaller["fit"], (game, size, smaller)
            press(page, "#zoom-fit")
            page.wait_for_function("() => document.getElementById('board').dataset.zoom === '1'")
            if game == "kreta":
                assert pick_card(page, "commander")
                page.wait_for_function("() => document.querySelector('#board .clickable[data-target^=province]')")
                chosen = page.evaluate(_BOARD)
                assert chosen["top"] >= -0.5, f"the map's top scrolled away when a card was chosen: {chosen}"
                assert chosen["placesBottom"] <= chosen["dock"] + 0.5, chosen
        # the desktop's room holds the whole Verräter table above the dock without asking
        if size == "desktop":
            open_table(page, tables["verraeter"], "de")
            whole = page.evaluate(_BOARD)
            assert whole["fit"] and whole["top"] >= -0.5 and whole["bottom"] <= whole["dock"] + 0.5, whole
    finally:
        context.close()


_PANELS = """() => {
  const dock = document.getElementById("dock").getBoundingClientRect().top;
  const seat = document.getElementById("table").dataset.seat ?? "0";
  const out = [];
  // the players' panels (in the board, or beside it: beside.js), and the player's own Gutshof markers
  // (Verräter; Kreta's pieces are in its panel)
  const places = `#board [id^="player-"], #board .board-panels svg.seat-panel, #board .estate.seat-${seat}`;
  for (const el of document.querySelectorAll(places)) {
    const r = el.getBoundingClientRect();
    if (r.height === 0) continue;
    if (r.top < -0.5 || r.bottom > dock + 0.5 || r.left < -0.5 || r.right > innerWidth + 0.5) {
      const name = el.id || el.getAttribute("class");
      out.push(`${name} at ${Math.round(r.top)}..${Math.round(r.bottom)}, dock ${Math.round(dock)}`);
    }
  }
  const count = document.querySelectorAll('#board [id^="player-"]').length;
  const beside = document.querySelectorAll("#board .board-panels svg.seat-panel");
  // beside the board, a panel's words are drawn at MIN_TEXT (11 px) or larger: none hidden, none smaller
  const small = [...beside].flatMap((one) => {
    const scale = one.getBoundingClientRect().width / one.viewBox.baseVal.width;
    return [...one.querySelectorAll("text")].filter((text) => text.textContent.trim()
      && parseFloat(getComputedStyle(text).fontSize) * scale < 10.99).map((text) => text.textContent.trim());
  });
  // a badge drawn without its word (too small to read at this scale) is an empty pill: none
  const empty = [...document.querySelectorAll("#board g.token")].filter((g) => getComputedStyle(g).visibility
    !== "hidden" && getComputedStyle(g.querySelector("text")).visibility === "hidden").length;
  return {hidden: out, panels: count, fit: document.getElementById("zoom-fit").disabled, empty,
          beside: beside.length, small};
}"""
"""The players' panels and the player's own markers not wholly on screen above the dock, and the panels' count."""


@pytest.mark.parametrize("size", ["laptop", "desktop"])
def test_the_panels_and_ones_own_markers_are_in_sight_without_fit(
    browser: Browser, tables: dict[str, str], size: str
) -> None:
    """At 1366×768 and 1920×1080, as the table opens: every player's panel and the player's own Gutshof
    markers above the choices, before anyone presses "Fit" (the board starts fitted whole)."""
    context = browser.new_context(**SCREENS[size])
    try:
        page = context.new_page()
        for game in ("verraeter", "kreta"):
            for lang in ("en", "de"):
                open_table(page, tables[game], lang)
                frames(page)
                seen = page.evaluate(_PANELS)
                assert seen["panels"] >= 3, (game, size, seen)
                assert seen["hidden"] == [], f"{game}, {size}, {lang}: out of sight: {seen['hidden']}"
                assert seen["fit"], f"{game}, {size}, {lang}: 'Fit' would still change the board"
                assert seen["empty"] == 0, f"{game}, {size}, {lang}: {seen['empty']} badges without their word"
                if game == "verraeter":  # four seats: their panels beside the ring, every word legible
                    assert seen["beside"] == 4 and seen["small"] == [], (size, lang, seen)
    finally:
        context.close()


# ---------------------------------------------------------------- point 5: the end in view

_END_IN_VIEW = """() => {
  // where the points came from: the table's head, or on a phone the first part of a player's card
  const part = matchMedia("(max-width: 640px)").matches ? "#breakdown tbody tr:last-child td:first-of-type"
    : "#breakdown thead th:nth-child(2)";
  const parts = {winners: "#winners", scores: "#breakdown tbody tr:last-child th",
                 total: "#breakdown tbody tr:last-child .total", parts: part,
                 newGame: '#end-screen a[href="/"]',
                 replay: "#replay-link", review: "#review-link", rematch: "#rematch-btn"};
  const out = {};
  for (const [name, selector] of Object.entries(parts)) {
    const el = document.querySelector(selector);
    if (!el) { out[name] = "missing"; continue; }
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    const onScreen = r.height > 0 && r.top >= -0.5 && r.bottom <= innerHeight + 0.5
      && r.left >= 0 && r.right <= innerWidth + 0.5;
    out[name] = !onScreen ? `off screen at ${Math.round(r.top)}..${Math.round(r.bottom)}`
      : hit === null || !(hit === el || el.contains(hit)) ? "covered" : "in view";
  }
  out.status = document.getElementById("status").textContent;
  return out;
}"""
"""Whether each part of the result is wholly on screen and under nothing."""


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The seat-0 link of a Verräter game played to its end (seat 0 by random moves, two random bots)."""
    rng = random.Random(7)
    bot = {"kind": "bot", "bot": "random"}
    with server_thread(tmp_path_factory.mktemp("end")) as base:
        made = create_game(base, "verraeter", [{"kind": "human", "name": "Ada"}, bot, bot], seed=7)

        async def play() -> None:
            async with Client(base, made["id"], made["seats"][0]["token"]) as me:
                for _ in range(2000):
                    state = me.state
                    assert state is not None
                    if state["result"] is not None:
                        return
                    if state["legal"]:
                        await me.act(rng.choice(state["legal"])["text"])
                    await me.until(lambda m, v=state["version"]: m["type"] == "state" and m["version"] > v)
                raise AssertionError("the game did not end")

        _in_thread(play())
        yield base + made["seats"][0]["link"]


@pytest.mark.parametrize("size", list(SCREENS))
def test_the_end_of_the_game_is_where_the_player_looks(browser: Browser, finished: str, size: str) -> None:
    """Winner, scores, New game, Replay, Review and Rematch all on screen at once when the game is over, in
    the pinned dock under "Game over" — not at the top of a page scrolled down to the board."""
    context = browser.new_context(**SCREENS[size])
    try:
        page = context.new_page()
        for lang in LANGS:
            path, _, token = finished.partition("#")
            page.goto(f"{path}?lang={lang}#{token}")
            page.wait_for_selector("#end-screen:not([hidden]) #breakdown tbody tr")
            page.wait_for_selector("#rematch-btn:not([hidden])")
            settle(page)
            seen = page.evaluate(_END_IN_VIEW)
            status = seen.pop("status")
            assert set(seen.values()) == {"in view"}, f"{size}, {lang} ({status}): {seen}"
            # and wherever the player had scrolled the table to, the result stays pinned in view
            page.evaluate("() => document.getElementById('board').scrollIntoView({block: 'start'})")
            frames(page)
            again = page.evaluate(_END_IN_VIEW)
            assert again.pop("status") == status and set(again.values()) == {"in view"}, (size, lang, again)
    finally:
        context.close()


_SCORES_WIDE = """() => {
  const vw = document.documentElement.clientWidth;
  const end = document.getElementById("end-screen").getBoundingClientRect();
  const over = [];
  for (const el of document.querySelectorAll("#end-screen *")) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 || getComputedStyle(el).position === "absolute") continue;  // the head, kept for readers
    if (r.left < Math.max(0, end.left) - 0.5 || r.right > Math.min(vw, end.right) + 0.5) {
      const what = `${el.tagName}.${el.className} ${el.textContent.slice(0, 20)}`;
      over.push(`${what} ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
  }
  const scroller = document.querySelector("#end-screen .table-scroll");
  const cards = [...document.querySelectorAll("#breakdown tbody tr")].map((tr) => {
    const cells = [...tr.querySelectorAll("td")];
    return {
      name: tr.querySelector("th").getBoundingClientRect().width > 0,
      labels: cells.map((td) => getComputedStyle(td, "::before").content.replace(/^"|"$/g, "")),
      small: Math.min(...[tr.querySelector("th"), ...cells].map((el) => parseFloat(getComputedStyle(el).fontSize))),
    };
  });
  return {over, page: document.documentElement.scrollWidth - vw, inner: scroller.scrollWidth - scroller.clientWidth,
          cards, vw};
}"""
"""Every element of the end screen inside it and the screen, the page and the scores' box without a sideways
scroll, and each player's card: its name shown, each cell's column named, its smallest font in pixels."""


@pytest.fixture(scope="module")
def finished_four(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, str]]:
    """Seat-0 links of a Verräter and a Kreta game of four, each played to its end (seat 0 by random moves,
    three random bots)."""
    rng = random.Random(4)
    bot = {"kind": "bot", "bot": "random"}
    links = {}
    with server_thread(tmp_path_factory.mktemp("end4")) as base:
        for game in ("verraeter", "kreta"):
            made = create_game(base, game, [{"kind": "human", "name": "Ada"}, bot, bot, bot], seed=4)

            async def play(made: dict[str, Any] = made) -> None:
                async with Client(base, made["id"], made["seats"][0]["token"]) as me:
                    for _ in range(3000):
                        state = me.state
                        assert state is not None
                        if state["result"] is not None:
                            return
                        if state["legal"]:
                            await me.act(rng.choice(state["legal"])["text"])
                        await me.until(lambda m, v=state["version"]: m["type"] == "state" and m["version"] > v)
                    raise AssertionError("the game did not end")

            _in_thread(play())
            links[game] = base + made["seats"][0]["link"]
        yield links


@pytest.mark.parametrize("game", ["verraeter", "kreta"])
def test_the_scores_fit_a_phone_as_one_card_a_player(
    browser: Browser, finished_four: dict[str, str], game: str
) -> None:
    """At 390×844, four players: nothing of the end screen sticks out sideways (no sideways scroll of the page
    or of the scores), each player a card with every number named, in every language."""
    context = browser.new_context(**SCREENS["phone"])
    try:
        page = context.new_page()
        for lang in LANGS:
            path, _, token = finished_four[game].partition("#")
            page.goto(f"{path}?lang={lang}#{token}")
            page.wait_for_selector("#end-screen:not([hidden]) #breakdown tbody tr")
            settle(page)
            seen = page.evaluate(_SCORES_WIDE)
            where = f"{game}, {lang}"
            assert seen["over"] == [], f"{where}: sticks out of {seen['vw']} px: {seen['over']}"
            assert seen["page"] <= 0 and seen["inner"] <= 0, f"{where}: scrolls sideways: {seen}"
            assert len(seen["cards"]) == 4, where
            for card in seen["cards"]:
                assert card["name"] and all(label not in ("", "none") for label in card["labels"]), (where, card)
                assert card["small"] >= 12, (where, card)
    finally:
        context.close()


# ---------------------------------------------------------------- point 6: what just happened

_RECAP = """() => {
  const panel = document.getElementById("recap");
  const box = panel.getBoundingClientRect();
  return {shown: !panel.hidden && box.top >= 0 && box.bottom <= innerHeight,
          head: panel.querySelector(".recap-head")?.textContent ?? null,
          lines: [...panel.querySelectorAll(".recap-lines li")].map((li) => li.textContent),
          log: [...document.querySelectorAll("#log li")].map((li) => li.textContent)};
}"""


_GLOW = """(ids) => ids.map((id) => document.getElementById(id))
  .filter((el) => el && !el.matches('.clickable, .pointed, .selected'))
  .map((el) => getComputedStyle(el).filter)"""
"""The filter each marked place that cannot be clicked now is drawn with (the mark's glow)."""


async def _bea(base: str, game: dict[str, Any], stop: threading.Event) -> None:
    """Seat 1, a person at another screen: a random legal move whenever it is her turn, until told to stop."""
    rng = random.Random(3)
    async with Client(base, game["id"], game["seats"][1]["token"]) as bea:
        while not stop.is_set():
            state = bea.state
            assert state is not None
            if state["result"] is not None:
                return
            if state["to_act"] == 1 and state["legal"]:
                await bea.act(rng.choice(state["legal"])["text"])
            with contextlib.suppress(TimeoutError):
                await bea.until(lambda m, v=state["version"]: m["type"] == "state" and m["version"] > v, timeout=1)


def test_since_your_last_turn_and_a_bot_at_work(browser: Browser, tmp_path_factory: pytest.TempPathFactory) -> None:
    """When the turn comes back, the others' moves since this seat's last one are summed up above the board
    (the log's own lines, in the reader's language) and the places they changed marked, both the same after a
    reload and in another browser; while a bot is to move the
    turn line says that it is thinking."""
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}, {"kind": "bot", "bot": "random"}]
    with server_thread(tmp_path_factory.mktemp("recap")) as base:
        made = create_game(base, "verraeter", seats, seed=12)
        stop = threading.Event()
        with ThreadPoolExecutor(1) as pool:
            bea = pool.submit(asyncio.run, _bea(base, made, stop))
            context = browser.new_context(**SCREENS["desktop"])
            try:
                page = TablePage(context.new_page()).open(base + made["seats"][0]["link"]).page
                table = TablePage(page)
                for moves in range(40):  # each round but the last makes one move
                    assert table.wait_turn_or_end() == "turn"
                    settle(page)
                    seen = page.evaluate(_RECAP)
                    if moves > 0 and seen["shown"]:
                        break
                    start = table.version()
                    page.locator("#candidates button.candidate").first.click()
                    table.wait_version(start + 1)
                else:
                    raise AssertionError("the turn never came back with a recap")
                assert seen["head"] == "Since your last turn:"
                assert seen["lines"] and seen["lines"] == seen["log"][-len(seen["lines"]) :], seen
                assert any("Bea" in line or "random" in line for line in seen["lines"]), seen["lines"]
                # and the places their moves changed are marked on the board
                changed = (page.get_attribute("#recap", "data-changed") or "").split()
                assert changed, "no place marked"
                glow = page.evaluate(_GLOW, changed)
                assert glow and all("drop-shadow" in f for f in glow), (changed, glow)
                page.click("#recap summary")
                assert page.locator("#recap .recap-lines").is_visible()
                # the same after a reload, said in the reader's language, and in a browser that never saw the
                # table before (the server says where the turn ended and what changed: no page's memory)
                path, _, token = (base + made["seats"][0]["link"]).partition("#")
                fresh = browser.new_context(**SCREENS["desktop"])
                try:
                    for where in (page, fresh.new_page()):
                        where.goto(f"{path}?lang=de#{token}")
                        TablePage(where).wait_connected()
                        settle(where)
                        again = where.evaluate(_RECAP)
                        assert again["shown"] and again["head"] not in (None, "Since your last turn:"), again
                        assert len(again["lines"]) == len(seen["lines"]), (again, seen)
                        marked = (where.get_attribute("#recap", "data-changed") or "").split()
                        assert sorted(marked) == sorted(changed), f"the marks after a reload: {marked}, {changed}"
                        glow = where.evaluate(_GLOW, marked)
                        assert glow and all("drop-shadow" in f for f in glow), (marked, glow)
                finally:
                    fresh.close()
            finally:
                stop.set()
                context.close()
            bea.result()
    # a bot at work: its delay is long, so the page shows it thinking for as long as the test looks
    with server_thread(tmp_path_factory.mktemp("thinking"), bot_delay=600.0) as base:
        made = create_game(base, "verraeter", [{"kind": "bot", "bot": "heuristic"}, *seats[:1], seats[2]], seed=3)
        context = browser.new_context(**SCREENS["phone"])
        try:
            page = TablePage(context.new_page()).open(base + made["seats"][1]["link"]).page
            page.wait_for_selector("#status.thinking")
            assert "thinking" in (page.text_content("#status") or "")
            assert page.evaluate("() => getComputedStyle(document.getElementById('status'), '::before').animationName")
        finally:
            context.close()


# ---------------------------------------------------------------- point 2: Kreta's labels apart on a phone

_OVERLAPS = """(minText) => {
  const svg = document.querySelector("#board svg");
  const scale = svg.getBoundingClientRect().width / svg.viewBox.baseVal.width;
  const names = new Set([...svg.querySelectorAll(".clickable[data-label]")].map((el) => el.getAttribute("data-label")));
  const legible = [...svg.querySelectorAll("text")].filter((text) => text.getClientRects().length > 0
    && getComputedStyle(text).visibility !== "hidden" && (text.textContent || "").trim()
    && parseFloat(getComputedStyle(text).fontSize) * scale >= minText - 0.01);
  // the labels that name a current choice's place, and every other legible word they could cover
  const chosen = legible.filter((text) => names.has(text.textContent.trim()));
  const boxes = legible.map((text) => [text, text.getBoundingClientRect()]);
  const clash = [];
  for (const text of chosen) {
    const a = text.getBoundingClientRect();
    for (const [other, b] of boxes) {
      if (other === text) continue;
      const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      if (w > 1 && h > 1) clash.push(`${text.textContent} / ${other.textContent}`);
    }
  }
  return {named: chosen.length, clash};
}"""
"""The labels naming the places of the current choices that overlap another legible word of the board."""


def test_kreta_labels_stand_apart_on_a_phone(browser: Browser, tables: dict[str, str]) -> None:
    context = browser.new_context(**SCREENS["phone"])
    try:
        page = context.new_page()
        open_table(page, tables["kreta"], "it")
        for card in ("commander", "abbot"):
            page.evaluate("() => document.getElementById('clear-btn').click()")
            assert pick_card(page, card)
            frames(page)
            seen = page.evaluate(_OVERLAPS, 11.0)
            assert seen["named"] > 3 and seen["clash"] == [], (card, seen)
        # zoomed in: the page's large labels, then (from 3×) the map's own, where Mylopotamos once touched node 11
        for level in ("1.5", "2", "3", "4"):
            press(page, "#zoom-in")
            page.wait_for_function(f"() => document.getElementById('board').dataset.zoom === '{level}'")
            frames(page)
            seen = page.evaluate(_OVERLAPS, 11.0)
            assert seen["clash"] == [], (level, seen)
    finally:
        context.close()


def test_kreta_port_labels_stand_apart_on_a_phone(browser: Browser, tables: dict[str, str]) -> None:
    """The Admiral's choices name ports: at 390×844, without zooming and zoomed in, every port a choice
    names is labelled legibly and no label box overlaps another legible word of the map (as for nodes and
    provinces above)."""
    context = browser.new_context(**SCREENS["phone"])
    try:
        page = context.new_page()
        for lang in LANGS:
            open_table(page, tables["kreta"], lang)
            page.evaluate("() => document.getElementById('clear-btn').click()")
            assert pick_card(page, "admiral"), "the position has no Admiral to play"
            page.wait_for_selector("#board .clickable[data-target^='port:']")
            frames(page)
            ports = page.evaluate(
                "() => new Set([...document.querySelectorAll(\"#board .clickable[data-target^='port:']\")]"
                ".map((el) => el.getAttribute('data-label')).filter(Boolean)).size"
            )
            seen = page.evaluate(_OVERLAPS, 11.0)
            assert ports > 1 and seen["named"] >= ports and seen["clash"] == [], (lang, ports, seen)
        for level in ("1.5", "2", "3", "4"):
            press(page, "#zoom-in")
            page.wait_for_function(f"() => document.getElementById('board').dataset.zoom === '{level}'")
            frames(page)
            seen = page.evaluate(_OVERLAPS, 11.0)
            assert seen["clash"] == [], (level, seen)
    finally:
        context.close()


# ---------------------------------------------------------------- point 7: the minor points a page can show


def test_a_guided_lesson_warns_of_no_chosen_deal(browser: Browser, tables: dict[str, str]) -> None:
    """The lesson chose its deal to teach with: "whoever created the game may know every hand" is not said."""
    base = tables["verraeter"].split("/g/")[0]
    context = browser.new_context(**SCREENS["laptop"])
    try:
        page = context.new_page()
        page.goto(base + "/")
        page.click('[data-testid="guided-kreta"]')
        page.wait_for_selector('[data-testid="guide"]:not([hidden])')
        page.wait_for_selector("#table[data-version]")
        settle(page)
        assert page.locator("#chosen-deal").is_hidden()
    finally:
        context.close()


def test_another_card_changes_ones_mind_without_clearing(browser: Browser, tables: dict[str, str]) -> None:
    """Kreta: with the Commander chosen, the other cards of the hand are not dimmed, and a click on the Abbot
    takes it instead — no "Clear selection" needed."""
    context = browser.new_context(**SCREENS["laptop"])
    try:
        page = context.new_page()
        open_table(page, tables["kreta"], "fr")
        page.evaluate("() => document.getElementById('clear-btn').click()")
        assert pick_card(page, "commander")
        abbot = page.locator('#hand [data-target="card:abbot"]')
        assert "dimmed" not in (abbot.get_attribute("class") or "")
        assert abbot.get_attribute("role") == "button"  # and reachable with the keyboard
        assert pick_card(page, "abbot")
        commander = page.locator('#hand [data-target="card:commander"]')
        assert "selected" not in (commander.get_attribute("class") or "")
        texts = [page.get_attribute(f"#candidates button.candidate >> nth={i}", "data-action") for i in range(3)]
        assert all(text and text.startswith("abbot") for text in texts), texts
    finally:
        context.close()


_TOKENS = """() => {
  const out = [];
  for (const panel of document.querySelectorAll("g.player")) {
    const house = [...panel.querySelectorAll(":scope > text")].find((t) => t.getAttribute("class") === null);
    const h = house.getBBox();
    for (const token of panel.querySelectorAll("g.token")) {
      const r = token.querySelector("rect").getBBox(), t = token.querySelector("text").getBBox();
      if (r.x < h.x + h.width + 2) out.push(`${token.textContent} over ${house.textContent}`);
      if (t.x < r.x - 0.5 || t.x + t.width > r.x + r.width + 0.5) out.push(`${token.textContent} outside its badge`);
    }
  }
  return out;
}"""
"""The players' badges that reach into their house's name, or whose word sticks out of the badge."""


def test_the_badges_leave_the_house_name_clear(browser: Browser) -> None:
    """Verräter's panels with four seats (the narrowest), in every language, both houses: the badges (Start,
    Strategy during play; only Winner at the end, where the others mean nothing) never cover the house's
    name, and each word stays inside its badge."""
    from ludoteca.present.verraeter.svg import LEFT, PANEL_H, WIDTH
    from ludoteca.present.verraeter.svg_panels import _panel_head
    from ludoteca.web.language.i18n import translator

    page = browser.new_page()
    try:
        w = (WIDTH - 2 * LEFT - 16 * 3) / 4
        for lang in LANGS:
            tr = translator(lang)
            panels = [
                _panel_head(
                    seat, "Name", False, winner, 99, house, start, strategist, tr, 10 + seat * (w + 16), 10, w, PANEL_H
                )
                + "</g>"
                for seat, (house, start, strategist, winner) in enumerate(
                    [(0, True, True, False), (1, True, True, False), (0, False, False, True), (1, False, False, True)]
                )
            ]
            head = f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} 300" width="{WIDTH}">'
            svg = head + "".join(panels) + "</svg>"
            page.set_content(f"<body style='margin:0'>{svg}</body>")
            assert page.evaluate(_TOKENS) == [], lang
    finally:
        page.close()


_ZOOM_FREE = """() => ["zoom-out", "zoom-fit", "zoom-in"].map((id) => {
  const el = document.getElementById(id), r = el.getBoundingClientRect();
  if (r.bottom < 0 || r.top > innerHeight) return `${id} off screen`;
  const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
  return hit === el || el.contains(hit) ? "free" : `${id} under ${hit ? hit.id || hit.className : "nothing"}`;
})"""
"""Whether each zoom button is on screen and under nothing."""


@pytest.mark.parametrize("size", list(SCREENS))
def test_the_dock_leaves_the_zoom_buttons_free_at_the_end(browser: Browser, finished: str, size: str) -> None:
    """Game over, the result unfolded in the dock: the board's zoom buttons are still on screen and under
    nothing, as the page opens and scrolled to the board's top."""
    context = browser.new_context(**SCREENS[size])
    try:
        page = context.new_page()
        path, _, token = finished.partition("#")
        page.goto(f"{path}?lang=de#{token}")
        page.wait_for_selector("#end-screen:not([hidden]) #breakdown tbody tr")
        settle(page)
        frames(page)
        assert set(page.evaluate(_ZOOM_FREE)) == {"free"}, (size, page.evaluate(_ZOOM_FREE))
        page.evaluate("() => document.getElementById('board-tools').scrollIntoView({block: 'start'})")
        frames(page)
        assert set(page.evaluate(_ZOOM_FREE)) == {"free"}, (size, page.evaluate(_ZOOM_FREE))
    finally:
        context.close()
