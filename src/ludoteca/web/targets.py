"""Click targets: which things on the table a legal action involves, as keys of the SVGs' ``data-target``.

The page keeps a selection (a multiset of clicked keys) and narrows the legal actions to those whose
targets contain it; when one is left whose targets equal the selection it is played, otherwise the
candidates are offered as buttons. So each action lists what a player would click to mean it, in the
order they would click it, and an action with nothing to click (pass, stop, keep, supply none) lists
nothing and is always a button. Each game's presenter (:mod:`ludoteca.present`) draws the SVG elements
carrying the keys and says which keys an action involves (``ludoteca.present.verraeter.targets``,
``ludoteca.present.kreta.targets``); this module finds the presenter through the game's plug-in.
"""

from __future__ import annotations

from ludoteca import games
from ludoteca.present import for_view

__all__ = ["targets"]


def targets(view: object, action: object) -> list[str]:
    """The keys ``action`` involves, for the game ``view`` belongs to (a multiset, in clicking order)."""
    try:
        found = for_view(view)
    except games.UnknownGameError as e:
        raise TypeError(f"no click targets for a {type(view).__name__}: not the view of a registered game") from e
    return found.targets(view, action)
