"""Kreta as a plug-in: the rules core and where its presenter, guide, strategy, search, encoding and counters live."""

from __future__ import annotations

from ludoteca.core.plugin import DataOption, GamePlugin, OptionSpec
from ludoteca.kreta import DEFINITION, KretaAction, KretaState, KretaView


def _(message: str) -> str:
    """Marks a label for translation (extracted by ``scripts/i18n.sh``; translated when shown)."""
    return message


SEAT_COLOURS = (_("Red"), _("Blue"), _("Yellow"), _("Green"))
"""The rules' seat names, marked for translation: a seat nobody named is shown by its colour in the reader's
language (``ludoteca.present.common.colour_name``)."""


PLUGIN: GamePlugin[KretaState, KretaAction, KretaView] = GamePlugin(
    rules=DEFINITION,
    facets={
        "presenter": "ludoteca.present.kreta.presenter:PRESENTER",
        "guide": "ludoteca.present.kreta.guide:GUIDE",
        "strategy": "ludoteca.bots.heuristic_kreta:choose",
        "lookahead": "ludoteca.bots.search_kreta:LOOKAHEAD",
        "encoding": "ludoteca.rl.encoding_kreta:KretaEncoding",
        "counters": "ludoteca.sim.counts_kreta",
        "openspiel": "ludoteca.rl.openspiel.kreta:SPEC",
    },
    lobby_options=(
        OptionSpec("abbot_blocks_passing", _("Abbots block passing villagers"), "bool"),
        OptionSpec(
            "takeback",
            _("At a scoring, cards go back into hand for"),
            "choice",
            ("all", "castellan"),
            (_("Every player"), _("Only the Castellan's player")),
        ),
    ),
    # A board of one's own is a file at a terminal only; a record from the network plays on the shipped map
    # (an explicit set-up may still carry a board as data, see docs/kreta-rules.md).
    data_options=(DataOption("board", (None,)),),
)
