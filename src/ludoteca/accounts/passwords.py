"""Passwords kept as Argon2id hashes (argon2-cffi), checked the same way whether or not the account exists.

Why Argon2id with the library's defaults: it is OWASP's first recommendation for password storage, and
argon2-cffi's defaults follow RFC 9106's second recommended option (64 MiB, 3 passes) — slow for an attacker
with a stolen table, about 50 ms for the server. A sign-in for a name that has no account still runs one
verification against a fixed hash, so the answer and its time are the same for a wrong name and a wrong password.
A password's length is bounded (:data:`MAX_BYTES`) so that nobody can make the server hash a megabyte.
"""

from __future__ import annotations

from typing import Final

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError

MIN_CHARACTERS: Final = 8
"""NIST SP 800-63B's minimum for a password a person chooses."""
MAX_BYTES: Final = 1024
"""The longest password accepted (in UTF-8 bytes): far above any passphrase, far below a denial of service."""

_HASHER: Final = PasswordHasher()
_DUMMY: Final = _HASHER.hash("a password no account has, hashed once so unknown names cost the same")


class PasswordRefused(ValueError):
    """A new password that does not meet the rules; the message says which rule, in English (the web translates)."""


def check_new(password: str) -> None:
    """Refuse a new password that is too short or too long (no other composition rules: NIST advises none)."""
    if len(password) < MIN_CHARACTERS:
        raise PasswordRefused(f"a password needs at least {MIN_CHARACTERS} characters")
    if len(password.encode("utf-8")) > MAX_BYTES:
        raise PasswordRefused(f"a password can have at most {MAX_BYTES} bytes")


def hash_new(password: str) -> str:
    """The stored form of a new password (after :func:`check_new`): an Argon2id hash with its own salt."""
    check_new(password)
    return _HASHER.hash(password)


def verify(stored: str | None, password: str) -> bool:
    """True when ``password`` matches ``stored``; ``stored=None`` (no such account) costs the same and is False."""
    if len(password.encode("utf-8")) > MAX_BYTES:
        password = ""  # never hash an oversized input; still spend the same time below
    try:
        return _HASHER.verify(stored or _DUMMY, password) and stored is not None
    except (VerificationError, InvalidHashError):
        return False


def needs_rehash(stored: str) -> bool:
    """True when ``stored`` was made with weaker parameters than today's (rehash it at the next sign-in)."""
    return _HASHER.check_needs_rehash(stored)
