"""A :class:`.table_store.TableStore` in memory: the live tables' logic tested without a database.

It keeps what the SQL store keeps, with the same rules the tables rely on (the contract tests of
``tests/web/test_table_store.py`` run against both): an action is appended only at the end of its game's
log, a game's end with its last action, a seat taken once, a rematch linked once. Every read hands out
copies, as a database would, so a caller changing what it read changes nothing stored. :meth:`fail` makes
every call raise ``unavailable`` until :meth:`recover`, as a database that went away would.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from ..play.seat import Seat, SeatKind
from .errors import Kind, StaleActionError, StoreError
from .schema import SEED_RANGE, ActionRow, GameRow, StoredGame

if TYPE_CHECKING:
    from .table_store import TableStore


@dataclass
class _Game:
    row: GameRow
    seats: list[Seat]
    actions: list[ActionRow] = field(default_factory=list)
    taken_from: dict[int, str | None] = field(default_factory=dict)


class MemoryStore:
    """The games of one test, in dictionaries (see the module docstring)."""

    def __init__(self) -> None:
        self._games: dict[str, _Game] = {}
        self._down = False
        self.writes = 0
        """Calls that changed something: a test can say that a refused change wrote nothing."""

    def fail(self) -> None:
        """From now on every call raises :class:`.StoreError` ``unavailable`` (the database went away)."""
        self._down = True

    def recover(self) -> None:
        self._down = False

    def _check(self) -> None:
        if self._down:
            raise StoreError("the database is unavailable (MemoryStore.fail)", Kind.UNAVAILABLE)

    def _game(self, game_id: str) -> _Game:
        self._check()
        found = self._games.get(game_id)
        if found is None:
            raise StoreError(f"no game {game_id!r}")
        return found

    async def create_game(self, game: GameRow, seats: list[Seat]) -> None:
        self._check()
        if game.seed not in SEED_RANGE:
            raise StoreError(f"seed {game.seed} does not fit in 64 bits")
        if game.id in self._games or len({s.seat for s in seats}) != len(seats):
            raise StoreError(f"game {game.id!r} exists already or has a seat twice", Kind.CONFLICT)
        self._games[game.id] = _Game(copy.deepcopy(game), copy.deepcopy(seats))
        self.writes += 1

    async def append_action(self, game_id: str, row: ActionRow, result: dict[str, Any] | None = None) -> None:
        stored = self._game(game_id)
        if row.n != len(stored.actions):
            raise StaleActionError(f"game {game_id!r} has {len(stored.actions)} actions: action {row.n} is stale")
        stored.actions.append(replace(row))
        if result is not None and not stored.row.finished:
            stored.row.finished, stored.row.result = True, copy.deepcopy(result)
        self.writes += 1

    async def set_autoplay(self, game_id: str, seat: int, autoplay: bool) -> None:
        self._seat(self._game(game_id), seat).autoplay = autoplay
        self.writes += 1

    def _seat(self, stored: _Game, seat: int) -> Seat:
        for s in stored.seats:
            if s.seat == seat:
                return s
        raise StoreError(f"no seat {seat} in game {stored.row.id!r}")

    async def finish(self, game_id: str, result: dict[str, Any]) -> bool:
        stored = self._game(game_id)
        if stored.row.finished:
            return False
        stored.row.finished, stored.row.result = True, copy.deepcopy(result)
        self.writes += 1
        return True

    async def load(self, game_id: str) -> StoredGame | None:
        return await self.load_since(game_id, 0)

    async def load_since(self, game_id: str, n: int) -> StoredGame | None:
        self._check()
        stored = self._games.get(game_id)
        if stored is None:
            return None
        return StoredGame(
            copy.deepcopy(stored.row), copy.deepcopy(stored.seats), [replace(a) for a in stored.actions if a.n >= n]
        )

    async def unfinished(self) -> list[StoredGame]:
        self._check()
        ids = sorted((g.row.created, g.row.id) for g in self._games.values() if not g.row.finished)
        return [loaded for _, game_id in ids if (loaded := await self.load(game_id)) is not None]

    async def fill_digests(self, game_id: str, digests: dict[int, str]) -> None:
        if not digests:
            return
        stored = self._game(game_id)
        for action in stored.actions:
            if action.digest is None and action.n in digests:
                action.digest = digests[action.n]
        self.writes += 1

    async def mark_diverged(self, game_id: str, at: int, reason: str) -> None:
        stored = self._game(game_id)
        stored.row.diverged_at, stored.row.diverged_reason = at, reason
        self.writes += 1

    async def take_seat(
        self,
        game_id: str,
        seat: int,
        token_hash: str,
        name: str,
        generated: bool,
        taken_from: str | None = None,
        turn_started: float | None = None,
    ) -> bool:
        self._check()
        stored = self._games.get(game_id)
        if stored is None:
            return False
        row = stored.row
        if not row.public or row.finished or row.diverged_at is not None:
            return False
        held = next((s for s in stored.seats if s.seat == seat and s.kind == SeatKind.OPEN), None)
        if held is None or (taken_from is not None and taken_from in stored.taken_from.values()):
            return False
        held.kind, held.token_hash, held.name, held.generated = SeatKind.HUMAN, token_hash, name, generated
        stored.taken_from[seat] = taken_from
        if not any(s.kind == SeatKind.OPEN for s in stored.seats):
            stored.taken_from.clear()  # only needed while the game waits for players
            row.created_from = None
            if turn_started is not None:
                row.turn_started = turn_started
        self.writes += 1
        return True

    async def holds_seat(self, game_id: str, taken_from: str) -> bool:
        self._check()
        stored = self._games.get(game_id)
        return stored is not None and taken_from in stored.taken_from.values()

    async def create_rematch(self, old_id: str, game: GameRow, seats: list[Seat], by: int | None = None) -> str:
        old = self._game(old_id)
        if old.row.rematch is not None:
            return old.row.rematch
        await self.create_game(replace(game, rematch_of=old_id), seats)
        old.row.rematch, old.row.rematch_by = game.id, by
        return game.id

    async def claim_seat(self, game_id: str, seat: int, placeholder: str, token_hash: str) -> None:
        stored = self._game(game_id)
        held = self._seat(stored, seat)
        if held.token_hash == placeholder:
            held.token_hash = token_hash
            self.writes += 1

    async def seat_of_token(self, game_id: str, token_hash: str) -> int | None:
        self._check()
        stored = self._games.get(game_id)
        if stored is None:
            return None
        return next((s.seat for s in stored.seats if s.token_hash is not None and s.token_hash == token_hash), None)


if TYPE_CHECKING:  # mypy checks here that the memory store keeps the tables' contract
    _CONTRACT: type[TableStore] = MemoryStore
