"""The write path over the in-memory store (:class:`.MemoryStore`): the live table's changes — actions,
undos, seats — and its answers to a database that went away, without a server or a database (the same
paths run over SQLite and PostgreSQL in the server tests)."""

from __future__ import annotations

import random

import pytest

from ludoteca import games
from ludoteca.web.hosting.limits import RateLimit
from ludoteca.web.live.events import ActionStored, Change, TableEvents
from ludoteca.web.live.registry import NewGame, Registry
from ludoteca.web.live.room import Room
from ludoteca.web.live.write_path import WritePath
from ludoteca.web.play.match import MatchError
from ludoteca.web.play.seat import Seat
from ludoteca.web.play.undo import UNDO
from ludoteca.web.storage.memory import MemoryStore

pytestmark = pytest.mark.asyncio
KRETA = games.get("kreta")


class Table:
    """A registry and a write path over a :class:`.MemoryStore`, and every event they emitted."""

    def __init__(self) -> None:
        self.store = MemoryStore()
        self.events = TableEvents()
        self.changes: list[Change] = []
        self.ended: list[Room] = []
        self.events.changed.subscribe(self.changes.append)
        self.events.finished.subscribe(self.ended.append)
        loads = RateLimit(1000, 60.0)
        self.registry = Registry(self.store, self.events, alone=True, loads=loads, clock=lambda: 100.0)
        self.write = WritePath(self.store, self.registry, self.events, clock=lambda: 100.0)

    async def game(self, seed: int = 6) -> Room:
        seats = [Seat(i, f"P{i}", "human", token_hash=f"t{i}") for i in range(2)]
        new = NewGame("g", KRETA, {}, seed, seats, {0: "a", 1: "b"}, None)
        return await self.registry.create(new)


async def _to_movement(table: Table, room: Room, rng: random.Random) -> str:
    assert KRETA.can_undo is not None
    while True:
        match = room.match
        steps = [a for a in match.state.legal_actions() if KRETA.can_undo(match.state, a)]
        if steps:
            return str(steps[0].to_text())
        action = rng.choice(match.state.legal_actions()).to_text()
        await table.write.act(room, match.to_act(), match.version, action)


async def test_actions_and_undos_are_stored_rows_and_a_reload_from_the_store_is_the_same_table() -> None:
    table = Table()
    room = await table.game()
    step = await _to_movement(table, room, random.Random(6))
    seat, version = room.match.to_act(), room.match.version
    assert await table.write.act(room, seat, version, step) == version + 1
    assert await table.write.undo(room, seat, version + 1) == version + 2
    stored = await table.store.load("g")
    assert stored is not None and [a.action for a in stored.actions[-2:]] == [step, UNDO]
    assert all(a.digest is not None for a in stored.actions)
    again = await table.registry.load_match(stored)
    assert again.diverged is None and again.version == room.match.version
    assert again.record.actions == room.match.record.actions and again.state.view(seat) == room.match.state.view(seat)
    stored_rows = [c for c in table.changes if isinstance(c, ActionStored)]
    assert [c.n for c in stored_rows] == list(range(version + 2))


async def test_a_refused_undo_or_a_stale_one_writes_nothing() -> None:
    table = Table()
    room = await table.game()
    step = await _to_movement(table, room, random.Random(6))
    seat, version = room.match.to_act(), room.match.version
    for who, on, code in (
        (seat, version, "cannot_undo"),
        (1 - seat, version, "cannot_undo"),
        (-1, version, "spectator"),
    ):
        writes = table.store.writes
        with pytest.raises(MatchError) as refused:
            await table.write.undo(room, who, on)
        assert refused.value.code == code and table.store.writes == writes
    await table.write.act(room, seat, version, step)
    with pytest.raises(MatchError) as stale:
        await table.write.undo(room, seat, version)
    assert stale.value.code == "stale" and room.match.version == version + 1


async def test_a_database_gone_away_refuses_with_unavailable_changes_nothing_and_the_table_goes_on_after() -> None:
    table = Table()
    room = await table.game()
    step = await _to_movement(table, room, random.Random(6))
    seat, version = room.match.to_act(), room.match.version
    table.store.fail()
    for attempt in (
        lambda: table.write.act(room, seat, version, step),
        lambda: table.write.set_autoplay(room, seat, True),
    ):
        with pytest.raises(MatchError) as refused:
            await attempt()
        assert refused.value.code == "unavailable"
    assert room.match.version == version and not room.match.seats[seat].autoplay
    table.store.recover()
    assert await table.write.act(room, seat, version, step) == version + 1  # the same action, now stored
    table.store.fail()
    with pytest.raises(MatchError) as refused:
        await table.write.undo(room, seat, version + 1)
    assert refused.value.code == "unavailable" and room.match.can_undo(seat)
    table.store.recover()
    assert await table.write.undo(room, seat, version + 1) == version + 2


async def test_a_game_s_end_is_stored_with_its_last_action_and_emitted_once() -> None:
    table = Table()
    room = await table.game(seed=3)
    rng = random.Random(3)
    while not room.match.finished:
        match = room.match
        await table.write.act(room, match.to_act(), match.version, rng.choice(match.state.legal_actions()).to_text())
    stored = await table.store.load("g")
    assert stored is not None and stored.game.finished and stored.game.result == room.match.result_dict()
    assert table.ended == [room]
    with pytest.raises(MatchError) as over:
        await table.write.act(room, 0, room.match.version, "stop")
    assert over.value.code == "finished"
