"""Screenshots of the web app for the docs: a Verräter and a Kreta table in mid-game, the lobby, the replay viewer.

    .venv/bin/python scripts/screenshots.py [--out DIR] [--lang en it fr de] [--screen phone laptop desktop]
                                            [--pages tables lobby replay review]

Starts a server in this process (a throwaway SQLite database, bots moving at once), creates the games
through the lobby API, plays the human seat with seeded random legal moves over the table's WebSocket
until the game is well under way, then opens the pages in headless Chromium (Debian's, as the browser
tests use) at each screen of ``VIEWPORTS`` and writes ``verraeter-table-SCREEN.png``, ``kreta-table-SCREEN.png``
and ``lobby-SCREEN.png`` (``-LANG`` added for a language other than English): what the player sees
first, the screen's size in CSS pixels (a phone's picture is not tripled). For the replay viewer, a
game of four heuristic bots is played to its end and ``replay-SCREEN.png`` shows it halfway, with
everything revealed; ``review-SCREEN.png`` shows the same game's review (computed by the server as a
player's "Review this game" does) at its first marked mistake, from the view of the seat that made it. The
same seeds give the same positions, so a re-take shows what changed in the pages, not in the games.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import re
import shutil
import socket
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import uvicorn
import websockets
from playwright.sync_api import Page, sync_playwright

from ludoteca.web.app import create_app
from ludoteca.web.hosting.config import Settings

ROOT = Path(__file__).resolve().parent.parent
VIEWPORTS: dict[str, dict[str, Any]] = {
    "phone": {
        "viewport": {"width": 390, "height": 844},
        "is_mobile": True,
        "has_touch": True,
        "device_scale_factor": 3,
    },
    "laptop": {"viewport": {"width": 1366, "height": 768}, "device_scale_factor": 1},
    "desktop": {"viewport": {"width": 1920, "height": 1080}, "device_scale_factor": 1},
}
"""The three screens the table page is laid out for (docs/web.md): a phone held upright, a laptop, a desktop."""
PAGES = ("tables", "lobby", "replay", "review")
StopWhen = Callable[[dict[str, Any], int], bool]


@contextlib.contextmanager
def serve(data_dir: Path) -> Iterator[str]:
    """The app on a free loopback port, in a thread; yields its base URL."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = int(s.getsockname()[1])
    # one address takes every picture in a few minutes: the per-address budgets of a public server (#33)
    # would refuse its replay frames and review reads part of the way through
    budgets = {"replay_frames_burst": 600, "review_reads_burst": 120, "loads_burst": 60, "http_request_burst": 1000}
    app = create_app(Settings(data_dir=data_dir, bot_processes=0, bot_delay=0.0, **budgets))
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{base}/healthz", timeout=1).status_code == 200:
                break
        time.sleep(0.05)
    try:
        yield base
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def create(base: str, game: str, seats: list[dict[str, Any]], seed: int) -> dict[str, Any]:
    response = httpx.post(f"{base}/api/games", json={"game": game, "seats": seats, "seed": seed}, timeout=10)
    response.raise_for_status()
    return dict(response.json())


async def play_until(base: str, game: dict[str, Any], seed: int, stop: StopWhen) -> None:
    """Play seat 0 with seeded random legal moves until ``stop(state, moves)`` holds on its turn."""
    url = base.replace("http://", "ws://") + f"/ws/{game['id']}"
    rng = random.Random(seed)
    moves = 0
    async with websockets.connect(url, max_size=1 << 24) as ws:
        await ws.send(json.dumps({"type": "hello", "token": game["seats"][0]["token"], "lang": "en"}))
        while True:
            state = json.loads(await asyncio.wait_for(ws.recv(), 30))
            if state["type"] != "state" or not state["legal"]:
                if state.get("result"):
                    raise RuntimeError(f"the {game['game']} game ended before the screenshot position")
                continue
            if stop(state, moves):
                return
            action = rng.choice(state["legal"])["text"]
            await ws.send(json.dumps({"type": "action", "version": state["version"], "action": action}))
            moves += 1


def verraeter_in_round(round_: int, phase: str) -> StopWhen:
    """Seat 0 to act in ``phase`` of round ``round_`` or later (the round as the board names it)."""

    def stop(state: dict[str, Any], moves: int) -> bool:
        found = re.search(r"Round (\d+) of", state["board_svg"])
        return found is not None and int(found.group(1)) >= round_ and state["phase"] == phase

    return stop


def kreta_playing_a_card(after: int) -> StopWhen:
    """Seat 0 to play a character card (cards and map clickable), after ``after`` moves of its own."""

    def stop(state: dict[str, Any], moves: int) -> bool:
        return moves >= after and state["phase"] == "play" and any(a["targets"] for a in state["legal"])

    return stop


def shown(path: Path) -> str:
    return str(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)


def shrink(path: Path) -> None:
    """Re-save a screenshot with 256 colours (a page is flat colour: a quarter of the bytes, the same look),
    if Pillow is there (the analysis extra brings it)."""
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(path) as shot:
        flat = shot.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
    flat.save(path, optimize=True)


def table_shot(page: Page, base: str, game: dict[str, Any], lang: str, path: Path) -> None:
    """The table page of seat 0, once its choices are offered: the screen as the player first sees it."""
    page.goto(f"{base}/g/{game['id']}?lang={lang}#t={game['seats'][0]['token']}")
    page.wait_for_selector('#connection[data-state="open"]')
    page.wait_for_selector("#candidates button, .clickable[data-target]")
    # the board fitted and scrolled into sight for this state (table.js)
    page.wait_for_function(
        "() => { const t = document.getElementById('table'); return t.dataset.settled === t.dataset.version }"
    )
    page.mouse.move(0, 0)
    page.screenshot(path=str(path), scale="css")
    shrink(path)
    print(f"wrote {shown(path)}")


