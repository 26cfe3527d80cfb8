"""Perudo (Liar's Dice), 2–4 players: a pure, deterministic rules core with hidden dice and chance.

Every player rolls their dice in secret (from the generator the state holds). In turn, players raise the
bid — "there are at least *quantity* dice showing *face* on the table" — by naming more dice, or as many
dice of a higher face, or call *dudo* to doubt the last bid. The dice are revealed: if there are fewer
than bid, the bidder loses a die, otherwise the doubter does; with ``ones_wild`` aces count for every
other face. The loser starts the next round, everybody rolls again; the last player with dice wins.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

from ludoteca.core.errors import IllegalActionError, MalformedActionError, NotationError, OptionError, SetupError
from ludoteca.core.events import Event, EventLog, push, visible_events
from ludoteca.core.game import TERMINAL, GameDefinition, GameResult
from ludoteca.core.optionvalues import flag, integer
from ludoteca.core.rng import Rng

RULES_VERSION = 1
FACES = 6
MAX_DICE = 5
SEAT_NAMES = ("Red", "Blue", "Green", "Yellow")


@dataclass(frozen=True)
class PerudoOptions:
    """``dice``: dice per player at the start (1–5); ``ones_wild``: aces count for every other face."""

    dice: int = 3
    ones_wild: bool = True
    rules_version: int = RULES_VERSION

    def __post_init__(self) -> None:
        integer("dice", self.dice, 1, MAX_DICE)
        if not isinstance(self.ones_wild, bool):
            raise OptionError("option 'ones_wild' must be true or false")
        integer("rules_version", self.rules_version, 1, RULES_VERSION)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any] | None = None) -> PerudoOptions:
        data = dict(data or {})
        known = {f.name for f in fields(cls)}
        unknown = sorted(str(k) for k in data if k not in known)
        if unknown:
            raise OptionError(f"unknown Perudo option(s): {', '.join(unknown)} (known: {', '.join(sorted(known))})")
        kwargs: dict[str, Any] = {}
        if "dice" in data:
            kwargs["dice"] = integer("dice", data["dice"], 1, MAX_DICE)
        if "ones_wild" in data:
            kwargs["ones_wild"] = flag("ones_wild", data["ones_wild"])
        if "rules_version" in data:
            kwargs["rules_version"] = integer("rules_version", data["rules_version"], 1, RULES_VERSION)
        return cls(**kwargs)

    def to_dict(self) -> dict[str, Any]:
        return {"dice": self.dice, "ones_wild": self.ones_wild, "rules_version": self.rules_version}

    def describe(self) -> str:
        return f"{self.dice} dice each; " + ("aces are wild" if self.ones_wild else "aces count only as aces")


@dataclass(frozen=True, slots=True)
class Bid:
    quantity: int
    face: int

    def to_text(self) -> str:
        return f"bid {self.quantity}x{self.face}"

    def to_json(self) -> dict[str, Any]:
        return {"type": "bid", "quantity": self.quantity, "face": self.face}


@dataclass(frozen=True, slots=True)
class Dudo:
    def to_text(self) -> str:
        return "dudo"

    def to_json(self) -> dict[str, Any]:
        return {"type": "dudo"}


Action = Bid | Dudo

_BID = re.compile(r"^(?:bid\s+)?(\d+)\s*[x×*]\s*(\d+)$")


def parse_action(text: str) -> Action:
    """``bid 3x5`` (or ``3x5``), ``dudo``."""
    t = text.strip().lower()
    if t in ("dudo", "doubt", "liar"):
        return Dudo()
    m = _BID.match(t)
    if not m:
        raise NotationError(f"not a Perudo action: {text!r} (try 'bid 3x5' or 'dudo')")
    quantity, face = int(m.group(1)), int(m.group(2))
    if not 1 <= face <= FACES or quantity < 1:
        raise NotationError(f"not a bid: {text!r} (quantity at least 1, face 1–6)")
    return Bid(quantity, face)


def action_from_json(data: Any) -> Action:
    if not isinstance(data, Mapping):
        raise MalformedActionError("a Perudo action is a JSON object")
    if data.get("type") == "dudo":
        return Dudo()
    if data.get("type") == "bid":
        q, f = data.get("quantity"), data.get("face")
        if isinstance(q, int) and isinstance(f, int) and q >= 1 and 1 <= f <= FACES:
            return Bid(q, f)
    raise MalformedActionError(f"not a Perudo action: {dict(data)!r}")


@dataclass(frozen=True)
class PerudoView:
    """What seat ``player`` may know (``-1``: a spectator): its own dice, everyone's dice counts, the bid."""

    player: int
    num_players: int
    options: PerudoOptions
    to_act: int
    phase: str
    """``bid`` while a round is on, ``over`` once one player is left with dice."""
    start_player: int
    round: int
    dice_counts: tuple[int, ...]
    hand: tuple[int, ...]
    """The seat's own dice, sorted (empty for a spectator or a seat without dice)."""
    bid: Bid | None
    bidder: int
    log: tuple[Event, ...]

    @property
    def scores(self) -> tuple[int, ...]:
        """The points shown on the table: each seat's dice left (the result's scores at the end)."""
        return self.dice_counts


