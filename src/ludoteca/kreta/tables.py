"""Precomputed tables for one board: integer indices, neighbour lists, prebuilt actions and memo caches.

The state works on integer province and node indices and flat lists; everything that depends only on
the board (and the rule options) is computed here once and shared by every state and clone playing
on that board. The caches memoise pure functions of small keys (bit masks, tuples) — e.g. the
villager steps open to a seat — so that random playouts don't recompute them, and every legal action
handed out is a prebuilt (or interned) object, so that the checked ``apply`` is an identity lookup.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from functools import reduce
from operator import or_
from typing import Any, Final, TypeVar

from ludoteca.core.errors import SetupError
from ludoteca.core.events import Event, new_event

from .actions import (
    HARVEST,
    STOP,
    AbbotMove,
    AbbotPlace,
    AdmiralMove,
    AdmiralPlace,
    BuildFort,
    BuildVillage,
    CommanderMove,
    CommanderPlace,
    King,
    Step,
    valid_id,
)
from .board import Board, load_board
from .components import CARDS, COMMANDER_POINTS, ROW_SIZE, SEAT_NAMES
from .options import KretaOptions

T = TypeVar("T")


class Entry:
    """A cached list of legal actions of one kind, shared by every state with the same key.

    The objects handed out by ``legal_actions()`` are these very ones, so the checked ``apply`` finds an
    action by identity in its state's entries (a scan of a few pointers: no hashing) and, at the same
    position in ``codes``, what carrying it out needs in integer form: the province (``p``), node (``k``),
    pair of provinces (``p << 8 | q``, a step or a move) or Admiral move (an index into
    ``Tables.admiral_frm``), so that no province id is looked up on the way. ``king`` is the same list
    carried out by the King (the same codes).
    """

    __slots__ = ("_king", "_tables", "acts", "codes")

    def __init__(self, acts: list[Any], codes: Sequence[int], tables: Tables | None = None) -> None:
        self.acts = acts
        self.codes = tuple(codes)
        """Per action, its integer form (see the class docstring; 0 for an action that needs none). A tuple of
        ints, which the garbage collector stops tracking (the caches hold thousands of entries)."""
        self._tables = tables
        self._king: Entry | None = None

    @property
    def king(self) -> Entry:
        """The same actions carried out by the King (interned King objects)."""
        k = self._king
        if k is None:
            t = self._tables
            assert t is not None, "only card actions have King versions"
            k = self._king = Entry([t.king_of(a) for a in self.acts], self.codes)
        return k


EMPTY: Final = Entry([], [])


class Cache(dict[Any, Any]):
    """A memo dict that forgets everything when it grows past ``limit`` (bounded memory)."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.limit = limit

    def put(self, key: Any, value: T) -> T:
        if len(self) >= self.limit:
            self.clear()
        self[key] = value
        return value


class Steps:
    """The villager steps out of one province into its open neighbours: as movement steps, as the
    Commander's first steps, and as index pairs (for filtering after a look ahead)."""

    __slots__ = ("_without", "first", "p", "pairs", "steps")

    def __init__(self, t: Tables, p: int, closed: int) -> None:
        self.p = p
        self.pairs = [(p, q) for q in t.adj[p] if not closed >> q & 1]
        codes = [p << 8 | q for _, q in self.pairs]
        self.steps = Entry([t.step[p][q] for _, q in self.pairs], codes)
        self.first = Entry([t.commander_move[p][q] for _, q in self.pairs], codes, t)
        self._without: dict[int, Entry] = {}

    def without(self, pair: tuple[int, int]) -> Entry:
        """The movement steps but the one ``pair`` (cached per pair, keyed by an integer: no tuple to hash)."""
        key = pair[0] << 8 | pair[1]  # indices < 256 (Tables checks)
        got = self._without.get(key)
        if got is None:
            keep = [i for i, pq in enumerate(self.pairs) if pq != pair]
            got = self._without[key] = Entry([self.steps.acts[i] for i in keep], [self.steps.codes[i] for i in keep])
        return got


