"""The compiled rules cores: which modules mypyc compiled, and loading them only while they match their sources.

The rules cores (``core``, ``verraeter``, ``kreta``) and the bots' inner loops are plain typed Python;
``scripts/native.py`` (run by ``./play`` and ``./test``) compiles that same source with mypyc into
``ludoteca/_native/`` next to this file, with a manifest of the SHA-256 of every source it compiled.
``import ludoteca`` calls :func:`install`: when the manifest was built by this interpreter and every
source still has the hash it was compiled from, a finder placed first on :data:`sys.meta_path` loads
those modules from their compiled extension; otherwise every module is imported from its source and,
if a compiled build exists but is out of date, one warning line says so. A compiled build therefore
can never run code older than the source beside it, whoever starts Python and however.

``LUDOTECA_PURE_PYTHON=1`` turns the compiled modules off (the pure-Python test run, comparisons); a process
that runs pure Python for any reason sets it, so that the processes it starts run pure Python too.
This module is never compiled itself and imports nothing of the package.
"""

from __future__ import annotations

import copyreg
import dataclasses
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import json
import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

PACKAGE_DIR = Path(__file__).resolve().parent
"""``src/ludoteca``: the sources are named relative to its parent (``ludoteca/kreta/state.py``)."""
NATIVE_DIR = PACKAGE_DIR / "_native"
"""Where ``scripts/native.py`` puts the extensions (``ludoteca/kreta/state.*.so``) and the manifest."""
MANIFEST = "manifest.json"
PURE_ENV = "LUDOTECA_PURE_PYTHON"

COMPILED_PACKAGES = ("core", "verraeter", "kreta")
"""Packages compiled whole (but for their ``__init__`` and :data:`INTERPRETED`)."""
COMPILED_BOTS = ("heuristic_kreta", "heuristic_verraeter", "search_kreta", "search_verraeter")
"""The bots' modules that pay for compiling: the heuristics and the search's game-specific inner loops."""
INTERPRETED = frozenset({"ludoteca/core/game.py", "ludoteca/core/plugin.py"})
"""Kept interpreted: their ``@runtime_checkable`` protocols are checked with ``isinstance`` at run time,
which compiled protocols do not support."""


def compiled_sources(root: Path = PACKAGE_DIR.parent) -> list[str]:
    """The sources mypyc compiles, relative to ``root`` (the directory holding ``ludoteca/``), sorted."""
    found = []
    for package in COMPILED_PACKAGES:
        for path in sorted((root / "ludoteca" / package).glob("*.py")):
            name = path.relative_to(root).as_posix()
            if path.name != "__init__.py" and name not in INTERPRETED:
                found.append(name)
    found += [f"ludoteca/bots/{name}.py" for name in COMPILED_BOTS]
    return sorted(found)


def module_name(source: str) -> str:
    """``ludoteca/kreta/state.py`` → ``ludoteca.kreta.state``."""
    return source.removesuffix(".py").replace("/", ".")


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def interpreter_tag() -> str:
    """What an extension module is built for: the implementation, its version and the platform."""
    return f"{sys.implementation.cache_tag}-{sys.platform}-{os.uname().machine if hasattr(os, 'uname') else ''}"


@dataclass
class Status:
    """What :func:`install` found: the modules served compiled, or why none are."""

    compiled: list[str] = field(default_factory=list)
    reason: str = ""
    """Empty when compiled modules are in use; else a sentence for ``ludoteca info`` and the warning."""
    stale: list[str] = field(default_factory=list)
    """Sources changed since the build (the build is then not used at all)."""
    built_with: str = ""
    """The mypy (mypyc) version and options of the build in use."""

    @property
    def active(self) -> bool:
        return bool(self.compiled)


