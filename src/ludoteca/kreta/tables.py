"""Precomputed tables for one board: integer indices, neighbour lists, prebuilt actions and memo caches.

The state works on integer province and node indices and flat lists; everything that depends only on
the board (and the rule options) is computed here once and shared by every state and clone playing
on that board. The caches memoise pure functions of small keys (bit masks, tuples) — e.g. the
Commander's move set for a given placement — so that random playouts don't recompute them.
"""

from __future__ import annotations

from collections import deque
from typing import Any, TypeVar

from ludoteca.core.errors import SetupError

from .actions import (
    AbbotMove,
    AbbotPlace,
    AdmiralPlace,
    BuildFort,
    BuildVillage,
    CommanderMove,
    CommanderPlace,
    King,
    valid_id,
)
from .board import Board, load_board
from .constants import COMMANDER_POINTS, ROW_SIZE
from .options import KretaOptions

T = TypeVar("T")


class Entry:
    """A cached list of legal actions of one kind, with its King versions and lookup sets built lazily."""

    __slots__ = ("_ids", "_kmemo", "_set", "acts", "deltas", "kacts", "types")

    def __init__(self, acts: list[Any], deltas: list[int] | None = None, kmemo: dict[int, King] | None = None) -> None:
        self.acts = acts
        self.types = (type(acts[0]),) if deltas is not None and acts else tuple({type(a) for a in acts})
        """The action classes in ``acts`` (a quick "no" for actions of another kind)."""
        self.deltas = deltas
        """For Commander moves: the outcome of each action (keys of the King memo ``kmemo``)."""
        self._kmemo = kmemo
        self.kacts: list[Any] | None = None
        self._ids: set[int] | None = None
        self._set: set[Any] | None = None

    def king(self) -> list[Any]:
        """The same actions carried out by the King."""
        if self.kacts is None:
            memo = self._kmemo
            if memo is None or self.deltas is None:
                self.kacts = [King(a) for a in self.acts]
            else:
                out = []
                for d, a in zip(self.deltas, self.acts, strict=True):
                    k = memo.get(d)
                    if k is None or k.action is not a:
                        k = memo[d] = King(a)
                    out.append(k)
                self.kacts = out
        return self.kacts

    def has(self, action: Any) -> bool:
        """Whether ``action`` is one of these (by identity first: the objects handed out are these)."""
        if type(action) not in self.types:
            return False
        acts = self.acts
        if len(acts) <= 64:
            for a in acts:
                if a is action:
                    return True
        else:
            if self._ids is None:
                self._ids = set(map(id, acts))
            if id(action) in self._ids:
                return True
        if self._set is None:
            self._set = set(self.acts)
        try:
            return action in self._set
        except TypeError:  # fields that are not hashable: not a well-formed action
            return False


EMPTY = Entry([])


