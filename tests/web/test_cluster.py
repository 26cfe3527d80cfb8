"""Several server processes on one PostgreSQL act as one site (docs/web.md, "Several processes").

Real ``ludoteca serve`` processes on one fresh database: clients of one game on different processes,
actions racing from both, the owner of a game's bots killed with SIGKILL, a process restarted.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import signal
import time
from pathlib import Path

import httpx
import psycopg
import pytest
from test_rematch import finished_with_humans

from ludoteca import games
from ludoteca.core.records import GameRecord, replay
from ludoteca.web.features.cluster import ORPHANS, SPACE, GameLocks, conninfo
from ludoteca.web.features.rematch import seat_token
from ludoteca.web.storage.store import Store

from serverkit import Client, ServerProcess, create_game, play_out


def _record(base: str, game_id: str) -> GameRecord:
    response = httpx.get(f"{base}/api/games/{game_id}/record", timeout=10)
    assert response.status_code == 200, response.text
    return GameRecord.from_dict(response.json())


def _stored_actions(url: str, game_id: str) -> list[int]:
    """The numbers of the game's stored actions, in order: each once, none missing, if nothing was doubled."""
    with psycopg.connect(conninfo(url)) as conn:
        rows = conn.execute("SELECT n FROM actions WHERE game_id = %s ORDER BY n", (game_id,)).fetchall()
    return [n for (n,) in rows]


def _owned(server: ServerProcess) -> int:
    return int(httpx.get(f"{server.base}/healthz", timeout=5).json()["owned"])


def test_two_clients_on_two_processes_play_to_the_end(pair: tuple[ServerProcess, ServerProcess]) -> None:
    a, b = pair
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}, {"kind": "human", "name": "Bo"}]
    made = create_game(a.base, "verraeter", seats, seed=5)
    tokens = {s["seat"]: s["token"] for s in made["seats"] if s["kind"] == "human"}

    async def play() -> tuple[dict[str, object], dict[str, object]]:
        async with Client(a.base, made["id"], tokens[0]) as ada, Client(b.base, made["id"], tokens[2]) as bo:
            final = await play_out({0: ada, 2: bo}, random.Random(3))
            seen = await bo.until_state(lambda m: m["result"] is not None)
            return final, seen

    final, seen = asyncio.run(play())
    assert final["version"] == seen["version"] and final["scores"] == seen["scores"]
    for server in pair:  # both processes serve the same stored game, which replays to the served end
        record = _record(server.base, made["id"])
        state = replay(games.get("verraeter"), record)
        assert state.is_terminal() and list(state.result().scores) == final["scores"]
        assert len(record.actions) == final["version"]


def test_racing_actions_from_two_processes(pair: tuple[ServerProcess, ServerProcess], postgres_url: str) -> None:
    """The same seat on two devices, one on each process, acting on the same version at once: one action
    is stored, the other device is told it was stale, and both then show the same table."""
    a, b = pair
    made = create_game(a.base, "kreta", [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}], seed=8)
    tokens = {s["seat"]: s["token"] for s in made["seats"]}

    async def race() -> None:
        async with (
            Client(a.base, made["id"], tokens[0]) as one,
            Client(b.base, made["id"], tokens[0]) as other,
            Client(b.base, made["id"], tokens[1]) as second,
        ):
            rng = random.Random(2)
            for _ in range(5):
                assert one.state is not None and other.state is not None
                version = one.state["version"]
                await other.until_version(version)
                mover = {0: (one, other), 1: None}.get(one.state["to_act"])
                if mover is None:  # seat 1's turn: it plays, from process b
                    await second.until_version(version)
                    assert second.state is not None
                    await second.act(rng.choice(second.state["legal"])["text"])
                    await one.until_version(version + 1)
                    continue
                legal = [m["text"] for m in one.state["legal"]]
                await asyncio.gather(one.act(rng.choice(legal), version), other.act(rng.choice(legal), version))
                refused = await asyncio.gather(*(_refused(c) for c in (one, other)))
                assert sorted(refused) == [[], ["stale"]], refused
                await one.until_version(version + 1)
                await other.until_version(version + 1)
                assert one.state["version"] == other.state["version"] == version + 1
                assert one.state["board_svg"] == other.state["board_svg"]
            assert _stored_actions(postgres_url, made["id"]) == list(range(one.state["version"]))

    asyncio.run(race())


