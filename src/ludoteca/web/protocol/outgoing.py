"""The server → client messages of the table's WebSocket: each defined once here, every field documented.

Incoming messages are Pydantic models (:mod:`.incoming`), validated before anything acts; outgoing ones are
made by the server itself, so they are :class:`~typing.TypedDict` types — checked by mypy wherever one is
built or sent, and at run time still the plain dicts that ``json.dumps`` writes (a state is sent to every
connection after every action: a model per frame would cost CPU for nothing). Each field says what it
means with :class:`Doc`; ``tests/web/test_protocol_doc.py`` checks ``docs/web.md``'s protocol section
against these definitions (every message's type and every field named there) and the messages a real
table sends against them. (No ``from __future__ import annotations`` here: a TypedDict needs its annotations
evaluated to tell required fields from ``NotRequired`` ones at run time, which that test reads.)
"""

from dataclasses import dataclass
from typing import Annotated, Any, Literal, NotRequired, TypedDict

from ..language.refusals import Refusal
from ..play.seat import SeatKind


@dataclass(frozen=True)
class Doc:
    """What a field of a message means (read by the protocol's documentation test)."""

    text: str


# ------------------------------------------------------------------ parts of messages


class SeatLine(TypedDict):
    """One seat as a ``state`` shows it."""

    seat: Annotated[int, Doc("the seat's number, from 0")]
    name: Annotated[str, Doc("its name as shown (a colour in the reader's language, until named)")]
    kind: Annotated[SeatKind, Doc('"human", "bot" or "open" (a public game\'s seat nobody has taken yet)')]
    bot: Annotated[str | None, Doc("the bot's spec (`ismcts:hard`) for a bot seat, else null")]
    autoplay: Annotated[bool, Doc("a bot plays this human's seat for now (`leave`, or the turn timer ran out)")]
    connected: Annotated[bool, Doc("a page of this seat is open (bots always are)")]


class LegalAction(TypedDict):
    """One action the seat to act may choose."""

    text: Annotated[str, Doc("its notation, what an `action` message sends back")]
    label: Annotated[str, Doc("its words in the reader's language")]
    targets: Annotated[list[str], Doc("the `data-target`s of the SVGs it is chosen by clicking")]


class Diverged(TypedDict):
    """Why a game stopped: it no longer replays as it was played."""

    at: Annotated[int, Doc("the action (1 = the first) from which the replay differs")]
    reason: Annotated[str, Doc("what differed, for the developers")]
    text: Annotated[str, Doc("the explanation in the reader's language")]


class Since(TypedDict):
    """Since the seat's last turn: where it ended in the seat's log, and what changed on the board."""

    log: Annotated[int, Doc("the length of the seat's log when its last turn ended")]
    changed: Annotated[
        list[str], Doc("the ids of the board's places drawn differently now (only while the turn is back)")
    ]


class GuideChoice(TypedDict):
    """A choice of the guided game's lesson."""

    text: Annotated[str, Doc("the action's notation")]
    meaning: Annotated[str, Doc("what choosing it means, for a learner")]


class GuideWords(TypedDict):
    """The guided first game's lesson of the moment."""

    title: Annotated[str, Doc("the lesson's title")]
    paragraphs: Annotated[list[str], Doc("its paragraphs")]
    choices: Annotated[list[GuideChoice], Doc("the choices at hand, each with its meaning")]


class Suggestion(TypedDict):
    """An action the search bot suggests."""

    text: Annotated[str, Doc("its notation")]
    label: Annotated[str, Doc("its words in the reader's language")]
    win_chance: Annotated[float, Doc("the search's estimate of the seat's chance to win after it, 0 to 1")]
    meaning: NotRequired[Annotated[str, Doc("for a guided connection: what it means, for a learner")]]


class ChatLine(TypedDict):
    """A chat message as the pages receive it: who, what, when; nothing else."""

    n: Annotated[int, Doc("its number in the game's chat, from 0")]
    seat: Annotated[int | None, Doc("the seat that said it; null: a spectator")]
    name: Annotated[str, Doc("the seat's name, or the spectator's number the table gave it")]
    kind: Annotated[str, Doc('"text" or "emote"')]
    text: Annotated[str, Doc("the words, or the emote's code")]
    at: Annotated[float, Doc("when it was said, unix seconds")]
    after_action: Annotated[int, Doc("how many actions had been played when it was said")]


# ------------------------------------------------------------------ the messages


class Welcome(TypedDict):
    """The answer to a ``hello``: which seat this connection holds (a whole ``state`` follows)."""

    type: Literal["welcome"]
    id: Annotated[str, Doc("the game's id")]
    seat: Annotated[int, Doc("the seat this connection holds, -1 for a spectator")]
    game: Annotated[str, Doc("the game's name (`verraeter`, `kreta`)")]


