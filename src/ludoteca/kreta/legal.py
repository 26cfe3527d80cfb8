"""Legal actions: small per-card lists looked up in the board's memo caches (or computed and cached).

Each card's actions depend on a few small keys — bit masks of full provinces, free nodes and full
ports, the provinces holding the seat's villagers, the provinces guarded against it — so the lists
(:class:`~ludoteca.kreta.tables.Entry`) are shared by every state and clone that has the same key. A
state's legal actions are the concatenation of its *parts* (one entry per card and kind, the King's
being the same actions wrapped in :class:`~ludoteca.kreta.actions.King`); ``apply`` checks an action
by identity against the parts' ``ids``.

The Commander's movement is decided one step at a time (see :mod:`ludoteca.kreta.moves`): at card
play the legal first steps, in the movement sub-phase the legal next steps and ``stop``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import CASTELLAN_ACTION, HARVEST, KEEP, REPLACE, AdmiralMove
from .constants import (
    ABBOT,
    ADMIRAL,
    ARCHITECT,
    CASTELLAN,
    CHOICE,
    COMMANDER,
    FARMER,
    KING,
    MOVE,
    OVER,
    SUPPLY,
)
from .moves import abbot_destinations, blocked, first_steps, harvest, movement_steps
from .tables import Entry

if TYPE_CHECKING:
    from typing import Any

    from .state import KretaState

CHOICE_ENTRY = Entry([KEEP, REPLACE])
CASTELLAN_ENTRY = Entry([CASTELLAN_ACTION])
NO_PARTS: tuple[Entry, ...] = ()


def entries(st: KretaState, s: int, card: int, guarded: int = -1) -> tuple[Entry, ...]:
    """The legal actions of ``card`` for seat ``s`` in the play phase, as non-empty cached lists
    (none: the card can't be played). ``guarded``: ``blocked(st, s)`` if already known."""
    t = st._t
    small = t.small
    if card == COMMANDER:
        if guarded < 0:
            guarded = blocked(st, s)
        out: tuple[Entry, ...] = ()
        if st._villres[s]:
            m = st._fullmask | guarded
            key: Any = (COMMANDER, m)
            e = small.get(key)
            if e is None:
                e = small.put(key, Entry([t.commander_place[p] for p in range(t.P) if not m >> p & 1], t))
            if e.acts:
                out = (e,)
        if st._vmask[s]:
            out = (*out, *first_steps(st, s, guarded))
        return out
    if card == ARCHITECT:
        out = ()
        if st._fortres[s] and st._freemask:
            key = (ARCHITECT, st._freemask)
            e = small.get(key)
            if e is None:
                free = st._freemask
                e = small.put(key, Entry([t.fort[k] for k in range(t.N) if free >> k & 1], t))
            out = (e,)
        if st._villageres[s] and SUPPLY["village"] - st._villageres[s] < len(st._harvested[s]):
            if guarded < 0:
                guarded = blocked(st, s)
            m = st._fullmask | guarded
            key = (-ARCHITECT, m)
            e = small.get(key)
            if e is None:
                e = small.put(key, Entry([t.village[p] for p in range(t.P) if not m >> p & 1], t))
            if e.acts:
                out = (*out, e)
        return out
    if card == ADMIRAL:
        ships = st._ships[s]
        key = (ADMIRAL, ships, st._portfull)
        e = small.get(key)
        if e is None:
            e = small.put(key, Entry(admiral_actions(st, ships), t))
        return (e,) if e.acts else NO_PARTS
    if card == ABBOT:
        ab = st._abbot[s]
        full = st._fullmask
        key = (ABBOT, ab, full)
        e = small.get(key)
        if e is None:
            if ab < 0:
                acts: list[Any] = [t.abbot_place[p] for p in range(t.P) if not full >> p & 1]
            else:
                row = t.abbot_move[ab]
                acts = [row[q] for q in abbot_destinations(t, ab, st._count)]
            e = small.put(key, Entry(acts, t))
        return (e,) if e.acts else NO_PARTS
    if card == FARMER:
        key = (FARMER, st._vmask[s], st._ships[s], st._tilemask)
        e = small.get(key)
        if e is None:
            e = small.put(key, Entry([HARVEST] if harvest(t, st._vmask[s], st._ships[s], st._tile) else [], t))
        return (e,) if e.acts else NO_PARTS
    return NO_PARTS


def admiral_actions(st: KretaState, ships: tuple[int, ...]) -> list[Any]:
    """Placing a ship (while one is in reserve) and moving one or both ships to open ports."""
    t = st._t
    ids, full = t.ids, st._portfull
    open_ports = [p for p in t.ports if not full >> p & 1 and p not in ships]
    acts: list[Any] = []
    if len(ships) < SUPPLY["ship"]:
        acts += [t.admiral_place[p] for p in open_ports]
    canon = t.canonical
    for a in ships:
        acts += [canon(AdmiralMove((ids[a],), (ids[c],))) for c in open_ports]
    if len(ships) == 2:
        frm = tuple(sorted((ids[ships[0]], ids[ships[1]])))
        for i, c in enumerate(open_ports):
            for d in open_ports[i + 1 :]:
                acts.append(canon(AdmiralMove(frm, tuple(sorted((ids[c], ids[d]))))))
    return acts


def parts(st: KretaState) -> tuple[Entry, ...]:
    """The lists that make up the legal actions of the seat to act, in card order (the King's after
    the cards in hand, then the Castellan)."""
    phase = st._phase
    if phase == MOVE:
        return movement_steps(st, st._to_act, st._mleft, st._mstart)
    if phase == CHOICE:
        return (CHOICE_ENTRY,)
    if phase == OVER:
        return NO_PARTS
    s = st._to_act
    hand = st._hand[s]
    out: list[Entry] = []
    guarded = blocked(st, s)
    for card in (ADMIRAL, COMMANDER, ABBOT, FARMER, ARCHITECT):
        if hand >> card & 1:
            out += entries(st, s, card, guarded)
    if hand >> KING & 1:
        for card in st._played[s]:
            for e in entries(st, s, card, guarded):
                out.append(e.king)
    if hand >> CASTELLAN & 1:
        out.append(CASTELLAN_ENTRY)
    return tuple(out)
