"""Verräter as a plug-in: the rules core and where its presenter, strategy, search, encoding and counters live."""

from __future__ import annotations

from ludoteca.core.plugin import GamePlugin, OptionSpec
from ludoteca.verraeter import DEFINITION


def _(message: str) -> str:
    """Marks a label for translation (extracted by ``scripts/i18n.sh``; translated when shown)."""
    return message


PLUGIN: GamePlugin[object, object, object] = GamePlugin(
    rules=DEFINITION,
    facets={
        "presenter": "ludoteca.present.verraeter.presenter:PRESENTER",
        "strategy": "ludoteca.bots.heuristic_verraeter:choose",
        "lookahead": "ludoteca.bots.search_verraeter:LOOKAHEAD",
        "encoding": "ludoteca.rl.encoding_verraeter:VerraeterEncoding",
        "counters": "ludoteca.sim.counts_verraeter",
    },
    lobby_options=(
        OptionSpec("edition", _("Edition"), "choice", (2008, 1998)),
        OptionSpec("hand_limit", _("Hand limit"), "choice", (5, 6)),
        OptionSpec("draw_cap", _("Most cards drawn per round"), "choice", (3, None)),
        OptionSpec(
            "discard_timing",
            _("Over the hand limit"),
            "choice",
            ("before", "after"),
            (_("discard before drawing"), _("draw, then discard")),
        ),
        OptionSpec("builder_places_kontor", _("The Builder may place a Kontor"), "bool"),
    ),
)
