""" "Your games" tells the truth (issue #27 point 5), in Chromium: one row per game however many of its seats
this browser holds, the seats it plays there, "your turn" only when one of those is to act (never for a
friend's seat whose invite link the creator's browser keeps), the time left of every timed game whoever is
to move, and for a public game the open seats it waits for; a new public game is in the open games at once."""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Browser, Page, expect

from browserkit import CHROMIUM, TablePage, new_page
from serverkit import create_game

DAY = 24 * 3600

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="the browser tests need Debian's Chromium at /usr/bin/chromium (scripts/browser.sh)"
)


def hold(page: Page, entries: list[dict[str, object]]) -> None:
    """Add seats to this browser's remembered ones, as the pages remember them."""
    page.evaluate(
        """held => {
            const list = JSON.parse(localStorage.getItem("ludoteca.tokens") || "[]");
            localStorage.setItem("ludoteca.tokens", JSON.stringify(list.concat(held)));
        }""",
        entries,
    )


def test_the_creators_browser_lists_its_own_seat_and_keeps_the_friends_link_apart(base: str, browser: Browser) -> None:
    page = new_page(browser)
    page.goto(base + "/")
    page.check('input[name="game"][value="kreta"]')
    config = page.locator('.game-config[data-game="kreta"]')
    config.locator('[data-role="players"]').select_option("2")
    config.locator('.seat-row[data-seat="0"] [data-role="name"]').fill("Ada")
    config.locator('.seat-row[data-seat="1"] [data-role="kind"]').select_option("human")
    config.locator('.seat-row[data-seat="1"] [data-role="name"]').fill("Pietro")
    page.click(".more-settings summary")
    page.fill("#turn-time", "2")
    page.select_option("#turn-unit", "86400")
    page.click("#create-btn")
    expect(page.locator('[data-testid="play-seat"]')).to_have_count(2)
    links = page.locator('[data-testid="play-seat"]').evaluate_all("links => links.map(a => a.href)")
    game_id = links[0].split("/g/")[1].split("#")[0]

    # Ada plays her seat here (Pietro's link goes to Pietro) until it is Pietro's turn
    table = TablePage(page).open(links[0])
    rng = random.Random(3)
    while table.turn()[1] == 0:
        assert table.wait_turn_or_end() == "turn"
        version = table.version()
        table.play_move(rng)
        table.wait_version(version + 1)
    assert table.errors == []

    page.goto(base + "/")
    row = page.locator(f'#my-games li[data-id="{game_id}"]')
    expect(row).to_have_count(1)  # one row, not one per held seat
    expect(row.locator(".seats-played")).to_have_text("as Ada")
    expect(row.locator(".invites-kept")).to_contain_text("Pietro")
    expect(row).not_to_have_class(re.compile("your-turn"))  # Pietro's turn is not this browser's
    expect(row.locator('[data-testid="time-left"]')).to_have_text(
        re.compile(r"^Pietro to move: (1 d 23 h|2 d 0 h) left$")
    )
    expect(page.locator("#my-games li.your-turn")).to_have_count(0)


