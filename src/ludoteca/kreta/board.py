"""The Kreta board as data: provinces, borders, numbered nodes and the geometry to draw them.

Nobody has published the printed map's data, so the package ships a reconstruction
(``data/crete.json``); a user who owns the printed board can write its data in the same format and
load it instead (``load_board(path)``). This module only reads and cross-checks the file (refusing
what no game could be played on); whether a board is the printed one — what the rules state, what the
reconstruction assumed — is for :func:`ludoteca.kreta.board_checks.check_board`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ludoteca.core.datafile import read_json
from ludoteca.core.errors import SetupError

KINDS = ("plain", "hill", "mountain")
BASE_VP = {"plain": 4, "hill": 3, "mountain": 2}
PORT_BONUS = 2
FORMAT = "ludoteca-kreta-board"
VERSION = 1

Point = tuple[float, float]


@dataclass(frozen=True)
class Province:
    index: int
    id: str
    name: str
    kind: str
    port: bool
    vp: int
    outline: tuple[Point, ...] = ()
    """Polygon (board coordinates, y downwards) for drawing; empty on boards without geometry."""
    label_at: Point | None = None
    port_at: Point | None = None


@dataclass(frozen=True)
class Node:
    number: int
    provinces: tuple[int, ...]
    """Indices of the provinces this node touches (2 to 4)."""
    at: Point | None = None


@dataclass(frozen=True)
class Border:
    """One border segment: the stretch of border between two provinces from one node to the next.

    Two provinces may share several segments (a board never needs it, but nothing forbids it). Boards
    written with the short form ``["a", "b"]`` do not say which nodes end the segment (``nodes`` is
    None); such boards play, but cannot be checked against the published facts.
    """

    provinces: tuple[int, int]
    nodes: tuple[int, int] | None = None
    """The numbers of the two nodes at the segment's ends, if the data file gives them."""


@dataclass(frozen=True)
class Board:
    name: str
    provinces: tuple[Province, ...]
    nodes: tuple[Node, ...]
    """Ordered by number; ``nodes[k].number == k + 1`` on a full board."""
    adjacent: tuple[frozenset[int], ...]
    """Per province index: the provinces sharing a border with it (villagers and abbots cross these)."""
    nodes_of: tuple[tuple[int, ...], ...]
    """Per province index: the numbers of the nodes it touches (forts there count for it)."""
    size: Point = (0.0, 0.0)
    """Width and height of the drawing area (0, 0 on boards without geometry)."""
    borders: tuple[Border, ...] = ()
    """Every inland border segment, as the data file lists them."""
    coast: tuple[int, ...] = ()
    """The shore nodes in order around the island (empty if the data file does not say)."""

    def province(self, key: str | int) -> Province:
        if isinstance(key, int):
            return self.provinces[key]
        for p in self.provinces:
            if p.id == key:
                return p
        raise KeyError(key)

    def node(self, number: int) -> Node:
        for n in self.nodes:
            if n.number == number:
                return n
        raise KeyError(number)

    @property
    def ports(self) -> tuple[int, ...]:
        return tuple(p.index for p in self.provinces if p.port)


def _point(value: Any, what: str) -> Point:
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 2
        or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value)
    ):
        raise SetupError(f"{what} must be a pair of numbers")
    return (float(value[0]), float(value[1]))


