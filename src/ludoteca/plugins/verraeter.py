"""Verräter as a plug-in: the rules core and where its presenter, guide, strategy, search, encoding, counters live."""

from __future__ import annotations

from ludoteca.core.plugin import DataOption, GamePlugin, OptionSpec
from ludoteca.verraeter import DEFINITION, Action, VerraeterState, VerraeterView
from ludoteca.verraeter.options import SHIPPED


def _(message: str) -> str:
    """Marks a label for translation (extracted by ``scripts/i18n.sh``; translated when shown)."""
    return message


SEAT_COLOURS = (_("Brown"), _("Blue"), _("Green"), _("Orange"))
"""The rules' seat names, marked for translation: a seat nobody named is shown by its colour in the reader's
language (``ludoteca.present.common.colour_name``)."""


PLUGIN: GamePlugin[VerraeterState, Action, VerraeterView] = GamePlugin(
    rules=DEFINITION,
    facets={
        "presenter": "ludoteca.present.verraeter.presenter:PRESENTER",
        "guide": "ludoteca.present.verraeter.guide:GUIDE",
        "strategy": "ludoteca.bots.heuristic_verraeter:choose",
        "lookahead": "ludoteca.bots.search_verraeter:LOOKAHEAD",
        "encoding": "ludoteca.rl.encoding_verraeter:VerraeterEncoding",
        "counters": "ludoteca.sim.counts_verraeter",
        "openspiel": "ludoteca.rl.openspiel.verraeter:SPEC",
    },
    lobby_options=(
        OptionSpec("edition", _("Edition"), "choice", (2008, 1998)),
        OptionSpec(
            "hand_limit", _("Hand limit"), "choice", (5, 6), (_("5 (the Italian texts)"), _("6 (the French texts)"))
        ),
        OptionSpec(
            "draw_cap",
            _("Most cards drawn per round"),
            "choice",
            (3, None),
            (_("3 (the Italian texts)"), _("no limit (the French texts)")),
        ),
        OptionSpec(
            "discard_timing",
            _("Over the hand limit"),
            "choice",
            ("before", "after"),
            (_("discard before drawing (the 2008 Italian text)"), _("draw, then discard (as in the French texts)")),
        ),
        OptionSpec("builder_places_kontor", _("The Builder may place a Kontor"), "bool"),
    ),
    data_options=(DataOption("landscapes", (SHIPPED, None), inline=True),),
)
