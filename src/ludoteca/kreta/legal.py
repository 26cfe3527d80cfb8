"""Legal actions: per card, looked up in the board's memo caches or computed and cached.

Each card's actions depend on a few small keys — bit masks of full provinces, free nodes and full
ports, the seat's villager placement, the provinces guarded against it — so the lists are shared by
every state (and clone) that has the same key. A state's whole list is the concatenation of its
cards' lists, the King's being the same actions wrapped in :class:`~ludoteca.kreta.actions.King`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import CASTELLAN_ACTION, HARVEST, KEEP, REPLACE, AdmiralMove
from .constants import ABBOT, ADMIRAL, ARCHITECT, CASTELLAN, COMMANDER, FARMER, KING, OVER, PLAY, SUPPLY
from .moves import abbot_destinations, commander_deltas, commander_move, harvest, near_mask, needs_stepwise
from .tables import EMPTY, Entry

if TYPE_CHECKING:
    from .state import KretaState

_CHOICE_ACTIONS = [KEEP, REPLACE]


def blocked(st: KretaState, s: int) -> int:
    """Provinces ``s`` may not bring villagers or villages into: another's abbot and not theirs."""
    bit, ab = st._t.bit, st._abbot
    m = 0
    for o in range(st._n):
        if o != s and ab[o] >= 0:
            m |= bit[ab[o]]
    if ab[s] >= 0:
        m &= ~bit[ab[s]]
    return m


def entries(st: KretaState, s: int, card: int) -> tuple[Entry, ...]:
    """The legal actions of ``card`` for seat ``s``, as cached lists (empty: the card can't be played)."""
    t = st._t
    small = t.small
    if card == COMMANDER:
        out: tuple[Entry, ...] = ()
        guarded = blocked(st, s)
        if st._villres[s]:
            key: Any = (COMMANDER, st._fullmask | guarded)
            e = small.get(key)
            if e is None:
                m = st._fullmask | guarded
                e = small.put(key, Entry([t.commander_place[p] for p in range(t.P) if not m >> p & 1]))
            out = (e,)
        vcode = st._vcode[s]
        if vcode:
            ab = st._abbot[s]
            P = t.P
            tight = st._tightmask & near_mask(t, st._vmask[s])
            static = True
            if tight:
                mine = st._vill[s * P : s * P + P]
                positions = [p for p in range(P) for _ in range(mine[p])]
                static = not needs_stepwise(t, positions, st._count, tight)
            key = (vcode, guarded) if static else (vcode, guarded, ab, st._tight)
            e = t.commander.get(key)
            if e is None:
                mine = st._vill[s * P : s * P + P]
                deltas = sorted(commander_deltas(t, mine, st._count, guarded, ab, static))
                memo = t.moves
                moves = [memo.get(d) or commander_move(t, d) for d in deltas]
                e = t.commander.put(key, Entry(moves, deltas, t.kings))
            out = (*out, e)
        return out
    if card == ARCHITECT:
        out = ()
        if st._fortres[s] and st._freemask:
            key = (ARCHITECT, st._freemask)
            e = small.get(key)
            if e is None:
                free = st._freemask
                e = small.put(key, Entry([t.fort[k] for k in range(t.N) if free >> k & 1]))
            out = (e,)
        if st._villageres[s] and SUPPLY["village"] - st._villageres[s] < len(st._harvested[s]):
            m = st._fullmask | blocked(st, s)
            key = (-ARCHITECT, m)
            e = small.get(key)
            if e is None:
                e = small.put(key, Entry([t.village[p] for p in range(t.P) if not m >> p & 1]))
            out = (*out, e)
        return out
    if card == ADMIRAL:
        ships = st._ships[s]
        key = (ADMIRAL, ships, len(ships) < SUPPLY["ship"], st._portfull)
        e = small.get(key)
        if e is None:
            e = small.put(key, Entry(admiral_actions(st, ships)))
        return (e,)
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
            e = small.put(key, Entry(acts))
        return (e,)
    if card == FARMER:
        key = (FARMER, st._vmask[s], st._ships[s], st._tilemask)
        e = small.get(key)
        if e is None:
            e = small.put(key, Entry([HARVEST] if harvest(t, st._vmask[s], st._ships[s], st._tile) else []))
        return (e,)
    return (EMPTY,)


def admiral_actions(st: KretaState, ships: tuple[int, ...]) -> list[Any]:
    t = st._t
    ids, full = t.ids, st._portfull
    open_ports = [p for p in t.ports if not full >> p & 1 and p not in ships]
    acts: list[Any] = []
    if len(ships) < SUPPLY["ship"]:
        acts += [t.admiral_place[p] for p in open_ports]
    for a in ships:
        acts += [AdmiralMove((ids[a],), (ids[c],)) for c in open_ports]
    if len(ships) == 2:
        for i, c in enumerate(open_ports):
            for d in open_ports[i + 1 :]:
                acts.append(AdmiralMove(tuple(sorted((ids[ships[0]], ids[ships[1]]))), tuple(sorted((ids[c], ids[d])))))
    return acts


def legal_list(st: KretaState) -> list[Any]:
    """Every legal action of the seat to act, in card order (the King's after the cards in hand)."""
    if st._phase != PLAY:
        legal = [] if st._phase == OVER else _CHOICE_ACTIONS
    else:
        s = st._to_act
        hand = st._hand[s]
        legal = []
        for card in (ADMIRAL, COMMANDER, ABBOT, FARMER, ARCHITECT):
            if hand >> card & 1:
                for e in entries(st, s, card):
                    legal += e.acts
        if hand >> KING & 1:
            for card in st._played[s]:
                for e in entries(st, s, card):
                    legal += e.king()
        if hand >> CASTELLAN & 1:
            legal.append(CASTELLAN_ACTION)
    return legal
