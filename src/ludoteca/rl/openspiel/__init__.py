"""Every registered game as an OpenSpiel Python game; importing this package registers them all.

```python
import pyspiel
import ludoteca.rl.openspiel  # registers ludoteca_verraeter, ludoteca_kreta and every plug-in game

game = pyspiel.load_game("ludoteca_verraeter", {"players": 3, "edition": 1998})
```

The games are thin layers over the rules cores (:mod:`.game`), with strings and tensors from a seat's
view (:mod:`.observer`); a game's names, parameters and bound on its length are its plug-in's
``openspiel`` facet (a :class:`~.game.GameSpec`, :mod:`.verraeter`, :mod:`.kreta`) or derived from its rules
(:func:`~.game.spec_for`); a game registered later is added with :func:`register_all`. Action ids are
the shared ones of :mod:`ludoteca.rl.encoding`. :mod:`.bot` seats OpenSpiel's own IS-MCTS at ludoteca
tables (``openspiel-ismcts``). See ``docs/openspiel.md``.
"""

from __future__ import annotations

from typing import Any

import pyspiel

from .game import LudotecaGame, LudotecaState, game_class, register_all

GAMES = register_all()
"""The OpenSpiel name of each ludoteca game registered when this package was imported."""

VerraeterGame = game_class("verraeter")
KretaGame = game_class("kreta")


def load_game(game: str, players: int | None = None, **params: Any) -> LudotecaGame:
    """``pyspiel.load_game`` for a ludoteca game named the ludoteca way (``verraeter``, ``kreta``)."""
    if players is not None:
        params["players"] = players
    loaded: LudotecaGame = pyspiel.load_game(game_class(game).spec.short_name, params)
    return loaded


__all__ = [
    "GAMES",
    "KretaGame",
    "LudotecaGame",
    "LudotecaState",
    "VerraeterGame",
    "game_class",
    "load_game",
    "register_all",
]
