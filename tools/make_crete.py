"""Generate ``src/ludoteca/kreta/data/crete.json``, the project's reconstruction of the Kreta board.

Run it with ``.venv/bin/python tools/make_crete.py``; it rewrites the data file (deterministically).
It is kept only to document how the shipped file was made and to remake it after a change: the game
never runs it, and the data file (not this script) is what the tests check.

How the board is made
---------------------
The topology is designed by hand first: 16 provinces, 12 shore nodes (one where each coastal
province meets the next one along the coast), 14 inland nodes of which 4 are four-province
nodes, and the 29 inland border segments that join them (``SEGMENTS``). Then geometry is attached:
a coastline of real longitudes and latitudes (capes, bays and towns of Crete, simplified), into which the
shore nodes are spliced; inland node positions; and each inland segment becomes a slightly wavy
polyline (deterministic pseudo-random bends). Each province's outline is traced from its coast
stretch and its border polylines, so neighbouring outlines share their common vertices exactly.
Coordinates are projected to board units (about 4 per km west–east; north–south is stretched by
``Y_STRETCH`` so that the narrow island has room for pieces, as printed boards do).
"""

from __future__ import annotations

import json
import math
import random
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "src" / "ludoteca" / "kreta" / "data" / "crete.json"

KM_PER_LON = 90.6  # at 35.3° N
KM_PER_LAT = 111.0
SCALE = 4.0  # board units per km
Y_STRETCH = 1.3
WEST, NORTH = 23.50, 35.72
MARGIN = 36.0
LABEL_NUDGE: dict[str, tuple[float, float]] = {"ierapetra": (8.0, 0.0)}
"""Hand corrections of label positions (board units), where the automatic choice looks poor."""

# id: (name, type, port, the port town (lon, lat) near which the port marker goes, or None)
PROVINCES: dict[str, tuple[str, str, bool, tuple[float, float] | None]] = {
    "kissamos": ("Kissamos", "mountain", False, None),
    "kydonia": ("Kydonia", "plain", True, (24.02, 35.518)),
    "sfakia": ("Sfakia", "mountain", True, (24.08, 35.20)),
    "apokoronas": ("Apokoronas", "hill", False, None),
    "rethymno": ("Rethymno", "hill", True, (24.475, 35.37)),
    "amari": ("Amari", "hill", False, None),
    "mylopotamos": ("Mylopotamos", "hill", False, None),
    "messara": ("Messara", "plain", True, (24.81, 34.93)),
    "ida": ("Ida", "mountain", False, None),
    "candia": ("Candia", "hill", True, (25.135, 35.34)),
    "pediada": ("Pediada", "hill", False, None),
    "viannos": ("Viannos", "mountain", False, None),
    "lasithi": ("Lasithi", "mountain", False, None),
    "mirabello": ("Mirabello", "hill", False, None),
    "ierapetra": ("Ierapetra", "hill", True, (25.74, 35.005)),
    "sitia": ("Sitia", "mountain", True, (26.10, 35.21)),
}

# Nodes by working name: (lon, lat) and the provinces they touch (any order; checked later).
NODES: dict[str, tuple[tuple[float, float], tuple[str, ...]]] = {
    # shore nodes
    "n_a": ((23.78, 35.54), ("kissamos", "kydonia")),
    "n_c": ((24.09, 35.48), ("kydonia", "apokoronas")),
    "n_d": ((24.33, 35.35), ("apokoronas", "rethymno")),
    "n_e": ((24.62, 35.40), ("rethymno", "mylopotamos")),
    "n_g": ((24.93, 35.415), ("mylopotamos", "candia")),
    "n_h": ((25.54, 35.305), ("candia", "mirabello")),
    "n_k": ((25.92, 35.18), ("mirabello", "sitia")),
    "n_l": ((26.03, 35.015), ("sitia", "ierapetra")),
    "n_j": ((25.48, 34.985), ("ierapetra", "viannos")),
    "n_i": ((25.08, 34.945), ("viannos", "messara")),
    "n_f": ((24.52, 35.135), ("messara", "sfakia")),
    "n_b": ((23.80, 35.245), ("sfakia", "kissamos")),
    # inland nodes
    "A": ((23.86, 35.40), ("kissamos", "kydonia", "sfakia")),
    "B": ((24.10, 35.36), ("kydonia", "apokoronas", "sfakia")),
    "C": ((24.36, 35.26), ("apokoronas", "rethymno", "amari", "sfakia")),
    "D": ((24.61, 35.285), ("rethymno", "mylopotamos", "amari")),
    "E": ((24.46, 35.21), ("amari", "sfakia", "messara")),
    "F": ((24.68, 35.195), ("mylopotamos", "ida", "messara", "amari")),
    "H": ((24.865, 35.30), ("mylopotamos", "candia", "ida")),
    "J": ((25.02, 35.16), ("candia", "pediada", "messara", "ida")),
    "K": ((25.42, 35.255), ("candia", "mirabello", "pediada")),
    "L": ((25.10, 35.06), ("pediada", "messara", "viannos")),
    "M": ((25.33, 35.16), ("mirabello", "lasithi", "viannos", "pediada")),
    "O": ((25.54, 35.06), ("lasithi", "viannos", "ierapetra")),
    "P": ((25.64, 35.17), ("mirabello", "lasithi", "ierapetra")),
    "R": ((25.84, 35.055), ("mirabello", "ierapetra", "sitia")),
}