def test_two_seats_played_here_are_one_row_and_an_open_public_game_says_what_it_waits_for(
    base: str, browser: Browser
) -> None:
    both = create_game(
        base,
        "verraeter",
        [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Ben"}, {"kind": "bot", "bot": "heuristic"}],
        seed=5,
        turn_seconds=DAY,
    )
    public = create_game(
        base, "kreta", [{"kind": "human", "name": "Cy"}, {"kind": "open"}], public=True, turn_seconds=DAY
    )
    page = new_page(browser)
    page.goto(base + "/")
    hold(page, [{"id": both["id"], "token": s["token"], "plays": True} for s in both["seats"] if s.get("token")])
    hold(page, [{"id": public["id"], "token": public["seats"][0]["token"], "plays": True}])
    page.reload()

    row = page.locator(f'#my-games li[data-id="{both["id"]}"]')
    expect(row).to_have_count(1)
    expect(row.locator(".seats-played")).to_have_text("as Ada and Ben")
    expect(row).to_have_class(re.compile("your-turn"))  # Verräter's set-up starts with a seat played here
    expect(row.locator('[data-testid="time-left"]')).to_have_text(
        re.compile(r"^your turn: (23 h 59 min|1 d 0 h|\d+ h \d+ min) left$")
    )
    expect(row.locator(".invites-kept")).to_have_count(0)

    waiting = page.locator(f'#my-games li[data-id="{public["id"]}"]')
    expect(waiting).to_have_count(1)
    expect(waiting.locator('[data-testid="open-seats"]')).to_have_text("waiting for 1 player to take the open seat")
    expect(waiting).not_to_have_class(re.compile("your-turn"))
    expect(waiting).not_to_contain_text("heuristic")
    expect(waiting).not_to_contain_text("with ")  # the open seat is nobody yet

    # and in Italian, the counts and the list said as Italian says them
    page.goto(base + "/?lang=it")
    expect(page.locator(f'#my-games li[data-id="{both["id"]}"] .seats-played')).to_have_text("come Ada e Ben")
    expect(page.locator(f'#my-games li[data-id="{public["id"]}"] [data-testid="open-seats"]')).to_have_text(
        "in attesa di 1 giocatore per il posto libero"
    )


def test_a_new_public_game_is_in_the_open_games_at_once(base: str, browser: Browser) -> None:
    """The creator's lobby lists its public game at once: with the page's clock paused, the lobby's
    10-second refresh never comes, so only the refresh after creating can have listed it."""
    page = new_page(browser)
    page.clock.install()
    page.goto(base + "/")
    page.clock.pause_at(int(page.evaluate("Date.now()")) + 1000)
    expect(page.locator("#open-games li.open-game")).to_have_count(0)
    page.check('input[name="game"][value="kreta"]')
    config = page.locator('.game-config[data-game="kreta"]')
    config.locator('[data-role="players"]').select_option("2")
    page.check("#public")
    config.locator('.seat-row[data-seat="1"] [data-role="kind"]').select_option("open")
    page.click("#create-btn")
    expect(page.locator('[data-testid="play-seat"]')).to_have_count(1)
    link = page.locator('[data-testid="play-seat"]').get_attribute("href") or ""
    game_id = link.split("/g/")[1].split("#")[0]
    expect(page.locator(f'#open-games li.open-game[data-id="{game_id}"]')).to_have_count(1)


def test_your_turn_first_then_the_newest_and_the_finished_fold_away(base: str, browser: Browser) -> None:
    """The games where it is this browser's turn head the list, the others follow newest first, and the
    finished ones come last under a line that folds them away; folded, they stay folded after a reload."""
    bot = {"kind": "bot", "bot": "random"}
    human = {"kind": "human", "name": "Ada"}
    bea = {"kind": "human", "name": "Bea"}  # at another browser: her set-up move keeps these games waiting
    older = create_game(base, "verraeter", [bea, human, bot], seed=1)
    mine = create_game(base, "verraeter", [human, bot, bot], seed=2)  # the set-up starts with seat 0
    newer = create_game(base, "verraeter", [bea, human, bot], seed=3)
    done = create_game(base, "verraeter", [human, bot, bot], seed=4)
    page = new_page(browser)
    page.goto(base + "/")
    seat = {older["id"]: 1, mine["id"]: 0, newer["id"]: 1, done["id"]: 0}
    hold(
        page,
        [
            {"id": g["id"], "token": g["seats"][seat[g["id"]]]["token"], "plays": True}
            for g in (older, mine, newer, done)
        ],
    )
    table = TablePage(page).open(base + done["seats"][0]["link"])
    rng = random.Random(4)
    while table.wait_turn_or_end() == "turn":  # seat 0 plays its game to the end
        version = table.version()
        table.play_move(rng)
        table.wait_version(version + 1)
    page.goto(base + "/")
    expect(page.locator('#my-games [data-testid="finished-games"] li.finished')).to_have_count(1)
    order = page.locator("#my-games > li.my-game").evaluate_all("rows => rows.map(li => li.dataset.id)")
    assert order[0] == mine["id"], order  # your turn first
    # the others: the newest first
    assert order[1:] == [newer["id"], older["id"]], order
    finished = page.locator('#my-games [data-testid="finished-games"]')
    expect(finished.locator("summary")).to_have_text("1 finished game")
    expect(finished.locator(f'li[data-id="{done["id"]}"] a.replay-link')).to_be_visible()
    finished.locator("summary").click()
    expect(finished.locator(f'li[data-id="{done["id"]}"]')).to_be_hidden()
    page.reload()
    expect(page.locator('#my-games [data-testid="finished-games"] summary')).to_be_visible()
    expect(page.locator(f'#my-games li[data-id="{done["id"]}"]')).to_be_hidden()
    page.locator('#my-games [data-testid="finished-games"] summary').click()
    expect(page.locator(f'#my-games li[data-id="{done["id"]}"] a.replay-link')).to_be_visible()
    # and in French, the count said as French says it
    page.goto(base + "/?lang=fr")
    expect(page.locator('#my-games [data-testid="finished-games"] summary')).to_have_text("1 partie terminée")
