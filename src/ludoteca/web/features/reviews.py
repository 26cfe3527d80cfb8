"""The review of a finished game, computed in the background once and kept (:mod:`ludoteca.review`).

A review asks the search for a verdict on every decision of a game with a choice — a hundred or more
searches — so it runs where bots run, in the worker pool, as jobs of the lowest priority
(:attr:`.jobs.Kind.REVIEW`): a bot's move or a hint always gets the next free worker first. One review runs
at a time per server, one decision per job, each with an iteration budget (the same verdicts as
``ludoteca review --budget N``) and a time cap per decision, so that a review holds a worker for at most
a few seconds (like a hard bot's move) before a waiting bot can have it.

Progress is stored after each decision (table ``reviews``: ``done`` of ``total``, the verdicts so far in
``result``), so a restarted server carries on where it stopped (:meth:`Reviews.resume`), and a finished
review is answered from the store, never computed again. The endpoints are in :mod:`.review_api`.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import Any

from ludoteca import games
from ludoteca.bots.base import Budget
from ludoteca.review import VERSION, decisions, judge, settings_of, summary
from ludoteca.review.analysis import decision_seed

from ..language.wording import Refused, Said, _
from ..live.front import Tables
from ..live.jobs import JobTimeout, Kind, Workers
from ..live.retry import LONGEST_WAIT, unavailable
from ..storage.store import Store
from .cluster import REVIEW_SPACE, GameLocks

log = logging.getLogger("ludoteca.web")

ITERATIONS = 300
"""Search iterations per decision (the review's default, ``DEFAULT_BUDGET``)."""
SECONDS = 3.0
"""Time cap per decision: on a heavily loaded server a decision gets fewer iterations rather than a worker
for long. 300 iterations take 0.1–0.5 s on a quiet machine: the cap is a safety net, generous enough that a
review stays reproducible (its verdicts those of ``ludoteca review``) unless the machine is 6× slower."""
MAX_WAITING = 20
"""Reviews queued at once (the one running included); beyond, a request is refused (503) until some are done."""
PER_ADDRESS = 2
"""Reviews one client address may have queued at once (``--reviews-per-address``); beyond, 429: one address
could otherwise fill the queue and turn everyone else away for half an hour (issue #33)."""


class QueueFull(Refused):
    """No room in the queue for another review: ``status`` 503 (the queue is full) or 429 (the asking
    address has as many waiting as it may)."""

    def __init__(self, words: Said, status: int) -> None:
        super().__init__(words)
        self.status = status


QUEUED, RUNNING, DONE, FAILED = "queued", "running", "done", "failed"


class Reviews:
    """The server's reviews: a queue worked through one game at a time by a single task."""

    def __init__(
        self,
        store: Store,
        tables: Tables,
        workers: Workers,
        iterations: int = ITERATIONS,
        seconds: float = SECONDS,
        per_address: int = PER_ADDRESS,
        locks: GameLocks | None = None,
    ) -> None:
        self.store = store
        self.tables = tables
        self.workers = workers
        self.budget = Budget(iterations=iterations, seconds=seconds)
        self.waiting: asyncio.Queue[str] = asyncio.Queue()
        self.queued: set[str] = set()
        """The games whose review is queued or running: a place is taken here before anything is awaited,
        so that requests arriving together never take more than :data:`MAX_WAITING` places."""
        self.asked_by: dict[str, str] = {}
        """Who asked for each queued review (client address), counted against :attr:`per_address`."""
        self.per_address = per_address
        self.running: str | None = None
        self.task: asyncio.Task[None] | None = None
        self.locks = locks
        """The games' locks of the processes on the same PostgreSQL (None: alone): one of them runs each review."""

    @property
    def settings(self) -> dict[str, Any]:
        return settings_of(self.budget)

    async def resume(self) -> int:
        """Queue the reviews a stopped server left unfinished (their verdicts so far are kept)."""
        pending = await self.store.pending_reviews()
        for game_id in pending:
            self._enqueue(game_id)
        return len(pending)

    def full(self) -> bool:
        return len(self.queued) >= MAX_WAITING

    async def request(self, game_id: str, address: str = "") -> None:
        """Start the review of a finished game asked for by ``address``, unless a current one is stored
        or under way; :class:`QueueFull` when the queue, or that address's share of it, is full."""
        if game_id in self.queued:
            return  # queued or running already
        self._take_place(game_id, address)  # before the first await: the bound holds whoever comes at once
        try:
            row = await self.store.review(game_id)
            if row is not None and row["error"] is None and _current(row["settings"]):
                if row["result"] is None or row["done"] < row["total"]:
                    self._start(game_id)  # stored unfinished, not queued: carry on
                else:
                    self._give_place(game_id)  # done meanwhile
                return
            await self.store.put_review(game_id, self.settings, 0, time.time())
        except BaseException:
            self._give_place(game_id)
            raise
        self._start(game_id)

    def _take_place(self, game_id: str, address: str) -> None:
        if self.full():
            raise QueueFull(Said(_("too many reviews are waiting; try again in a few minutes")), 503)
        if sum(1 for a in self.asked_by.values() if a == address) >= self.per_address:
            mine = _("your address has %(n)d reviews waiting already; try again once one is done")
            raise QueueFull(Said(mine, {"n": self.per_address}), 429)
        self.queued.add(game_id)
        self.asked_by[game_id] = address

    def _give_place(self, game_id: str) -> None:
        self.queued.discard(game_id)
        self.asked_by.pop(game_id, None)

    async def status(self, game_id: str) -> dict[str, Any]:
        """What the page shows: ``status`` (none, queued, running, done, failed), ``done`` of ``total``,
        and the review itself once done."""
        row = await self.store.review(game_id)
        if row is None or not _current(row["settings"]):  # none, or of an older review: asked again, made anew
            return {"status": "none", "done": 0, "total": 0}
        if row["error"] is not None:
            return {"status": FAILED, "done": row["done"], "total": row["total"], "error": row["error"]}
        result = row["result"]
        if result is not None and result.get("format") and row["done"] >= row["total"]:
            return {"status": DONE, "done": row["done"], "total": row["total"], "review": result}
        if game_id not in self.queued and not self.full():
            self._enqueue(game_id)  # stored unfinished but in no queue (its task ended): carry on, room permitting
        state = RUNNING if self.running == game_id else QUEUED
        return {"status": state, "done": row["done"], "total": row["total"]}

    def _enqueue(self, game_id: str) -> None:
        """Queue a review the server carries on by itself (after a restart: those it left unfinished,
        fewer than :data:`MAX_WAITING` as they were queued; else only while the queue has room)."""
        if game_id in self.queued:
            return
        self.queued.add(game_id)
        self._start(game_id)

    def _start(self, game_id: str) -> None:
        """Put a review whose place is taken in the line, and make sure the line is worked through."""
        self.waiting.put_nowait(game_id)
        if self.task is None or self.task.done():
            self.task = asyncio.create_task(self._work(), name="ludoteca-reviews")

    async def _work(self) -> None:
        while not self.waiting.empty():
            game_id = await self.waiting.get()
            cluster = self.locks
            if cluster is not None and not await cluster.own(game_id, REVIEW_SPACE):
                self._give_place(game_id)  # another process runs it (its progress is stored as it goes)
                continue
            self.running = game_id
            try:
                await self._review(game_id)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # one broken review must not stop the others
                if unavailable(error):  # the database is down or restarting: not broken, goes on once it is back
                    log.warning("review of game %s waits for the database: %s", game_id, error)
                    asyncio.get_running_loop().call_later(LONGEST_WAIT, self._enqueue, game_id)
                else:
                    log.exception("review of game %s failed", game_id)
                    await self._fail(game_id, f"{type(error).__name__}: {error}")
            finally:
                self.running = None
                self._give_place(game_id)
                if cluster is not None:
                    await cluster.release(game_id, REVIEW_SPACE)

    async def _fail(self, game_id: str, why: str) -> None:
        row = await self.store.review(game_id)
        done = row["done"] if row else 0
        await self.store.save_review(game_id, done, row["result"] if row else None, time.time(), error=why[:500])

    async def _review(self, game_id: str) -> None:
        match = await self.tables.finished_match(game_id)
        row = await self.store.review(game_id)
        if match is None or row is None:
            return
        if not match.finished or match.diverged is not None:
            await self._fail(game_id, "the game is not over, or no longer replays as played")
            return
        record = match.record
        definition = games.get(record.game)
        every = await asyncio.to_thread(lambda: list(decisions(definition, record)))
        chosen = [d for d in every if not d.forced]
        forced = [0] * len(record.players)
        for d in every:
            if d.forced:
                forced[d.seat] += 1
        stored = row["result"] or {}
        wanted = {d.n for d in chosen}
        kept = [] if stored.get("format") else stored.get("entries", [])
        entries: list[dict[str, Any]] = [e for e in kept if isinstance(e, dict) and e.get("n") in wanted]
        judged = {e["n"] for e in entries}
        settings = row["settings"]
        iterations, seconds = int(settings["iterations"]), settings["seconds"]
        deadline = max(self.workers.deadline, 5 * (seconds or 1.0) + 5)
        total = len(chosen)
        if row["total"] != total:
            await self._set_total(game_id, settings, total, entries)
        for d in chosen:
            if d.n in judged:
                continue
            seed = decision_seed(record.seed, d.n)
            try:
                verdict = await self.workers.run(
                    Kind.REVIEW,
                    judge,
                    d.view,
                    d.legal,
                    d.played,
                    seed,
                    iterations,
                    seconds,
                    deadline=deadline,
                    address="reviews",  # their worker time is weighed apart from any client's
                    table=game_id,
                )
            except JobTimeout:
                await self._fail(game_id, f"the search of action #{d.n + 1} ran out of time")
                return
            entries.append({"n": d.n, "seat": d.seat, "legal": len(d.legal), **verdict})
            finished = len(entries) >= total
            result = summary(record, settings, entries, forced) if finished else {"entries": entries}
            await self.store.save_review(game_id, len(entries), result, time.time())
        if total == 0 or len(entries) >= total:
            await self.store.save_review(game_id, len(entries), summary(record, settings, entries, forced), time.time())

    async def _set_total(self, game_id: str, settings: dict[str, Any], total: int, entries: list[Any]) -> None:
        """Write the number of decisions to judge (known once the record is replayed), keeping the verdicts."""
        row = await self.store.review(game_id)
        requested = row["requested"] if row else time.time()
        await self.store.put_review(game_id, settings, total, requested)
        await self.store.save_review(game_id, len(entries), {"entries": entries}, time.time())

    async def close(self) -> None:
        """Stop the running review (its progress so far is stored; the next start resumes it)."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task


def _current(settings: Any) -> bool:
    """Whether a stored review was computed by this version of the review (else it is computed again)."""
    return isinstance(settings, dict) and settings.get("version") == VERSION
