"""Is a board the printed one? What the rules state (errors) apart from what the reconstruction assumed (warnings).

No source reproduces the printed map, so a board file can only be held to what sources say about it, and
they say it with different authority (the specification, "The board is a reconstruction"):

- **Errors** — what the rules text (seed 004) states: 16 provinces, 2 plains, 8 hills and 6 mountains;
  26 fort sites numbered 1–26 "on the intersections of the orange lines", so every place where borders
  meet is a node and nothing else is (inland, where 3 or 4 provinces meet; the data must say which nodes
  end each border and which nodes lie on the shore, and the borders, the coast and the nodes must make one
  map of one island); ports are where ships go, so a port province reaches the sea; every province touches
  at least two nodes and every province can be reached from every other across borders.
- **Warnings** — what the reconstruction took from reviews of the game and from inference: 7 ports (both
  plains and five others, at least one hill and one mountain), shore nodes touching exactly 2 provinces,
  and what Euler's formula then gives: exactly four 4-province nodes, 41 − (shore nodes) inland border
  segments, at least 14 nodes touching 3 or 4 provinces.

A board with warnings, or even errors, still loads and plays (test boards have errors by design): only
what makes a game impossible is refused, when the file is read (:func:`ludoteca.kreta.board.board_from_dict`).
The checks return data; showing them is for the front ends (the CLI prints them when a board file is used).
:func:`geometry_violations` checks the drawing (the outlines) against the declared topology; :mod:`.board`
holds only the model and what reading a file refuses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .board import Board, Point
from .options import KretaOptions
from .tables import tables_for


@dataclass(frozen=True)
class BoardReport:
    """What :func:`check_board` found: ``errors`` break what the rules state, ``warnings`` only what the
    reconstruction assumed (a faithful copy of the printed board may have warnings)."""

    errors: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()

    @property
    def ok(self) -> bool:
        """No errors (warnings allowed)."""
        return not self.errors


def check_board(board: Board) -> BoardReport:
    """Every fact about the printed board that ``board`` breaks, split into errors and warnings (see the
    module's docstring). Geometry (outlines, positions) is checked by
    :func:`geometry_violations`, since only drawing needs it."""
    errors: list[str] = []
    warnings: list[str] = []
    counts = {k: sum(1 for p in board.provinces if p.kind == k) for k in ("plain", "hill", "mountain")}
    if len(board.provinces) != 16:
        errors.append(f"{len(board.provinces)} provinces, not 16")
    if counts != {"plain": 2, "hill": 8, "mountain": 6}:
        errors.append(
            f"{counts['plain']} plains, {counts['hill']} hills, {counts['mountain']} mountains, not 2, 8 and 6"
        )
    numbers = [n.number for n in board.nodes]
    if numbers != list(range(1, 27)):
        errors.append(f"{len(numbers)} nodes numbered {_seq(numbers)}, not 26 numbered 1–26")
    names = {p.index: p.id for p in board.provinces}

    # ports (assumed)
    ports = [board.provinces[i] for i in board.ports]
    if len(ports) != 7:
        warnings.append(f"{len(ports)} ports, not 7")
    plains_without = [p.id for p in board.provinces if p.kind == "plain" and not p.port]
    if plains_without:
        warnings.append(f"plains without a port: {', '.join(plains_without)}")
    for kind in ("hill", "mountain"):
        if not any(p.kind == kind for p in ports):
            warnings.append(f"no {kind} has a port")

    # nodes: how many provinces each touches (inland: an intersection; the shore and the counts: assumed)
    shore = set(board.coast)
    if not board.coast:
        errors.append("the board does not list its shore nodes ('coast')")
    elif len(shore) != len(board.coast):
        errors.append("the coast lists a node twice")
    four = [n.number for n in board.nodes if len(n.provinces) == 4]
    if len(four) != 4:
        warnings.append(f"{len(four)} nodes touch 4 provinces ({_seq(four)}), not exactly 4")
    for n in board.nodes:
        k = len(n.provinces)
        if n.number in shore and k != 2:
            warnings.append(f"shore node {n.number} touches {k} provinces, not 2")
        if n.number not in shore and k not in (3, 4):
            errors.append(f"inland node {n.number} touches {k} provinces, not 3 or 4")
    many = sum(1 for n in board.nodes if len(n.provinces) >= 3)
    if many < 14:
        warnings.append(f"only {many} nodes touch 3 or 4 provinces, not at least 14")
    for p in board.provinces:
        if len(board.nodes_of[p.index]) < 2:
            errors.append(f"province {p.id} touches {len(board.nodes_of[p.index])} node(s), not at least 2")

    # border segments (their ends: stated; Euler's count: assumed)
    unnamed = [b for b in board.borders if b.nodes is None]
    if unnamed:
        errors.append(f"{len(unnamed)} border(s) do not name their end nodes")
    expected = 41 - len(shore)
    if board.coast and len(board.borders) != expected:
        warnings.append(
            f"{len(board.borders)} inland border segments, not 41 − {len(shore)} shore nodes = {expected}"
        )
    touches = {n.number: set(n.provinces) for n in board.nodes}
    for b in board.borders:
        if b.nodes is None:
            continue
        a, c = b.provinces
        label = f"border {names[a]}–{names[c]} ({b.nodes[0]}–{b.nodes[1]})"
        if b.nodes[0] == b.nodes[1]:
            errors.append(f"{label} starts and ends at the same node")
        for e in b.nodes:
            if not {a, c} <= touches[e]:
                errors.append(f"{label}: node {e} does not touch both provinces")

    # the adjacency graph is connected
    if board.provinces:
        seen, todo = {0}, [0]
        while todo:
            for q in board.adjacent[todo.pop()]:
                if q not in seen:
                    seen.add(q)
                    todo.append(q)
        cut = [p.id for p in board.provinces if p.index not in seen]
        if cut:
            errors.append(f"not reachable across borders from {board.provinces[0].id}: {', '.join(cut)}")

    if board.coast and not unnamed:
        errors.extend(_map_violations(board))
    return BoardReport(tuple(errors), tuple(warnings))


def option_warnings(options: KretaOptions) -> list[str]:
    """Lines for people about the board the options play on: none for the shipped board; for a board file,
    each error and warning of :func:`check_board`, saying which is which. The board is read as the game
    reads it (``tables_for``), so a file that cannot be played raises the same error as starting a game."""
    if options.board is None:
        return []
    board = tables_for(options).board
    report = check_board(board)
    where = f"board {options.board}"
    out = [f"{where}: not as the rules describe the printed board (error): {e}" for e in report.errors]
    out += [f"{where}: differs from the reconstruction's assumptions (warning): {w}" for w in report.warnings]
    return out


def _map_violations(board: Board) -> list[str]:
    """Is the node/segment/coast data one map of an island? (See :func:`check_board`: errors.)"""
    problems: list[str] = []
    names = {p.index: p.id for p in board.provinces}
    names[SEA] = "the sea"
    stretches = coast_stretches(board)
    # every edge of the map as (node, node, face, face)
    edges: list[tuple[int, int, int, int]] = []
    for b in board.borders:
        assert b.nodes is not None
        edges.append((b.nodes[0], b.nodes[1], b.provinces[0], b.provinces[1]))
    for u, v, owner in stretches:
        if owner is None:
            problems.append(f"coast {u}–{v}: its two nodes do not share exactly one province")
        else:
            edges.append((u, v, owner, SEA))
    coastal = {owner for _, _, owner in stretches if owner is not None}
    for i in board.ports:
        if i not in coastal:
            problems.append(f"port province {names[i]} does not reach the coast")
    if problems:
        return problems

    # each province's boundary is one ring through exactly its nodes
    for p in board.provinces:
        ring = [(u, v) for u, v, f, g in edges if p.index in (f, g)]
        problem = _ring_problem(ring, set(board.nodes_of[p.index]), str)
        if problem:
            problems.append(f"the boundary of {p.id} {problem}")
    # around each node, its edges and faces form one ring (faces as the ring's "nodes")
    shore = set(board.coast)
    for n in board.nodes:
        faces = set(n.provinces) | ({SEA} if n.number in shore else set())
        ring = [(f, g) for u, v, f, g in edges if n.number in (u, v)]
        problem = _ring_problem(ring, faces, names.__getitem__)
        if problem:
            problems.append(f"around node {n.number} the borders do not close: {problem}")
    # the map is connected (with Euler's count above, V - E + F = 2)
    seen, todo = {board.nodes[0].number}, [board.nodes[0].number]
    while todo:
        x = todo.pop()
        for u, v, _, _ in edges:
            for a, c in ((u, v), (v, u)):
                if a == x and c not in seen:
                    seen.add(c)
                    todo.append(c)
    apart = [n.number for n in board.nodes if n.number not in seen]
    if apart:
        problems.append(f"nodes not joined to the others by borders or coast: {_seq(apart)}")
    return problems


def _ring_problem(ring: Sequence[tuple[int, int]], members: set[int], label: Callable[[int], str]) -> str:
    """Why the edges ``ring`` are not one closed cycle through exactly ``members`` ('' if they are)."""

    def seq(items: Iterable[int]) -> str:
        return ", ".join(label(x) for x in sorted(items))

    degree: dict[int, int] = {}
    for u, v in ring:
        degree[u] = degree.get(u, 0) + 1
        degree[v] = degree.get(v, 0) + 1
    if set(degree) != members:
        extra, missing = sorted(set(degree) - members), sorted(members - set(degree))
        parts = []
        if extra:
            parts.append(f"passes {seq(extra)}, which it does not touch")
        if missing:
            parts.append(f"misses {seq(missing)}")
        return " and ".join(parts)
    odd = sorted(x for x, d in degree.items() if d != 2)
    if odd:
        return f"is not a single ring (at {seq(odd)})"
    first = ring[0][0]
    seen, todo = {first}, [first]
    while todo:
        x = todo.pop()
        for u, v in ring:
            for a, c in ((u, v), (v, u)):
                if a == x and c not in seen:
                    seen.add(c)
                    todo.append(c)
    if seen != members:
        return "falls into several rings"
    return ""


def _seq(items: Sequence[int]) -> str:
    return ", ".join(map(str, items)) if items else "none"


# --- the map ---------------------------------------------------------------------------------------

SEA = -1
"""The face index the checks use for the sea around the island."""


def coast_stretches(board: Board) -> list[tuple[int, int, int | None]]:
    """The coast between consecutive shore nodes: ``(node, next node, province)`` around the island.

    The province of a stretch is the one both end nodes touch; None when that is not exactly one
    province (such a board is reported by :func:`ludoteca.kreta.board_checks.check_board`).
    """
    out: list[tuple[int, int, int | None]] = []
    ring = board.coast
    if len(ring) < 2:
        return out
    touches = {n.number: set(n.provinces) for n in board.nodes}
    for i, u in enumerate(ring):
        v = ring[(i + 1) % len(ring)]
        common = touches.get(u, set()) & touches.get(v, set())
        out.append((u, v, next(iter(common)) if len(common) == 1 else None))
    return out


# --- geometry ------------------------------------------------------------------------------------

_Key = tuple[float, float]


def _key(p: Point) -> _Key:
    return (round(p[0], 3), round(p[1], 3))


def _orient(a: Point, b: Point, c: Point) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def _on_segment(p: Point, a: Point, b: Point) -> bool:
    """``p`` lies on segment ``a``–``b`` (ends excluded)."""
    if abs(_orient(a, b, p)) > 1e-9 * max(1.0, abs(b[0] - a[0]) + abs(b[1] - a[1])) ** 2:
        return False
    if _key(p) in (_key(a), _key(b)):
        return False
    return min(a[0], b[0]) <= p[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= p[1] <= max(a[1], b[1])


def _inside(p: Point, poly: Sequence[Point]) -> bool:
    """Even–odd rule; points on the outline may go either way."""
    x, y = p
    result = False
    for i in range(len(poly)):
        (x1, y1), (x2, y2) = poly[i - 1], poly[i]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            result = not result
    return result


def _dist(p: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / length2))
    return float(((p[0] - a[0] - t * dx) ** 2 + (p[1] - a[1] - t * dy) ** 2) ** 0.5)


def _fmt(p: Point) -> str:
    return f"({p[0]:g}, {p[1]:g})"


def geometry_violations(board: Board) -> list[str]:
    """Where the drawing disagrees with the declared topology, or is not a drawable map (empty: none).

    Everything is derived from the province outlines alone and compared with the data: outlines must be
    simple polygons that neither cross nor overlap, and neighbours must share their common vertices
    exactly (no vertex of one in the middle of another's edge). An outline edge used by two provinces is
    border, one used by one province is coast; the coast edges must close into one ring (one island).
    A vertex where three or more faces meet (the sea counting as one) is where borders end, so it must be
    a declared node at that position touching exactly those provinces, and every node must be such a
    vertex; the shore nodes must follow each other along the coast in the declared order. Border edges
    chained from node to node give the border segments, which must be exactly the declared ones (so the
    declared adjacency is the drawn one). Labels lie inside their province, port markers in the sea
    beside their own province's coast, and the island is long and narrow, running west–east.
    """
    problems: list[str] = []
    without = [p.id for p in board.provinces if len(p.outline) < 3]
    if without:
        return [f"provinces without an outline: {', '.join(without)}"]
    unplaced = [n.number for n in board.nodes if n.at is None]
    if unplaced:
        return [f"nodes without a position: {_seq(unplaced)}"]
    names = {p.index: p.id for p in board.provinces}

    # outlines: vertices, edges and who uses them
    owners: dict[_Key, set[int]] = {}
    edge_owners: dict[frozenset[_Key], list[int]] = {}
    edge_points: dict[frozenset[_Key], tuple[Point, Point]] = {}
    polys: list[list[Point]] = []
    for prov in board.provinces:
        pts = list(prov.outline)
        if _key(pts[0]) == _key(pts[-1]):
            pts.pop()
        keys = [_key(pt) for pt in pts]
        if len(set(keys)) != len(keys):
            problems.append(f"the outline of {prov.id} visits a point twice")
        polys.append(pts)
        for i, pt in enumerate(pts):
            owners.setdefault(keys[i], set()).add(prov.index)
            e = frozenset((keys[i - 1], keys[i]))
            edge_owners.setdefault(e, []).append(prov.index)
            edge_points[e] = (pts[i - 1], pt)
    for e, users in edge_owners.items():
        if len(users) > 2 or len(set(users)) != len(users):
            a, b = edge_points[e]
            problems.append(f"the edge {_fmt(a)}–{_fmt(b)} belongs to {', '.join(names[i] for i in users)}")
    problems.extend(_crossings(list(edge_points.values())))
    for prov in board.provinces:
        if prov.label_at is not None and not _inside(prov.label_at, polys[prov.index]):
            problems.append(f"the label of {prov.id} lies outside it")
        probe = prov.label_at if prov.label_at is not None else _interior_point(polys[prov.index])
        poly = polys[prov.index]
        x0, x1 = min(q[0] for q in poly), max(q[0] for q in poly)
        y0, y1 = min(q[1] for q in poly), max(q[1] for q in poly)
        inner = {
            names[i]
            for k, who in owners.items()
            if x0 < k[0] < x1 and y0 < k[1] < y1
            for i in who
            if prov.index not in who and _inside(k, poly)
        }
        if probe is not None:
            inner |= {
                other.id
                for other in board.provinces
                if other.index != prov.index and _inside(probe, polys[other.index])
            }
        problems.extend(f"{prov.id} overlaps {other}" for other in sorted(inner))
    if problems:
        return problems

    coast_edges = [e for e, users in edge_owners.items() if len(users) == 1]
    on_coast = {k for e in coast_edges for k in e}
    coast_ring = _ring_of(coast_edges)
    if len(coast_ring) != len(on_coast):
        return ["the outlines leave gaps, or the coast is not one line around one island"]

    # nodes: where three or more faces meet
    declared = {_key(n.at): n for n in board.nodes if n.at is not None}
    if len(declared) != len(board.nodes):
        problems.append("two nodes share a position")
    meeting: dict[_Key, set[int]] = {}
    for k, around in owners.items():
        if len(around) + (1 if k in on_coast else 0) >= 3:
            meeting[k] = around
    for k, around in sorted(meeting.items()):
        found = declared.get(k)
        provinces = ", ".join(sorted(names[i] for i in around))
        if found is None:
            problems.append(f"borders end at {_fmt(k)} ({provinces}) but no node is there")
        elif set(found.provinces) != around:
            problems.append(f"node {found.number} touches {provinces} in the drawing, not what it declares")
    for k, n in declared.items():
        if k not in meeting:
            problems.append(f"node {n.number} at {_fmt(k)} is not a point where borders end")
    if problems:
        return problems

    # border segments: border edges chained from node to node
    drawn: dict[tuple[frozenset[int], frozenset[int]], int] = {}
    by_pair: dict[frozenset[int], list[frozenset[_Key]]] = {}
    for e, users in edge_owners.items():
        if len(users) == 2:
            by_pair.setdefault(frozenset(users), []).append(e)
    for pair, pair_edges in by_pair.items():
        link: dict[_Key, list[_Key]] = {}
        for e in pair_edges:
            a, b = tuple(e)
            link.setdefault(a, []).append(b)
            link.setdefault(b, []).append(a)
        used: set[frozenset[_Key]] = set()
        for start in link:
            if start not in meeting:
                continue
            for nxt in link[start]:
                if frozenset((start, nxt)) in used:
                    continue
                prev, at = start, nxt
                used.add(frozenset((prev, at)))
                while at not in meeting and len(link[at]) == 2:
                    prev, at = at, next(x for x in link[at] if x != prev)
                    used.add(frozenset((prev, at)))
                if at not in meeting:
                    problems.append(f"a border of {' and '.join(names[i] for i in pair)} breaks off at {_fmt(at)}")
                    continue
                ends = frozenset((declared[start].number, declared[at].number))
                drawn[(pair, ends)] = drawn.get((pair, ends), 0) + 1
        if len(used) != len(pair_edges):
            problems.append(f"a border of {' and '.join(names[i] for i in pair)} is a loop with no node on it")
    listed: dict[tuple[frozenset[int], frozenset[int]], int] = {}
    for border in board.borders:
        if border.nodes is not None:
            k2 = (frozenset(border.provinces), frozenset(border.nodes))
            listed[k2] = listed.get(k2, 0) + 1
    for k2 in sorted(set(drawn) | set(listed), key=lambda t: (sorted(t[1]), sorted(t[0]))):
        if drawn.get(k2, 0) != listed.get(k2, 0):
            pair_names = "–".join(sorted(names[i] for i in k2[0]))
            problems.append(
                f"border {pair_names} between nodes {_seq(sorted(k2[1]))}: drawn {drawn.get(k2, 0)} time(s), "
                f"listed {listed.get(k2, 0)}"
            )
    drawn_adjacent = {pair for pair, _ in drawn}
    for prov in board.provinces:
        for nb in board.adjacent[prov.index]:
            if prov.index < nb and frozenset((prov.index, nb)) not in drawn_adjacent:
                problems.append(f"{prov.id} and {names[nb]} are declared neighbours but share no drawn border")

    # the coast: shore nodes in the declared order
    drawn_coast = [declared[k].number for k in coast_ring if k in declared]
    if not _same_cycle(drawn_coast, board.coast):
        problems.append(
            f"shore nodes lie along the drawn coast as {_seq(drawn_coast)}, not as listed ({_seq(board.coast)})"
        )

    # ports, and the island's shape
    for i in board.ports:
        prov = board.provinces[i]
        if not any(edge_owners[e] == [i] for e in coast_edges):
            problems.append(f"port province {prov.id} has no coast in the drawing")
            continue
        marker = prov.port_at
        if marker is None:
            continue
        if any(_inside(marker, poly) for poly in polys):
            problems.append(f"the port of {prov.id} is drawn on land")
        nearest = min(coast_edges, key=lambda e: _dist(marker, *edge_points[e]))
        if edge_owners[nearest] != [i]:
            problems.append(f"the port of {prov.id} is drawn off another province's coast")
    xs = [q[0] for poly in polys for q in poly]
    ys = [q[1] for poly in polys for q in poly]
    width, height = max(xs) - min(xs), max(ys) - min(ys)
    if width < 2 * height:
        problems.append(f"the island is {width:g} wide and {height:g} high: not long and narrow, west–east")
    w, h = board.size
    if (w, h) != (0.0, 0.0) and (min(xs) < 0 or min(ys) < 0 or max(xs) > w or max(ys) > h):
        problems.append("the island does not fit in the board's size")
    return problems


def _crossings(segments: Sequence[tuple[Point, Point]]) -> list[str]:
    """Pairs of outline edges that cross, overlap or touch other than at a shared end."""
    problems: list[str] = []
    boxes = [(min(a[0], b[0]), max(a[0], b[0]), min(a[1], b[1]), max(a[1], b[1])) for a, b in segments]
    for i, (a, b) in enumerate(segments):
        for j in range(i + 1, len(segments)):
            c, d = segments[j]
            bi, bj = boxes[i], boxes[j]
            if bi[1] < bj[0] or bj[1] < bi[0] or bi[3] < bj[2] or bj[3] < bi[2]:
                continue
            if any(_on_segment(x, y, z) for x, y, z in ((a, c, d), (b, c, d), (c, a, b), (d, a, b))):
                problems.append(f"outline edges {_fmt(a)}–{_fmt(b)} and {_fmt(c)}–{_fmt(d)} touch off a vertex")
                continue
            if {_key(a), _key(b)} & {_key(c), _key(d)}:
                continue
            d1, d2 = _orient(c, d, a), _orient(c, d, b)
            d3, d4 = _orient(a, b, c), _orient(a, b, d)
            if d1 * d2 < 0 and d3 * d4 < 0:
                problems.append(f"outline edges {_fmt(a)}–{_fmt(b)} and {_fmt(c)}–{_fmt(d)} cross")
    return problems


def _interior_point(poly: Sequence[Point]) -> Point | None:
    """Some point strictly inside a simple polygon (None if none is found cheaply)."""
    n = len(poly)
    for i in range(n):
        a, b, c = poly[i - 1], poly[i], poly[(i + 1) % n]
        for t in (0.5, 0.25, 0.1, 0.02):
            p = (b[0] + t * ((a[0] + c[0]) / 2 - b[0]), b[1] + t * ((a[1] + c[1]) / 2 - b[1]))
            if _inside(p, poly) and all(_dist(p, poly[k - 1], poly[k]) > 1e-6 for k in range(n)):
                return p
    return None


def _ring_of(edges: Sequence[frozenset[_Key]]) -> list[_Key]:
    """The vertices of ``edges`` in order along the ring they form from one of them (empty if no ring)."""
    link: dict[_Key, list[_Key]] = {}
    for e in edges:
        a, b = tuple(e)
        link.setdefault(a, []).append(b)
        link.setdefault(b, []).append(a)
    if not link or any(len(v) != 2 for v in link.values()):
        return []
    start = next(iter(link))
    ring, prev, at = [start], start, link[start][0]
    while at != start:
        ring.append(at)
        prev, at = at, link[at][1] if link[at][0] == prev else link[at][0]
    return ring


def _same_cycle(a: Sequence[int], b: Sequence[int]) -> bool:
    if len(a) != len(b):
        return False
    if not a:
        return True
    if b[0] not in a:
        return False
    i = a.index(b[0])
    rotated = list(a[i:]) + list(a[:i])
    return rotated == list(b) or [rotated[0], *reversed(rotated[1:])] == list(b)
