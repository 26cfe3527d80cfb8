"""No secret of another seat ever leaves the server.

Every frame a seat receives is read and checked in the strongest form: it must be a function of that
seat's view alone. For each frame we rebuild the position it was sent at, resample everything the seat
cannot see (other hands, the draft, the draw pile, the fort cards) with the core's ``determinize``,
and check that the frame built from that other world is identical. A frame that depended on any
hidden card would differ for some resampled world. A client that takes light updates receives ``patch``
messages: each must be the patch between the whole frames of two resampled worlds (the one before it and
its own), so a patch cannot carry a secret either.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import httpx
import pytest

from ludoteca import games
from ludoteca.core.records import GameRecord
from ludoteca.core.rng import Rng
from ludoteca.web.language import i18n
from ludoteca.web.play.match import Match, Seat
from ludoteca.web.seatview import patches
from ludoteca.web.seatview.state import BoardCache, state_message

from serverkit import Client, create_game, play_out, server_thread

IGNORED = ("seats", "deadline")
"""Who is connected and the turn clock are public table facts that tests cannot pin to a version."""


def seats_of(record: GameRecord) -> list[Seat]:
    """The seats as the server holds them: the humans named, the bot named by the server (its colour and
    level, made in each reader's language)."""
    kinds = record.seats or ["human"] * len(record.players)
    return [
        Seat(i, name, "human") if kind == "human" else Seat(i, name, "bot", bot=kind, generated=True)
        for i, (name, kind) in enumerate(zip(record.players, kinds, strict=True))
    ]


def frame_from_world(record: GameRecord, version: int, seat: int, world: Any, log_start: int, lang: str) -> Any:
    seats = seats_of(record)
    definition, actions = games.get(record.game), record.actions[:version]
    # the games here are created with a seed: every seat is told the deal was chosen (never the seed)
    match = Match("x", definition, record.options, record.seed, seats, actions=actions, seed_chosen=True)
    if world is not None:
        match.state = world
    message = state_message(
        match, seat, lang, i18n.translator(lang), board=BoardCache(), connected={}, log_start=log_start, deadline=None
    )
    message["id"] = "x"
    return json.loads(json.dumps({k: v for k, v in message.items() if k not in IGNORED}))


def _kept(change: dict[str, Any] | None) -> dict[str, Any]:
    """What a patch says beyond the :data:`IGNORED` fields (their changes cannot be pinned to a version)."""
    if change is None:
        return {}
    kept = {key: value for key, value in change.items() if key not in ("type", "base", "set")}
    changed = {key: value for key, value in change.get("set", {}).items() if key not in IGNORED}
    return {**kept, "set": changed} if changed else kept


@pytest.mark.parametrize(
    "game, players, light",
    [("verraeter", 4, False), ("verraeter", 3, False), ("kreta", 3, False), ("verraeter", 4, True), ("kreta", 3, True)],
)
def test_every_frame_depends_only_on_the_seats_view(tmp_path: Path, game: str, players: int, light: bool) -> None:
    seats: list[dict[str, Any]] = [{"kind": "human", "name": f"P{i}"} for i in range(players - 1)]
    seats.append({"kind": "bot", "bot": "heuristic"})
    with server_thread(tmp_path) as base:
        made = create_game(base, game, seats, seed=17)
        tokens = {s["seat"]: s["token"] for s in made["seats"] if s["kind"] == "human"}
        rng = random.Random(2)

        async def play() -> dict[int, tuple[list[dict[str, Any]], list[dict[str, Any]]]]:
            clients = {
                seat: Client(base, made["id"], token, lang="de", patches=light) for seat, token in tokens.items()
            }
            for c in clients.values():
                await c.__aenter__()
            try:
                await play_out(clients, rng)
            finally:
                for c in clients.values():
                    await c.__aexit__()
            return {seat: (c.frames, c.states) for seat, c in clients.items()}

        frames = asyncio.run(play())
        record = GameRecord.from_dict(httpx.get(f"{base}/api/games/{made['id']}/record").json())

    definition = games.get(game)
    assert definition.determinize is not None
    checked = 0
    patched = 0
    for seat, (received, states) in frames.items():
        sent_frames = [f for f in received if f["type"] in ("state", "patch")]
        assert states and len(sent_frames) == len(states)
        assert all(f["type"] == "state" for f in sent_frames) or light
        for k, frame in enumerate(states):
            if k % 3 and k != len(states) - 1:  # every third frame and the last: the game is long
                continue
            if sent_frames[k]["type"] == "patch":  # the patch itself, from the frame before it
                before = states[k - 1]
                assert sent_frames[k]["base"] == before["version"]
                for r in range(2):
                    ends = []
                    for at in (before, frame):
                        position = Match(
                            "x",
                            definition,
                            record.options,
                            record.seed,
                            seats_of(record),
                            actions=record.actions[: at["version"]],
                        )
                        world = definition.determinize(position.state.view(seat), Rng(1000 * at["version"] + 7 + r))
                        ends.append(frame_from_world(record, at["version"], seat, world, at["log_start"], "de"))
                    remade = json.loads(json.dumps(patches.patch(ends[0], ends[1])))
                    assert _kept(remade) == _kept(sent_frames[k]), (
                        f"seat {seat}, frame {k}: the patch depends on hidden information"
                    )
                patched += 1
            version, log_start = frame["version"], frame["log_start"]
            sent = {key: v for key, v in frame.items() if key not in IGNORED}
            sent["id"] = "x"
            truth = frame_from_world(record, version, seat, None, log_start, "de")
            assert sent == truth  # the frame is what the presenter builds from the true state
            position = Match(
                "x", definition, record.options, record.seed, seats_of(record), actions=record.actions[:version]
            )
            truth_view = position.state.view(seat)
            for r in range(2):
                world = definition.determinize(truth_view, Rng(1000 * version + r))
                other = frame_from_world(record, version, seat, world, log_start, "de")
                assert other == sent, f"seat {seat}, version {version}: the frame depends on hidden information"
            checked += 1
    assert checked > 20
    assert patched > 10 or not light
