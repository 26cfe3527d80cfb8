"""The open lobby: public games waiting for players, and taking one of their open seats without an invite.

A game created public (``"public": true``) has *open seats* (``"kind": "open"``): human seats that nobody
holds yet — no secret token exists for them. Such a game waits (no move, no bot, no timer, see
:attr:`.match.Match.waiting`) and is listed by ``GET /api/open-games`` until every open seat is taken;
its other seats are held as in any game (the creator's invite links, bots). Taking a seat
(``POST /api/open-games/ID/seats/N``) makes a new secret token for it, exactly what an invite link
carries, and gives it to whoever took the seat; the browser keeps it in "Your games". Two people taking
the same seat at once: one conditional ``UPDATE`` decides (:meth:`.store.Store.take_seat`), the other
is told the seat has just been taken (409). When the last open seat is taken the game starts.

The list shows the newest :data:`LISTED` public games created within :data:`LISTED_DAYS` days (an
abandoned game drops out); taking seats is limited per client address (``--seats-per-minute``).

Against griefing (issue #24): one address takes one open seat of a game (the store keeps who took each
while the game waits), a public game has a turn timer (a stranger who never plays cannot stop it; one
stored without is not listed), and one address has at most ``--public-games-per-address`` public games
waiting, which is also the most of its games the list shows.
"""

from __future__ import annotations

import json
import secrets
import time
from functools import lru_cache
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from pydantic import ValidationError
from starlette.requests import HTTPConnection

from ludoteca import games
from ludoteca.core.errors import LudotecaError
from ludoteca.core.records import stored_options

from ..features import lobby
from ..hosting.limits import RateLimit, address_tag
from ..language import i18n
from ..language.wording import Said, _
from ..live.write_path import OpenSeat
from ..play.seat import Seat, SeatKind
from ..protocol.answers import ListedSeat, OpenGame, OpenGames, SeatTaken
from ..protocol.requests import TakeSeat, take_seat_error
from ..seatview import text
from ..storage.schema import GameRow, hash_token
from .deps import AddressDep, BadRequest, LangDep, SettingsDep, TablesDep, json_body

LISTED = 50
"""Games in the list at most (the newest)."""
LISTED_DAYS = 14
"""A public game nobody joined for this long leaves the list (it still works through its links)."""

router = APIRouter()


def get_seat_takings(conn: HTTPConnection) -> RateLimit:
    """Open seats taken per client address per minute (``--seats-per-minute``)."""
    takings: RateLimit = conn.app.state.seat_takings
    return takings


def take_seat_request(body: Annotated[Any, Depends(json_body)]) -> TakeSeat:
    """The body of ``POST /api/open-games/ID/seats/N`` (nothing at all: no name), validated."""
    try:
        return TakeSeat.model_validate({} if body is None else body)
    except ValidationError as e:
        raise BadRequest(take_seat_error(e)) from None


SeatTakingsDep = Annotated[RateLimit, Depends(get_seat_takings)]


@lru_cache(maxsize=256)
def rules_text(game: str, options: str, players: int, lang: str) -> str:
    """The rule options in force as the table words them (its "rules" line), for the list: drawn from a
    set-up of those options, since the wording needs a view (cached: a handful of combinations)."""
    definition = games.get(game)
    try:
        state = definition.new_game(stored_options(definition, json.loads(options)), 0, players)
    except LudotecaError:
        return ""
    return text.rules_text(state.view(-1), i18n.translator(lang))


def _listed(game: GameRow, seats: list[Seat], lang: str) -> OpenGame:
    """One open game as the lobby lists it (names and options in the reader's language)."""
    definition = games.get(game.game)
    tr = i18n.translator(lang)
    bots = {b["spec"]: b["label"] for b in lobby.bot_choices(tr)}
    listed = []
    for row in seats:
        seat = Seat(row.seat, row.name, row.kind, row.bot, generated=row.generated)
        entry = ListedSeat(seat=row.seat, name=seat.shown_name(definition.seat_names, tr), kind=row.kind)
        if row.kind == SeatKind.BOT:
            entry.bot = bots.get(lobby.nearest_choice(row.bot or ""), row.bot)
        listed.append(entry)
    options = json.dumps(game.options, sort_keys=True)
    return OpenGame(
        id=game.id,
        game=game.game,
        title=definition.title,
        rules=rules_text(game.game, options, len(seats), lang),
        seats=listed,
        free=[row.seat for row in seats if row.kind == SeatKind.OPEN],
        turn_seconds=game.turn_seconds,
        created=game.created,
    )


@router.get("/api/open-games", response_model=OpenGames, response_model_exclude_unset=True)
async def open_games(tables: TablesDep, settings: SettingsDep, lang: LangDep) -> OpenGames:
    """The public games waiting for players, newest first, a few of each creator's address."""
    since = time.time() - LISTED_DAYS * 86400
    found = await tables.store.open_games(LISTED, since, settings.public_games_per_address)
    return OpenGames(games=[_listed(game, seats, lang) for game, seats in found])


def _seat_number(raw: str, count: int) -> int:
    if not raw.isdecimal() or len(raw) > 3 or not 0 <= int(raw) < count:
        raise BadRequest(Said(_("there is no seat %(seat)s in this game"), {"seat": raw[:8]}))
    return int(raw)


@router.post("/api/open-games/{game_id}/seats/{seat}", response_model=SeatTaken)
async def take_seat(
    game_id: str,
    seat: str,
    request: Annotated[TakeSeat, Depends(take_seat_request)],
    tables: TablesDep,
    takings: SeatTakingsDep,
    address: AddressDep,
    lang: LangDep,
) -> SeatTaken:
    """Take open seat ``seat``: ``200`` with its new secret token and link (as an invite gives), ``409`` if
    someone took it first, ``404`` for a game that is not public or does not exist."""
    if not takings.allow(address):
        too_many = _("too many seats taken from your address (at most %(n)d a minute); try again later")
        raise BadRequest(Said(too_many, {"n": takings.count}), 429)
    room = await tables.get(game_id)
    if room is None or not lobby.listed(room):  # a private game is not told apart from no game at all
        raise BadRequest(Said(_("no such open game")), 404)
    match = room.match
    number = _seat_number(seat, len(match.seats))
    token = secrets.token_urlsafe(24)
    # everyone at the table sees the new player; the last seat taken starts the game
    given = await tables.write_path.take_open_seat(room, number, hash_token(token), request.name, address_tag(address))
    if given is OpenSeat.NOT_WAITING:
        raise BadRequest(Said(_("this game is no longer waiting for players")), 409)
    if given is OpenSeat.TAKEN:
        raise BadRequest(Said(_("this seat has just been taken by someone else: choose another")), 409)
    if given is OpenSeat.SAME_NAME:
        same = _("another seat of this game is called %(name)r: choose another name")
        raise BadRequest(Said(same, {"name": request.name or match.seats[number].name}))
    if given is OpenSeat.ADDRESS_HOLDS_ONE:
        raise BadRequest(Said(_("your address has taken a seat of this game already")), 403)
    held = match.seats[number]
    shown = held.shown_name(match.definition.seat_names, i18n.translator(lang))
    return SeatTaken(id=match.id, seat=number, name=shown, token=token, link=f"/g/{match.id}#t={token}")
