"""Helpers for the Kreta tests: small boards, positions on them, invariants, a brute-force reference.

``ladder()`` is a 16-province strip (two rows of eight: t0..t7 over b0..b7, t_i bordering t_i±1 and
b_i) with the published province types and seven ports, so that positions follow the full rules
while the shipped map is developed separately. ``worked_example()`` is the small board of the
specification's scoring example.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from ludoteca.core.rng import Rng
from ludoteca.kreta import KretaOptions, KretaState, from_setup, to_setup
from ludoteca.kreta.components import CARDS, MOVE, PROVINCE_LIMIT, SUPPLY, TILE_SUPPLY

TOP = ["hill", "mountain", "plain", "hill", "mountain", "hill", "mountain", "hill"]
BOTTOM = ["mountain", "hill", "hill", "mountain", "plain", "hill", "mountain", "hill"]
TOP_PORTS = {0, 2, 5}
BOTTOM_PORTS = {0, 3, 4, 7}


def ladder() -> dict[str, Any]:
    """Provinces t0..t7 over b0..b7; borders along each row and between t_i and b_i; 23 nodes."""
    provinces = []
    for row, kinds, ports in (("t", TOP, TOP_PORTS), ("b", BOTTOM, BOTTOM_PORTS)):
        for i, kind in enumerate(kinds):
            provinces.append({"id": f"{row}{i}", "name": f"{row.upper()}{i}", "type": kind, "port": i in ports})
    borders = []
    for i in range(8):
        borders.append([f"t{i}", f"b{i}"])
        if i < 7:
            borders.append([f"t{i}", f"t{i + 1}"])
            borders.append([f"b{i}", f"b{i + 1}"])
    nodes = [{"id": 1, "provinces": ["t0", "b0"]}]
    number = 2
    for i in range(7):
        for touches in (
            [f"t{i}", f"t{i + 1}"],
            [f"t{i}", f"t{i + 1}", f"b{i}", f"b{i + 1}"],
            [f"b{i}", f"b{i + 1}"],
        ):
            nodes.append({"id": number, "provinces": touches})
            number += 1
    nodes.append({"id": number, "provinces": ["t7", "b7"]})
    return {"name": "ladder", "provinces": provinces, "borders": borders, "nodes": nodes}


def worked_example() -> dict[str, Any]:
    """The specification's scoring example: node 2 touches A (3 VP), B (5 VP, port) and C (4 VP).

    D is a filler province; the other nodes carry the forts of the example.
    """
    return {
        "name": "worked example",
        "provinces": [
            {"id": "A", "name": "A", "type": "hill", "port": False},
            {"id": "B", "name": "B", "type": "hill", "port": True},
            {"id": "C", "name": "C", "type": "plain", "port": False},
            {"id": "D", "name": "D", "type": "mountain", "port": True},
        ],
        "borders": [["A", "B"], ["B", "C"], ["A", "C"], ["A", "D"], ["B", "D"], ["C", "D"]],
        "nodes": [
            {"id": 1, "provinces": ["A", "D"]},
            {"id": 2, "provinces": ["A", "B", "C"]},
            {"id": 3, "provinces": ["B", "D"]},
            {"id": 4, "provinces": ["B", "C"]},
            {"id": 5, "provinces": ["B", "D"]},
            {"id": 6, "provinces": ["B", "C"]},
            {"id": 7, "provinces": ["C", "D"]},
        ],
    }


LADDER = ladder()
ROW = list(range(1, 12))
PILE = list(range(12, 24))


def ladder_setup(players: list[dict[str, Any]], **top: Any) -> dict[str, Any]:
    """An explicit set-up on the ladder board: fort cards 1..11 in the row, 12..23 in the pile."""
    setup: dict[str, Any] = {"board": LADDER, "fort_row": list(ROW), "pile": list(PILE), "players": players}
    setup.update(top)
    return setup


def position(
    players: list[dict[str, Any]], options: KretaOptions | None = None, seed: int = 0, **top: Any
) -> KretaState:
    """A state from an explicit set-up on the ladder board."""
    return from_setup(options or KretaOptions(), seed, len(players), ladder_setup(players, **top))


def play_random(state: KretaState, rng: Rng, steps: int | None = None) -> list[Any]:
    """Play uniformly random legal actions (all of them, or ``steps``); return the actions."""
    played = []
    while not state.is_terminal() and (steps is None or len(played) < steps):
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        state.apply(action)
        played.append(action)
    return played


def check_invariants(st: KretaState, tiles_total: int | None = 16) -> None:
    """Everything that must hold in every position (pieces, limits, tiles, cards, fort cards).

    ``tiles_total``: the farm tiles the game started with (16 in a seeded game; None: only check the
    supply).
    """
    t = st.tables
    n, P = st.num_players, t.P
    v = st.view(-1)
    cap = 1 if n == 2 else 2
    port_count: Counter[int] = Counter()
    fort_nodes: list[int] = []
    for s in range(n):
        assert st.villager_reserve[s] + sum(v.villagers[s]) == SUPPLY["villager"]
        assert st.village_reserve[s] + sum(v.villages[s]) == SUPPLY["village"]
        assert st.fort_reserve[s] + len(v.forts[s]) == SUPPLY["fort"]
        assert len(v.ships[s]) <= SUPPLY["ship"] and len(set(v.ships[s])) == len(v.ships[s])
        assert all(t.is_port[p] for p in v.ships[s])
        port_count.update(v.ships[s])
        fort_nodes += v.forts[s]
        assert sum(v.villages[s]) <= len(v.tiles[s]), "the n-th village needs n harvested tiles"
        hand, played = set(v.hands[s]), v.played[s]
        assert not hand & set(played) and hand | set(played) == set(CARDS) and len(played) == len(set(played))
        assert "castellan" not in played
        tile_vp = sum(c * (c + 1) // 2 for c in Counter(v.tiles[s]).values())
        assert v.tile_vp[s] == tile_vp and v.scores[s] == v.province_vp[s] + tile_vp
    assert all(c <= cap for c in port_count.values())
    assert len(fort_nodes) == len(set(fort_nodes)), "one fort per node"
    for p in range(P):
        pieces = sum(v.villagers[s][p] + v.villages[s][p] + (v.abbots[s] == p) for s in range(n))
        # a villager passing through a full province where its own abbot stands, mid-movement
        passing = st.phase == MOVE and p == st.abbots[st.current_player()]
        assert pieces <= PROVINCE_LIMIT or passing
        assert st.pieces[p] == pieces
    tiles = Counter(x for x in v.tiles_on_board if x) + Counter(x for h in v.tiles for x in h)
    assert all(tiles[k] <= c for k, c in TILE_SUPPLY.items())
    if tiles_total is not None:
        assert sum(tiles.values()) == tiles_total
    assert sorted(st.fort_row + st.fort_pile) == sorted(t.node_numbers)
    assert len(st.fort_row) == t.row_size
    # the incrementally kept masks agree with a fresh set-up of the same position
    fresh = from_setup(t.options, 0, n, {**to_setup(st), "board": _board_dict(st)})
    for name in ("villager_code", "villager_mask", "full_provinces", "free_nodes", "full_ports", "port_ships"):
        assert getattr(fresh, name) == getattr(st, name), name
    assert fresh.fingerprint()[:-1] == st.fingerprint()[:-1]


def _board_dict(st: KretaState) -> dict[str, Any]:
    board = st.tables.board
    if board.name == "ladder":
        return LADDER
    import json
    from importlib import resources

    data: dict[str, Any] = json.loads(
        resources.files("ludoteca.kreta").joinpath("data/crete.json").read_text(encoding="utf-8")
    )
    return data


def reference_commander(st: KretaState, s: int) -> set[tuple[int, ...]]:
    """Every villager placement seat ``s`` can reach with the Commander's 4 points, by brute force.

    The step model of the rules, written as plainly as possible: each point moves one villager across
    one border; no entering a province holding another player's abbot without one's own (unless the
    option lets villagers pass); no entering a full province except where one's own abbot stands; at
    the end no province holds more than 7 pieces and (passing option) no villager stops with another
    player's abbot.
    """
    t = st.tables
    P = t.P
    start = tuple(st.villagers[s * P : s * P + P])
    count = list(st.pieces)
    own = st.abbots[s]
    blocked = {st.abbots[o] for o in range(st.num_players) if o != s and st.abbots[o] >= 0} - {own}
    passing = not t.options.abbot_blocks_passing

    def total(m: tuple[int, ...], q: int) -> int:
        return count[q] - start[q] + m[q]

    seen = {start}
    frontier = {start}
    for _ in range(4):
        nxt = set()
        for m in frontier:
            for p in range(P):
                if not m[p]:
                    continue
                for q in t.adj[p]:
                    if q in blocked and not passing:
                        continue
                    if total(m, q) >= PROVINCE_LIMIT and q != own:
                        continue
                    m2 = list(m)
                    m2[p] -= 1
                    m2[q] += 1
                    tm = tuple(m2)
                    if tm not in seen:
                        seen.add(tm)
                        nxt.add(tm)
        frontier = nxt
    out = set()
    for m in seen - {start}:
        if any(total(m, q) > PROVINCE_LIMIT for q in range(P)):
            continue
        if passing and any(m[q] > start[q] for q in blocked):
            continue
        out.add(m)
    return out


def engine_commander(st: KretaState, s: int) -> set[tuple[int, ...]]:
    """The placements seat ``s`` can end a Commander movement in, through the engine's legal step
    sequences (``s`` to act with the Commander in hand, or the King and the Commander played): every
    first step (``commander a->b`` or ``king commander a->b``), then every legal
    ``step``, ending with ``stop`` or after the 4th point. Also checks that a movement never reaches a
    dead end (something is always legal) and that ``stop`` is offered exactly in valid ends."""
    from ludoteca.kreta.actions import CommanderMove, King, Step, Stop

    P = st.tables.P
    out: set[tuple[int, ...]] = set()

    def placement(x: KretaState) -> tuple[int, ...]:
        return tuple(x.villagers[s * P : s * P + P])

    def walk(x: KretaState, depth: int) -> None:
        if x.phase != MOVE:  # the 4th point ended the movement
            assert depth == 4
            out.add(placement(x))
            return
        legal = x.legal_actions()
        assert legal, "a movement never reaches a dead end"
        for a in legal:
            assert isinstance(a, Step | Stop)
            if isinstance(a, Stop):
                out.add(placement(x))
                continue
            y = x.clone()
            y.apply(a)
            walk(y, depth + 1)

    for a in st.legal_actions():
        if isinstance(a, CommanderMove) or (isinstance(a, King) and isinstance(a.action, CommanderMove)):
            y = st.clone()
            y.apply(a)
            walk(y, 1)
    return out


__all__ = [
    "LADDER",
    "PILE",
    "ROW",
    "check_invariants",
    "engine_commander",
    "ladder_setup",
    "play_random",
    "position",
    "reference_commander",
]


def reference_admiral(st: KretaState, s: int) -> set[frozenset[int]]:
    """Every placement of seat ``s``'s ships an Admiral can lead to, by brute force over all ports."""
    from itertools import combinations

    t = st.tables
    cap = 1 if st.num_players == 2 else 2
    mine = frozenset(st.ships[s])
    others = {p: sum(p in st.ships[o] for o in range(st.num_players) if o != s) for p in t.ports}
    out: set[frozenset[int]] = set()
    if len(mine) < 2:
        out |= {mine | {p} for p in t.ports if p not in mine and others[p] + 1 <= cap}
    if mine:
        for ports in combinations(t.ports, len(mine)):
            placed = frozenset(ports)
            if placed != mine and all(others[p] + 1 <= cap for p in placed):
                out.add(placed)
    return out


