"""Kreta's actions: small frozen values with a text notation and a JSON form.

One action is one whole turn, except the Commander's movement (one action per movement point) and
the Castellan's keep-or-replace choice. Notation, province ids as in the board file, node numbers as
printed::

    admiral +candia                        a ship from reserve into a port
    admiral kydonia->sitia                 move one ship
    admiral kydonia->messara, rethymno->sitia   move both ships
    commander +rethymno                    a villager from reserve into a province
    commander amari->messara               start a movement: one villager crosses one border
    step messara->candia                   the movement goes on (up to 4 points in all)
    stop                                   the movement ends with points left
    abbot +amari          abbot amari->messara
    farmer                                 harvest every tile you can reach
    architect fort 17     architect village messara
    king commander +rethymno               the King carrying out a card lying in front of you
    castellan                              a scoring
    keep          replace                  the Castellan's choice about the newly revealed fort card

Admiral moves are written as net moves (where ships left, where they arrived), so that one outcome
has one action: ``a->b, b->c`` parses to the same action as ``a->c``. Parsing checks the form only;
whether the provinces exist on the board is checked by the state when the action is applied.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final, TypeAlias

from ludoteca.core.errors import NotationError

from .components import ABBOT, ADMIRAL, ARCHITECT, CASTELLAN, COMMANDER, FARMER, KING

_ID = re.compile(r"[^\W][\w.'-]*")
"""What a province id must look like to be written in the notation (board files are checked)."""

def valid_id(text: str) -> bool:
    """Whether ``text`` can be used as a province id in the notation."""
    return bool(_ID.fullmatch(text)) and "->" not in text


def _net(pairs: Iterable[tuple[str, str]]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """Where pieces left and where they arrived, after cancelling pass-throughs; both sorted."""
    pairs = list(pairs)
    left = Counter(a for a, _ in pairs)
    arrived = Counter(b for _, b in pairs)
    common = left & arrived
    return tuple(sorted((left - common).elements())), tuple(sorted((arrived - common).elements()))


def _moves_text(pairs: Iterable[tuple[str, str]]) -> str:
    return ", ".join(f"{a}->{b}" for a, b in pairs)


@dataclass(frozen=True, slots=True)
class AdmiralPlace:
    """Admiral: a ship from reserve into ``port``."""

    port: str

    @property
    def card(self) -> int:
        """The character card this action belongs to (-1: none)."""
        return ADMIRAL

    def to_text(self) -> str:
        return f"admiral +{self.port}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "admiral-place", "port": self.port}


@dataclass(frozen=True, slots=True)
class AdmiralMove:
    """Admiral: ships leave the ports ``frm`` for the ports ``to`` (one or two of each, sorted, disjoint).

    Only the resulting placement matters, so ``frm`` and ``to`` are the net change; build one from any
    list of moves with :meth:`of`.
    """

    frm: tuple[str, ...]
    to: tuple[str, ...]

    @property
    def card(self) -> int:
        """The character card this action belongs to (-1: none)."""
        return ADMIRAL

    @classmethod
    def of(cls, moves: Iterable[tuple[str, str]]) -> AdmiralMove:
        frm, to = _net(moves)
        if not frm:
            raise NotationError("these ship moves cancel out: nothing would change")
        return cls(frm, to)

    def to_text(self) -> str:
        return "admiral " + _moves_text(zip(self.frm, self.to, strict=True))

    def to_json(self) -> dict[str, Any]:
        return {"type": "admiral-move", "from": list(self.frm), "to": list(self.to)}


@dataclass(frozen=True, slots=True)
class CommanderPlace:
    """Commander: a villager from reserve into ``province``."""

    province: str

    @property
    def card(self) -> int:
        """The character card this action belongs to (-1: none)."""
        return COMMANDER

    def to_text(self) -> str:
        return f"commander +{self.province}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "commander-place", "province": self.province}


@dataclass(frozen=True, slots=True)
class CommanderMove:
    """Commander: start a movement — one villager crosses the border from ``frm`` into ``to``.

    This is the first of up to 4 movement points; the same seat then goes on with :class:`Step`
    actions and ends with :class:`Stop` (or automatically after the 4th point).
    """

    frm: str
    to: str

    @property
    def card(self) -> int:
        """The character card this action belongs to (-1: none)."""
        return COMMANDER

    def to_text(self) -> str:
        return f"commander {self.frm}->{self.to}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "commander-move", "from": self.frm, "to": self.to}


@dataclass(frozen=True, slots=True)
class Step:
    """During a Commander movement: one more villager crosses one border, from ``frm`` into ``to``."""

    frm: str
    to: str

    @property
    def card(self) -> int:
        """The character card this action belongs to (-1: none)."""
        return -1

    def to_text(self) -> str:
        return f"step {self.frm}->{self.to}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "step", "from": self.frm, "to": self.to}


@dataclass(frozen=True, slots=True)
class Stop:
    """During a Commander movement: end it with movement points left."""

    @property
    def card(self) -> int:
        """The character card this action belongs to (-1: none)."""
        return -1

    def to_text(self) -> str:
        return "stop"

    def to_json(self) -> dict[str, Any]:
        return {"type": "stop"}


@dataclass(frozen=True, slots=True)
class AbbotPlace:
    """Abbot: the abbot from reserve into ``province``."""

    province: str

    @property
    def card(self) -> int:
        """The character card this action belongs to (-1: none)."""
        return ABBOT

    def to_text(self) -> str:
        return f"abbot +{self.province}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "abbot-place", "province": self.province}


@dataclass(frozen=True, slots=True)
class AbbotMove:
    """Abbot: the abbot moves from ``frm`` to ``to`` (at most 3 borders away)."""

    frm: str
    to: str

    @property
    def card(self) -> int:
        """The character card this action belongs to (-1: none)."""
        return ABBOT

    def to_text(self) -> str:
        return f"abbot {self.frm}->{self.to}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "abbot-move", "from": self.frm, "to": self.to}


@dataclass(frozen=True, slots=True)
class Harvest:
    """Farmer: harvest every farm tile your villagers can reach from your ships."""

    @property
    def card(self) -> int:
        """The character card this action belongs to (-1: none)."""
        return FARMER

    def to_text(self) -> str:
        return "farmer"

    def to_json(self) -> dict[str, Any]:
        return {"type": "farmer"}


@dataclass(frozen=True, slots=True)
class BuildFort:
    """Architect: a fort from reserve on node ``node``."""

    node: int

    @property
    def card(self) -> int:
        """The character card this action belongs to (-1: none)."""
        return ARCHITECT

    def to_text(self) -> str:
        return f"architect fort {self.node}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "architect-fort", "node": self.node}


@dataclass(frozen=True, slots=True)
class BuildVillage:
    """Architect: a village from reserve in ``province``."""

    province: str

    @property
    def card(self) -> int:
        """The character card this action belongs to (-1: none)."""
        return ARCHITECT

    def to_text(self) -> str:
        return f"architect village {self.province}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "architect-village", "province": self.province}


CardAction: TypeAlias = (
    AdmiralPlace
    | AdmiralMove
    | CommanderPlace
    | CommanderMove
    | AbbotPlace
    | AbbotMove
    | Harvest
    | BuildFort
    | BuildVillage
)
"""The actions of the five cards the King can copy."""

CARD_ACTION_TYPES = (
    AdmiralPlace,
    AdmiralMove,
    CommanderPlace,
    CommanderMove,
    AbbotPlace,
    AbbotMove,
    Harvest,
    BuildFort,
    BuildVillage,
)


@dataclass(frozen=True, slots=True)
class King:
    """King: carry out ``action``, the action of a card already lying in front of you."""

    action: CardAction

    @property
    def card(self) -> int:
        """The character card this action belongs to (-1: none)."""
        return KING

    def to_text(self) -> str:
        return "king " + self.action.to_text()

    def to_json(self) -> dict[str, Any]:
        return {"type": "king", "action": self.action.to_json()}


@dataclass(frozen=True, slots=True)
class Castellan:
    """Castellan: score the provinces around the leftmost face-up fort card's node."""

    @property
    def card(self) -> int:
        """The character card this action belongs to (-1: none)."""
        return CASTELLAN

    def to_text(self) -> str:
        return "castellan"

    def to_json(self) -> dict[str, Any]:
        return {"type": "castellan"}


