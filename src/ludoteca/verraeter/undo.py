"""Undo within the turn (#34): which Verräter steps a player may take back before anyone else has learnt anything.

Board Game Arena's rule: a step may be undone while the turn is still the same seat's, no hidden card has been
turned up or drawn since and no random draw made. ``can_undo`` says it from the rules, per kind of action, so a
front end asks before it offers the undo; the record of the game is not touched by this module (an undo replays
the record without its last action). "Undo" rather than "take back": Kreta already uses "take back" for the
cards going back into hand at a scoring, and the two cores share the name.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Build, TurnEstate
from .components import BUILD_PHASE
from .state import draw_queue

if TYPE_CHECKING:
    from .state import VerraeterState


def can_undo(st: VerraeterState, action: object) -> bool:
    """Whether applying the legal ``action`` in ``st`` keeps everything but that step undoable: no draw from
    the generator, nothing hidden shown to any seat, and the same seat still to act.

    Per kind of action (docs/verraeter-rules.md, "Undo"):

    - a Gutshof placement, an action card kept in the draft, supply cards played: never — the turn passes to
      the next seat (after the last placement the start hands are dealt, after the last supply play the
      action cards are revealed);
    - setting the conflict: never — the start player shuffles the action cards and the draft begins;
    - the Builder's step (build, turn, pass): phases 8–10 follow at once; it can be undone exactly when phase
      10 stops, before any card is drawn and with no reshuffle, at a hand-limit choice of the Builder itself
      (``discard_timing=before``, the Builder first in the draw queue and over the limit). Otherwise cards
      are drawn into a hand, the discard pile is shuffled, or the round ends (a round that ends without a
      draw is a conservative "no": the start-player card has moved on to the next round);
    - a hand-limit discard: never — the seat then draws its cards (``before``) or the draws go on for the
      next seats (``after``), or the round ends. Conservative in one case: a discard after which the seat
      draws nothing (it kept its hand at the limit) and its next draw (the Diplomat +2's extra card) stops
      at itself again.
    """
    if st.phase != BUILD_PHASE:
        return False
    p = st.to_act
    owner = st.estate_owner[:]
    kontor = st.estate_kontor[:]
    if isinstance(action, Build):
        owner[action.landscape] = p
        kontor[action.landscape] = action.kontor
    elif isinstance(action, TurnEstate):
        kontor[action.landscape] = not kontor[action.landscape]
    options = st.options
    if options.discard_timing != "before":
        return False  # the first draw of phase 10 is made before anyone chooses (or the round ends)
    if options.rules_version >= 2 and not st.draw_pile and (st.discard or any(st.played)):
        return False  # the discard pile, with this round's supply, is shuffled into a new draw pile
    queue = draw_queue(
        options.draw_cap,
        st.start_player,
        st.chosen,
        st.allegiance,
        owner,
        kontor,
        st.land_house,
        diplomat_last=options.rules_version >= 2,
    )
    if not queue:
        return False  # the round ends (conservative: nothing is drawn, but the round is over)
    seat, cards = queue[0]
    return seat == p and len(st.hands[seat]) + cards > options.hand_limit
