"""Bot thinking off the server's event loop: plain functions run in a pool of worker processes.

A search bot spends up to two seconds of CPU on a move; in the server's own process that would stall
every other table (and, with the GIL, a thread would too). So bots and hints run in worker processes
and receive only what a bot may see — the seat's view and its legal actions — never the state.
The functions are module-level and take plain picklable values so any pool can run them; how long
they may run and in which order is :mod:`.jobs`'s business.
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Sequence
from typing import Any

from ludoteca import bots
from ludoteca.bots.ismcts import AdvisorBot, IsmctsBot

from .jobs import Workers

HINT_LEVEL = "normal"
"""The budget of the search that answers a player's request for a hint (the advisor's: the best judges, issue #26)."""


def choose(spec: str, seed: int, view: Any, legal: Sequence[Any]) -> int:
    """The index in ``legal`` of the action the bot ``spec`` chooses from ``view``."""
    bot = bots.from_spec(spec, seed)
    action = bot.choose(view, list(legal))
    return list(legal).index(action)


def hint(seed: int, view: Any, legal: Sequence[Any]) -> list[tuple[int, float]]:
    """The advisor's three best actions as ``(index in legal, estimated win chance)``, best first: the same
    search and judges as the terminal's ``hint`` and the game review (``ludoteca.bots.ismcts.AdvisorBot``)."""
    advisor = AdvisorBot(seed, IsmctsBot.levels[HINT_LEVEL])
    estimates = advisor.analyse(view, list(legal))[:3]
    index = {a: i for i, a in enumerate(legal)}
    return [(index[e.action], e.win_chance) for e in estimates]


def _start_worker() -> None:
    """Import the bots when a worker starts (the first move is not slowed by imports), and end the
    worker when the server dies: a pool's workers outlive a server killed with ``kill -9`` (or by the
    out-of-memory killer) and would wait for work forever."""
    import ludoteca.bots.heuristic
    import ludoteca.bots.ismcts  # noqa: F401

    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="ludoteca-orphan-watch", daemon=True).start()


def start(processes: int | None, deadline: float) -> Workers:
    """The server's pool: ``processes`` worker processes (0: threads, for tests that need no isolation;
    by default one fewer than the cores, at least one), each job stopped after ``deadline`` seconds."""
    return Workers(processes, deadline, initializer=_start_worker)
