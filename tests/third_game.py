"""Installing the third game's plug-in (``tests/plugins``: Perudo) for the tests that ask for it."""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from ludoteca import games

PLUGINS = Path(__file__).parent / "plugins"
"""A folder on ``sys.path`` holding the ``ludoteca_perudo`` package and its ``*.dist-info`` metadata."""


@contextmanager
def installed_plugins() -> Iterator[Path]:
    """The third game installed: its folder on ``sys.path`` (and ``PYTHONPATH``, for child processes) and
    the registry re-read; both undone afterwards, so only the tests that ask for it see it."""
    folder = str(PLUGINS)
    old = os.environ.get("PYTHONPATH")
    sys.path.insert(0, folder)
    os.environ["PYTHONPATH"] = os.pathsep.join(p for p in (folder, old) if p)
    importlib.invalidate_caches()
    games.clear_cache()
    try:
        yield PLUGINS
    finally:
        sys.path.remove(folder)
        if old is None:
            os.environ.pop("PYTHONPATH", None)
        else:
            os.environ["PYTHONPATH"] = old
        importlib.invalidate_caches()
        games.clear_cache()