# Inland border segments: (province, province, node, node, [optional (lon, lat) waypoints]).
SEGMENTS: list[tuple[str, str, str, str, list[tuple[float, float]]]] = [
    ("kissamos", "kydonia", "A", "n_a", []),
    ("kissamos", "sfakia", "A", "n_b", []),
    ("kydonia", "sfakia", "A", "B", []),
    ("kydonia", "apokoronas", "B", "n_c", []),
    ("apokoronas", "sfakia", "B", "C", []),
    ("apokoronas", "rethymno", "C", "n_d", []),
    ("rethymno", "amari", "C", "D", []),
    ("amari", "sfakia", "C", "E", []),
    ("rethymno", "mylopotamos", "D", "n_e", []),
    ("mylopotamos", "amari", "D", "F", []),
    ("sfakia", "messara", "E", "n_f", []),
    ("amari", "messara", "E", "F", []),
    ("mylopotamos", "ida", "F", "H", []),
    ("ida", "messara", "F", "J", []),
    ("mylopotamos", "candia", "H", "n_g", []),
    ("candia", "ida", "H", "J", []),
    ("candia", "pediada", "J", "K", []),
    ("pediada", "messara", "J", "L", []),
    ("candia", "mirabello", "K", "n_h", []),
    ("mirabello", "pediada", "K", "M", []),
    ("messara", "viannos", "L", "n_i", []),
    ("pediada", "viannos", "L", "M", []),
    ("lasithi", "viannos", "M", "O", []),
    ("mirabello", "lasithi", "M", "P", []),
    ("viannos", "ierapetra", "O", "n_j", []),
    ("lasithi", "ierapetra", "O", "P", []),
    ("mirabello", "ierapetra", "P", "R", []),
    ("mirabello", "sitia", "R", "n_k", []),
    ("sitia", "ierapetra", "R", "n_l", []),
]

