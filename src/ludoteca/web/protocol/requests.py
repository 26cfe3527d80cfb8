"""The lobby's JSON requests as Pydantic models: ``POST /api/games`` and ``POST /api/my-games``.

A request comes from the network, so it is validated strictly (Pydantic's strict mode: a number is a
JSON number of the right kind, a boolean ``true``/``false``, text is text; nothing is coerced) and
completely (a field the protocol does not have is refused) before anything acts on it. The body is read
through :func:`.jsonin.loads` first (depth, ``NaN`` and repeated keys; see :mod:`.deps`), then validated
here. Pydantic reports every problem at once; a person needs one clear sentence, so
:func:`first_error` picks the problem a player would want explained first (an unknown field, then the
fields in the order of the form: game, seats — each seat's name, kind, bot —, options, seed, timer) and
words it as the server always has (``docs/web.md``; ``tests/web/test_input.py`` pins the wording).

The checks that need the game (how many seats, its seat names, its lobby options) run as validators
once the game is known; only the rule options of the game plug-in's ``lobby_options`` may be set from the
web: the cores also accept file paths (``landscapes=PATH``, ``board=PATH``) for people at a terminal,
and a server must never read files named by a client.
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    PrivateAttr,
    StringConstraints,
    ValidationError,
    ValidationInfo,
    field_validator,
)
from pydantic_core import ErrorDetails, PydanticCustomError

from ludoteca import games
from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import AnyGameDefinition
from ludoteca.core.plugin import OptionSpec
from ludoteca.present.common import ENGLISH, generated_name

from ..language.wording import Said, Wording, _
from ..play.seat import SeatKind
from . import names
from . import options as web_options

MAX_TURN_DAYS = 14
MAX_TURN_SECONDS = MAX_TURN_DAYS * 24 * 3600
"""The longest turn timer: slow games run over days (the timer survives restarts, see :mod:`.slowturns`)."""
MAX_SEED = 2**63 - 1
BOT_CHOICES = ("heuristic", "ismcts:easy", "ismcts:normal", "ismcts:hard", "reader:expert", "random")
"""The only bots a request may seat: each has a bounded cost per move (see :func:`.lobby.nearest_choice`)."""
MAX_TOKENS = 500
MAX_TOKEN = 200
"""Characters in a seat token as a client may send one (real ones have 32)."""

STRICT = ConfigDict(strict=True, extra="forbid")
"""Every request model: no coercion, no field the protocol does not have."""


def refuse(message: Wording) -> PydanticCustomError:
    """A validation error whose message is ``message`` exactly (what the client is told, in its language
    when it is a :class:`.wording.Said`)."""
    return PydanticCustomError("refused", "{message}", {"message": message})


def options_of(game: str) -> tuple[OptionSpec, ...]:
    """The rule options the lobby offers for ``game``: its plug-in's schema (nothing else may be set here)."""
    return games.plugin(game).lobby_options


def _definition(info: ValidationInfo) -> AnyGameDefinition | None:
    """The game already validated in this request, if any (its own error is reported first otherwise)."""
    name = info.data.get("game")
    return games.get(name) if isinstance(name, str) else None


class SeatRequest(BaseModel):
    """One seat of a new game: a human (who gets a secret link), one of the lobby's bots, or an open seat
    of a public game (nobody holds it until someone takes it from the lobby's open games)."""

    model_config = STRICT

    name: str | None = None
    """The seat's name; ``null`` or nothing for the seat's default, its colour (and a bot's level), made
    in each reader's language when shown (cleaned: :mod:`.names`; a name empty after cleaning is the
    seat's default too)."""
    kind: SeatKind = Field(default=None, validate_default=True)
    """``"human"``, ``"bot"`` or ``"open"`` (public games only): read as its :class:`.SeatKind` before the
    strict check, so that anything else is refused with the lobby's own words."""
    bot: Any = "heuristic"
    """With ``kind: "bot"``: one of :data:`BOT_CHOICES`."""
    _generated: bool = PrivateAttr(default=False)

    @property
    def generated(self) -> bool:
        """The server made the seat's name (none was given): it is shown in each reader's language."""
        return self._generated

    @generated.setter
    def generated(self, value: bool) -> None:
        self._generated = value

    @field_validator("name")
    @classmethod
    def _clean_name(cls, value: str | None) -> str | None:
        if value is None:
            return None
        try:
            return names.check(names.clean(value))
        except names.BadName as e:
            raise refuse(e.words) from None

    @field_validator("kind", mode="before")
    @classmethod
    def _known_kind(cls, value: Any) -> SeatKind:
        if not isinstance(value, str) or value not in tuple(SeatKind):
            raise refuse(f"kind must be 'human', 'bot' or 'open', not {value!r}")
        return SeatKind(value)

    @field_validator("bot")
    @classmethod
    def _lobby_bot(cls, value: Any, info: ValidationInfo) -> Any:
        # Only the lobby's bots: any other budget (``ismcts:infs``) would let a request occupy a worker.
        if info.data.get("kind") != SeatKind.BOT:
            return value  # a human seat's bot is never used
        if not isinstance(value, str) or value not in BOT_CHOICES:
            raise refuse(f"unknown bot {str(value)[:40]!r} (choose {', '.join(BOT_CHOICES)})")
        return value


