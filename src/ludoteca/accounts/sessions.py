"""Session tokens and their CSRF tokens.

A session token is 32 random bytes (``secrets``), given to the browser in an ``HttpOnly`` cookie and stored
only as its SHA-256 digest: a copy of the database does not sign anyone in. The CSRF token of a session is an
HMAC of a fixed label under the session token, so it needs no storage, differs per session, and only someone who
holds the cookie's value can compute it; the page receives it in its HTML and sends it back in a header with every
request that changes something (the double-submit pattern, OWASP's "signed" variant). "Sign out everywhere"
deletes every stored digest of the account.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from typing import Final

TOKEN_BYTES: Final = 32
COOKIE: Final = "ludoteca_session"
"""The cookie's name (``__Host-`` is added behind TLS, where the browser then insists on ``Secure`` and ``/``)."""
CSRF_HEADER: Final = "x-csrf-token"


def new_token() -> str:
    """A fresh session token for the cookie."""
    return secrets.token_urlsafe(TOKEN_BYTES)


def digest(token: str) -> str:
    """What the database keeps of a session token (hex SHA-256)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def csrf_token(token: str) -> str:
    """The CSRF token of the session whose cookie holds ``token``."""
    return hmac.new(token.encode("utf-8"), b"ludoteca csrf v1", hashlib.sha256).hexdigest()


def csrf_ok(token: str, sent: str | None) -> bool:
    """True when ``sent`` (the request's header) is the CSRF token of ``token``'s session; constant-time."""
    return sent is not None and hmac.compare_digest(csrf_token(token), sent)
