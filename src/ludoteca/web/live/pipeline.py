"""The order of an accepted action: check, store, apply, and only then tell anyone.

This order is what "nothing lost" rests on: check an action against the match (no change), store it in one
transaction, then apply it and announce it. A crash before the store leaves no trace; a crash after it is
repaired by replaying the stored actions. Each room has one lock, so two clients (or a client and a bot)
never act on the same version twice.
"""

from __future__ import annotations

import logging
import time
from typing import Any

from ..play.match import MatchError, result_of
from ..storage.errors import Kind, StaleActionError, StoreError
from ..storage.schema import ActionRow
from .bots import Bots
from .room import Room

log = logging.getLogger("ludoteca.web")


class Pipeline(Bots):
    """The tables' part that acts: an action, a seat handed to its bot or taken back."""

    async def act(self, room: Room, seat: int, version: Any, action: Any, *, by_bot: bool = False) -> int:
        """Check, store, apply, announce — in that order (see the module docstring): the new version.

        A game's last action and its end are stored in one transaction, and this process (whose insert
        won) is the one that emits :attr:`.TableEvents.finished`. A refusal says why: ``stale`` (someone
        acted first), ``unavailable`` (the database did not answer; nothing changed, try again)."""
        match = room.match
        stale = False
        async with room.lock:
            if seat >= 0 and match.seats[seat].bot_plays != by_bot:
                raise MatchError("autoplay" if not by_bot else "stale")
            parsed, text = match.check(seat, version, action)
            after = match.prepare(parsed)
            row = ActionRow(match.version, seat, text, by_bot, self.clock(), after.digest)
            ends = result_of(after.state) if after.state.is_terminal() else None
            try:
                await self.store.append_action(match.id, row, ends)
            except StaleActionError:
                stale = True  # another process stored this action number first: catch up, then say so
            except StoreError as e:
                raise refusal(e, f"could not store action {row.n} of game {match.id}") from None
            if not stale:
                match.commit(parsed, text, after)
        if stale:
            try:
                await self.catch_up(match.id)
            except StoreError as e:
                raise refusal(e, f"could not catch up with game {match.id}") from None
            if room.match.record.actions[row.n : row.n + 1] != [text]:
                raise MatchError("stale")
            # the action stored is this very one (an earlier attempt's commit whose answer was lost): done.
            # Announced (that attempt could not), but its end not emitted: the process of the first attempt
            # may have, and once is the promise (the end of a commit whose answer was lost goes unemitted).
            self.announce(match.id)
            return row.n + 1
        if ends is not None:
            self.events.finished.emit(room)
        self.after_change(room)
        return row.n + 1

    async def set_autoplay(self, room: Room, seat: int, on: bool) -> None:
        """A bot takes a human seat (``leave``, or the turn timer ran out), or its owner takes it back.

        A seat taken back in its own turn keeps that turn's deadline (:attr:`Room.turn`, and in the store
        the turn's stored beginning); once the deadline has passed the turn is the bot's, and taking the
        seat back waits for its move (``time_up``) — else leave, take back and the timer could hand the
        turn to and fro for ever."""
        match = room.match
        s = match.seats[seat]
        if s.kind != "human" or s.autoplay == on:
            return
        async with room.lock:
            if not on and self._time_up(room, seat):
                raise MatchError("time_up")
            try:
                await self.store.set_autoplay(match.id, seat, on)
            except StoreError as e:
                raise refusal(e, f"could not store seat {seat} of game {match.id}") from None
            s.autoplay = on
        self.after_change(room)

    def after_change(self, room: Room) -> None:
        """After a change this process stored: every client here and every other process is told."""
        self.announce(room.match.id)
        self._refresh(room)

    def announce(self, game_id: str, what: str = "table") -> None:
        """Tell the other processes (if any) that the game's table (or only its ``chat``) changed in the store."""
        self.events.stored.emit(game_id, what)

    def _refresh(self, room: Room, redraw: bool = True) -> None:
        room.last_used = time.monotonic()
        self._arm_timer(room)
        if redraw:
            room.refresh_all()
        if room.match.finished or not room.match.bots_only():
            self._leave_bot_place(room)
        self._schedule_bot(room)
        if room.match.finished:
            self._disown(room)


def refusal(error: StoreError, what: str) -> MatchError:
    """The refusal a client gets for a change the store could not make: ``unavailable`` (the database did
    not answer: try again) or ``storage``; logged here, once, since the client sees only the code."""
    if error.kind is Kind.UNAVAILABLE:
        log.warning("%s: %s", what, error)
        return MatchError("unavailable", str(error))
    log.error("%s: %s", what, error)
    return MatchError("storage", str(error))