@dataclass(frozen=True, slots=True)
class Keep:
    """After a scoring: keep the newly revealed fort card."""

    @property
    def card(self) -> int:
        """The character card this action belongs to (-1: none)."""
        return -1

    def to_text(self) -> str:
        return "keep"

    def to_json(self) -> dict[str, Any]:
        return {"type": "keep"}


@dataclass(frozen=True, slots=True)
class Replace:
    """After a scoring: put the newly revealed fort card under the pile and turn up the pile's top card."""

    @property
    def card(self) -> int:
        """The character card this action belongs to (-1: none)."""
        return -1

    def to_text(self) -> str:
        return "replace"

    def to_json(self) -> dict[str, Any]:
        return {"type": "replace"}


KretaAction: TypeAlias = CardAction | King | Castellan | Keep | Replace | Step | Stop
ACTION_TYPES = (*CARD_ACTION_TYPES, King, Castellan, Keep, Replace, Step, Stop)

HARVEST: Final = Harvest()
CASTELLAN_ACTION: Final = Castellan()
KEEP: Final = Keep()
REPLACE: Final = Replace()
STOP: Final = Stop()
_SIMPLE: dict[str, KretaAction] = {
    "farmer": HARVEST,
    "castellan": CASTELLAN_ACTION,
    "keep": KEEP,
    "replace": REPLACE,
    "stop": STOP,
}


