"""How refusals are answered: ``{"error": "…"}`` under ``/api/``, an error page in the visitor's language
elsewhere, never a FastAPI default body (``{"detail": …}``, 422) or a traceback — nor a 500 when the
database is down: the store says so (:class:`.StoreError`), and the answer is 503 with ``Retry-After``."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from starlette.exceptions import HTTPException as StarletteHTTPException

from ..language import i18n
from ..language.wording import in_language
from ..live.registry import LoadsExhausted, RoomsFull
from ..storage.errors import Kind, StoreError
from .deps import BadRequest, get_lang
from .pages import page


def error_json(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def bad_request(request: Request, exc: Exception) -> Response:
    """The refusal said in the request's language (see :mod:`.wording`)."""
    assert isinstance(exc, BadRequest)
    return error_json(in_language(exc.words, i18n.translator(get_lang(request))), exc.status)


async def invalid_request(request: Request, exc: Exception) -> Response:
    """A path or query parameter FastAPI itself refused (the bodies are validated in :mod:`.deps`)."""
    assert isinstance(exc, RequestValidationError)
    errors = exc.errors()
    where = ".".join(str(part) for part in errors[0]["loc"]) if errors else "request"
    return error_json(f"{where}: {errors[0]['msg'] if errors else 'invalid'}")


async def http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, StarletteHTTPException)
    if request.url.path.startswith("/api/"):
        return error_json(str(exc.detail), exc.status_code)
    tr = i18n.translator(get_lang(request))
    message = tr("Page not found.") if exc.status_code == 404 else str(exc.detail)
    return page(request, "error.html", exc.status_code, status=exc.status_code, message=message)


async def rooms_full(request: Request, exc: Exception) -> Response:
    """Opening a stored game when every live game is in use (see ``--max-live-games``)."""
    assert isinstance(exc, RoomsFull)
    tr = i18n.translator(get_lang(request))
    if request.url.path.startswith("/api/"):
        return error_json(in_language(exc.words, tr), 503)
    message = tr("The server is too busy to open this game now: try again later.")
    return page(request, "error.html", 503, status=503, message=message)


async def loads_exhausted(request: Request, exc: Exception) -> Response:
    """Opening games not in memory faster than ``--loads-per-minute`` allows one address."""
    assert isinstance(exc, LoadsExhausted)
    message = in_language(exc.words, i18n.translator(get_lang(request)))
    if request.url.path.startswith("/api/"):
        return error_json(message, 429)
    return page(request, "error.html", 429, status=429, message=message)


RETRY_AFTER = 2
"""Seconds a client is asked to wait before trying again when the database did not answer (a restart of
PostgreSQL takes about that; the store's pool reconnects at the next request)."""


async def store_failed(request: Request, exc: Exception) -> Response:
    """A request the store could not serve: 503 and "try again" when the database did not answer, 409 when
    the change conflicts with one made meanwhile (nothing changed either way)."""
    assert isinstance(exc, StoreError)
    tr = i18n.translator(get_lang(request))
    if exc.kind is Kind.UNAVAILABLE:
        status = 503
        message = tr("The server cannot reach its database just now; nothing changed. Try again in a moment.")
    else:
        status, message = 409, tr("That could not be done: the game changed meanwhile. Reload and try again.")
    answer: Response
    if request.url.path.startswith("/api/"):
        answer = error_json(message, status)
    else:
        answer = page(request, "error.html", status, status=status, message=message)
    if status == 503:
        answer.headers["Retry-After"] = str(RETRY_AFTER)
    return answer


def install(app: FastAPI) -> None:
    """Register every handler above on ``app``."""
    app.add_exception_handler(BadRequest, bad_request)
    app.add_exception_handler(RequestValidationError, invalid_request)
    app.add_exception_handler(StarletteHTTPException, http_error)
    app.add_exception_handler(RoomsFull, rooms_full)
    app.add_exception_handler(LoadsExhausted, loads_exhausted)
    app.add_exception_handler(StoreError, store_failed)
