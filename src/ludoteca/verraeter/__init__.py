"""Verräter (Marcel-André Casasola Merkle, Adlung Spiele 1998; rules update 2008): the rules core.

Pure and deterministic: no I/O beyond reading the shipped landscape table, no clock, no global random.
"""

from ludoteca.core.game import GameDefinition

from .actions import Action, action_from_json, parse_action
from .determinize import determinize
from .options import RULES_VERSION, LandscapeTable, VerraeterOptions
from .scoring import switches_house
from .setup import from_setup, new_game
from .state import VerraeterState
from .undo import can_undo
from .view import VerraeterView

DEFINITION: GameDefinition[VerraeterState, Action, VerraeterView, VerraeterOptions] = GameDefinition(
    name="verraeter",
    title="Verräter",
    min_players=3,
    max_players=4,
    options_from_dict=VerraeterOptions.from_dict,
    options_to_dict=VerraeterOptions.to_dict,
    new_game=new_game,
    from_setup=from_setup,
    parse_action=parse_action,
    action_from_json=action_from_json,
    progress_key="rounds",
    seat_names=("Brown", "Blue", "Green", "Orange"),
    view_type=VerraeterView,
    rules_version=RULES_VERSION,
    determinize=determinize,
    can_undo=can_undo,
)

__all__ = [
    "DEFINITION",
    "Action",
    "LandscapeTable",
    "VerraeterOptions",
    "VerraeterState",
    "VerraeterView",
    "action_from_json",
    "can_undo",
    "determinize",
    "from_setup",
    "new_game",
    "parse_action",
    "switches_house",
]