class CreateGame(BaseModel):
    """The body of ``POST /api/games``."""

    model_config = STRICT

    game: str
    seats: list[SeatRequest]
    options: dict[str, Any] = Field(default_factory=dict, validate_default=True)
    """Rule options of the game's ``lobby_options`` only, strictly typed (:mod:`.options`); after
    validation, the game's canonical options (every option, defaults filled in)."""
    seed: Annotated[int, Field(ge=0, le=MAX_SEED)] | None = None
    """``null`` or nothing: a random seed."""
    turn_seconds: int | None = None
    """Seconds per turn, 5 to :data:`MAX_TURN_DAYS` days; ``null``, nothing or ``0``: no timer."""
    public: bool = Field(default=False, validate_default=True)
    """Listed in the lobby's open games, where anyone may take one of its open seats (``kind: "open"``);
    ``false`` or nothing: invite only, the default."""

    @field_validator("game")
    @classmethod
    def _known_game(cls, value: str) -> str:
        try:
            return games.get(value).name
        except LudotecaError as e:
            raise refuse(str(e)) from None

    @field_validator("seats", mode="before")
    @classmethod
    def _seat_count(cls, value: Any, info: ValidationInfo) -> Any:
        if not isinstance(value, list):
            raise refuse("'seats' must list the seats")
        definition = _definition(info)
        if definition is not None and not definition.min_players <= len(value) <= definition.max_players:
            low, high = definition.min_players, definition.max_players
            players = _("%(game)s takes %(low)d to %(high)d players, not %(n)d")
            raise refuse(Said(players, {"game": definition.title, "low": low, "high": high, "n": len(value)}))
        return value

    @field_validator("seats")
    @classmethod
    def _seat_names(cls, seats: list[SeatRequest], info: ValidationInfo) -> list[SeatRequest]:
        """Each seat's name, its default filled in; two seats of one name are refused (the log and the
        seat list would not tell them apart)."""
        definition = _definition(info)
        if definition is None:
            return seats
        first: dict[str, int] = {}
        for i, seat in enumerate(seats):
            if not seat.name:  # none asked for, or nothing but invisible characters or spaces
                # made again in each reader's language when shown; stored in English
                bot = seat.bot if seat.kind == SeatKind.BOT else None
                seat.name = generated_name(definition.seat_names, i, bot, ENGLISH)
                seat.generated = True
            other = first.setdefault(names.key(seat.name), i)
            if other != i:
                same = _("seats %(first)d and %(second)d have the same name (%(name)r): give one of them another name")
                raise refuse(Said(same, {"first": other + 1, "second": i + 1, "name": seat.name}))
        return seats

    @field_validator("options")
    @classmethod
    def _lobby_options(cls, given: dict[str, Any], info: ValidationInfo) -> dict[str, Any]:
        definition = _definition(info)
        if definition is None:
            return given
        offered = options_of(definition.name)
        allowed = {o.key for o in offered}
        refused = set(given) - allowed
        if refused:
            raise refuse(
                f"option(s) {', '.join(sorted(refused))} cannot be set here (choose from {', '.join(sorted(allowed))})"
            )
        try:
            for option in offered:
                if option.key in given:
                    web_options.check(option.key, option.kind, option.choices, given[option.key])
            return dict(definition.options_to_dict(definition.options_from_dict(given)))
        except LudotecaError as e:
            raise refuse(str(e)) from None

    @field_validator("turn_seconds")
    @classmethod
    def _timer(cls, value: int | None) -> int | None:
        if value is None or value == 0:
            return None
        if not 5 <= value <= MAX_TURN_SECONDS:
            raise refuse(_TIMER)
        return value

    @field_validator("public")
    @classmethod
    def _open_seats(cls, public: bool, info: ValidationInfo) -> bool:
        """A public game lists its open seats, and only a public game can have any (nobody could find
        them otherwise): one without the other is refused rather than silently made useless. Strangers sit
        down at a public game, so it is dealt at random and has a turn timer (issue #24)."""
        seats = info.data.get("seats")
        if not isinstance(seats, list):
            return public
        opened = any(seat.kind == SeatKind.OPEN for seat in seats)
        if public and not opened:
            raise refuse(Said(_("a public game needs at least one open seat for players from the lobby")))
        if opened and not public:
            raise refuse(Said(_("open seats are for public games: make the game public or choose who plays them")))
        if public and info.data.get("seed") is not None:
            # the seed gives away every hand and every card to come: strangers sit down to a random deal
            raise refuse(Said(_("a public game is dealt at random: its seed cannot be chosen")))
        if public and info.data.get("turn_seconds") is None:
            # a stranger who takes a seat and never plays would stop the game for good
            raise refuse(
                Said(_("a public game needs a turn timer, so that a player who never comes back cannot stop it"))
            )
        return public


