"""Perudo's RL encoding (the ``encoding`` facet): id 0 is dudo, then every bid (quantity, face); the
observation holds the seat's own dice by face, everyone's dice counts and the bid, seats relative."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ludoteca.rl.encoding import ActionTable, Observation, SlotLayout, Slots, relative_seats, rotation

from .rules import FACES, Bid, Dudo, PerudoOptions, PerudoView


class PerudoEncoding(ActionTable, SlotLayout):
    game = "perudo"

    def __init__(self, options: PerudoOptions, players: int) -> None:
        self.players = players
        most = options.dice * players
        ActionTable.__init__(self, [Dudo(), *(Bid(q, f) for q in range(1, most + 1) for f in range(1, FACES + 1))])
        lay = Slots()
        self._own = lay.add("own_dice", [f"face{f}" for f in range(1, FACES + 1)], options.dice)
        self._counts = lay.add("dice", relative_seats(players), options.dice)
        self._bid = lay.add("bid", ["quantity", "face"], [most, FACES])
        self._bidder = lay.add("bidder", relative_seats(players))
        self._to_act = lay.add("to_act", relative_seats(players))
        self._lay_out(lay)

    def observe(self, view: PerudoView) -> Observation:
        out = np.zeros(self.observation_shape, dtype=np.float32)
        for d in view.hand:
            out[self._own + d - 1] += 1
        order = rotation(view.player, self.players)
        for k, seat in enumerate(order):
            out[self._counts + k] = view.dice_counts[seat]
            if view.bid is not None and seat == view.bidder:
                out[self._bidder + k] = 1
            if seat == view.to_act:
                out[self._to_act + k] = 1
        if view.bid is not None:
            out[self._bid] = view.bid.quantity
            out[self._bid + 1] = view.bid.face
        return out

    def index(self, action: Any) -> int:
        return ActionTable.index(self, action)

    def action(self, index: int, legal: Sequence[Any]) -> Any:
        return ActionTable.action(self, index, legal)