def test_an_undo_racing_a_step_from_the_other_process_leaves_one_of_them_and_the_same_table_on_both(
    pair: tuple[ServerProcess, ServerProcess], postgres_url: str
) -> None:
    """The same seat on two devices, one on each process: on one it undoes its last step, on the other it
    goes on with another step, at the same version. One row is stored, the other is told it was stale;
    both processes then show the same table, and the stored rows have no gap (undo is an append: #34)."""
    a, b = pair
    made = create_game(a.base, "kreta", [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}], seed=6)
    tokens = {s["seat"]: s["token"] for s in made["seats"]}

    async def race() -> None:
        async with (
            Client(a.base, made["id"], tokens[0]) as a0,
            Client(b.base, made["id"], tokens[0]) as b0,
            Client(a.base, made["id"], tokens[1]) as a1,
            Client(b.base, made["id"], tokens[1]) as b1,
        ):
            here, there = {0: a0, 1: a1}, {0: b0, 1: b1}
            rng = random.Random(6)
            races = 0
            for _ in range(400):
                assert a0.state is not None
                version, seat = a0.state["version"], a0.state["to_act"]
                if seat < 0 or races == 3:
                    break
                one, other = here[seat], there[seat]
                await one.until_version(version)
                await other.until_version(version)
                assert one.state is not None
                legal = [m["text"] for m in one.state["legal"]]
                if not one.state["undo"]:
                    await one.act(rng.choice(legal))
                    await a0.until_version(version + 1)
                    continue
                races += 1
                await asyncio.gather(
                    one.send({"type": "undo", "version": version}), other.act(rng.choice(legal), version)
                )
                refused = await asyncio.gather(*(_refused(c) for c in (one, other)))
                assert sorted(refused) == [[], ["stale"]], refused
                for client in (a0, b0, a1, b1):
                    await client.until_version(version + 1)
                assert a0.state["board_svg"] == b0.state["board_svg"] == a1.state["board_svg"] == b1.state["board_svg"]
                assert a0.state["undo"] == b0.state["undo"] and a0.state["legal"] == b0.state["legal"]
            assert races == 3
            assert _stored_actions(postgres_url, made["id"]) == list(range(a0.state["version"]))

    asyncio.run(race())


async def _refused(client: Client) -> list[str]:
    """The errors the server answered the messages sent so far (it answers a connection's messages in
    order, so they all come before the ``pong`` of a ``ping`` sent now)."""
    await client.send({"type": "ping"})
    errors = []
    while (message := await client.until(lambda m: m["type"] in ("error", "pong")))["type"] == "error":
        errors.append(str(message["code"]))
    return errors


DIE_AFTER_COMMIT = """
import os, signal

from ludoteca.web.storage import games

_append = games.Games.append_action


async def _append_then_die(self, game_id, row, result=None):
    await _append(self, game_id, row, result)
    os.kill(os.getpid(), signal.SIGKILL)  # the action is committed; nothing this process would do next runs


games.Games.append_action = _append_then_die
"""
"""A ``sitecustomize`` that kills its server process the moment an action's transaction has committed."""


def test_a_process_killed_right_after_a_commit_has_announced_it(
    tmp_path: Path, postgres_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue #35, point 4: the announcement of a change is part of the change's transaction (a NOTIFY is
    delivered when, and only if, its transaction commits). Process a dies right after it committed a
    player's action — before it could apply it, answer it or tell anyone —, and process b's live room,
    whose page waits for nothing but an announcement, shows that action all the same. (When the NOTIFY was
    sent after the commit, by another task, the other processes' rooms stayed stale until someone acted.)"""
    b = ServerProcess(tmp_path / "b", postgres_url).start()
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    (hooks / "sitecustomize.py").write_text(DIE_AFTER_COMMIT)
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(filter(None, [str(hooks), os.environ.get("PYTHONPATH")])))
    a = ServerProcess(tmp_path / "a", postgres_url).start()
    monkeypatch.undo()
    try:
        made = create_game(b.base, "kreta", [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}])
        tokens = {s["seat"]: s["token"] for s in made["seats"]}

        async def scenario() -> dict[str, object]:
            async with Client(b.base, made["id"], tokens[0]) as watcher:
                assert watcher.state is not None and watcher.state["version"] == 0
                mover = Client(a.base, made["id"], tokens[int(watcher.state["to_act"])])
                await mover.__aenter__()
                assert mover.state is not None
                await mover.act(mover.state["legal"][0]["text"], 0)
                with contextlib.suppress(Exception):  # its server is gone
                    await mover.__aexit__(None, None, None)
                return await watcher.until_version(1)

        seen = asyncio.run(scenario())
        assert a.proc is not None and a.proc.wait(timeout=30) == -signal.SIGKILL  # died as it committed
        assert _stored_actions(postgres_url, made["id"]) == [0]
        assert seen["version"] == 1
    finally:
        a.stop()
        b.stop()