def engine_admiral(st: KretaState, s: int) -> set[frozenset[int]]:
    """The ship placements the engine's Admiral actions lead to."""
    from ludoteca.kreta.actions import AdmiralMove, AdmiralPlace
    from ludoteca.kreta.legal import admiral_actions

    t = st.tables
    out = set()
    for a in admiral_actions(st, st.ships[s]):
        ships = set(st.ships[s])
        if isinstance(a, AdmiralPlace):
            ships.add(t.index[a.port])
        elif isinstance(a, AdmiralMove):
            ships -= {t.index[f] for f in a.frm}
            ships |= {t.index[d] for d in a.to}
        out.add(frozenset(ships))
    return out


def reference_harvest(st: KretaState, s: int) -> set[int]:
    """The provinces a Farmer of seat ``s`` harvests, by a plain search on the view: tiles in provinces
    holding ``s``'s villager and linked by such provinces to a port holding ``s``'s ship."""
    t = st.tables
    v = st.view(-1)
    mine = {p for p in range(t.P) if v.villagers[s][p]}
    todo = [p for p in v.ships[s] if p in mine]
    seen = set(todo)
    while todo:
        p = todo.pop()
        for q in t.adj[p]:
            if q in mine and q not in seen:
                seen.add(q)
                todo.append(q)
    return {p for p in seen if v.tiles_on_board[p]}