def read_manifest(native_dir: Path = NATIVE_DIR) -> dict[str, object] | None:
    try:
        data = json.loads((native_dir / MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) else None


def check(native_dir: Path = NATIVE_DIR, root: Path = PACKAGE_DIR.parent) -> Status:
    """Whether the build in ``native_dir`` can serve the sources under ``root`` (without loading anything)."""
    manifest = read_manifest(native_dir)
    if manifest is None:
        return Status(reason="not compiled (no build: ./play or ./test compiles the rules cores with mypyc)")
    if manifest.get("interpreter") != interpreter_tag():
        built_for = manifest.get("interpreter")
        return Status(reason=f"not compiled (the build is for {built_for}, this is {interpreter_tag()})")
    sources = manifest.get("sources")
    if not isinstance(sources, dict):
        return Status(reason="not compiled (unreadable manifest)")
    wanted = set(compiled_sources(root))
    # A compiled module whose source changed (or that is no longer meant to be compiled) makes the whole
    # build stale: its modules call each other natively, so none is served. A source the build lacks
    # (a module added since) is simply imported from source: never older than itself.
    stale = sorted(
        name for name in sources
        if name not in wanted or not (root / name).is_file() or digest(root / name) != sources[name]
    )
    if stale:
        return Status(reason=f"not compiled (sources changed since the build: {', '.join(stale[:3])}"
                      f"{'…' if len(stale) > 3 else ''})", stale=stale)
    return Status(compiled=[module_name(n) for n in sorted(sources)], built_with=str(manifest.get("built_with", "")))


def _rebuild(cls: type, args: tuple[object, ...], state: dict[str, object] | None) -> object:
    """Unpickle a compiled object: call its ``__init__`` with ``args``, then restore its fields."""
    obj = cls(*args)
    if state:
        getattr(obj, "__setstate__")(state)  # noqa: B009  (mypyc gives every native class one)
    return obj


def _reducer(cls: type) -> Any:
    """How to pickle and copy instances of a compiled class.

    A class compiled by mypyc cannot be created without running its ``__init__`` (``cls.__new__(cls)``
    runs it too), so Python's default reduction, which creates a bare instance and then sets its fields,
    fails. A dataclass is rebuilt from its fields through ``__init__`` (its ``__post_init__`` checks
    run again); any other class names the arguments its ``__init__`` takes in ``__getnewargs__`` and
    gets its fields back through the ``__setstate__`` mypyc gives it.
    """
    if dataclasses.is_dataclass(cls):
        names = tuple(f.name for f in dataclasses.fields(cls) if f.init)
        return lambda obj: (cls, tuple(getattr(obj, name) for name in names))
    return lambda obj: (_rebuild, (cls, obj.__getnewargs__() if hasattr(obj, "__getnewargs__") else (),
                                   obj.__getstate__()))


def _register_pickling(module: ModuleType) -> None:
    """Register :func:`_reducer` for the module's own dataclasses and classes with ``__getnewargs__``
    (unless they reduce themselves)."""
    for value in list(vars(module).values()):
        if (isinstance(value, type) and value.__module__ == module.__name__
                and (dataclasses.is_dataclass(value) or hasattr(value, "__getnewargs__"))
                and not issubclass(value, (BaseException, tuple))
                and not {"__reduce__", "__reduce_ex__"} & set(vars(value))):
            copyreg.pickle(value, _reducer(value))


_registered: set[str] = set()


def _register_loaded(names: Sequence[str]) -> None:
    """Register pickling for every compiled module loaded so far. mypyc loads the compiled modules a
    compiled module imports itself, without the finder, so each load through the finder sweeps them all."""
    for name in names:
        module = sys.modules.get(name)
        if module is not None and name not in _registered:
            _registered.add(name)
            _register_pickling(module)


class _NativeLoader(importlib.machinery.ExtensionFileLoader):
    modules: Sequence[str] = ()

    def exec_module(self, module: ModuleType) -> None:
        super().exec_module(module)
        _register_loaded(self.modules)


class _NativeFinder(importlib.abc.MetaPathFinder):
    """Finds the compiled extension of a compiled module (and mypyc's shared library) in the build."""

    def __init__(self, native_dir: Path, modules: Sequence[str], shared: Sequence[str]) -> None:
        self.paths: dict[str, Path] = {}
        self.modules = modules
        suffixes = importlib.machinery.EXTENSION_SUFFIXES
        for name in [*modules, *shared]:
            stem = native_dir.joinpath(*name.split("."))
            for suffix in suffixes:
                candidate = stem.with_name(stem.name + suffix)
                if candidate.is_file():
                    self.paths[name] = candidate
                    break

    def find_spec(self, fullname: str, path: object = None, target: ModuleType | None = None
                  ) -> importlib.machinery.ModuleSpec | None:
        found = self.paths.get(fullname)
        if found is None:
            return None
        loader = _NativeLoader(fullname, str(found))
        loader.modules = self.modules
        return importlib.util.spec_from_file_location(fullname, found, loader=loader)


_status: Status | None = None


def install() -> Status:
    """Serve the compiled modules when the build matches the sources; called once by ``import ludoteca``."""
    global _status
    if _status is not None:
        return _status
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        _status = Status(reason=f"not compiled ({PURE_ENV} is set: pure Python on purpose)")
        return _status
    status = check()
    manifest = read_manifest() if status.active else None
    if manifest is not None:
        shared = manifest.get("shared", [])
        libraries = [str(s) for s in shared] if isinstance(shared, list) else []
        finder = _NativeFinder(NATIVE_DIR, status.compiled, libraries)
        missing = [name for name in status.compiled if name not in finder.paths]
        if missing:
            status = Status(reason=f"not compiled (the build lacks {', '.join(missing[:3])})")
        else:
            sys.meta_path.insert(0, finder)
    elif status.stale:
        print(f"ludoteca: the compiled rules cores are older than their sources ({status.stale[0]} changed): "
              "running pure Python, slower; ./play or ./test rebuilds them", file=sys.stderr)
    if not status.active:
        # Child processes (the server's bot workers, simulation and arena workers) must run the build this one
        # runs: a pure-Python object pickled here does not unpickle into a compiled frozen dataclass there
        # (FrozenInstanceError), and a build compiled while this process runs (./play or ./test in the same
        # checkout) would otherwise be picked up by every worker started afterwards.
        os.environ[PURE_ENV] = "1"
    _status = status
    return status


def status() -> Status:
    """What :func:`install` decided (installing first if nothing imported ``ludoteca`` yet)."""
    return install()


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from a compiled extension (the figure ``ludoteca info`` shows)."""
    return isinstance(getattr(module, "__loader__", None), importlib.machinery.ExtensionFileLoader)
