"""The compiled rules cores (``ludoteca.native``, ``scripts/native.py``): same games, never stale, reported.

- Whole games (tests/native_games.py: every game, player count and lobby option value with random seats,
  and games with the heuristic and search bots) give the same actions, logs, view digests and results
  compiled and in pure Python.
- A build never runs code older than its source: editing a compiled source in a copy of the project
  makes it load from source with one warning line, and the build step ``./play`` and ``./test`` run
  rebuilds it.
- ``ludoteca info`` says which modules are compiled.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from ludoteca import native

ROOT = Path(__file__).resolve().parent.parent
PYTHON = sys.executable
CLI = "import sys; from ludoteca.cli.main import main; sys.argv[0] = 'ludoteca'; main()"
REQUIRED = os.environ.get("LUDOTECA_REQUIRE_NATIVE", "") not in ("", "0")


def _compiled_or_skip() -> None:
    status = native.status()
    if not status.active:
        # ./test's second pass runs the cores' tests in pure Python on purpose: nothing compiled to compare there
        if REQUIRED and os.environ.get(native.PURE_ENV, "") in ("", "0"):
            pytest.fail(f"LUDOTECA_REQUIRE_NATIVE is set but the cores are {status.reason}")
        pytest.skip(f"the rules cores are {status.reason}")


def _env(pure: bool, src: Path = ROOT / "src") -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != native.PURE_ENV}
    env["PYTHONPATH"] = os.pathsep.join([str(src), str(ROOT / "tests")])
    if pure:
        env[native.PURE_ENV] = "1"
    return env


def _games(pure: bool) -> list[str]:
    done = subprocess.run([PYTHON, str(ROOT / "tests" / "native_games.py")], env=_env(pure), capture_output=True,
                          text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stderr == "", done.stderr[-2000:]
    return done.stdout.splitlines()


def test_compiled_and_pure_python_play_the_same_games() -> None:
    _compiled_or_skip()
    compiled = _games(pure=False)
    pure = _games(pure=True)
    assert len(compiled) == len(pure) >= 200
    for line_c, line_p in zip(compiled, pure, strict=True):
        if line_c != line_p:
            game_c, game_p = json.loads(line_c), json.loads(line_p)
            where = {k: game_c[k] for k in ("game", "options", "seed", "players", "seats")}
            for key in game_c:
                assert game_c[key] == game_p[key], f"{where}: {key} differs between compiled and pure Python"
    played = [json.loads(line) for line in compiled]
    assert {g["game"] for g in played} == {"verraeter", "kreta"}
    assert sum(len(g["actions"]) for g in played) > 20_000


def test_the_cores_load_compiled_when_built() -> None:
    _compiled_or_skip()
    import ludoteca.bots.heuristic_kreta
    import ludoteca.kreta.state
    import ludoteca.verraeter.state

    for module in (ludoteca.kreta.state, ludoteca.verraeter.state, ludoteca.bots.heuristic_kreta):
        assert native.is_compiled(module), module.__name__
    import ludoteca.core.game

    assert not native.is_compiled(ludoteca.core.game)  # its runtime-checkable protocols stay interpreted


def test_ludoteca_info_names_the_compiled_modules() -> None:
    done = subprocess.run([PYTHON, "-c", CLI, "info", "--json"], env=_env(pure=False),
                          capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    facts = json.loads(done.stdout)
    if native.check().active:  # a current build exists (whether or not this process uses it)
        assert facts["compiled"] is True
        assert "ludoteca.kreta.state" in facts["compiled_modules"]
        assert "ludoteca.core.game" not in facts["compiled_modules"]
    else:
        assert facts["compiled"] is False and facts["why_not_compiled"]
    pure = subprocess.run([PYTHON, "-c", CLI, "info"], env=_env(pure=True), capture_output=True,
                          text=True, timeout=120, check=False)
    assert pure.returncode == 0 and "rules cores: pure Python" in pure.stdout and native.PURE_ENV in pure.stdout


def test_play_and_test_build_before_they_start() -> None:
    for script in ("play", "test"):
        text = (ROOT / script).read_text(encoding="utf-8")
        build = text.index("scripts/native.py")
        start = text.index('ludoteca" serve' if script == "play" else ".venv/bin/pytest")
        assert build < start, f"./{script} must (re)build the compiled cores before it starts"


def test_an_edited_source_never_runs_compiled_and_the_build_step_rebuilds_it(tmp_path: Path) -> None:
    """In a copy of the project: build two modules, edit one, see it served from source with one warning
    line, run the build step as ./play and ./test do, and see the edit compiled."""
    if not shutil.which("cc") and not shutil.which("gcc"):
        pytest.skip("no C compiler on this machine")
    copy = tmp_path / "ludoteca"
    shutil.copytree(ROOT / "src", copy / "src", ignore=shutil.ignore_patterns("_native*", "__pycache__", "*.so"))
    shutil.copytree(ROOT / "scripts", copy / "scripts")
    shutil.copy(ROOT / "pyproject.toml", copy / "pyproject.toml")
    env = _env(pure=False, src=copy / "src")
    env["LUDOTECA_NATIVE_MODULES"] = "ludoteca.core.seeds,ludoteca.core.errors"
    env.pop("LUDOTECA_REQUIRE_NATIVE", None)
    probe = ("import ludoteca.core.seeds as m, ludoteca.native as n; "
             "print(n.is_compiled(m), getattr(m, 'EDITED', None))")

    def build(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([PYTHON, str(copy / "scripts" / "native.py"), *args], env=env, capture_output=True,
                              text=True, timeout=600, check=False)

    def load() -> subprocess.CompletedProcess[str]:
        return subprocess.run([PYTHON, "-c", probe], env=env, capture_output=True, text=True, timeout=120,
                              check=False)

    assert build("--check").returncode == 1  # nothing built yet
    first = build()
    assert first.returncode == 0, first.stderr
    if not (copy / "src" / "ludoteca" / "_native" / "manifest.json").is_file():
        pytest.skip(f"this machine cannot compile: {first.stderr.strip()}")
    assert build("--check").returncode == 0
    assert load().stdout.split() == ["True", "None"]

    source = copy / "src" / "ludoteca" / "core" / "seeds.py"
    source.write_text(source.read_text(encoding="utf-8") + "\nEDITED = 1\n", encoding="utf-8")
    stale = load()
    assert stale.stdout.split() == ["False", "1"]  # the edit runs, from source
    assert len(stale.stderr.splitlines()) == 1 and "older than their sources" in stale.stderr
    # A process started on the stale build keeps its children on pure Python too, even once the build is redone
    # while it runs (a server's bot workers must unpickle what it pickles: a pure-Python frozen dataclass does
    # not unpickle into a compiled one). Inside it, the build step runs as ./play or ./test would run it.
    parent = (
        "import subprocess, sys, ludoteca.native as n, ludoteca.core.seeds as m\n"
        f"built = subprocess.run([sys.executable, {str(copy / 'scripts' / 'native.py')!r}], capture_output=True)\n"
        "probe = 'import ludoteca.native as n, ludoteca.core.seeds as m; print(n.is_compiled(m))'\n"
        "child = subprocess.run([sys.executable, '-c', probe], capture_output=True, text=True)\n"
        "print(n.is_compiled(m), built.returncode, child.stdout.strip())\n"
    )
    again = subprocess.run([PYTHON, "-c", parent], env=env, capture_output=True, text=True, timeout=600, check=False)
    assert again.stdout.split() == ["False", "0", "False"], again.stderr
    rebuilt = load()
    assert rebuilt.stdout.split() == ["True", "1"] and rebuilt.stderr == ""


def test_compiled_sources_avoid_what_mypyc_compiles_differently() -> None:
    """Patterns that run in Python but not as mypyc compiles them (each one bit this project once)."""
    import ast

    found = []
    for name in native.compiled_sources(ROOT / "src"):
        tree = ast.parse((ROOT / "src" / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                kinds: dict[str, set[str]] = {}
                for handler in ast.walk(node):
                    if isinstance(handler, ast.ExceptHandler) and handler.name and handler.type is not None:
                        kinds.setdefault(handler.name, set()).add(ast.unparse(handler.type))
                found += [f"{name}:{node.name}: `except … as {var}` with types {sorted(types)}"
                          for var, types in kinds.items() if len(types) > 1]  # one register, one type
            if isinstance(node, ast.ClassDef) and any("dataclass" in ast.unparse(d) for d in node.decorator_list):
                found += [f"{name}:{node.name}: ClassVar in a dataclass (compiled, it becomes a field)"
                          for item in node.body
                          if isinstance(item, ast.AnnAssign) and "ClassVar" in ast.unparse(item.annotation)]
            if isinstance(node, ast.Call) and ast.unparse(node.func).endswith(".__new__"):
                found.append(f"{name}:{node.lineno}: `__new__` (a compiled class is only made through __init__)")
    assert not found, "\n".join(found)


def test_without_a_compiler_the_build_step_says_so_in_one_line_and_python_runs(tmp_path: Path) -> None:
    copy = tmp_path / "ludoteca"
    shutil.copytree(ROOT / "src", copy / "src", ignore=shutil.ignore_patterns("_native*", "__pycache__", "*.so"))
    shutil.copytree(ROOT / "scripts", copy / "scripts")
    env = _env(pure=False, src=copy / "src")
    env["PATH"] = str(tmp_path / "no-tools")  # no cc, gcc or anything else
    env.pop("LUDOTECA_REQUIRE_NATIVE", None)
    done = subprocess.run([PYTHON, str(copy / "scripts" / "native.py")], env=env, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0
    assert done.stderr.count("\n") == 1 and "pure Python" in done.stderr and "no C compiler" in done.stderr
    assert not (copy / "src" / "ludoteca" / "_native").exists()
    game = subprocess.run([PYTHON, "-c", CLI, "play", "kreta", "--seats", "random,random", "--seed", "3"], env=env,
                          capture_output=True, text=True, timeout=300, check=False)
    assert game.returncode == 0 and game.stderr == "" and "Final scores" in game.stdout
    env["LUDOTECA_REQUIRE_NATIVE"] = "1"  # CI: a machine that cannot compile fails instead
    required = subprocess.run([PYTHON, str(copy / "scripts" / "native.py")], env=env, capture_output=True, text=True,
                              timeout=120, check=False)
    assert required.returncode == 1
