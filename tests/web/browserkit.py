"""A player in a real headless browser: Debian's Chromium driven by Playwright, clicking a table page
the way a person does (highlighted parts of the board and hand, then candidate buttons).

The table page marks what can be clicked with the class ``clickable`` on ``[data-target]`` elements and
lists the remaining choices as ``#candidates button``; while an action is on its way nothing is
clickable. So "is it my turn?" is a question about the page, not about the protocol, and every wait
here is on a condition in the page (no fixed sleeps). ``#table`` carries the latest state's
``data-version`` and ``data-to-act``; ``#board``/``#hand`` keep the exact SVG text last drawn in
``lastSvg``.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import signal
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from playwright.sync_api import Browser, ConsoleMessage, Page, WebSocket

CHROMIUM = shutil.which("chromium") or ("/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None)
"""Debian's Chromium: Playwright's own browsers cannot be downloaded here."""

VIEWPORT = {"width": 1400, "height": 900}


def new_page(browser: Browser) -> Page:
    """A tab in a context of its own: its own localStorage, as a separate person's browser would have."""
    return browser.new_context(viewport=VIEWPORT).new_page()  # type: ignore[arg-type]


TARGETS = "#board .clickable[data-target]:not(.selected), #hand .clickable[data-target]:not(.selected)"
"""Targets that a click would add to the selection (a selected one would only be taken back)."""
BUTTONS = "#candidates button"
CHOICES = f"{TARGETS}, {BUTTONS}"

# Page-side functions, each given CHOICES as its argument.
_TURN_OR_END = """(choices) => {
  if (!document.getElementById("end-screen").hidden) return "end";
  return document.querySelector(choices) ? "turn" : false;
}"""

_TURN = """(choices) => {
  const table = document.getElementById("table");
  const clickable = document.querySelectorAll(choices).length;
  return [Number(table.dataset.version ?? -1), Number(table.dataset.toAct ?? -1), clickable];
}"""

_MOVED = """([choices, start]) => {
  if (Number(document.getElementById("table").dataset.version) > start) return "moved";
  return document.querySelector(choices) ? "more" : false;
}"""

_SNAPSHOT = """(choices) => {
  const table = document.getElementById("table");
  return {
    version: Number(table.dataset.version ?? -1),
    to_act: Number(table.dataset.toAct ?? -1),
    seat: Number(table.dataset.seat ?? -1),
    board: document.getElementById("board").lastSvg || null,
    hand: document.getElementById("hand").lastSvg || null,
    log: [...document.querySelectorAll("#log li")].map((li) => li.textContent),
    scores: [...document.querySelectorAll("#seats .score")].map((s) => s.textContent),
    choices: document.querySelectorAll(choices).length,
    over: !document.getElementById("end-screen").hidden,
  };
}"""


def launch(playwright: Any) -> Browser:
    """Headless Chromium without the sandbox (which needs privileges a container rarely has)."""
    assert CHROMIUM is not None
    return playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])  # type: ignore[no-any-return]


def descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (from ``/proc``): the bot workers a server started, which a SIGKILL
    of the server leaves running."""
    parents: dict[int, int] = {}
    for stat in Path("/proc").glob("[0-9]*/stat"):
        with contextlib.suppress(OSError, ValueError, IndexError):
            parents[int(stat.parent.name)] = int(stat.read_text().rsplit(")", 1)[1].split()[1])
    found, frontier = [], [pid]
    while frontier:
        children = [child for child, parent in parents.items() if parent in frontier]
        found += children
        frontier = children
    return found


def kill_all(pids: list[int]) -> None:
    """SIGKILL each of ``pids`` that still runs (only ever processes this test started)."""
    for pid in pids:
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


@dataclass
class Snapshot:
    """What a table page shows, enough to compare two pages or a page before and after a reload."""

    version: int
    to_act: int
    seat: int
    board: str | None
    hand: str | None
    log: list[str]
    scores: list[str]
    choices: int
    over: bool

    def table(self) -> tuple[object, ...]:
        """The parts every seat sees alike (the hand is private; clickable choices differ by seat)."""
        return (self.version, self.to_act, self.board, self.scores, self.over)


class TablePage:
    """One browser tab at a table. Script errors and console errors in the page and ``error`` messages from
    the server (an illegal or stale action the page sent, say) are collected in ``errors``, so a test can
    assert that a page that only offers legal choices never provoked one."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.errors: list[str] = []
        self.clicks: list[str] = []
        """Every click made, as the clicked target's key or the candidate button's action."""
        page.on("pageerror", lambda error: self.errors.append(f"page: {error}"))
        page.on("websocket", self._watch)
        page.on("console", self._console)

    def _console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(f"console: {message.text}")

    def _watch(self, socket: WebSocket) -> None:
        def received(payload: str | bytes) -> None:
            with contextlib.suppress(ValueError, TypeError):
                message = json.loads(payload)
                if isinstance(message, dict) and message.get("type") == "error":
                    self.errors.append(f"server: {message.get('code')}: {message.get('message')}")

        socket.on("framereceived", received)

    def open(self, url: str) -> TablePage:
        self.page.goto(url)
        self.wait_connected()
        return self

    def wait_connected(self, timeout: float = 20.0) -> None:
        """Until the socket is open and a state has been drawn."""
        self.page.wait_for_selector('#connection[data-state="open"]', timeout=timeout * 1000)
        self.page.wait_for_selector("#table[data-version]", timeout=timeout * 1000)

    def snapshot(self) -> Snapshot:
        return Snapshot(**self.page.evaluate(_SNAPSHOT, CHOICES))

    def turn(self) -> tuple[int, int, int]:
        """(version, seat to act, how many things can be clicked): a cheap look at the page."""
        v, to_act, choices = self.page.evaluate(_TURN, CHOICES)
        return int(v), int(to_act), int(choices)

    def version(self) -> int:
        return int(self.page.get_attribute("#table", "data-version") or -1)

    def wait_version(self, version: int, timeout: float = 20.0) -> None:
        """Until the page shows at least ``version`` actions applied."""
        self.page.wait_for_function(
            "v => Number(document.getElementById('table').dataset.version ?? -1) >= v",
            arg=version,
            timeout=timeout * 1000,
        )

    def wait_turn_or_end(self, timeout: float = 30.0) -> str:
        """``"turn"`` once something can be clicked, ``"end"`` once the end screen shows."""
        return str(self.page.wait_for_function(_TURN_OR_END, arg=CHOICES, timeout=timeout * 1000).json_value())

    def click_choice(self, rng: random.Random, prefer_targets: float = 0.75) -> str:
        """One click on something the page offers: a highlighted target (usually) or a candidate button.
        Returns what was clicked, for failure messages."""
        targets = self.page.locator(TARGETS)
        buttons = self.page.locator(BUTTONS)
        n_targets, n_buttons = targets.count(), buttons.count()
        use_target = n_targets > 0 and (n_buttons == 0 or rng.random() < prefer_targets)
        chosen = targets.nth(rng.randrange(n_targets)) if use_target else buttons.nth(rng.randrange(max(1, n_buttons)))
        what = (chosen.get_attribute("data-target") if use_target else chosen.get_attribute("data-action")) or "?"
        chosen.click(timeout=5000)
        self.clicks.append(what)
        return what

    def play_move(self, rng: random.Random, max_clicks: int = 40) -> list[str]:
        """Click until one action has been sent and applied (the page's version moves on); returns the clicks.

        A click either grows the selection (more choices stay clickable), shows the candidates as buttons,
        or plays an action (then nothing is clickable until the next state)."""
        start = self.version()
        clicks: list[str] = []
        for _ in range(max_clicks):
            clicks.append(self.click_choice(rng))
            state = self.page.wait_for_function(_MOVED, arg=[CHOICES, start], timeout=20_000).json_value()
            if state == "moved":
                return clicks
        raise AssertionError(f"no action after {max_clicks} clicks: {clicks}")

    def play_until_end(self, rng: random.Random, max_moves: int = 2000, timeout: float = 30.0) -> int:
        """Play every turn of this seat by clicking until the end screen shows; returns the moves made."""
        for moves in range(max_moves):
            if self.wait_turn_or_end(timeout) == "end":
                return moves
            self.play_move(rng)
        raise AssertionError(f"the game did not end within {max_moves} moves")

    def play_moves(self, rng: random.Random, moves: int, timeout: float = 30.0) -> int:
        """Play up to ``moves`` turns of this seat (fewer if the game ends first); returns how many."""
        for made in range(moves):
            if self.wait_turn_or_end(timeout) == "end":
                return made
            self.play_move(rng)
        return moves
