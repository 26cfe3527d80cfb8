"""What the routes depend on, as FastAPI dependencies: the settings, the live tables and their store, the
limits, the client's language and address, and each JSON request body as its validated model.

Everything here reads ``app.state``, which :func:`.app.create_app` fills (the tables once its lifespan
has opened the store), so a route names what it needs in its signature and nothing reaches for a
global. A body is read through :func:`.jsonin.loads` (size, depth, ``NaN`` and repeated keys are
refused before Python's parser runs) and then validated by its Pydantic model (:mod:`.requests`); FastAPI's
own body parsing is not used, since it would parse before the depth check. Whatever is wrong becomes
:class:`BadRequest`, which the app answers ``400 {"error": "…"}`` (never FastAPI's 422 body).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Request
from pydantic import ValidationError
from starlette.requests import HTTPConnection

from ..hosting import jsonin
from ..hosting.config import Settings
from ..hosting.limits import Holdings, Inflow, RateLimit, address_key
from ..language import i18n
from ..language.wording import Refused, Said, Wording, _
from ..live.front import Tables
from ..protocol.requests import CreateGame, MyGames, first_error, my_games_error

MAX_BODY = 64 * 1024
"""Bytes in a request body (a lobby request is well under 2 KB)."""


class BadRequest(Refused):
    """A request the server refuses before acting on it; answered ``status {"error": message}``, the
    message in the request's language (:mod:`.wording`)."""

    def __init__(self, message: Wording, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def get_settings(conn: HTTPConnection) -> Settings:
    settings: Settings = conn.app.state.settings
    return settings


def get_tables(conn: HTTPConnection) -> Tables:
    tables: Tables = conn.app.state.tables
    return tables


def get_creations(conn: HTTPConnection) -> RateLimit:
    """New games per client address per minute (``--creates-per-minute``)."""
    creations: RateLimit = conn.app.state.creations
    return creations


def get_replay_frames(conn: HTTPConnection) -> RateLimit:
    """Replay frames per client address per minute (``--replay-frames-per-minute``)."""
    frames: RateLimit = conn.app.state.replay_frames
    return frames


def get_inflow(conn: HTTPConnection) -> Inflow:
    """The bytes each address may send to the tables (shared by all its connections)."""
    inflow: Inflow = conn.app.state.inflow
    return inflow


def get_addresses(conn: HTTPConnection) -> Holdings:
    """Open WebSockets per client address (``--connections-per-address``)."""
    addresses: Holdings = conn.app.state.addresses
    return addresses


def client_address(conn: HTTPConnection) -> str:
    """The client's address as the per-address limits count it (:func:`.limits.address_key`: an IPv6
    client by its /64), as the server sees it (behind a proxy: what uvicorn's proxy headers say)."""
    return address_key(conn.client.host if conn.client else "")


def get_lang(conn: HTTPConnection) -> str:
    """The language of the answer: ``?lang=``, else the ``lang`` cookie, else ``Accept-Language``."""
    return i18n.negotiate(conn.query_params.get("lang"), conn.cookies.get("lang"), conn.headers.get("accept-language"))


async def bounded_body(request: Request, limit: int, too_large: Wording | None = None) -> bytes:
    """The request's body, or :class:`BadRequest` (413) as soon as it passes ``limit`` bytes.

    ``request.body()`` would read a body of any size into memory before a caller could look at its length;
    this reads it chunk by chunk and stops at the limit (a declared ``Content-Length`` over it is refused
    before reading anything)."""
    too_large = too_large or Said(_("the request is too large (at most %(kb)d KB)"), {"kb": max(1, limit // 1024)})
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > limit:
        raise BadRequest(too_large, 413)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise BadRequest(too_large, 413)
        chunks.append(chunk)
    return b"".join(chunks)


async def json_body(request: Request) -> Any:
    """The request's JSON body, read through :func:`.jsonin.loads`, or :class:`BadRequest`."""
    body = await bounded_body(request, MAX_BODY)
    try:
        return jsonin.loads(body or b"null")
    except jsonin.JSONInputError as e:
        raise BadRequest(f"the request body is not valid JSON: {e}") from None


def create_request(body: Annotated[Any, Depends(json_body)]) -> CreateGame:
    """The body of ``POST /api/games``, validated, or :class:`BadRequest` with the first reason."""
    try:
        return CreateGame.model_validate(body)
    except ValidationError as e:
        raise BadRequest(first_error(e)) from None


def my_games_request(body: Annotated[Any, Depends(json_body)]) -> MyGames:
    """The body of ``POST /api/my-games``, validated, or :class:`BadRequest`."""
    try:
        return MyGames.model_validate(body)
    except ValidationError as e:
        raise BadRequest(my_games_error(e)) from None


SettingsDep = Annotated[Settings, Depends(get_settings)]
TablesDep = Annotated[Tables, Depends(get_tables)]
CreationsDep = Annotated[RateLimit, Depends(get_creations)]
ReplayFramesDep = Annotated[RateLimit, Depends(get_replay_frames)]
AddressesDep = Annotated[Holdings, Depends(get_addresses)]
InflowDep = Annotated[Inflow, Depends(get_inflow)]
AddressDep = Annotated[str, Depends(client_address)]
LangDep = Annotated[str, Depends(get_lang)]
