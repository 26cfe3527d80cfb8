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
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from .board import SEA, Board, coast_stretches
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
    :func:`ludoteca.kreta.board.geometry_violations`, since only drawing needs it."""
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