# The coastline, clockwise on the map (east along the north coast, west along the south coast), as
# (lon, lat) points; a string is a shore node spliced in at that place.
# fmt: off
COAST: list[tuple[float, float] | str] = [
    "n_a",
    (23.84, 35.525), (23.90, 35.515), (23.96, 35.51), (24.02, 35.518), (24.07, 35.53), (24.10, 35.57),
    (24.14, 35.605), (24.19, 35.59), (24.21, 35.55), (24.19, 35.51), (24.14, 35.50),
    "n_c",
    (24.15, 35.465), (24.21, 35.455), (24.26, 35.47), (24.27, 35.42), (24.26, 35.37),
    "n_d",
    (24.40, 35.365), (24.475, 35.37), (24.55, 35.385),
    "n_e",
    (24.69, 35.42), (24.78, 35.41), (24.86, 35.42),
    "n_g",
    (25.00, 35.42), (25.05, 35.36), (25.135, 35.34), (25.21, 35.335), (25.30, 35.33), (25.38, 35.32),
    (25.46, 35.29),
    "n_h",
    (25.60, 35.31), (25.68, 35.30), (25.73, 35.33), (25.77, 35.35), (25.75, 35.28), (25.72, 35.22),
    (25.72, 35.19), (25.75, 35.145), (25.81, 35.125), (25.87, 35.15),
    "n_k",
    (25.98, 35.20), (26.05, 35.205), (26.10, 35.21), (26.15, 35.225), (26.20, 35.255), (26.25, 35.285),
    (26.29, 35.315), (26.30, 35.30), (26.27, 35.265), (26.265, 35.235), (26.29, 35.205), (26.30, 35.17),
    (26.275, 35.13), (26.255, 35.095), (26.245, 35.06), (26.21, 35.025), (26.14, 34.995),
    "n_l",
    (25.96, 35.025), (25.86, 35.015), (25.74, 35.0), (25.64, 34.995),
    "n_j",
    (25.40, 34.99), (25.28, 34.98), (25.18, 34.965),
    "n_i",
    (24.96, 34.93), (24.88, 34.935), (24.81, 34.93), (24.745, 34.925), (24.725, 34.945), (24.75, 34.995),
    (24.755, 35.03), (24.72, 35.07), (24.675, 35.10), (24.58, 35.12),
    "n_f",
    (24.43, 35.16), (24.38, 35.19), (24.30, 35.195), (24.22, 35.18), (24.14, 35.195), (24.08, 35.20),
    (24.00, 35.22), (23.94, 35.235), (23.87, 35.24),
    "n_b",
    (23.72, 35.235), (23.67, 35.23), (23.60, 35.24), (23.545, 35.27), (23.55, 35.34), (23.565, 35.42),
    (23.575, 35.50), (23.555, 35.55), (23.575, 35.60), (23.595, 35.625), (23.61, 35.60), (23.625, 35.56),
    (23.64, 35.52), (23.665, 35.50), (23.70, 35.50), (23.715, 35.55), (23.73, 35.62), (23.745, 35.675),
    (23.765, 35.64), (23.775, 35.59),
]
# fmt: on

Point = tuple[float, float]


def project(lon: float, lat: float) -> Point:
    return ((lon - WEST) * KM_PER_LON * SCALE, (NORTH - lat) * KM_PER_LAT * SCALE * Y_STRETCH)


def wavy(a: Point, b: Point, key: str, waypoints: list[Point]) -> list[Point]:
    """Interior points of a border polyline from ``a`` to ``b``: gentle deterministic bends."""
    rng = random.Random(key)
    anchors = [a, *waypoints, b]
    out: list[Point] = []
    for i in range(len(anchors) - 1):
        p, q = anchors[i], anchors[i + 1]
        dx, dy = q[0] - p[0], q[1] - p[1]
        length = math.hypot(dx, dy)
        pieces = max(2, round(length / 22))
        nx, ny = -dy / length, dx / length
        amp = min(7.0, length * 0.08)
        phase = rng.uniform(0, math.tau)
        for k in range(1, pieces):
            t = k / pieces
            off = amp * math.sin(t * math.pi) * math.sin(phase + t * 2.3 * math.pi) + rng.uniform(-1.5, 1.5)
            out.append((p[0] + dx * t + nx * off, p[1] + dy * t + ny * off))
        if i < len(anchors) - 2:
            out.append(q)
    return out


def area(poly: list[Point]) -> float:
    return 0.5 * sum(poly[i][0] * poly[i - 1][1] - poly[i - 1][0] * poly[i][1] for i in range(len(poly)))


def inside(pt: Point, poly: list[Point]) -> bool:
    x, y = pt
    res = False
    for i in range(len(poly)):
        (x1, y1), (x2, y2) = poly[i - 1], poly[i]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            res = not res
    return res


def seg_dist(pt: Point, a: Point, b: Point) -> float:
    dx, dy = b[0] - a[0], b[1] - a[1]
    t = max(0.0, min(1.0, ((pt[0] - a[0]) * dx + (pt[1] - a[1]) * dy) / (dx * dx + dy * dy)))
    return math.hypot(pt[0] - a[0] - t * dx, pt[1] - a[1] - t * dy)