class State(TypedDict):
    """Everything a seat needs to draw its table, from that seat's view only."""

    type: Literal["state"]
    id: Annotated[str, Doc("the game's id")]
    game: Annotated[str, Doc("the game's name")]
    version: Annotated[int, Doc("the revision (rows stored, undos too): an `action` names the one it was chosen on")]
    seat: Annotated[int, Doc("the connection's seat, -1 for a spectator")]
    lang: Annotated[str, Doc("the language the texts are in")]
    seats: Annotated[list[SeatLine], Doc("every seat, in order")]
    to_act: Annotated[int, Doc("the seat to act, -1 when nobody is")]
    phase: Annotated[str, Doc("the phase's code")]
    phase_text: Annotated[str, Doc("the phase in the reader's language")]
    rules_text: Annotated[str, Doc("the rule options in force, in the connection's language")]
    rules_section: Annotated[str | None, Doc("the anchor of the rules' section on this phase")]
    board_svg: Annotated[str, Doc("public table or map, the same for every seat")]
    private_svg: Annotated[str | None, Doc("the seat's own cards; null for a spectator")]
    legal: Annotated[list[LegalAction], Doc("the legal actions, only for the seat to act")]
    undo: Annotated[bool, Doc("the seat may undo its last step now (an `undo` message): its turn goes on")]
    log_start: Annotated[int, Doc("the index of the first line of `log` in the seat's whole log")]
    log: Annotated[list[str], Doc("the seat's log lines from `log_start` (only new lines after the first message)")]
    scores: Annotated[list[Any], Doc("the scores so far, per seat")]
    result: Annotated[dict[str, Any] | None, Doc("once the game is over: winners, scores and their breakdown")]
    deadline: Annotated[float | None, Doc("when the turn's time runs out, unix seconds (null: no timer)")]
    diverged: Annotated[Diverged | None, Doc("null, or why a game that no longer replays as played stopped")]
    open_seats: Annotated[list[int], Doc("the seats of a public game still waiting for a player")]
    chosen_deal: Annotated[str | None, Doc("who chose the deal's seed, in the reader's language (null: at random)")]
    since: Annotated[Since | None, Doc("where the seat's last turn ended and what changed since (null: none yet)")]
    guide: NotRequired[Annotated[GuideWords | None, Doc("only for a guided connection: the lesson of the moment")]]


class Patch(TypedDict):
    """What changed in a connection's ``state`` since the last one it was sent (light updates)."""

    type: Literal["patch"]
    base: Annotated[int | None, Doc("the version of the state it applies to")]
    set: NotRequired[Annotated[dict[str, Any], Doc("fields whose values changed, whole")]]
    edit: NotRequired[Annotated[dict[str, Any], Doc("long texts rebuilt from pieces of the previous: `{ops, size}`")]]
    drop: NotRequired[Annotated[list[str], Doc("fields no longer in the state")]]


class Hint(TypedDict):
    """The search bot's advice, answering a ``hint``."""

    type: Literal["hint"]
    version: Annotated[int, Doc("the version the advice is for")]
    best: Annotated[Suggestion, Doc("the best action found")]
    alternatives: Annotated[list[Suggestion], Doc("the next best, best first")]
    reason: NotRequired[Annotated[str, Doc("for a guided connection: why the best beats the runner-up")]]


class Chat(TypedDict):
    """A chat message said at the table, by anyone (the sender too)."""

    type: Literal["chat"]
    message: Annotated[ChatLine, Doc("the message")]


class ChatHistory(TypedDict):
    """The chat's newest messages, after each ``hello``."""

    type: Literal["chat_history"]
    messages: Annotated[list[ChatLine], Doc("the newest messages, oldest first")]
    total: Annotated[int, Doc("how many messages the game's chat holds")]


class Rematch(TypedDict):
    """Where the rematch of this finished game is, for this connection."""

    type: Literal["rematch"]
    id: Annotated[str, Doc("the rematch's game id")]
    seat: Annotated[int, Doc("this connection's seat in the rematch, -1 to watch")]
    by: Annotated[str | None, Doc("the name of who proposed it, in the reader's language")]
    link: Annotated[str, Doc("the rematch's page (with this seat's token for a player)")]
    token: NotRequired[Annotated[str, Doc("this seat's token in the rematch, for a player")]]


class RematchOf(TypedDict):
    """At a rematch: which game it repeats."""

    type: Literal["rematch_of"]
    id: Annotated[str, Doc("the repeated game's id")]


class Error(TypedDict):
    """A refusal: nothing changed (unless a close follows, for the codes that say so)."""

    type: Literal["error"]
    code: Annotated[Refusal, Doc("what was refused, one of the codes listed")]
    message: Annotated[str, Doc("the reason in the connection's language")]
    request: Annotated[int | None, Doc("the `id` of the message refused, as the client sent it (null: none)")]


class Ack(TypedDict):
    """An action of this connection is stored and applied: sent to its sender alone, before the state that
    shows it. Acknowledged means stored: a crash of the server from here on loses nothing of it."""

    type: Literal["ack"]
    request: Annotated[int | None, Doc("the `id` of the `action` stored, as the client sent it (null: none)")]
    version: Annotated[int, Doc("the table's version with the action applied (the action's own version + 1)")]


class Pong(TypedDict):
    """The answer to a ``ping``."""

    type: Literal["pong"]


Queued = Welcome | Hint | Chat | ChatHistory | Rematch | RematchOf | Error | Ack | Pong
"""The messages a connection queues (:meth:`ludoteca.web.live.connection.Connection.send`); a ``state`` or
``patch`` is not queued but made when the connection's writer gets to it."""

MESSAGES: tuple[type, ...] = (
    Welcome, State, Patch, Hint, Chat, ChatHistory, Rematch, RematchOf, Error, Ack, Pong
)  # fmt: skip
"""Every message the server sends on a table's WebSocket."""


def error(code: Refusal, message: str, request: int | None = None) -> Error:
    """An ``error`` message answering the request ``request`` (its ``id``; None: none known)."""
    return {"type": "error", "code": code, "message": message, "request": request}


def ack(request: int | None, version: int) -> Ack:
    """An ``ack`` message: the action numbered ``request`` is stored; the table is at ``version`` with it."""
    return {"type": "ack", "request": request, "version": version}
