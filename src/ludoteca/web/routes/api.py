"""The lobby's JSON API and the health check: create a game, find my games, a finished game's record and
the replay viewer's frames.

Each request body arrives as its validated Pydantic model (:mod:`.requests`, through :mod:`.deps`); the
answers are the JSON documented in ``docs/web.md``, and every refusal is ``{"error": "…"}`` with the
status code documented there.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import time
from collections import OrderedDict
from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from fastapi.responses import JSONResponse, Response
from starlette.requests import HTTPConnection

from ludoteca import games

from ..features import chat, lobby, replay
from ..hosting.limits import RateLimit, address_tag
from ..language import i18n
from ..language.wording import Said, _
from ..live.front import Tables
from ..live.registry import LoadsExhausted, RoomsFull, match_from_stored
from ..play.seat import Seat, SeatKind
from ..protocol.answers import Created, CreatedSeat, Health, YourGame, YourGames
from ..protocol.requests import CreateGame, MyGames
from ..storage.schema import StoredGame, hash_token
from . import open_games
from .deps import (
    AddressDep,
    BadRequest,
    CreationsDep,
    LangDep,
    ReplayFramesDep,
    SettingsDep,
    TablesDep,
    bounded_body,
    create_request,
    my_games_request,
)

router = APIRouter()

MY_GAMES_LOADS = 20
"""Unloaded unfinished games one ``POST /api/my-games`` may load to say whose turn it is."""


@router.get("/healthz", response_model=Health)
async def healthz(tables: TablesDep) -> Health:
    return Health(
        status="ok",
        games=len(tables.rooms),
        connections=sum(len(r.connections) for r in tables.rooms.values()),
        renders=sum(r.renders for r in tables.rooms.values()),
        unloaded=tables.unloaded,
        owned=sum(1 for r in tables.rooms.values() if r.owned and not r.match.finished),
        job_timeouts=tables.workers.timeouts,
        bot_games=tables.bot_games(),
        bot_games_waiting=len(tables.bots.bot_line),
        jobs_waiting=tables.workers.waiting(),
    )


@router.post("/api/games", response_model=Created, response_model_exclude_unset=True, status_code=201)
async def create_game(
    request: Annotated[CreateGame, Depends(create_request)],
    tables: TablesDep,
    settings: SettingsDep,
    creations: CreationsDep,
    address: AddressDep,
    lang: LangDep,
) -> Created:
    """A new game: ``201`` with its id, each human seat's secret token and link, and the spectators' link
    (the seats' names in the request's language)."""
    if not creations.allow(address):
        per = settings.creates_per_minute
        too_many = _("too many new games from your address (at most %(n)d a minute); try again later")
        raise BadRequest(Said(too_many, {"n": per}), 429)
    new = lobby.new_game(request)
    if new.public:
        new.created_from = address_tag(address)
        waiting = await tables.store.waiting_public_games(
            new.created_from, time.time() - open_games.LISTED_DAYS * 86400
        )
        if waiting >= settings.public_games_per_address:
            too_many = _(
                "your address has %(n)d public games waiting for players already; try again once one has started"
            )
            raise BadRequest(Said(too_many, {"n": waiting}), 429)
    try:
        await tables.create(new, address)
    except RoomsFull as e:
        raise BadRequest(e.words, 503) from None
    seats = []
    tr = i18n.translator(lang)
    for s in new.seats:
        entry = CreatedSeat(seat=s.seat, name=s.shown_name(new.definition.seat_names, tr), kind=s.kind, bot=s.bot)
        if s.seat in new.tokens:
            entry.token = new.tokens[s.seat]
            entry.link = f"/g/{new.id}#t={new.tokens[s.seat]}"
        seats.append(entry)
    return Created(id=new.id, game=new.definition.name, seats=seats, spectator=f"/g/{new.id}")


@router.post("/api/my-games", response_model=YourGames)
async def my_games(
    request: Annotated[MyGames, Depends(my_games_request)], tables: TablesDep, lang: LangDep, address: AddressDep
) -> YourGames:
    """The games in which the given tokens hold a seat, with whose turn it is and its deadline (unix
    seconds; null without a timer), the open seats a public game waits for, names in the request's language."""
    tr = i18n.translator(lang)
    by_hash = {hash_token(t): t for t in request.tokens}
    found = await tables.store.seats_for_tokens(list(by_hash))
    out = []
    loads = MY_GAMES_LOADS
    for game, seat, count in found:
        room = tables.rooms.get(game.id)
        if room is None and not game.finished and loads > 0:
            # a slow game's room may be unloaded for days: load it to tell whose turn it is (a few a request)
            loads -= 1
            with contextlib.suppress(RoomsFull, LoadsExhausted):  # listed all the same, without whose turn
                room = await tables.get(game.id, address)
        match = room.match if room else None
        to_act = match.to_act() if match else -1
        definition = games.get(game.game)
        own = Seat(seat.seat, seat.name, seat.kind, seat.bot, generated=seat.generated)
        out.append(
            YourGame(
                id=game.id,
                game=game.game,
                title=definition.title,
                seat=seat.seat,
                name=own.shown_name(definition.seat_names, tr),
                names=match.names_in(tr) if match else [],
                version=match.version if match else count,
                to_act=to_act,
                your_turn=to_act == seat.seat,
                finished=game.finished,
                deadline=room.deadline if room and match and not match.finished else None,
                open=[s.seat for s in match.seats if s.kind == SeatKind.OPEN] if match else [],
                created=game.created,
                link=f"/g/{game.id}#t={by_hash[seat.token_hash or '']}",
            )
        )
    return YourGames(games=out)


