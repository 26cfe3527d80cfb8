"""Undo within the turn (#34): which Kreta steps a player may take back before anyone else has learnt anything.

Board Game Arena's rule: a step may be undone while the turn is still the same seat's, no hidden card has been
turned up since and no random draw made. ``can_undo`` says it from the rules, per kind of action, so a front
end asks before it offers the undo; the record of the game is not touched by this module (an undo replays the
record without its last action). "Undo" rather than "take back", which in Kreta means the played character
cards going back into hand at a scoring (option ``takeback``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import CommanderMove, King, Step
from .components import MOVE, PLAY

if TYPE_CHECKING:
    from .state import KretaState


def can_undo(st: KretaState, action: object) -> bool:
    """Whether applying the legal ``action`` in ``st`` keeps everything but that step undoable: no draw from
    the generator, nothing hidden shown to any seat, and the same seat still to act.

    Kreta draws nothing at random once the game is set up, and its only hidden things are the face-down fort
    cards; so a step can be undone exactly when the turn stays with its seat. Per kind of action
    (docs/kreta-rules.md, "Undo"):

    - the Commander's movement, begun with the card or through the King (``commander a->b``, ``king commander
      a->b``): yes — the same seat goes on with its movement points;
    - a further ``step`` of the movement: yes while a movement point is left after it; the step spending the
      last point ends the turn, so no;
    - ``stop``: no, it ends the movement and the turn;
    - every other card action (placing, moving the abbot or ships, building, harvesting, the King carrying one
      out): no, the turn passes to the next seat;
    - the Castellan: no — it turns the next fort card face up (and the scoring ends the turn or, when the pile
      has a card left, leads to the keep-or-replace choice with that card shown), or ends the game;
    - ``keep`` / ``replace``: no, the turn passes (and ``replace`` turns up a card from the pile).
    """
    if st.phase == MOVE:
        return isinstance(action, Step) and st.move_points > 1
    if st.phase != PLAY:
        return False
    if isinstance(action, King):
        return isinstance(action.action, CommanderMove)
    return isinstance(action, CommanderMove)
