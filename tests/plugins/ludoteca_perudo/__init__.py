"""Perudo (Liar's Dice) as a ludoteca plug-in: the worked example of ``docs/architecture.md`` ("Adding a
game"). Everything lives in this package; ludoteca finds it through the ``ludoteca.games`` entry point of
the distribution beside it (``ludoteca_perudo-1.0.dist-info/entry_points.txt``)."""

from __future__ import annotations

from ludoteca.core.plugin import GamePlugin, OptionSpec

from .rules import DEFINITION, Action, PerudoState, PerudoView

PLUGIN: GamePlugin[PerudoState, Action, PerudoView] = GamePlugin(
    rules=DEFINITION,
    facets={
        "presenter": "ludoteca_perudo.presenter:PRESENTER",
        "strategy": "ludoteca_perudo.strategy:choose",
        "encoding": "ludoteca_perudo.encoding:PerudoEncoding",
        "counters": "ludoteca_perudo.counters",
        "openspiel": "ludoteca_perudo.openspiel:SPEC",
    },
    lobby_options=(
        OptionSpec("dice", "Dice per player", "choice", (3, 4, 5, 2)),
        OptionSpec("ones_wild", "Aces are wild", "bool"),
    ),
)