# --- text ------------------------------------------------------------------------------------------


def _province(token: str, text: str) -> str:
    token = token.strip()
    if not valid_id(token):
        raise NotationError(f"{token!r} is not a province id (in {text!r})")
    return token


def _moves(rest: str, text: str) -> list[tuple[str, str]]:
    pairs: list[tuple[str, str]] = []
    for part in rest.replace("→", "->").split(","):
        ends = part.split("->")
        if len(ends) != 2:
            raise NotationError(f"expected moves like 'chania->sitia', got {part.strip()!r} (in {text!r})")
        pairs.append((_province(ends[0], text), _province(ends[1], text)))
    return pairs


def _parse_card_action(head: str, rest: str, text: str) -> KretaAction:
    if head in ("admiral", "commander", "abbot"):
        if not rest:
            raise NotationError(f"{head} needs a target, e.g. '{head} +province' (in {text!r})")
        if rest.startswith("+"):
            province = _province(rest[1:], text)
            if head == "admiral":
                return AdmiralPlace(province)
            return CommanderPlace(province) if head == "commander" else AbbotPlace(province)
        pairs = _moves(rest, text)
        if head == "admiral":
            if len(pairs) > 2:
                raise NotationError(f"a player has only two ships (in {text!r})")
            return AdmiralMove.of(pairs)
        if len(pairs) != 1:
            if head == "commander":
                raise NotationError(
                    "the Commander moves villagers one border at a time: 'commander a->b' starts the "
                    f"movement, 'step b->c' goes on, 'stop' ends it (in {text!r})"
                )
            raise NotationError(f"the abbot makes one move, e.g. 'abbot amari->messara' (in {text!r})")
        return CommanderMove(*pairs[0]) if head == "commander" else AbbotMove(*pairs[0])
    if head == "step":
        pairs = _moves(rest, text) if rest else []
        if len(pairs) != 1:
            raise NotationError(f"a step moves one villager across one border, e.g. 'step amari->ida' (in {text!r})")
        return Step(*pairs[0])
    if head == "architect":
        what, _, arg = rest.partition(" ")
        arg = arg.strip()
        if what == "fort":
            if not arg.isdigit() or not arg.isascii():
                raise NotationError(f"'architect fort' needs a node number (in {text!r})")
            return BuildFort(int(arg))
        if what == "village":
            return BuildVillage(_province(arg, text))
        raise NotationError(f"the architect builds a 'fort N' or a 'village province' (in {text!r})")
    simple = _SIMPLE
    if head in simple:
        if rest:
            raise NotationError(f"{head!r} takes nothing after it (in {text!r})")
        return simple[head]
    raise NotationError(
        f"unknown action {text!r}: start with a card (admiral, commander, abbot, farmer, architect, "
        "king, castellan) or answer keep/replace"
    )


