"""Playing a study's games: one task (a run of games of one cell) in, one row per game out.

This is the only code that runs in worker processes or on Ray workers; it is pure given its task (bots
are seeded from the study seed, the game index and the seat), so the same task gives the same rows
wherever it runs. Bots see only ``state.view(seat)``; a bot returning an illegal action is an error,
not a silently skipped move.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from importlib import import_module
from typing import Any

from ludoteca import bots, games
from ludoteca.bots.loop import BotGameError, Played, play_out
from ludoteca.core.events import Event, EventLog
from ludoteca.core.seeds import ARENA_SALT, derive_seed

from .plan import Task

Row = dict[str, Any]

_COUNTERS = {"verraeter": "ludoteca.sim.counts_verraeter", "kreta": "ludoteca.sim.counts_kreta"}


class SimulationError(BotGameError):
    """A game of the study could not be played (a bot failed or returned an illegal action)."""


def count_names(game: str) -> tuple[str, ...]:
    """The per-seat count columns of ``game`` (without the ``n_`` prefix)."""
    names: tuple[str, ...] = import_module(_COUNTERS[games.get(game).name]).NAMES
    return names


def _counter(game: str) -> Callable[[int, Sequence[tuple[int, Any]], Sequence[Event]], dict[str, list[int]]]:
    counter: Callable[[int, Sequence[tuple[int, Any]], Sequence[Event]], dict[str, list[int]]]
    counter = import_module(_COUNTERS[game]).count
    return counter


def all_events(log: EventLog) -> list[Event]:
    """Every event of a finished game, oldest first, private ones included (nobody is playing it)."""
    out: list[Event] = []
    node = log
    while node is not None:
        event, node = node
        out.append(event)
    out.reverse()
    return out


def play_task(task: Task) -> list[Row]:
    """Games ``task.start .. task.stop-1`` of the task's cell, one row each, in index order."""
    definition = games.get(task.game)
    options = definition.options_from_dict(task.options)
    counter = _counter(definition.name)
    options_json = json.dumps(task.options, sort_keys=True, ensure_ascii=False)
    return [
        play_game(definition, options, options_json, counter, task, index) for index in range(task.start, task.stop)
    ]


def play_game(
    definition: Any,
    options: Any,
    options_json: str,
    counter: Callable[[int, Sequence[tuple[int, Any]], Sequence[Event]], dict[str, list[int]]],
    task: Task,
    index: int,
) -> Row:
    n = len(task.seats)
    seed = derive_seed(task.seed, index, salt=ARENA_SALT)  # the arena's derivation: a study's game i is its deal i
    bot_seeds = [derive_seed(task.seed, index, seat, salt=ARENA_SALT) for seat in range(n)]
    where = f"cell {task.cell}, game {index}"
    played = play_bots(definition, options, seed, task.seats, bot_seeds, where)
    state, moves = played.state, played.moves
    result = state.result()
    events = all_events(state.log)
    row: Row = {
        "game": definition.name,
        "players": n,
        "cell": task.cell,
        "index": index,
        "seed": seed,
        "options": options_json,
        **{f"opt_{key}": value for key, value in task.grid.items()},
        "bots": list(task.seats),
        "bot_seeds": bot_seeds,
        "start_player": _start_player(events),
        "scores": list(result.scores),
        "win_shares": result.win_shares(),
        "winners": sorted(result.winners),
        "length": len(moves),
        "rounds": _rounds(definition.name, n, events),
    }
    for name, values in counter(n, moves, events).items():
        row[f"n_{name}"] = values
    return row


def play_bots(
    definition: Any, options: Any, seed: int, seats: Sequence[str], bot_seeds: Sequence[int], where: str = ""
) -> Played:
    """One game from ``seed`` to the end, seat ``s`` played by ``seats[s]`` seeded with ``bot_seeds[s]``
    (through the one bot-game loop, :func:`ludoteca.bots.loop.play_out`). Simulations and their replays
    both play through here, so a row replays exactly; a bot that fails or returns an illegal action stops
    the game with a :class:`SimulationError` saying where (``where``)."""
    players = [bots.from_spec(spec, s) for spec, s in zip(seats, bot_seeds, strict=True)]
    state = definition.new_game(options, seed, len(seats))
    return play_out(state, players, seats, where, SimulationError)


def _start_player(events: Sequence[Event]) -> int:
    """The seat that led the first round (Verräter ``round``) or started the game (Kreta ``start``)."""
    for event in events:
        if event.kind in ("round", "start"):
            return event.seat
    return -1


def _rounds(game: str, players: int, events: Sequence[Event]) -> int:
    """Verräter: rounds played; Kreta: turns round the table (character cards played ÷ players)."""
    if game == "verraeter":
        return sum(1 for e in events if e.kind == "round")
    return sum(1 for e in events if e.kind == "play") // players
