"""The open lobby and slow games in Chromium (issue #18 point 7): a public game created in one browser and
joined from the lobby's open games by a second one, which then plays at that seat; and slow-timer games
listed as "your turn" in "Your games" with their time left, the soonest deadline first."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Browser, expect

from browserkit import CHROMIUM, TablePage, new_page
from serverkit import create_game

DAY = 24 * 3600

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="the browser tests need Debian's Chromium at /usr/bin/chromium (scripts/browser.sh)"
)


def test_a_public_game_joined_from_the_lobby_by_a_second_browser(base: str, browser: Browser) -> None:
    ada = new_page(browser)
    ada.goto(base + "/")
    ada.check('input[name="game"][value="kreta"]')
    config = ada.locator('.game-config[data-game="kreta"]')
    config.locator('[data-role="players"]').select_option("2")
    config.locator('.seat-row[data-seat="0"] [data-role="name"]').fill("Ada")
    kind = config.locator('.seat-row[data-seat="1"] [data-role="kind"]')
    assert kind.locator('option[value="open"]').is_disabled()  # open seats belong to public games only
    ada.check("#public")
    kind.select_option("open")
    expect(config.locator('.seat-row[data-seat="1"] [data-role="name"]')).to_be_hidden()
    ada.click("#create-btn")
    expect(ada.locator('[data-testid="play-seat"]')).to_have_count(1)  # Ada's link; the open seat has none
    expect(ada.locator("#invite-links li.open")).to_have_count(1)
    link = ada.locator('[data-testid="play-seat"]').get_attribute("href") or ""
    game_id = link.split("/g/")[1].split("#")[0]
    ada.locator('[data-testid="play-seat"]').click()
    ada_table = TablePage(ada)
    ada_table.wait_connected()
    expect(ada.locator("#status")).to_have_text(re.compile("open seats"))

    bea = new_page(browser)
    bea.goto(base + "/")
    game = bea.locator(f'#open-games li.open-game[data-id="{game_id}"]')
    expect(game).to_be_visible()
    expect(game).to_contain_text("Kreta")
    expect(game).to_contain_text("1 seat free of 2")
    bea.fill("#open-name", "Bea")
    game.locator('[data-testid="take-seat"]').click()
    bea.wait_for_url(re.compile(rf"/g/{game_id}#t="))
    bea_table = TablePage(bea)
    bea_table.wait_connected()
    assert bea_table.snapshot().seat == 1
    expect(bea.locator("#seats .seat.mine .seat-name")).to_contain_text("Bea")
    expect(ada.locator('#seats .seat[data-seat="1"] .seat-name')).to_have_text("Bea")  # Ada sees who came

    # the game has started: each plays on their own turn until Bea has made two moves
    rng = random.Random(5)
    tables = {0: ada_table, 1: bea_table}
    bea_moves = 0
    while bea_moves < 2:
        _, to_act, _ = ada_table.turn()
        actor = tables[to_act]
        assert actor.wait_turn_or_end() == "turn"
        actor.play_move(rng)
        bea_moves += to_act == 1
        tables[1 - to_act].wait_version(actor.version())
    assert ada_table.errors == bea_table.errors == []

    bea.goto(base + "/")  # the seat is Bea's now: in her games, and the game has left the open list
    expect(bea.locator(f'#my-games li[data-id="{game_id}"]')).to_have_count(1)
    expect(bea.locator(f'#open-games li[data-id="{game_id}"]')).to_have_count(0)


def test_slow_games_listed_as_your_turn_soonest_deadline_first(base: str, browser: Browser) -> None:
    page = new_page(browser)
    page.goto(base + "/")
    page.check('input[name="game"][value="kreta"]')
    config = page.locator('.game-config[data-game="kreta"]')
    config.locator('[data-role="players"]').select_option("2")
    config.locator('.seat-row[data-seat="1"] [data-role="kind"]').select_option("human")
    page.click(".more-settings summary")
    page.fill("#turn-time", "2")
    page.select_option("#turn-unit", "86400")
    page.click("#create-btn")
    expect(page.locator('[data-testid="play-seat"]')).to_have_count(2)
    links = page.locator('[data-testid="play-seat"]').evaluate_all("links => links.map(a => a.href)")
    slow = links[0].split("/g/")[1].split("#")[0]
    table = TablePage(page)
    for link in links:  # both seats played at this browser (the creator's links are invites until opened here)
        page.goto(base + "/")
        table.open(link)
    page.goto(base + "/")

    # a game with more time left, and one without a timer, held by this browser too
    humans = [{"kind": "human"}, {"kind": "human"}]
    slower = create_game(base, "kreta", humans, seed=6, turn_seconds=5 * DAY)
    untimed = create_game(base, "kreta", humans, seed=6)
    held = [{"id": g["id"], "token": s["token"]} for g in (untimed, slower) for s in g["seats"]]
    page.evaluate(
        """held => {
            const list = JSON.parse(localStorage.getItem("ludoteca.tokens") || "[]");
            localStorage.setItem("ludoteca.tokens", JSON.stringify(list.concat(held)));
        }""",
        held,
    )
    page.reload()
    turns = page.locator("#my-games li.your-turn")
    expect(turns).to_have_count(3)
    assert turns.evaluate_all("items => items.map(li => li.dataset.id)") == [slow, slower["id"], untimed["id"]]
    expect(turns.nth(0).locator('[data-testid="time-left"]')).to_have_text(re.compile(r"your turn: (1 d 23 h|2 d 0 h)"))
    expect(turns.nth(1).locator('[data-testid="time-left"]')).to_have_text(re.compile(r"(4 d 23 h|5 d 0 h) left"))
    expect(turns.nth(2).locator('[data-testid="time-left"]')).to_have_count(0)

    # the table counts the slow turn down in days and hours too, at the seat whose turn it is
    for link in links:
        table.open(link)
        if table.snapshot().seat == table.turn()[1]:
            break
    # and says what a missed deadline does
    deadline = page.locator('[data-testid="deadline"]')
    expect(deadline).to_have_text(re.compile(r"Time left: (1 d 23 h|2 d 0 h), then a bot plays for you"))
    assert "a bot plays the seat until its player takes it back" in (deadline.get_attribute("title") or "")
    assert table.errors == []


def test_a_new_public_game_is_listed_at_once_in_this_browsers_lobbies(base: str, browser: Browser) -> None:
    """Issue #27: the open games' list used to wait up to 10 s for its next refresh. With the page's clock
    stopped (no timer refresh can come), the game created in one lobby tab is listed there and in a second
    lobby tab of the same browser."""
    context = browser.new_context()
    try:
        creator, other = context.new_page(), context.new_page()
        for page in (creator, other):
            page.clock.install()
            page.goto(base + "/")
            page.wait_for_selector("#create-btn")
        creator.check('input[name="game"][value="kreta"]')
        config = creator.locator('.game-config[data-game="kreta"]')
        config.locator('[data-role="players"]').select_option("2")
        creator.check("#public")
        config.locator('.seat-row[data-seat="1"] [data-role="kind"]').select_option("open")
        creator.click("#create-btn")
        link = creator.locator('[data-testid="play-seat"]').get_attribute("href") or ""
        game_id = link.split("/g/")[1].split("#")[0]
        for page in (creator, other):
            expect(page.locator(f'#open-games li.open-game[data-id="{game_id}"]')).to_be_visible()
    finally:
        context.close()


def test_the_lobby_says_what_a_missed_deadline_does(base: str, browser: Browser) -> None:
    """Before a timed game is made: where its time per turn is chosen, what happens when a turn's time runs
    out (a bot plays the seat until its player takes it back, as features/slowturns.py does), in each
    language."""
    page = new_page(browser)
    for lang, words in (
        ("en", "When the time runs out, a bot plays the seat until its player takes it back."),
        ("de", re.compile(r"Bot")),
    ):
        page.goto(f"{base}/?lang={lang}")
        page.click(".more-settings summary")
        expect(page.locator('[data-testid="turn-time-hint"]')).to_be_visible()
        expect(page.locator('[data-testid="turn-time-hint"]')).to_have_text(words)