def finished(base: str, game: dict[str, Any]) -> int:
    """Wait for a game of bots to end; its number of actions."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        response = httpx.get(f"{base}/api/games/{game['id']}/record", timeout=10)
        if response.status_code == 200:
            return len(response.json()["actions"])
        time.sleep(0.1)
    raise RuntimeError("the bots did not finish the game")


def replay_shot(page: Page, base: str, game: dict[str, Any], step: int, lang: str, path: Path) -> None:
    """The replay viewer at ``step``, with every seat's cards revealed."""
    page.goto(f"{base}/replay/{game['id']}?lang={lang}#n={step}&seat=all")
    page.wait_for_selector(f'#replay[data-n="{step}"][data-perspective="all"]')
    page.mouse.move(0, 0)
    page.screenshot(path=str(path), scale="css")
    shrink(path)
    print(f"wrote {shown(path)}")


def reviewed(base: str, game: dict[str, Any]) -> dict[str, Any]:
    """Ask the server for the review of a finished game and wait for it (a minute or so at 300 iterations)."""
    httpx.post(f"{base}/api/review/{game['id']}", timeout=10).raise_for_status()
    deadline = time.monotonic() + 900
    while time.monotonic() < deadline:
        status = httpx.get(f"{base}/api/review/{game['id']}", timeout=10).json()
        if status["status"] == "done":
            return dict(status["review"])
        if status["status"] == "failed":
            raise RuntimeError(f"the review failed: {status['error']}")
        time.sleep(0.5)
    raise RuntimeError("the review did not finish")


def review_shot(page: Page, base: str, game: dict[str, Any], review: dict[str, Any], lang: str, path: Path) -> None:
    """The replay at the review's first marked mistake (else its middle decision), seen by the seat that made it,
    with the review panel in sight."""
    marked = [e for e in review["decisions"] if e["mark"]] or review["decisions"][len(review["decisions"]) // 2 :]
    entry = marked[0]
    page.goto("about:blank")  # the replay's own address but for its fragment would not load the page again
    page.goto(f"{base}/replay/{game['id']}?lang={lang}#n={entry['n']}&seat={entry['seat']}")
    page.wait_for_selector(f'#replay[data-n="{entry["n"]}"]')
    page.wait_for_selector('#review[data-status="done"] #review-decision:not([hidden])')
    page.locator("#review").scroll_into_view_if_needed()
    page.mouse.move(0, 0)
    page.screenshot(path=str(path), scale="css")
    shrink(path)
    print(f"wrote {shown(path)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--lang", nargs="+", default=["en"], choices=["en", "it", "fr", "de"])
    parser.add_argument("--screen", nargs="+", default=list(VIEWPORTS), choices=list(VIEWPORTS))
    parser.add_argument("--pages", nargs="+", default=list(PAGES), choices=PAGES)
    args = parser.parse_args(argv)
    chromium = shutil.which("chromium")
    if chromium is None:
        print("screenshots.py: needs Debian's Chromium (scripts/browser.sh)", file=sys.stderr)
        return 1
    out: Path = args.out.resolve()
    out.mkdir(parents=True, exist_ok=True)

    bot = {"kind": "bot", "bot": "heuristic"}
    with tempfile.TemporaryDirectory() as data_dir, serve(Path(data_dir)) as base:
        verraeter = create(base, "verraeter", [{"kind": "human", "name": "Ada"}, bot, bot, bot], seed=2008)
        kreta = create(base, "kreta", [{"kind": "human", "name": "Ada"}, bot, bot], seed=1600)
        if {"tables", "lobby"} & set(args.pages):
            asyncio.run(play_until(base, verraeter, 1, verraeter_in_round(4, "supply")))
            asyncio.run(play_until(base, kreta, 1, kreta_playing_a_card(24)))
        replayed = create(base, "verraeter", [bot, bot, bot, bot], seed=2008)
        halfway = finished(base, replayed) // 2
        review = reviewed(base, replayed) if "review" in args.pages else {}

        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            try:
                for screen in args.screen:
                    context = browser.new_context(**VIEWPORTS[screen])
                    page = context.new_page()
                    for lang in args.lang:
                        suffix = f"{screen}" if lang == "en" else f"{screen}-{lang}"
                        if "replay" in args.pages:
                            replay_shot(page, base, replayed, halfway, lang, out / f"replay-{suffix}.png")
                        if "review" in args.pages:
                            review_shot(page, base, replayed, review, lang, out / f"review-{suffix}.png")
                        if {"tables", "lobby"} & set(args.pages):
                            table_shot(page, base, verraeter, lang, out / f"verraeter-table-{suffix}.png")
                            table_shot(page, base, kreta, lang, out / f"kreta-table-{suffix}.png")
                        if "lobby" in args.pages:
                            # the lobby last, so "your games" lists the two tables this browser has just visited
                            page.goto(f"{base}/?lang={lang}")
                            page.wait_for_selector("#my-games li")
                            page.screenshot(path=str(out / f"lobby-{suffix}.png"), scale="css")
                            shrink(out / f"lobby-{suffix}.png")
                            print(f"wrote {shown(out / f'lobby-{suffix}.png')}")
                    context.close()
            finally:
                browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
