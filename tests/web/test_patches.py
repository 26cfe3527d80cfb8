"""Light updates (issue #19): the patches a connection receives rebuild exactly the whole tables it would
have received instead, and a client that lost track (a reconnection, a patch that does not fit, a stale
action) gets a whole table again."""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest

from ludoteca import games
from ludoteca.web.language import i18n
from ludoteca.web.live.connection import Connection
from ludoteca.web.live.room import Room
from ludoteca.web.play.match import Match, Seat
from ludoteca.web.seatview import patches

from serverkit import Client, create_game, play_out, server_thread

RANDOM_BOT = {"kind": "bot", "bot": "random"}


class _Quiet:
    async def send_text(self, data: str) -> None:
        pass


def test_an_edit_rebuilds_any_text_counting_as_javascript_does() -> None:
    rng = random.Random(3)
    alphabet = ["<g ", "</g>", "\n", "a", "ä", "😀", "<rect/>", '<g id="x">', "text " * 5, "€"]
    for _ in range(300):
        old = "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 300)))
        new = list(old)
        for _ in range(rng.randrange(0, 8)):
            at = rng.randrange(0, len(new) + 1)
            new[at:at] = rng.choice(alphabet)
        if new and rng.random() < 0.5:
            del new[rng.randrange(len(new)) :][: rng.randrange(1, 40)]
        text = "".join(new)
        ops = patches.edit(old, text)
        assert patches.apply_edit(old, ops) == text
        for op in ops:  # offsets in UTF-16 units, as the page's String.slice counts them
            if isinstance(op, list):
                units = old.encode("utf-16-le")[2 * op[0] : 2 * op[1]]
                assert units.decode("utf-16-le") in old


def test_a_patch_for_another_version_or_of_the_wrong_size_does_not_apply() -> None:
    old = {"type": "state", "version": 3, "board_svg": "<svg>" + "x" * 600 + "</svg>", "log": []}
    new = {**old, "version": 4, "board_svg": "<svg>" + "x" * 599 + "y</svg>", "log": ["a"]}
    change = patches.patch(old, new)
    assert change is not None and change["base"] == 3 and set(change["set"]) == {"version", "log"}
    assert patches.apply(old, change) == new
    with pytest.raises(patches.PatchError):
        patches.apply({**old, "version": 2}, change)
    change["edit"]["board_svg"]["size"] += 1
    with pytest.raises(patches.PatchError):
        patches.apply(old, change)
    assert patches.patch(old, dict(old)) is None


def _seats(game: str, players: int) -> list[Seat]:
    names = ["Ada", "Bö😀", "Cy", "Di"]  # an emoji: offsets count UTF-16 units
    return [Seat(i, names[i], "human", token_hash=f"h{i}") for i in range(players)]


@pytest.mark.parametrize("game, players, lang", [("verraeter", 4, "de"), ("verraeter", 3, "en"), ("kreta", 4, "fr")])
def test_patches_rebuild_every_whole_table_of_whole_games(game: str, players: int, lang: str) -> None:
    """Every seat and a spectator, each as a connection that takes patches beside one that takes whole
    tables: after each action (and some connection changes) the patched state equals the whole one."""
    rng = random.Random(players)
    match = Match("x", games.get(game), {}, 40 + players, _seats(game, players))
    room = Room(match)
    pairs: list[tuple[Connection, Connection]] = []
    for seat in (*range(players), -1):
        pair = []
        for light in (False, True):
            conn = Connection(_Quiet(), lang, i18n.translator(lang))
            conn.patches, conn.guide = light, seat == 0
            room.seat_connection(conn, seat)
            room.connections.add(conn)
            pair.append(conn)
        pairs.append((pair[0], pair[1]))
    held: dict[int, dict[str, Any]] = {}
    patched = 0

    def check() -> None:
        nonlocal patched
        for k, (whole, light) in enumerate(pairs):
            want = json.loads(room.frame_for(whole) or "null")
            frame = room.frame_for(light)
            if frame is None:
                assert want == held[k], "nothing was sent, yet the whole table changed"
                continue
            got = json.loads(frame)
            if got["type"] == "patch":
                got = patches.apply(held[k], got)
                patched += 1
            assert got == want
            held[k] = got

    check()
    steps = 0
    while not match.finished:
        action = rng.choice(match.state.legal_actions())
        parsed, text = match.check(match.to_act(), match.version, action.to_text())
        match.commit(parsed, text, match.prepare(parsed))
        if steps % 17 == 5:  # a seat's connections come and go: its "connected" changes, not the version
            extra = Connection(_Quiet(), lang, i18n.translator(lang))
            room.seat_connection(extra, steps % players)
            check()
            room.seat_connection(extra, None)
        if steps % 23 == 7:  # a whole table asked for (``sync``): the log starts over
            for whole, light in pairs[:2]:
                whole.refresh(full=True)
                light.refresh(full=True)
        room.deadline = None if steps % 5 else 1e9 + steps
        check()
        steps += 1
    assert patched > steps * len(pairs) // 2


