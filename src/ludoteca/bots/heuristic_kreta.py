"""The heuristic Kreta strategy: an estimate of final points, looked at one turn ahead.

A position is valued as each seat's expected final points: the points already won, plus, for every
province, its VP times the chance of coming first (and second, with 3 or 4 players) at each scoring
still to come, read from the influence margins as they stand. The two face-up fort cards are the next
scorings and weigh most, the leftmost with the sharpest margins (it can be scored at once, and surely
will be if someone gains by it or has only the Castellan left); the face-down scorings weigh a fifth
of their number, spread over the nodes not yet seen, since a lead there is easily contested before
they come. On top come the farm tiles a seat can reach with its ships and villagers (more with the
Farmer in hand), the villages its harvested tiles allow, and its character cards (an action to come
for each card in hand, half that for a played one, which the next scoring brings back: with option
``takeback=castellan`` only the seat's own Castellan does). The bot
maximises its own estimate minus the others' (their mean, leaning to the leader): every legal action
is valued on a light copy of the position, the best few again after the next player's best answer to
each (played on a copy of the game built from the view), so that it scores with the Castellan when
the imminent scoring favours it, builds forts where the next scorings are, and avoids leaving an
opening it would regret. The Commander's four points are planned as villager moves ordered by gain,
walked one step at a time, and stopped when none is left; a revealed fort card is kept or replaced by
the same estimate. It sees only the view; its generator only breaks ties.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, Final

from ludoteca.core.rng import Rng
from ludoteca.kreta import KretaState, determinize
from ludoteca.kreta.actions import (
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
    Replace,
    Step,
    Stop,
)
from ludoteca.kreta.board import Board
from ludoteca.kreta.components import CARDS, COMMANDER_POINTS, PROVINCE_LIMIT, SUPPLY, TILES
from ludoteca.kreta.view import KretaView

# --- the strategy's numbers ------------------------------------------------------------------------

PARAMS: dict[str, float] = {
    "k_next": 1.6,  # sharpness of the margin -> chance curve for the imminent scoring
    "k_second": 1.0,  # ... for the face-up card after it
    "k_later": 0.7,  # ... for the face-down cards
    "second": 1.0,  # weight of the face-up card after the imminent one
    "later": 0.2,  # weight of the face-down scorings (1: as many as remain)
    "lean": 0.3,  # opponents: 0 = their mean, 1 = the leader only
    "farm_now": 0.8,  # reachable tiles, Farmer available
    "farm_later": 0.45,  # reachable tiles, Farmer already played
    "permit": 1.2,  # a village the harvested tiles allow (and the reserve still has)
    "admiral": 1.0,
    "commander": 2.0,
    "abbot": 0.8,
    "farmer": 0.3,
    "architect": 2.0,
    "king": 1.5,
    "castellan": 1.0,
    "threat": 0.7,  # how surely another seat scores the imminent node at once when it gains by it
    "threat_min": 1.0,  # ... the VP it must gain over the others' mean
    "forced": 0.7,  # how surely a seat holding nothing but the Castellan scores the imminent node as it stands
    "returns": 0.5,  # share of a played card's value kept (it comes back at the next scoring)
    "width": 4,  # how many of the best actions are valued after the next player's answer (0: none)
    "win": 10.0,  # the last scoring: a bonus for winning the game (a penalty for losing it)
}

QUICK: dict[str, float] = {**PARAMS, "width": 0}
"""The one-ply strategy alone, several times faster (for search playouts): ``choose(v, legal, rng, QUICK)``."""

SPAN: Final = 12
"""Influence margins are clipped to ``[-SPAN, SPAN]`` for the chance tables."""
EPS: Final = 1e-9


class _Static:
    """What the strategy needs of a board, in integer form (computed once per board)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        provinces = board.provinces
        self.P = len(provinces)
        self.ids = tuple(p.id for p in provinces)
        self.index = {pid: i for i, pid in enumerate(self.ids)}
        self.vp = tuple(p.vp for p in provinces)
        self.vp2 = tuple(p.vp // 2 for p in provinces)
        self.adj = tuple(tuple(sorted(board.adjacent[i])) for i in range(self.P))
        self.node_provs = {nd.number: tuple(nd.provinces) for nd in board.nodes}
        self.node_numbers = tuple(nd.number for nd in board.nodes)


_STATIC: dict[int, _Static] = {}


def _static(board: Board) -> _Static:
    got = _STATIC.get(id(board))
    if got is None or got.board is not board:
        if len(_STATIC) > 16:
            _STATIC.clear()
        got = _STATIC[id(board)] = _Static(board)
    return got


def _curve(k: float) -> list[float]:
    """Chance of coming first by influence margin ``d`` (index ``d + SPAN``); a tie counts as first."""
    return [1.0 / (1.0 + math.exp(-k * (d + 0.5))) for d in range(-SPAN, SPAN + 1)]


class _Eval:
    """The position of one decision, scored from the deciding seat's point of view."""

    def __init__(self, view: KretaView, params: dict[str, float], me: int | None = None) -> None:
        self.v = view
        self.par = params
        st = self.st = _static(view.board)
        n = self.n = view.num_players
        me = self.me = view.to_act if me is None else me
        P = st.P
        self.ti = {name: i for i, name in enumerate(TILES)}
        # influence per province and seat, and the pieces against the province limit: the core's counts
        self.inf = inf = view.influence_table()
        self.count = [view.pieces(p) for p in range(P)]
        # coefficients: our points count +1, the others' against us
        others = [(me + i) % n for i in range(1, n)]
        self.others = others
        coef = [0.0] * n
        coef[me] = 1.0
        if others:
            lean = params["lean"] if n > 2 else 0.0
            # ties go to the first of them clockwise from us: a tie-break by seat number made every bot
            # lean against seat 1 while scores were level (seen in docs/study-2026.md: seat 1 won 0.28 of
            # 3-player games whoever started)
            leader = max(others, key=lambda o: view.scores[o])
            for o in others:
                c = (1.0 - lean) / len(others) + (lean if o == leader else 0.0)
                coef[o] = -c
        self.coef = coef
        self.curves = (_curve(params["k_next"]), _curve(params["k_second"]), _curve(params["k_later"]))
        self.curve0 = self.curves[0]
        self.p_forced = params["forced"]
        self.p_threat = params["threat"]
        self.p_threat_min = params["threat_min"]
        self.hidden = self._hidden()
        self.cast = ["castellan" in h for h in view.hands]
        """Per seat: whether it could score the imminent node on its next turn."""
        self.only = [tuple(h) == ("castellan",) for h in view.hands]
        """Per seat: whether it must score the imminent node on its next turn."""
        a_node: int | None = view.fort_row[view.scorings] if view.scorings < len(view.fort_row) else None
        self.configure(self._row_weights(view.scorings, shift=0), a_node)
        self.hard = self.threat(inf, None, False)
        self.terms = [self.term(p, inf[p], self.hard) for p in range(P)]
        # tiles and cards
        self.harvested = [[0] * len(TILES) for _ in range(n)]
        for s in range(n):
            for tile in view.tiles[s]:
                self.harvested[s][self.ti[tile]] += 1
        self.tiles = [self.ti[x] if x is not None else -1 for x in view.tiles_on_board]
        self.hands = [set(h) for h in view.hands]
        self.played = [set(pl) for pl in view.played]
        self.farm = [self.farm_value(s, view.villagers[s], view.ships[s], self.tiles) for s in range(n)]
        self.moves: dict[KretaAction, list[tuple[int, int, list[int]]]] = {}
        """The planned villager moves behind a Commander's first step (filled in by ``_scores``)."""

    def utility(self) -> float:
        """The whole estimate for the position as it stands: our expected points less the others'."""
        v, coef = self.v, self.coef
        out = sum(self.terms, 0.0)
        for s in range(self.n):
            extra = v.scores[s] + self.farm[s] + self.hand_value(self.hands[s], self.played[s]) + self.permits(s, 0, 0)
            out += coef[s] * extra
        return out

    # --- fort cards: how much each province's coming scorings weigh ---------------------------------

    def _hidden(self) -> list[int]:
        v = self.v
        seen = set(v.scored_nodes) | {x for x in v.fort_row if x is not None} | set(v.pile_bottom)
        return [num for num in self.st.node_numbers if num not in seen]

    def _row_weights(self, scorings: int, shift: int) -> list[list[float]]:
        """Per province, the weight of the coming scorings for each curve (next, second, later).

        ``shift`` = 1: as after a scoring now (the second face-up card becomes the next one, and the
        card to be revealed is not known yet).
        """
        v, st = self.v, self.st
        P = st.P
        w = [[0.0, 0.0, 0.0] for _ in range(P)]
        row = v.fort_row
        left = len(row) - scorings - shift
        if left <= 0:
            return w
        up = [x for x in row[scorings : scorings + 2] if x is not None]
        if shift:
            up = up[1:]
            if left >= 2:
                up.append(-1)
        unknown = max(0, left - 2) * self.par["later"]
        hidden = self.hidden
        for slot, node in enumerate(up[:2]):
            weight = 1.0 if slot == 0 else self.par["second"]
            if node >= 0:
                for p in st.node_provs[node]:
                    w[p][slot] += weight
            elif hidden:
                share = weight / len(hidden)
                for h in hidden:
                    for p in st.node_provs[h]:
                        w[p][slot] += share
        if unknown and hidden:
            share = unknown / len(hidden)
            for h in hidden:
                for p in st.node_provs[h]:
                    w[p][2] += share
        return w

    def configure(self, weights: list[list[float]], node: int | None) -> None:
        """Combine the weights with the curves (``rest[p][d + SPAN]``: the chance-weighted scorings
        after the imminent one; ``wa[p]``: the weight of the imminent one, node ``node``)."""
        _, c1, c2 = self.curves
        self.rest = [[w1 * b + w2 * c for b, c in zip(c1, c2, strict=True)] for _, w1, w2 in weights]
        self.wa = [w[0] for w in weights]
        self.a_node = node
        self.a_provs: tuple[int, ...] = self.st.node_provs[node] if node is not None and node >= 0 else ()

    def won(self, col_of: Callable[[int], list[int]]) -> list[int]:
        """Each seat's VP if the imminent node were scored now (``col_of(p)``: influence per seat)."""
        return self._won([col_of(p) for p in self.a_provs])

    def _won(self, columns: list[list[int]]) -> list[int]:
        """:meth:`won` from the imminent node's columns (influence per seat), in ``a_provs`` order."""
        n, st = self.n, self.st
        won = [0] * n
        for i, p in enumerate(self.a_provs):
            col = columns[i]
            top = col[0]
            for x in col:
                if x > top:
                    top = x
            if top < 1:
                continue
            vp = st.vp[p]
            for s in range(n):
                if col[s] == top:
                    won[s] += vp
            if n > 2:
                second = 0  # the largest influence below the top (influences are never negative)
                for x in col:
                    if second < x < top:
                        second = x
                if second >= 1:
                    vp2 = st.vp2[p]
                    for s in range(n):
                        if col[s] == second:
                            won[s] += vp2
        return won

    def threat(self, inf: list[list[int]], cols: dict[int, list[int]] | None, forced: bool) -> float:
        """How surely the imminent node is scored as it stands, before or at our next turn: we or another
        seat hold nothing but the Castellan (``forced`` for us), or another seat would gain by it."""
        a_provs = self.a_provs
        if not a_provs:
            return 0.0
        p_forced, p_threat = self.p_forced, self.p_threat
        out = p_forced if forced else 0.0
        won: list[int] | None = None
        n = self.n
        only, cast = self.only, self.cast
        for o in self.others:
            if only[o]:
                if p_forced > out:
                    out = p_forced
            elif cast[o] and p_threat > out:
                if won is None:
                    if cols is None:
                        won = self._won([inf[p] for p in a_provs])
                    else:
                        won = self._won([cols[p] if p in cols else inf[p] for p in a_provs])
                rivals = 0
                for s in range(n):
                    if s != o:
                        rivals += won[s]
                gain = won[o] - rivals / (n - 1)
                if gain >= self.p_threat_min:
                    out = p_threat
        return out

    # --- the province terms -------------------------------------------------------------------------

    def term(self, p: int, col: list[int], hard: float) -> float:
        """The coefficient-weighted points every seat can expect from province ``p``'s coming scorings.

        ``hard``: how surely the imminent node is scored as it stands (see :meth:`threat`); that part
        of its weight counts the influence as it is now.
        """
        rest = self.rest[p]
        c0 = self.curve0
        wa = self.wa[p]
        n = self.n
        st = self.st
        vp, vp2 = st.vp[p], st.vp2[p]
        coef = self.coef
        hard_a = wa * hard
        soft_a = wa - hard_a
        # the three largest influences (0 at least, influences are never negative): a seat's rivals
        # are the largest two of the others
        m1 = m2 = m3 = 0
        for y in col:
            if y > m1:
                m1, m2, m3 = y, m1, m2
            elif y > m2:
                m2, m3 = y, m2
            elif y > m3:
                m3 = y
        top = sec = 0
        if hard_a:
            top = m1
            for y in col:
                if sec < y < top:
                    sec = y
        total = 0.0
        for s in range(n):
            x = col[s]
            if not x:
                continue
            if x == m1:
                o1, o2 = m2, m3
            elif x == m2:
                o1, o2 = m1, m3
            else:
                o1, o2 = m1, m2
            d = x - o1
            d = SPAN if d > SPAN else -SPAN if d < -SPAN else d
            f1 = rest[d + SPAN] + soft_a * c0[d + SPAN]
            value = vp * f1
            if n > 2:
                d2 = x - o2
                d2 = SPAN if d2 > SPAN else -SPAN if d2 < -SPAN else d2
                f2 = rest[d2 + SPAN] + soft_a * c0[d2 + SPAN]
                if f2 > f1:
                    value += vp2 * (f2 - f1)
            if hard_a:
                if x == top:
                    value += hard_a * vp
                elif n > 2 and x == sec:
                    value += hard_a * vp2
            total += coef[s] * value
        return total

    def change(
        self,
        inf: list[list[int]],
        terms: list[float],
        hard: float,
        changes: dict[int, int],
        forced: bool,
    ) -> tuple[float, float, dict[int, float], dict[int, list[int]]]:
        """Our influence changes by ``changes[p]`` in the position ``inf`` (province terms ``terms``,
        threat ``hard``; ``forced``: we hold nothing but the Castellan afterwards): the gain, the new
        threat, the new terms and columns of the provinces touched."""
        me = self.me
        cols: dict[int, list[int]] = {}
        for p, d in changes.items():
            if d:
                col = list(inf[p])
                col[me] += d
                cols[p] = col
        a_provs = self.a_provs
        new_hard = self.threat(inf, cols, forced) if a_provs else hard
        provs = set(cols)
        if new_hard != hard:
            provs.update(a_provs)
        gain = 0.0
        new_terms: dict[int, float] = {}
        for p in provs:
            t = new_terms[p] = self.term(p, cols.get(p, inf[p]), new_hard)
            gain += t - terms[p]
        return gain, new_hard, new_terms, cols

    def delta(self, changes: dict[int, int], forced: bool) -> float:
        """The change of the province terms when our influence changes by ``changes[p]``."""
        return self.change(self.inf, self.terms, self.hard, changes, forced)[0]

    # --- farm tiles ---------------------------------------------------------------------------------

    def reach(self, villagers: Sequence[int], ships: Sequence[int]) -> list[int]:
        """Provinces a Farmer would harvest from: linked by villagers to a port holding our ship."""
        adj = self.st.adj
        todo = [p for p in ships if villagers[p]]
        seen = set(todo)
        while todo:
            p = todo.pop()
            for q in adj[p]:
                if villagers[q] and q not in seen:
                    seen.add(q)
                    todo.append(q)
        return sorted(seen)

    def farm_value(
        self, s: int, villagers: Sequence[int], ships: Sequence[int], tiles: Sequence[int], ready: bool | None = None
    ) -> float:
        """The tiles seat ``s`` could harvest now, each worth the VP it would score, discounted."""
        if not ships:
            return 0.0
        got = list(self.harvested[s])
        total = 0
        for p in self.reach(villagers, ships):
            k = tiles[p]
            if k >= 0:
                got[k] += 1
                total += got[k]
        if not total:
            return 0.0
        if ready is None:
            ready = _farmer_ready(self.hands[s], self.played[s])
        return total * self.par["farm_now" if ready else "farm_later"]

    def permits(self, s: int, more_tiles: int, more_villages: int) -> float:
        """Villages seat ``s`` may still build thanks to its harvested tiles (bounded by its reserve)."""
        built = sum(self.v.villages[s]) + more_villages
        tiles = len(self.v.tiles[s]) + more_tiles
        return max(0, min(tiles - built, SUPPLY["village"] - built)) * self.par["permit"]

    # --- cards --------------------------------------------------------------------------------------

    def hand_value(self, hand: set[str] | tuple[str, ...], played: set[str] | tuple[str, ...]) -> float:
        """What a seat's character cards are worth: each card in hand an action to come, each played
        card a share of it (it comes back at the next scoring; at once if only the Castellan is left)."""
        par = self.par
        back = 1.0 if len(hand) == 1 and "castellan" in hand else par["returns"]
        return sum((par[c] for c in hand), 0.0) + back * sum((par[c] for c in played), 0.0)

    def card_cost(self, card: str) -> float:
        """The change of our cards' value when we play ``card`` (negative)."""
        hand, played = self.hands[self.me], self.played[self.me]
        after = self.hand_value(hand - {card}, played | {card})
        return self.coef[self.me] * (after - self.hand_value(hand, played))

    def forced_after(self, card: str) -> bool:
        """Whether playing ``card`` leaves us nothing but the Castellan (we score at our next turn)."""
        return self.hands[self.me] - {card} == {"castellan"}

    # --- actions ------------------------------------------------------------------------------------

    def value(self, action: KretaAction) -> float:
        """How much better (or worse) the position gets for us with ``action`` (0: as now)."""
        if isinstance(action, King):
            return self.card_value(action.action, "king")
        if isinstance(action, Castellan):
            return self.castellan_value()
        if isinstance(action, Keep | Replace):
            return self.choice_value(isinstance(action, Replace))
        if isinstance(action, Step | Stop):  # handled by the movement planner
            return 0.0
        return self.card_value(action, CARDS[action.card])

    def card_value(self, action: Any, card: str) -> float:
        """The value of a card action (``card``: the card played for it, the King or its own)."""
        return self.card_cost(card) + self.effect(action, self.forced_after(card))

    def effect(self, action: Any, forced: bool) -> float:
        """The board part of a card action's value (``forced``: we hold nothing but the Castellan after)."""
        st, me, v = self.st, self.me, self.v
        index = st.index
        gain = 0.0
        changes: dict[int, int] = {}
        villagers = v.villagers[me]
        ships = v.ships[me]
        if isinstance(action, CommanderPlace):
            p = index[action.province]
            changes[p] = 1
            villagers = _plus(villagers, p, 1)
        elif isinstance(action, CommanderMove):
            p, q = index[action.frm], index[action.to]
            changes[p] = -1
            changes[q] = 1
            villagers = _plus(_plus(villagers, p, -1), q, 1)
        elif isinstance(action, AbbotPlace):
            changes[index[action.province]] = 1
        elif isinstance(action, AbbotMove):
            changes[index[action.frm]] = -1
            changes[index[action.to]] = 1
        elif isinstance(action, AdmiralPlace):
            p = index[action.port]
            changes[p] = 1
            ships = (*ships, p)
        elif isinstance(action, AdmiralMove):
            gone = {index[f] for f in action.frm}
            for f in gone:
                changes[f] = changes.get(f, 0) - 1
            arrived = [index[t] for t in action.to]
            for t in arrived:
                changes[t] = changes.get(t, 0) + 1
            ships = tuple(p for p in ships if p not in gone) + tuple(arrived)
        elif isinstance(action, BuildFort):
            for p in st.node_provs[action.node]:
                changes[p] = changes.get(p, 0) + 1
        elif isinstance(action, BuildVillage):
            changes[index[action.province]] = 2
            gain += self.coef[me] * (self.permits(me, 0, 1) - self.permits(me, 0, 0))
        elif isinstance(action, Harvest):
            return self.harvest_value() + self.delta(changes, forced)
        gain += self.delta(changes, forced)
        if villagers is not v.villagers[me] or ships is not v.ships[me]:
            gain += self.coef[me] * (self.farm_value(me, villagers, ships, self.tiles) - self.farm[me])
        return gain

    def harvest_value(self) -> float:
        """Our harvest: the tiles' VP now, the villages they allow; everyone's reach loses those tiles."""
        me, v = self.me, self.v
        tiles = list(self.tiles)
        got = list(self.harvested[me])
        vp = 0
        taken = 0
        for p in self.reach(v.villagers[me], v.ships[me]):
            k = tiles[p]
            if k >= 0:
                got[k] += 1
                vp += got[k]
                tiles[p] = -1
                taken += 1
        coef = self.coef
        out = coef[me] * (vp + self.permits(me, taken, 0) - self.permits(me, 0, 0))
        saved, self.harvested[me] = self.harvested[me], got
        try:
            for s in range(self.n):
                # ours: the Farmer is spent, what is left waits for the next round
                after = self.farm_value(s, v.villagers[s], v.ships[s], tiles, False if s == me else None)
                out += coef[s] * (after - self.farm[s])
        finally:
            self.harvested[me] = saved
        return out

    def castellan_value(self) -> float:
        """Score the imminent node now; the row moves on and every hand is full again (with option
        ``takeback=castellan`` only ours: the others' played cards stay where they are)."""
        v, n, me = self.v, self.n, self.me
        won = self._won([self.inf[p] for p in self.a_provs])
        coef = self.coef
        out = sum((coef[s] * won[s] for s in range(n)), 0.0)
        if v.scorings + 1 >= len(v.fort_row):  # the last scoring: the game is over, won or lost
            final = [v.scores[s] + won[s] for s in range(n)]
            margin = final[me] - max(final[s] for s in range(n) if s != me)
            bonus = self.par["win"] * (1 if margin > 0 else -1 if margin < 0 else 0)
            return out - sum(self.terms, 0.0) + bonus
        nxt = v.fort_row[v.scorings + 1]
        saved_cast, saved_only = self.cast, self.only
        everyone = v.options.takeback == "all"
        back = [everyone or s == me for s in range(n)]
        self.cast = [True if back[s] else saved_cast[s] for s in range(n)]
        self.only = [False if back[s] else saved_only[s] for s in range(n)]
        try:
            out += self.rescored(self._row_weights(v.scorings, shift=1), nxt)
        finally:
            self.cast, self.only = saved_cast, saved_only
        full = tuple(CARDS)
        par = self.par
        for s in range(n):
            if not back[s]:
                continue
            out += coef[s] * (self.hand_value(full, ()) - self.hand_value(self.hands[s], self.played[s]))
            # the Farmer comes back: reachable tiles are worth more
            if self.farm[s] and not _farmer_ready(self.hands[s], self.played[s]):
                out += coef[s] * self.farm[s] * (par["farm_now"] / par["farm_later"] - 1.0)
        return out

    def choice_value(self, replace: bool) -> float:
        """Keep the newly revealed card as the next-but-one scoring, or replace it by an unknown one."""
        v, st = self.v, self.st
        if not replace:
            return 0.0
        slot = v.scorings + 1
        revealed = v.fort_row[slot] if slot < len(v.fort_row) else None
        # the replaced card goes under the pile: it is no longer among the cards that may come
        saved = self.hidden
        self.hidden = [h for h in saved if h != revealed]
        try:
            weights = self._row_weights(v.scorings, 0)
            second = self.par["second"]
            if revealed is not None:
                for p in st.node_provs[revealed]:
                    weights[p][1] -= second
            if v.pile_size <= len(v.pile_bottom):  # the pile holds only known cards: its top comes
                if v.pile_bottom:
                    for p in st.node_provs[v.pile_bottom[0]]:
                        weights[p][1] += second
            elif self.hidden:
                share = second / len(self.hidden)
                for h in self.hidden:
                    for p in st.node_provs[h]:
                        weights[p][1] += share
            return self.rescored(weights, self.a_node)
        finally:
            self.hidden = saved

    def rescored(self, weights: list[list[float]], node: int | None) -> float:
        """The change of the province terms if the coming scorings weighed ``weights`` (the next at ``node``)."""
        saved = self.rest, self.wa, self.a_node, self.a_provs
        self.configure(weights, node)
        try:
            hard = self.threat(self.inf, None, False)
            return sum((self.term(p, self.inf[p], hard) for p in range(self.st.P)), 0.0) - sum(self.terms, 0.0)
        finally:
            self.rest, self.wa, self.a_node, self.a_provs = saved

    # --- the Commander's movement -------------------------------------------------------------------

    def plan(self, points: int, forced: bool) -> tuple[float, list[tuple[int, int, list[int]]]]:
        """Villager moves for ``points`` movement points, best gain first: (total gain, moves).

        A move is ``(from, to, path)``, the path the provinces entered on the way (``to`` last).
        ``forced``: we hold nothing but the Castellan after this card.
        """
        hard = self.threat(self.inf, None, forced)
        terms = list(self.terms)
        base = 0.0
        if hard != self.hard:
            for p in self.a_provs:
                terms[p] = self.term(p, self.inf[p], hard)
                base += terms[p] - self.terms[p]
        best: tuple[float, list[tuple[int, int, list[int]]]] = (0.0, [])
        for per_point in (False, True):
            got = self._greedy(points, per_point, terms, hard, forced)
            if got[0] > best[0] + EPS:
                best = got
        return base + best[0], best[1]

    def _greedy(
        self, points: int, per_point: bool, terms: list[float], hard: float, forced: bool
    ) -> tuple[float, list[tuple[int, int, list[int]]]]:
        v, st, me = self.v, self.st, self.me
        P = st.P
        villagers = list(v.villagers[me])
        ships = v.ships[me]
        count = list(self.count)
        inf = [list(col) for col in self.inf]
        terms = list(terms)
        farm = self.farm[me]
        guarded = {v.abbots[o] for o in range(self.n) if o != me and v.abbots[o] >= 0} - {v.abbots[me]}
        passing = not v.options.abbot_blocks_passing
        own = v.abbots[me]
        c_me = self.coef[me]
        total = 0.0
        moves: list[tuple[int, int, list[int]]] = []
        while points > 0:
            choice: tuple[float, float, int, int, list[int], Any] | None = None
            for a in range(P):
                if not villagers[a]:
                    continue
                for b, path in _paths(st, a, points, count, guarded, passing, own).items():
                    if b in guarded or count[b] >= PROVINCE_LIMIT:
                        continue
                    got = self.change(inf, terms, hard, {a: -1, b: 1}, forced)
                    g = got[0]
                    if ships:
                        villagers[a] -= 1
                        villagers[b] += 1
                        g += c_me * (self.farm_value(me, villagers, ships, self.tiles) - farm)
                        villagers[a] += 1
                        villagers[b] -= 1
                    key = g / len(path) if per_point else g
                    if g > EPS and (choice is None or key > choice[0] + EPS):
                        choice = (key, g, a, b, path, got)
            if choice is None:
                break
            _, g, a, b, path, (_, hard, new_terms, cols) = choice
            total += g
            moves.append((a, b, path))
            villagers[a] -= 1
            villagers[b] += 1
            count[a] -= 1
            count[b] += 1
            for p, col in cols.items():
                inf[p] = col
            for p, t in new_terms.items():
                terms[p] = t
            farm = self.farm_value(me, villagers, ships, self.tiles)
            points -= len(path)
        return total, moves


def _farmer_ready(hand: set[str], played: set[str]) -> bool:
    """Whether the Farmer can still be used before the next scoring (in hand, or copied by the King)."""
    return "farmer" in hand or ("king" in hand and "farmer" in played)


def _plus(values: Sequence[int], p: int, d: int) -> tuple[int, ...]:
    out = list(values)
    out[p] += d
    return tuple(out)


def _paths(
    st: _Static, a: int, points: int, count: Sequence[int], guarded: set[int], passing: bool, own: int
) -> dict[int, list[int]]:
    """Shortest villager paths out of ``a`` within ``points`` borders: destination -> provinces entered."""
    paths: dict[int, list[int]] = {}
    frontier = [(a, list[int]())]
    seen = {a}
    for _ in range(points):
        nxt: list[tuple[int, list[int]]] = []
        for p, path in frontier:
            for q in st.adj[p]:
                if q in seen:
                    continue
                if q in guarded and not passing:
                    continue
                if count[q] >= PROVINCE_LIMIT and q != own:
                    continue
                seen.add(q)
                way = [*path, q]
                paths[q] = way
                # a full province (own abbot) or a guarded one (passing allowed) can be crossed only
                nxt.append((q, way))
        frontier = nxt
    return paths


# --- choosing ------------------------------------------------------------------------------------------


def choose(
    view: KretaView, legal: Sequence[KretaAction], rng: Rng, params: dict[str, float] | None = None
) -> KretaAction:
    """The heuristic's action for the seat to act in ``view`` (one of ``legal``).

    ``params`` replaces :data:`PARAMS` (for tuning).
    """
    if len(legal) == 1:
        return legal[0]
    par = PARAMS if params is None else params
    ev = _Eval(view, par)
    if view.move_points:
        return _movement(ev, view, legal, rng)
    scored = _scores(ev, legal)
    if view.phase == "play" and par["width"] >= 2:
        scored = _replies(ev, view, scored, par)
    return _best(scored, rng)


def estimate(view: KretaView, me: int, params: dict[str, float] | None = None) -> float:
    """The strategy's estimate of the position for seat ``me`` (seen from ``view``): its expected final
    points less the others' (their mean, leaning to the leader), the value :func:`choose` maximises.
    For the search bot, which judges the positions it reaches with it."""
    return _Eval(view, PARAMS if params is None else params, me).utility()


def ranked(view: KretaView, legal: Sequence[KretaAction], params: dict[str, float] | None = None) -> list[KretaAction]:
    """The legal actions of the seat to act, best first by the strategy's one-ply value (ties in the
    order given). During a Commander movement: the strategy's next step first, then the rest as given.
    For the search bot's move ordering; :func:`choose` is unchanged by it."""
    ev = _Eval(view, PARAMS if params is None else params)
    if view.move_points:
        first = _movement(ev, view, legal, Rng(0))
        return [first, *(a for a in legal if a != first)]
    scored = _scores(ev, legal)
    order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
    return [scored[i][1] for i in order]


def _scores(ev: _Eval, legal: Sequence[KretaAction]) -> list[tuple[float, KretaAction]]:
    """Every legal action with its one-ply value (a Commander movement valued by its whole plan)."""
    plans: dict[str, tuple[float, tuple[str, str] | None, list[tuple[int, int, list[int]]]]] = {}
    effects: dict[tuple[Any, bool], float] = {}
    costs: dict[str, float] = {}
    scored: list[tuple[float, KretaAction]] = []
    for action in legal:
        inner = action.action if isinstance(action, King) else action
        if isinstance(inner, Castellan | Keep | Replace):
            scored.append((ev.value(inner), action))
            continue
        card = "king" if isinstance(action, King) else CARDS[inner.card]
        cost = costs.get(card)
        if cost is None:
            cost = costs[card] = ev.card_cost(card)
        forced = ev.forced_after(card)
        if isinstance(inner, CommanderMove):
            if card not in plans:
                gain, moves = ev.plan(COMMANDER_POINTS, forced)
                first = (ev.st.ids[moves[0][0]], ev.st.ids[moves[0][2][0]]) if moves else None
                plans[card] = (gain, first, moves)
            gain, first, moves = plans[card]
            if first == (inner.frm, inner.to):
                scored.append((cost + gain, action))
                ev.moves[action] = moves
                continue
        effect = effects.get((inner, forced))
        if effect is None:
            effect = effects[inner, forced] = ev.effect(inner, forced)
        scored.append((cost + effect, action))
    return scored


def _replies(
    ev: _Eval, view: KretaView, scored: list[tuple[float, KretaAction]], par: dict[str, float]
) -> list[tuple[float, KretaAction]]:
    """The best few actions, each valued after the next player's best answer to it (two-ply).

    Our action, and the answer that seat's own one-ply estimate prefers, are played on a copy of the
    game built from the view (the hidden fort cards dealt in a fixed order: they change nothing before
    the next scoring but the card a Castellan reveals); the position reached is valued as a whole.
    """
    ranked = sorted(range(len(scored)), key=lambda i: -scored[i][0])
    top = ranked[: int(par["width"])]
    base = determinize(view, Rng(0))
    me = view.to_act
    now = ev.utility()
    out: list[tuple[float, KretaAction]] = []
    for i in top:
        action = scored[i][1]
        st = base.clone()
        if not _play_out(st, action, ev.moves.get(action, []), ev.st.ids):
            continue
        if not st.is_terminal() and st.current_player() != me:
            opp = st.current_player()
            opp_ev = _Eval(st.view(opp), par)
            answers = _scores(opp_ev, st.legal_actions())
            answer = max(answers, key=lambda x: x[0])[1]
            if not _play_out(st, answer, opp_ev.moves.get(answer, []), opp_ev.st.ids):
                continue
        if st.is_terminal():
            scores = st.view(me).scores
            margin = scores[me] - max(x for s, x in enumerate(scores) if s != me)
            final = sum((c * x for c, x in zip(ev.coef, scores, strict=True)), 0.0)
            value2 = final + par["win"] * (margin > 0) - par["win"] * (margin < 0) - now
        else:
            value2 = _Eval(st.view(me), par, me).utility() - now
        out.append((value2, action))
    return out or scored


def _play_out(st: KretaState, action: KretaAction, moves: list[tuple[int, int, list[int]]], ids: Sequence[str]) -> bool:
    """Play our ``action`` on ``st`` and our turn to its end: a movement's planned steps then ``stop``,
    a scoring's keep. False if the plan does not fit the rules' steps."""
    me = st.current_player()
    st.apply(action)
    if moves:
        walk: list[tuple[str, str]] = []
        for a, _, path in moves:
            here = a
            for q in path:
                walk.append((ids[here], ids[q]))
                here = q
        for frm, to in walk[1:]:
            if st.current_player() != me or st.is_terminal():
                break
            step = next((x for x in st.legal_actions() if isinstance(x, Step) and (x.frm, x.to) == (frm, to)), None)
            if step is None:
                return False
            st.apply(step)
    while not st.is_terminal() and st.current_player() == me:
        legal = st.legal_actions()
        follow = next((x for x in legal if isinstance(x, Stop | Keep)), None)
        if follow is None:
            return False
        st.apply(follow)
    return True


def _movement(ev: _Eval, view: KretaView, legal: Sequence[KretaAction], rng: Rng) -> KretaAction:
    """During a Commander movement: the next step of the plan, or stop when the plan is done."""
    ids = ev.st.ids
    forced = ev.only[ev.me]
    _, moves = ev.plan(view.move_points, forced)
    steps = {(a.frm, a.to): a for a in legal if isinstance(a, Step)}
    stop = next((a for a in legal if isinstance(a, Stop)), None)
    for a, _, path in moves:
        step = steps.get((ids[a], ids[path[0]]))
        if step is not None:
            return step
    if stop is not None:
        return stop
    # no planned move fits the legal steps and the movement must go on: the step that hurts least
    scored: list[tuple[float, KretaAction]] = []
    for action in legal:
        if isinstance(action, Step):
            scored.append((ev.effect(CommanderMove(action.frm, action.to), forced), action))
    return _best(scored, rng)


def _best(scored: list[tuple[float, KretaAction]], rng: Rng) -> KretaAction:
    """The best-valued action; ties (within rounding) broken by ``rng``."""
    top = max(v for v, _ in scored)
    best = [a for v, a in scored if v >= top - 1e-7]
    return best[0] if len(best) == 1 else rng.choice(best)
