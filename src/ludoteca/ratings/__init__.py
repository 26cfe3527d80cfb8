"""Ratings: one ladder per game for players and bots alike (issue #28).

The model is openskill's Plackett–Luce (Weng & Lin, 2011): it rates a game of any number of players from their
finishing order, ties included, and keeps for each rating its uncertainty, which says when a rating is still
provisional. :mod:`.ladder` holds the model and one game's update; :mod:`.bots` seeds the bots' levels from arena
runs so that a new ladder already knows what "normal" is worth.
"""

from ludoteca.ratings.ladder import (
    MODEL_PARAMETERS,
    PROVISIONAL_SIGMA,
    Rating,
    fresh,
    nearest,
    ranks_of,
    rate_game,
)

__all__ = [
    "MODEL_PARAMETERS",
    "PROVISIONAL_SIGMA",
    "Rating",
    "fresh",
    "nearest",
    "ranks_of",
    "rate_game",
]
