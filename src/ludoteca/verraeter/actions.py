"""Verräter's actions: small frozen values with a text notation and a JSON form.

Landscapes are numbered 1–12 around the ring in both forms (as on the table); the dataclasses hold
0-based indices. Text forms::

    gutshof 5            place a Gutshof under landscape 5 (set-up)
    conflict 5/6         put the conflict card between landscapes 5 and 6
    take traitor         keep an action card in the draft (diplomat+2, diplomat+5, builder, strategist, farmer)
    supply 3,4,5         play supply cards (``supply none`` to play nothing)
    build 7              Builder: place a reserve estate card under landscape 7, Gutshof side up
    build 7 kontor       ... Kontor side up (only with the option builder_places_kontor)
    turn 7               Builder: turn your estate card under landscape 7 over
    pass                 Builder: do nothing
    discard 2,2          hand limit: discard these before drawing (``discard none``: just draw fewer)

Every action parses back to itself from either form; actions are interned where possible so legal
action generation allocates nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any, Final

from ludoteca.core.errors import NotationError

from .components import ACTION_ALIASES, ACTION_KEYS, MAX_SUPPLY_PLAY, RING_SIZE, SUPPLY_VALUES


@dataclass(frozen=True, slots=True)
class PlaceGutshof:
    landscape: int

    def to_text(self) -> str:
        return f"gutshof {self.landscape + 1}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "gutshof", "landscape": self.landscape + 1}


@dataclass(frozen=True, slots=True)
class SetConflict:
    position: int
    """The conflict lies between landscape ``position`` and the next one clockwise."""

    def to_text(self) -> str:
        return f"conflict {self.position + 1}/{(self.position + 1) % RING_SIZE + 1}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "conflict", "between": [self.position + 1, (self.position + 1) % RING_SIZE + 1]}


@dataclass(frozen=True, slots=True)
class TakeAction:
    card: int

    def to_text(self) -> str:
        return f"take {ACTION_KEYS[self.card]}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "take", "card": ACTION_KEYS[self.card]}


@dataclass(frozen=True, slots=True)
class PlaySupply:
    cards: tuple[int, ...]
    """Sorted supply values."""

    def to_text(self) -> str:
        return f"supply {_cards_text(self.cards)}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "supply", "cards": list(self.cards)}


@dataclass(frozen=True, slots=True)
class Build:
    landscape: int
    kontor: bool = False

    def to_text(self) -> str:
        return f"build {self.landscape + 1}" + (" kontor" if self.kontor else "")

    def to_json(self) -> dict[str, Any]:
        return {"type": "build", "landscape": self.landscape + 1, "side": "kontor" if self.kontor else "gutshof"}


@dataclass(frozen=True, slots=True)
class TurnEstate:
    landscape: int

    def to_text(self) -> str:
        return f"turn {self.landscape + 1}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "turn", "landscape": self.landscape + 1}


@dataclass(frozen=True, slots=True)
class PassBuild:
    def to_text(self) -> str:
        return "pass"

    def to_json(self) -> dict[str, Any]:
        return {"type": "pass"}


@dataclass(frozen=True, slots=True)
class Discard:
    cards: tuple[int, ...]
    """Sorted supply values discarded from hand before drawing (empty: draw fewer instead)."""

    def to_text(self) -> str:
        return f"discard {_cards_text(self.cards)}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "discard", "cards": list(self.cards)}


Action = PlaceGutshof | SetConflict | TakeAction | PlaySupply | Build | TurnEstate | PassBuild | Discard
ACTION_TYPES = (PlaceGutshof, SetConflict, TakeAction, PlaySupply, Build, TurnEstate, PassBuild, Discard)

# Interned actions: legal-action generation hands out these objects.
GUTSHOF: Final = tuple(PlaceGutshof(i) for i in range(RING_SIZE))
CONFLICT: Final = tuple(SetConflict(i) for i in range(RING_SIZE))
TAKE: Final = tuple(TakeAction(c) for c in range(len(ACTION_KEYS)))
BUILD: Final = tuple(Build(i) for i in range(RING_SIZE))
BUILD_KONTOR: Final = tuple(Build(i, True) for i in range(RING_SIZE))
TURN: Final = tuple(TurnEstate(i) for i in range(RING_SIZE))
PASS: Final = PassBuild()


def _cards_text(cards: tuple[int, ...]) -> str:
    return ",".join(map(str, cards)) if cards else "none"


@lru_cache(maxsize=4096)
def sub_hands(hand: tuple[int, ...], most: int) -> tuple[tuple[int, ...], ...]:
    """The distinct sub-multisets of a sorted hand with at most ``most`` cards, smallest first."""
    seen: dict[tuple[int, ...], None] = {}
    for k in range(min(most, len(hand)) + 1):
        for combo in combinations(hand, k):
            seen[combo] = None
    return tuple(seen)


_CACHE_SIZE: Final = 4096
_SUPPLY_ACTIONS: Final[dict[tuple[int, ...], tuple[PlaySupply, ...]]] = {}
_DISCARD_ACTIONS: Final[dict[tuple[tuple[int, ...], int], tuple[Discard, ...]]] = {}
# Plain dicts rather than ``lru_cache``: compiled code reads a typed dict directly, where it would call
# the cache's wrapper through the module's namespace. Emptied when full; the actions are values either way.


def supply_actions(hand: tuple[int, ...]) -> tuple[PlaySupply, ...]:
    """Every supply play from a sorted hand, interned per hand."""
    found = _SUPPLY_ACTIONS.get(hand)
    if found is None:
        if len(_SUPPLY_ACTIONS) >= _CACHE_SIZE:
            _SUPPLY_ACTIONS.clear()
        found = _SUPPLY_ACTIONS[hand] = tuple(PlaySupply(c) for c in sub_hands(hand, MAX_SUPPLY_PLAY))
    return found


def discard_actions(hand: tuple[int, ...], most: int) -> tuple[Discard, ...]:
    """Every discard of at most ``most`` cards from a sorted hand, interned per hand."""
    key = (hand, most)
    found = _DISCARD_ACTIONS.get(key)
    if found is None:
        if len(_DISCARD_ACTIONS) >= _CACHE_SIZE:
            _DISCARD_ACTIONS.clear()
        found = _DISCARD_ACTIONS[key] = tuple(Discard(c) for c in sub_hands(hand, most))
    return found


# ---------------------------------------------------------------- parsing

_SPACES = re.compile(r"\s+")


def _landscape(text: str, where: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise NotationError(f"{where}: {text!r} is not a landscape number (1–{RING_SIZE})") from None
    if not 1 <= n <= RING_SIZE:
        raise NotationError(f"{where}: landscape {n} does not exist (1–{RING_SIZE})")
    return n - 1


def _cards(parts: list[str], where: str) -> tuple[int, ...]:
    text = "".join(parts).strip()
    if text in ("", "none", "-", "nothing", "0"):
        return ()
    values: list[int] = []
    for item in re.split(r"[,+ ]+", text):
        if not item:
            continue
        try:
            v = int(item)
        except ValueError:
            raise NotationError(f"{where}: {item!r} is not a supply card value") from None
        if v not in SUPPLY_VALUES:
            raise NotationError(f"{where}: there is no supply card worth {v}")
        values.append(v)
    return tuple(sorted(values))


def _conflict(text: str) -> SetConflict:
    m = re.fullmatch(r"(\d+)\s*[/\-–]\s*(\d+)", text)
    if not m:
        raise NotationError(f"conflict: write the two adjacent landscapes, e.g. 'conflict 5/6', not {text!r}")
    a, b = _landscape(m.group(1), "conflict"), _landscape(m.group(2), "conflict")
    if (a + 1) % RING_SIZE == b:
        return CONFLICT[a]
    if (b + 1) % RING_SIZE == a:
        return CONFLICT[b]
    raise NotationError(f"conflict: landscapes {a + 1} and {b + 1} are not adjacent")


def parse_action(text: str) -> Action:
    """An action from its text form (case and extra spaces ignored)."""
    if not isinstance(text, str):
        raise NotationError(f"an action must be text, not {type(text).__name__}")
    words = _SPACES.split(text.strip().lower())
    verb, rest = words[0], words[1:]
    if verb == "gutshof" and len(rest) == 1:
        return GUTSHOF[_landscape(rest[0], "gutshof")]
    if verb == "conflict" and rest:
        return _conflict("".join(rest))
    if verb == "take" and len(rest) == 1:
        card = ACTION_ALIASES.get(rest[0])
        if card is None:
            raise NotationError(f"take: unknown action card {rest[0]!r} (one of {', '.join(ACTION_KEYS)})")
        return TAKE[card]
    if verb == "supply":
        return PlaySupply(_cards(rest, "supply"))
    if verb == "build" and len(rest) in (1, 2):
        i = _landscape(rest[0], "build")
        side = rest[1] if len(rest) == 2 else "gutshof"
        if side not in ("gutshof", "kontor"):
            raise NotationError(f"build: side must be gutshof or kontor, not {side!r}")
        return BUILD_KONTOR[i] if side == "kontor" else BUILD[i]
    if verb == "turn" and len(rest) == 1:
        return TURN[_landscape(rest[0], "turn")]
    if verb == "pass" and not rest:
        return PASS
    if verb == "discard":
        return Discard(_cards(rest, "discard"))
    raise NotationError(
        f"cannot read {text.strip()!r} as a Verräter action "
        "(gutshof N, conflict N/M, take CARD, supply V,V, build N [kontor], turn N, pass, discard V,V)"
    )


def action_from_json(data: Any) -> Action:
    """An action from its JSON form."""
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise NotationError("an action in JSON must be an object with a 'type'")
    kind = data["type"]

    def number(key: str) -> int:
        value = data.get(key)
        if not isinstance(value, int) or isinstance(value, bool):
            raise NotationError(f"{kind}: '{key}' must be a landscape number")
        return _landscape(str(value), kind)

    def values(key: str) -> tuple[int, ...]:
        value = data.get(key, [])
        if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
            raise NotationError(f"{kind}: '{key}' must be a list of card values")
        return _cards([",".join(map(str, value))], kind)

    if kind == "gutshof":
        return GUTSHOF[number("landscape")]
    if kind == "conflict":
        between = data.get("between")
        if not isinstance(between, list) or len(between) != 2 or not all(isinstance(v, int) for v in between):
            raise NotationError("conflict: 'between' must be two landscape numbers")
        return _conflict(f"{between[0]}/{between[1]}")
    if kind == "take":
        card = ACTION_ALIASES.get(str(data.get("card", "")).lower())
        if card is None:
            raise NotationError(f"take: unknown action card {data.get('card')!r}")
        return TAKE[card]
    if kind == "supply":
        return PlaySupply(values("cards"))
    if kind == "build":
        side = data.get("side", "gutshof")
        if side not in ("gutshof", "kontor"):
            raise NotationError("build: 'side' must be gutshof or kontor")
        i = number("landscape")
        return BUILD_KONTOR[i] if side == "kontor" else BUILD[i]
    if kind == "turn":
        return TURN[number("landscape")]
    if kind == "pass":
        return PASS
    if kind == "discard":
        return Discard(values("cards"))
    raise NotationError(f"unknown action type {kind!r}")
