"""Verräter as the OpenSpiel game spec (the plug-in's ``openspiel`` facet) of ``ludoteca_verraeter`` (3–4 players).

Parameters (OpenSpiel's are ints, bools, strings or floats): ``players`` (default 4) and the rule options
of ``docs/verraeter-rules.md`` — ``edition`` (2008 or 1998), ``hand_limit``, ``draw_cap`` (0 for no cap,
the French text's rule), ``discard_timing`` (``before`` or ``after``), ``builder_places_kontor`` and
``landscapes`` (``reconstruction``, the shipped table, or the path of a landscape table file).
"""

from __future__ import annotations

from typing import Any

from ludoteca.verraeter.options import SHIPPED, VerraeterOptions

from .game import GameSpec, Params

NO_CAP = 0
"""The ``draw_cap`` parameter for the option ``draw_cap=None``."""


def _options(params: Params) -> dict[str, Any]:
    cap = int(params["draw_cap"])
    return {
        "edition": int(params["edition"]),
        "hand_limit": int(params["hand_limit"]),
        "draw_cap": None if cap == NO_CAP else cap,
        "discard_timing": str(params["discard_timing"]),
        "builder_places_kontor": bool(params["builder_places_kontor"]),
        "landscapes": str(params["landscapes"]),
    }


def _params(options: VerraeterOptions) -> dict[str, int | float | bool | str]:
    shipped = options.to_dict()["landscapes"] == SHIPPED
    return {
        "edition": options.edition,
        "hand_limit": options.hand_limit,
        "draw_cap": NO_CAP if options.draw_cap is None else options.draw_cap,
        "discard_timing": options.discard_timing,
        "builder_places_kontor": options.builder_places_kontor,
        "landscapes": SHIPPED if shipped else options.landscapes.source,
    }


def _max_game_length(view: Any) -> int:
    """One Gutshof per seat, then per round at most: the conflict, a draft pick, a supply play and a
    hand-limit choice per seat, the Builder's one build, and a second hand-limit choice for the Diplomat +2
    (rules version 2 serves his extra card last, after every Gutshof draw)."""
    n = int(view.num_players)
    return n + int(view.rounds_total) * (3 * n + 3)


SPEC = GameSpec(
    short_name="ludoteca_verraeter",
    long_name="Verräter (ludoteca)",
    game="verraeter",
    defaults={
        "players": 4,
        "edition": 2008,
        "hand_limit": 5,
        "draw_cap": 3,
        "discard_timing": "before",
        "builder_places_kontor": False,
        "landscapes": SHIPPED,
    },
    options=_options,
    params=_params,
    max_game_length=_max_game_length,
)
