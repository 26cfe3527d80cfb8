"""Nothing lost: a server killed with SIGKILL mid-game resumes every unfinished game exactly."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import httpx

from ludoteca import games
from ludoteca.core.records import GameRecord, replay

from serverkit import Client, ServerProcess, create_game, play_out


def test_kill_9_mid_game_resumes_exactly(tmp_path: Path, database_url: str) -> None:
    server = ServerProcess(tmp_path, None if database_url.startswith("sqlite") else database_url).start()
    try:
        seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "heuristic"}, {"kind": "human"}]
        made = create_game(server.base, "verraeter", seats, seed=21)
        finished = create_game(server.base, "kreta", [{"kind": "bot", "bot": "random"}] * 2, seed=2)
        tokens = {s["seat"]: s["token"] for s in made["seats"] if s["kind"] == "human"}
        rng = random.Random(1)

        async def play(n: int) -> dict[int, dict[str, object]]:
            """Humans play ``n`` of their moves; returns each seat's last state."""
            async with Client(server.base, made["id"], tokens[0]) as a, Client(server.base, made["id"], tokens[2]) as c:
                await play_out({0: a, 2: c}, rng, moves=n)
                await c.until_version(a.state["version"] if a.state else 0)
                return {0: dict(a.state), 2: dict(c.state or {})}

        before = asyncio.run(play(12))
        server.kill()  # no shutdown, no flush: whatever was acknowledged must be on disk
        server.start()

        async def look() -> dict[int, dict[str, object]]:
            async with Client(server.base, made["id"], tokens[0]) as a, Client(server.base, made["id"], tokens[2]) as c:
                return {0: dict(a.state or {}), 2: dict(c.state or {})}

        after = asyncio.run(look())
        for seat in (0, 2):
            # the bot may have moved after the last state we saw, never before it
            assert after[seat]["version"] >= before[seat]["version"]
        if after[0]["version"] == before[0]["version"]:
            for key in ("board_svg", "private_svg", "legal", "scores", "to_act"):
                assert after[0][key] == before[0][key], key
        # the game goes on after the restart, and its stored actions replay to the same position
        asyncio.run(play(4))
        assert httpx.get(f"{server.base}/g/{finished['id']}").status_code == 200
    finally:
        server.stop()


def test_stored_actions_replay_to_the_served_position(tmp_path: Path) -> None:
    server = ServerProcess(tmp_path).start()
    try:
        made = create_game(server.base, "kreta", [{"kind": "bot", "bot": "random"}] * 2, seed=9)

        async def wait_end() -> dict[str, object]:
            async with Client(server.base, made["id"]) as watcher:
                return await watcher.until_state(lambda m: m["result"] is not None, 120)

        final = asyncio.run(wait_end())
        record = GameRecord.from_dict(httpx.get(f"{server.base}/api/games/{made['id']}/record").json())
        state = replay(games.get("kreta"), record)
        assert state.is_terminal()
        assert list(state.result().scores) == final["scores"]
    finally:
        server.stop()
