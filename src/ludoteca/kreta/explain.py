"""Why an action is refused: specific messages for :meth:`KretaState.apply`.

Only called after the fast check (membership in the cached legal actions) has failed, so nothing
here needs to be fast; it re-derives the reason from the rules, in the order a player would think of
them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ludoteca.core.errors import IllegalActionError, LudotecaError, MalformedActionError

from .actions import (
    ACTION_TYPES,
    CARD_ACTION_TYPES,
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
    Replace,
    Step,
    Stop,
)
from .components import (
    CARDS,
    CHOICE,
    COMMANDER_POINTS,
    KING,
    MOVE,
    OVER,
    PORT_LIMIT,
    PORT_LIMIT_TWO_PLAYERS,
    PROVINCE_LIMIT,
    SEAT_NAMES,
    SUPPLY,
)

if TYPE_CHECKING:
    from .state import KretaState


def seat_name(seat: int) -> str:
    return SEAT_NAMES[seat] if 0 <= seat < len(SEAT_NAMES) else f"Seat {seat}"


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 <= 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def why_not(st: KretaState, action: Any) -> LudotecaError:
    """The error to raise for ``action``, which the fast check refused."""
    if not isinstance(action, ACTION_TYPES):
        return MalformedActionError(f"not a Kreta action: {action!r}")
    malformed = _form(st, action)
    if malformed:
        return MalformedActionError(malformed)
    if st.phase == OVER:
        return IllegalActionError("the game is over")
    s = st.to_act
    who = seat_name(s)
    if st.phase == MOVE:
        if isinstance(action, Step):
            left, start = st.move_points - 1, st.move_start_code
            return IllegalActionError(_step_reason(st, s, action.frm, action.to, left, start))
        if isinstance(action, Stop):
            return IllegalActionError(_stop_reason(st, s))
        return IllegalActionError(
            f"{who} is in the middle of a Commander movement ({st.move_points} point(s) left): "
            "answer 'step a->b' or 'stop'"
        )
    if isinstance(action, Step | Stop):
        return IllegalActionError("no Commander movement is under way: a movement starts with 'commander a->b'")
    if st.phase == CHOICE:
        slot = st.scorings + 1
        return IllegalActionError(
            f"{who} must first keep or replace the newly revealed fort card (node {st.fort_row[slot]}): "
            "answer 'keep' or 'replace'"
        )
    if isinstance(action, Keep | Replace):
        return IllegalActionError("there is no newly revealed fort card to keep or replace now")
    hand = st.hands[s]
    if isinstance(action, King):
        if not hand >> KING & 1:
            return IllegalActionError(f"{who}'s King is not in hand: it lies in front of them")
        inner = action.action
        if inner.card not in st.played[s]:
            return IllegalActionError(
                f"the King can only carry out a card lying in front of {who}; "
                f"the {CARDS[inner.card].capitalize()} is in hand"
            )
        return IllegalActionError("king: " + _reason(st, s, inner))
    if isinstance(action, Castellan):
        return IllegalActionError(f"{who}'s Castellan is not in hand")  # pragma: no cover - never happens
    if not hand >> action.card & 1:
        until = "a Castellan is played" if st.tables.everyone_takes_back else "they play their Castellan"
        return IllegalActionError(
            f"{who}'s {CARDS[action.card].capitalize()} is not in hand: it lies in front of them until {until}"
        )
    return IllegalActionError(_reason(st, s, action))


def _form(st: KretaState, action: Any) -> str:
    """A message if ``action`` is not well formed for this board, else ''."""
    t = st.tables
    if isinstance(action, King):
        if not isinstance(action.action, CARD_ACTION_TYPES):
            return "the King carries out an admiral, commander, abbot, farmer or architect action"
        return _form(st, action.action)
    names: list[Any] = []
    if isinstance(action, AdmiralPlace):
        names = [action.port]
    elif isinstance(action, CommanderPlace | AbbotPlace | BuildVillage):
        names = [action.province]
    elif isinstance(action, AbbotMove | CommanderMove | Step):
        names = [action.frm, action.to]
    elif isinstance(action, AdmiralMove):
        if not isinstance(action.frm, tuple) or not isinstance(action.to, tuple):
            return "a move's 'frm' and 'to' must be tuples of province ids"
        names = [*action.frm, *action.to]
    elif isinstance(action, BuildFort) and (not isinstance(action.node, int) or action.node not in t.node_index):
        return f"no node {action.node!r} on this board"
    for name in names:
        if not isinstance(name, str) or name not in t.index:
            return f"no province {name!r} on this board"
    if isinstance(action, AdmiralMove):
        frm, to = action.frm, action.to
        if not frm or len(frm) != len(to) or list(frm) != sorted(frm) or list(to) != sorted(to) or set(frm) & set(to):
            return "this AdmiralMove is not in canonical form (build it with AdmiralMove.of(moves))"
    return ""


def _name(st: KretaState, p: int) -> str:
    return st.tables.names[p]


def _abbot_owner(st: KretaState, s: int, p: int) -> int:
    """Another player whose abbot keeps ``s`` out of ``p`` (-1: none)."""
    if st.abbots[s] == p:
        return -1
    for o in range(st.num_players):
        if o != s and st.abbots[o] == p:
            return o
    return -1


def _entry_blocked(st: KretaState, s: int, p: int, what: str) -> str:
    o = _abbot_owner(st, s, p)
    if o >= 0:
        return f"{seat_name(s)}'s {what} cannot enter {_name(st, p)}: {seat_name(o)}'s abbot is there"
    if st.pieces[p] >= PROVINCE_LIMIT:
        return f"{_name(st, p)} is full ({PROVINCE_LIMIT} abbots, villagers and villages)"
    return ""


def _reason(st: KretaState, s: int, action: Any) -> str:
    t = st.tables
    who = seat_name(s)
    idx = t.index
    if isinstance(action, AdmiralPlace | AdmiralMove):
        return _admiral_reason(st, s, action)
    if isinstance(action, CommanderPlace):
        if not st.villager_reserve[s]:
            return f"{who} has no villager in reserve: all {SUPPLY['villager']} are on the board"
        return _entry_blocked(st, s, idx[action.province], "villagers") or "cannot place that villager"
    if isinstance(action, CommanderMove):
        return _step_reason(st, s, action.frm, action.to, COMMANDER_POINTS - 1, st.villager_code[s])
    if isinstance(action, AbbotPlace):
        if st.abbots[s] >= 0:
            return f"{who}'s abbot is already in {_name(st, st.abbots[s])}: move it with 'abbot from->to'"
        p = idx[action.province]
        return f"{_name(st, p)} is full" if st.pieces[p] >= PROVINCE_LIMIT else "cannot place the abbot there"
    if isinstance(action, AbbotMove):
        ab = st.abbots[s]
        if ab < 0:
            return f"{who}'s abbot is in reserve: place it with 'abbot +province'"
        f, d = idx[action.frm], idx[action.to]
        if f != ab:
            return f"{who}'s abbot is in {_name(st, ab)}, not in {_name(st, f)}"
        if d == f:
            return "the abbot must move to another province"
        if st.pieces[d] >= PROVINCE_LIMIT:
            return f"{_name(st, d)} is full: the abbot cannot enter it"
        return (
            f"{_name(st, d)} is more than 3 borders from {_name(st, f)} (the abbot cannot pass through full provinces)"
        )
    if isinstance(action, Harvest):
        return (
            f"{who} has nothing to harvest: no farm tile lies in a province linked by {who}'s villagers "
            f"to a port holding {who}'s ship"
        )
    if isinstance(action, BuildFort):
        if not st.fort_reserve[s]:
            return f"{who} has built all {SUPPLY['fort']} forts"
        owner = st.forts[t.node_index[action.node]]
        return f"node {action.node} already holds {seat_name(owner)}'s fort"
    if isinstance(action, BuildVillage):
        built = SUPPLY["village"] - st.village_reserve[s]
        if not st.village_reserve[s]:
            return f"{who} has built all {SUPPLY['village']} villages"
        have = len(st.harvested[s])
        if have <= built:
            return f"{who}'s {_ordinal(built + 1)} village needs {built + 1} harvested farm tile(s); {who} has {have}"
        return _entry_blocked(st, s, idx[action.province], "villages") or "cannot build a village there"
    return f"{action.to_text()!r} is not legal now"  # pragma: no cover


def _admiral_reason(st: KretaState, s: int, action: AdmiralPlace | AdmiralMove) -> str:
    t = st.tables
    who = seat_name(s)
    cap = PORT_LIMIT_TWO_PLAYERS if st.num_players == 2 else PORT_LIMIT
    ships = st.ships[s]
    if isinstance(action, AdmiralPlace):
        if len(ships) >= SUPPLY["ship"]:
            return f"{who} has no ship in reserve: move a ship instead"
        targets = [t.index[action.port]]
        staying = list(ships)
    else:
        gone = [t.index[f] for f in action.frm]
        for f in gone:
            if f not in ships:
                return f"{who} has no ship in {t.names[f]}"
        targets = [t.index[d] for d in action.to]
        staying = [p for p in ships if p not in gone]
    for d in targets:
        if not t.is_port[d]:
            return f"{t.names[d]} has no port"
    if len(set(targets)) < len(targets) or set(targets) & set(staying):
        return f"{who}'s two ships may never be in the same port"
    for d in targets:
        if st.port_ships[d] >= cap:
            limit = f"{cap} ship" + (" in a 2-player game" if st.num_players == 2 else "s")
            return f"the port of {t.names[d]} is full (at most {limit})"
    return f"{action.to_text()!r} is not legal now"  # pragma: no cover


def _step_reason(st: KretaState, s: int, frm: str, to: str, left: int, start: int) -> str:
    """Why a villager of ``s`` may not step from ``frm`` into ``to`` now (``left``: points after it)."""
    from .moves import after_step, blocked

    t = st.tables
    who = seat_name(s)
    p, q = t.index[frm], t.index[to]
    if not st.villagers[s * t.P + p]:
        return f"{who} has no villager in {t.names[p]}"
    if q not in t.adj[p]:
        return f"{t.names[q]} does not border {t.names[p]}: each movement point crosses one border"
    o = _abbot_owner(st, s, q)
    if o >= 0 and t.abbot_blocks_passing:
        return f"{who}'s villagers cannot enter {t.names[q]}: {seat_name(o)}'s abbot is there"
    if st.pieces[q] >= PROVINCE_LIMIT and q != st.abbots[s]:
        return f"{t.names[q]} is full ({PROVINCE_LIMIT} abbots, villagers and villages)"
    if not after_step(st, s, p, q, start, blocked(st, s), left):  # pragma: no branch - the last reason
        return (
            f"no way to end the movement legally after that step with {left} point(s) left "
            "(the villagers would stand as at the start, in a province over the limit, or beside another's abbot)"
        )
    return f"'step {frm}->{to}' is not legal now"  # pragma: no cover


def _stop_reason(st: KretaState, s: int) -> str:
    """Why the movement of ``s`` may not end here."""
    t = st.tables
    who = seat_name(s)
    code, start = st.villager_code[s], st.move_start_code
    if code == start:
        return (
            f"{who}'s villagers stand where they stood when the movement began: at least one must end in "
            "another province (go on with 'step a->b')"
        )
    ab = st.abbots[s]
    if ab >= 0 and st.pieces[ab] > PROVINCE_LIMIT:
        return f"{t.names[ab]} would hold more than {PROVINCE_LIMIT} abbots, villagers and villages: move on first"
    for q in range(t.P):
        o = _abbot_owner(st, s, q)
        if o >= 0 and (code >> t.shift[q]) & 15 > (start >> t.shift[q]) & 15:
            return f"{who}'s villagers may pass {seat_name(o)}'s abbot in {t.names[q]} but not stop there"
    return "'stop' is not legal now"  # pragma: no cover
