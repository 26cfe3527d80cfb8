"""Reading the JSON data files a user may supply (a landscape table, a board) with clear errors.

Both games let players who own the printed components replace shipped data; this is the one place
that turns a missing file or broken JSON into a one-line message naming the file. Only a terminal user
names such a file (the web server refuses every option value that could name one, see
``ludoteca.web.protocol.options.recorded``); even so, what is read is bounded: a regular file of at most
:data:`MAX_BYTES`, opened without blocking, so that ``/dev/zero``, a FIFO or ``/proc/self/fd/N`` give an
error instead of filling the memory or waiting forever.
"""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path
from typing import Any

from .errors import LudotecaError

MAX_BYTES = 4 * 1024 * 1024
"""The largest data file read: the shipped board is about 40 KB, a landscape table under 1 KB."""


def read_json(path: str | Path, what: str, error: type[LudotecaError]) -> Any:
    """The parsed JSON in ``path``; ``what`` names the file in messages (``"landscape file"``)."""
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as e:
        raise error(f"cannot read {what} {path}: {e.strerror or e}") from None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise error(f"{what} {path} is not a regular file")
        with os.fdopen(fd, "rb", closefd=False) as f:
            data = f.read(MAX_BYTES + 1)
    except OSError as e:
        raise error(f"cannot read {what} {path}: {e.strerror or e}") from None
    finally:
        os.close(fd)
    if len(data) > MAX_BYTES:
        raise error(f"{what} {path} is larger than {MAX_BYTES // (1024 * 1024)} MB")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise error(f"{what} {path} is not a UTF-8 text file") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as bad:  # not `e` again: compiled code gives a name one type per function
        raise error(f"{what} {path} is not valid JSON: {bad.msg} at line {bad.lineno}") from None
    except RecursionError:
        raise error(f"{what} {path} nests too deeply") from None