class MyGames(BaseModel):
    """The body of ``POST /api/my-games``: the seat tokens a browser keeps."""

    model_config = STRICT

    tokens: Annotated[list[Annotated[str, StringConstraints(max_length=MAX_TOKEN)]], Field(max_length=MAX_TOKENS)]


class TakeSeat(BaseModel):
    """The body of ``POST /api/open-games/ID/seats/N``: the name the new player wants (optional)."""

    model_config = STRICT

    name: str | None = None
    """``null`` or nothing: the open seat keeps its default name (its colour)."""

    @field_validator("name")
    @classmethod
    def _clean_name(cls, value: str | None) -> str | None:
        if value is None:
            return None
        try:
            return names.check(names.clean(value)) or None
        except names.BadName as e:
            raise refuse(e.words) from None


_TIMER = Said(
    _("the turn timer is a whole number of seconds from 5 to %(most)d (%(days)d days)"),
    {"most": MAX_TURN_SECONDS, "days": MAX_TURN_DAYS},
)
_ORDER = {
    **{"game": 0, "seats": 1, "options": 2, "seed": 3, "turn_seconds": 4, "public": 5},
    **{"name": 0, "kind": 1, "bot": 2},
}
"""The order of the form: what a player would want explained first."""
_FIELD_MESSAGES: dict[str, Wording] = {
    "seats": "'seats' must list the seats",
    "options": "'options' must be an object of name: value",
    "seed": Said(_("the seed must be a whole number from 0 to 2^63 - 1")),
    "turn_seconds": _TIMER,
    "public": "'public' must be true or false",
    "name": "a name is text (or null for the seat's default)",
}
"""What a wrong JSON type (or a missing field) of each field is told."""
_TOKENS = "'tokens' must be a list of up to 500 strings (seat tokens, at most 200 characters each)"


def _rank(error: ErrorDetails) -> list[int]:
    loc, extra = error["loc"], error["type"] == "extra_forbidden"
    return [
        -1 if extra and depth == len(loc) - 1 else part if isinstance(part, int) else _ORDER.get(part, 99)
        for depth, part in enumerate(loc)
    ]


def _unknown(errors: list[ErrorDetails], where: tuple[int | str, ...]) -> str:
    fields = sorted(str(e["loc"][-1]) for e in errors if e["type"] == "extra_forbidden" and e["loc"][:-1] == where)
    return f"unknown field(s): {', '.join(fields)}"


def first_error(exc: ValidationError) -> Wording:
    """The one sentence a client is told about a refused ``POST /api/games`` body (said in its language
    where a player of the lobby could meet it: :mod:`.wording`)."""
    errors = exc.errors()
    error = min(errors, key=_rank)
    loc = error["loc"]
    text: Wording
    if not loc:
        return "the request must be a JSON object"
    if error["type"] == "extra_forbidden":
        text = _unknown(errors, loc[:-1])
    elif error["type"] == "refused":
        text = error.get("ctx", {}).get("message", error["msg"])
    elif len(loc) == 2 and loc[0] == "seats":
        return f"seat {int(loc[1]) + 1} must be an object with a 'kind'"
    elif loc == ("game",):
        text = f"choose a game: {' or '.join(repr(name) for name in games.names())}"
    else:
        text = _FIELD_MESSAGES.get(str(loc[-1]), error["msg"])
    if len(loc) > 2 and loc[0] == "seats":
        return Said(_("seat %(number)d: %(reason)s"), {"number": int(loc[1]) + 1, "reason": text})
    return text


def take_seat_error(exc: ValidationError) -> Wording:
    """The one sentence a client is told about a refused ``POST /api/open-games/ID/seats/N`` body."""
    errors = exc.errors()
    error = min(errors, key=_rank)
    if not error["loc"]:
        return "the request must be a JSON object (or nothing)"
    if error["type"] == "extra_forbidden":
        return _unknown(errors, ()) + " (send only 'name')"
    if error["type"] == "refused":
        message: Wording = error.get("ctx", {}).get("message", error["msg"])
        return message
    return _FIELD_MESSAGES["name"]


def my_games_error(exc: ValidationError) -> str:
    """The one sentence a client is told about a refused ``POST /api/my-games`` body."""
    errors = exc.errors()
    if any(e["type"] == "extra_forbidden" for e in errors):
        return _unknown(errors, ()) + " (send only 'tokens')"
    return _TOKENS