_NOT_OVER = Said(_("the record (which holds the seed, and so every secret) is shown once the game is over"))


class Records:
    """The records of games that are over, as served by ``GET /api/games/ID/record``: such a record never
    changes, so it is made once — from the live game, or read from the store and replayed in a thread, not
    on the event loop and without making the game live — and kept (the :data:`KEPT` last asked for).
    What must be read from the store counts against the asking address's ``--records-per-minute``."""

    KEPT = 256

    def __init__(self, reads: RateLimit) -> None:
        self.reads = reads
        self.kept: OrderedDict[str, bytes] = OrderedDict()

    async def get(self, tables: Tables, game_id: str, address: str) -> bytes:
        """The record's JSON, or :class:`BadRequest`: ``404`` no such game, ``403`` not over, ``429``."""
        found = self.kept.get(game_id)
        if found is not None:
            self.kept.move_to_end(game_id)
            return found
        room = tables.rooms.get(game_id)
        if room is not None:
            if not room.match.finished and room.match.diverged is None:  # a diverged game is over too
                raise BadRequest(_NOT_OVER, 403)
            return self._keep(game_id, _encode(room.match.record.to_dict()))
        if not self.reads.allow(address):
            too_many = _("too many records from your address (at most %(n)d a minute); try again later")
            raise BadRequest(Said(too_many, {"n": self.reads.count}), 429)
        stored = await tables.store.load(game_id) if game_id and len(game_id) <= 64 else None
        if stored is None:
            raise BadRequest(Said(_("no such game")), 404)
        if not stored.game.finished and stored.game.diverged_at is None:
            raise BadRequest(_NOT_OVER, 403)
        return self._keep(game_id, await asyncio.to_thread(_stored_record, stored))

    def _keep(self, game_id: str, record: bytes) -> bytes:
        self.kept[game_id] = record
        while len(self.kept) > self.KEPT:
            self.kept.popitem(last=False)
        return record


def _encode(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode()


def _stored_record(stored: StoredGame) -> bytes:
    """A stored game's record as the live game would serve it (replayed: the options and bots as played)."""
    return _encode(match_from_stored(stored).record.to_dict())


def get_records(conn: HTTPConnection) -> Records:
    records: Records = conn.app.state.records
    return records


@router.get("/api/games/{game_id}/record")
async def record(
    game_id: str, tables: TablesDep, records: Annotated[Records, Depends(get_records)], address: AddressDep
) -> Response:
    """A finished (or diverged) game's record; before the end it would give away the seed."""
    return Response(await records.get(tables, game_id, address), media_type="application/json")


def _count_frame(frames: RateLimit, address: str) -> None:
    """Count a frame asked for by ``address``, or refuse it (429) beyond ``--replay-frames-per-minute``."""
    if not frames.allow(address):
        too_many = _("too many replay steps from your address (at most %(n)d a minute); try again later")
        raise BadRequest(Said(too_many, {"n": frames.count}), 429)


async def _frame(source: replay.Source, n: int, seat: str, lang: str) -> JSONResponse:
    """One replay frame, computed off the event loop (it replays ``n`` actions and draws the table)."""
    try:
        seen_by = replay.perspective(seat, source)
        message = await asyncio.to_thread(replay.frame, source, n, seen_by, lang, i18n.translator(lang))
    except replay.ReplayRefused as e:
        raise BadRequest(e.words, e.status) from None
    return JSONResponse(message)


@router.get("/api/replay/{game_id}")
async def replay_game(
    game_id: str,
    tables: TablesDep,
    lang: LangDep,
    frames: ReplayFramesDep,
    address: AddressDep,
    n: int = 0,
    seat: str = "-1",
) -> JSONResponse:
    """A finished game's replay frame after ``n`` actions, seen by ``seat`` (-1: a spectator; ``all``:
    everything revealed); ``403`` while the game is in progress."""
    _count_frame(frames, address)
    match = await tables.finished_match(game_id, address)
    if match is None:
        raise BadRequest(Said(_("no such game")), 404)
    try:
        source = replay.from_match(match)
    except replay.ReplayRefused as e:
        raise BadRequest(e.words, e.status) from None
    return await _frame(source, n, seat, lang)


@router.get("/api/replay/{game_id}/chat")
async def replay_chat(game_id: str, tables: TablesDep, address: AddressDep) -> JSONResponse:
    """A finished game's chat for its replay (each message with the ``after_action`` it follows); ``403``
    while the game is in progress, as for its frames (the table's own page shows the chat meanwhile)."""
    match = await tables.finished_match(game_id, address)
    if match is None:
        raise BadRequest(Said(_("no such game")), 404)
    try:
        replay.from_match(match)
    except replay.ReplayRefused as e:
        raise BadRequest(e.words, e.status) from None
    return JSONResponse({"messages": await chat.replay_messages(tables.store, game_id)})


@router.post("/api/replay")
async def replay_record(
    request: Request, lang: LangDep, frames: ReplayFramesDep, address: AddressDep, n: int = 0, seat: str = "-1"
) -> JSONResponse:
    """A frame of the record in the body (the JSON of ``docs/records.md``; read, replayed, never stored)."""
    _count_frame(frames, address)
    try:
        body = await bounded_body(request, replay.MAX_RECORD_BYTES, replay.TOO_LARGE)
        source = await asyncio.to_thread(replay.from_upload, body)
    except replay.ReplayRefused as e:
        raise BadRequest(e.words, e.status) from None
    return await _frame(source, n, seat, lang)