def parse_action(text: str) -> KretaAction:
    """The action written as ``text`` (see the module docstring); raises :class:`NotationError`."""
    if not isinstance(text, str):
        raise NotationError(f"an action text must be a string, not {type(text).__name__}")
    head, _, rest = text.strip().partition(" ")
    head, rest = head.lower(), rest.strip()
    if not head:
        raise NotationError("empty action")
    if head == "king":
        if rest.partition(" ")[0].lower() in ("step", "stop"):
            raise NotationError(f"the King carries out a card's action, not a step of a movement (in {text!r})")
        inner_head, _, inner_rest = rest.partition(" ")
        inner = _parse_card_action(inner_head.lower(), inner_rest.strip(), text)
        if not isinstance(inner, CARD_ACTION_TYPES):
            raise NotationError(
                f"the King carries out an admiral, commander, abbot, farmer or architect action (in {text!r})"
            )
        return King(inner)
    return _parse_card_action(head, rest, text)


# --- JSON ------------------------------------------------------------------------------------------


def _str(obj: dict[str, Any], key: str) -> str:
    value = obj.get(key)
    if not isinstance(value, str) or not valid_id(value):
        raise NotationError(f"action field {key!r} must be a province id, not {value!r}")
    return value


def _str_list(obj: dict[str, Any], key: str) -> list[str]:
    value = obj.get(key)
    if not isinstance(value, list) or not value or not all(isinstance(v, str) and valid_id(v) for v in value):
        raise NotationError(f"action field {key!r} must be a non-empty list of province ids")
    return value


def _ends(obj: dict[str, Any]) -> tuple[str, str]:
    return _str(obj, "from"), _str(obj, "to")


_FIELDS = {
    "admiral-place": {"port"},
    "admiral-move": {"from", "to"},
    "commander-place": {"province"},
    "commander-move": {"from", "to"},
    "step": {"from", "to"},
    "stop": set(),
    "abbot-place": {"province"},
    "abbot-move": {"from", "to"},
    "farmer": set(),
    "architect-fort": {"node"},
    "architect-village": {"province"},
    "king": {"action"},
    "castellan": set(),
    "keep": set(),
    "replace": set(),
}


def action_from_json(obj: Any) -> KretaAction:
    """The action whose :meth:`to_json` form is ``obj``; raises :class:`NotationError`."""
    if not isinstance(obj, dict):
        raise NotationError("a JSON action must be an object with a 'type'")
    kind = obj.get("type")
    if kind not in _FIELDS:
        raise NotationError(f"unknown action type {kind!r}")
    extra = set(obj) - _FIELDS[kind] - {"type"}
    if extra:
        raise NotationError(f"unexpected field(s) in a {kind} action: {', '.join(sorted(map(str, extra)))}")
    if kind == "admiral-place":
        return AdmiralPlace(_str(obj, "port"))
    if kind == "admiral-move":
        frm, to = _str_list(obj, "from"), _str_list(obj, "to")
        if len(frm) != len(to) or len(frm) > 2:
            raise NotationError("an admiral move names one or two ports in 'from' and as many in 'to'")
        return AdmiralMove.of(zip(frm, to, strict=True))
    if kind == "commander-place":
        return CommanderPlace(_str(obj, "province"))
    if kind == "commander-move":
        return CommanderMove(*_ends(obj))
    if kind == "step":
        return Step(*_ends(obj))
    if kind == "abbot-place":
        return AbbotPlace(_str(obj, "province"))
    if kind == "abbot-move":
        return AbbotMove(*_ends(obj))
    if kind == "architect-fort":
        node = obj.get("node")
        if not isinstance(node, int) or isinstance(node, bool) or node < 0:
            raise NotationError(f"action field 'node' must be a node number, not {node!r}")
        return BuildFort(node)
    if kind == "architect-village":
        return BuildVillage(_str(obj, "province"))
    if kind == "king":
        inner = action_from_json(obj.get("action"))
        if not isinstance(inner, CARD_ACTION_TYPES):
            raise NotationError("the King carries out an admiral, commander, abbot, farmer or architect action")
        return King(inner)
    return _SIMPLE[kind]