def label_spot(poly: list[Point], obstacles: list[Point]) -> Point:
    """Where a province's label block fits best: the name, the VP row and a row or two of pieces.

    The block is about 72 units wide, from 15 above the label point to 24 below it. On a grid, each
    point's clearance is its distance to the outline and to the province's nodes (less a node's
    radius); the label goes where the worst clearance over the block's sample points is largest.
    """
    g = 3.0
    xs, ys = [p[0] for p in poly], [p[1] for p in poly]
    x0, y0 = min(xs), min(ys)
    nx, ny = int((max(xs) - x0) / g) + 1, int((max(ys) - y0) / g) + 1
    clear: list[list[float]] = []
    for i in range(nx):
        col = []
        for j in range(ny):
            q = (x0 + i * g, y0 + j * g)
            if not inside(q, poly):
                col.append(-1e9)
                continue
            d = min(seg_dist(q, poly[k - 1], poly[k]) for k in range(len(poly)))
            d = min([d, *(math.hypot(q[0] - o[0], q[1] - o[1]) - 9 for o in obstacles)])
            col.append(d)
        clear.append(col)
    offsets = [(dx, dy) for dx in (-12, -6, 0, 6, 12) for dy in (-5, -1, 3, 8)]
    best, best_score = (sum(xs) / len(xs), sum(ys) / len(ys)), (-2e9, -2e9)
    for i in range(nx):
        for j in range(ny):
            if clear[i][j] <= 0:
                continue
            worst = min(clear[i + dx][j + dy] if 0 <= i + dx < nx and 0 <= j + dy < ny else -1e9 for dx, dy in offsets)
            score = (min(worst, 14.0), clear[i][j])  # enough room everywhere, then the most central
            if score > best_score:
                best, best_score = (x0 + i * g, y0 + j * g), score
    return best