class PerudoState:
    def __init__(self, options: PerudoOptions, num_players: int, rng: Rng, start_player: int) -> None:
        self.options = options
        self._n = num_players
        self.rng = rng
        self.start_player = start_player
        self.dice: list[tuple[int, ...]] = [() for _ in range(num_players)]
        self.counts = [options.dice] * num_players
        self.to_act = start_player
        self.bid: Bid | None = None
        self.bidder = -1
        self.round = 0
        self.log: EventLog = None

    @property
    def num_players(self) -> int:
        return self._n

    # -- rules --------------------------------------------------------------------------------------
    def roll(self, starter: int) -> None:
        """A new round: every seat with dice rolls them in secret, and ``starter`` bids first."""
        self.round += 1
        self.log = push(self.log, Event("round", starter, (self.round,)))
        for seat in range(self._n):
            self.dice[seat] = tuple(sorted(1 + self.rng.below(FACES) for _ in range(self.counts[seat])))
            if self.counts[seat]:
                self.log = push(self.log, Event("roll", seat, (self.dice[seat],), private_to=seat))
        self.to_act = starter
        self.bid = None
        self.bidder = -1

    def _next_alive(self, seat: int) -> int:
        for k in range(1, self._n + 1):
            s = (seat + k) % self._n
            if self.counts[s]:
                return s
        return seat

    def total_dice(self) -> int:
        return sum(self.counts)

    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.to_act

    def is_terminal(self) -> bool:
        return sum(1 for c in self.counts if c) <= 1

    def legal_actions(self) -> list[Action]:
        if self.is_terminal():
            return []
        out: list[Action] = []
        if self.bid is not None:
            out.append(Dudo())
        for quantity in range(1, self.total_dice() + 1):
            for face in range(1, FACES + 1):
                if self.bid is None or (quantity, face) > (self.bid.quantity, self.bid.face):
                    out.append(Bid(quantity, face))
        return out

    def matching(self, face: int) -> int:
        wild = self.options.ones_wild and face != 1
        return sum(1 for hand in self.dice for d in hand if d == face or (wild and d == 1))

    def apply(self, action: Action) -> None:
        if self.is_terminal():
            raise IllegalActionError("the game is over")
        if action not in self.legal_actions():
            raise IllegalActionError(f"{action.to_text() if hasattr(action, 'to_text') else action!r} is not legal now")
        seat = self.to_act
        if isinstance(action, Bid):
            self.bid, self.bidder = action, seat
            self.log = push(self.log, Event("bid", seat, (action.quantity, action.face)))
            self.to_act = self._next_alive(seat)
            return
        assert self.bid is not None
        found = self.matching(self.bid.face)
        loser = seat if found >= self.bid.quantity else self.bidder
        self.log = push(self.log, Event("reveal", -1, (tuple(self.dice),)))
        self.log = push(self.log, Event("dudo", seat, (self.bidder, self.bid.quantity, self.bid.face, found, loser)))
        self.counts[loser] -= 1
        if self.is_terminal():
            winner = next(s for s in range(self._n) if self.counts[s])
            self.log = push(self.log, Event("over", winner))
            self.dice = [() for _ in range(self._n)]
            self.bid, self.bidder = None, -1
            return
        self.roll(loser if self.counts[loser] else self._next_alive(loser))

    def view(self, player: int) -> PerudoView:
        over = self.is_terminal()
        return PerudoView(
            player=player,
            num_players=self._n,
            options=self.options,
            to_act=TERMINAL if over else self.to_act,
            phase="over" if over else "bid",
            start_player=self.start_player,
            round=self.round,
            dice_counts=tuple(self.counts),
            hand=self.dice[player] if 0 <= player < self._n else (),
            bid=self.bid,
            bidder=self.bidder,
            log=visible_events(self.log, player),
        )

    def clone(self) -> PerudoState:
        other = PerudoState.__new__(PerudoState)
        other.__dict__.update(self.__dict__)
        other.rng = self.rng.clone()
        other.dice = list(self.dice)
        other.counts = list(self.counts)
        return other

    def result(self) -> GameResult:
        scores = tuple(self.counts)
        top = max(scores)
        return GameResult(
            scores=scores,
            breakdown=tuple({"dice": c} for c in scores),
            winners=tuple(s for s in range(self._n) if scores[s] == top),
            progress={"rounds": self.round},
        )


