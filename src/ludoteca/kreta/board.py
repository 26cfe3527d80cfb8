"""The Kreta board as data: provinces, borders, numbered nodes and the geometry to draw them.

Nobody has published the printed map's data, so the package ships a reconstruction
(``data/crete.json``); a user who owns the printed board can write its data in the same format and
load it instead (``load_board(path)``). This module only reads and cross-checks the file (refusing
what no game could be played on); whether a board is the printed one — what the rules state, what the
reconstruction assumed — is for :func:`ludoteca.kreta.board_checks.check_board`, and whether its
drawing agrees with its topology for :func:`~ludoteca.kreta.board_checks.geometry_violations`.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
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
