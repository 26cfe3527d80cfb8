"""Undo at a live table (issue #34 point 3): through the one write path, acknowledged like an action, refused
with a reason, and after a ``kill -9`` the table is where the undo left it — version, position and what may
still be undone."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import httpx

from serverkit import Client, ServerProcess, create_game, play_out


async def _to_movement(clients: dict[int, Client], rng: random.Random) -> tuple[int, str]:
    """Both humans play at random until one may begin the Commander's movement: that seat and the step."""
    watcher = clients[0]
    for _ in range(500):
        state = watcher.state
        assert state is not None
        actor = clients[state["to_act"]]
        await actor.until_version(state["version"])
        assert actor.state is not None
        steps = [a["text"] for a in actor.state["legal"] if "commander " in a["text"] and "->" in a["text"]]
        if steps:
            return state["to_act"], steps[0]
        await actor.act(rng.choice(actor.state["legal"])["text"])
        await watcher.until_version(state["version"] + 1)
    raise AssertionError("no Commander movement in 500 moves")


def test_a_step_undone_is_acknowledged_refused_when_it_may_not_be_and_survives_a_kill_9(
    tmp_path: Path, database_url: str
) -> None:
    server = ServerProcess(tmp_path, None if database_url.startswith("sqlite") else database_url).start()
    try:
        made = create_game(server.base, "kreta", [{"kind": "human", "name": "Ada"}, {"kind": "human"}], seed=6)
        tokens = {s["seat"]: s["token"] for s in made["seats"]}
        rng = random.Random(6)

        async def first() -> dict[str, Any]:
            async with Client(server.base, made["id"], tokens[0]) as a, Client(server.base, made["id"], tokens[1]) as b:
                clients = {0: a, 1: b}
                seat, step = await _to_movement(clients, rng)
                me, other = clients[seat], clients[1 - seat]
                before = dict(await me.until_version(a.state["version"] if a.state else 0))
                assert before["undo"] is False
                await me.act(step)
                moved = await me.until_version(before["version"] + 1)
                assert moved["undo"] is True and moved["to_act"] == seat
                seen = await other.until_version(before["version"] + 1)
                assert seen["undo"] is False  # only the seat that made the step may undo it
                await other.send({"type": "undo", "version": moved["version"], "id": 3})
                refused = await other.error()
                assert (refused["code"], refused["request"]) == ("cannot_undo", 3)
                await me.send({"type": "undo", "version": moved["version"] - 1, "id": 4})
                stale = await me.error()
                assert (stale["code"], stale["request"]) == ("stale", 4)
                await me.send({"type": "undo", "version": moved["version"], "id": 5})
                ack = await me.until(lambda m: m["type"] == "ack")
                assert ack == {"type": "ack", "request": 5, "version": before["version"] + 2}
                back = await me.until_version(before["version"] + 2)
                for key in ("board_svg", "private_svg", "legal", "scores", "to_act", "phase"):
                    assert back[key] == before[key], key
                assert back["undo"] is False
                await other.until_version(before["version"] + 2)
                await me.act(step)  # the same step again: it may be undone again
                return dict(await me.until_version(before["version"] + 3)) | {"me": seat, "step": step}

        mid = asyncio.run(first())
        assert mid["undo"] is True
        server.kill()
        server.start()

        async def after_restart() -> int:
            async with Client(server.base, made["id"], tokens[0]) as a, Client(server.base, made["id"], tokens[1]) as b:
                me = (a, b)[mid["me"]]
                assert me.state is not None
                for key in ("version", "undo", "board_svg", "legal", "to_act"):
                    assert me.state[key] == mid[key], key
                await me.send({"type": "undo", "version": mid["version"], "id": 9})
                ack = await me.until(lambda m: m["type"] == "ack")
                assert ack["version"] == mid["version"] + 1
                end = await play_out({0: a, 1: b}, rng)  # and the game goes on to its end
                return int(end["version"])

        rows = asyncio.run(after_restart())
        # the stored rows keep both steps and their undos; the game's record is the game as played
        record = httpx.get(f"{server.base}/api/games/{made['id']}/record", timeout=10)
        assert record.status_code == 200
        assert len(record.json()["actions"]) == rows - 4 and "undo" not in record.json()["actions"]
    finally:
        server.stop()
