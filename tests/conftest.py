"""Markers put on by what a test uses, so that a fast loop can leave the heavy parts out:

- ``browser``: drives Debian's Chromium through Playwright (the ``browser`` fixture);
- ``postgres``: runs on PostgreSQL (``database_url[postgresql]``, ``postgres_url``, or a cluster of processes);
- ``slow``: a module listed in :data:`SLOW_MODULES` (whole games on real servers, compilations, simulations).

``./test -m "not browser and not slow"`` is the quick loop (README: "Tests"); ``./test`` runs everything.
A test is marked from its fixtures rather than by hand, so a new browser or PostgreSQL test is marked too.
"""

from __future__ import annotations

import pytest

SLOW_MODULES = frozenset(
    {
        "test_native.py",  # compiles the cores and plays whole games both ways
        "test_cluster.py",  # two server processes on PostgreSQL, kill -9
        "test_restart.py",  # servers stopped and started again
        "test_bot_safety.py",  # worker processes killed at their deadlines
        "test_review.py",  # the search judging every decision of whole games
        "test_review_api.py",
        "test_bot_fairness.py",
        "test_arena.py",
        "test_faults.py",  # two servers and a private PostgreSQL through a fault plan (40 s and more)
    }
)
"""Modules whose tests take many seconds each (measured with ``--durations``; see docs/architecture.md)."""

POSTGRES_FIXTURES = frozenset({"postgres_url", "pair"})
POSTGRES_MODULES = frozenset({"test_faults.py"})  # starts a private PostgreSQL cluster of its own


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        fixtures = set(getattr(item, "fixturenames", ()))
        if "browser" in fixtures:
            item.add_marker(pytest.mark.browser)
        callspec = getattr(item, "callspec", None)
        on_postgres = callspec is not None and callspec.params.get("database_url") == "postgresql"
        if on_postgres or fixtures & POSTGRES_FIXTURES or item.path.name in POSTGRES_MODULES:
            item.add_marker(pytest.mark.postgres)
        if item.path.name in SLOW_MODULES:
            item.add_marker(pytest.mark.slow)
