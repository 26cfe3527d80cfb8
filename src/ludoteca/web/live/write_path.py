"""The write path: the one door through which a live game changes — check, store, apply, and only then tell anyone.

This order is what "nothing lost" rests on: check a change against the match (no change), store it in one
transaction — with its announcement to the other processes, which PostgreSQL delivers at the commit
(:meth:`.Repository._announce`) —, then apply it. A crash before the commit leaves no trace; a crash after
it is repaired by replaying the stored actions, and the other processes have heard of it. Every change is
made under the room's lock, so two clients (or a client and a bot) never act on the same version twice.
After a change the write path emits one typed event (:data:`.events.Change`) on
:attr:`.events.TableEvents.changed`: the timers, the pages, the bots and the room's ownership follow it,
and the features that subscribed."""

from __future__ import annotations

import asyncio
import enum
import logging
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from ..language.refusals import Refusal
from ..play.match import MatchError, result_of
from ..play.seat import Seat, SeatKind
from ..play.undo import UNDO
from ..protocol import names
from ..storage.errors import Kind, StaleActionError, StoreError
from ..storage.schema import ActionRow, GameRow
from ..storage.table_store import TableStore
from .events import ActionStored, CaughtUp, RematchLinked, SeatChange, SeatChanged, TableEvents
from .registry import Registry, match_from_stored
from .room import Room
from .turns import stored_turn, time_up

log = logging.getLogger("ludoteca.web")


def shown(room: Room) -> tuple[Any, ...]:
    """What a reload from the store may change that the table's pages show."""
    seats = tuple((s.kind, s.name, s.generated, s.token_hash, s.autoplay) for s in room.match.seats)
    return (id(room.match), room.match.version, seats)


class OpenSeat(enum.Enum):
    """What became of a request for an open seat (:meth:`WritePath.take_open_seat`)."""

    GIVEN = "given"
    NOT_WAITING = "not_waiting"
    """The game no longer waits for players."""
    TAKEN = "taken"
    """Someone else took the seat first."""
    SAME_NAME = "same_name"
    """Another seat of the game has that name."""
    ADDRESS_HOLDS_ONE = "address_holds_one"
    """The asking address holds a seat of this game already."""


