"""Bots at the live tables: their moves and the players' hints, computed in worker processes.

A bot's move never runs on the event loop (:mod:`.jobs`, :mod:`.workers`): past its deadline, or on any
failure, the heuristic bot's move is played, and failing that the first legal action — a game always goes
on. Games nobody plays (every seat a bot's) move only while they hold one of the server's
``max_bot_games`` places; the others wait in line.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from ..language.refusals import Refusal
from ..play.match import MatchError
from ..play.seat import AUTOPLAY_BOT
from ..protocol.outgoing import Hint, Suggestion
from ..seatview import guided, text
from . import workers
from .connection import Connection
from .events import Change
from .jobs import JobTimeout, Kind, Workers
from .ownership import Ownership
from .registry import Registry
from .retry import LONGEST_WAIT, until_stored
from .room import Room
from .write_path import WritePath

log = logging.getLogger("ludoteca.web")

QUICK_BOTS = frozenset({"random", "heuristic"})
"""The lobby's bots whose move takes milliseconds: they run on the worker kept for quick jobs, so that
they never wait behind another table's search (:class:`.jobs.Workers`)."""

GUIDED_PACE = 3.0
"""How many times the bot delay a bot waits at a guided table: time to read the log line of each move (a
learner's own turns wait for them anyway; a "Next" button would double the clicks of a 9-round game)."""


