"""Converting rule-option values typed by people (``-o hand_limit=6``, ``on``) or read from records.

Both games accept the same spellings, so a flag or a number means the same thing everywhere.
"""

from __future__ import annotations

from typing import Any

from .errors import OptionError

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
FALSE_WORDS = frozenset({"0", "false", "no", "off"})


def flag(name: str, value: Any) -> bool:
    """``True``/``False`` from a bool or one of the words ``on off true false yes no 1 0``."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in TRUE_WORDS | FALSE_WORDS:
        return value.strip().lower() in TRUE_WORDS
    raise OptionError(f"option {name} takes on/off (true/false), not {value!r}")


def integer(name: str, value: Any, low: int, high: int) -> int:
    """A whole number in ``low..high`` from an int or its decimal text."""
    if isinstance(value, str):
        try:
            value = int(value.strip())
        except ValueError:
            raise OptionError(f"option {name} takes a whole number, not {value!r}") from None
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise OptionError(f"option {name} takes a whole number from {low} to {high}, not {value!r}")
    return value
