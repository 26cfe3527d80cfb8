"""Verräter and Kreta as OpenSpiel Python games; importing this package registers both.

```python
import pyspiel
import ludoteca.rl.openspiel  # registers ludoteca_verraeter and ludoteca_kreta

game = pyspiel.load_game("ludoteca_verraeter", {"players": 3, "edition": 1998})
```

The games are thin layers over the rules cores (:mod:`.game`), with strings and tensors from a seat's
view (:mod:`.observer`) and the shared action ids of :mod:`ludoteca.rl.encoding`. :mod:`.bot` seats
OpenSpiel's own IS-MCTS at ludoteca tables (``openspiel-ismcts``). See ``docs/openspiel.md``.
"""

from __future__ import annotations

from typing import Any

import pyspiel

from .game import LudotecaGame, LudotecaState
from .kreta import KretaGame
from .verraeter import VerraeterGame

GAMES = {"verraeter": VerraeterGame.spec.short_name, "kreta": KretaGame.spec.short_name}
"""The OpenSpiel name of each ludoteca game."""


def load_game(game: str, players: int | None = None, **params: Any) -> LudotecaGame:
    """``pyspiel.load_game`` for a ludoteca game named the ludoteca way (``verraeter``, ``kreta``)."""
    if players is not None:
        params["players"] = players
    loaded: LudotecaGame = pyspiel.load_game(GAMES[game], params)
    return loaded


__all__ = ["GAMES", "KretaGame", "LudotecaGame", "LudotecaState", "VerraeterGame", "load_game"]
