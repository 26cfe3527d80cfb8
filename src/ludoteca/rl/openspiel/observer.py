"""Information states and observations of the OpenSpiel games, built from a seat's view and nothing else.

- **Strings.** The observation string is the seat's view as ``name=value`` lines (the rule options and the
  Kreta board are left out: they are the game's parameters, the same in every state). The information
  state string adds the seat's whole visible event log — every public event and the seat's own private
  ones, from the set-up on — so it has perfect recall: two positions with the same string are positions
  the seat cannot tell apart, and neither string depends on the seed beyond what the view shows.
- **Tensors.** Both are the encoding's ``observe(view)`` (``docs/rl.md`` says what each slot means). The
  encoding summarises the public history that matters (cards seen, scores, who played what), so the
  information-state tensor is the observation tensor: it is not perfect recall, the string is.
- **Spectators.** ``IIGObservationType(private_info=PrivateInfoType.NONE)`` observes the public view
  (``view(-1)``): what a spectator sees.

Before the deal is complete every seat knows the same nothing: a string saying how many seed bytes are
drawn (never which) and a tensor of zeros.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import fields, is_dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import pyspiel

from .game import SEED_BYTES, LudotecaState, Rules

STATIC_FIELDS = frozenset({"options", "board", "log"})
"""View fields left out of the strings: the game's parameters, and the log (written separately)."""


def _compact(value: object) -> str:
    kind = type(value)
    if kind is int or kind is str:
        return str(value)
    if kind is tuple or kind is list:
        items: Any = value
        if all(type(v) is int for v in items):
            return "(" + ",".join(map(str, items)) + ")"
        return "(" + ",".join(map(_compact, items)) + ")"
    if value is None:
        return "-"
    if kind is bool:
        return "1" if value else "0"
    if is_dataclass(value) and not isinstance(value, type):
        return "(" + ",".join(_compact(getattr(value, f.name)) for f in fields(value)) + ")"
    return str(value)


def _format_event(event: Any) -> str:
    return f"{event.kind} {event.seat} {_compact(event.data)}"


_memo_event = lru_cache(maxsize=1 << 16)(_format_event)


def _event_text(event: Any) -> str:
    """One log event as ``kind seat data``; memoised, since the events are shared by every state of a
    search and an information-state string writes them all (an event holding a list is not hashable)."""
    try:
        return _memo_event(event)
    except TypeError:
        return _format_event(event)


def view_text(view: Any, *, with_log: bool) -> str:
    """A view as ``name=value`` lines; with the log, one more line per visible event."""
    lines = [f"{f.name}={_compact(getattr(view, f.name))}" for f in fields(view) if f.name not in STATIC_FIELDS]
    if with_log:
        lines.append("log:")
        lines.extend(_event_text(event) for event in view.log)
    return "\n".join(lines)


def table_text(views: list[Any], spectator: Any) -> str:
    """A whole position from its views: the public view, then per seat what only that seat sees."""
    lines = [view_text(spectator, with_log=False)]
    for view in views:
        private = [
            f"{f.name}={_compact(getattr(view, f.name))}"
            for f in fields(view)
            if f.name not in STATIC_FIELDS
            and f.name != "player"
            and getattr(view, f.name) != getattr(spectator, f.name)
        ]
        lines.append(f"seat {view.player}: " + " ".join(private))
    return "\n".join(lines)


class ViewObserver:
    """OpenSpiel's Python observer protocol (``tensor``, ``dict``, ``set_from``, ``string_from``)."""

    def __init__(self, rules: Rules, iig_obs_type: pyspiel.IIGObservationType, params: Mapping[str, Any] | None):
        if params:
            raise ValueError(f"observation parameters are not supported; passed {dict(params)}")
        if not iig_obs_type.public_info:
            raise ValueError("a view always holds the public information: public_info=False is not supported")
        private = iig_obs_type.private_info
        if private == pyspiel.PrivateInfoType.ALL_PLAYERS:
            raise ValueError("observing every seat's private information at once is not supported")
        self.public_only = private == pyspiel.PrivateInfoType.NONE
        self.perfect_recall = bool(iig_obs_type.perfect_recall)
        self.encoding = rules.encoding
        shape = tuple(rules.encoding.observation_shape)
        self.tensor = np.zeros(math.prod(shape), np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def _seat(self, player: int) -> int:
        return -1 if self.public_only else player

    def set_from(self, state: LudotecaState, player: int) -> None:
        deal = state.deal
        if deal.core is None:
            self.tensor.fill(0.0)
            return
        key = ("tensor", self._seat(player))
        values = deal.cache.get(key)
        if values is None:
            values = deal.cache[key] = np.asarray(self.encoding.observe(deal.view(self._seat(player))), np.float32)
        self.tensor[:] = values.reshape(-1)

    def string_from(self, state: LudotecaState, player: int) -> str:
        deal = state.deal
        if deal.core is None:
            return f"deal: {len(deal.seed_bytes)} of {SEED_BYTES} seed bytes drawn"
        seat = self._seat(player)
        key = ("string", seat, self.perfect_recall)
        text = deal.cache.get(key)
        if text is None:
            text = deal.cache[key] = view_text(deal.view(seat), with_log=self.perfect_recall)
        return str(text)