class WritePath:
    """Every change of a live game: an action, a seat handed to its bot or taken back, an open seat taken,
    a rematch's seat claimed, a catch-up with what another process stored. ``clock`` (unix seconds) dates
    the actions and the turns' beginnings."""

    def __init__(self, store: TableStore, registry: Registry, events: TableEvents, clock: Callable[[], float]) -> None:
        self.store = store
        self.registry = registry
        self.events = events
        self.clock = clock

    async def act(self, room: Room, seat: int, version: Any, action: Any, *, by_bot: bool = False) -> int:
        """Check, store, apply, announce — in that order (see the module docstring): the new version.

        A game's last action and its end are stored in one transaction, and this process (whose insert
        won) is the one that emits :attr:`.TableEvents.finished`. A refusal says why: ``stale`` (someone
        acted first), ``unavailable`` (the database did not answer; nothing changed, try again)."""
        match = room.match
        async with room.lock:
            if seat >= 0 and match.seats[seat].bot_plays != by_bot:
                raise MatchError(Refusal.AUTOPLAY if not by_bot else Refusal.STALE)
            parsed, text = match.check(seat, version, action)
            after = match.prepare(parsed)
            row = ActionRow(match.version, seat, text, by_bot, self.clock(), after.digest)
            ends = result_of(after.state) if after.state.is_terminal() else None
            stale = not await self._stored(match.id, row, ends)
            if not stale:
                match.commit(parsed, text, after, by_bot=by_bot)
        if stale:
            return await self._after_stale(room, row.n, text)
        if ends is not None:
            self.events.finished.emit(room)
        self._changed(ActionStored(room, seat, row.n, by_bot))
        return row.n + 1

    async def undo(self, room: Room, seat: int, version: Any) -> int:
        """Undo ``seat``'s last step, on ``version``: the new version. The undo is a row of its own, stored
        like an action (append-only: see :mod:`..play.undo`), so the same order holds — check, store,
        apply, announce — and a stale or doubled undo is refused as a stale action is. Only a person undoes:
        the rules say which steps may be (:meth:`.Match.can_undo`)."""
        match = room.match
        async with room.lock:
            match.check_undo(seat, version)
            after = match.prepare_undo()
            row = ActionRow(match.version, seat, UNDO, False, self.clock(), after.digest)
            stale = not await self._stored(match.id, row)
            if not stale:
                match.commit_undo(after)
        if stale:
            return await self._after_stale(room, row.n, UNDO)
        self._changed(ActionStored(room, seat, row.n, False))
        return row.n + 1

    async def set_autoplay(self, room: Room, seat: int, on: bool) -> None:
        """A bot takes a human seat (``leave``, or the turn timer ran out), or its owner takes it back.

        A seat taken back in its own turn keeps that turn's deadline (:attr:`Room.turn`, and in the store
        the turn's stored beginning); once the deadline has passed the turn is the bot's, and taking the
        seat back waits for its move (``time_up``) — else leave, take back and the timer could hand the
        turn to and fro for ever."""
        match = room.match
        s = match.seats[seat]
        if s.kind != SeatKind.HUMAN or s.autoplay == on:
            return
        async with room.lock:
            if not on and time_up(room, seat, self.clock()):
                raise MatchError(Refusal.TIME_UP)
            try:
                await self.store.set_autoplay(match.id, seat, on)
            except StoreError as e:
                raise refusal(e, f"could not store seat {seat} of game {match.id}") from None
            s.autoplay = on
        self._changed(SeatChanged(room, seat, SeatChange.TO_BOT if on else SeatChange.TAKEN_BACK))

    async def catch_up(self, game_id: str) -> None:
        """Apply to the live room what the store has and it has not: the actions another process stored
        (checked against their digests), seats taken or handed to a bot; what the features keep of the
        game's row (its rematch) they read from the event (:class:`.CaughtUp`)."""
        loading = self.registry.loading.get(game_id)
        if loading is not None:
            async with loading:
                pass
            self.registry.forget_load(game_id, loading)  # as :meth:`.Registry.get` would have, had this not held it
        room = self.registry.rooms.get(game_id)
        if room is None:
            return
        # from the last action this room holds (its time tells when the current turn began) on
        since = max(0, room.match.version - 1)
        stored = await self.store.load_since(game_id, since)
        if stored is None:
            return
        before = shown(room)
        async with room.lock:
            match = room.match
            total = stored.actions[-1].n + 1 if stored.actions else 0
            if total < match.version:
                return  # an older read than what this room holds: a newer announcement follows
            try:
                for row in stored.actions:
                    if row.n < match.version:
                        continue
                    if row.action == UNDO:
                        match.check_undo(row.seat, match.version)
                        after = match.prepare_undo()
                    else:
                        parsed, notation = match.check(row.seat, match.version, row.action)
                        after = match.prepare(parsed)
                    if row.digest is not None and after.digest != row.digest:
                        raise MatchError(Refusal.DIVERGED, f"action {row.n} replays differently here")
                    if row.action == UNDO:
                        match.commit_undo(after)
                    else:
                        match.commit(parsed, notation, after, by_bot=row.by_bot)
            except MatchError:
                log.exception("game %s: stored actions do not apply here; replaying the whole game", game_id)
                whole = await self.store.load(game_id)
                if whole is None:
                    return
                room.match = match = await asyncio.to_thread(match_from_stored, whole)  # off the loop
            for seat_row in stored.seats:
                match.hold_seat(seat_row)
            turn = stored_turn(stored)  # counts only the actions read: the version is ``total``
            room.stored_turn = None if turn is None else (total, turn[1])
            room.turn = None  # the current turn's beginning as stored (another process may have started it)
        caught = CaughtUp(room, stored, shown(room) != before)  # nothing new (a late announcement): no redraw
        self.events.changed.emit(caught)
        await self.events.caught_up.emit(caught)

    async def take_open_seat(
        self, room: Room, seat: int, token_hash: str, name: str | None, taken_from: str
    ) -> OpenSeat:
        """Give open ``seat`` of a public game waiting for players to the holder of ``token_hash``, named
        ``name`` (None: the seat's name as it is), taken from the address ``taken_from``: what became of it.
        The seat and, when it was the last open one, the first turn's beginning are stored in one
        transaction (:meth:`.Store.take_seat`)."""
        match = room.match
        async with room.lock:
            held = match.seats[seat]
            if not match.waiting:
                return OpenSeat.NOT_WAITING
            if held.kind != SeatKind.OPEN:
                return OpenSeat.TAKEN
            name, generated = (name, False) if name else (held.name, held.generated)
            if any(o.seat != seat and names.key(o.name) == names.key(name) for o in match.seats):
                return OpenSeat.SAME_NAME
            last = sum(1 for s in match.seats if s.kind == SeatKind.OPEN) == 1
            starts = self.clock() if last and match.turn_seconds else None  # the first turn's time begins now
            if not await self.store.take_seat(match.id, seat, token_hash, name, generated, taken_from, starts):
                if await self.store.holds_seat(match.id, taken_from):  # one seat of a game per address
                    return OpenSeat.ADDRESS_HOLDS_ONE
                return OpenSeat.TAKEN  # another server process took it between our look and our write
            match.hold_seat(replace(held, kind=SeatKind.HUMAN, token_hash=token_hash, name=name, generated=generated))
        self._changed(SeatChanged(room, seat, SeatChange.OPEN_SEAT_TAKEN))  # the last seat taken starts the game
        return OpenSeat.GIVEN

    async def claim_rematch_seat(self, game_id: str, room: Room | None, seat: int, held: str, token_hash: str) -> None:
        """Give ``seat`` of the rematch ``game_id`` (its live ``room``, None if it may not be loaded now) the
        token hash of its player, in place of the placeholder ``held`` (:meth:`.Store.claim_seat`)."""
        if room is None:  # (announced in the store's transaction: a process holding it live learns the token)
            await self.store.claim_seat(game_id, seat, held, token_hash)
            return
        async with room.lock:
            if room.match.seats[seat].token_hash == token_hash:
                return  # given already: a reload or a second tab of the seat costs no write
            await self.store.claim_seat(game_id, seat, held, token_hash)
            if room.match.seats[seat].token_hash == held:
                room.match.hold_seat(replace(room.match.seats[seat], token_hash=token_hash))
        self._changed(SeatChanged(room, seat, SeatChange.REMATCH_CLAIMED))

    async def link_rematch(self, room: Room, rematch: GameRow, seats: list[Seat], by: int) -> str:
        """Store ``rematch`` (its ``seats``) as the finished game's rematch, proposed by seat ``by``, unless the
        game has one already (:meth:`.Store.create_rematch`): the rematch's id, the same whoever writes it."""
        async with room.lock:
            chosen = await self.store.create_rematch(room.match.id, rematch, seats, by=by)
        self._changed(RematchLinked(room, chosen, by if chosen == rematch.id else None))
        return chosen

    async def _stored(self, game_id: str, row: ActionRow, ends: dict[str, Any] | None = None) -> bool:
        """Store ``row`` (an action or an undo; with ``ends``, the game's end in the same transaction): whether
        it was written — False when another process stored row ``row.n`` first (the caller catches up, then
        says so: :meth:`_after_stale`); a database that did not answer is a refusal (:func:`refusal`)."""
        try:
            await self.store.append_action(game_id, row, ends)
        except StaleActionError:
            return False
        except StoreError as e:
            raise refusal(e, f"could not store row {row.n} of game {game_id}") from None
        return True

    async def _after_stale(self, room: Room, n: int, text: str) -> int:
        """Row ``n`` (``text``) was refused as stale: catch up with the store, then either it is this very row
        (an earlier attempt's commit whose answer was lost: done, the new version) or the refusal ``stale``.
        Announced in that attempt's transaction; an end it made is not emitted here: the process of the first
        attempt may have, and once is the promise (the end of a commit whose answer was lost goes unemitted)."""
        try:
            await self.catch_up(room.match.id)
        except StoreError as e:
            raise refusal(e, f"could not catch up with game {room.match.id}") from None
        if room.match.rows[n : n + 1] != [text]:
            raise MatchError(Refusal.STALE)
        return n + 1

    def _changed(self, change: ActionStored | SeatChanged | RematchLinked) -> None:
        """After a change this process stored: every part here is told (the other processes were, by the
        store, in the change's own transaction: :meth:`.Repository._announce`)."""
        self.events.changed.emit(change)


def refusal(error: StoreError, what: str) -> MatchError:
    """The refusal a client gets for a change the store could not make: ``unavailable`` (the database did
    not answer: try again) or ``storage``; logged here, once, since the client sees only the code."""
    if error.kind is Kind.UNAVAILABLE:
        log.warning("%s: %s", what, error)
        return MatchError(Refusal.UNAVAILABLE, str(error))
    log.error("%s: %s", what, error)
    return MatchError(Refusal.STORAGE, str(error))
