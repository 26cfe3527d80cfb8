"""Creating a game from the lobby: what may be asked for, checked before anything is stored.

A lobby request comes from the network, so it is validated field by field with a message a person
can act on. Only the rule options of the game plug-in's ``lobby_options`` may be set from the web: the cores also
accept file paths (``landscapes=PATH``, ``board=PATH``) for people at a terminal, and a server must
never read files named by a client.
"""

from __future__ import annotations

import math
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ludoteca import bots, games
from ludoteca.bots.ismcts import IsmctsBot
from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import GameDefinition
from ludoteca.core.plugin import OptionSpec

from . import names
from . import options as web_options
from .match import Seat
from .store import hash_token

MAX_NAME = names.MAX_NAME
MAX_TURN_SECONDS = 24 * 3600
BOT_CHOICES = ("heuristic", "ismcts:easy", "ismcts:normal", "ismcts:hard", "random")
"""The only bots a request may seat: each has a bounded cost per move (see :func:`nearest_choice`)."""


def options_of(game: str) -> tuple[OptionSpec, ...]:
    """The rule options the lobby offers for ``game``: its plug-in's schema (nothing else may be set here)."""
    return games.plugin(game).lobby_options


class LobbyError(LudotecaError):
    """A create-game request the server refuses, with the reason in words."""


@dataclass
class NewGame:
    """A checked request: everything needed to store and start the game, and the seats' secrets."""

    id: str
    definition: GameDefinition
    options: dict[str, Any]
    seed: int
    seats: list[Seat]
    tokens: dict[int, str]
    """The secret token of each human seat (only its hash is stored)."""
    turn_seconds: int | None


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
                "seat_names": list(d.seat_names),
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
    labels = {
        "heuristic": tr("Heuristic bot"),
        "ismcts:easy": tr("Search bot, easy"),
        "ismcts:normal": tr("Search bot, normal"),
        "ismcts:hard": tr("Search bot, hard"),
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


def parse_request(body: Any) -> NewGame:
    """A :class:`NewGame` from the JSON body of ``POST /api/games``, or :class:`LobbyError`."""
    if not isinstance(body, dict):
        raise LobbyError("the request must be a JSON object")
    unknown = set(body) - {"game", "seats", "options", "seed", "turn_seconds"}
    if unknown:
        raise LobbyError(f"unknown field(s): {', '.join(sorted(map(str, unknown)))}")
    name = body.get("game")
    if not isinstance(name, str):
        raise LobbyError("choose a game: 'verraeter' or 'kreta'")
    definition = games.get(name)
    seats_in = body.get("seats")
    if not isinstance(seats_in, list):
        raise LobbyError("'seats' must list the seats")
    if not definition.min_players <= len(seats_in) <= definition.max_players:
        low, high = definition.min_players, definition.max_players
        raise LobbyError(f"{definition.title} takes {low} to {high} players, not {len(seats_in)}")
    seats: list[Seat] = []
    tokens: dict[int, str] = {}
    for i, entry in enumerate(seats_in):
        seat = _seat(i, entry, definition)
        if seat.kind == "human":
            tokens[i] = secrets.token_urlsafe(24)
            seat.token_hash = hash_token(tokens[i])
        seats.append(seat)
    _distinct(seats)
    options = _options(definition, body.get("options", {}))
    return NewGame(
        id=secrets.token_urlsafe(9),
        definition=definition,
        options=options,
        seed=_seed(body.get("seed")),
        seats=seats,
        tokens=tokens,
        turn_seconds=_turn_seconds(body.get("turn_seconds")),
    )


def _seat(i: int, entry: Any, definition: GameDefinition) -> Seat:
    if not isinstance(entry, dict):
        raise LobbyError(f"seat {i + 1} must be an object with a 'kind'")
    unknown = set(entry) - {"kind", "name", "bot"}
    if unknown:
        raise LobbyError(f"seat {i + 1}: unknown field(s): {', '.join(sorted(map(str, unknown)))}")
    kind = entry.get("kind")
    default_name = definition.seat_names[i] if i < len(definition.seat_names) else f"Player {i + 1}"
    name = _name(i, entry.get("name")) or default_name
    if kind == "human":
        return Seat(i, name, "human")
    if kind == "bot":
        spec = entry.get("bot", "heuristic")
        if not isinstance(spec, str) or spec not in BOT_CHOICES:
            # Only the lobby's bots: any other budget (``ismcts:infs``) would let a request occupy a worker.
            raise LobbyError(f"seat {i + 1}: unknown bot {str(spec)[:40]!r} (choose {', '.join(BOT_CHOICES)})")
        if entry.get("name") is None:
            name = f"{default_name} ({spec})"
        return Seat(i, name, "bot", bot=str(spec))
    raise LobbyError(f"seat {i + 1}: kind must be 'human' or 'bot', not {kind!r}")


def _name(i: int, value: Any) -> str:
    """The cleaned name a seat asked for ("" for none: the seat's default), or :class:`LobbyError`."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise LobbyError(f"seat {i + 1}: a name is text (or null for the seat's default)")
    try:
        return names.check(names.clean(value))
    except names.BadName as e:
        raise LobbyError(f"seat {i + 1}: {e}") from None


def _distinct(seats: list[Seat]) -> None:
    """Refuse two seats of one name: the log and the seat list would not tell them apart."""
    first: dict[str, Seat] = {}
    for seat in seats:
        other = first.setdefault(names.key(seat.name), seat)
        if other is not seat:
            raise LobbyError(
                f"seats {other.seat + 1} and {seat.seat + 1} have the same name ({seat.name!r}): "
                "give one of them another name"
            )


def _options(definition: GameDefinition, given: Any) -> dict[str, Any]:
    if not isinstance(given, dict):
        raise LobbyError("'options' must be an object of name: value")
    allowed = {o.key for o in options_of(definition.name)}
    refused = set(given) - allowed
    if refused:
        raise LobbyError(
            f"option(s) {', '.join(sorted(map(str, refused)))} cannot be set here "
            f"(choose from {', '.join(sorted(allowed))})"
        )
    for option in options_of(definition.name):
        if option.key in given:
            web_options.check(option.key, option.kind, option.choices, given[option.key])
    try:
        return dict(definition.options_to_dict(definition.options_from_dict(given)))
    except LudotecaError as e:
        raise LobbyError(str(e)) from None


def _seed(value: Any) -> int:
    if value is None:
        return secrets.randbits(62)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 2**63:
        raise LobbyError("the seed must be a whole number from 0 to 2^63 - 1")
    return value


def _turn_seconds(value: Any) -> int | None:
    if value is None or (type(value) is int and value == 0):
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 5 <= value <= MAX_TURN_SECONDS:
        raise LobbyError(f"the turn timer is a whole number of seconds from 5 to {MAX_TURN_SECONDS}")
    return value
