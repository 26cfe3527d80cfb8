"""The ``ludoteca serve`` command: the web app on embedded defaults (SQLite in the data directory).

Only arguments and start-up live here; the application is :func:`ludoteca.web.app.create_app`.
"""

from __future__ import annotations

import base64
import json
import logging
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import click

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
LIMITS = {
    "job_seconds": ("Seconds a bot move or hint may run before its worker is replaced.", click.FloatRange(0.1, 600)),
    "creates_per_minute": ("New games per client address per minute.", click.IntRange(1)),
    "max_live_games": ("Games held in memory (idle ones are unloaded).", click.IntRange(1)),
    "connections_per_address": ("Open table connections per client address.", click.IntRange(1)),
    "connections_per_game": ("Open connections per table.", click.IntRange(1)),
    "outbox_limit": ("Unread messages queued for a client before it is disconnected.", click.IntRange(1)),
    "max_bot_games": ("Unfinished games played by bots only, at once.", click.IntRange(0)),
    "replay_frames_per_minute": ("Replay steps per client address per minute.", click.IntRange(1)),
    "replay_frames_burst": ("Of the replay steps per minute, how many at once.", click.IntRange(1)),
    "records_per_minute": ("Records of games not in memory read per client address per minute.", click.IntRange(1)),
    "loads_per_minute": ("Games not in memory loaded from the store per client address per minute.", click.IntRange(1)),
    "loads_burst": ("Of the games loaded per minute, how many at once.", click.IntRange(1)),
    "review_reads_per_minute": ("Reviews read per client address per minute.", click.IntRange(1)),
    "review_reads_burst": ("Of the reviews read per minute, how many at once.", click.IntRange(1)),
    "reviews_per_address": ("Reviews waiting in the queue per client address.", click.IntRange(1)),
    "socket_bytes_per_second": ("Bytes per second one client address may send to the tables.", click.IntRange(1024)),
    "public_games_per_address": ("Public games waiting for players per client address.", click.IntRange(1)),
    "seats_per_minute": ("Open seats taken from the lobby per client address per minute.", click.IntRange(1)),
    "review_iterations": ("Search iterations per decision of a game's review.", click.IntRange(1, 100_000)),
    "review_seconds": ("Time cap in seconds per decision of a game's review.", click.FloatRange(0.1, 60)),
    "http_header_bytes": ("Largest HTTP request head (request line and headers) in bytes.", click.IntRange(1024)),
    "http_header_seconds": ("Seconds a client has to send an HTTP request's head.", click.FloatRange(0.5, 600)),
    "http_body_seconds": ("Seconds a client has to send an HTTP request's body.", click.FloatRange(0.5, 3600)),
    "http_connections_per_address": (
        "Open HTTP connections per client address (not WebSockets, not a trusted proxy's).",
        click.IntRange(1),
    ),
    "http_requests_per_second": (
        "HTTP requests per client address per second, after the burst (not a trusted proxy's).",
        click.FloatRange(0.1),
    ),
    "http_request_burst": ("HTTP requests per client address at once, before the rate applies.", click.IntRange(1)),
}
"""The server's limits (see ``ludoteca.web.hosting.config.Settings``): each a ``--flag`` and ``$LUDOTECA_FLAG``."""


def _limits(command: Callable[..., None]) -> Callable[..., None]:
    from ludoteca.web.hosting.config import Settings

    defaults = Settings.__dataclass_fields__
    for name, (text, kind) in reversed(LIMITS.items()):
        flag = name.replace("_", "-")
        env = f"LUDOTECA_{name.upper()}"
        help_text = f"{text} [default: {defaults[name].default}; env: {env}]"
        command = click.option(f"--{flag}", name, type=kind, envvar=env, default=None, help=help_text)(command)
    return command