class BotDriver:
    """The bots of the live rooms, and the players' hints, over one pool of workers.

    A bot's moves go through the write path like anyone's. ``max_bot_games`` bounds the unfinished games
    that only bots play (:meth:`.Match.bots_only`: every seat a bot's or handed to one), which cost worker
    time without anyone waiting for it: a game whose people left waits in line for a place. ``sleep``
    (the real one but in tests) is the bot's pause of ``bot_delay`` seconds before its move.
    """

    def __init__(
        self,
        registry: Registry,
        ownership: Ownership,
        write_path: WritePath,
        workers: Workers,
        *,
        bot_delay: float,
        max_bot_games: int,
        sleep: Callable[[float], Awaitable[None]],
    ) -> None:
        self.registry = registry
        self.ownership = ownership
        self.write_path = write_path
        self.workers = workers
        self.bot_delay = bot_delay
        self.max_bot_games = max_bot_games
        self.sleep = sleep
        self.bot_places: set[str] = set()
        """The games of bots only whose bots may move (at most ``max_bot_games``)."""
        self.bot_line: dict[str, Room] = {}
        """The live games of bots only waiting for a place, in the order they came."""
        self.closing = False
        """Set once the server is closing: a cancelled bot move must not schedule the next one."""
        self.hinting: set[tuple[str, int]] = set()
        """The seats (game id, seat) with a hint being searched: one at a time per seat, whatever its
        connections."""

    def follow(self, change: Change) -> None:
        """After a change (:attr:`.TableEvents.changed`): a game that no longer needs a place among the games
        of bots only leaves it, and the bot to move (if any) is set going."""
        room = change.room
        if room.match.finished or not room.match.bots_only():
            self.leave_bot_place(room)
        self.schedule(room)

    def give_up_places(self, *, all_places: bool) -> None:
        """This process lost its games' locks (:meth:`.Ownership.disown_all`): no bot waits for a place
        any more, and with ``all_places`` the places themselves are free."""
        if all_places:
            self.bot_places.clear()
            self.bot_line.clear()
        for room in self.registry.rooms.values():
            room.bots_waiting = False

    def bot_games(self) -> int:
        """Unfinished games of bots only whose bots move now (see :meth:`_bots_may_move`)."""
        return len(self.bot_places)

    def _bots_may_move(self, room: Room) -> bool:
        """Whether the bots of ``room`` may move now: always in a game a person plays; in a game of bots
        only while it holds one of the ``max_bot_games`` places — else it waits in line for one."""
        game_id = room.match.id
        if not room.match.bots_only() or game_id in self.bot_places:
            return True
        if len(self.bot_places) < self.max_bot_games:
            self.bot_places.add(game_id)
            self.bot_line.pop(game_id, None)
            room.bots_waiting = False
            return True
        self.bot_line.setdefault(game_id, room)
        room.bots_waiting = True
        return False

    def leave_bot_place(self, room: Room) -> None:
        """``room`` no longer needs a place (finished, a person took a seat back, unloaded): the first
        game in line gets it."""
        game_id = room.match.id
        room.bots_waiting = False
        if self.bot_line.pop(game_id, None) is None and game_id not in self.bot_places:
            return
        self.bot_places.discard(game_id)
        while self.bot_line and len(self.bot_places) < self.max_bot_games:
            first_id, first = next(iter(self.bot_line.items()))
            del self.bot_line[first_id]
            first.bots_waiting = False
            if self.registry.rooms.get(first_id) is first:
                self.schedule(first)  # takes the place (or, if its bot cannot move yet, does when it can)

    def schedule(self, room: Room) -> None:
        """Set the bot to move going (once its game holds a place, and this process owns it)."""
        if self.closing:
            return
        seat = room.match.bot_to_act()
        if seat is None or (room.owned and not self._bots_may_move(room)):
            return  # (a move already under way when its game became one of bots only ends first)
        if room.bot_task is not None and not room.bot_task.done():
            return
        if not room.owned:
            self.ownership.claim_soon(room)
        else:
            room.bot_task = asyncio.get_running_loop().create_task(self._bot_move(room, seat))

    async def _bot_move(self, room: Room, seat: int) -> None:
        match = room.match
        try:
            if self.bot_delay:
                await self.sleep(self.bot_delay * (GUIDED_PACE if room.guided() else 1))
            if match.bot_to_act() != seat or not room.owned:
                return
            version = match.version
            view, legal = match.state.view(seat), match.state.legal_actions()
            spec, seed = match.seats[seat].bot_spec, match.bot_seed(seat)
            index = await self._choose(room, spec, seed, view, legal)
            chosen = legal[index].to_text()

            def wanted() -> bool:  # the table has not moved on, and the room is still live here
                live = not self.closing and room.owned and self.registry.rooms.get(match.id) is room
                return live and room.match is match and match.version == version

            with contextlib.suppress(MatchError):  # the table moved on (e.g. the owner took the seat back)
                await until_stored(
                    lambda: self.write_path.act(room, seat, version, chosen, by_bot=True),
                    wanted,
                    f"game {match.id}, bot {seat}",
                )
        except Exception:  # never silently: a failing move is logged, and the next attempt waits a moment
            log.exception("game %s: the bot of seat %d could not move", match.id, seat)
            await asyncio.sleep(LONGEST_WAIT)
        finally:
            room.bot_task = None
            if not match.finished:
                self.schedule(room)

    async def _choose(self, room: Room, spec: str, seed: int, view: Any, legal: list[Any]) -> int:
        """The bot's choice; past its deadline (or on any failure) the heuristic's, and failing that the
        first legal action — the game goes on whatever happens in the workers."""
        game_id = room.match.id
        for bot in dict.fromkeys((spec, AUTOPLAY_BOT)):
            try:
                job = (workers.choose, bot, seed, view, legal)
                quick = bot in QUICK_BOTS
                index = await self.workers.run(Kind.MOVE, *job, address=room.address, table=game_id, quick=quick)
                if 0 <= index < len(legal):
                    return index
            except JobTimeout as e:
                log.warning("bot %s in game %s: %s", bot, game_id, e)
            except Exception:
                log.exception("bot %s failed in game %s", bot, game_id)
        log.warning("game %s: playing the first legal action", game_id)
        return 0

    def begin_hint(self, room: Room, seat: int) -> bool:
        """Whether ``seat`` may have a hint searched now (none is for it already); if so, it is (the room is
        held in memory meanwhile) until :meth:`end_hint`."""
        key = (room.match.id, seat)
        if key in self.hinting:
            return False
        self.hinting.add(key)
        room.held += 1
        return True

    def end_hint(self, room: Room, seat: int) -> None:
        """The hint for ``seat`` that :meth:`begin_hint` let begin is over."""
        self.hinting.discard((room.match.id, seat))
        room.held -= 1

    async def hint(self, room: Room, conn: Connection) -> Hint:
        """The search bot's advice for the connection's seat, as a ``hint`` message."""
        match, seat = room.match, conn.seat
        if seat is None or seat < 0 or match.human_to_act() != seat:
            raise MatchError(Refusal.NO_HINT)
        version = match.version
        view, legal = match.state.view(seat), match.state.legal_actions()
        seed = match.bot_seed(seat) ^ 0x4E17
        ranked = await self.workers.run(
            Kind.HINT, workers.hint, seed, view, legal, address=conn.address, table=match.id
        )

        def entry(index: int, chance: float) -> Suggestion:
            action = legal[index]
            label = text.action_label(view, action, match.names_in(conn.tr), conn.tr)
            return {"text": action.to_text(), "label": label, "win_chance": round(chance, 3)}

        items = [entry(i, c) for i, c in ranked]
        message: Hint = {"type": "hint", "version": version, "best": items[0], "alternatives": items[1:]}
        if conn.guide:
            guided.explain_hint(message, view, [legal[i] for i, _ in ranked], conn.tr)
        return message

    async def close(self) -> None:
        """The server is closing: the bots' moves under way are cancelled, and none is scheduled again."""
        self.closing = True
        tasks = [r.bot_task for r in self.registry.rooms.values() if r.bot_task is not None]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
