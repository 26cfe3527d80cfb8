"""The review endpoints: ``POST /api/review/ID`` starts a finished game's review, ``GET /api/review/ID`` tells
its progress and, once done, gives it (:mod:`.reviews`; the answers are documented in ``docs/web.md``).

A game in progress has no review (403): judging every seat's decisions would tell what each seat holds.
A game that no longer replays as played (diverged) cannot be reviewed (409).

A done review never changes, so its answer in each language — the review and its moves' labels, whose
wording re-reads the whole record (about 40 ms in a thread that holds the interpreter against the event
loop) — is made once and kept (:class:`Answers`), by the first of its readers while the others wait
(:meth:`Answers.making`: eight readers arriving at once in a language not worded yet each worded it);
and each address may read reviews only so often (``--review-reads-per-minute``, at most
``--review-reads-burst`` of them at once: the page asks once a second while one runs). Issue #33.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections import OrderedDict
from collections.abc import AsyncIterator
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi.requests import HTTPConnection
from fastapi.responses import Response

from ludoteca.present.moves import in_words

from ..features.reviews import QueueFull, Reviews
from ..hosting.limits import RateLimit
from ..language.i18n import translator
from ..language.wording import Said, _
from ..play.match import Match
from ..protocol.answers import ReviewStatus
from .deps import AddressDep, BadRequest, LangDep, TablesDep

router = APIRouter()


class Answers:
    """Done reviews' answers as sent, per game and language (the :data:`KEPT` last asked for)."""

    KEPT = 256

    def __init__(self) -> None:
        self.kept: OrderedDict[tuple[str, str], bytes] = OrderedDict()
        self.locks: dict[tuple[str, str], tuple[asyncio.Lock, list[int]]] = {}
        """(game, language) → the lock its answer is made under and how many readers hold or wait for it."""

    @contextlib.asynccontextmanager
    async def making(self, game_id: str, lang: str) -> AsyncIterator[bytes | None]:
        """Held while one reader makes the answer of ``game_id`` in ``lang``: readers who asked meanwhile
        wait for it, then find it kept (yielded; None: it is theirs to make, or the review not done)."""
        key = (game_id, lang)
        lock, holders = self.locks.setdefault(key, (asyncio.Lock(), [0]))
        holders[0] += 1
        try:
            async with lock:
                yield self.get(game_id, lang)
        finally:
            holders[0] -= 1
            if not holders[0]:
                del self.locks[key]

    def get(self, game_id: str, lang: str) -> bytes | None:
        found = self.kept.get((game_id, lang))
        if found is not None:
            self.kept.move_to_end((game_id, lang))
        return found

    def keep(self, game_id: str, lang: str, body: bytes) -> None:
        self.kept[(game_id, lang)] = body
        while len(self.kept) > self.KEPT:
            self.kept.popitem(last=False)


def get_reviews(conn: HTTPConnection) -> Reviews:
    reviews: Reviews = conn.app.state.reviews
    return reviews


def get_answers(conn: HTTPConnection) -> Answers:
    answers: Answers = conn.app.state.review_answers
    return answers


def get_reads(conn: HTTPConnection) -> RateLimit:
    reads: RateLimit = conn.app.state.review_reads
    return reads


ReviewsDep = Annotated[Reviews, Depends(get_reviews)]
AnswersDep = Annotated[Answers, Depends(get_answers)]
ReadsDep = Annotated[RateLimit, Depends(get_reads)]


REFUSAL_PAUSE = 1.0
"""Seconds a read over the limit waits for its refusal: a script looping on its 429s (16 readers made 90
requests a second, each through the HTTP parser and the router) then asks once a second per connection,
and the wait costs the server nothing but an open connection (at most ``--http-connections-per-address``)."""


async def _count_read(reads: RateLimit, address: str) -> None:
    if not reads.allow(address):
        await asyncio.sleep(REFUSAL_PAUSE)
        too_many = _("too many reviews read from your address (at most %(n)d a minute); try again later")
        raise BadRequest(Said(too_many, {"n": reads.count}), 429)


async def _reviewable(game_id: str, tables: TablesDep, address: str) -> Match:
    """The finished game ``game_id``, or the refusal: 404 unknown, 403 in progress, 409 diverged."""
    match = await tables.finished_match(game_id, address)
    if match is None:
        raise BadRequest(Said(_("no such game")), 404)
    if match.diverged is not None:
        raise BadRequest(Said(_("this game no longer replays as it was played, so it cannot be reviewed")), 409)
    if not match.finished:
        raise BadRequest(Said(_("a game can be reviewed once it is over")), 403)
    return match


async def _answer(match: Match, status: dict[str, Any], lang: str, answers: Answers, code: int = 200) -> Response:
    """The review's status as sent; a done one with its moves' labels in the reader's language (``labels``,
    beside the review), made once per game and language."""
    done = status["status"] == "done" and "review" in status
    if done:
        tr = translator(lang)
        names = match.names_in(tr)
        status = {**status, "labels": await asyncio.to_thread(in_words, status["review"], match.record, names, tr)}
    ReviewStatus.model_validate(status)  # what is kept and sent is what the API says it sends
    body = json.dumps(status, ensure_ascii=False, separators=(",", ":")).encode()
    if done:
        answers.keep(match.id, lang, body)
    return Response(body, status_code=code, media_type="application/json")


@router.post("/api/review/{game_id}", responses={200: {"model": ReviewStatus}, 202: {"model": ReviewStatus}})
async def start_review(
    game_id: str,
    tables: TablesDep,
    reviews: ReviewsDep,
    lang: LangDep,
    address: AddressDep,
    answers: AnswersDep,
    reads: ReadsDep,
) -> Response:
    """Start the review (``202`` with its progress), or answer the stored one (``200``); ``503`` when too many
    reviews wait already, ``429`` when the asking address has its share of them waiting."""
    await _count_read(reads, address)
    kept = answers.get(game_id, lang)
    if kept is not None:
        return Response(kept, media_type="application/json")
    match = await _reviewable(game_id, tables, address)
    status = await reviews.status(game_id)
    if status["status"] == "done":
        async with answers.making(game_id, lang) as made:
            if made is not None:
                return Response(made, media_type="application/json")
            return await _answer(match, status, lang, answers)
    try:
        await reviews.request(game_id, address)  # a new review, a failed one again, or one left unqueued carried on
    except QueueFull as e:
        raise BadRequest(e.words, e.status) from None
    return await _answer(match, await reviews.status(game_id), lang, answers, 202)


@router.get("/api/review/{game_id}", responses={200: {"model": ReviewStatus}})
async def get_review(
    game_id: str,
    tables: TablesDep,
    reviews: ReviewsDep,
    lang: LangDep,
    address: AddressDep,
    answers: AnswersDep,
    reads: ReadsDep,
) -> Response:
    """The review's progress (``status``: none, queued, running, done, failed; ``done`` of ``total``), with
    the review itself once done and its moves' labels in the request's language."""
    await _count_read(reads, address)
    kept = answers.get(game_id, lang)
    if kept is not None:
        return Response(kept, media_type="application/json")
    async with answers.making(game_id, lang) as kept:
        if kept is not None:  # made by a reader who came first
            return Response(kept, media_type="application/json")
        match = await _reviewable(game_id, tables, address)
        return await _answer(match, await reviews.status(game_id), lang, answers)
