"""Starting a game: the seeded set-up of the rules, or an explicit set-up given as JSON-like data.

The seeded set-up draws, in this order, from ``Rng(seed)``: the hill tiles' shuffle, the mountain
tiles' shuffle, the fort cards' shuffle, then the start player if none is given. An explicit set-up
(``from_setup``) describes a whole position; see ``docs/kreta-rules.md`` for the format and a full
example. :func:`to_setup` writes a state back in that format (hidden fort cards included).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ludoteca.core.errors import SetupError
from ludoteca.core.events import Event, push
from ludoteca.core.rng import Rng

from .board import board_from_dict
from .components import (
    ALL_CARDS,
    CARDS,
    CASTELLAN,
    CHOICE,
    COMMANDER,
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
    TILE_SUPPLY,
    TILES,
    TILES_FOR_KIND,
)
from .options import KretaOptions
from .state import KretaState
from .tables import Tables, tables_for

MIN_PLAYERS, MAX_PLAYERS = 2, 4


def _players(num_players: Any) -> int:
    if not isinstance(num_players, int) or isinstance(num_players, bool):
        raise SetupError(f"the number of players must be an integer, not {num_players!r}")
    if not MIN_PLAYERS <= num_players <= MAX_PLAYERS:
        raise SetupError(f"Kreta takes {MIN_PLAYERS}–{MAX_PLAYERS} players, not {num_players}")
    return num_players


def _seed(seed: Any) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SetupError(f"the seed must be an integer, not {seed!r}")
    return seed


def _options(options: Any) -> KretaOptions:
    if options is None:
        return KretaOptions()
    if isinstance(options, Mapping):
        return KretaOptions.from_dict(options)
    if not isinstance(options, KretaOptions):
        raise SetupError(f"expected KretaOptions, not {type(options).__name__}")
    return options


def _deal_tiles(t: Tables, rng: Rng) -> list[int]:
    tiles = [-1] * t.P
    for kind, names in TILES_FOR_KIND.items():
        provinces = [p for p in range(t.P) if t.kinds[p] == kind]
        pool = [TILES.index(name) for name in names for _ in range(TILE_SUPPLY[name])]
        if len(provinces) > len(pool):
            raise SetupError(f"the board has {len(provinces)} {kind}s but there are only {len(pool)} tiles for them")
        if len(names) > 1:
            rng.shuffle(pool)
        for p, tile in zip(provinces, pool, strict=False):
            tiles[p] = tile
    return tiles


def _place_tiles(st: KretaState, tiles: list[int]) -> None:
    st.tiles = tiles
    st.tile_mask = sum(st.tables.bit[p] for p in range(st.tables.P) if tiles[p] >= 0)


def new_game(
    options: KretaOptions | Mapping[str, Any] | None, seed: int, num_players: int, start_player: int | None = None
) -> KretaState:
    """A new game set up by the rules: tiles dealt, fort cards shuffled, start player given or drawn."""
    opts = _options(options)
    n = _players(num_players)
    rng = Rng(_seed(seed))
    t = tables_for(opts)
    st = KretaState(t, n, rng)
    _place_tiles(st, _deal_tiles(t, rng))
    deck = list(t.node_numbers)
    rng.shuffle(deck)
    st.fort_row, st.fort_pile = deck[: t.row_size], deck[t.row_size :]
    if start_player is None:
        start = rng.below(n)
    elif not isinstance(start_player, int) or isinstance(start_player, bool) or not 0 <= start_player < n:
        raise SetupError(f"start player must be a seat from 0 to {n - 1}, not {start_player!r}")
    else:
        start = start_player
    st.start_player = st.to_act = start
    log = push(None, Event("start", start, ()))
    for slot in range(min(FACE_UP, len(st.fort_row))):
        log = push(log, Event("reveal", -1, (slot, st.fort_row[slot])))
    st.log = log
    return st


# --- explicit set-ups ------------------------------------------------------------------------------

_TOP_KEYS = {
    "board",
    "start_player",
    "to_act",
    "phase",
    "scorings",
    "fort_row",
    "pile",
    "pile_bottom_known",
    "tiles",
    "players",
    "movement",
}
_PLAYER_KEYS = {"abbot", "villagers", "villages", "ships", "forts", "harvested", "played", "score"}


def _int(value: Any, what: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= high:
        raise SetupError(f"{what} must be an integer from {low} to {high}, not {value!r}")
    return value


class _Reader:
    def __init__(self, t: Tables) -> None:
        self.t = t

    def province(self, value: Any, what: str) -> int:
        if not isinstance(value, str) or value not in self.t.index:
            raise SetupError(f"{what}: no province {value!r} on this board")
        return self.t.index[value]

    def counts(self, value: Any, what: str) -> Counter[int]:
        """``{"id": count}`` or a list of ids (one piece per mention)."""
        out: Counter[int] = Counter()
        if isinstance(value, Mapping):
            for pid, k in value.items():
                out[self.province(pid, what)] += _int(k, f"{what} in {pid}", 0, 99)
        elif isinstance(value, list):
            for pid in value:
                out[self.province(pid, what)] += 1
        else:
            raise SetupError(f"{what} must be an object of province ids to counts, or a list of ids")
        return +out


def from_setup(
    options: KretaOptions | Mapping[str, Any] | None, seed: int, num_players: int, setup: Mapping[str, Any]
) -> KretaState:
    """A game starting from the explicit position ``setup`` (format in ``docs/kreta-rules.md``).

    Checked strictly: anything inconsistent raises :class:`SetupError` saying what. Face-down fort
    cards left out (``null`` in the row, or no ``pile``) are shuffled from ``seed``.
    """
    opts = _options(options)
    n = _players(num_players)
    rng = Rng(_seed(seed))
    if not isinstance(setup, Mapping):
        raise SetupError("a set-up must be a JSON object")
    unknown = sorted(set(setup) - _TOP_KEYS)
    if unknown:
        raise SetupError(f"unknown set-up field(s): {', '.join(unknown)}")
    t = tables_for(opts, board_from_dict(setup["board"])) if "board" in setup else tables_for(opts)
    return build_state(t, n, rng, setup)


def build_state(t: Tables, n: int, rng: Rng, setup: Mapping[str, Any]) -> KretaState:
    """The position an explicit set-up describes, on ``t``'s board for ``n`` seats (``from_setup`` checks
    the arguments first; ``determinize`` builds a sampled world with it)."""
    read = _Reader(t)
    st = KretaState(t, n, rng)
    P = t.P

    players = setup.get("players")
    if not isinstance(players, list) or len(players) != n:
        raise SetupError(f"'players' must list {n} players")
    for s, pl in enumerate(players):
        _read_player(st, read, s, pl)
    mover = _int(setup.get("to_act", setup.get("start_player", 0)), "'to_act'", 0, n - 1)
    passing = st.abbots[mover] if setup.get("movement") is not None else -1
    _check_board(st, passing)

    # farm tiles
    tiles = [-1] * P
    raw_tiles = setup.get("tiles", {})
    if not isinstance(raw_tiles, Mapping):
        raise SetupError("'tiles' must be an object of province ids to tile names")
    for pid, name in raw_tiles.items():
        p = read.province(pid, "tiles")
        if name is None:
            continue
        if name not in TILES:
            raise SetupError(f"tiles: {name!r} is not a farm tile ({', '.join(TILES)})")
        if name not in TILES_FOR_KIND[t.kinds[p]]:
            raise SetupError(f"tiles: {name} does not grow on a {t.kinds[p]} ({pid})")
        tiles[p] = TILES.index(name)
    _place_tiles(st, tiles)
    total = Counter(x for x in tiles if x >= 0)
    for h in st.harvested:
        total.update(h)
    for k, c in total.items():
        if c > TILE_SUPPLY[TILES[k]]:
            raise SetupError(f"there are only {TILE_SUPPLY[TILES[k]]} {TILES[k]} tiles, the set-up has {c}")

    _read_fort_cards(st, setup, rng)

    # whose turn
    k = st.scorings
    phase = setup.get("phase", "over" if k == len(st.fort_row) else "play")
    if phase not in PHASES:
        raise SetupError(f"'phase' must be one of {', '.join(PHASES)}, not {phase!r}")
    st.phase = PHASES.index(phase)
    if (st.phase == OVER) != (k == len(st.fort_row)):
        raise SetupError(f"the game is over exactly when all {len(st.fort_row)} scorings are done")
    st.start_player = _int(setup.get("start_player", 0), "'start_player'", 0, n - 1)
    st.to_act = _int(setup.get("to_act", st.start_player), "'to_act'", 0, n - 1)
    if st.phase == CHOICE:
        if k == 0 or k + FACE_UP > len(st.fort_row) or not st.fort_pile:
            raise SetupError("phase 'castellan' needs a scoring done, a newly revealed card and a non-empty pile")
        if st.tables.everyone_takes_back and any(st.played):
            raise SetupError("during the castellan's choice every player has taken their cards back")
        if st.played[st.to_act]:
            raise SetupError("during the castellan's choice the Castellan's player has taken their cards back")
    if setup.get("movement") is not None:
        _read_movement(st, read, setup["movement"])
    st.log = push(None, Event("setup", -1, ()))
    return st


def _read_movement(st: KretaState, read: _Reader, movement: Any) -> None:
    """A Commander movement in progress by the seat to act: points left, villagers at its start."""
    t = st.tables
    s = st.to_act
    if not isinstance(movement, Mapping) or set(movement) != {"points", "start"}:
        raise SetupError("'movement' must be an object with 'points' (left) and 'start' (villagers at its start)")
    if st.phase != PLAY:
        raise SetupError("a Commander movement is under way only in phase 'play'")
    points = _int(movement["points"], "movement points", 1, COMMANDER_POINTS - 1)
    played = st.played[s]
    if not played or played[-1] not in (COMMANDER, KING) or (played[-1] == KING and COMMANDER not in played):
        raise SetupError("the seat moving villagers must have just played its Commander (or the King copying it)")
    start = read.counts(movement["start"], "movement start")
    P = t.P
    mine = st.villagers[s * P : s * P + P]
    if sum(start.values()) != sum(mine):
        raise SetupError("movement start: the moving seat had the same villagers on the board at its start")
    code = sum(k << t.shift[p] for p, k in start.items())
    moved = sum(abs(start.get(p, 0) - mine[p]) for p in range(P)) // 2
    used = COMMANDER_POINTS - points
    if moved > used:
        raise SetupError(f"movement start: {moved} villagers cannot have moved with {used} point(s)")
    st.move_start_code = code
    st.move_points = points
    st.phase = MOVE


def _read_player(st: KretaState, read: _Reader, s: int, pl: Any) -> None:
    t = st.tables
    P = t.P
    who = f"player {s}"
    if not isinstance(pl, Mapping):
        raise SetupError(f"{who} must be an object")
    unknown = sorted(set(pl) - _PLAYER_KEYS)
    if unknown:
        raise SetupError(f"{who}: unknown field(s) {', '.join(unknown)}")
    if pl.get("abbot") is not None:
        p = st.abbots[s] = read.province(pl["abbot"], f"{who} abbot")
        st.pieces[p] += 1
    for p, k in read.counts(pl.get("villagers", {}), f"{who} villagers").items():
        st.villagers[s * P + p] = k
        st.villager_code[s] += k << t.shift[p]
        st.villager_mask[s] |= t.bit[p]
        st.pieces[p] += k
    st.villager_reserve[s] = SUPPLY["villager"] - sum(st.villagers[s * P : s * P + P])
    for p, k in read.counts(pl.get("villages", {}), f"{who} villages").items():
        st.villages[s * P + p] = k
        st.pieces[p] += k
    st.village_reserve[s] = SUPPLY["village"] - sum(st.villages[s * P : s * P + P])
    ships = pl.get("ships", [])
    if not isinstance(ships, list):
        raise SetupError(f"{who} ships must be a list of port province ids")
    ports = [read.province(x, f"{who} ships") for x in ships]
    for p in ports:
        if not t.is_port[p]:
            raise SetupError(f"{who} ships: {t.ids[p]} has no port")
    if len(set(ports)) < len(ports):
        raise SetupError(f"{who}: a player's two ships are never in the same port")
    st.ships[s] = tuple(sorted(ports))
    forts = pl.get("forts", [])
    if not isinstance(forts, list):
        raise SetupError(f"{who} forts must be a list of node numbers")
    for num in forts:
        if not isinstance(num, int) or isinstance(num, bool) or num not in t.node_index:
            raise SetupError(f"{who} forts: no node {num!r} on this board")
        k = t.node_index[num]
        if st.forts[k] >= 0:
            raise SetupError(f"node {num} holds two forts (one fort per node)")
        st.forts[k] = s
    st.fort_reserve[s] = SUPPLY["fort"] - len(forts)
    harvested = pl.get("harvested", [])
    if not isinstance(harvested, list) or not all(h in TILES for h in harvested):
        raise SetupError(f"{who} harvested must be a list of tile names ({', '.join(TILES)})")
    st.harvested[s] = tuple(TILES.index(h) for h in harvested)
    tile_vp = sum(c * (c + 1) // 2 for c in Counter(harvested).values())
    played = pl.get("played", [])
    if not isinstance(played, list) or not all(c in CARDS for c in played):
        raise SetupError(f"{who} played must be a list of card names ({', '.join(CARDS)})")
    cards = [CARDS.index(c) for c in played]
    if len(set(cards)) < len(cards):
        raise SetupError(f"{who} played a card twice")
    if CASTELLAN in cards:
        raise SetupError(f"{who}: a played Castellan never stays in front of a player (all cards go back)")
    if KING in cards and cards.index(KING) == 0:
        raise SetupError(f"{who}: the King copies a card already in front, so it cannot be the first played")
    st.played[s] = tuple(cards)
    st.hands[s] = ALL_CARDS & ~sum(1 << c for c in cards)
    score = pl.get("score", tile_vp)
    _int(score, f"{who} score", tile_vp, 10_000)
    st.tile_vp[s] = tile_vp
    st.province_vp[s] = score - tile_vp
    for piece, left in (
        ("villager", st.villager_reserve[s]),
        ("village", st.village_reserve[s]),
        ("fort", st.fort_reserve[s]),
        ("ship", SUPPLY["ship"] - len(ports)),
    ):
        if left < 0:
            raise SetupError(f"{who} has only {SUPPLY[piece]} {piece}s")
    built = SUPPLY["village"] - st.village_reserve[s]
    if built > len(harvested):
        raise SetupError(f"{who} has {built} villages but only {len(harvested)} harvested tiles (n-th village needs n)")


def _check_board(st: KretaState, passing: int = -1) -> None:
    """Ports and the province limit; ``passing``: a province that may hold more than 7 pieces (a
    movement under way passing through its mover's own abbot's province)."""
    t = st.tables
    cap = PORT_LIMIT_TWO_PLAYERS if st.num_players == 2 else PORT_LIMIT
    for s in range(st.num_players):
        ships, st.ships[s] = st.ships[s], ()
        st.set_ships(s, ships)
    for p in range(t.P):
        if st.port_ships[p] > cap:
            raise SetupError(f"the port of {t.ids[p]} holds {st.port_ships[p]} ships (at most {cap})")
        c = st.pieces[p]
        if c > PROVINCE_LIMIT and p != passing:
            raise SetupError(f"{t.ids[p]} holds {c} abbots, villagers and villages (at most {PROVINCE_LIMIT})")
        st.pieces[p] = 0
        st.add_count(p, c)
    st.free_nodes = sum(1 << k for k in range(t.N) if st.forts[k] < 0)


def _read_fort_cards(st: KretaState, setup: Mapping[str, Any], rng: Rng) -> None:
    t = st.tables
    R = t.row_size
    k = _int(setup.get("scorings", 0), "'scorings'", 0, R)
    raw_row = setup.get("fort_row")
    if not isinstance(raw_row, list) or len(raw_row) != R:
        raise SetupError(f"'fort_row' must list the {R} slots of the row (node numbers, null when unknown)")
    seen: set[int] = set()

    def card(value: Any, what: str) -> int:
        if not isinstance(value, int) or isinstance(value, bool) or value not in t.node_index:
            raise SetupError(f"{what}: no node {value!r} on this board")
        if value in seen:
            raise SetupError(f"{what}: fort card {value} appears twice")
        seen.add(value)
        return value

    row: list[int | None] = []
    for i, v in enumerate(raw_row):
        if v is None:
            if i < k + FACE_UP:
                raise SetupError(f"fort_row slot {i} is spent or face up, so its card must be given")
            row.append(None)
        else:
            row.append(card(v, f"fort_row slot {i}"))
    raw_pile = setup.get("pile")
    pile: list[int] | None = None
    if raw_pile is not None:
        if not isinstance(raw_pile, list):
            raise SetupError("'pile' must be a list of node numbers, top first")
        pile = [card(v, "pile") for v in raw_pile]
    rest = [num for num in t.node_numbers if num not in seen]
    rng.shuffle(rest)
    holes = row.count(None)
    if pile is not None and len(rest) != holes:
        raise SetupError(
            f"the fort cards must be each node once: {len(rest)} unaccounted for, {holes} unknown row slot(s)"
        )
    fill = iter(rest)
    st.fort_row = [v if v is not None else next(fill) for v in row]
    st.fort_pile = pile if pile is not None else list(fill)
    st.scorings = k
    st.known_bottom = _int(setup.get("pile_bottom_known", 0), "'pile_bottom_known'", 0, len(st.fort_pile))


def to_setup(st: KretaState) -> dict[str, Any]:
    """``st`` as an explicit set-up (without the board): ``from_setup`` of it gives the same position.

    It includes the face-down fort cards and the pile, so it is the referee's record, not a view.
    """
    t = st.tables
    P = t.P
    players = []
    for s in range(st.num_players):
        pl: dict[str, Any] = {}
        if st.abbots[s] >= 0:
            pl["abbot"] = t.ids[st.abbots[s]]
        vill = {t.ids[p]: st.villagers[s * P + p] for p in range(P) if st.villagers[s * P + p]}
        villages = {t.ids[p]: st.villages[s * P + p] for p in range(P) if st.villages[s * P + p]}
        if vill:
            pl["villagers"] = vill
        if villages:
            pl["villages"] = villages
        if st.ships[s]:
            pl["ships"] = [t.ids[p] for p in st.ships[s]]
        forts = [t.node_numbers[k] for k in range(t.N) if st.forts[k] == s]
        if forts:
            pl["forts"] = forts
        if st.harvested[s]:
            pl["harvested"] = [TILES[x] for x in st.harvested[s]]
        if st.played[s]:
            pl["played"] = [CARDS[c] for c in st.played[s]]
        pl["score"] = st.province_vp[s] + st.tile_vp[s]
        players.append(pl)
    out: dict[str, Any] = {
        "start_player": st.start_player,
        "to_act": st.to_act,
        "phase": PHASES[PLAY if st.phase == MOVE else st.phase],
        "scorings": st.scorings,
        "fort_row": list(st.fort_row),
        "pile": list(st.fort_pile),
    }
    if st.known_bottom:
        out["pile_bottom_known"] = st.known_bottom
    out["tiles"] = {t.ids[p]: TILES[st.tiles[p]] for p in range(P) if st.tiles[p] >= 0}
    out["players"] = players
    if st.phase == MOVE:
        start = st.move_start_code
        counts = {t.ids[p]: (start >> t.shift[p]) & 15 for p in range(P)}
        out["movement"] = {"points": st.move_points, "start": {pid: k for pid, k in counts.items() if k}}
    return out


__all__ = ["PLAY", "build_state", "from_setup", "new_game", "to_setup"]
