"""The Kreta game state: pieces, tiles, cards and fort cards, changed only through :meth:`KretaState.apply`.

Representation (for speed): provinces and nodes are integer indices into the board's
:class:`~ludoteca.kreta.tables.Tables`; per-seat, per-province counts are flat lists indexed
``seat * P + province``; a seat's villager placement is also one integer (4 bits per province);
hands are 7-bit masks; a few bit masks (full provinces, free nodes, full ports, tiles) are kept up to
date so that legal actions can be looked up in memo caches instead of being recomputed. Every legal
action is a prebuilt object of the tables, so the checked ``apply`` is an identity lookup; the reason
for a refusal is worked out (``explain.py``) only when the lookup fails. ``clone()`` copies the
lists and shares the tables, the cached legal actions and the event log.

A Commander movement in progress: phase ``MOVE``, ``_mleft`` points left, ``_mstart`` the mover's
placement code at its start (the villagers really stand where the steps took them).

Event kinds (``Event(kind, seat, data)``; all public, province ids and node numbers as in the board):

- ``start``  seat = start player, data ``()`` — a new game; ``setup`` seat -1, ``()`` — an explicit set-up
- ``play``   data ``(card,)`` — the seat plays a character card
- ``copy``   data ``(card,)`` — the King carries out the action of ``card``
- ``place``  data ``(piece, province_id)`` — piece ``villager``, ``abbot`` or ``ship`` from reserve
- ``move``   data ``(piece, from_id, to_id)`` — a villager (one event per step), the abbot or a ship
- ``stop``   data ``(points_left,)`` — the seat ends its Commander movement before the 4th point
- ``build``  data ``("fort", node)`` or ``("village", province_id)``
- ``harvest`` data ``(province_id, tile, vp)`` — one event per tile, with the VP it scored at once
- ``scoring`` data ``(number, node)`` — the seat's Castellan starts the ``number``-th scoring at ``node``
- ``province`` seat -1, data ``(province_id, vp, influences)`` — a province scored; influence per seat
- ``score``  data ``(province_id, vp, influence)`` — the seat scores ``vp`` for a province
- ``spent``  data ``(slot, node)`` — the scored fort card is turned face down (slots count from 0)
- ``reveal`` data ``(slot, node)`` — a fort card of the row is turned face up (seat -1 at set-up)
- ``keep``   data ``(slot, node)``; ``replace`` data ``(slot, rejected_node, new_node)``
- ``takeback`` seat -1, ``()`` — every player takes their played cards back into hand (option
  ``takeback=castellan``: seat = the Castellan's player, the only one who does); from rules version 2 it
  comes before ``spent`` and ``reveal``, as the rules order a scoring
- ``end``    seat -1, data ``(scores, winners)`` — the last scoring is over
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.errors import MalformedActionError
from ludoteca.core.events import EventLog, push
from ludoteca.core.game import TERMINAL, GameResult
from ludoteca.core.rng import Rng

from . import explain, legal, scoring
from .actions import (
    AbbotMove,
    AbbotPlace,
    AdmiralMove,
    AdmiralPlace,
    BuildFort,
    BuildVillage,
    Castellan,
    CommanderMove,
    CommanderPlace,
    Harvest,
    Keep,
    King,
    KretaAction,
    Step,
)
from .constants import (
    ALL_CARDS,
    CARDS,
    COMMANDER_POINTS,
    FACE_UP,
    KING,
    MOVE,
    OVER,
    PHASES,
    PLAY,
    PORT_LIMIT,
    PORT_LIMIT_TWO_PLAYERS,
    PROVINCE_LIMIT,
    SUPPLY,
    TILES,
)
from .moves import harvest
from .tables import Entry, Tables
from .view import KretaView


class KretaState:
    """A game of Kreta in progress. Build one with :func:`~ludoteca.kreta.new_game` or ``from_setup``."""

    __slots__ = (
        "_abbot",
        "_count",
        "_fort",
        "_fortres",
        "_freemask",
        "_fullmask",
        "_hand",
        "_harvested",
        "_known",
        "_legal",
        "_log",
        "_mleft",
        "_mstart",
        "_n",
        "_phase",
        "_pile",
        "_played",
        "_portfull",
        "_portships",
        "_pvp",
        "_rng",
        "_row",
        "_scorings",
        "_ships",
        "_start",
        "_t",
        "_tile",
        "_tilemask",
        "_to_act",
        "_tvp",
        "_vcode",
        "_vill",
        "_villageres",
        "_villages",
        "_villres",
        "_vmask",
    )

    def __init__(self, tables: Tables, num_players: int, rng: Rng) -> None:
        """An empty board (no pieces, no tiles, no fort cards); the set-up functions fill it in."""
        t = self._t = tables
        n = self._n = num_players
        P = t.P
        self._rng = rng
        self._abbot = [-1] * n
        self._vill = [0] * (n * P)
        self._vcode = [0] * n
        self._vmask = [0] * n
        self._villres = [SUPPLY["villager"]] * n
        self._villages = [0] * (n * P)
        self._villageres = [SUPPLY["village"]] * n
        self._ships: list[tuple[int, ...]] = [()] * n
        self._portships = [0] * P
        self._portfull = 0
        self._fort = [-1] * t.N
        self._fortres = [SUPPLY["fort"]] * n
        self._freemask = (1 << t.N) - 1
        self._count = [0] * P
        self._fullmask = 0
        self._tile = [-1] * P
        self._tilemask = 0
        self._harvested: list[tuple[int, ...]] = [()] * n
        self._hand = [ALL_CARDS] * n
        self._played: list[tuple[int, ...]] = [()] * n
        self._row: list[int] = []
        self._pile: list[int] = []
        self._known = 0
        self._scorings = 0
        self._phase = PLAY
        self._to_act = 0
        self._start = 0
        self._pvp = [0] * n
        self._tvp = [0] * n
        self._mleft = 0
        self._mstart = 0
        self._log: EventLog = None
        self._legal: tuple[Entry, ...] | None = None
        """The legal actions as the lists that make them up (``legal.parts``); None: not known yet."""

    # --- the protocol ------------------------------------------------------------------------------

    @property
    def num_players(self) -> int:
        return self._n

    @property
    def tables(self) -> Tables:
        """The board's precomputed tables (shared, read-only)."""
        return self._t

    def current_player(self) -> int:
        return TERMINAL if self._phase == OVER else self._to_act

    def is_terminal(self) -> bool:
        return self._phase == OVER

    def legal_actions(self) -> list[KretaAction]:
        """Every legal action of the seat to act, in card order; empty exactly when the game is over."""
        parts = self._legal
        if parts is None:
            parts = self._legal = legal.parts(self)
        if len(parts) == 1:
            return list(parts[0].acts)
        got: list[Any] = []
        for e in parts:
            got += e.acts
        return got

    def clone(self) -> KretaState:
        c = KretaState.__new__(KretaState)
        c._t = self._t
        c._n = self._n
        c._rng = self._rng.clone()
        c._abbot = self._abbot[:]
        c._vill = self._vill[:]
        c._vcode = self._vcode[:]
        c._vmask = self._vmask[:]
        c._villres = self._villres[:]
        c._villages = self._villages[:]
        c._villageres = self._villageres[:]
        c._ships = self._ships[:]
        c._portships = self._portships[:]
        c._portfull = self._portfull
        c._fort = self._fort[:]
        c._fortres = self._fortres[:]
        c._freemask = self._freemask
        c._count = self._count[:]
        c._fullmask = self._fullmask
        c._tile = self._tile[:]
        c._tilemask = self._tilemask
        c._harvested = self._harvested[:]
        c._hand = self._hand[:]
        c._played = self._played[:]
        c._row = self._row[:]
        c._pile = self._pile[:]
        c._known = self._known
        c._scorings = self._scorings
        c._phase = self._phase
        c._to_act = self._to_act
        c._start = self._start
        c._pvp = self._pvp[:]
        c._tvp = self._tvp[:]
        c._mleft = self._mleft
        c._mstart = self._mstart
        c._log = self._log
        c._legal = self._legal
        return c

    def result(self) -> GameResult:
        """Scores so far (final once the game is over); every seat with the top score wins."""
        scores = tuple(a + b for a, b in zip(self._pvp, self._tvp, strict=True))
        top = max(scores)
        return GameResult(
            scores=scores,
            breakdown=tuple({"provinces": a, "tiles": b} for a, b in zip(self._pvp, self._tvp, strict=True)),
            winners=tuple(i for i, x in enumerate(scores) if x == top),
            progress={"scorings": self._scorings},
        )

    # --- legal actions -----------------------------------------------------------------------------

    # --- applying actions --------------------------------------------------------------------------

    def apply(self, action: KretaAction) -> None:
        """Play ``action`` for the seat to act.

        An action the rules don't allow raises :class:`IllegalActionError` (something that is not a
        Kreta action, or names no province of this board, raises :class:`MalformedActionError`); the
        message says why, and the state is left unchanged.
        """
        parts = self._legal
        if parts is None:
            parts = self._legal = legal.parts(self)
        i = id(action)
        for e in parts:
            if i in e.ids:
                break
        else:
            try:
                legal_now = self.legal_actions()
                action = legal_now[legal_now.index(action)]
            except (ValueError, TypeError):
                raise explain.why_not(self, action) from None
        cls = type(action)
        s = self._to_act
        phase = self._phase
        if phase == MOVE:
            if isinstance(action, Step):
                self._step(s, action.frm, action.to)
                self._mleft -= 1
                if self._mleft:
                    self._legal = None
                    return
            else:
                self._log = push(self._log, self._t.event("stop", s, (self._mleft,)))
            self._mleft = 0
            self._phase = PLAY
            self._next(s)
        elif phase == PLAY:
            if cls is King:
                inner = action.action  # type: ignore[union-attr]
                self._play(s, KING)
                self._log = (self._t.ev_copy[s][inner.card], self._log)
                self._do(s, inner)
            elif cls is Castellan:
                scoring.castellan(self, s)
                return
            else:
                card = action.card
                self._hand[s] &= ~(1 << card)  # self._play(s, card), inlined
                self._played[s] = (*self._played[s], card)
                self._log = (self._t.ev_play[s][card], self._log)
                self._do(s, action)
            if self._phase == PLAY:
                self._to_act = s + 1 if s + 1 < self._n else 0
            self._legal = None
        else:
            scoring.choose(self, cls is not Keep)

    def _next(self, s: int) -> None:
        self._to_act = s + 1 if s + 1 < self._n else 0
        self._legal = None

    def _play(self, s: int, card: int) -> None:
        self._hand[s] &= ~(1 << card)
        self._played[s] = (*self._played[s], card)
        self._log = (self._t.ev_play[s][card], self._log)

    def _add_count(self, p: int, d: int) -> None:
        count = self._count
        new = count[p] = count[p] + d
        if new >= PROVINCE_LIMIT:
            self._fullmask |= self._t.bit[p]
        else:
            self._fullmask &= ~self._t.bit[p]

    def _add_villager(self, s: int, p: int, d: int) -> None:
        t = self._t
        i = s * t.P + p
        v = self._vill[i] = self._vill[i] + d
        self._vcode[s] += d << t.shift[p]
        if v:
            self._vmask[s] |= t.bit[p]
        else:
            self._vmask[s] &= ~t.bit[p]
        self._add_count(p, d)

    def _step(self, s: int, frm: str, to: str) -> None:
        """One villager of ``s`` crosses the border from ``frm`` into ``to`` (ids)."""
        t = self._t
        index = t.index
        self._add_villager(s, index[frm], -1)
        self._add_villager(s, index[to], 1)
        self._log = (t.ev_move_villager[s][frm, to], self._log)

    def _set_ships(self, s: int, ships: tuple[int, ...]) -> None:
        bit = self._t.bit
        cap = PORT_LIMIT_TWO_PLAYERS if self._n == 2 else PORT_LIMIT
        count = self._portships
        full = self._portfull  # only the ports left and entered change
        for p in self._ships[s]:
            count[p] -= 1
            if count[p] < cap:
                full &= ~bit[p]
        for p in ships:
            count[p] += 1
            if count[p] >= cap:
                full |= bit[p]
        self._portfull = full
        self._ships[s] = tuple(sorted(ships))

    def _do(self, s: int, action: Any) -> None:
        """Carry out a card action already known to be legal."""
        t = self._t
        index = t.index
        cls = type(action)
        log = self._log
        if cls is CommanderMove:
            self._mstart = self._vcode[s]
            self._mleft = COMMANDER_POINTS - 1
            self._phase = MOVE
            self._step(s, action.frm, action.to)
            return
        if cls is CommanderPlace:
            p = index[action.province]
            self._add_villager(s, p, 1)
            self._villres[s] -= 1
            log = (t.ev_place_villager[s][p], log)
        elif cls is BuildFort:
            k = t.node_index[action.node]
            self._fort[k] = s
            self._fortres[s] -= 1
            self._freemask &= ~(1 << k)
            log = push(log, t.event("build", s, ("fort", action.node)))
        elif cls is BuildVillage:
            p = index[action.province]
            self._villages[s * t.P + p] += 1
            self._villageres[s] -= 1
            self._add_count(p, 1)
            log = push(log, t.event("build", s, ("village", action.province)))
        elif cls is AbbotPlace:
            p = index[action.province]
            self._abbot[s] = p
            self._add_count(p, 1)
            log = push(log, t.event("place", s, ("abbot", action.province)))
        elif cls is AbbotMove:
            self._add_count(self._abbot[s], -1)
            p = self._abbot[s] = index[action.to]
            self._add_count(p, 1)
            log = push(log, t.event("move", s, ("abbot", action.frm, action.to)))
        elif cls is AdmiralPlace:
            self._set_ships(s, (*self._ships[s], index[action.port]))
            log = push(log, t.event("place", s, ("ship", action.port)))
        elif cls is AdmiralMove:
            gone = {index[f] for f in action.frm}
            ships = tuple(p for p in self._ships[s] if p not in gone) + tuple(index[d] for d in action.to)
            self._set_ships(s, ships)
            for f, d in zip(action.frm, action.to, strict=True):
                log = push(log, t.event("move", s, ("ship", f, d)))
        elif cls is Harvest:
            got = list(self._harvested[s])
            for p in harvest(t, self._vmask[s], self._ships[s], self._tile):
                tile = self._tile[p]
                self._tile[p] = -1
                self._tilemask &= ~t.bit[p]
                got.append(tile)
                vp = got.count(tile)
                self._tvp[s] += vp
                log = push(log, t.event("harvest", s, (t.ids[p], TILES[tile], vp)))
            self._harvested[s] = tuple(got)
        else:  # pragma: no cover - apply() only passes legal card actions
            raise MalformedActionError(f"not a Kreta card action: {action!r}")
        self._log = log

    # --- scoring -----------------------------------------------------------------------------------

    def influence(self, seat: int, province: int) -> int:
        """``seat``'s influence in province index ``province``: abbot 1, villager 1, ship 1, fort 1, village 2."""
        return scoring.influence(self, seat, province)

    # --- what players see --------------------------------------------------------------------------

    def view(self, player: int) -> KretaView:
        """What ``player`` knows (-1: a spectator, who sees the same): all but face-down fort cards."""
        from ludoteca.core.events import visible_events

        if not isinstance(player, int) or not -1 <= player < self._n:
            raise ValueError(f"no seat {player!r} in a {self._n}-player game")
        t = self._t
        n, P = self._n, t.P
        k = self._scorings
        row = self._row
        pile = self._pile
        return KretaView(
            player=player,
            num_players=n,
            options=t.options,
            board=t.board,
            to_act=self.current_player(),
            phase=PHASES[PLAY if self._phase == MOVE else self._phase],
            start_player=self._start,
            abbots=tuple(self._abbot),
            villagers=tuple(tuple(self._vill[s * P : s * P + P]) for s in range(n)),
            villages=tuple(tuple(self._villages[s * P : s * P + P]) for s in range(n)),
            ships=tuple(self._ships),
            forts=tuple(tuple(sorted(t.node_numbers[i] for i in range(t.N) if self._fort[i] == s)) for s in range(n)),
            tiles_on_board=tuple(TILES[x] if x >= 0 else None for x in self._tile),
            tiles=tuple(tuple(TILES[x] for x in h) for h in self._harvested),
            hands=tuple(tuple(CARDS[c] for c in range(len(CARDS)) if h >> c & 1) for h in self._hand),
            played=tuple(tuple(CARDS[c] for c in p) for p in self._played),
            fort_row=tuple(row[i] if k <= i < k + FACE_UP else None for i in range(len(row))),
            scorings=k,
            scored_nodes=tuple(row[:k]),
            pile_size=len(pile),
            pile_bottom=tuple(pile[len(pile) - self._known :]) if self._known else (),
            scores=tuple(a + b for a, b in zip(self._pvp, self._tvp, strict=True)),
            province_vp=tuple(self._pvp),
            tile_vp=tuple(self._tvp),
            log=visible_events(self._log, player),
            move_points=self._mleft,
            move_start=self._move_start() if self._mleft else (),
        )

    def _move_start(self) -> tuple[int, ...]:
        """The moving seat's villagers per province when its Commander movement began."""
        shift, code = self._t.shift, self._mstart
        return tuple((code >> sh) & 15 for sh in shift)

    @property
    def log(self) -> EventLog:
        """The event log (an immutable linked list; read it with ``visible_events``)."""
        return self._log

    def fingerprint(self) -> tuple[Any, ...]:
        """Everything that decides the rest of the game, hidden fort cards included (not the log).

        Equal fingerprints mean equal positions; tests use it to check that a refused action changed
        nothing.
        """
        return (
            self._n,
            tuple(self._abbot),
            tuple(self._vill),
            tuple(self._villages),
            tuple(self._ships),
            tuple(self._fort),
            tuple(self._tile),
            tuple(self._harvested),
            tuple(self._hand),
            tuple(self._played),
            tuple(self._row),
            tuple(self._pile),
            self._known,
            self._scorings,
            self._phase,
            self._mleft,
            self._mstart if self._mleft else 0,
            self._to_act,
            self._start,
            tuple(self._pvp),
            tuple(self._tvp),
            self._rng.state,
        )

    def __repr__(self) -> str:
        return (
            f"<KretaState {self._n} players, scoring {self._scorings}/{len(self._row)}, "
            f"{'move' if self._phase == MOVE else PHASES[self._phase]}, to act: {self._to_act}>"
        )
