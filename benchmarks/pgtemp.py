"""A throwaway PostgreSQL cluster of its own, for runs that restart or cut the database.

The fault benchmark restarts PostgreSQL and drops a server's connections; doing that to the machine's shared
cluster (``scripts/postgres.sh``) would hit every other test and process using it. So this starts a private
cluster — Debian's own binaries, ``initdb`` into a temporary directory, a free port, a socket directory of its
own — and removes it afterwards. As root it runs the server as the ``postgres`` user (PostgreSQL refuses root).
"""

from __future__ import annotations

import contextlib
import os
import shutil
import socket
import subprocess
import tempfile
import time
from pathlib import Path

import psycopg


def _bin(tool: str) -> str:
    versions = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name))
    if not versions:
        raise SystemExit("PostgreSQL is not installed (scripts/postgres.sh installs Debian's)")
    return str(versions[-1] / tool)


def free_port() -> int:
    """A TCP port nobody listens on now (for the cluster, and for the servers of the runs that use it)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class TempCluster:
    """``initdb``, ``start``, ``restart`` (``immediate``: a crash and recovery), ``stop``; :attr:`url` to connect."""

    def __init__(self) -> None:
        self.root = Path(tempfile.mkdtemp(prefix="ludoteca-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self.url = f"postgresql://ludoteca:ludoteca@127.0.0.1:{self.port}/ludoteca"
        self._as_postgres = os.geteuid() == 0
        if self._as_postgres:
            shutil.chown(self.root, "postgres", "postgres")

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if self._as_postgres else []
        subprocess.run([*prefix, *command], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def _ctl(self, action: str, *extra: str) -> None:
        options = f"-p {self.port} -k {self.root} -c listen_addresses=127.0.0.1 -c fsync=on"
        self._run(_bin("pg_ctl"), action, "-D", str(self.data), "-w", "-l", str(self.root / "log"), "-o", options,
                  *extra)

    def start(self) -> TempCluster:
        self._run(_bin("initdb"), "-D", str(self.data), "-U", "postgres", "-A", "trust", "--no-sync")
        self._ctl("start")
        admin = f"postgresql://postgres@127.0.0.1:{self.port}/postgres"
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute("CREATE ROLE ludoteca LOGIN PASSWORD 'ludoteca'")
            conn.execute("CREATE DATABASE ludoteca OWNER ludoteca")
        return self

    def restart(self) -> None:
        """Stop without a checkpoint (as a crash would) and start again: committed work must survive."""
        self._ctl("restart", "-m", "immediate")

    def crash(self) -> None:
        """Stop at once, without a checkpoint, and stay down until :meth:`start_again`."""
        self._ctl("stop", "-m", "immediate")

    def start_again(self) -> None:
        """Start after :meth:`crash` (recovering what was committed)."""
        self._ctl("start")

    def terminate(self, application_name: str) -> int:
        """End every connection a process opened under ``application_name``; how many there were."""
        with psycopg.connect(self.url, autocommit=True) as conn:
            rows = conn.execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = %s",
                (application_name,),
            ).fetchall()
        return len(rows)

    def stop(self) -> None:
        with contextlib.suppress(subprocess.CalledProcessError):
            self._ctl("stop", "-m", "fast")
        shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> TempCluster:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()


def wait_until_up(url: str, timeout: float = 30.0) -> None:
    """Block until ``url`` accepts a connection (after a restart)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            psycopg.connect(url).close()
            return
        except psycopg.OperationalError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.2)
