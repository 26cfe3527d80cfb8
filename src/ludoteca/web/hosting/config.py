"""The server's settings, with the embedded defaults that make ``ludoteca serve`` work with no set-up."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from platformdirs import user_data_dir

SWEEP_SECONDS = 60.0
"""How often the sweep of slow games runs by default: a deadline that passed in an unloaded room is acted on
this late at most (:mod:`.slowturns` arms a live room's timer further ahead than this)."""


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
    """Largest WebSocket message accepted from a client, in characters (larger ones get an error; a frame
    of more bytes than such a message can take in UTF-8 is never read: :func:`.http_guard.uvicorn_options`)."""
    socket_bytes_per_second: int = 64 * 1024
    """Bytes one client address may send to the tables per second, across all its connections (a page
    sends a few hundred a minute); beyond, its connections read more slowly (:class:`.limits.Inflow`)."""
    job_seconds: float = 10.0
    """Most seconds a bot move or hint may run in a worker before the worker is killed and replaced (the
    hard search level takes 1.8 s; five times that leaves room for a loaded machine). A bot's move then
    falls back to the heuristic bot's."""
    creates_per_minute: int = 20
    """Games one client address may create per minute (more get HTTP 429): a lobby user creates one or
    two; a script creating thousands fills the database."""
    max_live_games: int = 1000
    """Games held in memory at once; idle ones (nobody connected, no bot to move, no turn timer) are
    unloaded to make room and reloaded on the next connection. Beyond it, creating or opening a game is
    refused until one goes idle."""
    connections_per_address: int = 50
    """Open table connections per client address (a household behind one router, each with a few tabs)."""
    connections_per_game: int = 100
    """Open connections at one table (players' devices and spectators)."""
    outbox_limit: int = 100
    """Messages (errors, replies; never states, which coalesce) queued for a client that is not reading
    them before it is disconnected."""
    max_bot_games: int = 4
    """Unfinished games with bots in every seat at once: they use worker time that players' bots need."""
    replay_frames_per_minute: int = 600
    """Replay frames one client address may ask for per minute (more get HTTP 429): each replays up to a
    few thousand actions and draws a table (~0.1 s); a viewer stepping as fast as frames come asks for
    about ten a second, so only a script meets the limit."""
    replay_frames_burst: int = 60
    """Of :attr:`replay_frames_per_minute`, how many may come at once: at most this many in the same share
    of the minute (6 s at the defaults: a slider dragged for a few seconds asks a frame per round trip),
    so a script cannot have a minute's frames replayed in its first seconds (eight loops of one address
    were answered 29 frames a second for 8 s, the other table's p99 42 times its quiet value: issue #33)."""
    review_iterations: int = 300
    """Search iterations per decision of a game's review (:mod:`.reviews`)."""
    review_seconds: float = 3.0
    """Time cap per decision of a review (a safety net: 300 iterations take 0.1–0.5 s), so that a review
    holds a worker no longer than a hard bot's move."""

    records_per_minute: int = 60
    """Records of games that are not live one client address may have read from the store per minute
    (``GET /api/games/ID/record``; more get HTTP 429): each costs a load and a replay, and a record once
    read is kept (:class:`.api.Records`), so a person downloading records never meets the limit."""
    loads_per_minute: int = 60
    """Games one client address may have loaded from the store per minute (opening a table that is not in
    memory, a finished game's replay chat or review, the turns of "your games"): each load replays the
    game; beyond, the table is refused (close ``4429``), the request answered ``429``, and "your games"
    shows such a game without whose turn it is."""
    loads_burst: int = 30
    """Of :attr:`loads_per_minute`, how many may come at once: at most this many in the same share of the
    minute (30 s at the defaults; "your games" loads up to 20 in one request), so a script cannot have
    a minute's replays run in its first second (issue #33)."""
    review_reads_per_minute: int = 120
    """Reviews one client address may read per minute (``GET``/``POST /api/review/ID``; the page asks once
    a second while a review runs); more get HTTP 429."""
    review_reads_burst: int = 10
    """Of :attr:`review_reads_per_minute`, how many may come at once: at most this many in the same share
    of the minute (5 s at the defaults), so a script cannot have a minute's reviews in its first second
    (sixteen readers were answered 120 at once: issue #33)."""
    reviews_per_address: int = 2
    """Reviews one client address may have waiting in the queue at once (more get HTTP 429)."""
    public_games_per_address: int = 3
    """Public games one client address may have waiting for players at once (more get HTTP 429), and the
    most of one address's games the lobby's list shows: junk games from a few addresses cannot push the
    others out of the list (:mod:`.open_games`)."""
    seats_per_minute: int = 10
    """Open seats one client address may take from the lobby per minute (more get HTTP 429): a player
    takes one; a script taking every seat of every open game would spoil the lobby for everyone."""
    http_header_bytes: int = 16 * 1024
    """Largest HTTP request head (request line and headers) in bytes; a larger one is answered 400 and
    its connection closed (a browser's head is well under 2 kB here: no cookies but the language)."""
    http_header_seconds: float = 10.0
    """Seconds a client has to send a request's head, from connecting (or from the end of the previous
    response on a kept-alive connection); then the connection is closed (:mod:`.http_guard`)."""
    http_body_seconds: float = 30.0
    """Seconds a client has to send a request's body once its head arrived (an uploaded record is a few
    hundred kB at most)."""
    http_connections_per_address: int = 32
    """Open HTTP connections per client address, tables' WebSockets not counted (a browser opens up to
    six; a household behind one router has a few browsers); a trusted proxy is not counted."""
    http_requests_per_second: float = 20.0
    """HTTP requests one client address may make per second, after a burst of
    :attr:`http_request_burst` (a page's first load asks for about thirty files, a replay stepped as fast
    as it goes ten frames a second); beyond, a request is answered 429 after a second's wait, before any
    routing (:mod:`.http_guard`). Tables' WebSockets are not counted once upgraded, nor a trusted proxy."""
    http_request_burst: int = 120
    """HTTP requests one client address may make at once before :attr:`http_requests_per_second` applies."""
    sweep_seconds: float = SWEEP_SECONDS
    """How often stored games are checked for turn timers that ran out while unloaded (slow games)."""

    @classmethod
    def from_env(cls, data_dir: Path | None = None, **overrides: object) -> Settings:
        """Defaults, then ``$DATABASE_URL``, then ``overrides`` (``None`` values are skipped, so unset
        command-line options keep the defaults)."""
        url = os.environ.get("DATABASE_URL") or None
        base = cls(data_dir=data_dir or default_data_dir(), database_url=url)
        given = {k: v for k, v in overrides.items() if v is not None or k == "bot_processes"}
        return cls(**{**base.__dict__, **given})
