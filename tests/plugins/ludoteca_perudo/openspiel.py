"""Perudo's ``openspiel`` facet: its OpenSpiel name, parameters and bound on the length of a game."""

from __future__ import annotations

from typing import Any

from ludoteca.rl.openspiel.game import GameSpec, Params

from .rules import FACES, PerudoOptions


def _max_game_length(view: Any) -> int:
    """Each round at most one bid per (quantity, face) and the doubt; a die is lost per round."""
    total = sum(view.dice_counts)
    return (total - 1) * (total * FACES + 1)


def _params(options: PerudoOptions) -> dict[str, int | float | bool | str]:
    return {"dice": options.dice, "ones_wild": options.ones_wild}


def _options(params: Params) -> dict[str, Any]:
    return {"dice": int(params["dice"]), "ones_wild": bool(params["ones_wild"])}


SPEC = GameSpec(
    short_name="ludoteca_perudo",
    long_name="Perudo (ludoteca)",
    game="perudo",
    defaults={"players": 3, "dice": 3, "ones_wild": True},
    options=_options,
    params=_params,
    max_game_length=_max_game_length,
)
