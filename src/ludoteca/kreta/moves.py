"""Movement and reach: the Commander's villager moves, the abbot's walk, the Farmer's harvest.

Pure functions of integer tables and plain lists; the state memoises their results.

The Commander's move set is exact. A placement of the player's villagers is one integer (4 bits
per province), an outcome is the difference of two placements. Near full provinces the search goes
step by step (each step moves one villager across one border, and the province limit is checked
against the placement *at that step*, so a villager may follow another out of a full province);
elsewhere the villagers cannot hinder each other and the outcomes are sums of single-villager
displacements. Both deduplicate outcomes, so every outcome is listed once.
"""

from __future__ import annotations

from collections.abc import Sequence

from .actions import CommanderMove
from .constants import ABBOT_STEPS, COMMANDER_POINTS, PROVINCE_LIMIT
from .tables import Tables, combine

_BIG = 1 << 20
_HALF_ALL = int("8" * 256, 16)
"""0x888...8: added to an outcome, it turns every signed digit d into d + 8 without borrows."""


def near_mask(t: Tables, villagers: int) -> int:
    """Provinces within 4 borders of a province in the bit mask ``villagers`` (pieces ignored)."""
    m = 0
    near = t.near
    p = 0
    while villagers:
        if villagers & 1:
            m |= near[p]
        villagers >>= 1
        p += 1
    return m


def needs_stepwise(t: Tables, positions: Sequence[int], count: Sequence[int], tight: int) -> bool:
    """Whether the province limit could stop one of these villagers' steps (then the search must go
    step by step).

    A province holding c >= 4 pieces refuses a villager only after 7 - c others have entered it in
    the same move, so only if 8 - c of the player's villagers from elsewhere can reach it with 4
    points in all (a full province: any one villager). ``positions``: the villagers' provinces, one
    entry per villager; ``tight``: bit mask of the provinces with 4 or more pieces.
    """
    dist = t.dist
    q = 0
    while tight:
        if tight & 1:
            need = 8 - count[q] if count[q] < 8 else 1
            ds = sorted(dist[p][q] for p in positions if p != q and dist[p][q] >= 0)
            if len(ds) >= need and sum(ds[:need]) <= COMMANDER_POINTS:
                return True
        tight >>= 1
        q += 1
    return False


def digit(delta: int, shift: int) -> int:
    """The signed 4-bit digit of an outcome at ``shift`` (the net change in one province)."""
    return (((delta + _HALF_ALL) >> shift) & 15) - 8


def commander_deltas(
    t: Tables,
    mine: Sequence[int],
    count: Sequence[int],
    blocked: int,
    own_abbot: int,
    static: bool,
) -> set[int]:
    """Every distinct outcome of moving the player's villagers with up to 4 movement points.

    An outcome is the net change of the player's villager placement, encoded as one integer with a
    signed 4-bit digit per province (``Tables.unit``). ``mine``: the player's villagers per province;
    ``count``: all abbots, villagers and villages per province; ``blocked``: bit mask of provinces
    holding another player's abbot and not the player's own; ``own_abbot``: the province of the
    player's abbot (or -1), where a villager may pass through even a full province.

    ``static=True`` promises that no province within reach holds more than 3 pieces: then the
    province limit can stop no step, the villagers move independently along shortest paths, and the
    outcomes are sums of single-villager displacements (much faster). Otherwise the search goes step
    by step.
    """
    if static:
        out = _static_deltas(t, mine, blocked)
        if not out:
            return out
    else:
        out = _stepwise_deltas(t, mine, count, blocked, own_abbot)
    if blocked and not t.abbot_blocks_passing:
        # villagers may cross another player's abbot's province but not stop in it
        shift = t.shift
        bad = [shift[q] for q in range(t.P) if blocked >> q & 1]
        out = {d for d in out if all(digit(d, sh) <= 0 for sh in bad)}
    return out


