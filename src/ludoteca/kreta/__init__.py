"""Kreta (Stefan Dorra, Goldsieber 2005): the rules core.

Seven character cards, influence over the provinces of Crete, eleven scorings. The public API:
:func:`new_game` and :func:`from_setup` start a game, :class:`KretaState` is the game protocol of
``ludoteca.core.game`` (legal actions, checked ``apply``, views, results), the actions live in
:mod:`ludoteca.kreta.actions` with their text and JSON notation, and :data:`DEFINITION` is how the
outer layers (CLI, bots, simulations) find the game. The rules implemented, and every decision where
the specification is silent, are in ``docs/kreta-rules.md``.
"""

from __future__ import annotations

from ludoteca.core.game import GameDefinition

from . import actions
from .actions import KretaAction, action_from_json, parse_action
from .board import Board, board_from_dict, load_board
from .board_checks import option_warnings
from .components import SEAT_NAMES
from .determinize import determinize
from .options import RULES_VERSION, KretaOptions
from .setup import from_setup, new_game, to_setup
from .state import KretaState
from .undo import can_undo
from .view import KretaView

DEFINITION: GameDefinition[KretaState, KretaAction, KretaView, KretaOptions] = GameDefinition(
    name="kreta",
    title="Kreta",
    min_players=2,
    max_players=4,
    options_from_dict=KretaOptions.from_dict,
    options_to_dict=KretaOptions.to_dict,
    new_game=new_game,
    from_setup=from_setup,
    parse_action=parse_action,
    action_from_json=action_from_json,
    progress_key="scorings",
    seat_names=SEAT_NAMES,
    view_type=KretaView,
    rules_version=RULES_VERSION,
    determinize=determinize,
    can_undo=can_undo,
    option_warnings=option_warnings,
)

__all__ = [
    "DEFINITION",
    "Board",
    "KretaAction",
    "KretaOptions",
    "KretaState",
    "KretaView",
    "action_from_json",
    "actions",
    "board_from_dict",
    "can_undo",
    "determinize",
    "from_setup",
    "load_board",
    "new_game",
    "parse_action",
    "to_setup",
]