def test_kill_9_of_the_bots_owner_hands_its_games_over(pair: tuple[ServerProcess, ServerProcess]) -> None:
    """The process running a bots-only game dies mid-game; the other (which never had the game live)
    finds the game without an owner, takes it over within seconds and plays it to the end."""
    a, b = pair
    made = create_game(a.base, "kreta", [{"kind": "bot", "bot": "random"}] * 2, seed=6)
    owner, survivor = _owner_and_other(a, b)

    async def until_some_moves() -> None:
        async with Client(owner.base, made["id"]) as watcher:
            await watcher.until_state(lambda m: m["version"] >= 3)

    asyncio.run(until_some_moves())
    owner.kill()
    deadline = time.monotonic() + 10
    while _owned(survivor) == 0:
        assert time.monotonic() < deadline, "no process took the game over within a few seconds"
        time.sleep(0.1)

    async def until_the_end() -> dict[str, object]:
        async with Client(survivor.base, made["id"]) as watcher:
            return await watcher.until_state(lambda m: m["result"] is not None, timeout=120)

    final = asyncio.run(until_the_end())
    _check_final(survivor, made["id"], final)
    owner.start()  # a restarted process joins the site again and serves the finished game
    assert len(_record(owner.base, made["id"]).actions) == final["version"]


