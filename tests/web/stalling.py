"""Worker jobs that cannot finish before their deadline, by construction (STYLE.md lesson 22).

A deadline test once counted on Verräter's hard search taking longer than 0.3 s: on a fast, quiet machine the
compiled search finished in time and the test failed. Here a search bot's job waits on an event nobody sets,
so only the deadline (the pool killing its worker) ends it, however fast the machine. The module is imported by
the worker processes too (a spawned worker gets the test process's ``sys.path`` and unpickles the function by
its module's name).
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any

from ludoteca.web.live import workers

_choose = workers.choose


def choose_or_stall(spec: str, seed: int, view: Any, legal: Sequence[Any]) -> int:
    """A search bot's move never comes (until the worker is killed); any other bot moves as usual."""
    if spec.startswith("ismcts"):
        threading.Event().wait()
    return _choose(spec, seed, view, legal)
