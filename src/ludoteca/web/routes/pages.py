"""The HTML pages (the lobby, a table, a replay, a game's rules) and the translation catalogues the pages load.

Pages are Jinja templates rendered in the visitor's language (:func:`.deps.get_lang`); choosing a
language with ``?lang=`` also sets the ``lang`` cookie. A page that does not exist, or a server too
busy to open a stored game, is an error page in the same language (see :mod:`.errors`).
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, JSONResponse
from jinja2 import Environment, FileSystemLoader, select_autoescape
from starlette.exceptions import HTTPException as StarletteHTTPException

from ludoteca import games
from ludoteca.core.errors import LudotecaError

from ..features import lobby, replay
from ..language import i18n
from ..seatview import rules
from .deps import LangDep, TablesDep, client_address, get_lang

HERE = Path(str(resources.files("ludoteca.web")))
router = APIRouter()


def templates() -> Environment:
    """The pages' templates, with gettext installed per page in the visitor's language."""
    return Environment(
        loader=FileSystemLoader(HERE / "templates"),
        autoescape=select_autoescape(["html"]),
        extensions=["jinja2.ext.i18n"],
    )


def page(request: Request, template: str, http_status: int = 200, **context: Any) -> HTMLResponse:
    """``template`` rendered in the visitor's language (and the ``lang`` cookie set if they chose it)."""
    lang = get_lang(request)
    env: Environment = request.app.state.templates
    env.install_gettext_translations(i18n.translator(lang), newstyle=True)  # type: ignore[attr-defined]
    html = env.get_template(template).render(
        lang=lang, languages=i18n.language_choices(), path=request.url.path, **context
    )
    response = HTMLResponse(html, status_code=http_status)
    if request.query_params.get("lang") == lang:
        response.set_cookie("lang", lang, max_age=365 * 86400, samesite="lax")
    return response


@router.get("/", response_class=HTMLResponse)
async def home(request: Request, lang: LangDep) -> HTMLResponse:
    tr = i18n.translator(lang)
    return page(request, "lobby.html", games=lobby.schema(tr), bots=lobby.bot_choices(tr))


@router.get("/g/{game_id}", response_class=HTMLResponse)
async def table(request: Request, game_id: str, tables: TablesDep) -> HTMLResponse:
    room = await tables.get(game_id, client_address(request))
    if room is None:
        raise StarletteHTTPException(404)
    d = room.match.definition
    return page(request, "table.html", game_id=game_id, game=d.name, title=d.title)


@router.get("/replay", response_class=HTMLResponse)
async def replay_upload(request: Request) -> HTMLResponse:
    """The replay viewer for a record file the visitor opens (read by the page, sent with each frame)."""
    return page(request, "replay.html", game_id="", game="", title="")


@router.get("/replay/{game_id}", response_class=HTMLResponse)
async def replay_game(request: Request, game_id: str, tables: TablesDep) -> HTMLResponse:
    """A finished game's replay viewer, at an address that can be shared; 403 while the game is on."""
    match = await tables.finished_match(game_id, client_address(request))
    if match is None:
        raise StarletteHTTPException(404)
    try:
        replay.from_match(match)
    except replay.ReplayRefused:
        tr = i18n.translator(get_lang(request))
        message = tr("This game is still being played: its replay opens once it is over.")
        raise StarletteHTTPException(403, message) from None
    d = match.definition
    return page(request, "replay.html", game_id=game_id, game=d.name, title=d.title)


@router.get("/rules/{game}", response_class=HTMLResponse)
async def rules_page(request: Request, game: str) -> HTMLResponse:
    try:
        d = games.get(game)
    except LudotecaError:
        raise StarletteHTTPException(404) from None
    return page(request, "rules.html", game=d.name, title=d.title, html=rules.html(d.name, get_lang(request)))


@router.get("/i18n/{lang}.json")
async def catalogue(lang: str) -> JSONResponse:
    code = i18n.negotiate(lang, None, None)
    return JSONResponse({"lang": code, "messages": i18n.catalog(code)})
