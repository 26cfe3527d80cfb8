"""Rule options from the network, strictly typed: the web boundary takes JSON values, not spellings.

The cores read options leniently on purpose (``abbot_blocks_passing=yes`` at a terminal, ``"on"`` from
a config file), and they keep doing so. A JSON client has real types, so here a yes/no option is JSON
``true`` or ``false``, and a choice is exactly one of the lobby's choices, of the same JSON type
(``2008``, not ``"2008"`` or ``2008.0``; ``null`` where "no limit" is a choice). Anything else is a
clear refusal naming the option and what it takes, rather than a guess at what the client meant.
"""

from __future__ import annotations

import json
from typing import Any

from ludoteca.core.errors import LudotecaError


class OptionError(LudotecaError):
    """An option value of the wrong type or outside the option's choices."""


def check(key: str, kind: str, choices: tuple[Any, ...], value: Any) -> Any:
    """``value`` if it is a well-typed value of the option ``key``, else :class:`OptionError`."""
    shown = json.dumps(value)[:40] if _plain(value) else type(value).__name__
    if kind == "bool":
        if not isinstance(value, bool):
            raise OptionError(f"option {key} is true or false (JSON booleans), not {shown}")
        return value
    if any(type(value) is type(choice) and value == choice for choice in choices):
        return value
    allowed = ", ".join(json.dumps(c) for c in choices)
    raise OptionError(f"option {key} is one of {allowed}, not {shown}")


def _plain(value: Any) -> bool:
    return value is None or isinstance(value, (bool, int, float, str))
