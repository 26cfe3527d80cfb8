"""Creating a game from the lobby: a validated request (:class:`.requests.CreateGame`) becomes a new game.

The request is checked completely by its Pydantic model before it gets here (:mod:`.requests`); this
module turns it into what the tables store and start (:class:`NewGame`: the seats and their secret
tokens, a seed), and describes the lobby's form (:func:`schema`, :func:`bot_choices`). It also knows which
live games the open lobby lists (:func:`listed`: those created public, :mod:`..routes.open_games`).
"""

from __future__ import annotations

import secrets
import weakref
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from ludoteca import games
from ludoteca.core.errors import LudotecaError
from ludoteca.present.common import colour_name

from ..live.bot_choice import nearest_choice
from ..live.events import Change, RoomLive
from ..live.front import Tables
from ..live.registry import NewGame
from ..live.room import Room
from ..play.seat import Seat, SeatKind
from ..protocol import names
from ..protocol.requests import BOT_CHOICES, MAX_TURN_SECONDS, CreateGame, first_error, options_of
from ..seatview.guided import guided_setup
from ..storage.schema import hash_token

__all__ = [
    "BOT_CHOICES",
    "MAX_NAME",
    "MAX_TURN_SECONDS",
    "LobbyError",
    "NewGame",
    "bot_choices",
    "nearest_choice",
    "new_game",
    "options_of",
    "parse_request",
    "schema",
]

MAX_NAME = names.MAX_NAME


class LobbyError(LudotecaError):
    """A create-game request the server refuses, with the reason in words."""


def schema(tr: Callable[[str], str]) -> list[dict[str, Any]]:
    """The games and their options as the lobby form needs them."""
    out = []
    for name in games.names():
        d = games.get(name)
        defaults = d.options_to_dict(d.options_from_dict({}))
        out.append(
            {
                "name": name,
                "title": d.title,
                "min_players": d.min_players,
                "max_players": d.max_players,
                # each seat's default name, as the reader will see it (the placeholder of its name field)
                "seat_names": [colour_name(d.seat_names, i, tr) for i in range(d.max_players)],
                "guide": guided_setup(name),
                "options": [
                    {
                        "key": o.key,
                        "label": tr(o.label),
                        "kind": o.kind,
                        "choices": list(o.choices),
                        "choice_labels": [tr(label) for label in o.choice_labels],
                        "default": defaults.get(o.key),
                    }
                    for o in options_of(name)
                ],
            }
        )
    return out


def bot_choices(tr: Callable[[str], str]) -> list[dict[str, str]]:
    """The lobby's bots with their labels in the reader's language (the table's seat list uses the same)."""
    labels = {
        "heuristic": tr("Heuristic bot"),
        "ismcts:easy": tr("Search bot, easy"),
        "ismcts:normal": tr("Search bot, normal"),
        "ismcts:hard": tr("Search bot, hard"),
        "reader:expert": tr("Search bot, expert"),
        "random": tr("Random bot"),
    }
    return [{"spec": spec, "label": labels[spec]} for spec in BOT_CHOICES]


def new_game(request: CreateGame) -> NewGame:
    """The game a validated request asks for, with a secret token for each human seat (only its hash is
    stored) and a random seed unless the request named one."""
    seats: list[Seat] = []
    tokens: dict[int, str] = {}
    for i, entry in enumerate(request.seats):
        name = entry.name or ""  # filled in by the request's validation
        if entry.kind == SeatKind.HUMAN:
            tokens[i] = secrets.token_urlsafe(24)
            seats.append(Seat(i, name, SeatKind.HUMAN, token_hash=hash_token(tokens[i]), generated=entry.generated))
        elif entry.kind == SeatKind.OPEN:  # a human seat nobody holds yet: taken from the lobby (:mod:`.open_games`)
            seats.append(Seat(i, name, SeatKind.OPEN, generated=entry.generated))
        else:
            seats.append(Seat(i, name, SeatKind.BOT, bot=str(entry.bot), generated=entry.generated))
    return NewGame(
        id=secrets.token_urlsafe(9),
        definition=games.get(request.game),
        options=request.options,
        seed=secrets.randbits(62) if request.seed is None else request.seed,
        seats=seats,
        tokens=tokens,
        turn_seconds=request.turn_seconds,
        public=request.public,
        seed_chosen=request.seed is not None,
    )


def parse_request(body: Any) -> NewGame:
    """The game the JSON value ``body`` (of ``POST /api/games``) asks for, or :class:`LobbyError` saying
    why not: :class:`.requests.CreateGame`'s validation and :func:`new_game` in one call."""
    try:
        return new_game(CreateGame.model_validate(body))
    except ValidationError as e:
        raise LobbyError(str(first_error(e))) from None


_LISTED: weakref.WeakSet[Room] = weakref.WeakSet()
"""The live rooms of public games (``games.public``, set when a game is created and never changed)."""


def listed(room: Room) -> bool:
    """Whether the live room's game is public: listed in the open lobby while it has open seats."""
    return room in _LISTED


def follow(tables: Tables) -> None:
    """Subscribe to the tables' events (the app does, when it is wired): a room that becomes live is listed
    if its game is public."""
    tables.events.changed.subscribe(_changed)


def _changed(change: Change) -> None:
    if isinstance(change, RoomLive) and change.game.public:
        _LISTED.add(change.room)
