"""Kreta's rule options: a frozen, validated value recorded with every game.

Options exist where the specification settles a point that reasonable players could read
differently; the default is always the specification's decision (see ``docs/kreta-rules.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from ludoteca.core.errors import OptionError
from ludoteca.core.optionvalues import flag, integer

RULES_VERSION = 2
"""The version of Kreta's rules this core plays. Raised whenever a change to the core would make a stored game
or a shared record play differently; the older behaviour stays reachable through the ``rules_version`` option,
so every record replays under the rules it was played with (history in ``docs/kreta-rules.md``).

1. The first rules.
2. A scoring tells its steps in the seed's order: every player takes their cards back, then the Castellan's
   player turns the fort card face down and turns up the next (version 1 logged the cards' turning first).
"""

TAKEBACK = ("all", "castellan")
"""The values of the ``takeback`` option: who takes their played cards back at a scoring."""


@dataclass(frozen=True)
class KretaOptions:
    """Rule options of Kreta.

    ``board``: ``None`` plays on the shipped reconstruction of Crete; otherwise the path of a board
    data file in the same JSON format (for players who own the printed board).

    ``abbot_blocks_passing``: another player's abbot keeps your villagers out of its province; with
    ``True`` (the specification's decision) they may not even pass through it, with ``False`` they may
    cross it during a Commander move as long as they do not stop there.

    ``takeback``: who takes their played cards back into hand at a scoring: ``"all"`` (the
    specification's decision, from the seed's scoring paragraph: every player) or ``"castellan"`` (the
    seed's other sentence read literally: only the player of the Castellan; the others' cards stay in
    front of them until they play their own Castellan).
    """

    board: str | None = None
    abbot_blocks_passing: bool = True
    takeback: str = "all"
    rules_version: int = RULES_VERSION
    """The rules version the game is played under (see :data:`RULES_VERSION`); older values replay old records."""

    def __post_init__(self) -> None:
        integer("rules_version", self.rules_version, 1, RULES_VERSION)
        if self.board is not None and (not isinstance(self.board, str) or not self.board):
            raise OptionError(f"option 'board' must be a file path, not {self.board!r}")
        if not isinstance(self.abbot_blocks_passing, bool):
            raise OptionError("option 'abbot_blocks_passing' must be true or false")
        if self.takeback not in TAKEBACK:
            raise OptionError(f"option 'takeback' takes {' or '.join(TAKEBACK)}, not {self.takeback!r}")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None = None) -> KretaOptions:
        """Options from plain values; strings from a command line (``"false"``, a path) are converted.

        An unknown key or a bad value raises :class:`OptionError` naming it.
        """
        if data is None:
            return cls()
        if not isinstance(data, Mapping):
            raise OptionError("Kreta options must be a mapping of names to values")
        known = {f.name for f in fields(cls)}
        unknown = sorted(str(k) for k in data if k not in known)
        if unknown:
            raise OptionError(f"unknown Kreta option(s): {', '.join(unknown)} (known: {', '.join(sorted(known))})")
        kwargs: dict[str, Any] = {}
        if "board" in data:
            board = data["board"]
            if isinstance(board, str) and board.strip().lower() in {"", "none", "null", "default", "crete"}:
                board = None
            if board is not None and not isinstance(board, str):
                raise OptionError(f"option 'board' must be a file path, not {board!r}")
            kwargs["board"] = board
        if "abbot_blocks_passing" in data:
            kwargs["abbot_blocks_passing"] = flag("abbot_blocks_passing", data["abbot_blocks_passing"])
        if "takeback" in data:
            value = data["takeback"]
            kwargs["takeback"] = value.strip().lower() if isinstance(value, str) else value
        if "rules_version" in data:
            kwargs["rules_version"] = integer("rules_version", data["rules_version"], 1, RULES_VERSION)
        return cls(**kwargs)

    def to_dict(self) -> dict[str, Any]:
        """The options as JSON-ready values (``from_dict(o.to_dict()) == o``)."""
        return {
            "board": self.board,
            "abbot_blocks_passing": self.abbot_blocks_passing,
            "takeback": self.takeback,
            "rules_version": self.rules_version,
        }

    def describe(self) -> str:
        """One line naming the rules in force, for people."""
        board = "the shipped reconstruction of Crete" if self.board is None else f"board {self.board}"
        abbot = (
            "abbots block passing villagers" if self.abbot_blocks_passing
            else "villagers may pass through another player's abbot's province"
        )
        takeback = "" if self.takeback == "all" else "; only the Castellan's player takes cards back"
        older = "" if self.rules_version == RULES_VERSION else f"; rules version {self.rules_version}"
        return f"{board}; {abbot}{takeback}{older}"
