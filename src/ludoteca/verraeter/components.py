"""The components of Verräter as plain constants: houses, landscapes, action cards, supply cards.

Integers keep the rules core fast; the ``*_KEYS`` tuples give each constant its stable name for the
notation, records and views.
"""

from __future__ import annotations

from typing import Final

EAGLE: Final = 0
ROSE: Final = 1
HOUSE_KEYS: Final = ("eagle", "rose")
HOUSE_NAMES: Final = ("Eagle", "Rose")

# Landscape types, in rising conflict points. German names are the printed ones.
ODNIS: Final = 0
WEIDE: Final = 1
FLUSS: Final = 2
WALD: Final = 3
DORF: Final = 4
STADT: Final = 5
LANDSCAPE_KEYS: Final = ("oednis", "weide", "fluss", "wald", "dorf", "stadt")
LANDSCAPE_NAMES: Final = ("Ödnis", "Weide", "Fluss", "Wald", "Dorf", "Stadt")
LANDSCAPE_ENGLISH: Final = ("wasteland", "meadow", "river", "forest", "village", "town")
RING_SIZE: Final = 12

# Action cards.
TRAITOR: Final = 0
DIPLOMAT2: Final = 1
DIPLOMAT5: Final = 2
BUILDER: Final = 3
STRATEGIST: Final = 4
FARMER: Final = 5
ACTION_KEYS: Final = ("traitor", "diplomat+2", "diplomat+5", "builder", "strategist", "farmer")
ACTION_NAMES: Final = ("Traitor", "Diplomat +2", "Diplomat +5", "Builder", "Strategist", "Farmer")
ACTION_GERMAN: Final = ("Verräter", "Diplomat +2", "Diplomat +5", "Baumeister", "Stratege", "Bauer")
ACTION_ALIASES: Final = {
    "traitor": TRAITOR, "verraeter": TRAITOR, "verräter": TRAITOR, "verrater": TRAITOR,
    "diplomat+2": DIPLOMAT2, "diplomat2": DIPLOMAT2, "d2": DIPLOMAT2, "diplomat-2": DIPLOMAT2,
    "diplomat+5": DIPLOMAT5, "diplomat5": DIPLOMAT5, "d5": DIPLOMAT5, "diplomat-5": DIPLOMAT5,
    "builder": BUILDER, "baumeister": BUILDER,
    "strategist": STRATEGIST, "stratege": STRATEGIST,
    "farmer": FARMER, "bauer": FARMER,
}

# Supply cards: 5×2, 5×3, 5×4, 5×5, 2×6, 1×8 conflict points (23 cards).
SUPPLY_DECK: Final[tuple[int, ...]] = (2,) * 5 + (3,) * 5 + (4,) * 5 + (5,) * 5 + (6, 6, 8)
SUPPLY_VALUES: Final = (2, 3, 4, 5, 6, 8)
START_HAND_1998: Final = (3, 4, 5)
START_HAND_SIZE: Final = 3
MAX_SUPPLY_PLAY: Final = 5

ESTATES_PER_PLAYER: Final = 3
MAX_KONTOR: Final = 2
FARMER_DRAW: Final = 3
ROUNDS: Final = {3: 9, 4: 8}

SETUP: Final = 0
CONFLICT_PHASE: Final = 1
DRAFT: Final = 2
SUPPLY: Final = 3
BUILD_PHASE: Final = 4
DRAW: Final = 5
OVER: Final = 6
"""The state's phases (``VerraeterState.phase``): set-up placements, then each round phase 1 (the conflict),
2 (the draft), 3 (supply play), 7 (the Builder) and 10 (the hand-limit choice); ``OVER`` when the game is over.
The view names them with ``view.PHASES``."""