def board_from_dict(data: Mapping[str, Any]) -> Board:
    """A board from its JSON data; raises :class:`SetupError` on anything inconsistent."""
    if not isinstance(data, Mapping):
        raise SetupError("board data must be an object")
    if data.get("format", FORMAT) != FORMAT:
        raise SetupError(f"not a Kreta board file (format {data.get('format')!r})")
    if data.get("version", VERSION) != VERSION:
        raise SetupError(f"unsupported board file version {data.get('version')!r} (this reads {VERSION})")
    raw_provinces = data.get("provinces")
    raw_nodes = data.get("nodes")
    raw_borders = data.get("borders")
    if not isinstance(raw_provinces, list) or not raw_provinces:
        raise SetupError("board data needs a non-empty 'provinces' list")
    if not isinstance(raw_nodes, list) or not raw_nodes:
        raise SetupError("board data needs a non-empty 'nodes' list")
    if not isinstance(raw_borders, list):
        raise SetupError("board data needs a 'borders' list")
    index: dict[str, int] = {}
    provinces: list[Province] = []
    for i, p in enumerate(raw_provinces):
        if not isinstance(p, Mapping):
            raise SetupError(f"province #{i + 1} must be an object")
        pid, name, kind = p.get("id"), p.get("name", p.get("id")), p.get("type")
        port, vp = p.get("port", False), p.get("vp")
        if not isinstance(pid, str) or not pid:
            raise SetupError(f"province #{i + 1} needs a string 'id'")
        if pid in index:
            raise SetupError(f"province id {pid!r} appears twice")
        if not isinstance(name, str):
            raise SetupError(f"province {pid!r}: 'name' must be a string")
        if kind not in KINDS:
            raise SetupError(f"province {pid!r}: 'type' must be one of {', '.join(KINDS)}")
        if not isinstance(port, bool):
            raise SetupError(f"province {pid!r}: 'port' must be true or false")
        expected = BASE_VP[kind] + (PORT_BONUS if port else 0)
        if vp is None:
            vp = expected
        if vp != expected:
            with_port = " with a port" if port else ""
            raise SetupError(f"province {pid!r}: a {kind}{with_port} is worth {expected} VP, not {vp}")
        outline = tuple(_point(q, f"province {pid!r} outline point") for q in p.get("outline", []))
        label = _point(p["label"], f"province {pid!r} label") if "label" in p else None
        port_at = _point(p["port_at"], f"province {pid!r} port_at") if "port_at" in p else None
        index[pid] = i
        provinces.append(Province(i, pid, name, kind, port, vp, outline, label, port_at))

    def ref(pid: Any, where: str) -> int:
        if not isinstance(pid, str) or pid not in index:
            raise SetupError(f"{where}: unknown province {pid!r}")
        return index[pid]

    nodes: list[Node] = []
    seen_numbers: set[int] = set()
    for i, n in enumerate(raw_nodes):
        if not isinstance(n, Mapping):
            raise SetupError(f"node #{i + 1} must be an object")
        number = n.get("id")
        if not isinstance(number, int) or isinstance(number, bool) or number < 1:
            raise SetupError(f"node #{i + 1} needs a positive integer 'id'")
        if number in seen_numbers:
            raise SetupError(f"node {number} appears twice")
        seen_numbers.add(number)
        touches = n.get("provinces")
        if not isinstance(touches, list) or not 2 <= len(touches) <= 4:
            raise SetupError(f"node {number} must touch 2 to 4 provinces")
        members = tuple(ref(pid, f"node {number}") for pid in touches)
        if len(set(members)) != len(members):
            raise SetupError(f"node {number} lists a province twice")
        at = _point(n["at"], f"node {number} position") if "at" in n else None
        nodes.append(Node(number, members, at))
    nodes.sort(key=lambda nd: nd.number)

    adjacent: list[set[int]] = [set() for _ in provinces]
    borders: list[Border] = []
    for i, b in enumerate(raw_borders):
        where = f"border #{i + 1}"
        ends: tuple[int, int] | None = None
        if isinstance(b, Mapping):
            pair, raw_ends = b.get("provinces"), b.get("nodes")
            if not isinstance(raw_ends, list) or len(raw_ends) != 2:
                raise SetupError(f"{where}: 'nodes' must list the two node numbers at its ends")
            for e in raw_ends:
                if not isinstance(e, int) or isinstance(e, bool) or e not in seen_numbers:
                    raise SetupError(f"{where}: unknown node {e!r}")
            ends = (raw_ends[0], raw_ends[1])
        else:
            pair = b
        if not isinstance(pair, list) or len(pair) != 2:
            raise SetupError(f"{where} must be a pair of province ids")
        a, c = ref(pair[0], where), ref(pair[1], where)
        if a == c:
            raise SetupError(f"{where} joins {pair[0]!r} to itself")
        adjacent[a].add(c)
        adjacent[c].add(a)
        borders.append(Border((a, c), ends))
    raw_coast = data.get("coast", [])
    if not isinstance(raw_coast, list):
        raise SetupError("'coast' must be a list of node numbers")
    for e in raw_coast:
        if not isinstance(e, int) or isinstance(e, bool) or e not in seen_numbers:
            raise SetupError(f"coast: unknown node {e!r}")
    nodes_of = tuple(tuple(n.number for n in nodes if p.index in n.provinces) for p in provinces)
    size = _point(data["size"], "board size") if "size" in data else (0.0, 0.0)
    name = data.get("name", "board")
    return Board(
        name=str(name),
        provinces=tuple(provinces),
        nodes=tuple(nodes),
        adjacent=tuple(frozenset(s) for s in adjacent),
        nodes_of=nodes_of,
        size=size,
        borders=tuple(borders),
        coast=tuple(raw_coast),
    )


def load_board(path: str | Path | None = None) -> Board:
    """The shipped reconstruction of Crete, or the board in the JSON file at ``path``."""
    if path is None:
        text = resources.files("ludoteca.kreta").joinpath("data/crete.json").read_text(encoding="utf-8")
        return board_from_dict(json.loads(text))
    return board_from_dict(read_json(path, "board file", SetupError))


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


def _seq(items: Sequence[int]) -> str:
    return ", ".join(map(str, items)) if items else "none"


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
