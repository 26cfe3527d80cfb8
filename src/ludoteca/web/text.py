"""Everything the server says about a game in words, in the language of a connection.

One entry point per question, dispatching on the view's type to the game's own module
(``text_verraeter``, ``text_kreta``): the log (:func:`log_lines`), a label per legal action
(:func:`action_label`), what the seat to act must do now (:func:`phase_text`), the final-scoring
columns (:func:`breakdown_labels`). All pure: a view, the seat names and a :class:`~.i18n.Translator` in,
strings out — the state message is assembled from them per connection.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludoteca.kreta.view import KretaView
from ludoteca.verraeter.view import VerraeterView

from . import text_kreta, text_verraeter
from .i18n import Translator

View = VerraeterView | KretaView


def _unknown(view: object) -> TypeError:
    return TypeError(f"no words for a {type(view).__name__}: not a Verräter or Kreta view")


def log_lines(view: View, names: Sequence[str], tr: Translator, start: int = 0) -> list[str]:
    """One line per event of ``view.log`` from index ``start`` on (the log is already what the seat may see)."""
    if isinstance(view, VerraeterView):
        return [text_verraeter.log_line(view, e, names, tr) for e in view.log[start:]]
    if isinstance(view, KretaView):
        return [text_kreta.log_line(view, e, names, tr) for e in view.log[start:]]
    raise _unknown(view)


def action_label(view: View, action: Any, names: Sequence[str], tr: Translator) -> str:
    """A short label for a legal action of the seat to act ("Play supply 5 + 3 (8 CP)"); the labels of
    one position's legal actions are all different."""
    if isinstance(view, VerraeterView):
        return text_verraeter.action_label(view, action, names, tr)
    if isinstance(view, KretaView):
        return text_kreta.action_label(view, action, names, tr)
    raise _unknown(view)


def phase_text(view: View, names: Sequence[str], tr: Translator) -> str:
    """What the seat to act must do now, in one sentence: addressed to that seat in its own view, said of
    it to everyone else; who won once the game is over."""
    if isinstance(view, VerraeterView):
        return text_verraeter.phase_text(view, names, tr)
    if isinstance(view, KretaView):
        return text_kreta.phase_text(view, names, tr)
    raise _unknown(view)


def phase_title(view: View, tr: Translator) -> str:
    """The phase's name ("Phase 3: play supply cards", "The Castellan's choice")."""
    if isinstance(view, VerraeterView):
        return text_verraeter.phase_title(view, tr)
    if isinstance(view, KretaView):
        return text_kreta.phase_title(view, tr)
    raise _unknown(view)


def rules_text(view: View, tr: Translator) -> str:
    """The rule options the game is played with, in one line."""
    if isinstance(view, VerraeterView):
        return text_verraeter.rules_text(view, tr)
    if isinstance(view, KretaView):
        return text_kreta.rules_text(view, tr)
    raise _unknown(view)


def breakdown_labels(game: str, tr: Translator) -> dict[str, str]:
    """Labels for the keys of ``GameResult.breakdown`` of ``game`` ("verraeter" or "kreta"; else empty)."""
    if game == "verraeter":
        return text_verraeter.breakdown_labels(tr)
    if game == "kreta":
        return text_kreta.breakdown_labels(tr)
    return {}


def card_name(game: str, card: object, tr: Translator) -> str:
    """An action card (Verräter, by index) or character card (Kreta, by key) by its name."""
    if game == "verraeter":
        return text_verraeter.card_name(card, tr)
    if game == "kreta":
        return text_kreta.card_name(card, tr)
    return str(card)


def game_title(game: str, tr: Translator) -> str:
    """The game's title: the published one, the same in every language."""
    return {"verraeter": "Verräter", "kreta": "Kreta"}.get(game, game)


landscape_name = text_verraeter.landscape_name
house_name = text_verraeter.house_name
province_name = text_kreta.province_name
tile_name = text_kreta.tile_name

__all__ = [
    "action_label",
    "breakdown_labels",
    "card_name",
    "game_title",
    "house_name",
    "landscape_name",
    "log_lines",
    "phase_text",
    "phase_title",
    "province_name",
    "rules_text",
    "tile_name",
]
