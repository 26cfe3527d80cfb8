"""Everything the server says about a game in words, in the language of a connection.

The words are the game's presenter's (:mod:`ludoteca.present`), found through the game's plug-in — the
same the terminal speaks. One entry point per question: the log (:func:`log_lines`), a label per legal
action (:func:`action_label`), what the seat to act must do now (:func:`phase_text`), the final-scoring
columns (:func:`breakdown_labels`). All pure: a view, the seat names and a :class:`~.i18n.Translator` in,
strings out — the state message is assembled from them per connection.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ludoteca import games
from ludoteca.present import Presenter, for_view, presenter

from ..language.i18n import Translator


def _of(view: object) -> Presenter[Any, Any]:
    """The presenter of the game ``view`` belongs to (a ``TypeError`` for anything else)."""
    try:
        return for_view(view)
    except games.UnknownGameError as e:
        raise TypeError(f"no words for a {type(view).__name__}: not the view of a registered game") from e


def log_lines(view: Any, names: Sequence[str], tr: Translator, start: int = 0) -> list[str]:
    """One line per event of ``view.log`` from index ``start`` on (the log is already what the seat may see)."""
    words = _of(view)
    return [words.log_line(view, e, names, tr) for e in view.log[start:]]


def action_label(view: Any, action: Any, names: Sequence[str], tr: Translator) -> str:
    """A short label for a legal action of the seat to act ("Play supply 5 + 3 (8 CP)"); the labels of
    one position's legal actions are all different."""
    return _of(view).action_label(view, action, names, tr)


def phase_text(view: Any, names: Sequence[str], tr: Translator) -> str:
    """What the seat to act must do now, in one sentence: addressed to that seat in its own view, said of
    it to everyone else; who won once the game is over."""
    return _of(view).phase_text(view, names, tr)


def phase_title(view: Any, tr: Translator) -> str:
    """The phase's name ("Phase 3: play supply cards", "The Castellan's choice")."""
    return _of(view).phase_title(view, tr)


def rules_text(view: Any, tr: Translator) -> str:
    """The rule options the game is played with, in one line."""
    return _of(view).rules_text(view, tr)


def breakdown_labels(game: str, tr: Translator) -> dict[str, str]:
    """Labels for the keys of ``GameResult.breakdown`` of ``game`` (empty for a game not registered)."""
    try:
        found = games.plugin(game)
    except games.UnknownGameError:
        return {}
    return presenter(found).breakdown_labels(tr)


def game_title(game: str, tr: Translator) -> str:
    """The game's title: the published one, the same in every language."""
    try:
        return games.plugin(game).title
    except games.UnknownGameError:
        return game


__all__ = ["action_label", "breakdown_labels", "game_title", "log_lines", "phase_text", "phase_title", "rules_text"]
