"""End-to-end in a real headless browser: the pages, their scripts, the socket and the server together.

Each test starts its own server (a thread, or a child process it can kill) and its own Chromium, and
plays only by clicking what the page offers: highlighted targets in the board and hand SVGs, and the
candidate buttons. See ``browserkit`` for how a turn is recognised in the page.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from browserkit import CHROMIUM, TablePage, descendants, kill_all, new_page
from serverkit import ServerProcess, create_game, server_thread

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="the browser tests need Debian's Chromium at /usr/bin/chromium (scripts/browser.sh)"
)

RANDOM_BOT = {"kind": "bot", "bot": "random"}


def test_verraeter_from_the_lobby_to_the_end_by_clicking(base: str, browser: Browser) -> None:
    page = new_page(browser)
    page.goto(base + "/")
    page.check('input[name="game"][value="verraeter"]')
    config = page.locator('.game-config[data-game="verraeter"]')
    config.locator('[data-role="players"]').select_option("4")
    config.locator('.seat-row[data-seat="0"] [data-role="name"]').fill("Ada")
    for seat in (1, 2, 3):
        row = config.locator(f'.seat-row[data-seat="{seat}"]')
        row.locator('[data-role="kind"]').select_option("bot")
        row.locator('[data-role="bot"]').select_option("random")
    page.click(".more-settings summary")
    page.fill("#seed", "7")
    page.click("#create-btn")
    play = page.locator('[data-testid="play-seat"]')
    expect(play).to_have_count(1)
    play.click()
    page.wait_for_url(re.compile(r"/g/[^/#]+#t="))

    table = TablePage(page)
    table.wait_connected()
    assert table.snapshot().seat == 0
    moves = table.play_until_end(random.Random(7))
    assert moves > 5
    clicked = {click.split(":")[0] for click in table.clicks if ":" in click}
    assert clicked & {"landscape", "gap"} and clicked & {"hand", "draft"}, table.clicks  # both SVGs were played

    end = page.locator("#end-screen")
    expect(end).to_be_visible()
    expect(page.locator("#breakdown tbody tr")).to_have_count(4)
    expect(page.locator("#winners")).not_to_be_empty()
    totals = [int(t) for t in page.locator("#breakdown td.total").all_text_contents()]
    assert len(totals) == 4 and totals == sorted(totals, reverse=True)
    expect(page.locator("#status")).to_have_text("Game over")
    expect(page.locator("#action-bar")).to_be_hidden()
    assert table.errors == []

    page.goto(base + "/")  # the lobby remembers the seat this browser played
    expect(page.locator("#my-games li.finished")).to_have_count(1)


def test_kreta_between_two_browsers_each_acting_only_on_its_turn(base: str, browser: Browser) -> None:
    """Two people, each in a browser of their own, click 30 moves each; then both leave their seats
    (a whole game by clicking takes about a minute) and the bots that take over play it to the end."""
    made = create_game(base, "kreta", [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bea"}], seed=3)
    pages = {s["seat"]: TablePage(new_page(browser)).open(base + s["link"]) for s in made["seats"]}
    rng = random.Random(3)
    moves = [0, 0]
    while min(moves) < 30:
        _, to_act, _ = pages[0].turn()
        assert to_act in pages, "the game ended before 30 moves each"
        actor, other = pages[to_act], pages[1 - to_act]
        assert actor.wait_turn_or_end() == "turn"
        # the seat not to act sees the same position and can click nothing
        other.wait_version(actor.version())
        assert other.turn() == (actor.version(), to_act, 0)
        assert other.page.locator("#action-bar").is_hidden() and other.page.locator("#hint-btn").is_disabled()
        assert actor.page.locator("#action-bar").is_visible() and actor.page.locator("#hint-btn").is_enabled()
        actor.play_move(rng)
        moves[to_act] += 1
        pages[1 - to_act].wait_version(actor.version())

    first, second = pages[0].snapshot(), pages[1].snapshot()
    assert first.table() == second.table() and first.log == second.log
    assert first.board is not None and "data-target" in first.board
    assert first.hand is not None and "kreta-hand" in first.hand  # the seat's character cards, in its dock

    for table in pages.values():
        table.page.click("#leave-btn")
        table.page.click("#leave-confirm")
        expect(table.page.locator("#seats .seat.mine .seat-kind")).to_have_text("a bot plays for now")
    for table in pages.values():
        expect(table.page.locator("#end-screen")).to_be_visible(timeout=60_000)
        expect(table.page.locator("#breakdown tbody tr")).to_have_count(2)
        expect(table.page.locator("#takeback-btn")).to_be_hidden()
    first, second = pages[0].snapshot(), pages[1].snapshot()
    assert first.table() == second.table() and first.log == second.log
    assert first.over and first.version > sum(moves)
    assert pages[0].errors == pages[1].errors == []


def test_reload_mid_game_shows_the_same_table_and_play_goes_on(base: str, browser: Browser) -> None:
    made = create_game(base, "verraeter", [{"kind": "human", "name": "Ada"}, RANDOM_BOT, RANDOM_BOT], seed=11)
    table = TablePage(new_page(browser)).open(base + made["seats"][0]["link"])
    rng = random.Random(11)
    assert table.play_moves(rng, 6) == 6
    assert table.wait_turn_or_end() == "turn"
    before = table.snapshot()

    table.page.reload()
    table.wait_connected()
    assert table.wait_turn_or_end() == "turn"
    after = table.snapshot()
    assert after == before
    assert len(after.log) > 6

    assert table.play_moves(rng, 3) == 3
    assert table.version() > before.version
    assert table.errors == []


def test_server_killed_and_restarted_mid_game_the_page_reconnects_and_play_goes_on(
    tmp_path: Path, browser: Browser
) -> None:
    server = ServerProcess(tmp_path).start()
    try:
        made = create_game(server.base, "kreta", [{"kind": "human", "name": "Ada"}, RANDOM_BOT], seed=5)
        table = TablePage(new_page(browser)).open(server.base + made["seats"][0]["link"])
        rng = random.Random(5)
        assert table.play_moves(rng, 8) == 8
        assert table.wait_turn_or_end() == "turn"
        before = table.snapshot()

        assert server.proc is not None
        workers = descendants(server.proc.pid)
        server.kill()
        kill_all(workers)  # a SIGKILL of the server alone leaves its bot worker running for good
        expect(table.page.locator("#connection")).to_have_attribute("data-state", "reconnecting")
        expect(table.page.locator("#status")).to_have_text("Reconnecting…")
        assert table.snapshot().choices == 0  # nothing can be clicked while the server is away
        server.start()

        table.wait_connected(timeout=30)
        assert table.wait_turn_or_end() == "turn"
        assert table.snapshot() == before
        assert table.play_moves(rng, 4) == 4
        assert table.version() > before.version
        assert [e for e in table.errors if "ERR_CONNECTION_REFUSED" not in e] == []  # refused while it was down
    finally:
        server.stop()


def test_language_switch_translates_the_page_and_the_log(base: str, browser: Browser) -> None:
    made = create_game(base, "verraeter", [{"kind": "human", "name": "Ada"}, RANDOM_BOT, RANDOM_BOT], seed=2)
    table = TablePage(new_page(browser)).open(base + made["seats"][0]["link"])
    table.wait_turn_or_end()
    english = table.snapshot()
    expect(table.page.locator("#status")).to_have_text("Your turn")

    table.page.click('#lang-switch a[hreflang="de"]')
    table.page.wait_for_url(re.compile(r"\?lang=de#t="))  # the seat's token survives the switch
    table.wait_connected()
    assert table.wait_turn_or_end() == "turn"
    german = table.snapshot()
    expect(table.page.locator("html")).to_have_attribute("lang", "de")
    expect(table.page.locator("#log-title")).to_have_text("Verlauf")
    expect(table.page.locator("#status")).to_have_text("Du bist dran")
    assert german.seat == 0 and german.version == english.version and len(german.log) == len(english.log)
    assert german.log[0] != english.log[0] and german.log[0].startswith("Neues Spiel"), german.log[0]
    assert german.board != english.board  # the SVG's words are translated too
    assert table.errors == []


def test_spectator_sees_the_table_without_any_action_controls(base: str, browser: Browser) -> None:
    made = create_game(base, "verraeter", [{"kind": "human", "name": "Ada"}, RANDOM_BOT, RANDOM_BOT], seed=4)
    player = TablePage(new_page(browser)).open(base + made["seats"][0]["link"])
    watcher = TablePage(new_page(browser)).open(base + made["spectator"])
    assert player.wait_turn_or_end() == "turn"
    watcher.wait_version(player.version())

    seen, shown = watcher.snapshot(), player.snapshot()
    assert seen.seat == -1 and seen.choices == 0 and seen.hand is None
    assert seen.board == shown.board and seen.log == shown.log
    page = watcher.page
    expect(page.locator("#spectator-note")).to_be_visible()
    for hidden in ("#action-bar", "#hand-section", "#hint-btn", "#leave-btn", "#takeback-btn"):
        expect(page.locator(hidden)).to_be_hidden()
    expect(page.locator("#status")).to_have_text("Waiting for Ada")
    # a click on the board does nothing for a spectator
    page.locator("#board [data-target]").first.click()
    assert watcher.snapshot().version == seen.version
    assert watcher.errors == []


def test_hint_suggests_an_action_that_can_be_played(base: str, browser: Browser) -> None:
    made = create_game(base, "kreta", [{"kind": "human", "name": "Ada"}, RANDOM_BOT], seed=8)
    table = TablePage(new_page(browser)).open(base + made["seats"][0]["link"])
    assert table.wait_turn_or_end() == "turn"
    start = table.version()
    page = table.page
    expect(page.locator("#hint-btn")).to_be_enabled()
    page.click("#hint-btn")
    expect(page.locator("#hint-result")).to_be_visible(timeout=30_000)
    expect(page.locator("#hint-best .hint-label")).not_to_be_empty()
    page.click("#hint-best")
    table.wait_version(start + 1)
    expect(page.locator("#hint-panel")).to_be_hidden()
    assert table.errors == []


def test_leave_the_seat_to_a_bot_and_take_it_back(tmp_path: Path, browser: Browser) -> None:
    with server_thread(tmp_path, bot_delay=0.2) as base:  # slow enough bots to take the seat back mid-game
        made = create_game(base, "verraeter", [{"kind": "human", "name": "Ada"}, RANDOM_BOT, RANDOM_BOT], seed=9)
        table = TablePage(new_page(browser)).open(base + made["seats"][0]["link"])
        page = table.page
        assert table.wait_turn_or_end() == "turn"
        start = table.version()
        page.click("#leave-btn")
        page.click("#leave-confirm")
        expect(page.locator("#takeback-btn")).to_be_visible()
        expect(page.locator("#seats .seat.mine .seat-kind")).to_have_text("a bot plays for now")
        table.wait_version(start + 1)  # the bot made the move that was ours
        page.click("#takeback-btn")
        expect(page.locator("#leave-btn")).to_be_visible()
        expect(page.locator("#seats .seat.mine .seat-kind")).to_have_text("human")
        assert table.play_moves(random.Random(9), 2) == 2
        assert table.errors == []


def test_the_log_keeps_its_newest_line_in_view(base: str, browser: Browser) -> None:
    """A page opened on a long log, in German, where the seat's buttons wrap to a second row after the log
    is drawn (the box shrinks): the newest line stays in view, also as new lines arrive."""
    made = create_game(base, "kreta", [{"kind": "human", "name": "Ada"}, RANDOM_BOT], seed=6)
    table = TablePage(new_page(browser))
    table.open(f"{base}/g/{made['id']}?lang=de#t={made['seats'][0]['token']}")
    rng = random.Random(6)
    assert table.play_moves(rng, 6) == 6
    table.page.reload()
    table.wait_connected()
    log = table.page.locator("#log")
    assert log.evaluate("log => log.scrollHeight > log.clientHeight")  # long enough to scroll
    newest_line_shown = "log => log.scrollHeight - log.scrollTop - log.clientHeight < 2"
    for _ in range(2):
        table.wait_turn_or_end()
        table.page.wait_for_function(f"({newest_line_shown})(document.getElementById('log'))", timeout=20_000)
        table.play_move(rng)
    assert table.errors == []


def test_unknown_game_link_shows_the_error_page(base: str, browser: Browser) -> None:
    page = new_page(browser)
    response = page.goto(base + "/g/no-such-game#t=whatever")
    assert response is not None and response.status == 404
    expect(page.locator('[data-testid="error"]')).to_be_visible()
    expect(page.locator("#error-message")).to_have_text("Page not found.")
    page.click('[data-testid="error"] a.button')
    page.wait_for_url(base + "/")
    expect(page.locator("#create-form")).to_be_visible()


def test_a_link_whose_token_holds_no_seat_watches_the_game(base: str, browser: Browser) -> None:
    made = create_game(base, "kreta", [{"kind": "human", "name": "Ada"}, RANDOM_BOT], seed=1)
    table = TablePage(new_page(browser))
    table.page.goto(f"{base}/g/{made['id']}#t=not-a-seat")
    expect(table.page.locator("#toasts .toast")).to_contain_text("does not belong to a seat")
    expect(table.page.locator("#spectator-note")).to_be_visible()
    expect(table.page.locator("#status")).to_have_text("Waiting for Ada")
    assert table.snapshot().seat == -1 and table.snapshot().choices == 0
    assert table.errors == ["server: bad_token: This link's token does not belong to a seat of this game."]
    assert table.page.evaluate("localStorage.getItem('ludoteca.tokens')") in (None, "[]")  # not remembered


def test_a_table_refused_for_a_limit_says_why_and_does_not_retry(tmp_path: Path, browser: Browser) -> None:
    """The server's limits close a socket with a code from 4000 to 4999: the page shows the reason in its
    language and stays closed (reconnecting would only be refused again)."""
    with server_thread(tmp_path, connections_per_game=1) as base:
        made = create_game(base, "kreta", [{"kind": "human", "name": "Ada"}, RANDOM_BOT], seed=1)
        TablePage(new_page(browser)).open(base + made["seats"][0]["link"])
        second = TablePage(new_page(browser))
        second.page.goto(f"{base}/g/{made['id']}?lang=de")
        line = second.page.locator('#connection[data-state="closed"]')
        expect(line).to_contain_text("so viele Verbindungen")
        expect(second.page.locator("#toasts .toast")).to_contain_text("so viele Verbindungen")
        assert [e.split(":")[1].strip() for e in second.errors] == ["table_full"]
