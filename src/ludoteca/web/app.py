"""The web application: pages, the lobby's JSON API, the table's WebSocket, ``/healthz``.

``create_app(settings)`` builds a FastAPI app around one :class:`~.store.Store`, one pool of bot
workers and the live :class:`~.tables.Tables`; its lifespan opens the store and resumes every
unfinished game before the first request, so a restart (even after ``kill -9``) picks every table up
where the stored actions left it.
"""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket
from fastapi.responses import HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.exceptions import HTTPException as StarletteHTTPException

from ludoteca import games
from ludoteca.core.errors import LudotecaError

from . import i18n, jsonin, lobby, rules, socket, workers
from .config import Settings
from .headers import SecurityHeaders
from .limits import Holdings, RateLimit
from .store import Store, database_url, hash_token
from .tables import RoomsFull, Tables

log = logging.getLogger("ludoteca.web")
HERE = Path(str(resources.files("ludoteca.web")))
MAX_BODY = 64 * 1024


def _token_text(value: object) -> bool:
    """A seat token as a client may send one: text of at most 200 characters (real ones have 32)."""
    return isinstance(value, str) and len(value) <= 200


def _templates() -> Environment:
    env = Environment(
        loader=FileSystemLoader(HERE / "templates"),
        autoescape=select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
    )
    return env


