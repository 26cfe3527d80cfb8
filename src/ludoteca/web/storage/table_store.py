"""What the live tables need of a store: the one interface their parts are typed against.

The live table's parts (:mod:`ludoteca.web.live`: the registry, the write path, the follower) never see
SQL: they are given a :class:`TableStore`, which :class:`.store.Store` implements over SQLite or PostgreSQL
and :class:`.memory.MemoryStore` in memory, for tests that exercise the tables' logic without a database.
The same contract tests run against both (``tests/web/test_table_store.py``), so the two cannot drift
apart on what the tables rely on: an action appended only at the end of its game's log (else
:class:`.errors.StaleActionError`), a game's end stored with its last action, a seat taken once, a
rematch linked once. The features around the tables (chat, reviews, the lobby) use the rest of
:class:`.store.Store` and are not part of this interface.
"""

from __future__ import annotations

from typing import Any, Protocol

from ..play.seat import Seat
from .schema import ActionRow, GameRow, StoredGame


class TableStore(Protocol):
    """The store as the live tables use it (see the module docstring); every method is one transaction."""

    async def create_game(self, game: GameRow, seats: list[Seat]) -> None:
        """Store a new game and its seats; :class:`.errors.StoreError` (``conflict``) if its id exists."""

    async def append_action(self, game_id: str, row: ActionRow, result: dict[str, Any] | None = None) -> None:
        """Append ``row`` if and only if it is action ``row.n`` of the game (else
        :class:`.errors.StaleActionError`); with ``result`` the game ends in the same transaction."""

    async def set_autoplay(self, game_id: str, seat: int, autoplay: bool) -> None:
        """Hand ``seat`` to its bot, or take it back."""

    async def finish(self, game_id: str, result: dict[str, Any]) -> bool:
        """Mark the game over with ``result`` unless it is: whether this call did (exactly one caller does)."""

    async def load(self, game_id: str) -> StoredGame | None:
        """The whole game: its row, seats and actions (None: no such game)."""

    async def load_since(self, game_id: str, n: int) -> StoredGame | None:
        """The game's row and seats with its actions numbered ``n`` and above."""

    async def unfinished(self) -> list[StoredGame]:
        """The games a restarted server brings back, oldest first."""

    async def fill_digests(self, game_id: str, digests: dict[int, str]) -> None:
        """Write the digests of actions stored without one (only where there is none)."""

    async def mark_diverged(self, game_id: str, at: int, reason: str) -> None:
        """Record that the game no longer replays as played from action ``at`` on."""

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
        """Give an open seat of a waiting public game to the holder of ``token_hash``: whether it was given."""

    async def holds_seat(self, game_id: str, taken_from: str) -> bool:
        """Whether the address ``taken_from`` holds a seat it took of a game still waiting."""

    async def create_rematch(self, old_id: str, game: GameRow, seats: list[Seat], by: int | None = None) -> str:
        """Store ``game`` as the rematch of ``old_id`` unless one is stored: the id of the one that holds."""

    async def claim_seat(self, game_id: str, seat: int, placeholder: str, token_hash: str) -> None:
        """Give a rematch's seat its player's token hash if it still holds ``placeholder``."""

    async def seat_of_token(self, game_id: str, token_hash: str) -> int | None:
        """The seat of the game that the token holds, if any."""
