"""The JSON API's answers as Pydantic models: what each route sends, typed and in the OpenAPI schema.

The requests are models (:mod:`.requests`); so are the answers, declared as each route's ``response_model``
and built by the route, so that a field left out or of the wrong type is an error where the answer is
made, not a surprise in the page that reads it (``docs/web.md``, "HTTP", says what each one means). The
wire is what it was before the models: the fields in the same order, a field that only some answers
carry (a human seat's ``token``) left out rather than ``null`` (the routes answer with
``response_model_exclude_unset``), and a time given as a whole number kept one (:data:`Seconds`).

A review's status is JSON made once and kept as bytes: :class:`ReviewStatus` describes it, and checks it
as it is made. Not here yet: a record (made once and kept as bytes too; its format is ``docs/records.md``),
a replay's frames (a table's ``state``) and its chat (chat lines): those are :mod:`.outgoing`'s
``TypedDict`` types, which Pydantic reads on Python 3.11 only when they come from ``typing_extensions``.
The pages are HTML.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict

from ..play.seat import SeatKind

Seconds = int | float
"""Unix seconds. Not ``float``: Pydantic would write a whole number given as an int as ``1000.0``."""


class Answer(BaseModel):
    """What every answer shares: only its own fields."""

    model_config = ConfigDict(extra="forbid")


class Health(Answer):
    """``GET /healthz``: the process is serving, and what it holds."""

    status: Literal["ok"]
    games: int
    """Live games (rooms in memory)."""
    connections: int
    """Open table connections."""
    renders: int
    """States drawn since the start."""
    unloaded: int
    """Games unloaded since the start."""
    owned: int
    """Live unfinished games this process runs."""
    job_timeouts: int
    """Worker jobs stopped at their deadline since the start."""
    bot_games: int
    """Games of bots only moving now."""
    bot_games_waiting: int
    """Games of bots only waiting for a place."""
    jobs_waiting: int
    """Worker jobs waiting for a worker."""


class CreatedSeat(Answer):
    """One seat of a new game."""

    seat: int
    name: str
    """Its name in the request's language."""
    kind: SeatKind
    bot: str | None
    """The bot's spec for a bot seat."""
    token: str | None = None
    """A human seat's secret token (only a human seat has one)."""
    link: str | None = None
    """A human seat's link, with its token in the fragment."""


class Created(Answer):
    """``POST /api/games`` (``201``): the new game."""

    id: str
    game: str
    seats: list[CreatedSeat]
    spectator: str
    """The spectators' link."""


class YourGame(Answer):
    """One seat of ``POST /api/my-games``: a game a token holds a seat of."""

    id: str
    game: str
    title: str
    seat: int
    name: str
    """The seat's name in the request's language."""
    names: list[str]
    """Every seat's name (empty for a game not loaded)."""
    version: int
    to_act: int
    """The seat to act, -1 when nobody is (or not known: the game is not loaded)."""
    your_turn: bool
    finished: bool
    deadline: Seconds | None
    """When the turn's time runs out, whoever is to act (null: no timer)."""
    open: list[int]
    """The open seats a public game waits for."""
    created: Seconds
    link: str


class YourGames(Answer):
    """``POST /api/my-games``."""

    games: list[YourGame]


class ListedSeat(Answer):
    """One seat of an open game as the lobby lists it."""

    seat: int
    name: str
    kind: SeatKind
    bot: str | None = None
    """A bot seat's level in the request's language (only a bot seat has one)."""


class OpenGame(Answer):
    """A public game waiting for players."""

    id: str
    game: str
    title: str
    rules: str
    """The rule options in force, as the table words them."""
    seats: list[ListedSeat]
    free: list[int]
    """The seats still open."""
    turn_seconds: int | None
    created: Seconds


class OpenGames(Answer):
    """``GET /api/open-games``: newest first."""

    games: list[OpenGame]


class SeatTaken(Answer):
    """``POST /api/open-games/ID/seats/N``: the open seat is the caller's, as an invite would give it."""

    id: str
    seat: int
    name: str
    token: str
    link: str


class ReviewStatus(Answer):
    """``POST``/``GET /api/review/ID``: a review's progress, and the review itself once done. Made once per
    game and language and kept as bytes, so the route checks its status against this model as it makes it."""

    status: Literal["none", "queued", "running", "done", "failed"]
    done: int
    """Decisions judged so far."""
    total: int
    """Decisions to judge."""
    review: dict[str, Any] | None = None
    """Once done: the review (its JSON is ``docs/review.md``'s)."""
    labels: dict[str, dict[str, str]] | None = None
    """Once done: each judged move as the table's button said it to its seat (``{"N": {"played", "best"}}``)."""
    error: str | None = None
    """Once failed: why."""
