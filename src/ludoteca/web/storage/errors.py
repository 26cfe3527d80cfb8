"""What the store's callers catch: the database refused or could not do what was asked.

Every error of the database inside the store reaches its callers as a :class:`StoreError` whose :attr:`kind`
tells them how to answer (:func:`.faults.database_faults` translates them): ``unavailable`` — the database
did not answer or lost the connection, nothing was done, the same request may succeed in a moment (HTTP 503
with ``Retry-After``, a refusal that says "try again", a bot's move tried again); ``conflict`` — someone else
changed the same thing first (a stale action, a seat taken twice); ``refused`` — the request itself cannot
be done (an unknown game, a seed too large, a bad URL).
"""

from __future__ import annotations

from enum import StrEnum

from ..language.refusals import Refusal


class Kind(StrEnum):
    """How a caller answers a :class:`StoreError` (see the module docstring)."""

    UNAVAILABLE = "unavailable"
    CONFLICT = "conflict"
    REFUSED = "refused"


class StoreError(Exception):
    """The database refused or could not do what was asked; :attr:`kind` says which (see the module docstring)."""

    def __init__(self, message: str, kind: Kind = Kind.REFUSED) -> None:
        super().__init__(message)
        self.kind = kind


class StaleActionError(StoreError):
    """An action was appended at a position that is not the end of the log: someone else moved first."""

    def __init__(self, message: str) -> None:
        super().__init__(message, Kind.CONFLICT)


class ChatRefused(StoreError):
    """A chat message the game's limits refuse (:meth:`Store.add_chat`); ``code`` says which limit."""

    def __init__(self, code: Refusal) -> None:
        super().__init__(code)
        self.code = code
