"""Legal actions: small per-card lists looked up in the board's memo caches (or computed and cached).

Each card's actions depend on a few small keys — bit masks of full provinces, free nodes and full
ports, the provinces holding the seat's villagers, the provinces guarded against it — so the lists
(:class:`~ludoteca.kreta.tables.Entry`) are shared by every state and clone that has the same key. A
state's legal actions are the concatenation of its *parts* (one entry per card and kind, the King's
being the same actions wrapped in :class:`~ludoteca.kreta.actions.King`); ``apply`` finds an action
by identity in the parts and takes its integer form from the same place in the entry's ``codes``.

The Commander's movement is decided one step at a time (see :mod:`ludoteca.kreta.moves`): at card
play the legal first steps, in the movement sub-phase the legal next steps and ``stop``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .actions import CASTELLAN_ACTION, KEEP, REPLACE
from .components import (
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
from .moves import abbot_destinations, can_harvest, first_steps, movement_steps
from .tables import EMPTY, Entry

if TYPE_CHECKING:
    from typing import Any

    from .state import KretaState

CHOICE_ENTRY: Final = Entry([KEEP, REPLACE], [0, 0])
CASTELLAN_ENTRY: Final = Entry([CASTELLAN_ACTION], [0])


def admiral_actions(st: KretaState, ships: tuple[int, ...]) -> list[Any]:
    """Placing a ship (while one is in reserve) and moving one or both ships to open ports."""
    return admiral_entry(st, ships).acts


def admiral_entry(st: KretaState, ships: tuple[int, ...]) -> Entry:
    """:func:`admiral_actions` with their codes (a port's index, or an Admiral move's code)."""
    t = st.tables
    rank, full = t.rank, st.full_ports
    open_ports = [p for p in t.ports if not full >> p & 1 and p not in ships]
    acts: list[Any] = []
    codes: list[int] = []
    if len(ships) < SUPPLY["ship"]:
        acts += [t.admiral_place[p] for p in open_ports]
        codes += open_ports
    moves = t.admiral_moves
    for a in ships:
        for c in open_ports:
            code = t.admiral_move((a,), (c,))
            acts.append(moves[code])
            codes.append(code)
    if len(ships) == 2:
        a, b = ships
        frm = (a, b) if rank[a] < rank[b] else (b, a)  # as the action lists them: in id order
        for i, c in enumerate(open_ports):
            for d in open_ports[i + 1 :]:
                code = t.admiral_move(frm, (c, d) if rank[c] < rank[d] else (d, c))
                acts.append(moves[code])
                codes.append(code)
    return Entry(acts, codes, t)


def parts(st: KretaState) -> list[Entry]:
    """The lists that make up the legal actions of the seat to act, in card order (the King's after
    the cards in hand, then the Castellan); only non-empty ones. (A new list each time: the state keeps
    it, and its clones share it, so nobody changes it.)"""
    phase = st.phase
    if phase == MOVE:
        return movement_steps(st, st.to_act, st.move_points, st.move_start_code)
    if phase == CHOICE:
        return [CHOICE_ENTRY]
    if phase == OVER:
        return []
    s = st.to_act
    hand = st.hands[s]
    t = st.tables
    bit = t.bit
    ab = st.abbots
    own = ab[s]
    guarded = 0
    for a in ab:
        if a >= 0:
            guarded |= bit[a]
    if own >= 0:
        guarded &= ~bit[own]
    if hand >> KING & 1:
        played = st.played[s]
        need = hand
        for card in played:
            need |= 1 << card
    else:
        played = ()
        need = hand
    full = st.full_provinces
    # The cards' lists, computed only for the cards in hand or (with the King in hand) played, go straight
    # into ``out`` in card order when the card is in hand (a separate list only for a card the King alone
    # copies: fewer short-lived lists for the garbage collector); the King's versions follow from
    # ``com[c0:c1]`` and ``arch[a0:a1]``. The names are typed, so compiled code reads an entry's fields directly.
    e: Entry | None
    out: list[Entry] = []
    ships = st.ships[s]
    adm = abb = farm = EMPTY
    if need >> ADMIRAL & 1:
        # the seat's ships as a mask: with another mask, an integer key (no tuple to build and hash); the mask
        # with more distinct values goes into the low bits, which pick a key's slot in the dict
        docks = 0
        for p in ships:
            docks |= bit[p]
        key = docks << t.P | st.full_ports
        e = t.small.get(key)
        if e is None:
            e = t.small.put(key, admiral_entry(st, ships))
        adm = e
        if hand >> ADMIRAL & 1 and adm.acts:
            out.append(adm)
    com = out
    c0 = c1 = 0
    if need >> COMMANDER & 1:
        if not hand >> COMMANDER & 1:
            com = []
        c0 = len(com)
        if st.villager_reserve[s]:
            m = full | guarded
            e = t.commander_places.get(m)
            if e is None:
                ps = [p for p in range(t.P) if not m >> p & 1]
                e = t.commander_places.put(m, Entry([t.commander_place[p] for p in ps], ps, t))
            if e.acts:
                com.append(e)
        vmask = st.villager_mask[s]
        if vmask:
            if (own >= 0 and full >> own & 1) or (guarded and not t.abbot_blocks_passing):
                com += first_steps(st, s, guarded)
            else:  # the plain case of first_steps, inlined
                closed = full & ~bit[own] if own >= 0 else full
                if t.abbot_blocks_passing:
                    closed |= guarded
                step_cache, nbr = t.step_cache, t.nbrmask
                while vmask:
                    low = vmask & -vmask
                    p = low.bit_length() - 1
                    ss = step_cache[p].get(closed & nbr[p])
                    if ss is None:
                        ss = t.steps(p, closed)
                    if ss.first.acts:
                        com.append(ss.first)
                    vmask ^= low
        c1 = len(com)
    if need >> ABBOT & 1:
        key2 = full << 9 | (own + 1)
        e = t.abbots.get(key2)
        if e is None:
            if own < 0:
                ps = [p for p in range(t.P) if not full >> p & 1]
                e = Entry([t.abbot_place[p] for p in ps], ps, t)
            else:
                row = t.abbot_move[own]
                ps = abbot_destinations(t, own, st.pieces)
                e = Entry([row[q] for q in ps], ps, t)
            t.abbots.put(key2, e)
        abb = e
        if hand >> ABBOT & 1 and abb.acts:
            out.append(abb)
    # the Farmer's reach is worked out each time: a few mask operations, cheaper than a memo whose keys
    # (ships and villagers) rarely repeat
    if need >> FARMER & 1 and ships and can_harvest(t, st.villager_mask[s], ships, st.tile_mask):
        farm = t.farmer
        if hand >> FARMER & 1:
            out.append(farm)
    arch = out
    a0 = a1 = 0
    if need >> ARCHITECT & 1:
        if not hand >> ARCHITECT & 1:
            arch = []
        a0 = len(arch)
        free = st.free_nodes
        if free and st.fort_reserve[s]:
            e = t.forts.get(free)
            if e is None:
                ks = [k for k in range(t.N) if free >> k & 1]
                e = t.forts.put(free, Entry([t.fort[k] for k in ks], ks, t))
            if e.acts:
                arch.append(e)
        if st.village_reserve[s] and SUPPLY["village"] - st.village_reserve[s] < len(st.harvested[s]):
            m = full | guarded
            e = t.villages.get(m)
            if e is None:
                ps = [p for p in range(t.P) if not m >> p & 1]
                e = t.villages.put(m, Entry([t.village[p] for p in ps], ps, t))
            if e.acts:
                arch.append(e)
        a1 = len(arch)
    for card in played:  # the King's versions of the played cards' lists, in the order played
        if card == COMMANDER:
            for i in range(c0, c1):
                out.append(com[i].king)
        elif card == ADMIRAL:
            if adm.acts:
                out.append(adm.king)
        elif card == ABBOT:
            if abb.acts:
                out.append(abb.king)
        elif card == FARMER:
            if farm.acts:
                out.append(farm.king)
        elif card == ARCHITECT:
            for i in range(a0, a1):
                out.append(arch[i].king)
    if hand >> CASTELLAN & 1:
        out.append(CASTELLAN_ENTRY)
    return out