def _owner_and_other(a: ServerProcess, b: ServerProcess) -> tuple[ServerProcess, ServerProcess]:
    """Which of the two runs the one unfinished game (once one does)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        owned = _owned(a), _owned(b)
        if owned in ((1, 0), (0, 1)):
            return (a, b) if owned == (1, 0) else (b, a)
        time.sleep(0.05)
    raise AssertionError("no process took the game")


def _check_final(server: ServerProcess, game_id: str, final: dict[str, object]) -> None:
    """Nothing lost, nothing applied twice: the stored actions replay to the end the clients saw."""
    record = _record(server.base, game_id)
    state = replay(games.get("kreta"), record)
    assert state.is_terminal() and list(state.result().scores) == final["scores"]
    assert len(record.actions) == final["version"]


def test_workers_need_postgresql(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from ludoteca.cli.serve import serve

    result = CliRunner().invoke(serve, ["--workers", "2", "--data-dir", str(tmp_path)], env={"DATABASE_URL": ""})
    assert result.exit_code == 2
    assert "--workers above 1 needs PostgreSQL" in result.output


def test_workers_share_one_port(tmp_path: Path, postgres_url: str) -> None:
    """``serve --workers 2``: one address, two processes; a game played through it goes to its end."""
    server = ServerProcess(tmp_path, postgres_url, args=("--workers", "2")).start()
    try:
        seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}, {"kind": "human", "name": "Bo"}]
        made = create_game(server.base, "verraeter", seats, seed=11)
        tokens = {s["seat"]: s["token"] for s in made["seats"] if s["kind"] == "human"}

        async def play() -> dict[str, object]:
            async with (
                Client(server.base, made["id"], tokens[0]) as ada,
                Client(server.base, made["id"], tokens[2]) as bo,
            ):
                return await play_out({0: ada, 2: bo}, random.Random(4))

        final = asyncio.run(play())
        assert final["result"] is not None
        assert _stored_actions(postgres_url, made["id"]) == list(range(int(str(final["version"]))))
    finally:
        server.stop()


def test_a_restarted_process_resumes_its_part(pair: tuple[ServerProcess, ServerProcess], postgres_url: str) -> None:
    """One of the two processes is killed mid-game and started again: its clients come back to it and the
    game goes on across both processes to its end, every action stored once."""
    a, b = pair
    seats = [{"kind": "human", "name": "Ada"}, {"kind": "bot", "bot": "random"}, {"kind": "human", "name": "Bo"}]
    made = create_game(a.base, "verraeter", seats, seed=17)
    tokens = {s["seat"]: s["token"] for s in made["seats"] if s["kind"] == "human"}
    rng = random.Random(9)

    async def play(moves: int | None) -> dict[str, object]:
        async with Client(a.base, made["id"], tokens[0]) as ada, Client(b.base, made["id"], tokens[2]) as bo:
            return await play_out({0: ada, 2: bo}, rng, moves=moves)

    before = asyncio.run(play(6))
    b.kill()
    b.start()
    final = asyncio.run(play(None))
    assert int(str(final["version"])) > int(str(before["version"])) and final["result"] is not None
    assert _stored_actions(postgres_url, made["id"]) == list(range(int(str(final["version"]))))


def test_a_rematch_proposed_on_one_process_reaches_the_other(
    pair: tuple[ServerProcess, ServerProcess],
) -> None:
    """Ada proposes the rematch on one process; Bea, at the table on the other, gets her own seat's
    token for it at once, and it opens her seat whichever process she then reaches."""
    a, b = pair
    old, (ada, bea) = finished_with_humans(a.base)

    async def scenario() -> None:
        async with Client(a.base, old, ada) as on_a, Client(b.base, old, bea) as on_b:
            await on_a.send({"type": "rematch"})
            offer = await on_b.until(lambda m: m["type"] == "rematch", timeout=15)
            assert offer["seat"] == 1 and offer["token"] == seat_token(bea, offer["id"])
            for server in (a, b):
                async with Client(server.base, offer["id"], offer["token"]) as new:
                    assert new.frames[0]["seat"] == 1

    asyncio.run(scenario())


def test_the_turn_timer_of_a_dead_owner_runs_out_in_another_process(
    pair: tuple[ServerProcess, ServerProcess], postgres_url: str
) -> None:
    """A timed game of humans: its owner dies; the process where a player still sits takes the timer
    over, and the turn's time is counted from the store, not from the takeover: the game is stored as made an
    hour ago with ten-minute turns, so a bot plays the late seat as soon as the survivor owns the game (counted
    from the takeover, it would wait ten minutes and this test would fail whatever the machine's speed)."""
    a, b = pair
    made = create_game(a.base, "kreta", [{"kind": "human"}, {"kind": "human"}], seed=3, turn_seconds=600)
    owner, survivor = _owner_and_other(a, b)
    tokens = [s["token"] for s in made["seats"]]
    with psycopg.connect(conninfo(postgres_url)) as conn:
        conn.execute("UPDATE games SET created = created - 3600 WHERE id = %s", (made["id"],))

    async def scenario() -> None:
        async with Client(survivor.base, made["id"], tokens[1]) as player:
            assert player.state is not None and player.state["version"] == 0
            late = player.state["to_act"]
            owner.kill()
            await player.until_state(lambda m: m["seats"][late]["autoplay"], timeout=60)
            assert _owned(survivor) == 1

    asyncio.run(scenario())


def test_the_chat_reaches_the_other_process(pair: tuple[ServerProcess, ServerProcess]) -> None:
    """Players at one table on two processes chat; messages said at once on both are both stored, each
    under its own number, and every page gets both."""
    a, b = pair
    made = create_game(a.base, "kreta", [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}], seed=4)
    tokens = [s["token"] for s in made["seats"]]

    def said(client: Client) -> list[dict[str, object]]:
        """The messages the page has, by number: from its history (which may already hold one said while
        the page arrived) and from the messages sent since."""
        by_n = {}
        for frame in client.frames:
            if frame["type"] == "chat_history":
                by_n.update((m["n"], m) for m in frame["messages"])
            elif frame["type"] == "chat":
                by_n[frame["message"]["n"]] = frame["message"]
        return [by_n[n] for n in sorted(by_n)]

    async def chat_until(client: Client, count: int) -> list[dict[str, object]]:
        while len(said(client)) < count:
            await client.recv()
        return said(client)

    async def scenario() -> None:
        async with Client(a.base, made["id"], tokens[0]) as ada, Client(b.base, made["id"], tokens[1]) as bo:
            await ada.send({"type": "chat", "text": "hello from a"})
            assert (await chat_until(bo, 1))[0]["text"] == "hello from a"
            await asyncio.gather(
                ada.send({"type": "chat", "text": "both at once, a"}), bo.send({"type": "chat", "text": "and b"})
            )
            for client in (ada, bo):
                said = await chat_until(client, 3)
                assert sorted(int(str(m["n"])) for m in said) == [0, 1, 2]
                assert {m["text"] for m in said} == {"hello from a", "both at once, a", "and b"}

    asyncio.run(scenario())


