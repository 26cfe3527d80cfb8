"""Creating a game from the lobby: a validated request (:class:`.models.CreateGame`) becomes a new game.

The request is checked completely by its Pydantic model before it gets here (:mod:`.models`); this
module turns it into what the tables store and start (:class:`NewGame`: the seats and their secret
tokens, a seed), and describes the lobby's form (:func:`schema`, :func:`bot_choices`).
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from pydantic import ValidationError

from ludoteca import bots, games
from ludoteca.bots.ismcts import IsmctsBot
from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import AnyGameDefinition
from ludoteca.present.common import colour_name

from . import names
from .guide import guided_setup
from .models import BOT_CHOICES, MAX_TURN_SECONDS, CreateGame, first_error, options_of
from .seat import Seat
from .store import hash_token

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


@dataclass
class NewGame:
    """A checked request: everything needed to store and start the game, and the seats' secrets."""

    id: str
    definition: AnyGameDefinition
    options: dict[str, Any]
    seed: int
    seats: list[Seat]
    tokens: dict[int, str]
    """The secret token of each human seat (only its hash is stored); an open seat has none yet."""
    turn_seconds: int | None
    public: bool = False
    """Listed in the lobby's open games (:mod:`.open_games`)."""
    seed_chosen: bool = False
    """The request named :attr:`seed` (never for a public game): every seat is told the deal was chosen."""
    created_from: str | None = None
    """Who created a public game (:func:`.limits.address_tag`): the lobby lists a few games of each address."""


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


def nearest_choice(spec: str) -> str:
    """The lobby's bot closest to ``spec``, for games stored before the lobby checked its bots (or
    written into the database by hand): a search budget maps to the search level nearest by its
    iterations, else by its seconds; anything else becomes the heuristic bot."""
    if spec in BOT_CHOICES:
        return spec
    try:
        name, budget = bots.parse_spec(spec)
    except LudotecaError:
        return "heuristic"
    if name != "ismcts" or budget is None:
        return "heuristic"
    levels = {lv: b for lv, b in IsmctsBot.levels.items() if f"ismcts:{lv}" in BOT_CHOICES}

    def distance(value: float, level_value: float) -> float:
        # on a log scale (60 iterations are nearer 50 than 300); infinity is nearest the largest level
        return abs(math.log(min(max(value, 1e-9), 1e18)) - math.log(level_value))

    if budget.iterations is not None:
        ranked = {lv: distance(budget.iterations, b.iterations) for lv, b in levels.items() if b.iterations}
    else:
        seconds = budget.seconds if budget.seconds is not None and not math.isnan(budget.seconds) else 1.0
        timed = {lv: b.seconds for lv, b in levels.items() if b.seconds is not None}
        ranked = {lv: distance(seconds, s) for lv, s in timed.items()}
        if seconds < min(timed.values()) / 2:
            return "ismcts:easy"  # easy is bounded by iterations only; far below normal's time is easy
    return f"ismcts:{min(ranked, key=lambda lv: ranked[lv])}"


def new_game(request: CreateGame) -> NewGame:
    """The game a validated request asks for, with a secret token for each human seat (only its hash is
    stored) and a random seed unless the request named one."""
    seats: list[Seat] = []
    tokens: dict[int, str] = {}
    for i, entry in enumerate(request.seats):
        name = entry.name or ""  # filled in by the request's validation
        if entry.kind == "human":
            tokens[i] = secrets.token_urlsafe(24)
            seats.append(Seat(i, name, "human", token_hash=hash_token(tokens[i]), generated=entry.generated))
        elif entry.kind == "open":  # a human seat nobody holds yet: taken from the lobby (:mod:`.open_games`)
            seats.append(Seat(i, name, "open", generated=entry.generated))
        else:
            seats.append(Seat(i, name, "bot", bot=str(entry.bot), generated=entry.generated))
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
    why not: :class:`.models.CreateGame`'s validation and :func:`new_game` in one call."""
    try:
        return new_game(CreateGame.model_validate(body))
    except ValidationError as e:
        raise LobbyError(str(first_error(e))) from None