@click.command(short_help="Play in the browser: lobby, invite links, bots, games that survive restarts.")
@click.option("--host", default=DEFAULT_HOST, show_default=True, help="Address to listen on (0.0.0.0: every network).")
@click.option("--port", default=DEFAULT_PORT, show_default=True, type=click.IntRange(1, 65535), help="Port.")
@click.option(
    "--data-dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Where the SQLite database lives [default: $LUDOTECA_DATA or ~/.local/share/ludoteca].",
)
@click.option(
    "--database-url",
    envvar="DATABASE_URL",
    default=None,
    help="A database instead of SQLite, e.g. postgresql://user:pass@host/db [env: DATABASE_URL].",
)
@click.option(
    "--bot-workers",
    type=click.IntRange(0, 64),
    default=None,
    help="Processes for bots and hints [default: cores - 1, at least 1; 0: threads].",
)
@click.option(
    "--bot-delay",
    type=click.FloatRange(0, 10),
    default=0.6,
    show_default=True,
    help="Seconds a bot waits before moving.",
)
@click.option(
    "--forwarded-allow-ips",
    envvar="FORWARDED_ALLOW_IPS",
    default=None,
    help="Addresses of trusted reverse proxies (comma-separated, or *): only their X-Forwarded-For and "
    "X-Forwarded-Proto are believed, so limits per client address apply to the real clients "
    "[default: none, the peer's address is the client's; env: FORWARDED_ALLOW_IPS].",
)
@click.option(
    "--workers",
    type=click.IntRange(1, 64),
    default=1,
    show_default=True,
    envvar="LUDOTECA_WORKERS",
    help="Server processes sharing the port, as one site (needs PostgreSQL; restarted if one dies) "
    "[env: LUDOTECA_WORKERS].",
)
@_limits
def serve(
    host: str,
    port: int,
    data_dir: Path | None,
    database_url: str | None,
    bot_workers: int | None,
    bot_delay: float,
    forwarded_allow_ips: str | None,
    workers: int,
    **limits: Any,
) -> None:
    """Serve the web app: open http://HOST:PORT/ in a browser, create a game, send the invite links.

    Every action is stored before anyone sees it, so stopping the server (even with kill -9) loses
    nothing: the next start resumes every unfinished game.
    """
    import uvicorn

    from ludoteca.web.app import SETTINGS_VARIABLE, create_app
    from ludoteca.web.features.cluster import is_postgres
    from ludoteca.web.hosting import http_guard
    from ludoteca.web.hosting.config import Settings
    from ludoteca.web.storage.databases import database_url as store_url
    from ludoteca.web.storage.errors import StoreError

    settings = Settings.from_env(data_dir, bot_processes=bot_workers, bot_delay=bot_delay, **limits)
    if database_url:
        settings = Settings(**{**settings.__dict__, "database_url": database_url})
    if workers > 1:
        try:
            shared = is_postgres(store_url(settings.database_url, settings.data_dir))
        except StoreError as error:
            raise click.UsageError(str(error)) from None
        if not shared:
            raise click.UsageError(
                "--workers above 1 needs PostgreSQL (--database-url postgresql://…): "
                "SQLite serves from one process only"
            )
        if bot_workers is None:  # the machine's cores shared out between the processes' bot workers
            settings = Settings(**{**settings.__dict__, "bot_processes": max(1, (os.cpu_count() or 2) // workers)})
    logging.basicConfig(level=logging.INFO, format="%(levelname)s: %(message)s")
    shown = "localhost" if host in ("127.0.0.1", "::1") else host
    click.echo(f"ludoteca: open http://{shown}:{port}/ in your browser (Ctrl+C stops the server)", err=True)
    # No per-message compression: it cost 0.8 ms of the server's CPU per frame (a third of the work of a
    # move at 4 seats) to save bandwidth that a table update (~60 kB) hardly needs.
    if workers > 1:
        # uvicorn's workers: one listening socket, each connection accepted by one process, a process
        # that dies restarted; each builds its app from the settings in its environment
        os.environ[SETTINGS_VARIABLE] = json.dumps({**settings.__dict__, "data_dir": str(settings.data_dir)})
        app: Any = "ludoteca.web.app:app_from_environment"
    else:
        app = create_app(settings)
    uvicorn.run(
        app,
        factory=workers > 1,
        workers=workers,
        host=host,
        port=port,
        log_level="warning",
        ws_per_message_deflate=False,
        proxy_headers=forwarded_allow_ips is not None,
        forwarded_allow_ips=forwarded_allow_ips,
        **http_guard.uvicorn_options(settings),
    )


def replay_address(base: str, record_json: str) -> str:
    """The replay viewer's address for a record: the record in the fragment as base64url (UTF-8), which
    the page reads and a browser never sends to a server in the address (docs/web.md, "Replays")."""
    encoded = base64.urlsafe_b64encode(record_json.encode("utf-8")).rstrip(b"=").decode("ascii")
    return f"{base}/replay#record={encoded}"


def serve_replay(record_json: str, port: int, open_browser: bool = True) -> None:
    """Show a record in the browser: a private server on loopback (an empty database in a temporary
    directory, bots in threads) with the replay viewer open on the record, until Ctrl+C.

    A server rather than a self-contained HTML file: the frames are the table's own, drawn by the
    server's presenters in the page's language, so the viewer needs one anyway."""
    import socket
    import tempfile
    import threading
    import time
    import webbrowser

    import uvicorn

    from ludoteca.web.app import create_app
    from ludoteca.web.hosting import http_guard
    from ludoteca.web.hosting.config import Settings

    if port == 0:
        with socket.socket() as s:
            s.bind((DEFAULT_HOST, 0))
            port = int(s.getsockname()[1])
    with tempfile.TemporaryDirectory(prefix="ludoteca-replay-") as data_dir:
        settings = Settings(data_dir=Path(data_dir), bot_processes=0)
        app = create_app(settings)
        options = http_guard.uvicorn_options(settings)
        server = uvicorn.Server(uvicorn.Config(app, host=DEFAULT_HOST, port=port, log_level="warning", **options))
        address = replay_address(f"http://localhost:{port}", record_json)
        click.echo(f"ludoteca: the replay is at {address}\n(Ctrl+C stops the server)", err=True)

        def open_when_started() -> None:
            while not server.started and not server.should_exit:
                time.sleep(0.05)
            if server.started:
                webbrowser.open(address)

        if open_browser:
            threading.Thread(target=open_when_started, daemon=True).start()
        server.run()
