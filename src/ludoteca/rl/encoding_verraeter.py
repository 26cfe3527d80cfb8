"""Verräter as numbers: every action the game can offer gets an id, every view a fixed float vector.

**Actions** (the same ids for 3 and 4 players and every rule option):

- 12 ``gutshof N``, 12 ``conflict N/N+1`` (one per border of the ring), 6 ``take CARD``;
- ``supply …``: one id per multiset of at most 5 supply cards that the deck (5×2, 5×3, 5×4, 5×5, 2×6,
  1×8) can make, ``supply none`` included — a hand is a multiset of the deck, and a play is one of its
  sub-multisets, so this covers every play exactly, whatever the hand limit;
- 12 ``build N``, 12 ``build N kontor``, 12 ``turn N``, ``pass``;
- ``discard …``: one id per multiset of at most 4 cards (a seat discards at most the excess of its
  draw over the hand limit, and no draw exceeds 4: three Gutshof and the Diplomat +2, or the Farmer's 3;
  with ``discard_timing`` ``after`` the excess is discarded once the cards are drawn, and the mask offers
  exactly that many, while ``pending_draw`` is 0).

**Observation**: see :meth:`VerraeterEncoding.slots` (``docs/rl.md`` lists them). Counts are raw
numbers (cards, victory points), one-hot blocks mark a category; seats are relative to the observer.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations_with_replacement
from typing import Any

import numpy as np

from ludoteca.verraeter.actions import (
    BUILD,
    BUILD_KONTOR,
    CONFLICT,
    GUTSHOF,
    PASS,
    TAKE,
    TURN,
    Discard,
    PlaySupply,
)
from ludoteca.verraeter.components import (
    ACTION_KEYS,
    ESTATES_PER_PLAYER,
    FARMER_DRAW,
    LANDSCAPE_KEYS,
    MAX_SUPPLY_PLAY,
    RING_SIZE,
    ROUNDS,
    SUPPLY_DECK,
    SUPPLY_VALUES,
)
from ludoteca.verraeter.options import VerraeterOptions
from ludoteca.verraeter.view import PHASES, VerraeterView

from .encoding import POINTS_MOST, ActionTable, Observation, SlotLayout, Slots, relative_seats, rotation

MAX_DISCARD = max(FARMER_DRAW, ESTATES_PER_PLAYER + 1)
"""The most cards a hand-limit choice can discard: the largest draw of phase 10."""
_VALUE = {v: i for i, v in enumerate(SUPPLY_VALUES)}
_WINNER = ("eagle", "rose", "tie", "unresolved")
_WINNER_INDEX = {0: 0, 1: 1, -1: 2, -2: 3}


def supply_multisets(most: int) -> list[tuple[int, ...]]:
    """Every sorted multiset of at most ``most`` supply cards the deck holds, smallest first."""
    out: list[tuple[int, ...]] = []
    for k in range(most + 1):
        for combo in combinations_with_replacement(SUPPLY_VALUES, k):
            if all(combo.count(v) <= SUPPLY_DECK.count(v) for v in set(combo)):
                out.append(combo)
    return out


def _actions() -> list[Any]:
    return [
        *GUTSHOF,
        *CONFLICT,
        *TAKE,
        *(PlaySupply(c) for c in supply_multisets(MAX_SUPPLY_PLAY)),
        *BUILD,
        *BUILD_KONTOR,
        *TURN,
        PASS,
        *(Discard(c) for c in supply_multisets(MAX_DISCARD)),
    ]


class VerraeterEncoding(ActionTable, SlotLayout):
    """The encoding of Verräter for ``players`` seats (the options change no id and no slot)."""

    game = "verraeter"

    def __init__(self, options: VerraeterOptions, players: int) -> None:
        super().__init__(_actions())
        self.options = options
        self.players = n = players
        seats = relative_seats(n)
        lay = Slots()
        deck = [SUPPLY_DECK.count(v) for v in SUPPLY_VALUES]
        self._round = lay.add("round", ("current", "total"), max(ROUNDS.values()))
        self._phase = lay.add("phase", PHASES)
        self._to_act = lay.add("to_act", seats)
        self._start = lay.add("start_player", seats)
        self._strategy = lay.add("strategy_holder", seats)
        self._conflict = lay.add("conflict", [f"{i + 1}/{(i + 1) % RING_SIZE + 1}" for i in range(RING_SIZE)])
        self._ring = []
        for i in range(RING_SIZE):
            land = f"landscape{i + 1}"
            self._ring.append(
                (
                    lay.add(f"{land}.type", LANDSCAPE_KEYS),
                    lay.add(f"{land}.rose"),
                    lay.add(f"{land}.estate", seats),
                    lay.add(f"{land}.kontor"),
                )
            )
        self._all_same = lay.add("all_same_at_start")
        self._hand = lay.add("hand", SUPPLY_VALUES, deck)
        self._offered = lay.add("offered", ACTION_KEYS)
        self._seat = []
        for s in seats:
            self._seat.append(
                (
                    lay.add(f"{s}.rose"),
                    lay.add(f"{s}.reserve", most=ESTATES_PER_PLAYER),
                    lay.add(f"{s}.hand_size", most=len(SUPPLY_DECK)),
                    lay.add(f"{s}.played", SUPPLY_VALUES, deck),
                    lay.add(f"{s}.has_chosen"),
                    lay.add(f"{s}.chosen", ACTION_KEYS),
                    lay.add(f"{s}.vp", ("conflict", "traitor", "strategist", "kontor", "total"), POINTS_MOST),
                )
            )
        self._revealed = lay.add("revealed")
        self._strength = lay.add("strength", ("eagle", "rose"), POINTS_MOST)
        self._winner = lay.add("conflict_winner", _WINNER)
        self._draw = lay.add("pending_draw", most=MAX_DISCARD)
        self._pile = lay.add("draw_pile_size", most=len(SUPPLY_DECK))
        self._discard = lay.add("discard", SUPPLY_VALUES, deck)
        self._lay_out(lay)

    def observe(self, view: VerraeterView) -> Observation:
        n = self.players
        if view.num_players != n:
            raise ValueError(f"a {view.num_players}-player view given to a {n}-player encoding")
        x = np.zeros(self.observation_shape, dtype=np.float32)
        order = rotation(view.player, n)
        rel = {seat: k for k, seat in enumerate(order)}
        x[self._round] = view.round
        x[self._round + 1] = view.rounds_total
        x[self._phase + PHASES.index(view.phase)] = 1
        if view.to_act >= 0:
            x[self._to_act + rel[view.to_act]] = 1
        x[self._start + rel[view.start_player]] = 1
        x[self._strategy + rel[view.strategy_holder]] = 1
        if view.conflict >= 0:
            x[self._conflict + view.conflict] = 1
        for (kind, rose, estate, kontor), land in zip(self._ring, view.ring, strict=True):
            x[kind + land.kind] = 1
            x[rose] = land.house
            if land.estate_owner >= 0:
                x[estate + rel[land.estate_owner]] = 1
                x[kontor] = land.kontor
        x[self._all_same] = view.all_same_at_start
        _count_cards(x, self._hand, view.hand)
        for c in view.offered:
            x[self._offered + c] = 1
        for (rose, reserve, size, played, has_chosen, chosen, vp), p in zip(self._seat, order, strict=True):
            x[rose] = view.allegiance[p]
            x[reserve] = view.reserve[p]
            x[size] = view.hand_sizes[p]
            _count_cards(x, played, view.played[p])
            x[has_chosen] = view.has_chosen[p]
            if view.chosen[p] >= 0:
                x[chosen + view.chosen[p]] = 1
            points = (view.conflict_vp[p], view.traitor_vp[p], view.strategist_vp[p], view.kontor_vp[p])
            x[vp : vp + 4] = points
            x[vp + 4] = sum(points)
        x[self._revealed] = view.revealed
        if view.strength is not None:
            x[self._strength : self._strength + 2] = view.strength
        x[self._winner + _WINNER_INDEX[view.conflict_winner]] = 1
        x[self._draw] = view.pending_draw
        x[self._pile] = view.draw_pile_size
        _count_cards(x, self._discard, view.discard)
        return x


def _count_cards(x: Observation, at: int, cards: Sequence[int]) -> None:
    for v in cards:
        x[at + _VALUE[v]] += 1