def _static_deltas(t: Tables, mine: Sequence[int], blocked: int) -> set[int]:
    """Outcomes when the villagers cannot hinder each other: sums of per-province group outcomes."""
    key = blocked if t.abbot_blocks_passing else 0
    groups = [(p, mine[p]) for p in range(t.P) if mine[p]]
    layers = t.group_reach(key, *groups[0])
    for p, m in groups[1:-1]:
        layers = combine(layers, t.group_reach(key, p, m))
    if len(groups) > 1:
        last = t.group_reach(key, *groups[-1])
        out: set[int] = set()
        for i in range(COMMANDER_POINTS + 1):
            xs = layers[i]
            for j in range(COMMANDER_POINTS + 1 - i):
                ys = last[j]
                if j == 0:
                    out |= xs
                elif i == 0:
                    out |= ys
                else:
                    out.update([x + y for x in xs for y in ys])
    else:
        out = set().union(*layers)
    out.discard(0)
    return out


def _stepwise_deltas(t: Tables, mine: Sequence[int], count: Sequence[int], blocked: int, own_abbot: int) -> set[int]:
    P, unit, shift = t.P, t.unit, t.shift
    init = 0
    start: list[int] = []
    for p in range(P):
        if mine[p]:
            init += mine[p] << shift[p]
            start.append(p)
    # cap[q]: how many of the player's villagers q can hold before it is full to them
    cap = [PROVINCE_LIMIT - count[q] + mine[q] for q in range(P)]
    if own_abbot >= 0:
        cap[own_abbot] = _BIG
    enter = t.enterable(blocked if t.abbot_blocks_passing else 0)
    seen = {init}
    level: list[tuple[int, tuple[int, ...]]] = [(init, tuple(start))]
    for depth in range(COMMANDER_POINTS):
        last = depth == COMMANDER_POINTS - 1
        nxt: list[tuple[int, tuple[int, ...]]] = []
        for s, pos in level:
            for p in pos:
                for q in enter[p]:
                    have = (s >> shift[q]) & 15
                    if have >= cap[q]:
                        continue
                    ns = s - unit[p] + unit[q]
                    if ns in seen:
                        continue
                    seen.add(ns)
                    if not last:
                        npos = pos
                        if (s >> shift[p]) & 15 == 1:
                            npos = tuple(x for x in pos if x != p)
                        if not have:
                            npos = (*npos, q)
                        nxt.append((ns, npos))
        level = nxt
    seen.discard(init)
    if own_abbot >= 0:
        # a villager may pass through a full province where its abbot stands, not stop there
        limit, sh = PROVINCE_LIMIT - count[own_abbot] + mine[own_abbot], shift[own_abbot]
        return {s - init for s in seen if (s >> sh) & 15 <= limit}
    return {s - init for s in seen}


def commander_move(t: Tables, delta: int) -> CommanderMove:
    """The action for the outcome ``delta`` (memoised: one object per outcome and board).

    For display, each villager that left a province is paired with the nearest remaining
    destination (taking the provinces left in id order), so that the text reads as real paths.
    """
    move = t.moves.get(delta)
    if move is not None:
        return move
    move = t.old_moves.get(delta)
    if move is not None:
        t.remember(delta, move)
        return move
    frm: list[int] = []
    to: list[int] = []
    u = delta + t.half
    for c, table in enumerate(t.chunks):
        v = u & 0xFFFF
        if v != 0x8888:
            part = table.get(v)
            if part is None:
                part = t.chunk(c, v)
            frm += part[0]
            to += part[1]
        u >>= 16
    pair, intern = t.pair, t.intern
    if len(to) == 1:
        one = pair[frm[0]][to[0]]
        move = CommanderMove(intern((one[0],)), intern((one[1],)), intern((one,)))
    else:
        rank, ids = t.rank, t.ids
        frm.sort(key=rank.__getitem__)
        to.sort(key=rank.__getitem__)
        left = list(to)
        pairs = []
        for src in frm:
            row = t.dist[src]
            best, best_d = 0, _BIG
            for i, dst in enumerate(left):
                if 0 <= row[dst] < best_d:
                    best, best_d = i, row[dst]
            pairs.append(pair[src][left.pop(best)])
        pairs.sort()
        move = CommanderMove(intern(tuple([ids[x] for x in frm])), intern(tuple([ids[x] for x in to])), tuple(pairs))
    t.remember(delta, move)
    return move


def delta_of(t: Tables, move: CommanderMove) -> int:
    """The outcome of ``move`` encoded as in :func:`commander_deltas` (its provinces must exist)."""
    unit, index = t.unit, t.index
    return sum(unit[index[b]] for b in move.to) - sum(unit[index[a]] for a in move.frm)


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
