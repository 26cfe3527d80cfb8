"""The one bot-game loop: bots in every seat play a game to the end.

The arena, the simulation and a simulated game's replay all play through :func:`play_out`, so a game
they play from the same seeds is the same game everywhere. Bots see only ``state.view(seat)`` and a
copy of the legal actions (they cannot alter what they are checked against); a bot that raises, or
returns an action that is not legal, stops the game with one clear line saying who and where, not a
traceback. The time spent in each bot's ``choose`` is measured per seat (the arena reports it).
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from ludoteca.core.errors import LudotecaError

from .base import Bot


class BotGameError(LudotecaError):
    """A bot failed in a bot game: it raised an exception, or returned an action that is not legal."""


@dataclass
class Played:
    """A finished bot game: the final state, the moves, and each seat's decisions and thinking time."""

    state: Any
    moves: list[tuple[int, Any]] = field(default_factory=list)
    """``(seat, action)`` in the order played."""
    decisions: list[int] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    """Total time in each seat's ``choose`` calls."""
    longest: list[float] = field(default_factory=list)
    """Each seat's longest single ``choose`` call."""


def play_out(
    state: Any,
    players: Sequence[Bot],
    specs: Sequence[str],
    where: str = "",
    error: Callable[[str], LudotecaError] = BotGameError,
) -> Played:
    """Play ``state`` to the end, seat ``s`` decided by ``players[s]`` (described as ``specs[s]`` in errors).

    ``where`` (e.g. ``"deal 3, rotation 1"``) ends every error message in brackets; ``error`` builds the
    exception raised (the caller's own :class:`~ludoteca.core.errors.LudotecaError` subclass).
    """
    n = len(players)
    played = Played(state, [], [0] * n, [0.0] * n, [0.0] * n)
    at = f" ({where})" if where else ""
    moves, decisions, seconds, longest = played.moves, played.decisions, played.seconds, played.longest
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.legal_actions()
        view, offered = state.view(seat), list(legal)
        started = time.perf_counter()
        try:
            action = players[seat].choose(view, offered)
        except Exception as exc:  # e.g. a bot that cannot play this game: one line, not a traceback
            raise error(f"bot {specs[seat]!r} in seat {seat + 1} failed: {type(exc).__name__}: {exc}{at}") from exc
        took = time.perf_counter() - started
        decisions[seat] += 1
        seconds[seat] += took
        longest[seat] = max(longest[seat], took)
        if action not in legal:
            raise error(f"bot {specs[seat]!r} in seat {seat + 1} returned an illegal action {_text(action)}{at}")
        state.apply(action)
        moves.append((seat, action))
    return played


def _text(action: object) -> str:
    """The action's notation for an error message, or its ``repr`` if it has none (or it fails)."""
    to_text = getattr(action, "to_text", None)
    try:
        return repr(to_text()) if callable(to_text) else repr(action)
    except Exception:
        return repr(action)
