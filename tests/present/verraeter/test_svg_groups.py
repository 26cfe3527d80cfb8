"""The table drawn from remembered groups (issue #19) is the text a fresh drawing gives.

The server draws Verräter's table once per action; :mod:`ludoteca.present.verraeter.svg` and
:mod:`~ludoteca.present.verraeter.svg_panels` remember each group (a landscape's face, an estate card, the
header, the conflict panel, each line of a seat's panel) under the values it reads. Whole random games of
both editions in four languages, every version, every seat and the spectator: the drawing with everything
remembered so far equals a drawing from nothing; so does each seat's hand.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from ludoteca import games
from ludoteca.present import for_view
from ludoteca.present.i18n import translator
from ludoteca.present.verraeter import svg, svg_panels
from svg_groups_kit import walk


def _forget() -> None:
    """Forget every remembered group of the table's drawing."""
    for module in (svg, svg_panels):
        for value in vars(module).values():
            if callable(getattr(value, "cache_clear", None)):
                value.cache_clear()


def _fresh(view: object, names: list[str], lang: str, hand: bool = False) -> str | None:
    _forget()
    if hand:
        return for_view(view).private_svg(view, translator(lang))
    return for_view(view).board_svg(view, names, translator(lang))


@pytest.mark.parametrize(
    ("players", "seed", "lang", "options"),
    [
        (3, 21, "en", {}),
        (4, 22, "de", {"edition": 1998, "builder_places_kontor": True}),
        (4, 23, "it", {"hand_limit": 6, "draw_cap": "none"}),
        (3, 24, "fr", {"edition": 1998}),
    ],
)
def test_remembered_groups_draw_the_fresh_table(players: int, seed: int, lang: str, options: dict[str, Any]) -> None:
    definition = games.get("verraeter")
    rng = random.Random(seed)
    state = definition.new_game(definition.options_from_dict(options), seed, players)
    names = [f"P{i} <&>" for i in range(players - 1)] + ["Orange (heuristic), a long name"]
    versions = walk(state, rng, names, translator(lang), lambda view, hand: _fresh(view, names, lang, hand), 3)
    assert versions > 50
