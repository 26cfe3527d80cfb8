"""The live table's events — each change of a live game a small typed value (:data:`Change`) — and what
the parts of the table and the features around it subscribe to.

The table never imports a feature (chat, rematch, the cluster, slow turns): it emits an event, and the app
subscribes the features when it is wired (:func:`ludoteca.web.app.create_app`). So the table's code reads
without knowing what hangs off it, and a new feature adds a subscription, not a line in the table.
"""

from __future__ import annotations

import enum
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Generic, ParamSpec, Protocol

from ..storage.schema import GameRow, StoredGame
from .room import Room

P = ParamSpec("P")


class Hook(Generic[P]):
    """An event whose subscribers are plain functions, called in the order they subscribed."""

    def __init__(self) -> None:
        self.subscribers: list[Callable[P, None]] = []

    def subscribe(self, subscriber: Callable[P, None]) -> None:
        self.subscribers.append(subscriber)

    def emit(self, *args: P.args, **kwargs: P.kwargs) -> None:
        for subscriber in self.subscribers:
            subscriber(*args, **kwargs)


class AsyncHook(Generic[P]):
    """An event whose subscribers are awaited one after the other, as if the table called each in turn
    (an exception reaches the emitter)."""

    def __init__(self) -> None:
        self.subscribers: list[Callable[P, Awaitable[None]]] = []

    def subscribe(self, subscriber: Callable[P, Awaitable[None]]) -> None:
        self.subscribers.append(subscriber)

    async def emit(self, *args: P.args, **kwargs: P.kwargs) -> None:
        for subscriber in self.subscribers:
            await subscriber(*args, **kwargs)


@dataclass(frozen=True)
class RoomLive:
    """A room became live here: loaded from the store, or a game just created; ``game``, its row as stored
    (what the features around the table keep of it: whether the lobby lists it, its rematch)."""

    room: Room
    game: GameRow
    redraw = True


@dataclass(frozen=True)
class ActionStored:
    """This process stored action ``n`` of the room's game (by ``seat``, its bot's if ``by_bot``) and applied it
    (an action that ended the game is also :attr:`TableEvents.finished`, emitted first)."""

    room: Room
    seat: int
    n: int
    by_bot: bool
    redraw = True


class SeatChange(enum.Enum):
    """How a seat changed hands."""

    TO_BOT = "to_bot"
    """A bot took a human seat (its player left, or the turn's time ran out)."""
    TAKEN_BACK = "taken_back"
    """The seat's owner took it back from the bot."""
    OPEN_SEAT_TAKEN = "open_seat_taken"
    """Someone took an open seat of a public game (:mod:`ludoteca.web.routes.open_games`)."""
    REMATCH_CLAIMED = "rematch_claimed"
    """A rematch's seat was given its player's token (:mod:`ludoteca.web.features.rematch`)."""


@dataclass(frozen=True)
class SeatChanged:
    """This process stored a change of the room's ``seat``."""

    room: Room
    seat: int
    how: SeatChange
    redraw = True


@dataclass(frozen=True)
class CaughtUp:
    """The room took in what another process stored: ``stored``, the rows read (its game's row and seats, the
    actions from the room's last on); ``redraw``: whether anything its pages show changed."""

    room: Room
    stored: StoredGame
    redraw: bool


@dataclass(frozen=True)
class RematchLinked:
    """This process stored the finished game's rematch (``rematch``, the same whoever clicked first), proposed by
    ``by`` if this click was the first (None: another was). Nothing the table shows changes."""

    room: Room
    rematch: str
    by: int | None
    redraw = False


Change = RoomLive | ActionStored | SeatChanged | CaughtUp | RematchLinked
"""Every change of a live game the write path makes, and a room becoming live."""


class TableEvents:
    """What happens at the live tables that a feature may want to follow."""

    def __init__(self) -> None:
        self.changed: Hook[[Change]] = Hook()
        """A room became live here, or its game changed (:data:`Change`: stored by this process through the
        write path, or caught up from another): the parts that run a room follow it — its turn timer, its
        bots, its ownership — and its pages are redrawn if the change says ``redraw`` (:class:`.front.Tables`
        subscribes them, in that order)."""
        self.unloaded: Hook[[Room]] = Hook()
        """``(room)``: the room left memory (:meth:`.registry.Registry.unload`): its timer, its place among
        the games of bots only and its ownership are let go."""
        self.finished: Hook[[Room]] = Hook()
        """``(room)``: the room's game is over, and this process stored its end — exactly one process of a
        site, once per game: the one whose transaction stored the last action with the end, or that repaired
        the row of a game stored unfinished although its last action had ended it (:mod:`.registry`). What
        must happen once per game (a rating, a notice) subscribes here."""
        self.caught_up: AsyncHook[[CaughtUp]] = AsyncHook()
        """A live room took in what another process stored (its actions, seats, rematch), after ``changed``
        told the parts of it: awaited, so that a feature may answer it at once — the rematch leads each page
        to a rematch that just appeared (:mod:`.features.rematch`)."""


class Site(Protocol):
    """The other processes serving the same games, as far as the tables need them: the games' locks
    (:class:`ludoteca.web.features.cluster.GameLocks`); a game's bots and turn timer run in the one process
    that owns the game."""

    async def own(self, game_id: str) -> bool:
        """Take the game's lock if nobody holds it: whether this process owns the game now."""
        ...

    async def release(self, game_id: str) -> None:
        """Give the game's lock up."""
        ...
