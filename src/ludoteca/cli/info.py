"""``ludoteca info``: what this installation is: its version, Python, the compiled rules cores, the games and bots.

The compiled cores (``ludoteca.native``) run the same source 2–4× faster; this says whether they are in use
and, if not, why (no build yet, a build older than its sources, ``LUDOTECA_PURE_PYTHON``), so that a slow
simulation or a bug report can be told apart at once.
"""

from __future__ import annotations

import json
import platform
import sys
from importlib import import_module

import click

from ludoteca import __version__, bots, games, native


def facts() -> dict[str, object]:
    status = native.status()
    loaded = {}
    for name in status.compiled:
        loaded[name] = native.is_compiled(import_module(name))
    return {
        "version": __version__,
        "python": f"{platform.python_implementation()} {platform.python_version()} ({sys.executable})",
        "compiled": status.active and all(loaded.values()),
        "compiled_modules": sorted(name for name, ok in loaded.items() if ok),
        "built_with": status.built_with,
        "why_not_compiled": status.reason,
        "games": games.names(),
        "bots": bots.names(),
    }


@click.command("info", short_help="Version, Python, compiled rules cores, games and bots.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON object.")
def info(as_json: bool) -> int:
    """Say what this installation runs: whether the rules cores are compiled (and which modules), the
    games and bots it knows."""
    found = facts()
    if as_json:
        click.echo(json.dumps(found, indent=1))
        return 0
    click.echo(f"ludoteca {found['version']} on {found['python']}")
    modules = found["compiled_modules"]
    assert isinstance(modules, list)
    if found["compiled"]:
        click.echo(f"rules cores: compiled with {found['built_with']}, {len(modules)} modules:")
        for name in modules:
            click.echo(f"  {name}")
    else:
        click.echo(f"rules cores: pure Python — {found['why_not_compiled']}")
    click.echo(f"games: {', '.join(map(str, found['games']))}")  # type: ignore[call-overload]
    click.echo(f"bots: {', '.join(map(str, found['bots']))}")  # type: ignore[call-overload]
    return 0
