"""The store as the live tables use it (:class:`.TableStore`): the same contract, in memory and in SQL.

Each test runs against :class:`.MemoryStore`, then the SQL store on SQLite and (where one is named)
PostgreSQL, so the store the fast tests use cannot drift from the one a host runs."""

from __future__ import annotations

import pytest

from ludoteca.web.play.seat import Seat
from ludoteca.web.storage.errors import Kind, StaleActionError, StoreError
from ludoteca.web.storage.schema import ActionRow, GameRow
from ludoteca.web.storage.table_store import TableStore

pytestmark = pytest.mark.asyncio


def _game(game_id: str = "g1", *, public: bool = False, created: float = 1.0) -> GameRow:
    return GameRow(game_id, "kreta", {"rules_version": 1}, 7, None, None, created, public=public)


def _seats(kinds: tuple[str, ...] = ("human", "human")) -> list[Seat]:
    return [Seat(i, f"P{i}", kind, token_hash=f"t{i}" if kind == "human" else None) for i, kind in enumerate(kinds)]


def _row(n: int, action: str = "stop") -> ActionRow:
    return ActionRow(n, n % 2, action, False, 10.0 + n, f"d{n}")


async def test_an_action_is_appended_only_at_the_end_of_its_game_s_log(table_store: TableStore) -> None:
    await table_store.create_game(_game(), _seats())
    await table_store.append_action("g1", _row(0))
    await table_store.append_action("g1", _row(1))
    for n in (1, 3, 0):
        with pytest.raises(StaleActionError) as refused:
            await table_store.append_action("g1", _row(n, "other"))
        assert refused.value.kind is Kind.CONFLICT
    with pytest.raises(StoreError):
        await table_store.append_action("nope", _row(0))
    stored = await table_store.load("g1")
    assert stored is not None and [(a.n, a.action, a.digest) for a in stored.actions] == [
        (0, "stop", "d0"),
        (1, "stop", "d1"),
    ]
    since = await table_store.load_since("g1", 1)
    assert since is not None and [a.n for a in since.actions] == [1] and len(since.seats) == 2
    assert await table_store.load("nope") is None and await table_store.load_since("nope", 0) is None


async def test_a_game_s_last_action_ends_it_in_the_same_write_and_the_end_is_stored_once(
    table_store: TableStore,
) -> None:
    await table_store.create_game(_game(), _seats())
    await table_store.append_action("g1", _row(0), {"scores": [1, 2]})
    stored = await table_store.load("g1")
    assert stored is not None and stored.game.finished and stored.game.result == {"scores": [1, 2]}
    assert await table_store.finish("g1", {"scores": [9, 9]}) is False
    assert [g.game.id for g in await table_store.unfinished()] == []
    await table_store.create_game(_game("g2", created=2.0), _seats())
    assert await table_store.finish("g2", {"scores": [3, 4]}) is True  # a game stored before ends were atomic
    assert await table_store.finish("g2", {"scores": [3, 4]}) is False
    with pytest.raises(StoreError):
        await table_store.finish("nope", {})


async def test_what_is_read_is_a_copy(table_store: TableStore) -> None:
    await table_store.create_game(_game(), _seats())
    await table_store.append_action("g1", _row(0))
    first = await table_store.load("g1")
    assert first is not None
    first.actions[0].action, first.seats[0].name, first.game.finished = "changed", "changed", True
    again = await table_store.load("g1")
    assert again is not None
    assert (again.actions[0].action, again.seats[0].name, again.game.finished) == ("stop", "P0", False)


async def test_a_game_is_created_once_and_its_seats_change_as_told(table_store: TableStore) -> None:
    await table_store.create_game(_game(), _seats())
    with pytest.raises(StoreError) as twice:
        await table_store.create_game(_game(), _seats())
    assert twice.value.kind is Kind.CONFLICT
    with pytest.raises(StoreError):
        await table_store.create_game(GameRow("big", "kreta", {}, 2**63, None, None, 1.0), _seats())
    await table_store.set_autoplay("g1", 1, True)
    with pytest.raises(StoreError):
        await table_store.set_autoplay("g1", 5, True)
    await table_store.fill_digests("g1", {})
    await table_store.append_action("g1", ActionRow(0, 0, "stop", False, 1.0, None))
    await table_store.fill_digests("g1", {0: "filled", 1: "nothing there"})
    await table_store.mark_diverged("g1", 1, "a reason")
    stored = await table_store.load("g1")
    assert stored is not None and stored.seats[1].autoplay and stored.actions[0].digest == "filled"
    assert (stored.game.diverged_at, stored.game.diverged_reason) == (1, "a reason")
    assert await table_store.seat_of_token("g1", "t1") == 1
    assert await table_store.seat_of_token("g1", "unknown") is None


async def test_an_open_seat_is_taken_once_and_one_address_takes_one_seat(table_store: TableStore) -> None:
    await table_store.create_game(_game(public=True), _seats(("human", "open", "open")))
    assert await table_store.take_seat("g1", 1, "h1", "Bea", False, taken_from="a1")
    assert not await table_store.take_seat("g1", 1, "h2", "Cid", False, taken_from="a2")  # taken already
    assert not await table_store.take_seat("g1", 2, "h3", "Bea2", False, taken_from="a1")  # a1 holds one
    assert await table_store.holds_seat("g1", "a1") and not await table_store.holds_seat("g1", "a2")
    assert await table_store.take_seat("g1", 2, "h2", "Cid", True, taken_from="a2", turn_started=50.0)
    assert not await table_store.holds_seat("g1", "a1")  # the last seat taken: the addresses are forgotten
    stored = await table_store.load("g1")
    assert stored is not None and stored.game.turn_started == 50.0
    assert [(s.kind, s.name, s.token_hash) for s in stored.seats[1:]] == [
        ("human", "Bea", "h1"),
        ("human", "Cid", "h2"),
    ]
    await table_store.create_game(_game("private"), _seats(("human", "open")))
    assert not await table_store.take_seat("private", 1, "h9", "Dan", False)  # not a public game


async def test_a_rematch_is_linked_once_and_its_seat_claimed_once(table_store: TableStore) -> None:
    await table_store.create_game(_game(), _seats())
    one = await table_store.create_rematch("g1", _game("r1", created=2.0), _seats(), by=0)
    other = await table_store.create_rematch("g1", _game("r2", created=3.0), _seats(), by=1)
    assert one == other == "r1"
    old, new = await table_store.load("g1"), await table_store.load("r1")
    assert old is not None and (old.game.rematch, old.game.rematch_by) == ("r1", 0)
    assert new is not None and new.game.rematch_of == "g1" and await table_store.load("r2") is None
    await table_store.claim_seat("r1", 0, "t0", "mine")
    await table_store.claim_seat("r1", 0, "t0", "someone else's")  # given already: nothing changes
    assert await table_store.seat_of_token("r1", "mine") == 0
