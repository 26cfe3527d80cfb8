"""The guided first game's words on the wire: the ``guide`` of a state and the reasons of a hint.

A guided game is the page's, not the stored game's: a page that says ``guide: true`` in its ``hello``
gets, with every state, the lesson of the moment and what each of its choices means, and with every hint
why the hint prefers its choice — from the game's :class:`ludoteca.present.Guide`, in the connection's
language. Like everything sent to a seat, it is built from that seat's view only. A game without a guide
(a third game's plug-in need not have one) sends ``guide: null`` and plain hints.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

from ludoteca import games
from ludoteca.present import guide, guide_for_view

from ..language.i18n import Translator
from ..play.match import Match
from ..protocol.outgoing import GuideChoice, GuideWords, Hint

GUIDED_BOT = "ismcts:easy"
"""The guided game's opponents: the lobby's gentlest bot that still plays the game properly."""

MAX_CHOICES = 200
"""Most choices explained in one state (a Kreta turn has around a hundred; more would only weigh the page)."""


def guide_message(match: Match, seat: int, view: Any, tr: Translator) -> GuideWords | None:
    """``{title, paragraphs, choices: [{text, meaning}]}`` for ``seat``'s page, or None without a guide."""
    found = guide_for_view(view)
    if found is None:
        return None
    lesson = found.lesson(view, match.names_in(tr), tr)
    choices: list[GuideChoice] = []
    if seat >= 0 and match.human_to_act() == seat:
        choices = [
            {"text": a.to_text(), "meaning": found.meaning(view, a, tr)}
            for a in match.state.legal_actions()[:MAX_CHOICES]
        ]
    return {"title": lesson.title, "paragraphs": list(lesson.paragraphs), "choices": choices}


def explain_hint(message: Hint, view: Any, actions: Sequence[Any], tr: Translator) -> None:
    """Add to a ``hint`` message each suggestion's ``meaning`` and the ``reason`` the best beats the runner-up."""
    found = guide_for_view(view)
    if found is None or not actions:
        return
    items = [message["best"], *message["alternatives"]]
    for item, action in zip(items, actions, strict=False):
        item["meaning"] = found.meaning(view, action, tr)
    if len(actions) > 1:
        message["reason"] = found.reason(view, actions[0], actions[1], tr)


@cache
def guided_setup(name: str) -> dict[str, Any] | None:
    """The guided first game of the game ``name``, as the lobby creates it, or None if it has no guide.

    A fixed, friendly set-up: the fewest players the game allows (the learner and easy search bots), the
    default rules, and the first seed from 1 on with which the learner (seat 1) is the start player — they
    make the first choice of the game (Verräter's first Gutshof and first pick of the draft, Kreta's first
    card) instead of watching the bots begin.
    """
    plugin = games.plugin(name)
    if guide(plugin) is None:
        return None
    d = plugin.rules
    players = d.min_players
    options = d.options_from_dict({})
    seed = next((s for s in range(1, 1000) if d.new_game(options, s, players).view(0).start_player == 0), 1)
    return {"players": players, "bot": GUIDED_BOT, "seed": seed}