def _check(num_players: int) -> None:
    if not 2 <= num_players <= 4:
        raise SetupError(f"Perudo takes 2–4 players, not {num_players}")


def new_game(options: PerudoOptions, seed: int, num_players: int, start_player: int | None = None) -> PerudoState:
    _check(num_players)
    rng = Rng(seed)
    if start_player is None:
        start_player = rng.below(num_players)
    elif not 0 <= start_player < num_players:
        raise SetupError(f"start player {start_player} is not a seat of {num_players}")
    state = PerudoState(options, num_players, rng, start_player)
    state.roll(start_player)
    return state


def from_setup(options: PerudoOptions, seed: int, num_players: int, setup: Mapping[str, Any]) -> PerudoState:
    """A game whose first roll is given: ``{"start_player": s, "dice": [[...], ...]}``."""
    start = setup.get("start_player", 0)
    state = new_game(options, seed, num_players, start_player=int(start))
    dice = setup.get("dice")
    if dice is not None:
        if len(dice) != num_players or any(len(h) != options.dice for h in dice):
            raise SetupError("setup 'dice' must give every seat its dice")
        state.dice = [tuple(sorted(int(d) for d in h)) for h in dice]
    return state


def determinize(view: PerudoView, rng: Rng, *, keep_log: bool = True) -> PerudoState:
    """A state ``view`` could come from: the others' dice rolled afresh from ``rng``, a fresh generator."""
    state = PerudoState(view.options, view.num_players, rng.spawn(), view.start_player)
    state.counts = list(view.dice_counts)
    state.round = view.round
    state.bid, state.bidder = view.bid, view.bidder
    state.to_act = view.to_act if view.to_act >= 0 else 0
    state.dice = [
        view.hand if seat == view.player else tuple(sorted(1 + rng.below(FACES) for _ in range(c)))
        for seat, c in enumerate(view.dice_counts)
    ]
    if view.phase == "over":
        state.dice = [() for _ in range(view.num_players)]
    log: EventLog = None
    for event in view.log if keep_log else ():
        log = push(log, event)
    state.log = log
    return state


DEFINITION: GameDefinition[PerudoState, Action, PerudoView, PerudoOptions] = GameDefinition(
    name="perudo",
    title="Perudo",
    min_players=2,
    max_players=4,
    options_from_dict=PerudoOptions.from_dict,
    options_to_dict=PerudoOptions.to_dict,
    new_game=new_game,
    from_setup=from_setup,
    parse_action=parse_action,
    action_from_json=action_from_json,
    progress_key="rounds",
    seat_names=SEAT_NAMES,
    view_type=PerudoView,
    rules_version=RULES_VERSION,
    determinize=determinize,
)
