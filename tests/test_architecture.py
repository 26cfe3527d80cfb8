"""Imports run one way: the rules cores import only the standard library, ``ludoteca.core`` and
themselves — never an outer layer, a clock or the global random generator."""

import ast
import sys
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src" / "ludoteca"
CORES = ["core", "verraeter", "kreta"]
FORBIDDEN = {"random", "time", "datetime", "secrets", "socket", "threading", "asyncio", "subprocess"}


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative import: stays inside the package
                continue
            if node.module == "ludoteca":  # from ludoteca import games: the module is ludoteca.games
                names += [f"ludoteca.{a.name}" for a in node.names]
            else:
                names.append(node.module or "")
    return names


@pytest.mark.parametrize("package", CORES)
def test_rules_cores_import_nothing_from_outer_layers(package: str) -> None:
    files = sorted((SRC / package).rglob("*.py"))
    assert files
    for path in files:
        for name in _imports(path):
            top = name.split(".")[0]
            where = f"{path.relative_to(SRC)} imports {name}"
            if top == "ludoteca":
                allowed = ("ludoteca.core", f"ludoteca.{package}")
                assert name.startswith(allowed), where
            else:
                assert top in sys.stdlib_module_names, f"{where}: the cores use the standard library only"
                assert top not in FORBIDDEN, f"{where}: no clock, no global random, no I/O in a rules core"


OUTER = {
    "bots": ("ludoteca.core", "ludoteca.games", "ludoteca.verraeter", "ludoteca.kreta", "ludoteca.bots"),
    "arena": ("ludoteca.core", "ludoteca.games", "ludoteca.bots", "ludoteca.arena"),
    # the web app sits beside the CLI: it uses the cores, bots and the presenters, never the terminal code
    "web": ("ludoteca.core", "ludoteca.games", "ludoteca.verraeter", "ludoteca.kreta", "ludoteca.bots",
            "ludoteca.present", "ludoteca.review", "ludoteca.web"),
    # a game's review asks the search bot about each decision of a record; it knows no front end
    "review": ("ludoteca.core", "ludoteca.games", "ludoteca.bots", "ludoteca.review"),
    # simulation plays bots on the cores (and reuses the arena's seed derivation); never the CLI or server
    "sim": ("ludoteca.core", "ludoteca.games", "ludoteca.verraeter", "ludoteca.kreta", "ludoteca.bots",
            "ludoteca.arena", "ludoteca.sim", "ludoteca.__version__"),
    # the research adapters wrap the cores (and the presenters' terminal table for render_mode="ansi")
    "rl": ("ludoteca.core", "ludoteca.games", "ludoteca.verraeter", "ludoteca.kreta", "ludoteca.bots",
           "ludoteca.present", "ludoteca.rl"),
    # the presentation layer: words and pictures of the cores' views, for every front end above it
    "present": ("ludoteca.core", "ludoteca.games", "ludoteca.verraeter", "ludoteca.kreta", "ludoteca.present"),
}


@pytest.mark.parametrize("package", sorted(OUTER))
def test_bots_and_the_arena_never_import_the_layers_above_them(package: str) -> None:
    """Bots see the cores (through views); the arena sees bots; neither knows the CLI or a server; the
    server knows nothing of the terminal."""
    for path in sorted((SRC / package).rglob("*.py")):
        for name in _imports(path):
            if name.split(".")[0] == "ludoteca":
                assert name.startswith(OUTER[package]), f"{path.relative_to(SRC)} imports {name}"
