"""The server's settings, with the embedded defaults that make ``ludoteca serve`` work with no set-up."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from platformdirs import user_data_dir


def default_data_dir() -> Path:
    """``$LUDOTECA_DATA`` if set, else the platform's per-user data directory (``~/.local/share/ludoteca``)."""
    env = os.environ.get("LUDOTECA_DATA")
    return Path(env) if env else Path(user_data_dir("ludoteca", appauthor=False))


@dataclass(frozen=True)
class Settings:
    data_dir: Path
    database_url: str | None = None
    """``None``: SQLite in ``data_dir``; else any SQLAlchemy URL (``postgresql://…``); ``$DATABASE_URL``."""
    bot_processes: int | None = None
    """Worker processes for bots and hints (``None``: cores − 1, at least 1; 0: threads, for tests)."""
    bot_delay: float = 0.6
    """Seconds a bot waits before it moves, so people can follow the table (0 in tests and benchmarks)."""
    max_message: int = 16 * 1024
    """Largest WebSocket message accepted from a client, in characters (larger ones get an error)."""
    hints: bool = True

    @classmethod
    def from_env(cls, data_dir: Path | None = None, **overrides: object) -> Settings:
        url = os.environ.get("DATABASE_URL") or None
        base = cls(data_dir=data_dir or default_data_dir(), database_url=url)
        return cls(**{**base.__dict__, **overrides})
