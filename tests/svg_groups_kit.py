"""The walk both games' remembered-drawing tests share (issue #19): whole random games, every version,
every seat and the spectator, the drawing and the hand made with everything remembered so far compared
with a fresh one."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from ludoteca.present import for_view
from ludoteca.present.common import Tr

Fresh = Callable[[Any, bool], "str | None"]
"""A drawing from nothing of a view: its table, or (True) its hand."""


def walk(state: Any, rng: random.Random, names: list[str], tr: Tr, fresh: Fresh, hand_every: int = 1) -> int:
    """Play ``state`` to its end with random legal actions, checking each version; the versions played.

    Every seat draws the same table: the spectator's is checked at every version, a seat's every seventh;
    each seat's hand every ``hand_every``-th version."""
    versions = 0
    while True:
        for seat in (-1, *range(len(names))):
            view = state.view(seat)
            drawn = for_view(view).board_svg(view, names, tr)
            if seat == -1 or versions % 7 == 0:
                assert drawn == fresh(view, False), f"version {versions}, seat {seat}"
            hand = for_view(view).private_svg(view, tr)
            if versions % hand_every == 0:
                assert hand == fresh(view, True), f"version {versions}, seat {seat}"
        if state.is_terminal():
            return versions
        state.apply(rng.choice(state.legal_actions()))
        versions += 1
