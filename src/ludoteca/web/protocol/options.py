"""Rule options from the network, strictly typed: the web boundary takes JSON values, not spellings.

The cores read options leniently on purpose (``abbot_blocks_passing=yes`` at a terminal, ``"on"`` from
a config file), and they keep doing so. A JSON client has real types, so here a yes/no option is JSON
``true`` or ``false``, and a choice is exactly one of the lobby's choices, of the same JSON type
(``2008``, not ``"2008"`` or ``2008.0``; ``null`` where "no limit" is a choice). Anything else is a
clear refusal naming the option and what it takes, rather than a guess at what the client meant.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from ludoteca.core.errors import LudotecaError
from ludoteca.core.plugin import GamePlugin

RULES_VERSION = "rules_version"
"""The option every core records: the rules a game was played under (an integer; the core checks its range)."""


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


def recorded(plugin: GamePlugin[Any, Any, Any], given: Any) -> dict[str, Any]:
    """The options of a record that came from the network (an upload), checked key by key before a core sees them.

    A lobby option takes a value of the same JSON type as its choices (a record written at a terminal may hold
    a hand limit the lobby does not offer: the core checks its range), a string only if it is one of the
    choices; ``rules_version`` an integer; a :class:`~ludoteca.core.plugin.DataOption` its shipped value or,
    where the game takes one, the data itself as an object. Nothing else passes: in particular no string that
    a core would read as a file path. The refusals name the option, never a file.
    """
    if not isinstance(given, Mapping):
        raise OptionError("record field 'options' must be an object of name: value")
    lobby = {o.key: o for o in plugin.lobby_options}
    data = {o.key: o for o in plugin.data_options}
    recordable = plugin.rules.options_to_dict(plugin.rules.options_from_dict({}))
    out: dict[str, Any] = {}
    for key, value in given.items():
        shown = json.dumps(value)[:40] if _plain(value) else type(value).__name__
        if key in lobby:
            option = lobby[key]
            if option.kind == "bool" or isinstance(value, str):
                check(key, option.kind, option.choices, value)
            elif not any(type(value) is type(c) for c in option.choices):
                like = ", ".join(json.dumps(c) for c in option.choices)
                raise OptionError(f"option {key} takes values like {like}, not {shown}")
        elif key == RULES_VERSION and key in recordable:
            if type(value) is not int:
                raise OptionError(f"option {key} is an integer, not {shown}")
        elif key in data:
            spec = data[key]
            shipped = any(type(value) is type(s) and value == s for s in spec.shipped)
            if not shipped and not (spec.inline and isinstance(value, Mapping)):
                what = "the shipped value" + (" or the data itself (an object)" if spec.inline else "")
                named = ", ".join(json.dumps(s) for s in spec.shipped)
                raise OptionError(f"option {key} takes {what} here ({named}); files are read only at a terminal")
        else:
            raise OptionError(f"option {str(key)[:40]!r} is not an option of {plugin.title}")
        out[key] = value
    return out


def _plain(value: Any) -> bool:
    return value is None or isinstance(value, (bool, int, float, str))
