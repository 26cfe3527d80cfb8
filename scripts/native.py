"""Compile the rules cores with mypyc when their build is missing or older than their sources.

Run by ``./play`` and ``./test`` (through the venv's Python) before anything else starts, so a compiled
build is rebuilt whenever a compiled source changed; ``ludoteca.native`` refuses to load a build that
does not match its sources anyway. Usage::

    .venv/bin/python scripts/native.py           # build if needed (silent when the build is current)
    .venv/bin/python scripts/native.py --check   # exit 1 if a build is needed, 0 if current
    .venv/bin/python scripts/native.py --force   # rebuild

Without a C compiler, the Python headers or mypyc, it prints one warning line and leaves the pure-Python
modules in charge (exit 0), unless ``LUDOTECA_REQUIRE_NATIVE=1`` (CI) makes that an error.
``LUDOTECA_NATIVE_MODULES=ludoteca.core.rng,...`` compiles only those modules (the staleness test's
quick builds). The C sources and the compiler's log go to ``build/native/``.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import os
import shutil
import sys
import sysconfig
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "src"
os.environ["LUDOTECA_PURE_PYTHON"] = "1"  # this process only reads the sources
sys.path.insert(0, str(SRC))

from ludoteca import native  # noqa: E402

WORK = ROOT / "build" / "native"


def wanted_sources() -> list[str]:
    sources = native.compiled_sources(SRC)
    only = os.environ.get("LUDOTECA_NATIVE_MODULES", "").strip()
    if only:
        names = {name.strip() for name in only.split(",") if name.strip()}
        sources = [s for s in sources if native.module_name(s) in names]
    return sources


def missing_tools() -> str:
    """Why this machine cannot compile, or ''."""
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    include = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not include.is_file():
        return f"no Python headers ({include})"
    try:
        import mypyc.build  # noqa: F401
        import setuptools  # noqa: F401
    except ImportError as error:
        return f"no {error.name} (pip install mypy setuptools)"
    return ""


def current(sources: list[str]) -> bool:
    manifest = native.read_manifest()
    if manifest is None or manifest.get("interpreter") != native.interpreter_tag():
        return False
    recorded = manifest.get("sources")
    if not isinstance(recorded, dict) or sorted(recorded) != sources:
        return False
    return all(native.digest(SRC / name) == recorded[name] for name in sources)


def compile_in_parallel() -> None:
    """Let setuptools compile one extension's C files on every core (it compiles them one by one)."""
    import distutils.ccompiler  # setuptools' copy, under the name build_ext uses
    from concurrent.futures import ThreadPoolExecutor

    from setuptools._distutils import ccompiler

    def compile(self, sources, output_dir=None, macros=None, include_dirs=None, debug=False,  # type: ignore[no-untyped-def]
                extra_preargs=None, extra_postargs=None, depends=None):
        macros, objects, extra_postargs, pp_opts, build = self._setup_compile(
            output_dir, macros, include_dirs, sources, depends, extra_postargs)
        cc_args = self._get_cc_args(pp_opts, debug, extra_preargs)

        def one(obj):  # type: ignore[no-untyped-def]
            src, ext = build[obj]
            self._compile(obj, src, ext, cc_args, extra_postargs, pp_opts)

        with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
            list(pool.map(one, objects))
        return objects

    ccompiler.CCompiler.compile = compile
    distutils.ccompiler.CCompiler.compile = compile  # type: ignore[method-assign]


def build(sources: list[str]) -> None:
    """Compile ``sources`` into a fresh directory, then swap it in for the old build."""
    from mypyc.build import mypycify
    from setuptools import setup

    compile_in_parallel()

    import mypy.version

    hashes = {name: native.digest(SRC / name) for name in sources}  # before compiling: an edit meanwhile is stale
    WORK.mkdir(parents=True, exist_ok=True)
    fresh = native.NATIVE_DIR.with_name(f"_native.new-{os.getpid()}")
    shutil.rmtree(fresh, ignore_errors=True)
    log = io.StringIO()
    cwd = Path.cwd()
    os.chdir(SRC)  # module names come from the paths: ludoteca/kreta/state.py is ludoteca.kreta.state
    try:
        with contextlib.redirect_stdout(log), contextlib.redirect_stderr(log):
            extensions = mypycify(
                ["--no-warn-unused-configs", "--config-file", str(ROOT / "pyproject.toml"), *sources],
                opt_level="3",
                multi_file=True,
                target_dir=str(WORK / "c"),
                group_name="ludoteca_native",
            )
            setup(
                name="ludoteca-native",
                ext_modules=extensions,
                script_args=["build_ext", "--build-lib", str(fresh), "--build-temp", str(WORK / "obj"),
                             "--parallel", str(os.cpu_count() or 1)],
            )
    except BaseException as error:  # mypyc exits through SystemExit on errors
        (WORK / "build.log").write_text(log.getvalue(), encoding="utf-8")
        shutil.rmtree(fresh, ignore_errors=True)
        raise RuntimeError(f"mypyc failed ({type(error).__name__}: {error}); see {WORK / 'build.log'}") from error
    finally:
        os.chdir(cwd)
    (WORK / "build.log").write_text(log.getvalue(), encoding="utf-8")
    shared = sorted(p.name.split(".")[0] for p in fresh.glob("*__mypyc*"))
    manifest = {
        "interpreter": native.interpreter_tag(),
        "built_with": f"mypyc {mypy.version.__version__}, opt_level 3",
        "sources": hashes,
        "shared": shared,
    }
    (fresh / native.MANIFEST).write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n", encoding="utf-8")
    old = native.NATIVE_DIR.with_name(f"_native.old-{os.getpid()}")
    if native.NATIVE_DIR.exists():
        native.NATIVE_DIR.rename(old)
    fresh.rename(native.NATIVE_DIR)
    shutil.rmtree(old, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when a build is needed")
    parser.add_argument("--force", action="store_true", help="rebuild even when current")
    args = parser.parse_args(argv)
    sources = wanted_sources()
    if current(sources) and not args.force:
        return 0
    if args.check:
        return 1
    required = os.environ.get("LUDOTECA_REQUIRE_NATIVE", "") not in ("", "0")
    why = missing_tools()
    if not why:
        print(f"Compiling the rules cores with mypyc ({len(sources)} modules; a minute or two, only when they "
              "changed)…", file=sys.stderr)
        started = time.perf_counter()
        try:
            build(sources)
        except RuntimeError as error:
            why = str(error)
        else:
            print(f"Compiled in {time.perf_counter() - started:.0f} s.", file=sys.stderr)
            return 0
    shutil.rmtree(native.NATIVE_DIR, ignore_errors=True)  # an old build would only add a second warning
    print(f"ludoteca: running the rules cores as pure Python, about 3× slower: {why}", file=sys.stderr)
    return 1 if required else 0


if __name__ == "__main__":
    sys.exit(main())
