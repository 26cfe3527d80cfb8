"""The web application: pages, the lobby's JSON API, the table's WebSocket, ``/healthz``.

``create_app(settings)`` builds a FastAPI app around one :class:`~.store.Store`, one pool of bot
workers and the live :class:`~.front.Tables`; its lifespan opens the store and resumes every
unfinished game before the first request, so a restart (even after ``kill -9``) picks every table up
where the stored actions left it. The routes live in routers — :mod:`.pages`, :mod:`.api`, :mod:`.ws` —
and get what they need (settings, tables, limits, language, client address, validated bodies) as
dependencies (:mod:`.deps`); refusals are answered by :mod:`.errors`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from .features import lobby, rematch, slowturns
from .features.cluster import Cluster, GameLocks, is_postgres, new_origin
from .features.reviews import Reviews
from .hosting import gcpolicy, http_guard
from .hosting.config import Settings
from .hosting.headers import SecurityHeaders
from .hosting.limits import Holdings, Inflow, RateLimit
from .live import workers
from .live.front import Tables
from .routes import api, errors, open_games, pages, review_api, table_session, ws
from .storage.databases import database_url
from .storage.store import Store

log = logging.getLogger("ludoteca.web")


OPENAPI = "/api/openapi.json"
"""The JSON API's OpenAPI schema (the pages are left out of it)."""

SETTINGS_VARIABLE = "LUDOTECA_SERVE_SETTINGS"
"""Where ``ludoteca serve --workers N`` leaves its settings (JSON) for the processes uvicorn starts."""


def app_from_environment() -> FastAPI:
    """The app of one of ``serve --workers N``'s processes: uvicorn starts each by importing this factory,
    so the settings the command line made travel in the environment."""
    given = json.loads(os.environ[SETTINGS_VARIABLE])
    return create_app(Settings(**{**given, "data_dir": Path(given["data_dir"])}))


def create_app(settings: Settings) -> FastAPI:
    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[dict[str, Any]]:
        url = database_url(settings.database_url, settings.data_dir)
        # on PostgreSQL the other processes of the site (if any) share the games (:mod:`.cluster`): the store
        # announces each change to them in its own transaction, under this process's origin
        origin = new_origin() if is_postgres(url) else None
        store = await Store.open(url, origin=origin)
        pool = workers.start(settings.bot_processes, settings.job_seconds)
        # a game's bots, timer and review run in the process that holds its lock
        locks = GameLocks(url) if origin is not None else None
        if locks is not None:
            await locks.start()
        tables = Tables(
            store,
            pool,
            site=locks,
            loads=RateLimit(settings.loads_per_minute, 60.0, burst=settings.loads_burst),
            creations=app.state.creations,  # a rematch counts as a new game too
            bot_delay=settings.bot_delay,
            max_rooms=settings.max_live_games,
            max_bot_games=settings.max_bot_games,
        )
        reviews = Reviews(
            store,
            tables,
            pool,
            settings.review_iterations,
            settings.review_seconds,
            per_address=settings.reviews_per_address,
            locks=locks,
        )
        group = None if locks is None or origin is None else Cluster(url, tables, locks, reviews, origin)
        # the features around the tables follow their events (:mod:`.live.events`)
        rematch.follow(tables)
        lobby.follow(tables)
        if group is not None:
            await group.start()
        resumed = await tables.resume()
        log.info("storage %s; resumed %d unfinished game(s)", store, resumed)
        app.state.tables = tables
        app.state.reviews = reviews
        if await reviews.resume():
            log.info("resumed the unfinished reviews")
        sweeper = asyncio.get_running_loop().create_task(slowturns.run(tables, settings.sweep_seconds))
        collector = gcpolicy.Policy(asyncio.get_running_loop())
        collector.install()
        try:
            yield http_guard.state(settings)  # the HTTP connections' limits (served by uvicorn's protocol)
        finally:
            collector.remove()
            sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sweeper
            await reviews.close()
            await tables.close()
            if group is not None:
                await group.close()
            if locks is not None:
                await locks.close()
            pool.close()
            await store.close()

    # the JSON API's OpenAPI schema (its requests and answers are models: protocol/requests, protocol/answers);
    # no pages of it (Swagger UI would load scripts from elsewhere, which the pages' CSP refuses)
    app = FastAPI(title="ludoteca", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=OPENAPI)
    app.state.settings = settings
    app.state.templates = pages.templates()
    app.state.creations = RateLimit(settings.creates_per_minute, 60.0)
    app.state.replay_frames = RateLimit(settings.replay_frames_per_minute, 60.0, burst=settings.replay_frames_burst)
    app.state.addresses = Holdings(settings.connections_per_address)
    app.state.inflow = Inflow(settings.socket_bytes_per_second, 4 * settings.socket_bytes_per_second)
    app.state.seat_takings = RateLimit(settings.seats_per_minute, 60.0)
    app.state.records = api.Records(RateLimit(settings.records_per_minute, 60.0))
    app.state.review_answers = review_api.Answers()
    app.state.review_reads = RateLimit(settings.review_reads_per_minute, 60.0, burst=settings.review_reads_burst)
    app.add_middleware(SecurityHeaders)
    app.add_middleware(table_session.TransportInScope)
    app.mount("/static", StaticFiles(directory=pages.HERE / "static"), name="static")
    errors.install(app)
    app.include_router(pages.router, include_in_schema=False)
    app.include_router(api.router)
    app.include_router(open_games.router)
    app.include_router(review_api.router)
    app.include_router(ws.router)
    return app