STOP_ENTRY: Final = Entry([STOP], [0])


FORT_EVENTS: Final = {"scoring": 0, "spent": 1, "reveal": 2, "keep": 3}
"""The kinds of :meth:`Tables.fort_event` (a scoring's fort card events, data two integers) and their codes."""


class Tables:
    """Everything about a board the rules core needs in integer form, plus shared caches."""

    def __init__(self, board: Board, options: KretaOptions) -> None:
        self.board = board
        self.options = options
        self.abbot_blocks_passing = options.abbot_blocks_passing
        self.everyone_takes_back = options.takeback == "all"
        """Option ``takeback``: every player takes their cards back at a scoring (else only the Castellan's)."""
        self.seed_scoring_order = options.rules_version >= 2
        """Rules version 2 on: a scoring logs the cards taken back before the fort card's turning."""
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
        self.N = len(board.nodes)
        self.node_numbers = tuple(n.number for n in board.nodes)
        self.node_index = {num: k for k, num in enumerate(self.node_numbers)}
        self.node_provs = tuple(tuple(sorted(n.provinces)) for n in board.nodes)
        self.prov_nodes = tuple(tuple(k for k in range(self.N) if i in self.node_provs[k]) for i in range(P))
        self.row_size = min(ROW_SIZE, self.N)
        self.dist = tuple(self._distances(i) for i in range(P))

        # prebuilt actions, by province or node index
        ids = self.ids
        self.admiral_place = tuple(AdmiralPlace(ids[i]) for i in range(P))
        self.commander_place = tuple(CommanderPlace(ids[i]) for i in range(P))
        self.abbot_place = tuple(AbbotPlace(ids[i]) for i in range(P))
        self.abbot_move = tuple(tuple(AbbotMove(ids[a], ids[b]) for b in range(P)) for a in range(P))
        self.fort = tuple(BuildFort(num) for num in self.node_numbers)
        self.village = tuple(BuildVillage(ids[i]) for i in range(P))
        self.commander_move = tuple(
            tuple(CommanderMove(ids[a], ids[b]) if b in self.adj[a] else None for b in range(P)) for a in range(P)
        )
        """``commander_move[a][b]``: the Commander's first step from a into the neighbouring b."""
        self.step = tuple(tuple(Step(ids[a], ids[b]) if b in self.adj[a] else None for b in range(P)) for a in range(P))
        """``step[a][b]``: a movement step from a into the neighbouring b."""
        self.back = {self.unit[a] - self.unit[b]: (a, b) for a in range(P) for b in self.adj[a]}
        """A placement that differs from the movement's start by one villager moved b -> a (the key)
        goes back to the start with the step a -> b (the value)."""
        # prebuilt events (immutable, public) for the most frequent ones, by seat
        seats = range(len(SEAT_NAMES))
        self.ev_play = tuple(tuple(Event("play", s, (c,)) for c in CARDS) for s in seats)
        self.ev_copy = tuple(tuple(Event("copy", s, (c,)) for c in CARDS) for s in seats)
        self.ev_place_villager = tuple(tuple(Event("place", s, ("villager", pid)) for pid in ids) for s in seats)
        pairs = [(a, b) for a in range(P) for b in range(P)]
        self.ev_move_villager = tuple(
            tuple(Event("move", s, ("villager", ids[a], ids[b])) for a, b in pairs) for s in seats
        )
        """``ev_move_villager[seat][a * P + b]``: a villager's step across the border from a into b (indices:
        a list read with an integer, no dict lookup with a pair of ids)."""
        self.ev_place_abbot = tuple(tuple(Event("place", s, ("abbot", pid)) for pid in ids) for s in seats)
        self.ev_move_abbot = tuple(tuple(Event("move", s, ("abbot", ids[a], ids[b])) for a, b in pairs) for s in seats)
        """``ev_move_abbot[seat][a * P + b]``, as ``ev_move_villager``."""
        self.ev_place_ship = tuple(tuple(Event("place", s, ("ship", pid)) for pid in ids) for s in seats)
        self.ev_move_ship = tuple(tuple(Event("move", s, ("ship", ids[a], ids[b])) for a, b in pairs) for s in seats)
        """``ev_move_ship[seat][a * P + b]``, as ``ev_move_villager``."""
        self.ev_build_village = tuple(tuple(Event("build", s, ("village", pid)) for pid in ids) for s in seats)
        self.ev_build_fort = tuple(tuple(Event("build", s, ("fort", num)) for num in self.node_numbers) for s in seats)
        """``ev_build_fort[seat][k]``: a fort built on node index ``k``."""
        self.ev_stop = tuple(tuple(Event("stop", s, (left,)) for left in range(COMMANDER_POINTS)) for s in seats)
        """``ev_stop[seat][points_left]``: the seat ends its Commander movement."""
        self.ev_takeback = tuple(Event("takeback", s, ()) for s in seats)
        """``ev_takeback[seat]``: the seat takes its cards back (option ``takeback=castellan``)."""
        self._fort_events: dict[int, Event] = {}
        self._events: dict[tuple[str, int, tuple[Any, ...]], Event] = {}
        self._scored: dict[int, Event] = {}
        """The events of a province's scoring, keyed by integers (see :meth:`province_event`)."""
        self._kings: dict[int, King] = {}
        self.admiral_moves: list[AdmiralMove] = []
        """Every Admiral move handed out so far, one object per move (its code is its position here)."""
        self.admiral_frm: list[tuple[int, ...]] = []
        """Per Admiral move code: the province indices its ships leave, in the action's order (``frm``)."""
        self.admiral_to: list[tuple[int, ...]] = []
        """Per Admiral move code: the province indices its ships enter, in the action's order (``to``)."""
        self._admiral_codes: dict[int, int] = {}

        # memo caches (see legal.py for their keys); each is bounded
        self.small: Cache = Cache(20_000)
        self.nbrmask = tuple(sum(self.bit[q] for q in self.adj[p]) for p in range(P))
        self._spread = tuple(
            tuple(
                reduce(or_, (self.nbrmask[8 * c + i] for i in range(8) if byte >> i & 1 and 8 * c + i < P), 0)
                for byte in range(256)
            )
            for c in range((P + 7) // 8)
        )
        """Per chunk of 8 provinces and per bit pattern in it: the union of their neighbours."""
        self.farmer = Entry([HARVEST], [0], self)
        self.commander_places: Cache = Cache(20_000)
        self.villages: Cache = Cache(20_000)
        self.forts: Cache = Cache(20_000)
        self.abbots: Cache = Cache(20_000)
        self.step_cache: tuple[dict[int, Steps], ...] = tuple({} for _ in range(P))
        """Per province, the :class:`Steps` out of it per mask of closed neighbours (filled by :meth:`steps`;
        the hot paths of ``legal`` and ``moves`` read it directly)."""

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as what they are made from: the receiving process builds (or reuses) its own."""
        return (tables_for, (self.options, self.board))

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

    def spread(self, mask: int) -> int:
        """The provinces bordering some province of the bit mask ``mask``."""
        out = 0
        for table in self._spread:
            out |= table[mask & 255]
            mask >>= 8
        return out

    def steps(self, p: int, closed: int) -> Steps:
        """The steps out of province ``p`` when the provinces in the bit mask ``closed`` may not be
        entered (at most one entry per subset of p's neighbours)."""
        closed &= self.nbrmask[p]
        got = self.step_cache[p].get(closed)
        if got is None:
            got = self.step_cache[p][closed] = Steps(self, p, closed)
        return got

    def event(self, kind: str, seat: int, data: tuple[Any, ...]) -> Event:
        """One shared ``Event(kind, seat, data)`` per value (events are immutable and public): fewer
        long-lived objects in the logs of many games, hence fewer and shorter garbage collections."""
        key = (kind, seat, data)
        got = self._events.get(key)
        if got is None:
            if len(self._events) >= 50_000:
                self._events.clear()
            got = self._events[key] = new_event(kind, seat, data)
        return got

    def province_event(self, p: int, inf: list[int]) -> Event:
        """``event("province", -1, (id, vp, tuple(inf)))`` for province index ``p``, looked up by an integer
        code (the influences a byte each) instead of a nested tuple, as a scoring logs several."""
        code = p
        for x in inf:
            if not 0 <= x < 256:  # pragma: no cover - no province holds that much
                return self.event("province", -1, (self.ids[p], self.vp[p], tuple(inf)))
            code = code << 8 | x
        code = (code << 3 | len(inf)) << 1
        got = self._scored.get(code)
        if got is None:
            got = self._scored_put(code, new_event("province", -1, (self.ids[p], self.vp[p], tuple(inf))))
        return got

    def score_event(self, seat: int, p: int, points: int, place: int) -> Event:
        """``event("score", seat, (id, points, place))`` for province index ``p``, by an integer code."""
        if not (0 <= seat < 8 and 0 <= points < 256 and 0 <= place < 256):  # pragma: no cover - never so high
            return self.event("score", seat, (self.ids[p], points, place))
        code = ((((seat * self.P + p) << 8 | points) << 8 | place) << 1) | 1
        got = self._scored.get(code)
        if got is None:
            got = self._scored_put(code, new_event("score", seat, (self.ids[p], points, place)))
        return got

    def fort_event(self, kind: str, seat: int, a: int, b: int) -> Event:
        """``event(kind, seat, (a, b))`` for a kind of :data:`FORT_EVENTS` (a scoring's ``scoring``, ``spent``,
        ``reveal`` and the ``keep`` after it: a slot or scoring number and a node), looked up by an integer code
        instead of a tuple of the three."""
        if not (0 <= seat < 8 and 0 <= a < 1 << 16 and 0 <= b < 1 << 16):  # pragma: no cover - never so high
            return self.event(kind, seat, (a, b))
        code = ((FORT_EVENTS[kind] << 3 | seat) << 16 | a) << 16 | b
        got = self._fort_events.get(code)
        if got is None:
            if len(self._fort_events) >= 50_000:  # pragma: no cover - a board has far fewer
                self._fort_events.clear()
            got = self._fort_events[code] = new_event(kind, seat, (a, b))
        return got

    def _scored_put(self, code: int, event: Event) -> Event:
        if len(self._scored) >= 50_000:
            self._scored.clear()
        self._scored[code] = event
        return event

    def admiral_move(self, frm: tuple[int, ...], to: tuple[int, ...]) -> int:
        """The code of the Admiral move whose ships leave the ports ``frm`` for ``to`` (province indices, each
        in id order, as the action lists them), made on first use: one object per move, found by an integer
        key instead of hashing an action (at most a few thousand moves on a board)."""
        key = len(frm)
        for p in frm:
            key = key << 8 | p
        for p in to:
            key = key << 8 | p
        code = self._admiral_codes.get(key)
        if code is None:
            ids = self.ids
            code = self._admiral_codes[key] = len(self.admiral_moves)
            self.admiral_moves.append(AdmiralMove(tuple(ids[p] for p in frm), tuple(ids[p] for p in to)))
            self.admiral_frm.append(frm)
            self.admiral_to.append(to)
        return code

    def king_of(self, action: Any) -> King:
        """The King carrying out ``action`` (one object per action object, so identity checks work)."""
        k = self._kings.get(id(action))
        if k is None or k.action is not action:  # (every action handed out lives as long as the tables)
            k = self._kings[id(action)] = King(action)
        return k


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