def main() -> int:
    pos = {name: project(*ll) for name, (ll, _) in NODES.items()}
    # polylines for every edge, keyed by the face pair; coast stretches use the face "sea"
    edges: dict[str, list[tuple[str, str, list[Point]]]] = {pid: [] for pid in PROVINCES}
    for a, b, u, v, via in SEGMENTS:
        key = f"{a}|{b}|{u}|{v}"
        line = [pos[u], *wavy(pos[u], pos[v], key, [project(*w) for w in via]), pos[v]]
        edges[a].append((u, v, line))
        edges[b].append((u, v, line))
    coast_nodes = [c for c in COAST if isinstance(c, str)]
    stretch_of: dict[str, str] = {}
    start = COAST.index(coast_nodes[0])
    ring = COAST[start:] + COAST[:start] + [coast_nodes[0]]
    current: list[Point] = []
    last = ""
    for item in ring:
        if isinstance(item, str):
            if last:
                line = [pos[last], *current, pos[item]]
                common = set(NODES[last][1]) & set(NODES[item][1])
                if len(common) != 1:
                    raise SystemExit(f"coast stretch {last}-{item}: provinces {common}")
                (pid,) = common
                edges[pid].append((last, item, line))
                stretch_of[pid] = f"{last}-{item}"
            last, current = item, []
        else:
            current.append(project(*item))

    outlines: dict[str, list[Point]] = {}
    for pid, elist in edges.items():
        remaining = list(elist)
        u, v, line = remaining.pop(0)
        poly = list(line[:-1])
        at = v
        while remaining:
            for i, (a, b, ln) in enumerate(remaining):
                if a == at or b == at:
                    ln = ln if a == at else ln[::-1]
                    at = b if a == at else a
                    poly.extend(ln[:-1])
                    remaining.pop(i)
                    break
            else:
                raise SystemExit(f"{pid}: boundary does not close at {at}")
        if at != u:
            raise SystemExit(f"{pid}: boundary ends at {at}, not {u}")
        if area(poly) < 0:  # clockwise on screen (y down) has positive shoelace area here
            poly.reverse()
        outlines[pid] = poly

    all_pts = [p for poly in outlines.values() for p in poly]
    dx = MARGIN - min(p[0] for p in all_pts)
    dy = MARGIN - min(p[1] for p in all_pts)
    width = max(p[0] for p in all_pts) + dx + MARGIN
    height = max(p[1] for p in all_pts) + dy + MARGIN

    def fix(p: Point) -> Point:
        return (round(p[0] + dx, 1), round(p[1] + dy, 1))

    # number nodes west to east (ties: north first)
    order = sorted(NODES, key=lambda n: (round(pos[n][0], 3), pos[n][1]))
    number = {name: i + 1 for i, name in enumerate(order)}

    provinces = []
    for pid, (name, kind, port, town) in PROVINCES.items():
        poly = [fix(p) for p in outlines[pid]]
        entry: dict[str, object] = {"id": pid, "name": name, "type": kind, "port": port}
        entry["vp"] = {"plain": 4, "hill": 3, "mountain": 2}[kind] + (2 if port else 0)
        corners = [fix(pos[n]) for n, (_, touching) in NODES.items() if pid in touching]
        lx, ly = label_spot(poly, corners)
        nx_, ny_ = LABEL_NUDGE.get(pid, (0.0, 0.0))
        entry["label"] = [round(lx + nx_, 1), round(ly + ny_, 1)]
        if town is not None:
            tx, ty = fix(project(*town))
            # nearest point of this province's coast stretch, pushed out to sea
            best: tuple[float, Point, Point] | None = None
            coast_line = next(ln for a, b, ln in edges[pid] if f"{a}-{b}" == stretch_of[pid])
            pts = [fix(p) for p in coast_line]
            for i in range(1, len(pts)):
                p, q = pts[i - 1], pts[i]
                d = seg_dist((tx, ty), p, q)
                if best is None or d < best[0]:
                    best = (d, p, q)
            assert best is not None
            _, p, q = best
            ex, ey = q[0] - p[0], q[1] - p[1]
            ln_ = math.hypot(ex, ey)
            t = max(0.0, min(1.0, ((tx - p[0]) * ex + (ty - p[1]) * ey) / (ln_ * ln_)))
            foot = (p[0] + t * ex, p[1] + t * ey)
            nx, ny = -ey / ln_, ex / ln_
            cand = (foot[0] + nx * 16, foot[1] + ny * 16)
            if inside(cand, poly):
                cand = (foot[0] - nx * 16, foot[1] - ny * 16)
            entry["port_at"] = [round(cand[0], 1), round(cand[1], 1)]
        entry["outline"] = [list(p) for p in poly]
        provinces.append(entry)

    nodes = [{"id": number[n], "provinces": list(NODES[n][1]), "at": list(fix(pos[n]))} for n in order]
    borders = [{"provinces": [a, b], "nodes": sorted([number[u], number[v]])} for a, b, u, v, _ in SEGMENTS]
    data = {
        "format": "ludoteca-kreta-board",
        "version": 1,
        "name": "Crete (ludoteca reconstruction)",
        "size": [round(width, 1), round(height, 1)],
        "provinces": provinces,
        "nodes": nodes,
        "borders": borders,
        "coast": [number[n] for n in coast_nodes],
    }
    OUT.write_text(dump(data), encoding="utf-8")
    print(f"wrote {OUT} ({len(provinces)} provinces, {len(nodes)} nodes, {len(borders)} borders)")
    return 0


def dump(data: dict[str, object]) -> str:
    """JSON with one province, node or border per line (outlines wrapped), readable in a diff."""
    lines = ["{"]
    for key in ("format", "version", "name", "size"):
        lines.append(f"  {json.dumps(key)}: {json.dumps(data[key])},")
    lines.append('  "provinces": [')
    provinces = data["provinces"]
    assert isinstance(provinces, list)
    for i, p in enumerate(provinces):
        head = {k: v for k, v in p.items() if k != "outline"}
        text = json.dumps(head, ensure_ascii=False)[:-1]
        pts = [json.dumps(q) for q in p["outline"]]
        rows = [", ".join(pts[j : j + 8]) for j in range(0, len(pts), 8)]
        body = ",\n      ".join(rows)
        sep = "," if i < len(provinces) - 1 else ""
        lines.append(f'    {text}, "outline": [\n      {body}\n    ]}}{sep}')
    lines.append("  ],")
    for key in ("nodes", "borders"):
        items = data[key]
        assert isinstance(items, list)
        lines.append(f"  {json.dumps(key)}: [")
        for i, item in enumerate(items):
            sep = "," if i < len(items) - 1 else ""
            lines.append(f"    {json.dumps(item, ensure_ascii=False)}{sep}")
        lines.append("  ],")
    lines.append(f'  "coast": {json.dumps(data["coast"])}')
    lines.append("}")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    sys.exit(main())
