"""Kreta as the OpenSpiel game spec (the plug-in's ``openspiel`` facet) of ``ludoteca_kreta`` (2–4 players).

Parameters: ``players`` (default 2) and the rule options of ``docs/kreta-rules.md`` — ``board`` (``crete``
for the shipped reconstruction of Crete, or the path of a board data file), ``abbot_blocks_passing`` and
``takeback`` (``all`` or ``castellan``).
"""

from __future__ import annotations

from typing import Any

from ludoteca.kreta.options import KretaOptions

from .game import GameSpec, Params

SHIPPED_BOARD = "crete"
"""The ``board`` parameter for the shipped board (the option ``board=None``)."""


def _options(params: Params) -> dict[str, Any]:
    board = str(params["board"])
    return {
        "board": None if board == SHIPPED_BOARD else board,
        "abbot_blocks_passing": bool(params["abbot_blocks_passing"]),
        "takeback": str(params["takeback"]),
    }


def _params(options: KretaOptions) -> dict[str, int | float | bool | str]:
    return {
        "board": SHIPPED_BOARD if options.board is None else options.board,
        "abbot_blocks_passing": options.abbot_blocks_passing,
        "takeback": options.takeback,
    }


def _max_game_length(view: Any) -> int:
    """Per scoring at most: each seat's six other cards (a Commander movement, or the King carrying one
    out, takes up to four decisions: the first step and three more), then the Castellan and the choice
    to keep or replace the revealed fort card. Cards come back to hand only at a scoring (with option
    ``takeback=castellan`` only to the Castellan's player, so the others play fewer, never more)."""
    n = int(view.num_players)
    return len(view.fort_row) * (12 * n + 2)


SPEC = GameSpec(
    short_name="ludoteca_kreta",
    long_name="Kreta (ludoteca)",
    game="kreta",
    defaults={"players": 2, "board": SHIPPED_BOARD, "abbot_blocks_passing": True, "takeback": "all"},
    options=_options,
    params=_params,
    max_game_length=_max_game_length,
)
