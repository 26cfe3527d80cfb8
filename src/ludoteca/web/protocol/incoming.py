"""The client → server messages of the table's WebSocket, as Pydantic models, parsed before anything acts.

A frame becomes a message in one place: :func:`parse` reads it through :func:`.jsonin.loads` (so depth,
``NaN`` and repeated keys are refused before Python's parser runs) and validates it strictly (no
coercion, no field the protocol does not have) against the model of its ``type`` (``docs/web.md``). A
``version`` of ``true``, ``1.0`` or ``10**30``, a ``lang`` that is an object, a field the protocol does
not have: each is ``malformed`` with the reason, before any handler sees it. Types this module does not
know become :class:`Unknown`, for the dispatcher to answer ``unknown_type``.

Every message may carry an ``id``, the client's number for it: a refusal of that message says it
(``request`` in the ``error``, :mod:`.outgoing`), so a page knows which of its requests was refused. A
client that sends none (older pages, scripts) gets ``null`` there, as it gets everything else.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from pydantic_core import PydanticCustomError

from ..hosting import jsonin
from ..language.refusals import Refusal
from ..play.match import MatchError

MAX_VERSION = 2**63 - 1
"""The largest version number a client may name (a stored game never comes near it)."""

MAX_ID = 2**53 - 1
"""The largest ``id`` a client may give a message (the largest whole number JavaScript counts exactly)."""

MAX_KEYS = 16
"""The most keys one object of a frame may have. The largest message (``hello``) has six fields and an
action's JSON form a handful; a frame of thousands of unknown keys is refused by the parser's own count,
before Pydantic would build one error per key (issue #33: 10–24 ms of the event loop per frame)."""

_STRICT = ConfigDict(strict=True, extra="forbid")


class Malformed(MatchError):
    """A frame refused as ``malformed``, with the ``id`` it carried if it could be read (its refusal says it)."""

    def __init__(self, detail: str, request: int | None = None) -> None:
        super().__init__(Refusal.MALFORMED, detail)
        self.request = request


class Request(BaseModel):
    """What every message may carry."""

    model_config = _STRICT
    id: Annotated[int, Field(ge=0, le=MAX_ID)] | None = None
    """The client's number for this message, said again by a refusal of it (``request``); optional."""


class Hello(Request):
    """Take a seat (``token``) or watch (``null``); optionally in a language."""

    type: Literal["hello"]
    token: str | None = None
    lang: str = ""
    """Only if given (see ``model_fields_set``): the language of the texts this connection receives."""
    guide: bool = False
    """The page plays a guided first game: this connection's states carry a ``guide`` (the lesson of the
    moment and what each choice means) and its hints say why (``reason``). The page's, not the game's."""
    patches: bool = False
    """The client applies ``patch`` messages: after a whole ``state``, it is sent only what changed
    (:mod:`.patches`). Left out, every state is whole, as before light updates."""


class Action(Request):
    """Play ``action`` (notation text, or its JSON object) on the game at ``version``."""

    type: Literal["action"]
    version: Annotated[int, Field(ge=0, le=MAX_VERSION)] | None = None
    """Left out: explained further in (``stale``); ``null`` is malformed."""
    action: str | dict[str, Any] | None = None

    @field_validator("version", "action", mode="before")
    @classmethod
    def _not_null(cls, value: Any) -> Any:
        """May be left out, but not sent as ``null`` (validators do not run on a left-out field)."""
        if value is None:
            raise PydanticCustomError("null", "null")
        return value


class Undo(Request):
    """Undo this seat's last step, seen on ``version`` (within its turn: :meth:`.Match.can_undo`)."""

    type: Literal["undo"]
    version: Annotated[int, Field(ge=0, le=MAX_VERSION)]


class Lang(Request):
    """Switch this connection's language."""

    type: Literal["lang"]
    lang: str


class Chat(Request):
    """Say ``text`` at the table, or one of the quick emotes (``emote``, a code of :data:`.chat.EMOTES`)."""

    type: Literal["chat"]
    text: str | None = None
    emote: str | None = None


class Sync(Request):
    """Send this connection the whole table again (a page that lost track of what it holds)."""

    type: Literal["sync"]


class Ping(Request):
    """Keep the connection alive: answered by ``pong``."""

    type: Literal["ping"]


class Hint(Request):
    """Ask the search bot's advice for the seat's turn (answered later, by ``hint`` or a refusal)."""

    type: Literal["hint"]


class Leave(Request):
    """Hand the seat to its bot for now (autoplay), keeping the link to take it back."""

    type: Literal["leave"]


class TakeBack(Request):
    """Take the seat back from its bot."""

    type: Literal["take_back"]


class Rematch(Request):
    """Propose the same game again, once it is over."""

    type: Literal["rematch"]


class Unknown(BaseModel):
    """A message of a type this server does not know (answered ``unknown_type``)."""

    model_config = ConfigDict(extra="ignore")
    type: str
    id: int | None = None


Known = Hello | Action | Undo | Lang | Chat | Sync | Ping | Hint | Leave | TakeBack | Rematch
"""Every message a client may send, one model per type."""

Message = Known | Unknown


def _kind(model: type[Request]) -> str:
    """The ``type`` a model is for: the one value of its ``Literal``."""
    (kind,) = get_args(model.model_fields["type"].annotation)
    return str(kind)


MODELS: dict[str, type[Request]] = {_kind(model): model for model in get_args(Known)}
"""Each known message type and its model (``hello``: :class:`Hello`…), read from the models themselves."""

_WANTED = {
    "lang": "must be text",
    "token": "must be the seat's token as text, or null to watch",
    "version": f"must be a whole number from 0 to {MAX_VERSION}",
    "action": "must be the action's notation text (or its JSON object)",
    "patches": "must be true or false",
    "text": "must be the message as text",
    "emote": "must be an emote's code as text",
    "id": f"must be a whole number from 0 to {MAX_ID} (the message's number)",
}


def parse(data: str) -> Message:
    """The message a frame holds, typed, or :class:`Malformed` saying why (and the frame's ``id``).

    The frame is parsed once: the ``id`` of a refused one is read from that same parse, and fields the
    message's model does not have are refused by a set difference before the model validates anything,
    so what Pydantic sees is never more than the model's own few fields."""
    try:
        msg = jsonin.loads(data, max_keys=MAX_KEYS)
    except jsonin.JSONInputError as e:
        raise Malformed(str(e)) from None
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        raise Malformed("a message is a JSON object with a 'type'", _request(msg) if isinstance(msg, dict) else None)
    model = MODELS.get(msg["type"])
    if model is None:
        return Unknown(type=msg["type"], id=_request(msg))
    unknown = msg.keys() - model.model_fields.keys()
    if unknown:
        raise Malformed(_unknown(msg["type"], unknown), _request(msg))
    try:
        parsed: Message = model.model_validate(msg)  # type: ignore[assignment]
    except ValidationError as e:
        raise Malformed(_reason(msg["type"], e), _request(msg)) from None
    return parsed


def _request(msg: dict[str, Any]) -> int | None:
    value = msg.get("id")
    return value if type(value) is int and 0 <= value <= MAX_ID else None


def _unknown(kind: str, fields: set[str]) -> str:
    """The fields of a ``kind`` message that its model does not have (the first of them, in order)."""
    return f"unknown field(s) of {kind!r}: {', '.join(sorted(fields)[:40])[:80]}"


def _reason(kind: str, exc: ValidationError) -> str:
    """What was wrong (unknown fields are refused before): a missing field, then a wrong type."""
    errors = exc.errors()
    missing = [str(e["loc"][0]) for e in errors if e["type"] == "missing"]
    if missing:
        return f"{kind!r} needs its {missing[0]!r}"
    name = str(errors[0]["loc"][0])
    return f"{name!r} {_WANTED.get(name, 'is not valid')}"
