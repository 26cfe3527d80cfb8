"""Rule options of Verräter: a frozen, validated value recorded with every game.

The landscape cards' victory points are data, not code: the shipped table is a documented
reconstruction (``data/landscapes.json``, see ``docs/verraeter-rules.md``), and a player who owns
the cards can load their own file with ``landscapes=PATH``. The table is embedded in ``to_dict()`` when
it is not the shipped one, so a game record stays self-contained.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from ludoteca.core.datafile import read_json
from ludoteca.core.errors import OptionError
from ludoteca.core.optionvalues import flag, integer

from .components import LANDSCAPE_KEYS, LANDSCAPE_NAMES, START_HAND_SIZE

EDITIONS = (1998, 2008)
DISCARD_TIMINGS = ("before", "after")
"""Phase 10's hand limit: discard (or draw fewer) before drawing (seed 000), or draw, then discard the excess
(seeds 001, 002, 003)."""
SHIPPED = "reconstruction"
RULES_VERSION = 2
"""The version of Verräter's rules this core plays. Raised whenever a change to the core would make a stored
game or a shared record play differently; the older behaviour stays reachable through the ``rules_version``
option, so every record replays under the rules it was played with (history in ``docs/verraeter-rules.md``).

Version 2 (issue #14): the Diplomat +2's extra card is drawn after every Gutshof draw, the discard pile is
reshuffled as soon as the draw pile runs out, four winners score the IV column of the shipped table, and a
hand limit below the starting hand is refused. Version 1 is everything before."""


@dataclass(frozen=True)
class LandscapeTable:
    """Conflict points and victory points of the six landscape types (indexed like ``LANDSCAPE_KEYS``)."""

    cp: tuple[int, ...]
    vp: tuple[tuple[int, ...], ...]
    """Per type: VP for I, II, III winners, and for IV if the data gives it."""
    source: str = SHIPPED

    def points(self, landscape: int, winners: int) -> int:
        """VP each of ``winners`` players scores for conquering a landscape of this type."""
        row = self.vp[landscape]
        return row[min(winners, len(row)) - 1]

    def to_dict(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "landscapes": {
                key: {"cp": self.cp[i], "vp": list(self.vp[i])} for i, key in enumerate(LANDSCAPE_KEYS)
            },
        }

    @classmethod
    def from_dict(cls, data: Any, source: str) -> LandscapeTable:
        if not isinstance(data, Mapping) or not isinstance(data.get("landscapes"), Mapping):
            raise OptionError(f"landscape table {source}: needs an object 'landscapes'")
        table = data["landscapes"]
        unknown = set(table) - set(LANDSCAPE_KEYS)
        if unknown:
            raise OptionError(f"landscape table {source}: unknown landscape(s) {', '.join(sorted(unknown))}")
        cps: list[int] = []
        vps: list[tuple[int, ...]] = []
        for key, name in zip(LANDSCAPE_KEYS, LANDSCAPE_NAMES, strict=True):
            entry = table.get(key)
            if not isinstance(entry, Mapping):
                raise OptionError(f"landscape table {source}: {name} ({key}) is missing")
            cp, vp = entry.get("cp"), entry.get("vp")
            if not isinstance(cp, int) or isinstance(cp, bool) or cp < 0:
                raise OptionError(f"landscape table {source}: {name} cp must be a non-negative integer")
            if (
                not isinstance(vp, list)
                or len(vp) not in (3, 4)
                or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in vp)
            ):
                raise OptionError(
                    f"landscape table {source}: {name} vp must list 3 (I, II, III) or 4 (… IV) non-negative integers"
                )
            cps.append(cp)
            vps.append(tuple(vp))
        text = data.get("source", source)
        return cls(tuple(cps), tuple(vps), text if isinstance(text, str) else source)


def shipped_table() -> LandscapeTable:
    text = resources.files("ludoteca.verraeter").joinpath("data/landscapes.json").read_text(encoding="utf-8")
    return LandscapeTable.from_dict(json.loads(text), SHIPPED)


_SHIPPED_TABLE = shipped_table()


def load_table(path: str) -> LandscapeTable:
    """A user's landscape table from a JSON file (same format as the shipped one)."""
    return LandscapeTable.from_dict(read_json(path, "landscape file", OptionError), path)


@dataclass(frozen=True)
class VerraeterOptions:
    """The named rule options of the specification's table (defaults: the Italian 2008 rules)."""

    edition: int = 2008
    """2008: random starting supply and the Diplomat +5 switch; 1998: start hands 3/4/5, no such switch."""
    hand_limit: int = 5
    """Most supply cards a player may hold after drawing (the French text: 6). From rules version 2 at least the
    starting hand (3): a smaller limit would start every game over it."""
    draw_cap: int | None = 3
    """Most supply cards a player may draw in one round (None: no cap, the French text)."""
    discard_timing: str = "before"
    """``before``: a draw that would exceed the hand limit is preceded by a choice of cards to discard (or a
    smaller draw; seed 000); ``after``: draw in full, then discard the excess (seeds 001, 002, 003)."""
    builder_places_kontor: bool = False
    """Whether the Builder may place a new estate card Kontor side up."""
    landscapes: LandscapeTable = field(default=_SHIPPED_TABLE)
    """Conflict and victory points of the landscape cards."""
    rules_version: int = RULES_VERSION
    """The rules version the game is played under (see :data:`RULES_VERSION`); older values replay old records."""

    def __post_init__(self) -> None:
        integer("rules_version", self.rules_version, 1, RULES_VERSION)
        if self.edition not in EDITIONS:
            raise OptionError(f"option edition takes 1998 or 2008, not {self.edition!r}")
        integer("hand_limit", self.hand_limit, 1, 23)
        if self.rules_version >= 2 and self.hand_limit < START_HAND_SIZE:
            raise OptionError(
                f"option hand_limit must be at least {START_HAND_SIZE}, the starting hand, not {self.hand_limit}: "
                "every player would start over the limit"
            )
        if self.draw_cap is not None:
            integer("draw_cap", self.draw_cap, 1, 23)
        if self.discard_timing not in DISCARD_TIMINGS:
            raise OptionError(f"option discard_timing takes before or after, not {self.discard_timing!r}")

    def points(self, landscape: int, winners: int) -> int:
        """VP each of ``winners`` players scores for conquering a landscape of this type.

        Rules version 1 scored four winners with the III column of the shipped table (which had no IV column
        then); a user's table with a IV column was used as given in both versions.
        """
        if self.rules_version < 2 and winners > 3 and self.landscapes == _SHIPPED_TABLE:
            winners = 3
        return self.landscapes.points(landscape, winners)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> VerraeterOptions:
        """Options from plain values, as found in records or typed on the command line (strings allowed)."""
        if not isinstance(data, Mapping):
            raise OptionError("options must be an object of name: value")
        known = {
            "edition", "hand_limit", "draw_cap", "discard_timing", "builder_places_kontor", "landscapes",
            "rules_version",
        }
        unknown = [k for k in data if k not in known]
        if unknown:
            raise OptionError(f"unknown option {unknown[0]!r} (known: {', '.join(sorted(known))})")
        kwargs: dict[str, Any] = {}
        if "edition" in data:
            kwargs["edition"] = integer("edition", data["edition"], 0, 9999)
            if kwargs["edition"] not in EDITIONS:
                raise OptionError(f"option edition takes 1998 or 2008, not {data['edition']!r}")
        if "hand_limit" in data:
            kwargs["hand_limit"] = integer("hand_limit", data["hand_limit"], 1, 23)
        if "draw_cap" in data:
            cap = data["draw_cap"]
            none_words = ("none", "off", "no", "")
            kwargs["draw_cap"] = (
                None
                if cap is None or (isinstance(cap, str) and cap.strip().lower() in none_words)
                else integer("draw_cap", cap, 1, 23)
            )
        if "discard_timing" in data:
            timing = data["discard_timing"]
            if not isinstance(timing, str) or timing.strip().lower() not in DISCARD_TIMINGS:
                raise OptionError(f"option discard_timing takes before or after, not {timing!r}")
            kwargs["discard_timing"] = timing.strip().lower()
        if "builder_places_kontor" in data:
            kwargs["builder_places_kontor"] = flag("builder_places_kontor", data["builder_places_kontor"])
        if "rules_version" in data:
            kwargs["rules_version"] = integer("rules_version", data["rules_version"], 1, RULES_VERSION)
        if "landscapes" in data:
            value = data["landscapes"]
            if value is None or value == SHIPPED:
                kwargs["landscapes"] = _SHIPPED_TABLE
            elif isinstance(value, str):
                kwargs["landscapes"] = load_table(value)
            elif isinstance(value, Mapping):
                kwargs["landscapes"] = LandscapeTable.from_dict(value, "in the record")
            else:
                raise OptionError("option landscapes takes a file path or a table object")
        return cls(**kwargs)

    def to_dict(self) -> dict[str, Any]:
        return {
            "edition": self.edition,
            "hand_limit": self.hand_limit,
            "draw_cap": self.draw_cap,
            "discard_timing": self.discard_timing,
            "builder_places_kontor": self.builder_places_kontor,
            "landscapes": SHIPPED if self.landscapes == _SHIPPED_TABLE else self.landscapes.to_dict(),
            "rules_version": self.rules_version,
        }

    def describe(self) -> str:
        """One line naming the rules in force, for people."""
        cap = "no draw cap" if self.draw_cap is None else f"draw cap {self.draw_cap}"
        timing = ", discard after drawing" if self.discard_timing == "after" else ""
        kontor = ", Builder may place Kontor" if self.builder_places_kontor else ""
        table = "" if self.landscapes == _SHIPPED_TABLE else f", landscape VP from {self.landscapes.source}"
        older = "" if self.rules_version == RULES_VERSION else f", rules version {self.rules_version}"
        return f"edition {self.edition}, hand limit {self.hand_limit}, {cap}{timing}{kontor}{table}{older}"
