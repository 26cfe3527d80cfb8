"""The components of Verräter as plain constants: houses, landscapes, action cards, supply cards.

Integers keep the rules core fast; the ``*_KEYS`` tuples give each constant its stable name for the
notation, records and views.
"""

from __future__ import annotations

EAGLE, ROSE = 0, 1
HOUSE_KEYS = ("eagle", "rose")
HOUSE_NAMES = ("Eagle", "Rose")

# Landscape types, in rising conflict points. German names are the printed ones.
ODNIS, WEIDE, FLUSS, WALD, DORF, STADT = range(6)
LANDSCAPE_KEYS = ("oednis", "weide", "fluss", "wald", "dorf", "stadt")
LANDSCAPE_NAMES = ("Ödnis", "Weide", "Fluss", "Wald", "Dorf", "Stadt")
LANDSCAPE_ENGLISH = ("wasteland", "meadow", "river", "forest", "village", "town")
RING_SIZE = 12

# Action cards.
TRAITOR, DIPLOMAT2, DIPLOMAT5, BUILDER, STRATEGIST, FARMER = range(6)
ACTION_KEYS = ("traitor", "diplomat+2", "diplomat+5", "builder", "strategist", "farmer")
ACTION_NAMES = ("Traitor", "Diplomat +2", "Diplomat +5", "Builder", "Strategist", "Farmer")
ACTION_GERMAN = ("Verräter", "Diplomat +2", "Diplomat +5", "Baumeister", "Stratege", "Bauer")
ACTION_ALIASES = {
    "traitor": TRAITOR, "verraeter": TRAITOR, "verräter": TRAITOR, "verrater": TRAITOR,
    "diplomat+2": DIPLOMAT2, "diplomat2": DIPLOMAT2, "d2": DIPLOMAT2, "diplomat-2": DIPLOMAT2,
    "diplomat+5": DIPLOMAT5, "diplomat5": DIPLOMAT5, "d5": DIPLOMAT5, "diplomat-5": DIPLOMAT5,
    "builder": BUILDER, "baumeister": BUILDER,
    "strategist": STRATEGIST, "stratege": STRATEGIST,
    "farmer": FARMER, "bauer": FARMER,
}

# Supply cards: 5×2, 5×3, 5×4, 5×5, 2×6, 1×8 conflict points (23 cards).
SUPPLY_DECK: tuple[int, ...] = (2,) * 5 + (3,) * 5 + (4,) * 5 + (5,) * 5 + (6, 6, 8)
SUPPLY_VALUES = (2, 3, 4, 5, 6, 8)
START_HAND_1998 = (3, 4, 5)
START_HAND_SIZE = 3
MAX_SUPPLY_PLAY = 5

ESTATES_PER_PLAYER = 3
MAX_KONTOR = 2
FARMER_DRAW = 3
ROUNDS = {3: 9, 4: 8}

SETUP, CONFLICT_PHASE, DRAFT, SUPPLY, BUILD_PHASE, DRAW, OVER = range(7)
"""The state's phases (``VerraeterState.phase``): set-up placements, then each round phase 1 (the conflict),
2 (the draft), 3 (supply play), 7 (the Builder) and 10 (the hand-limit choice); ``OVER`` when the game is over.
The view names them with ``view.PHASES``."""
