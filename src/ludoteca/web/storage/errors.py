"""What the store's callers catch: the database refused or could not do what was asked."""

from __future__ import annotations


class StoreError(Exception):
    """The database refused or could not do what was asked (bad URL, unknown game, …)."""


class StaleActionError(StoreError):
    """An action was appended at a position that is not the end of the log: someone else moved first."""


class ChatRefused(StoreError):
    """A chat message the game's limits refuse (:meth:`Store.add_chat`); ``code`` says which limit."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code
