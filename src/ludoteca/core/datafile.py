"""Reading the JSON data files a user may supply (a landscape table, a board) with clear errors.

Both games let players who own the printed components replace shipped data; this is the one place
that turns a missing file or broken JSON into a one-line message naming the file.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .errors import LudotecaError


def read_json(path: str | Path, what: str, error: type[LudotecaError]) -> Any:
    """The parsed JSON in ``path``; ``what`` names the file in messages (``"landscape file"``)."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise error(f"cannot read {what} {path}: {e.strerror or e}") from None
    except UnicodeDecodeError:
        raise error(f"{what} {path} is not a UTF-8 text file") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as bad:  # not `e` again: compiled code gives a name one type per function
        raise error(f"{what} {path} is not valid JSON: {bad.msg} at line {bad.lineno}") from None
