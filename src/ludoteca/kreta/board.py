"""The Kreta board as data: provinces, borders, numbered nodes and the geometry to draw them.

Nobody has published the printed map's data, so the package ships a reconstruction
(``data/crete.json``); a user who owns the printed board can write its data in the same format and
load it instead (``load_board(path)``). This module only reads and cross-checks the file; the
published constraints a board must meet are checked by :func:`constraint_violations`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from ludoteca.core.errors import SetupError

KINDS = ("plain", "hill", "mountain")
BASE_VP = {"plain": 4, "hill": 3, "mountain": 2}
PORT_BONUS = 2

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
            raise SetupError(f"province {pid!r}: a {kind}{' with a port' if port else ''} is worth {expected} VP, not {vp}")
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
    for i, b in enumerate(raw_borders):
        if not isinstance(b, list) or len(b) != 2:
            raise SetupError(f"border #{i + 1} must be a pair of province ids")
        a, c = ref(b[0], f"border #{i + 1}"), ref(b[1], f"border #{i + 1}")
        if a == c:
            raise SetupError(f"border #{i + 1} joins {b[0]!r} to itself")
        adjacent[a].add(c)
        adjacent[c].add(a)
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
    )


def load_board(path: str | Path | None = None) -> Board:
    """The shipped reconstruction of Crete, or the board in the JSON file at ``path``."""
    try:
        if path is None:
            text = resources.files("ludoteca.kreta").joinpath("data/crete.json").read_text(encoding="utf-8")
        else:
            text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise SetupError(f"cannot read board file {path}: {e.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise SetupError(f"board file is not valid JSON: {e.msg} at line {e.lineno}") from None
    return board_from_dict(data)


def constraint_violations(board: Board) -> list[str]:
    """Every published fact about the printed board that ``board`` breaks (empty: none).

    Filled in with the shipped reconstruction; see ``docs/kreta-board.md``.
    """
    problems: list[str] = []
    counts = {k: sum(1 for p in board.provinces if p.kind == k) for k in KINDS}
    if len(board.provinces) != 16:
        problems.append(f"{len(board.provinces)} provinces, not 16")
    if counts != {"plain": 2, "hill": 8, "mountain": 6}:
        problems.append(f"province types {counts}, not 2 plains, 8 hills, 6 mountains")
    numbers = [n.number for n in board.nodes]
    if numbers != list(range(1, 27)):
        problems.append("nodes are not numbered 1–26")
    return problems


def _seq(items: Sequence[int]) -> str:
    return ", ".join(map(str, items))
