"""Throughput of ``ludoteca simulate``: games per second with 1 and 2 local processes, and the Ray backend's
overhead against local processes on the same machine — all in one run, so the figures are ratios against
a baseline measured under the same conditions.

Usage::

    .venv/bin/python benchmarks/simulate.py --game verraeter --players 4 --games 2000
    .venv/bin/python benchmarks/simulate.py --game kreta --players 2 --games 60 --repeat 1

Each configuration plays the same study (same seed, so the same games) into a temporary directory,
``--repeat`` times; the best time is kept (the least disturbed run). Ray is timed twice: including
``ray.init`` (what a one-off ``ludoteca simulate --backend ray`` costs) and on an already started
instance (the steady-state overhead of shipping tasks and rows).
"""

from __future__ import annotations

import argparse
import os
import platform
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from ludoteca.sim.plan import Study
from ludoteca.sim.runner import simulate


def best(repeat: int, run: Callable[[Path], float]) -> float:
    times = []
    for _ in range(repeat):
        with tempfile.TemporaryDirectory() as tmp:
            times.append(run(Path(tmp) / "s"))
    return min(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="verraeter")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bot", default="heuristic")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=2)
    parser.add_argument("--no-ray", action="store_true")
    args = parser.parse_args()
    study = Study(args.game, (args.bot,) * args.players, args.games, 2026)

    def local(jobs: int) -> Callable[[Path], float]:
        def run(out: Path) -> float:
            return simulate(study, out, "local", jobs).seconds

        return run

    def ray_run(out: Path) -> float:
        started = time.perf_counter()
        simulate(study, out, "ray", 2)
        return time.perf_counter() - started

    print(
        f"{args.game}, {args.players} × {args.bot}, {args.games} games; {platform.python_version()}, "
        f"{os.cpu_count()} cores; best of {args.repeat}"
    )
    one = best(args.repeat, local(1))
    two = best(args.repeat, local(2))
    print(f"local, 1 process : {one:7.2f} s  {args.games / one:8.1f} games/s  1.00×")
    print(f"local, 2 processes: {two:7.2f} s  {args.games / two:8.1f} games/s  {one / two:.2f}×")
    if args.no_ray:
        return
    cold = best(args.repeat, ray_run)
    print(
        f"ray (2 CPUs), with ray.init: {cold:7.2f} s  {args.games / cold:8.1f} games/s  "
        f"{cold / two:.2f}× the time of 2 local processes"
    )
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
    try:
        warm = best(args.repeat, lambda out: simulate(study, out, "ray", 2).seconds)
    finally:
        ray.shutdown()
    print(
        f"ray (2 CPUs), started before: {warm:7.2f} s  {args.games / warm:8.1f} games/s  "
        f"{warm / two:.2f}× the time of 2 local processes"
    )


if __name__ == "__main__":
    main()