class Cache(dict[Any, Entry]):
    """A memo dict that forgets everything when it grows past ``limit`` (bounded memory)."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def put(self, key: Any, entry: Entry) -> Entry:
        if len(self) >= self.limit:
            self.clear()
        self[key] = entry
        return entry


class Tables:
    """Everything about a board the rules core needs in integer form, plus shared caches."""

    def __init__(self, board: Board, options: KretaOptions) -> None:
        self.board = board
        self.options = options
        self.abbot_blocks_passing = options.abbot_blocks_passing
        provinces = board.provinces
        self.P = P = len(provinces)
        self.ids = tuple(p.id for p in provinces)
        for pid in self.ids:
            if not valid_id(pid):
                raise SetupError(f"province id {pid!r} cannot be written in the action notation")
        self.names = tuple(p.name for p in provinces)
        self.index = {pid: i for i, pid in enumerate(self.ids)}
        order = sorted(range(P), key=lambda i: self.ids[i])
        self.rank = tuple(order.index(i) for i in range(P))
        """Per province: its position when the ids are sorted (actions list provinces in id order)."""
        self.kinds = tuple(p.kind for p in provinces)
        self.vp = tuple(p.vp for p in provinces)
        self.is_port = tuple(p.port for p in provinces)
        self.ports = tuple(i for i in range(P) if self.is_port[i])
        self.adj = tuple(tuple(sorted(board.adjacent[i])) for i in range(P))
        if P > 256:
            raise SetupError(f"a board may have at most 256 provinces, not {P}")
        self.bit = tuple(1 << i for i in range(P))
        self.shift = tuple(4 * i for i in range(P))
        self.unit = tuple(1 << (4 * i) for i in range(P))
        """A villager placement is one integer with 4 bits per province: ``sum(count[p] * unit[p])``."""
        self.all_mask = (1 << P) - 1
        self.N = len(board.nodes)
        self.node_numbers = tuple(n.number for n in board.nodes)
        self.node_index = {num: k for k, num in enumerate(self.node_numbers)}
        self.node_provs = tuple(tuple(sorted(n.provinces)) for n in board.nodes)
        self.prov_nodes = tuple(tuple(k for k in range(self.N) if i in self.node_provs[k]) for i in range(P))
        self.row_size = min(ROW_SIZE, self.N)
        self.dist = tuple(self._distances(i) for i in range(P))
        self.near = tuple(
            sum(self.bit[q] for q in range(P) if 0 <= self.dist[p][q] <= COMMANDER_POINTS) for p in range(P)
        )
        """Per province: bit mask of the provinces a villager there could reach, pieces ignored."""

        # prebuilt actions, by province or node index
        self.admiral_place = tuple(AdmiralPlace(self.ids[i]) for i in range(P))
        self.commander_place = tuple(CommanderPlace(self.ids[i]) for i in range(P))
        self.abbot_place = tuple(AbbotPlace(self.ids[i]) for i in range(P))
        self.abbot_move = tuple(tuple(AbbotMove(self.ids[a], self.ids[b]) for b in range(P)) for a in range(P))
        self.fort = tuple(BuildFort(num) for num in self.node_numbers)
        self.village = tuple(BuildVillage(self.ids[i]) for i in range(P))

        # memo caches (see state.py for their keys)
        self.small: Cache = Cache(50_000)
        self.commander: Cache = Cache(1_000)
        self.moves: dict[int, CommanderMove] = {}
        """Commander moves by outcome (see ``moves.commander_move``): the recent generation."""
        self.old_moves: dict[int, CommanderMove] = {}
        """The previous generation; a move found here is promoted into ``moves``."""
        self.moves_limit = 150_000
        n_chunks = (P + 3) // 4
        self.half = sum(8 << (4 * i) for i in range(4 * n_chunks))
        """Added to an outcome, turns every signed digit d into d + 8 (4 provinces per 16-bit chunk)."""
        self.chunks: tuple[dict[int, tuple[tuple[int, ...], tuple[int, ...]]], ...] = tuple({} for _ in range(n_chunks))
        """Per chunk of 4 provinces: 16-bit digits -> (provinces left, provinces entered)."""
        self.pair = tuple(tuple((self.ids[a], self.ids[b]) for b in range(P)) for a in range(P))
        """``pair[a][b] == (ids[a], ids[b])``, shared by every Commander move."""
        self._interned: dict[Any, Any] = {}
        self._enterable: dict[int, tuple[tuple[int, ...], ...]] = {}
        self._displacements: dict[int, tuple[tuple[tuple[int, ...], ...], ...]] = {}
        self._groups: dict[tuple[int, int, int], list[frozenset[int]]] = {}
        self.kings: dict[int, King] = {}
        """King versions of the memoised Commander moves, by outcome."""

    def __copy__(self) -> Tables:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Tables:
        """Tables are shared, read-only data (their caches are memos): copies of a state share them."""
        return self

    def _distances(self, start: int, blocked: int = 0) -> tuple[int, ...]:
        """Borders to cross from ``start`` to every province (-1: unreachable), never entering ``blocked``."""
        dist = [-1] * self.P
        dist[start] = 0
        queue = deque([start])
        while queue:
            p = queue.popleft()
            for q in self.adj[p]:
                if dist[q] < 0 and not blocked >> q & 1:
                    dist[q] = dist[p] + 1
                    queue.append(q)
        return tuple(dist)

    def enterable(self, blocked: int) -> tuple[tuple[int, ...], ...]:
        """Per province: its neighbours outside the bit mask ``blocked``."""
        out = self._enterable.get(blocked)
        if out is None:
            out = tuple(tuple(q for q in self.adj[p] if not blocked >> q & 1) for p in range(self.P))
            if len(self._enterable) > 10_000:
                self._enterable.clear()
            self._enterable[blocked] = out
        return out

    def chunk(self, c: int, value: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Decode (and remember) the digits of provinces 4c..4c+3 of an outcome: which were left,
        which entered."""
        base = 4 * c
        frm: list[int] = []
        to: list[int] = []
        for i in range(4):
            d = ((value >> (4 * i)) & 15) - 8
            if d < 0:
                frm += [base + i] * -d
            elif d > 0:
                to += [base + i] * d
        part = self.chunks[c][value] = (tuple(frm), tuple(to))
        return part

    def remember(self, delta: int, move: CommanderMove) -> None:
        """Memoise a Commander move; when the recent generation is full it becomes the old one."""
        if len(self.moves) >= self.moves_limit:
            self.old_moves = self.moves
            self.moves = {}
            self.kings.clear()
        self.moves[delta] = move

    def intern(self, value: T) -> T:
        """One shared copy of an immutable tuple (Commander moves repeat the same few)."""
        got = self._interned.setdefault(value, value)
        if len(self._interned) > 200_000:
            self._interned.clear()
        return got  # type: ignore[no-any-return]

    def group_reach(self, blocked: int, p: int, m: int) -> list[frozenset[int]]:
        """For ``m`` villagers standing in ``p``: per c (0..4), the outcomes whose cheapest cost is c
        (the villagers walk independently, never entering ``blocked``)."""
        key = (blocked, p, m)
        out = self._groups.get(key)
        if out is None:
            single = [frozenset(d) for d in self.displacements(blocked)[p]]
            out = single if m == 1 else combine(self.group_reach(blocked, p, m - 1), single)
            if len(self._groups) > 20_000:
                self._groups.clear()
            self._groups[key] = out
        return out

    def displacements(self, blocked: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """Per province p and cost c (0..4): the outcomes ``unit[q] - unit[p]`` of one villager
        walking from p to a province q exactly c borders away, never entering ``blocked``."""
        out = self._displacements.get(blocked)
        if out is None:
            rows = []
            for p in range(self.P):
                dist = self._distances(p, blocked)
                rows.append(
                    tuple(
                        tuple(self.unit[q] - self.unit[p] for q in range(self.P) if dist[q] == c) if c else (0,)
                        for c in range(COMMANDER_POINTS + 1)
                    )
                )
            out = tuple(rows)
            if len(self._displacements) > 10_000:
                self._displacements.clear()
            self._displacements[blocked] = out
        return out

    def province_index(self, pid: str) -> int:
        """The index of province ``pid``; ``KeyError`` if the board has none."""
        return self.index[pid]


def combine(a: list[frozenset[int]], b: list[frozenset[int]]) -> list[frozenset[int]]:
    """Outcomes of two independent groups, layered by cheapest cost (0..4): layer c holds the sums
    of a's layer i and b's layer c - i not already found at a lower cost."""
    layers: list[frozenset[int]] = []
    found: set[int] = set()
    for c in range(COMMANDER_POINTS + 1):
        acc: set[int] = set()
        for i in range(c + 1):
            xs, ys = a[i], b[c - i]
            if not xs or not ys:
                continue
            if len(ys) == 1 and 0 in ys:
                acc |= xs
            elif len(xs) == 1 and 0 in xs:
                acc |= ys
            else:
                acc.update([x + y for x in xs for y in ys])
        acc -= found
        found |= acc
        layers.append(frozenset(acc))
    return layers


_SHIPPED: dict[KretaOptions, Tables] = {}
_OTHERS: dict[tuple[KretaOptions, Board], Tables] = {}


def tables_for(options: KretaOptions, board: Board | None = None) -> Tables:
    """The tables for ``board`` (default: the options' board), reused for equal boards and options."""
    if board is None and options.board is None:
        tables = _SHIPPED.get(options)
        if tables is None:
            shipped = next(iter(_SHIPPED.values())).board if _SHIPPED else load_board(None)
            tables = _SHIPPED[options] = Tables(shipped, options)
        return tables
    if board is None:
        board = load_board(options.board)
    elif options.board is None and options in _SHIPPED and _SHIPPED[options].board is board:
        return _SHIPPED[options]
    key = (options, board)
    tables = _OTHERS.get(key)
    if tables is None:
        if len(_OTHERS) >= 16:
            _OTHERS.clear()
        tables = _OTHERS[key] = Tables(board, options)
    return tables
