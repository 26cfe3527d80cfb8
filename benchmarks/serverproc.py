"""A real ``ludoteca serve`` in a child process for the web benchmarks (load.py, attack.py): the server and
the clients then share the machine's cores as they would in production on one box."""

from __future__ import annotations

import contextlib
import subprocess
import sys
import time
from collections.abc import Sequence
from typing import IO

import httpx


def start_server(
    port: int, data_dir: str, args: Sequence[str] = (), output: IO[bytes] | None = None, wait: float = 60.0
) -> subprocess.Popen[bytes]:
    """``ludoteca serve --port PORT --data-dir DIR ARGS…`` (this interpreter), once ``/healthz`` answers."""
    code = "import sys; from ludoteca.cli.main import main; sys.argv = ['ludoteca', *sys.argv[1:]]; main()"
    command = [sys.executable, "-c", code, "serve", "--port", str(port), "--data-dir", data_dir, *args]
    proc = subprocess.Popen(command, stdout=output, stderr=subprocess.STDOUT if output is not None else None)
    deadline = time.monotonic() + wait
    while time.monotonic() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=1).status_code == 200:
                return proc
        time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")