def test_a_process_forgets_a_game_it_no_longer_serves(pair: tuple[ServerProcess, ServerProcess]) -> None:
    """The process that created a game whose players all went to the other one does not apply each of its
    actions again for nobody: at the first change announced it unloads the game; a page arriving later
    loads it whole and sees every action."""
    a, b = pair
    humans = [{"kind": "human", "name": "Ada"}, {"kind": "human", "name": "Bo"}]
    made = create_game(a.base, "kreta", humans, seed=4)
    tokens = {s["seat"]: s["token"] for s in made["seats"]}
    assert httpx.get(f"{a.base}/healthz", timeout=5).json()["games"] == 1

    async def scenario() -> None:
        async with Client(b.base, made["id"], tokens[0]) as ada, Client(b.base, made["id"], tokens[1]) as bo:
            last = await play_out({0: ada, 1: bo}, random.Random(5), moves=3)
            deadline = time.monotonic() + 10
            while httpx.get(f"{a.base}/healthz", timeout=5).json()["games"] and time.monotonic() < deadline:
                await asyncio.sleep(0.1)
            assert httpx.get(f"{a.base}/healthz", timeout=5).json()["games"] == 0
            async with Client(a.base, made["id"], tokens[0]) as again:
                assert again.state is not None and again.state["version"] == last["version"]

    asyncio.run(scenario())


@pytest.mark.asyncio
async def test_two_games_whose_ids_collide_in_32_bits_have_their_own_locks(postgres_url: str) -> None:
    """A game's lock was keyed on the 32-bit ``hashtext`` of its id: among 100,000 games two share a key
    (issue #24, low 12), and the process owning one could not run the other. Two such ids are looked
    for here and must have a lock each; an owned game is not taken for an orphan either."""
    store = await Store.open(postgres_url)  # the schema, for the orphans' query
    await store.close()
    with psycopg.connect(conninfo(postgres_url)) as conn:
        found = conn.execute(
            "SELECT min(id), max(id) FROM (SELECT 'g' || i AS id FROM generate_series(1, 300000) AS i) AS ids "
            "GROUP BY hashtext(id) HAVING count(*) > 1 LIMIT 1"
        ).fetchone()
        assert found is not None
        first, second = found
        conn.execute(
            "INSERT INTO games (id, game, options, seed, turn_seconds, created, finished, public) "
            "VALUES (%s, 'kreta', '{}', 1, 60, 1.0, false, false), (%s, 'kreta', '{}', 1, 60, 2.0, false, false)",
            (first, second),
        )
    a, b = GameLocks(postgres_url), GameLocks(postgres_url)
    await a.start()
    await b.start()
    try:
        assert await a.own(first)
        assert await b.own(second)
        assert not await b.own(first)
        async with await psycopg.AsyncConnection.connect(conninfo(postgres_url), autocommit=True) as conn:
            cur = await conn.execute(ORPHANS, {"live": [], "space": SPACE, "limit": 10})
            assert [row[0] for row in await cur.fetchall()] == []  # both owned
        await a.release(first)
        async with await psycopg.AsyncConnection.connect(conninfo(postgres_url), autocommit=True) as conn:
            cur = await conn.execute(ORPHANS, {"live": [], "space": SPACE, "limit": 10})
            assert [row[0] for row in await cur.fetchall()] == [first]
    finally:
        await a.close()
        await b.close()
