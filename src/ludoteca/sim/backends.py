"""Where a study's tasks run: worker processes on this machine, or a Ray cluster.

Both backends take the same tasks and hand back each task's rows as it finishes; what a task plays
depends only on the task, so the rows are the same whichever backend, worker or order ran them. Ray
is imported only when asked for (it is an optional extra and takes seconds to start).
"""

from __future__ import annotations

import os
import socket
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from ludoteca.arena.workers import in_pool
from ludoteca.core.errors import LudotecaError

from .plan import Task
from .play import Row, play_task

BACKENDS = ("local", "ray")

Done = Iterator[tuple[Task, list[Row]]]


class BackendError(LudotecaError):
    """A backend that cannot run here (Ray not installed, no cluster at the address...)."""


def run(tasks: Sequence[Task], backend: str = "local", jobs: int = 1, address: str | None = None) -> Done:
    """Each task with its rows, in the order they finish."""
    if backend == "local":
        return _local(tasks, jobs)
    if backend == "ray":
        return _ray(tasks, jobs, address)
    raise BackendError(f"unknown backend {backend!r} (choose from {', '.join(BACKENDS)})")


def _local(tasks: Sequence[Task], jobs: int) -> Done:
    if jobs <= 1:
        for task in tasks:
            yield task, play_task(task)
        return
    yield from in_pool(play_task, tasks, jobs)


@contextmanager
def _worker_niceness(value: str | None) -> Iterator[None]:
    """Start a local Ray instance with its workers at normal priority.

    Ray runs workers at nice 15 by default (``RAY_worker_niceness``) so that they yield to its own
    services; here the workers *are* the work, and at nice 15 they also yield to everything else on the
    machine (measured: 8× slower while another job used the cores). A value the user set is kept, and a
    cluster (``--address``) keeps its own configuration.
    """
    key = "RAY_worker_niceness"
    if value is None or key in os.environ:
        yield
        return
    os.environ[key] = value
    try:
        yield
    finally:
        os.environ.pop(key, None)


def _check_reachable(address: str) -> None:
    """Fail fast on a ``HOST:PORT`` nobody answers on: Ray itself retries for minutes, then exits the process."""
    host, colon, port = address.rpartition(":")
    if "://" in address or not colon or not port.isdigit():
        return  # "auto", "ray://..." and other forms are Ray's to resolve
    try:
        socket.create_connection((host.strip("[]") or "127.0.0.1", int(port)), timeout=5).close()
    except OSError as e:
        raise BackendError(f"cannot reach a Ray cluster at {address}: {e.strerror or e}") from None


def _ray(tasks: Sequence[Task], jobs: int, address: str | None) -> Done:
    try:
        import ray
    except ImportError:
        raise BackendError("the Ray backend needs Ray: pip install 'ludoteca[ray]'") from None
    started_here = not ray.is_initialized()
    if started_here:
        init: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False, "logging_level": "ERROR"}
        if address:
            init["address"] = address
        elif jobs > 0:
            init["num_cpus"] = jobs
        if address:
            _check_reachable(address)
        try:
            with _worker_niceness(None if address else "0"):
                ray.init(**init)
        except (ConnectionError, RuntimeError, ValueError, SystemExit) as e:  # Ray exits when it gives up
            raise BackendError(f"cannot start or reach Ray{' at ' + address if address else ''}: {e}") from None
    remote: Callable[..., Any] = ray.remote(max_retries=2)(play_task).remote
    try:
        refs = {remote(task): task for task in tasks}
        pending = list(refs)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                yield refs[ref], ray.get(ref)
        pending = []
    finally:
        for ref in pending:
            ray.cancel(ref)
        if started_here:
            ray.shutdown()
