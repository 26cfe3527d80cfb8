"""The game record of a game being played, kept on disk as it grows.

The file is rewritten after every action through a temporary file and a rename, so whatever stops
the program — quit, Ctrl-C, a crash — the file on disk is a complete record of every move made.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from rich.console import Console

from ludoteca.core.errors import LudotecaError
from ludoteca.core.game import AnyGameDefinition
from ludoteca.core.records import GameRecord


def new_record(
    definition: AnyGameDefinition, options: Any, seed: int, names: Sequence[str], seats: Sequence[str] | None = None
) -> GameRecord:
    """The record of a game about to start from the seeded set-up."""
    return GameRecord(
        definition.name, definition.options_to_dict(options), seed, list(names),
        seats=list(seats) if seats is not None else None,
    )


class Recorder:
    """Keeps the game record, and its file (if any) up to date after every action."""

    def __init__(self, record: GameRecord, path: str | None) -> None:
        self.record = record
        self.path = Path(path) if path else None
        self.warned = False

    def start(self) -> None:
        """Write the empty record at once, so an unwritable path is reported before anyone plays."""
        if self.path is not None:
            try:
                self._write()
            except OSError as e:
                raise LudotecaError(f"cannot write record {self.path}: {e.strerror or e}") from None

    def add(self, action_text: str, console: Console) -> None:
        self.record.actions.append(action_text)
        self.save(console)

    def undo(self, console: Console) -> None:
        """The last action was undone: the record (and its file) as if it had never been made."""
        self.record.actions.pop()
        self.save(console)

    def save(self, console: Console) -> None:
        """Write the record as it is now (see :meth:`add`)."""
        if self.path is None:
            return
        try:
            self._write()
        except OSError as e:
            if not self.warned:
                console.print(f"[bold red]warning:[/] cannot save the record to {self.path}: {e.strerror or e}")
                self.warned = True

    def _write(self) -> None:
        assert self.path is not None
        tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        try:
            tmp.write_text(self.record.to_json(), encoding="utf-8")
            os.replace(tmp, self.path)
        finally:
            if tmp.exists():
                tmp.unlink()
