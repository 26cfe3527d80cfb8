"""The replay viewer's frames: a finished game, or a shared record, shown as it stood after ``n`` actions.

A frame is the table's own ``state`` message (:func:`.state.state_message`) for the match after the
record's first ``n`` actions, seen from one seat, from the spectators' chairs (-1), or — only once the
game is over — with every seat's private part revealed (``"all"``): so a replay looks exactly like the
table did, drawn by the same presenters in the reader's language. Frames are computed one at a time on
request (``docs/web.md`` says why): the server replays ``n`` actions per frame and keeps nothing.

A game in progress is never replayed: its record holds the seed, so any frame of it could be made to
tell what a seat may not know yet. An uploaded record is the uploader's own (they hold its seed), yet
the viewer still reveals everything only when the record's game is over, as for a stored game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ludoteca import games
from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import AnyGameDefinition
from ludoteca.core.records import GameRecord, replay

from ..hosting import jsonin
from ..language.i18n import Translator
from ..language.wording import Said, Wording, _
from ..play.match import Match
from ..play.seat import Seat, SeatKind
from ..protocol import names, options
from ..seatview.state import BoardCache, private_svg, state_message

MAX_RECORD_BYTES = 256 * 1024
"""Bytes in an uploaded record: a long Kreta game's record is about 15 KB, an explicit set-up a few more."""

MAX_RECORD_ACTIONS = 5000
"""Actions in an uploaded record: each frame replays them, so this bounds the work one request can ask for
(a Kreta game has a few hundred)."""

TOO_LARGE = Said(_("the record file is too large (at most %(kb)d KB)"), {"kb": MAX_RECORD_BYTES // 1024})

ALL = "all"
"""The perspective that shows every seat's private part: only for a game that is over."""


class ReplayRefused(LudotecaError):
    """A frame the viewer does not give, with the reason in words and the HTTP status to answer."""

    def __init__(self, words: Wording, status: int = 400) -> None:
        super().__init__(str(words))
        self.words = words
        self.status = status


@dataclass(frozen=True)
class Source:
    """What a replay shows: a record, who held its seats, how many of its actions replay, and whether the
    game is over (which alone allows the ``"all"`` perspective)."""

    game_id: str
    definition: AnyGameDefinition
    record: GameRecord
    seats: Sequence[Seat]
    total: int
    over: bool


def from_match(match: Match) -> Source:
    """The replay of a stored game: refused while it is in progress (:class:`ReplayRefused`, 403)."""
    if not match.finished and match.diverged is None:
        raise ReplayRefused(Said(_("a game can be replayed once it is over")), 403)
    seats = [replace(s, autoplay=False, token_hash=None) for s in match.seats]
    total = match.agreed  # what still replays
    return Source(match.id, match.definition, match.record, seats, total, over=True)


def from_upload(body: bytes) -> Source:
    """The replay of an uploaded record (not stored), or :class:`ReplayRefused` saying what is wrong."""
    if len(body) > MAX_RECORD_BYTES:
        raise ReplayRefused(TOO_LARGE, 413)
    try:
        record = GameRecord.from_dict(jsonin.loads(body))
        definition = games.get(record.game)
        # Checked before any core sees them: a core reads a string in a data option as a file path.
        record = replace(record, options=options.recorded(games.plugin(record.game), record.options))
    except LudotecaError as e:
        raise ReplayRefused(Said(_("this is not a game record we can read: %(why)s"), {"why": str(e)})) from None
    if len(record.actions) > MAX_RECORD_ACTIONS:
        too_long = _("the record has more than %(n)d actions")
        raise ReplayRefused(Said(too_long, {"n": MAX_RECORD_ACTIONS}), 413)
    seats = []
    for i, player in enumerate(record.players):
        kind = record.seats[i] if record.seats else "human"
        name = names.clean(player)[: names.MAX_NAME] or f"{i + 1}"
        human = kind == "human"  # a record's word for a person's seat (else the bot's spec)
        seats.append(Seat(i, name, SeatKind.HUMAN if human else SeatKind.BOT, None if human else kind))
    try:
        over = bool(replay(definition, record).is_terminal())
    except LudotecaError as e:
        raise ReplayRefused(Said(_("this is not a game record we can read: %(why)s"), {"why": str(e)})) from None
    return Source("", definition, record, seats, len(record.actions), over)


def perspective(text: str, source: Source) -> int | str:
    """A perspective from the query: ``all``, or a seat number (-1: the spectators')."""
    if text == ALL:
        if not source.over:
            raise ReplayRefused(Said(_("everything is revealed only once the game is over")), 403)
        return ALL
    try:
        seat = int(text)
    except ValueError:
        seat = -2
    if not -1 <= seat < len(source.seats):
        raise ReplayRefused(Said(_("no such seat")))
    return seat


def frame(source: Source, n: int, seen_by: int | str, lang: str, tr: Translator) -> dict[str, Any]:
    """The ``state`` message after the first ``n`` actions, seen by ``seen_by``, with the replay's own
    fields: ``n``, ``total``, ``perspective``, ``over`` and, for ``"all"``, every seat's ``private_svgs``."""
    if not 0 <= n <= source.total:
        raise ReplayRefused(Said(_("no such step: the replay has steps 0 to %(total)d"), {"total": source.total}))
    try:
        match = Match.replayed(source.game_id, source.definition, source.record, source.seats, n)
    except LudotecaError as e:
        raise ReplayRefused(Said(_("this is not a game record we can read: %(why)s"), {"why": str(e)})) from None
    seat = -1 if seen_by == ALL else int(seen_by)
    everyone = {s.seat: 1 for s in match.seats}  # nobody is "not connected" in a replay
    state = state_message(match, seat, lang, tr, board=BoardCache(), connected=everyone, log_start=0, deadline=None)
    message: dict[str, Any] = {**state}  # the state message, then what makes it a frame (not sent on a socket)
    message.update(type="frame", legal=[], n=n, total=source.total, perspective=seen_by, over=source.over)
    if seen_by == ALL:
        shown = match.names_in(tr)
        message["private_svgs"] = [
            {"seat": s, "name": shown[s], "svg": svg}
            for s in range(len(match.seats))
            if (svg := private_svg(match.state.view(s), tr)) is not None
        ]
    return message
