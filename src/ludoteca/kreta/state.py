"""The Kreta game state: pieces, tiles, cards and fort cards, changed only through :meth:`KretaState.apply`.

Representation (for speed): provinces and nodes are integer indices into the board's
:class:`~ludoteca.kreta.tables.Tables`; per-seat, per-province counts are flat lists indexed
``seat * P + province``; a seat's villager placement is also one integer (4 bits per province);
hands are 7-bit masks; a few bit masks (full provinces, free nodes, full ports, tiles) are kept up to
date so that legal actions can be looked up in memo caches instead of being recomputed. Every legal
action is a prebuilt object of the tables, so the checked ``apply`` is an identity lookup; the reason
for a refusal is worked out (``explain.py``) only when the lookup fails. ``clone()`` copies the
lists and shares the tables, the cached legal actions and the event log.

A Commander movement in progress: phase ``MOVE``, ``move_points`` points left, ``move_start_code`` the mover's
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
from .components import (
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

    __slots__ = {  # noqa: RUF023 - grouped by topic, as the documentation reads best
        # Indices: a province is an index ``p`` into ``tables.ids`` (0 ≤ p < P), a node an index ``k`` into
        # ``tables.node_numbers`` (0 ≤ k < N); "per seat and province" lists are flat, indexed ``seat * P + p``;
        # a "mask" has bit ``p`` (``tables.bit[p]``) or ``k`` set. Fields are public to read; only the core's
        # own modules (``state``, ``legal``, ``scoring``, ``setup``, ``determinize``) write them.
        "tables": "The board's precomputed tables (:class:`~ludoteca.kreta.tables.Tables`; shared, read-only).",
        "num_players": "The number of seats (2–4).",
        "rng": "The game's random source (:class:`~ludoteca.core.rng.Rng`); its state is part of the position.",
        "abbots": "Per seat: the province index of its abbot, -1 while the abbot is in reserve.",
        "villagers": "Per seat and province: how many of the seat's villagers stand there.",
        "villager_code": "Per seat: its villagers as one integer, 4 bits per province (``count << tables.shift[p]``).",
        "villager_mask": "Per seat: mask of the provinces where it has at least one villager.",
        "villager_reserve": "Per seat: villagers still in reserve.",
        "villages": "Per seat and province: how many of the seat's villages stand there.",
        "village_reserve": "Per seat: villages still in reserve.",
        "ships": "Per seat: the port provinces of its ships on the board, a sorted tuple of province indices.",
        "port_ships": "Per province: how many ships (of all seats) lie in its port.",
        "full_ports": "Mask of the ports holding as many ships as allowed (1 with two players, else 2).",
        "forts": "Per node: the seat whose fort stands there, -1 for none.",
        "fort_reserve": "Per seat: forts still in reserve.",
        "free_nodes": "Mask of the nodes without a fort (bit ``k``).",
        "pieces": "Per province: the pieces that count against the limit of 7 (abbots, villagers, villages).",
        "full_provinces": "Mask of the provinces holding 7 or more pieces (no piece may enter).",
        "tiles": "Per province: the index into ``TILES`` of the farm tile lying there, -1 for none.",
        "tile_mask": "Mask of the provinces with a farm tile still on them.",
        "harvested": "Per seat: the farm tiles it has taken, indices into ``TILES`` in the order taken.",
        "hands": "Per seat: the character cards in hand, a 7-bit mask (bit ``i`` is ``CARDS[i]``).",
        "played": "Per seat: the cards it has played since the last take-back, indices into ``CARDS`` in order.",
        "fort_row": (
            "The fort card row, node numbers: slots before ``scorings`` are spent, the next ``FACE_UP`` lie face"
            " up, the rest face down."
        ),
        "fort_pile": "The fort cards left to draw from, node numbers, the top first.",
        "known_bottom": "How many cards at the bottom of ``fort_pile`` everyone knows (rejected cards go under).",
        "scorings": "How many scorings are done (also the slot of the next fort card to score).",
        "phase": "``PLAY``, ``CHOICE`` (the Castellan's keep-or-replace), ``OVER`` or ``MOVE`` (a Commander movement).",
        "to_act": "The seat to act (also during ``CHOICE`` and ``MOVE``).",
        "start_player": "The seat that started the game.",
        "province_vp": "Per seat: victory points scored for provinces.",
        "tile_vp": "Per seat: victory points scored for farm tiles.",
        "move_points": "During ``MOVE``: the Commander movement points left (0 otherwise).",
        "move_start_code": "During ``MOVE``: the mover's ``villager_code`` when the movement began.",
        "log": "The event log, an immutable linked list ``(event, older)`` (read it with ``visible_events``).",
        "legal_cache": "The legal actions as the lists that make them up (``legal.parts``); None: not known yet.",
    }

    def __init__(self, tables: Tables, num_players: int, rng: Rng, empty: bool = True) -> None:
        """An empty board (no pieces, no tiles, no fort cards); the set-up functions fill it in.

        ``empty=False`` leaves every other field unset, for :meth:`clone`, which sets them all (a compiled
        class cannot be made without its ``__init__``, as ``__new__`` alone would in pure Python)."""
        t = self.tables = tables
        n = self.num_players = num_players
        P = t.P
        self.rng = rng
        if not empty:
            return
        self.abbots = [-1] * n
        self.villagers = [0] * (n * P)
        self.villager_code = [0] * n
        self.villager_mask = [0] * n
        self.villager_reserve = [SUPPLY["villager"]] * n
        self.villages = [0] * (n * P)
        self.village_reserve = [SUPPLY["village"]] * n
        self.ships: list[tuple[int, ...]] = [()] * n
        self.port_ships = [0] * P
        self.full_ports = 0
        self.forts = [-1] * t.N
        self.fort_reserve = [SUPPLY["fort"]] * n
        self.free_nodes = (1 << t.N) - 1
        self.pieces = [0] * P
        self.full_provinces = 0
        self.tiles = [-1] * P
        self.tile_mask = 0
        self.harvested: list[tuple[int, ...]] = [()] * n
        self.hands = [ALL_CARDS] * n
        self.played: list[tuple[int, ...]] = [()] * n
        self.fort_row: list[int] = []
        self.fort_pile: list[int] = []
        self.known_bottom = 0
        self.scorings = 0
        self.phase = PLAY
        self.to_act = 0
        self.start_player = 0
        self.province_vp = [0] * n
        self.tile_vp = [0] * n
        self.move_points = 0
        self.move_start_code = 0
        self.log: EventLog = None
        self.legal_cache: list[Entry] | None = None

    # --- the protocol ------------------------------------------------------------------------------

    def __getnewargs__(self) -> tuple[object, ...]:
        """``__init__``'s arguments for unpickling a compiled state (``ludoteca.native``), fields restored after."""
        return (self.tables, self.num_players, self.rng, False)

    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.to_act

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[KretaAction]:
        """Every legal action of the seat to act, in card order; empty exactly when the game is over."""
        parts = self.legal_cache
        if parts is None:
            parts = self.legal_cache = legal.parts(self)
        if len(parts) == 1:
            return list(parts[0].acts)
        got: list[Any] = []
        for e in parts:
            got += e.acts
        return got

    def clone(self) -> KretaState:
        c = KretaState(self.tables, self.num_players, self.rng.clone(), empty=False)
        c.abbots = self.abbots[:]
        c.villagers = self.villagers[:]
        c.villager_code = self.villager_code[:]
        c.villager_mask = self.villager_mask[:]
        c.villager_reserve = self.villager_reserve[:]
        c.villages = self.villages[:]
        c.village_reserve = self.village_reserve[:]
        c.ships = self.ships[:]
        c.port_ships = self.port_ships[:]
        c.full_ports = self.full_ports
        c.forts = self.forts[:]
        c.fort_reserve = self.fort_reserve[:]
        c.free_nodes = self.free_nodes
        c.pieces = self.pieces[:]
        c.full_provinces = self.full_provinces
        c.tiles = self.tiles[:]
        c.tile_mask = self.tile_mask
        c.harvested = self.harvested[:]
        c.hands = self.hands[:]
        c.played = self.played[:]
        c.fort_row = self.fort_row[:]
        c.fort_pile = self.fort_pile[:]
        c.known_bottom = self.known_bottom
        c.scorings = self.scorings
        c.phase = self.phase
        c.to_act = self.to_act
        c.start_player = self.start_player
        c.province_vp = self.province_vp[:]
        c.tile_vp = self.tile_vp[:]
        c.move_points = self.move_points
        c.move_start_code = self.move_start_code
        c.log = self.log
        c.legal_cache = self.legal_cache
        return c

    def result(self) -> GameResult:
        """Scores so far (final once the game is over); every seat with the top score wins."""
        scores = tuple(a + b for a, b in zip(self.province_vp, self.tile_vp, strict=True))
        top = max(scores)
        return GameResult(
            scores=scores,
            breakdown=tuple({"provinces": a, "tiles": b} for a, b in zip(self.province_vp, self.tile_vp, strict=True)),
            winners=tuple(i for i, x in enumerate(scores) if x == top),
            progress={"scorings": self.scorings},
        )

    # --- legal actions -----------------------------------------------------------------------------

    # --- applying actions --------------------------------------------------------------------------

    def apply(self, action: object) -> None:
        """Play ``action`` for the seat to act.

        An action the rules don't allow raises :class:`IllegalActionError` (something that is not a
        Kreta action, or names no province of this board, raises :class:`MalformedActionError`); the
        message says why, and the state is left unchanged. (``action`` is typed ``object`` because any
        value may come in: compiled code would otherwise refuse a non-action with a bare ``TypeError``.)
        """
        parts = self.legal_cache
        if parts is None:
            parts = self.legal_cache = legal.parts(self)
        for e in parts:  # the legal list's own objects: found by identity, with their codes
            for j, a in enumerate(e.acts):
                if a is action:
                    self._apply(e.acts[j], e.codes[j])
                    return
        found: Any = None
        code = 0
        try:  # an equal action made elsewhere (parsed, unpickled): the legal one in its place
            for e in parts:
                for j, a in enumerate(e.acts):
                    if a == action:
                        found, code = a, e.codes[j]
                        break
                if found is not None:
                    break
        except TypeError:
            found = None
        if found is None:
            raise explain.why_not(self, action)
        self._apply(found, code)

    def _apply(self, action: KretaAction, code: int) -> None:
        """Play a legal ``action`` (one of the legal list's own objects); ``code``: its ``Entry.codes`` form."""
        cls = type(action)
        s = self.to_act
        phase = self.phase
        if phase == MOVE:
            if isinstance(action, Step):
                self._step(s, code >> 8, code & 255)
                self.move_points -= 1
                if self.move_points:
                    self.legal_cache = None
                    return
            else:
                self.log = (self.tables.ev_stop[s][self.move_points], self.log)
            self.move_points = 0
            self.phase = PLAY
            self.pass_turn(s)
        elif phase == PLAY:
            if cls is King:
                inner = action.action  # type: ignore[union-attr]
                self.play(s, KING)
                self.log = (self.tables.ev_copy[s][inner.card], self.log)
                self._do(s, inner, code)
            elif cls is Castellan:
                scoring.castellan(self, s)
                return
            else:
                card = action.card
                self.hands[s] &= ~(1 << card)  # self.play(s, card), inlined
                self.played[s] = self.played[s] + (card,)  # a tuple concatenation: no list in between
                self.log = (self.tables.ev_play[s][card], self.log)
                self._do(s, action, code)
            if self.phase == PLAY:
                self.to_act = s + 1 if s + 1 < self.num_players else 0
            self.legal_cache = None
        else:
            scoring.choose(self, cls is not Keep)

    # The helpers below change the state for the core's own modules (``scoring``, ``setup``,
    # ``determinize``); the outside world changes a state only through :meth:`apply`.

    def pass_turn(self, s: int) -> None:
        """The turn passes from seat ``s`` to the next seat; the legal actions are to be worked out anew."""
        self.to_act = s + 1 if s + 1 < self.num_players else 0
        self.legal_cache = None

    def play(self, s: int, card: int) -> None:
        """Seat ``s`` plays ``card`` (an index into ``CARDS``) from its hand, and the log says so."""
        self.hands[s] &= ~(1 << card)
        self.played[s] = self.played[s] + (card,)  # a tuple concatenation: no list in between
        self.log = (self.tables.ev_play[s][card], self.log)

    def add_count(self, p: int, d: int) -> None:
        """Add ``d`` pieces to province ``p``'s count, keeping ``full_provinces`` up to date."""
        count = self.pieces
        new = count[p] = count[p] + d
        if new >= PROVINCE_LIMIT:
            self.full_provinces |= self.tables.bit[p]
        else:
            self.full_provinces &= ~self.tables.bit[p]

    def add_villager(self, s: int, p: int, d: int) -> None:
        """Add ``d`` villagers of seat ``s`` to province ``p`` (every villager field and the count)."""
        t = self.tables
        i = s * t.P + p
        v = self.villagers[i] = self.villagers[i] + d
        self.villager_code[s] += d << t.shift[p]
        if v:
            self.villager_mask[s] |= t.bit[p]
        else:
            self.villager_mask[s] &= ~t.bit[p]
        self.add_count(p, d)

    def _step(self, s: int, p: int, q: int) -> None:
        """One villager of ``s`` crosses the border from province ``p`` into ``q`` (indices)."""
        t = self.tables
        self.add_villager(s, p, -1)
        self.add_villager(s, q, 1)
        self.log = (t.ev_move_villager[s][p * t.P + q], self.log)

    def set_ships(self, s: int, ships: tuple[int, ...]) -> None:
        """Seat ``s``'s ships now lie in the ports ``ships`` (province indices); port counts follow."""
        bit = self.tables.bit
        cap = PORT_LIMIT_TWO_PLAYERS if self.num_players == 2 else PORT_LIMIT
        count = self.port_ships
        full = self.full_ports  # only the ports left and entered change
        for p in self.ships[s]:
            count[p] -= 1
            if count[p] < cap:
                full &= ~bit[p]
        for p in ships:
            count[p] += 1
            if count[p] >= cap:
                full |= bit[p]
        self.full_ports = full
        if len(ships) == 2:  # a seat's two ships: sorted without a list in between
            a, b = ships
            self.ships[s] = ships if a < b else (b, a)
        else:
            self.ships[s] = tuple(sorted(ships))

    def _do(self, s: int, action: Any, code: int) -> None:
        """Carry out a card action already known to be legal, ``code`` its integer form (``Entry.codes``): the
        province, node, pair of provinces or Admiral move it names, so no id is looked up here."""
        t = self.tables
        cls = type(action)
        log = self.log
        if cls is CommanderMove:
            self.move_start_code = self.villager_code[s]
            self.move_points = COMMANDER_POINTS - 1
            self.phase = MOVE
            self._step(s, code >> 8, code & 255)
            return
        if cls is CommanderPlace:
            self.add_villager(s, code, 1)
            self.villager_reserve[s] -= 1
            log = (t.ev_place_villager[s][code], log)
        elif cls is BuildFort:
            self.forts[code] = s
            self.fort_reserve[s] -= 1
            self.free_nodes &= ~(1 << code)
            log = (t.ev_build_fort[s][code], log)
        elif cls is BuildVillage:
            self.villages[s * t.P + code] += 1
            self.village_reserve[s] -= 1
            self.add_count(code, 1)
            log = (t.ev_build_village[s][code], log)
        elif cls is AbbotPlace:
            self.abbots[s] = code
            self.add_count(code, 1)
            log = (t.ev_place_abbot[s][code], log)
        elif cls is AbbotMove:
            a = self.abbots[s]
            self.add_count(a, -1)
            self.abbots[s] = code
            self.add_count(code, 1)
            log = (t.ev_move_abbot[s][a * t.P + code], log)
        elif cls is AdmiralPlace:
            self.set_ships(s, self.ships[s] + (code,))
            log = (t.ev_place_ship[s][code], log)
        elif cls is AdmiralMove:
            frm = t.admiral_frm[code]
            to = t.admiral_to[code]
            ships = [p for p in self.ships[s] if p not in frm]
            ships += to
            self.set_ships(s, tuple(ships))
            moves = t.ev_move_ship[s]
            P = t.P
            for i in range(len(frm)):
                log = (moves[frm[i] * P + to[i]], log)
        elif cls is Harvest:
            got = list(self.harvested[s])
            for p in harvest(t, self.villager_mask[s], self.ships[s], self.tiles):
                tile = self.tiles[p]
                self.tiles[p] = -1
                self.tile_mask &= ~t.bit[p]
                got.append(tile)
                vp = got.count(tile)
                self.tile_vp[s] += vp
                log = push(log, t.event("harvest", s, (t.ids[p], TILES[tile], vp)))
            self.harvested[s] = tuple(got)
        else:  # pragma: no cover - apply() only passes legal card actions
            raise MalformedActionError(f"not a Kreta card action: {action!r}")
        self.log = log

    # --- scoring -----------------------------------------------------------------------------------

    def influence(self, seat: int, province: int) -> int:
        """``seat``'s influence in province index ``province``: abbot 1, villager 1, ship 1, fort 1, village 2."""
        return scoring.influence(self, seat, province)

    # --- what players see --------------------------------------------------------------------------

    def view(self, player: int) -> KretaView:
        """What ``player`` knows (-1: a spectator, who sees the same): all but face-down fort cards."""
        from ludoteca.core.events import visible_events

        if not isinstance(player, int) or not -1 <= player < self.num_players:
            raise ValueError(f"no seat {player!r} in a {self.num_players}-player game")
        t = self.tables
        n, P = self.num_players, t.P
        k = self.scorings
        row = self.fort_row
        pile = self.fort_pile
        return KretaView(
            player=player,
            num_players=n,
            options=t.options,
            board=t.board,
            to_act=self.current_player(),
            phase=PHASES[PLAY if self.phase == MOVE else self.phase],
            start_player=self.start_player,
            abbots=tuple(self.abbots),
            villagers=tuple(tuple(self.villagers[s * P : s * P + P]) for s in range(n)),
            villages=tuple(tuple(self.villages[s * P : s * P + P]) for s in range(n)),
            ships=tuple(self.ships),
            forts=tuple(tuple(sorted(t.node_numbers[i] for i in range(t.N) if self.forts[i] == s)) for s in range(n)),
            tiles_on_board=tuple(TILES[x] if x >= 0 else None for x in self.tiles),
            tiles=tuple(tuple(TILES[x] for x in h) for h in self.harvested),
            hands=tuple(tuple(CARDS[c] for c in range(len(CARDS)) if h >> c & 1) for h in self.hands),
            played=tuple(tuple(CARDS[c] for c in p) for p in self.played),
            fort_row=tuple(row[i] if k <= i < k + FACE_UP else None for i in range(len(row))),
            scorings=k,
            scored_nodes=tuple(row[:k]),
            pile_size=len(pile),
            pile_bottom=tuple(pile[len(pile) - self.known_bottom :]) if self.known_bottom else (),
            scores=tuple(a + b for a, b in zip(self.province_vp, self.tile_vp, strict=True)),
            province_vp=tuple(self.province_vp),
            tile_vp=tuple(self.tile_vp),
            log=visible_events(self.log, player),
            move_points=self.move_points,
            move_start=self._move_start() if self.move_points else (),
        )

    def _move_start(self) -> tuple[int, ...]:
        """The moving seat's villagers per province when its Commander movement began."""
        shift, code = self.tables.shift, self.move_start_code
        return tuple((code >> sh) & 15 for sh in shift)

    def fingerprint(self) -> tuple[Any, ...]:
        """Everything that decides the rest of the game, hidden fort cards included (not the log).

        Equal fingerprints mean equal positions; tests use it to check that a refused action changed
        nothing.
        """
        return (
            self.num_players,
            tuple(self.abbots),
            tuple(self.villagers),
            tuple(self.villages),
            tuple(self.ships),
            tuple(self.forts),
            tuple(self.tiles),
            tuple(self.harvested),
            tuple(self.hands),
            tuple(self.played),
            tuple(self.fort_row),
            tuple(self.fort_pile),
            self.known_bottom,
            self.scorings,
            self.phase,
            self.move_points,
            self.move_start_code if self.move_points else 0,
            self.to_act,
            self.start_player,
            tuple(self.province_vp),
            tuple(self.tile_vp),
            self.rng.state,
        )

    def public_key(self) -> tuple[Any, ...]:
        """The position as every seat sees it, for caches keyed by position (the bots' searches): what
        :meth:`fingerprint` holds but the face-down fort cards, the pile and the generator. Equal keys mean
        every seat sees the same position; every world a view can be determinized into has the view's
        state's key (``tests/kreta/test_properties.py``), so a key never tells one hidden card from another."""
        return (
            (
                self.num_players,
                tuple(self.abbots),
                tuple(self.villagers),
                tuple(self.villages),
                tuple(self.ships),
                tuple(self.forts),
                tuple(self.tiles),
                tuple(self.harvested),
                tuple(self.hands),
                tuple(self.played),
            ),
            tuple(self.fort_row[: self.scorings + FACE_UP]),
            (
                self.known_bottom,
                self.scorings,
                self.phase,
                self.move_points,
                self.move_start_code if self.move_points else 0,
                self.to_act if self.phase != OVER else -1,  # nobody acts at the end, nor does a view say who would
                self.start_player,
                tuple(self.province_vp),
                tuple(self.tile_vp),
            ),
        )

    def __repr__(self) -> str:
        return (
            f"<KretaState {self.num_players} players, scoring {self.scorings}/{len(self.fort_row)}, "
            f"{'move' if self.phase == MOVE else PHASES[self.phase]}, to act: {self.to_act}>"
        )
