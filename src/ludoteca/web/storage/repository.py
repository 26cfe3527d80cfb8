"""What every part of the store shares: its engine, and the queue its writers take turns in on SQLite.

:class:`.store.Store` is one repository made of parts, one module per feature: games, seats and actions
(:mod:`.games`), the open lobby (:mod:`.open_lobby`), rematches (:mod:`.rematches`), reviews
(:mod:`.review_progress`) and the chat (:mod:`.chat_lines`). Every method is one short transaction.
"""

from __future__ import annotations

import contextlib
from typing import Any

from sqlalchemy.ext.asyncio import AsyncEngine


class Repository:
    """The state each part of the store reads (set by :class:`.store.Store`)."""

    _engine: AsyncEngine
    _write_lock: contextlib.AbstractAsyncContextManager[Any]
    """SQLite has one writer at a time: the store's writers queue here (elsewhere it holds nothing)."""
