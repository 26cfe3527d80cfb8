"""Movement and reach: the Commander's villager steps, the abbot's walk, the Farmer's harvest.

The Commander's movement is decided one step at a time: each step moves one villager of the seat
across one border (one movement point of 4). A step may not enter a province guarded by another
player's abbot (with ``abbot_blocks_passing``; without it, it may, but the movement may not end with
more of the seat's villagers there than at its start), nor a full province unless the seat's own
abbot stands there. The movement may end (``stop``, or by itself after the 4th point) only in a
*valid end*: the villagers stand differently from the start, and no province holds more than 7
pieces. A step after which no valid end can be reached with the points left is not offered, so the
player can never walk into a dead end and ``stop`` (or the last point) always stays reachable.

Almost always every open step leads straight to a valid end, and the open steps are a cached
:class:`~ludoteca.kreta.tables.StepSet` for the seat's villager provinces and the closed provinces.
Only three situations need a look ahead (a small depth-first search on the state itself, undone
afterwards): the step straight back to the start, a full province holding the seat's own abbot, and
another player's abbot that villagers may pass (option ``abbot_blocks_passing=false``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from .components import ABBOT_STEPS, PROVINCE_LIMIT
from .tables import STOP_ENTRY, Entry, Steps, Tables

if TYPE_CHECKING:
    from .state import KretaState


def blocked(st: KretaState, s: int) -> int:
    """Provinces ``s`` may not bring villagers or villages into: another's abbot and not theirs."""
    bit, ab = st.tables.bit, st.abbots
    m = 0
    for o in range(st.num_players):
        if o != s and ab[o] >= 0:
            m |= bit[ab[o]]
    if ab[s] >= 0:
        m &= ~bit[ab[s]]
    return m


def _closed(st: KretaState, s: int, guarded: int) -> int:
    """The provinces no step of ``s`` may enter now: full ones (but for its own abbot's) and, when
    abbots block passing, those guarded against it."""
    t = st.tables
    ab = st.abbots[s]
    closed = st.full_provinces
    if ab >= 0:
        closed &= ~t.bit[ab]
    if t.abbot_blocks_passing:
        closed |= guarded
    return closed


def step_sets(st: KretaState, s: int, guarded: int) -> list[Steps]:
    """The steps open to seat ``s`` now (before any look ahead), per province holding its villagers."""
    t = st.tables
    closed = _closed(st, s, guarded)
    steps = t.steps
    out = []
    m = st.villager_mask[s]
    while m:
        low = m & -m
        out.append(steps(low.bit_length() - 1, closed))
        m ^= low
    return out


def _risky(st: KretaState, s: int, guarded: int) -> bool:
    """Whether a step other than the one back to the start could fail to reach a valid end: the
    seat's own abbot stands in a full province, or villagers may pass another player's abbot."""
    ab = st.abbots[s]
    return bool((ab >= 0 and st.full_provinces >> ab & 1) or (guarded and not st.tables.abbot_blocks_passing))


def valid_end(st: KretaState, s: int, start: int, guarded: int) -> bool:
    """Whether the movement may end now: some villager stands elsewhere than at the start (``start``:
    the seat's placement code then), no province holds more than 7 pieces, and (villagers passing
    abbots) no more of the seat's villagers stand beside another's abbot than at the start."""
    t = st.tables
    code = st.villager_code[s]
    if code == start:
        return False
    ab = st.abbots[s]
    if ab >= 0 and st.pieces[ab] > PROVINCE_LIMIT:
        return False
    if guarded and not t.abbot_blocks_passing:
        shift = t.shift
        for q in range(t.P):
            if guarded >> q & 1 and (code >> shift[q]) & 15 > (start >> shift[q]) & 15:
                return False
    return True


def finishable(st: KretaState, s: int, start: int, guarded: int, left: int) -> bool:
    """Whether a valid end can be reached from the current placement with ``left`` points."""
    if valid_end(st, s, start, guarded):
        return True
    if not left:
        return False
    return any(
        after_step(st, s, p, q, start, guarded, left - 1) for ss in step_sets(st, s, guarded) for p, q in ss.pairs
    )


def after_step(st: KretaState, s: int, p: int, q: int, start: int, guarded: int, left: int) -> bool:
    """Whether, after the step p -> q, a valid end can be reached with ``left`` points (the state is
    changed for the look ahead and restored)."""
    st.add_villager(s, p, -1)
    st.add_villager(s, q, 1)
    try:
        return finishable(st, s, start, guarded, left)
    finally:
        st.add_villager(s, q, -1)
        st.add_villager(s, p, 1)


def first_steps(st: KretaState, s: int, guarded: int) -> list[Entry]:
    """The Commander's legal first steps (as ``commander a->b`` actions) for seat ``s``, as non-empty
    lists (3 points remain after them)."""
    t = st.tables
    if not _risky(st, s, guarded):
        # the per-province step lists are cached; a cache of their concatenation would rarely hit
        closed = _closed(st, s, guarded)
        steps = t.steps
        out: list[Entry] = []
        m = st.villager_mask[s]
        while m:
            low = m & -m
            e = steps(low.bit_length() - 1, closed).first
            if e.acts:
                out.append(e)
            m ^= low
        return out
    sets = step_sets(st, s, guarded)
    start = st.villager_code[s]
    acts: list[Any] = []
    codes: list[int] = []
    for ss in sets:
        first = ss.first
        for i, (p, q) in enumerate(ss.pairs):
            if after_step(st, s, p, q, start, guarded, 2):
                acts.append(first.acts[i])
                codes.append(first.codes[i])
    return [Entry(acts, codes, t)] if acts else []


