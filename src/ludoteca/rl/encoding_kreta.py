"""Kreta as numbers: every action the board allows gets an id, every view a fixed float vector.

The ids are enumerated from the board (the shipped Crete, or the options' board file), so they hold for
any board; on Crete (16 provinces, 7 ports, 58 directed borders, 26 nodes) there are 1,251:

- the five copyable cards' actions: ``admiral +PORT``; ``admiral a->b`` (one ship, any two ports);
  ``admiral a->c, b->d`` (both ships, written as the net change: the two ports left and the two
  reached, disjoint); ``commander +PROVINCE``; ``commander a->b`` per border; ``abbot +PROVINCE``;
  ``abbot a->b`` for provinces 1 to 3 borders apart; ``farmer``; ``architect fort N`` per node;
  ``architect village PROVINCE``;
- the same list again carried out by the King (``king …``);
- the Commander's further points, ``step a->b`` per border, and ``stop``;
- ``castellan``, ``keep``, ``replace``.

**Observation**: see :meth:`KretaEncoding.slots` (``docs/rl.md`` lists them). Counts are raw numbers,
one-hot blocks mark a category; seats are relative to the observer. Kreta hides only the face-down
fort cards and the pile's order, so every seat's vector holds the same facts, seen from its own chair.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

import numpy as np

from ludoteca.kreta.actions import (
    CASTELLAN_ACTION,
    HARVEST,
    KEEP,
    REPLACE,
    STOP,
    AdmiralMove,
    King,
)
from ludoteca.kreta.components import ABBOT_STEPS, CARDS, COMMANDER_POINTS, FACE_UP, PHASES, SUPPLY, TILE_SUPPLY, TILES
from ludoteca.kreta.options import KretaOptions
from ludoteca.kreta.tables import Tables, tables_for
from ludoteca.kreta.view import KretaView

from .encoding import POINTS_MOST, ActionTable, Observation, SlotLayout, Slots, relative_seats, rotation

_CARD = {c: i for i, c in enumerate(CARDS)}
_TILE = {k: i for i, k in enumerate(TILES)}


def card_actions(t: Tables) -> list[Any]:
    """Every action of the cards the King can copy, on the board of ``t``."""
    ids, P = t.ids, t.P
    ports = t.ports
    acts: list[Any] = [t.admiral_place[p] for p in ports]
    acts += [AdmiralMove((ids[a],), (ids[c],)) for a in ports for c in ports if a != c]
    for frm in combinations(sorted(ids[p] for p in ports), 2):
        rest = sorted(ids[p] for p in ports if ids[p] not in frm)
        acts += [AdmiralMove(frm, to) for to in combinations(rest, 2)]
    acts += [t.commander_place[p] for p in range(P)]
    acts += [t.commander_move[a][b] for a in range(P) for b in t.adj[a]]
    acts += [t.abbot_place[p] for p in range(P)]
    acts += [t.abbot_move[a][b] for a in range(P) for b in range(P) if 1 <= t.dist[a][b] <= ABBOT_STEPS]
    acts.append(HARVEST)
    acts += list(t.fort)
    acts += [t.village[p] for p in range(P)]
    return acts


def _actions(t: Tables) -> list[Any]:
    cards = card_actions(t)
    steps = [t.step[a][b] for a in range(t.P) for b in t.adj[a]]
    return [*cards, *(King(a) for a in cards), *steps, STOP, CASTELLAN_ACTION, KEEP, REPLACE]


class KretaEncoding(ActionTable, SlotLayout):
    """The encoding of Kreta for ``players`` seats on the board of ``options``."""

    game = "kreta"

    def __init__(self, options: KretaOptions, players: int) -> None:
        t = tables_for(options)
        super().__init__(_actions(t))
        self.options = options
        self.players = n = players
        self._t = t
        provinces = list(t.ids)
        nodes = [str(num) for num in t.node_numbers]
        self._port_slot = {p: k for k, p in enumerate(t.ports)}
        seats = relative_seats(n)
        lay = Slots()
        self._phase = lay.add("phase", PHASES)
        self._to_act = lay.add("to_act", seats)
        self._start = lay.add("start_player", seats)
        self._seat = []
        for s in seats:
            self._seat.append(
                (
                    lay.add(f"{s}.abbot", provinces),
                    lay.add(f"{s}.villagers", provinces, SUPPLY["villager"]),
                    lay.add(f"{s}.villages", provinces, SUPPLY["village"]),
                    lay.add(f"{s}.ships", [provinces[p] for p in t.ports], SUPPLY["ship"]),
                    lay.add(f"{s}.forts", nodes),
                    lay.add(f"{s}.tiles", TILES, max(TILE_SUPPLY.values())),
                    lay.add(f"{s}.hand", CARDS),
                    lay.add(f"{s}.played", CARDS),
                    lay.add(f"{s}.vp", ("province", "tile", "total"), POINTS_MOST),
                )
            )
        self._tiles = [lay.add(f"tile_on_board.{pid}", TILES) for pid in provinces]
        self._face_up = [lay.add(f"fort_card{k + 1}", nodes) for k in range(FACE_UP)]
        self._scorings = lay.add("scorings", most=t.row_size)
        self._scored = lay.add("scored", nodes, t.row_size)
        self._pile = lay.add("pile_size", most=t.N)
        self._bottom = lay.add("pile_bottom", nodes)
        self._move_points = lay.add("move_points", most=COMMANDER_POINTS)
        self._move_start = lay.add("move_start", provinces, SUPPLY["villager"])
        self._lay_out(lay)

    def observe(self, view: KretaView) -> Observation:
        n, t = self.players, self._t
        if view.num_players != n:
            raise ValueError(f"a {view.num_players}-player view given to a {n}-player encoding")
        node = t.node_index
        x = np.zeros(self.observation_shape, dtype=np.float32)
        order = rotation(view.player, n)
        rel = {seat: k for k, seat in enumerate(order)}
        x[self._phase + PHASES.index(view.phase)] = 1
        if view.to_act >= 0:
            x[self._to_act + rel[view.to_act]] = 1
        x[self._start + rel[view.start_player]] = 1
        for (abbot, vill, villages, ships, forts, tiles, hand, played, vp), p in zip(self._seat, order, strict=True):
            if view.abbots[p] >= 0:
                x[abbot + view.abbots[p]] = 1
            x[vill : vill + t.P] = view.villagers[p]
            x[villages : villages + t.P] = view.villages[p]
            for port in view.ships[p]:
                x[ships + self._port_slot[port]] += 1
            for num in view.forts[p]:
                x[forts + node[num]] = 1
            for tile in view.tiles[p]:
                x[tiles + _TILE[tile]] += 1
            for card in view.hands[p]:
                x[hand + _CARD[card]] = 1
            for card in view.played[p]:
                x[played + _CARD[card]] = 1
            x[vp : vp + 3] = (view.province_vp[p], view.tile_vp[p], view.scores[p])
        for at, tile_name in zip(self._tiles, view.tiles_on_board, strict=True):
            if tile_name is not None:
                x[at + _TILE[tile_name]] = 1
        k = view.scorings
        for at, slot in zip(self._face_up, range(k, k + FACE_UP), strict=True):
            face_up = view.fort_row[slot] if slot < len(view.fort_row) else None
            if face_up is not None:
                x[at + node[face_up]] = 1
        x[self._scorings] = k
        for num in view.scored_nodes:
            x[self._scored + node[num]] += 1
        x[self._pile] = view.pile_size
        for num in view.pile_bottom:
            x[self._bottom + node[num]] = 1
        x[self._move_points] = view.move_points
        if view.move_start:
            x[self._move_start : self._move_start + t.P] = view.move_start
        return x
