"""Playing the arena's games: one deal at a time, in this process or on a pool of worker processes.

A *deal* is one game seed played once per seat rotation, so every bot sits in every seat on the same
cards and the luck of the deal cancels out. Deals are the unit of work (a worker plays all rotations
of its deal) and of statistics (see :mod:`.stats`). Every seed is derived from the arena seed, the deal
and the lineup index alone, never from which worker ran what, so the results do not depend on
``jobs``. Bots only ever see ``state.view(seat)``, a fresh bot is built for every seat of every game,
and every action a bot returns is checked against the legal actions before it is applied.
"""

from __future__ import annotations

import signal
import time
from collections.abc import Callable, Mapping
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from dataclasses import dataclass
from typing import Any

from ludoteca import bots, games
from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import GameDefinition
from ludoteca.core.rng import Rng

BotFactory = Callable[[str, int], Any]
"""``factory(spec, seed) -> bot``: :func:`ludoteca.bots.from_spec`, or a fake in tests."""

_SALT = 0xA7E4A5EED


class ArenaError(LudotecaError):
    """A bot misbehaved in the arena: it raised an exception, or returned an action that is not legal."""


def derive_seed(seed: int, *keys: int) -> int:
    """A 63-bit seed from the arena seed and ``keys`` (deal; deal and lineup index): chained SplitMix64
    steps, so neighbouring deals or bots get unrelated streams."""
    rng = Rng(seed ^ _SALT)
    for key in keys:
        rng = Rng(rng.next64() ^ key)
    return rng.next64() >> 1


@dataclass(frozen=True)
class Match:
    """What every deal of one arena run shares; plain data, so it pickles to worker processes."""

    game: str
    options: Mapping[str, Any]
    """The canonical options (``options_to_dict``), rebuilt in each worker."""
    lineup: tuple[str, ...]
    """One bot spec per lineup index; rotation ``r`` puts ``lineup[(p - r) % n]`` in seat ``p``."""
    seed: int


@dataclass(frozen=True)
class SeatRecord:
    """One seat of one game: who sat there and how it went."""

    deal: int
    rotation: int
    seat: int
    bot: int
    """The lineup index of the bot in this seat."""
    score: int
    win_share: float
    decisions: int
    seconds: float
    """Total time spent in the bot's ``choose`` calls."""
    max_seconds: float


def play_game(
    definition: GameDefinition[Any, Any, Any, Any],
    options: Any,
    match: Match,
    deal: int,
    rotation: int,
    factory: BotFactory = bots.from_spec,
) -> list[SeatRecord]:
    """One rotation of one deal, to the end; one record per seat."""
    n = len(match.lineup)
    state = definition.new_game(options, derive_seed(match.seed, deal), n)
    by_seat = [(p - rotation) % n for p in range(n)]  # the lineup index in each seat
    players = [factory(match.lineup[i], derive_seed(match.seed, deal, i)) for i in by_seat]
    decisions = [0] * n
    seconds = [0.0] * n
    longest = [0.0] * n
    while not state.is_terminal():
        p = state.current_player()
        legal = state.legal_actions()
        view, offered = state.view(p), list(legal)  # a copy: the bot cannot alter what it is checked against
        started = time.perf_counter()
        try:
            action = players[p].choose(view, offered)
        except Exception as exc:  # e.g. a bot that cannot play this game: one line, not a traceback
            raise ArenaError(
                f"bot {match.lineup[by_seat[p]]!r} in seat {p + 1} failed: {type(exc).__name__}: {exc} "
                f"(deal {deal}, rotation {rotation})"
            ) from exc
        took = time.perf_counter() - started
        decisions[p] += 1
        seconds[p] += took
        longest[p] = max(longest[p], took)
        if action not in legal:
            raise ArenaError(
                f"bot {match.lineup[by_seat[p]]!r} in seat {p + 1} returned an illegal action "
                f"{_text(action)} (deal {deal}, rotation {rotation})"
            )
        state.apply(action)
    result = state.result()
    shares = result.win_shares()
    return [
        SeatRecord(deal, rotation, p, by_seat[p], result.scores[p], shares[p], decisions[p], seconds[p], longest[p])
        for p in range(n)
    ]


def _text(action: object) -> str:
    to_text = getattr(action, "to_text", None)
    try:
        return repr(to_text()) if callable(to_text) else repr(action)
    except Exception:
        return repr(action)


def play_deal(
    definition: GameDefinition[Any, Any, Any, Any],
    options: Any,
    match: Match,
    deal: int,
    factory: BotFactory = bots.from_spec,
) -> list[SeatRecord]:
    """Every rotation of deal ``deal``: ``n`` games on the same seed, the lineup shifted one seat each time."""
    records: list[SeatRecord] = []
    for rotation in range(len(match.lineup)):
        records += play_game(definition, options, match, deal, rotation, factory)
    return records


def _play_deal_task(match: Match, deal: int) -> list[SeatRecord]:
    """What a worker runs: the game found by name (definitions hold lambdas and do not pickle)."""
    definition = games.get(match.game)
    return play_deal(definition, definition.options_from_dict(match.options), match, deal)


def _ignore_interrupts() -> None:
    """Workers leave Ctrl-C to the parent, which cancels the pool (no traceback per worker)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run(match: Match, deals: int, jobs: int, on_deal: Callable[[], None] | None = None) -> list[SeatRecord]:
    """All records of deals ``0 .. deals-1`` in deal order; ``jobs`` processes (1: in this process).

    ``on_deal`` is called in this process each time a deal is finished (for a progress bar).
    """
    tick = on_deal or (lambda: None)
    jobs = max(1, min(jobs, deals))
    by_deal: dict[int, list[SeatRecord]] = {}
    if jobs == 1:
        definition = games.get(match.game)
        options = definition.options_from_dict(match.options)
        for deal in range(deals):
            by_deal[deal] = play_deal(definition, options, match, deal)
            tick()
    else:
        with ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_interrupts) as pool:
            futures: dict[Future[list[SeatRecord]], int] = {
                pool.submit(_play_deal_task, match, deal): deal for deal in range(deals)
            }
            _collect(futures, by_deal, tick)
    return [record for deal in range(deals) for record in by_deal[deal]]


def _collect(
    futures: dict[Future[list[SeatRecord]], int], by_deal: dict[int, list[SeatRecord]], tick: Callable[[], None]
) -> None:
    """Gather finished deals as they come; on the first error or an interrupt, cancel what has not started."""
    pending: set[Future[list[SeatRecord]]] = set(futures)
    try:
        while pending:
            done, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in done:
                by_deal[futures[future]] = future.result()
                tick()
    except BaseException:
        for future in pending:
            future.cancel()
        raise
