"""The lobby's JSON API and the health check: create a game, find my games, a finished game's record.

Each request body arrives as its validated Pydantic model (:mod:`.models`, through :mod:`.deps`); the
answers are the JSON documented in ``docs/web.md``, and every refusal is ``{"error": "…"}`` with the
status code documented there.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi.responses import JSONResponse

from ludoteca import games

from . import lobby
from .deps import AddressDep, BadRequest, CreationsDep, SettingsDep, TablesDep, create_request, my_games_request
from .models import CreateGame, MyGames
from .store import hash_token
from .tables import RoomsFull

router = APIRouter()


@router.get("/healthz")
async def healthz(tables: TablesDep) -> dict[str, Any]:
    return {
        "status": "ok",
        "games": len(tables.rooms),
        "connections": sum(len(r.connections) for r in tables.rooms.values()),
        "renders": sum(r.renders for r in tables.rooms.values()),
        "unloaded": tables.unloaded,
        "job_timeouts": tables.workers.timeouts,
    }


@router.post("/api/games")
async def create_game(
    request: Annotated[CreateGame, Depends(create_request)],
    tables: TablesDep,
    settings: SettingsDep,
    creations: CreationsDep,
    address: AddressDep,
) -> JSONResponse:
    """A new game: ``201`` with its id, each human seat's secret token and link, and the spectators' link."""
    if not creations.allow(address):
        per = settings.creates_per_minute
        raise BadRequest(f"too many new games from your address (at most {per} a minute); try again later", 429)
    new = lobby.new_game(request)
    try:
        await tables.create(new)
    except RoomsFull as e:
        raise BadRequest(str(e), 503) from None
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


@router.post("/api/my-games")
async def my_games(request: Annotated[MyGames, Depends(my_games_request)], tables: TablesDep) -> JSONResponse:
    """The games in which the given tokens hold a seat, with whose turn it is."""
    by_hash = {hash_token(t): t for t in request.tokens}
    found = await tables.store.seats_for_tokens(list(by_hash))
    out = []
    for game, seat, count in found:
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
                "version": match.version if match else count,
                "to_act": to_act,
                "your_turn": to_act == seat.seat,
                "finished": game.finished,
                "link": f"/g/{game.id}#t={by_hash[seat.token_hash or '']}",
            }
        )
    return JSONResponse({"games": out})


@router.get("/api/games/{game_id}/record")
async def record(game_id: str, tables: TablesDep) -> JSONResponse:
    """A finished (or diverged) game's record; before the end it would give away the seed."""
    room = await tables.get(game_id)
    if room is None:
        raise BadRequest("no such game", 404)
    if not room.match.finished and room.match.diverged is None:  # a diverged game is over too
        raise BadRequest("the record (which holds the seed, and so every secret) is shown once the game is over", 403)
    return JSONResponse(room.match.record.to_dict())