def _tokens(made: dict[str, Any]) -> dict[int, str]:
    return {s["seat"]: s["token"] for s in made["seats"] if s["kind"] == "human"}


def _full_log(states: list[dict[str, Any]]) -> list[str]:
    lines: list[str] = []
    for state in states:
        lines[state["log_start"] :] = state["log"]
    return lines


def test_a_patching_client_plays_to_the_end_and_sees_what_a_whole_one_sees(tmp_path: Path) -> None:
    with server_thread(tmp_path) as base:
        made = create_game(base, "kreta", [{"kind": "human", "name": f"P{i}"} for i in range(3)], seed=5)
        tokens = _tokens(made)

        async def play() -> None:
            clients = {s: Client(base, made["id"], t, patches=s != 1) for s, t in tokens.items()}
            light, whole = Client(base, made["id"], patches=True), Client(base, made["id"])
            for c in (*clients.values(), light, whole):
                await c.__aenter__()
            try:
                final = await play_out(clients, random.Random(5), moves=60)
                for c in (light, whole):
                    await c.until_version(final["version"])
                assert any(f["type"] == "patch" for f in light.frames)
                assert all(f["type"] != "patch" for f in whole.frames)
                assert light.state is not None and whole.state is not None
                skip = ("log", "log_start")
                assert {k: v for k, v in light.state.items() if k not in skip} == {
                    k: v for k, v in whole.state.items() if k not in skip
                }
                assert _full_log(light.states) == _full_log(whole.states)
                sent = sum(len(json.dumps(f)) for f in light.frames)
                assert sent * 5 < sum(len(json.dumps(f)) for f in whole.frames)
            finally:
                for c in (*clients.values(), light, whole):
                    await c.__aexit__()

        asyncio.run(play())


def test_after_a_reconnection_a_sync_or_a_stale_action_the_client_gets_a_whole_table(tmp_path: Path) -> None:
    with server_thread(tmp_path) as base:
        made = create_game(base, "verraeter", [{"kind": "human", "name": "A"}] + [RANDOM_BOT] * 2, seed=3)
        tokens = _tokens(made)

        async def scenario() -> None:
            async with Client(base, made["id"], tokens[0], patches=True) as a:
                assert a.frames[-1]["type"] == "state"
                await play_out({0: a}, random.Random(1), moves=4)
                assert any(f["type"] == "patch" for f in a.frames) and a.state is not None
                # the client lost track (a patch that did not fit): it asks for the whole table
                await a.send({"type": "sync"})
                whole = await a.until(lambda m: a.frames[-1]["type"] == "state")
                assert whole["log_start"] == 0 and whole["version"] == a.state["version"]
                # a stale action: the refusal, then the whole table
                await a.act("pass", version=max(0, a.state["version"] - 1))
                assert (await a.error())["code"] == "stale"
                await a.until(lambda m: a.frames[-1]["type"] == "state")
                version = a.state["version"]
            async with Client(base, made["id"], tokens[0], patches=True) as b:  # a reconnection
                assert b.frames[-1]["type"] == "state" and b.state is not None
                assert b.state["log_start"] == 0 and b.state["version"] >= version

        asyncio.run(scenario())


def test_a_patch_that_does_not_fit_is_refused_by_the_client_and_a_sync_recovers(tmp_path: Path) -> None:
    with server_thread(tmp_path) as base:
        made = create_game(base, "verraeter", [{"kind": "human", "name": "A"}] + [RANDOM_BOT] * 2, seed=4)
        token = _tokens(made)[0]

        async def scenario() -> None:
            async with Client(base, made["id"], token, patches=True) as a:
                assert a.state is not None
                if not a.state["legal"]:  # the bots move first
                    await a.until(lambda m: m["type"] == "state" and bool(m["legal"]))
                stale = dict(a.state)
                legal = stale["legal"]
                await a.act(legal[0]["text"])
                raw = json.loads(await asyncio.wait_for(a.ws.recv(), 15))
                while raw["type"] != "patch":
                    raw = json.loads(await asyncio.wait_for(a.ws.recv(), 15))
                patches.apply(stale, raw)  # fits the state it was made for
                with pytest.raises(patches.PatchError):
                    patches.apply({**stale, "version": stale["version"] - 1}, raw)
                a.state = None  # as the page does: drop what it holds and ask again
                await a.send({"type": "sync"})
                while True:
                    raw = json.loads(await asyncio.wait_for(a.ws.recv(), 15))
                    if raw["type"] == "state":
                        break
                assert raw["version"] >= stale["version"] + 1 and raw["log_start"] == 0

        asyncio.run(scenario())
