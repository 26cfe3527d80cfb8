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
