"""The numbers of Kreta: cards, pieces, farm tiles and limits, in one place.

Everything here comes from the specification (``rules/kreta.md``); the rules core and the notation
import these names instead of repeating the literals.
"""

from __future__ import annotations

from typing import Final

CARDS: Final = ("admiral", "commander", "abbot", "farmer", "architect", "king", "castellan")
"""The seven character cards, in the order the rules list them (also the order of legal actions)."""
ADMIRAL: Final = 0
COMMANDER: Final = 1
ABBOT: Final = 2
FARMER: Final = 3
ARCHITECT: Final = 4
KING: Final = 5
CASTELLAN: Final = 6
"""The cards' indices into ``CARDS`` (``Final``: compiled code inlines them)."""
ALL_CARDS: Final = (1 << len(CARDS)) - 1
"""A full hand as a bit mask (bit ``i`` is ``CARDS[i]``)."""

SEAT_NAMES: Final = ("Red", "Blue", "Yellow", "Green")

TILES: Final = ("wheat", "olive", "wine", "thyme", "cheese")
"""Farm tile kinds, in a fixed order (tile indices in the state refer to it)."""
TILE_SUPPLY: Final = {"wheat": 2, "olive": 4, "wine": 4, "thyme": 3, "cheese": 3}
TILES_FOR_KIND: Final = {"plain": ("wheat",), "hill": ("olive", "wine"), "mountain": ("thyme", "cheese")}
"""Which tiles are dealt onto which province type."""

SUPPLY: Final = {"abbot": 1, "ship": 2, "fort": 3, "village": 4, "villager": 5}
"""Each player's pieces."""

PROVINCE_LIMIT: Final = 7
"""A province holding this many abbots, villagers and villages is full."""
PORT_LIMIT: Final = 2
PORT_LIMIT_TWO_PLAYERS: Final = 1
COMMANDER_POINTS: Final = 4
ABBOT_STEPS: Final = 3
ROW_SIZE: Final = 11
"""Fort cards laid in the row, hence scorings in a game on a board with at least 11 nodes."""
FACE_UP: Final = 2

PLAY: Final = 0
CHOICE: Final = 1
OVER: Final = 2
MOVE: Final = 3
"""Phases: a seat plays a card; the Castellan's player keeps or replaces a fort card; game over; a
seat goes on with its Commander's movement (step or stop)."""
PHASES: Final = ("play", "castellan", "over")
"""The phases' names in views and set-ups; a movement in progress belongs to the ``play`` phase
(views and set-ups say so with the movement's own fields)."""