def movement_steps(st: KretaState, s: int, left: int, start: int) -> list[Entry]:
    """The legal actions in the middle of a movement with ``left`` points, as lists: steps, and
    ``stop`` when the villagers stand in a valid end."""
    t = st.tables
    bit, abbots = t.bit, st.abbots
    ab = abbots[s]
    guarded = 0  # blocked(st, s), inlined
    for a in abbots:
        if a >= 0:
            guarded |= bit[a]
    if ab >= 0:
        guarded &= ~bit[ab]
    stop = valid_end(st, s, start, guarded)
    if (ab >= 0 and st.full_provinces >> ab & 1) or (guarded and not t.abbot_blocks_passing):  # _risky
        acts: list[Any] = []
        codes: list[int] = []
        for out_of in step_sets(st, s, guarded):
            steps = out_of.steps
            for i, (p, q) in enumerate(out_of.pairs):
                if after_step(st, s, p, q, start, guarded, left - 1):
                    acts.append(steps.acts[i])
                    codes.append(steps.codes[i])
        out = [Entry(acts, codes)] if acts else []
        if stop:
            out.append(STOP_ENTRY)
        return out
    # every open step leads straight to a valid end, but perhaps the one back to the start
    back = t.back.get(st.villager_code[s] - start)
    if back is not None and left > 1:
        # back at the start, a movement can end legally if the own abbot's province is not full
        # then (every open step ends legally) and some step is open: the one from q into p is when
        # p is neither full then nor guarded
        p, q = back
        if (
            (ab < 0 or st.pieces[ab] + (q == ab) - (p == ab) < PROVINCE_LIMIT)
            and (p == ab or st.pieces[p] - 1 < PROVINCE_LIMIT)
            and not (t.abbot_blocks_passing and guarded >> p & 1)
        ) or after_step(st, s, p, q, start, guarded, left - 1):
            back = None
    closed = st.full_provinces & ~bit[ab] if ab >= 0 else st.full_provinces  # _closed, inlined
    if t.abbot_blocks_passing:
        closed |= guarded
    step_cache, nbr = t.step_cache, t.nbrmask
    got: list[Entry] = []
    m = st.villager_mask[s]
    while m:
        low = m & -m
        p = low.bit_length() - 1
        ss = step_cache[p].get(closed & nbr[p])
        if ss is None:
            ss = t.steps(p, closed)
        e = ss.without(back) if back is not None and back[0] == ss.p else ss.steps
        if e.acts:
            got.append(e)
        m ^= low
    if stop:
        got.append(STOP_ENTRY)
    return got


def abbot_destinations(t: Tables, start: int, count: Sequence[int]) -> list[int]:
    """Provinces the abbot can reach from ``start`` crossing 1 to 3 borders, never entering a full one."""
    reached = {start}
    frontier = [start]
    for _ in range(ABBOT_STEPS):
        nxt = []
        for p in frontier:
            for q in t.adj[p]:
                if q not in reached and count[q] < PROVINCE_LIMIT:
                    reached.add(q)
                    nxt.append(q)
        frontier = nxt
    reached.discard(start)
    return sorted(reached)


def can_harvest(t: Tables, villagers: int, ships: Sequence[int], tiles: int) -> bool:
    """Whether a Farmer would harvest anything (bit-parallel :func:`harvest`; ``tiles``: the bit mask
    of provinces holding a farm tile)."""
    reach = 0
    for port in ships:
        reach |= t.bit[port]
    reach &= villagers
    if not reach:
        return False
    while True:
        if reach & tiles:
            return True
        grown = (reach | t.spread(reach)) & villagers
        if grown == reach:
            return False
        reach = grown


def harvest(t: Tables, villagers: int, ships: Sequence[int], tiles: Sequence[int]) -> list[int]:
    """The provinces whose tiles a Farmer harvests, sorted.

    ``villagers``: bit mask of provinces holding the player's villagers; ``ships``: the ports holding
    the player's ships; ``tiles``: the tile per province (-1 for none). A province counts if it holds a
    villager and a tile and is linked by villager-holding provinces to a port holding a ship (the
    port's province must hold a villager too).
    """
    bit, adj = t.bit, t.adj
    seen = 0
    stack = []
    for port in ships:
        if villagers & bit[port] and not seen & bit[port]:
            seen |= bit[port]
            stack.append(port)
    if not stack:
        return []
    out = []
    while stack:
        p = stack.pop()
        if tiles[p] >= 0:
            out.append(p)
        for q in adj[p]:
            if villagers & bit[q] and not seen & bit[q]:
                seen |= bit[q]
                stack.append(q)
    out.sort()
    return out
