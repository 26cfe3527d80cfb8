"""Playing the arena's games: one deal at a time, in this process or on a pool of worker processes.

A *deal* is one game seed played once per seat rotation, so every bot sits in every seat on the same
cards and the luck of the deal cancels out. Deals are the unit of work (a worker plays all rotations
of its deal) and of statistics (see :mod:`.stats`). Every seed is derived from the arena seed, the deal
and the lineup index alone, never from which worker ran what, so the results do not depend on
``jobs``. Bots only ever see ``state.view(seat)``, a fresh bot is built for every seat of every game,
and every action a bot returns is checked against the legal actions before it is applied.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import partial
from typing import Any

from ludoteca import bots, games
from ludoteca.bots.loop import BotGameError, play_out
from ludoteca.core import seeds
from ludoteca.core.game import GameDefinition
from ludoteca.core.rng import Rng

from .luck import Meter, chance_luck
from .workers import in_pool

BotFactory = Callable[[str, int], Any]
"""``factory(spec, seed) -> bot``: :func:`ludoteca.bots.replayable` (a level's time limit off, so that a run
replays exactly whatever the machine's load), or a fake in tests."""


class ArenaError(BotGameError):
    """A bot misbehaved in the arena: it raised an exception, or returned an action that is not legal."""


def derive_seed(seed: int, *keys: int) -> int:
    """A 63-bit seed from the arena seed and ``keys`` (deal; deal and lineup index): chained SplitMix64
    steps, so neighbouring deals or bots get unrelated streams (:func:`ludoteca.core.seeds.derive_seed`)."""
    return seeds.derive_seed(seed, *keys, salt=seeds.ARENA_SALT)
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
    luck: float | None = None
    """The seat's summed luck at the chance events of its game (:func:`.luck.chance_luck`), when measured."""


LUCK_KEY = 0x1C4
"""The third key of the seed of a game's luck samples, after the deal and the rotation (bots' seeds have two)."""


def play_game(
    definition: GameDefinition[Any, Any, Any, Any],
    options: Any,
    match: Match,
    deal: int,
    rotation: int,
    factory: BotFactory = bots.replayable,
    meter: Meter | None = None,
) -> list[SeatRecord]:
    """One rotation of one deal, to the end; one record per seat, with each seat's luck if ``meter`` is given."""
    n = len(match.lineup)
    state = definition.new_game(options, derive_seed(match.seed, deal), n)
    by_seat = [(p - rotation) % n for p in range(n)]  # the lineup index in each seat
    players = [factory(match.lineup[i], derive_seed(match.seed, deal, i)) for i in by_seat]
    specs = [match.lineup[i] for i in by_seat]
    played = play_out(state, players, specs, f"deal {deal}, rotation {rotation}", ArenaError)
    result = played.state.result()
    shares = result.win_shares()
    luck: list[float | None] = [None] * n
    if meter is not None:
        rng = Rng(derive_seed(match.seed, deal, rotation, LUCK_KEY))
        moves = [action for _, action in played.moves]
        luck = list(chance_luck(definition, options, derive_seed(match.seed, deal), n, moves, meter, rng))
    return [
        SeatRecord(
            deal, rotation, p, by_seat[p], result.scores[p], shares[p], played.decisions[p], played.seconds[p],
            played.longest[p],
            luck[p],
        )
        for p in range(n)
    ]


def play_deal(
    definition: GameDefinition[Any, Any, Any, Any],
    options: Any,
    match: Match,
    deal: int,
    factory: BotFactory = bots.replayable,
    meter: Meter | None = None,
) -> list[SeatRecord]:
    """Every rotation of deal ``deal``: ``n`` games on the same seed, the lineup shifted one seat each time."""
    records: list[SeatRecord] = []
    for rotation in range(len(match.lineup)):
        records += play_game(definition, options, match, deal, rotation, factory, meter)
    return records


def _play_deal_task(match: Match, deal: int) -> list[SeatRecord]:
    """What a worker runs: the game found by name (definitions hold lambdas and do not pickle)."""
    definition = games.get(match.game)
    return play_deal(definition, definition.options_from_dict(match.options), match, deal)


def run(
    match: Match, deals: int, jobs: int, on_deal: Callable[[], None] | None = None, first: int = 0
) -> list[SeatRecord]:
    """All records of deals ``first .. deals-1`` in deal order; ``jobs`` processes (1: in this process).

    ``on_deal`` is called in this process each time a deal is finished (for a progress bar).
    """
    tick = on_deal or (lambda: None)
    todo = range(first, deals)
    jobs = max(1, min(jobs, len(todo)))
    by_deal: dict[int, list[SeatRecord]] = {}
    if jobs == 1:
        definition = games.get(match.game)
        options = definition.options_from_dict(match.options)
        for deal in todo:
            by_deal[deal] = play_deal(definition, options, match, deal)
            tick()
    else:
        for deal, records in in_pool(partial(_play_deal_task, match), todo, jobs):
            by_deal[deal] = records
            tick()
    return [record for deal in todo for record in by_deal[deal]]


def run_until(
    match: Match,
    deals: int,
    jobs: int,
    done: Callable[[list[SeatRecord]], bool],
    on_deal: Callable[[], None] | None = None,
) -> list[SeatRecord]:
    """Deals in order, ``jobs`` at a time, until ``done(records so far)`` holds or ``deals`` deals are played.

    For a sequential test (:mod:`.sequential`): it is asked after every batch, so a run on ``jobs`` workers may
    play up to ``jobs - 1`` deals past the decision; the test is judged at its first crossing in deal order, so
    those extra deals change the figures printed but never the decision, and a seed gives the same decision with
    any ``jobs``.
    """
    records: list[SeatRecord] = []
    start = 0
    while start < deals and not done(records):
        end = min(deals, start + max(1, jobs))
        records += run(match, end, jobs, on_deal, first=start)
        start = end
    return records
