"""Undo in Chromium (issue #34 point 3): after a Commander's step the table offers "Undo last step" where the
choices are; a click (or Ctrl+Z) takes the step back and the table is as it was before it, in every language."""

from __future__ import annotations

import asyncio
import concurrent.futures
import random
import re
from collections.abc import Coroutine
from typing import Any, TypeVar

import pytest
from playwright.sync_api import Browser, expect

from browserkit import CHROMIUM, TablePage, new_page
from serverkit import Client, create_game

pytestmark = pytest.mark.skipif(
    CHROMIUM is None, reason="the browser tests need Debian's Chromium at /usr/bin/chromium (scripts/browser.sh)"
)

T = TypeVar("T")


def _apart(coro: Coroutine[Any, Any, T]) -> T:
    """``coro`` run on its own event loop in another thread (Playwright's sync API holds this one's)."""
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result(timeout=120)


async def _to_movement(base: str, game_id: str, tokens: dict[int, str], seed: int) -> tuple[int, str]:
    """Both seats play at random over WebSockets until one may begin the Commander's movement."""
    rng = random.Random(seed)
    async with Client(base, game_id, tokens[0]) as a, Client(base, game_id, tokens[1]) as b:
        clients = {0: a, 1: b}
        for _ in range(500):
            assert a.state is not None
            version, seat = a.state["version"], a.state["to_act"]
            actor = clients[seat]
            await actor.until_version(version)
            assert actor.state is not None
            steps = [m["text"] for m in actor.state["legal"] if "commander " in m["text"] and "->" in m["text"]]
            if steps:
                return seat, steps[0]
            await actor.act(rng.choice(actor.state["legal"])["text"])
            await a.until_version(version + 1)
    raise AssertionError("no Commander movement in 500 moves")


async def _step(base: str, game_id: str, token: str, step: str) -> int:
    async with Client(base, game_id, token) as me:
        assert me.state is not None
        version = me.state["version"]
        await me.act(step)
        return int((await me.until_version(version + 1))["version"])


def _drawn(svg: str) -> str:
    """The board as the server drew it: without the classes and states the page's picker adds to it."""
    return re.sub(r' (class|aria-pressed|tabindex|role)="[^"]*"', "", svg)


@pytest.mark.parametrize("lang", ["en", "it", "fr", "de"])
def test_a_step_is_undone_from_the_table_by_a_click_and_by_ctrl_z(base: str, browser: Browser, lang: str) -> None:
    made = create_game(base, "kreta", [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}], seed=6)
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    seat, step = _apart(_to_movement(base, made["id"], tokens, 6))
    page = new_page(browser)
    table = TablePage(page).open(f"{base}/g/{made['id']}?lang={lang}#t={tokens[seat]}")
    before = table.version()
    board = _drawn(page.inner_html("#board"))
    undo = page.locator('[data-testid="undo-btn"]')
    expect(undo).to_be_hidden()  # nothing of this turn to undo yet

    _apart(_step(base, made["id"], tokens[seat], step))
    table.wait_version(before + 1)
    expect(undo).to_be_visible()
    box = undo.bounding_box()
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= page.viewport_size["height"]  # in sight
    undo.click()
    table.wait_version(before + 2)
    expect(undo).to_be_hidden()
    assert _drawn(page.inner_html("#board")) == board  # the table as it was before the step

    _apart(_step(base, made["id"], tokens[seat], step))
    table.wait_version(before + 3)
    expect(undo).to_be_visible()
    page.keyboard.press("Control+z")
    table.wait_version(before + 4)
    expect(undo).to_be_hidden()
    assert _drawn(page.inner_html("#board")) == board
    assert table.errors == []
