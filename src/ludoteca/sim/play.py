"""Playing a study's games: one task (a run of games of one cell) in, one row per game out.

This is the only code that runs in worker processes or on Ray workers; it is pure given its task (bots
are seeded from the study seed, the game index and the seat), so the same task gives the same rows
wherever it runs. Bots see only ``state.view(seat)``; a bot returning an illegal action is an error,
not a silently skipped move.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable

from ludoteca import bots, games
from ludoteca.bots.loop import BotGameError, Played, play_out
from ludoteca.core.events import Event, EventLog
from ludoteca.core.plugin import PluginError
from ludoteca.core.seeds import ARENA_SALT, derive_seed

from .plan import Task

Row = dict[str, Any]


@runtime_checkable
class Counters(Protocol):
    """A game's ``counters`` facet (a module, typically): the per-seat counts a study's rows carry."""

    NAMES: tuple[str, ...]
    """The count columns (``n_<name>``), in order."""

    def count(self, players: int, moves: Sequence[tuple[int, Any]], events: Sequence[Event]) -> dict[str, list[int]]:
        """Per count name, one number per seat, from a finished game's moves and every event."""
        ...

    def rounds(self, players: int, events: Sequence[Event]) -> int:
        """The game's length in rounds round the table (the rows' ``rounds`` column)."""
        ...

    def start_player(self, events: Sequence[Event]) -> int:
        """The seat that started the game (or led its first round), -1 if the events do not say."""
        ...


class SimulationError(BotGameError):
    """A game of the study could not be played (a bot failed or returned an illegal action)."""


def counters(game: str) -> Counters:
    """The game's counters (the ``counters`` facet of its plug-in)."""
    plugin = games.plugin(game)
    found = plugin.facet("counters")
    if not isinstance(found, Counters):
        raise PluginError(f"{plugin.title}: its counters lack NAMES, count, rounds or start_player")
    return found


def count_names(game: str) -> tuple[str, ...]:
    """The per-seat count columns of ``game`` (without the ``n_`` prefix)."""
    return tuple(counters(game).NAMES)


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
    counter = counters(definition.name)
    options_json = json.dumps(task.options, sort_keys=True, ensure_ascii=False)
    return [
        play_game(definition, options, options_json, counter, task, index) for index in range(task.start, task.stop)
    ]


def play_game(
    definition: Any,
    options: Any,
    options_json: str,
    counter: Counters,
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
        "start_player": counter.start_player(events),
        "scores": list(result.scores),
        "win_shares": result.win_shares(),
        "winners": sorted(result.winners),
        "length": len(moves),
        "rounds": counter.rounds(n, events),
    }
    for name, values in counter.count(n, moves, events).items():
        row[f"n_{name}"] = values
    return row


def play_bots(
    definition: Any, options: Any, seed: int, seats: Sequence[str], bot_seeds: Sequence[int], where: str = ""
) -> Played:
    """One game from ``seed`` to the end, seat ``s`` played by ``seats[s]`` seeded with ``bot_seeds[s]``
    (through the one bot-game loop, :func:`ludoteca.bots.loop.play_out`). Simulations and their replays
    both play through here, so a row replays exactly; a bot that fails or returns an illegal action stops
    the game with a :class:`SimulationError` saying where (``where``)."""
    players = [bots.replayable(spec, s) for spec, s in zip(seats, bot_seeds, strict=True)]
    state = definition.new_game(options, seed, len(seats))
    return play_out(state, players, seats, where, SimulationError)
