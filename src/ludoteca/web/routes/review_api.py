"""The review endpoints: ``POST /api/review/ID`` starts a finished game's review, ``GET /api/review/ID`` tells
its progress and, once done, gives it (:mod:`.reviews`; the answers are documented in ``docs/web.md``).

A game in progress has no review (403): judging every seat's decisions would tell what each seat holds.
A game that no longer replays as played (diverged) cannot be reviewed (409).
"""

from __future__ import annotations

import asyncio
from typing import Annotated, Any

from fastapi import APIRouter, Depends
from fastapi.requests import HTTPConnection
from fastapi.responses import JSONResponse

from ludoteca.present.moves import in_words

from ..features.reviews import Reviews
from ..language.i18n import translator
from ..language.wording import Said, _
from ..live.room import Room
from .deps import BadRequest, LangDep, TablesDep

router = APIRouter()


def get_reviews(conn: HTTPConnection) -> Reviews:
    reviews: Reviews = conn.app.state.reviews
    return reviews


ReviewsDep = Annotated[Reviews, Depends(get_reviews)]


async def _reviewable(game_id: str, tables: TablesDep) -> Room:
    """The finished game ``game_id``, or the refusal: 404 unknown, 403 in progress, 409 diverged."""
    room = await tables.get(game_id)
    if room is None:
        raise BadRequest(Said(_("no such game")), 404)
    if room.match.diverged is not None:
        raise BadRequest(Said(_("this game no longer replays as it was played, so it cannot be reviewed")), 409)
    if not room.match.finished:
        raise BadRequest(Said(_("a game can be reviewed once it is over")), 403)
    return room


async def _worded(room: Room, status: dict[str, Any], lang: str) -> dict[str, Any]:
    """A done review's status with its moves' labels in the reader's language (``labels``, beside the review)."""
    if status["status"] == "done" and "review" in status:
        tr = translator(lang)
        names = room.match.names_in(tr)
        status = {**status, "labels": await asyncio.to_thread(in_words, status["review"], room.match.record, names, tr)}
    return status


@router.post("/api/review/{game_id}")
async def start_review(game_id: str, tables: TablesDep, reviews: ReviewsDep, lang: LangDep) -> JSONResponse:
    """Start the review (``202`` with its progress), or answer the stored one (``200``); ``503`` when too many
    reviews wait already."""
    room = await _reviewable(game_id, tables)
    status = await reviews.status(game_id)
    if status["status"] == "done":
        return JSONResponse(await _worded(room, status, lang))
    if status["status"] in ("none", "failed") and reviews.full():
        raise BadRequest(Said(_("too many reviews are waiting; try again in a few minutes")), 503)
    await reviews.request(game_id)  # a new review, a failed one again, or one left unqueued carried on
    return JSONResponse(await reviews.status(game_id), status_code=202)


@router.get("/api/review/{game_id}")
async def get_review(game_id: str, tables: TablesDep, reviews: ReviewsDep, lang: LangDep) -> dict[str, Any]:
    """The review's progress (``status``: none, queued, running, done, failed; ``done`` of ``total``), with
    the review itself once done and its moves' labels in the request's language."""
    room = await _reviewable(game_id, tables)
    return await _worded(room, await reviews.status(game_id), lang)