def create_app(settings: Settings) -> FastAPI:
    env = _templates()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await Store.open(database_url(settings.database_url, settings.data_dir))
        pool = workers.start(settings.bot_processes, settings.job_seconds)
        tables = Tables(
            store,
            pool,
            bot_delay=settings.bot_delay,
            max_rooms=settings.max_live_games,
            max_bot_games=settings.max_bot_games,
        )
        resumed = await tables.resume()
        log.info("storage %s; resumed %d unfinished game(s)", store, resumed)
        app.state.tables = tables
        try:
            yield
        finally:
            await tables.close()
            pool.close()
            await store.close()

    app = FastAPI(title="ludoteca", lifespan=lifespan, docs_url=None, redoc_url=None, openapi_url=None)
    app.add_middleware(SecurityHeaders)
    creations = RateLimit(settings.creates_per_minute, 60.0)
    addresses = Holdings(settings.connections_per_address)
    app.add_middleware(socket.TransportInScope)
    app.mount("/static", StaticFiles(directory=HERE / "static"), name="static")

    def lang_of(request: Request) -> str:
        return i18n.negotiate(
            request.query_params.get("lang"), request.cookies.get("lang"), request.headers.get("accept-language")
        )

    def page(request: Request, template: str, http_status: int = 200, **context: Any) -> HTMLResponse:
        lang = lang_of(request)
        tr = i18n.translator(lang)
        env.install_gettext_translations(tr, newstyle=True)  # type: ignore[attr-defined]
        html = env.get_template(template).render(
            lang=lang, languages=i18n.language_choices(), path=request.url.path, **context
        )
        response = HTMLResponse(html, status_code=http_status)
        if request.query_params.get("lang") == lang:
            response.set_cookie("lang", lang, max_age=365 * 86400, samesite="lax")
        return response

    def bad(message: str, status: int = 400) -> JSONResponse:
        return JSONResponse({"error": message}, status_code=status)

    async def json_body(request: Request) -> Any:
        body = await request.body()
        if len(body) > MAX_BODY:
            raise LudotecaError("the request is too large")
        try:
            return jsonin.loads(body or b"null")
        except jsonin.JSONInputError as e:
            raise LudotecaError(f"the request body is not valid JSON: {e}") from None

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> Response:
        if request.url.path.startswith("/api/"):
            return bad(str(exc.detail), exc.status_code)
        tr = i18n.translator(lang_of(request))
        message = tr("Page not found.") if exc.status_code == 404 else str(exc.detail)
        return page(request, "error.html", exc.status_code, status=exc.status_code, message=message)

    @app.exception_handler(RoomsFull)
    async def rooms_full(request: Request, exc: RoomsFull) -> Response:
        """Opening a stored game when every live game is in use (see ``--max-live-games``)."""
        if request.url.path.startswith("/api/"):
            return bad(str(exc), 503)
        tr = i18n.translator(lang_of(request))
        message = tr("The server is too busy to open this game now: try again later.")
        return page(request, "error.html", 503, status=503, message=message)

    @app.get("/healthz")
    async def healthz(request: Request) -> dict[str, Any]:
        tables: Tables = request.app.state.tables
        return {
            "status": "ok",
            "games": len(tables.rooms),
            "connections": sum(len(r.connections) for r in tables.rooms.values()),
            "renders": sum(r.renders for r in tables.rooms.values()),
            "unloaded": tables.unloaded,
            "job_timeouts": tables.workers.timeouts,
        }

    @app.get("/", response_class=HTMLResponse)
    async def home(request: Request) -> HTMLResponse:
        tr = i18n.translator(lang_of(request))
        return page(request, "lobby.html", games=lobby.schema(tr), bots=lobby.bot_choices(tr))

    @app.get("/g/{game_id}", response_class=HTMLResponse)
    async def table(request: Request, game_id: str) -> HTMLResponse:
        room = await request.app.state.tables.get(game_id)
        if room is None:
            raise StarletteHTTPException(404)
        d = room.match.definition
        return page(request, "table.html", game_id=game_id, game=d.name, title=d.title)

    @app.get("/rules/{game}", response_class=HTMLResponse)
    async def rules_page(request: Request, game: str) -> HTMLResponse:
        try:
            d = games.get(game)
        except LudotecaError:
            raise StarletteHTTPException(404) from None
        return page(request, "rules.html", game=d.name, title=d.title, html=rules.html(d.name))

    @app.get("/i18n/{lang}.json")
    async def catalogue(lang: str) -> JSONResponse:
        code = i18n.negotiate(lang, None, None)
        return JSONResponse({"lang": code, "messages": i18n.catalog(code)})

    @app.post("/api/games")
    async def create_game(request: Request) -> JSONResponse:
        try:
            new = lobby.parse_request(await json_body(request))
        except LudotecaError as e:
            return bad(str(e))
        if not creations.allow(request.client.host if request.client else ""):
            per = settings.creates_per_minute
            return bad(f"too many new games from your address (at most {per} a minute); try again later", 429)
        try:
            await request.app.state.tables.create(new)
        except RoomsFull as e:
            return bad(str(e), 503)
        seats = []
        for s in new.seats:
            entry: dict[str, Any] = {"seat": s.seat, "name": s.name, "kind": s.kind, "bot": s.bot}
            if s.seat in new.tokens:
                entry["token"] = new.tokens[s.seat]
                entry["link"] = f"/g/{new.id}#t={new.tokens[s.seat]}"
            seats.append(entry)
        return JSONResponse(
            {"id": new.id, "game": new.definition.name, "seats": seats, "spectator": f"/g/{new.id}"}, status_code=201
        )

    @app.post("/api/my-games")
    async def my_games(request: Request) -> JSONResponse:
        try:
            body = await json_body(request)
        except LudotecaError as e:
            return bad(str(e))
        if isinstance(body, dict) and set(body) - {"tokens"}:
            return bad(f"unknown field(s): {', '.join(sorted(set(body) - {'tokens'}))} (send only 'tokens')")
        tokens = body.get("tokens") if isinstance(body, dict) else None
        if not isinstance(tokens, list) or len(tokens) > 500 or not all(_token_text(t) for t in tokens):
            return bad("'tokens' must be a list of up to 500 strings (seat tokens, at most 200 characters each)")
        tables: Tables = request.app.state.tables
        by_hash = {hash_token(t): t for t in tokens}
        found = await tables.store.seats_for_tokens(list(by_hash))
        out = []
        for game, seat, _count in found:
            room = tables.rooms.get(game.id)
            match = room.match if room else None
            to_act = match.to_act() if match else -1
            out.append(
                {
                    "id": game.id,
                    "game": game.game,
                    "title": games.get(game.game).title,
                    "seat": seat.seat,
                    "name": seat.name,
                    "names": match.names if match else [],
                    "version": match.version if match else _count,
                    "to_act": to_act,
                    "your_turn": to_act == seat.seat,
                    "finished": game.finished,
                    "link": f"/g/{game.id}#t={by_hash[seat.token_hash or '']}",
                }
            )
        return JSONResponse({"games": out})

    @app.get("/api/games/{game_id}/record")
    async def record(request: Request, game_id: str) -> JSONResponse:
        room = await request.app.state.tables.get(game_id)
        if room is None:
            return bad("no such game", 404)
        if not room.match.finished and room.match.diverged is None:  # a diverged game is over too
            return bad("the record (which holds the seed, and so every secret) is shown once the game is over", 403)
        return JSONResponse(room.match.record.to_dict())

    @app.websocket("/ws/{game_id}")
    async def ws(websocket: WebSocket, game_id: str) -> None:
        await socket.serve(websocket, game_id, websocket.app.state.tables, settings, addresses)

    return app
