"""The map and a seat's hand drawn from remembered groups (issue #19) are the text a fresh drawing gives.

The server draws the map once per action; :class:`ludoteca.present.kreta.svg_draw.Groups` keeps the groups
an action left unchanged. Whole random games in two languages, every version, every seat and the
spectator: the drawing with everything remembered so far equals a drawing from nothing.
"""

from __future__ import annotations

import random

import pytest

from ludoteca import games
from ludoteca.present import for_view
from ludoteca.present.i18n import translator
from ludoteca.present.kreta import svg_draw
from svg_groups_kit import walk


def _fresh(view: object, names: list[str], lang: str, hand: bool = False) -> str | None:
    saved = dict(svg_draw._groups)  # noqa: SLF001 -- the test of the module's own memory
    svg_draw._groups.clear()  # noqa: SLF001
    try:
        if hand:
            return for_view(view).private_svg(view, translator(lang))
        return for_view(view).board_svg(view, names, translator(lang))
    finally:
        svg_draw._groups.clear()  # noqa: SLF001
        svg_draw._groups.update(saved)  # noqa: SLF001


@pytest.mark.parametrize(("players", "seed", "lang"), [(2, 11, "en"), (3, 12, "de"), (4, 13, "it"), (4, 14, "fr")])
def test_remembered_groups_draw_the_fresh_map(players: int, seed: int, lang: str) -> None:
    definition = games.get("kreta")
    rng = random.Random(seed)
    state = definition.new_game(None, seed, players)
    names = [f"P{i} <&>" for i in range(players)]
    versions = walk(state, rng, names, translator(lang), lambda view, hand: _fresh(view, names, lang, hand))
    assert versions > 50


def test_groups_past_their_limit_draw_the_same(monkeypatch: pytest.MonkeyPatch) -> None:
    """A small limit makes the newer groups turn over into the older generation many times in one game:
    what is drawn stays the fresh drawing, and no generation grows past the limit."""
    monkeypatch.setattr(svg_draw.Groups, "LIMIT", 40)
    saved = dict(svg_draw._groups)  # noqa: SLF001 -- the test of the module's own memory
    svg_draw._groups.clear()  # noqa: SLF001
    try:
        definition = games.get("kreta")
        rng = random.Random(21)
        state = definition.new_game(None, 21, 3)
        names = ["Ada", "Bo", "Cy"]
        tr = translator("en")
        for _ in range(120):
            view = state.view(-1)
            assert for_view(view).board_svg(view, names, tr) == _fresh(view, names, "en")
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        kept = list(svg_draw._groups.values())  # noqa: SLF001
        assert kept and all(len(g.drawn) <= 40 and len(g.older) <= 40 for g in kept)
    finally:
        svg_draw._groups.clear()  # noqa: SLF001
        svg_draw._groups.update(saved)  # noqa: SLF001
