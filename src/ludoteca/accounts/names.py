"""Account names: what one may be called, and the one key two names that look alike share.

A name is shown to other players (leaderboards, profiles), so it follows the seat names' spirit — letters,
digits, and ``_ . -`` inside, 3 to 24 characters after Unicode NFKC normalisation — and two names that differ
only by case or by compatibility forms (``Ａda`` and ``ada``) are the same account: :func:`key` is what is unique.
"""

from __future__ import annotations

import unicodedata
from typing import Final

MIN_LENGTH: Final = 3
MAX_LENGTH: Final = 24
_INSIDE: Final = frozenset("_.-")


class NameRefused(ValueError):
    """An account name that breaks a rule; the message says which (in English; the web translates)."""


def clean(name: str) -> str:
    """The name as it will be shown, or :class:`NameRefused`."""
    shown = unicodedata.normalize("NFKC", name).strip()
    if not MIN_LENGTH <= len(shown) <= MAX_LENGTH:
        raise NameRefused(f"a name has {MIN_LENGTH} to {MAX_LENGTH} characters")
    if not all(c.isalnum() or c in _INSIDE for c in shown):
        raise NameRefused("a name has only letters, digits and _ . -")
    if not (shown[0].isalnum() and shown[-1].isalnum()):
        raise NameRefused("a name begins and ends with a letter or a digit")
    return shown


def key(name: str) -> str:
    """The unique key of a (cleaned) name: case-folded, so ``Ada`` and ``ADA`` are one account."""
    return unicodedata.normalize("NFKC", name).casefold()
