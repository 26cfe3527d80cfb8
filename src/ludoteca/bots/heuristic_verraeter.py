"""The hand-written Verräter strategy of the ``heuristic`` bot.

It counts victory points against its rivals: its own gain minus the opponents' gains, weighted towards
whoever is closest in score. Everything turns on the round's conflict. From the draft it knows which
action cards each other player can hold, so it weighs every way the Traitor and the Diplomats can lie; it
counts the supply cards seen and estimates each house's strength with a normal model of the cards still to
come. It then plays the set of supply cards that gives the best mix of win chance and cards kept: nothing
for a hopeless or a safe conflict, just enough when late in the order. Cards in hand are worth keeping for
later rounds (less when a full hand would only block draws), and in the last round only for the Kontor
bonus. In the draft each card is priced by its effect on this conflict plus its own reward: the
Strategist's 2 VP and the choice of the next conflict, the Traitor's point and a better house for the rounds
to come, the Farmer's and Diplomat +2's draws, the Builder's estate. The conflict it sets is the border
with the best expected gain for its house. Gutshof go under safe landscapes of its house and are turned to
Kontor when few rounds are left, and low cards are swapped for draws at the hand limit.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from itertools import permutations

from ludoteca.core.rng import Rng
from ludoteca.verraeter.actions import (
    Action,
    Build,
    Discard,
    PassBuild,
    PlaceGutshof,
    PlaySupply,
    SetConflict,
    TakeAction,
    TurnEstate,
    sub_hands,
)
from ludoteca.verraeter.cards import (
    BUILDER,
    DIPLOMAT2,
    DIPLOMAT5,
    EAGLE,
    FARMER,
    FARMER_DRAW,
    MAX_KONTOR,
    MAX_SUPPLY_PLAY,
    RING_SIZE,
    ROSE,
    STRATEGIST,
    SUPPLY_DECK,
    TRAITOR,
)
from ludoteca.verraeter.view import VerraeterView

# ---------------------------------------------------------------- tuning (measured against random and itself)

ALPHA = 0.5
"""Expected share of its hand another player commits to a conflict."""
KEEP_PER_CP = 0.1
"""Worth (VP) of one conflict point kept in hand for later rounds."""
DRAW_VP = 0.4
"""Worth (VP) of drawing one supply card."""
PROD_ROUNDS = 1.5
"""How many later rounds a producing Gutshof is expected to go on producing (conflicts and switches intervene)."""
SIDE_ROUNDS = 1.0
"""How many later rounds a change of allegiance is expected to matter."""
CTRL_VP = 1.0
"""Worth of holding the strategy card for the next conflict."""
KONTOR_FILL = 2.5
"""Expected final hand (of the 3 that count) a Kontor multiplies."""
REL = 1.0
"""Weight of the opponents' points against our own (shared among them by how close each is to us)."""
SPREAD_PER_ROUND = 4.0
"""Spread (VP) of the score gap between two players over one round still to play."""
KEEP_EPS = 0.01
"""A token worth per card kept, so that of two plays worth the same the smaller is made."""
DRAFT_SUMS = 8
"""Most supply totals compared per card in the draft (for speed)."""
EPS = 1e-9

_ALL_CARDS = tuple(range(6))
_DECK_COUNTS = tuple(SUPPLY_DECK.count(v) for v in range(max(SUPPLY_DECK) + 1))
_SQRT_HALF = 0.7071067811865476

Scenario = tuple[float, tuple[int, ...], int]
"""(probability, every seat's allegiance after the reveal, Eagle's minus Rose's diplomat CP)."""


def choose(view: VerraeterView, legal: Sequence[Action], rng: Rng) -> Action:
    """The strategy's action for ``view`` among ``legal``; ``rng`` only breaks ties."""
    if len(legal) == 1:
        return legal[0]
    phase = view.phase
    if phase == "supply":
        scored = _supply(_Ctx(view), legal)
    elif phase == "draft":
        scored = _draft(_Ctx(view), legal)
    elif phase == "conflict":
        scored = _conflict(_Ctx(view), legal)
    elif phase == "build":
        scored = _build(_Ctx(view), legal)
    elif phase == "draw":
        scored = _discard(_Ctx(view), legal)
    else:
        scored = _setup(view, legal)
    if not scored:
        return legal[0]
    best = max(s for s, _ in scored)
    top = [a for s, a in scored if s >= best - EPS]
    return top[0] if len(top) == 1 else rng.choice(top)


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x * _SQRT_HALF))


class _Ctx:
    """What every decision needs from the view, computed once."""

    __slots__ = (
        "cap",
        "cmean",
        "cvar",
        "gutshof",
        "hand",
        "houses",
        "kontors",
        "last",
        "limit",
        "me",
        "n",
        "opp_mean",
        "opp_var",
        "rounds_left",
        "table",
        "view",
        "weights",
    )

    def __init__(self, view: VerraeterView) -> None:
        self.view = view
        self.n = n = view.num_players
        self.me = view.player
        options = view.options
        self.table = options.landscapes
        self.cap = 99 if options.draw_cap is None else options.draw_cap
        self.limit = options.hand_limit
        self.hand = view.hand
        self.rounds_left = view.rounds_total - view.round
        self.last = self.rounds_left <= 0
        ring = view.ring
        self.houses = [land.house for land in ring]
        self.gutshof: list[list[int]] = [[] for _ in range(n)]
        self.kontors = [0] * n
        for i, land in enumerate(ring):
            if land.estate_owner >= 0:
                if land.kontor:
                    self.kontors[land.estate_owner] += 1
                else:
                    self.gutshof[land.estate_owner].append(i)
        # Card counting: the cards we have not seen are in other hands or the draw pile.
        counts = list(_DECK_COUNTS)
        for v in view.hand:
            counts[v] -= 1
        for v in view.discard:
            counts[v] -= 1
        for cards in view.played:
            for v in cards:
                counts[v] -= 1
        total = sum(counts)
        if total > 0:
            mean = sum(v * c for v, c in enumerate(counts)) / total
            var = sum(c * (v - mean) ** 2 for v, c in enumerate(counts)) / total
        else:
            mean, var = 4.0, 2.0
        self.cmean, self.cvar = mean, var
        if options.edition == 1998 and view.round == 1:
            self.opp_mean, self.opp_var = 4.0, 2.0 / 3.0  # everyone still holds 3, 4, 5
        else:
            self.opp_mean, self.opp_var = mean, var
        self.weights = self._weights()

    def _weights(self) -> tuple[float, ...]:
        """How much each opponent's points count against ours (summing to ``REL``): most for the closest rivals.

        An opponent weighs as much as our chance of finishing ahead of everyone moves with our lead over them,
        under a normal model of the rounds still to play.
        """
        view, n, me = self.view, self.n, self.me
        scores = view.scores
        sd = SPREAD_PER_ROUND * math.sqrt(self.rounds_left + 1)
        z = [(scores[me] - scores[q]) / sd for q in range(n)]
        ahead = [_phi(x) for x in z]
        raw = [0.0] * n
        for q in range(n):
            if q == me:
                continue
            w = math.exp(-0.5 * z[q] * z[q])
            for r in range(n):
                if r != me and r != q:
                    w *= ahead[r]
            raw[q] = w + 1e-6
        total = sum(raw)
        return tuple(REL * w / total for w in raw)

    def vp(self, kind: int, winners: int) -> int:
        return self.table.points(kind, winners) if winners > 0 else 0

    def producing(self, p: int, houses: Sequence[int], side: int) -> int:
        """Cards ``p``'s Gutshof bring in phase 10 when ``p`` supports ``side`` (draw cap applied)."""
        return min(sum(1 for i in self.gutshof[p] if houses[i] == side), self.cap)

    def my_draws(self, card: int) -> int:
        """Cards we expect to draw this round with ``card`` (before the hand limit)."""
        if card == FARMER:
            return min(FARMER_DRAW, self.cap)
        d = self.producing(self.me, self.houses, self.view.allegiance[self.me])
        return min(d + (card == DIPLOMAT2), self.cap)

    def keep_value(self, kept: Sequence[int], draws: int) -> float:
        """Worth of the cards we keep after playing (``kept`` sorted ascending)."""
        m = len(kept)
        total = KEEP_EPS * m  # between equal plays, keep the cards (and the options they give)
        if self.last:
            final = min(m + draws, self.limit)
            return total + min(self.kontors[self.me], MAX_KONTOR) * min(final, 3)
        room = max(self.limit - draws, 0)
        for i, v in enumerate(kept):
            # The ``room`` highest cards keep their worth; a lower one only blocks a draw of an unseen card.
            if m - i <= room:
                total += KEEP_PER_CP * v
            elif v > self.cmean:
                total += KEEP_PER_CP * (v - self.cmean)
        return total

    def sum_options(self, draws: int, most: int = 0) -> list[tuple[int, float, tuple[int, ...]]]:
        """For each total we can play: (total, worth of the best hand kept, the cards played).

        With ``most``, at most that many totals, spread over the range (the smallest and largest included).
        """
        hand = self.hand
        best: dict[int, tuple[float, tuple[int, ...]]] = {}
        for cards in sub_hands(hand, MAX_SUPPLY_PLAY):
            kept = list(hand)
            for v in cards:
                kept.remove(v)
            value = self.keep_value(kept, draws)
            s = sum(cards)
            old = best.get(s)
            if old is None or value > old[0] + EPS:
                best[s] = (value, cards)
        out = [(s, value, cards) for s, (value, cards) in sorted(best.items())]
        if most and len(out) > most:
            step = (len(out) - 1) / (most - 1)
            out = [out[round(j * step)] for j in range(most)]
        return out


def _order_pos(view: VerraeterView, p: int) -> int:
    """Place of ``p`` in this round's draft and supply order."""
    return (p - view.start_player) % view.num_players


def _switches(view: VerraeterView, card: int) -> bool:
    return card == TRAITOR or (card == DIPLOMAT5 and view.options.edition == 2008 and view.all_same_at_start)


# ---------------------------------------------------------------- the conflict of the round


class _Conflict:
    """A conflict between landscape ``position`` and the next, seen from our seat: what each outcome is worth."""

    __slots__ = ("cache", "cp", "ctx", "land")

    def __init__(self, ctx: _Ctx, position: int) -> None:
        self.ctx = ctx
        ring = ctx.view.ring
        a, b = position, (position + 1) % RING_SIZE
        self.land = (a, b) if ring[a].house == EAGLE else (b, a)  # land[EAGLE], land[ROSE]
        cps = ctx.table.cp
        self.cp = (cps[ring[self.land[EAGLE]].kind], cps[ring[self.land[ROSE]].kind])
        self.cache: dict[tuple[int, tuple[int, ...], bool], float] = {}

    def production(self, winner: int, final: Sequence[int], farmer: bool) -> float:
        """Relative worth of everyone's Gutshof production once ``winner`` (-1: tie) has taken its landscape."""
        ctx = self.ctx
        if ctx.last:
            return 0.0
        houses = ctx.houses
        if winner >= 0:
            houses = houses[:]
            houses[self.land[1 - winner]] = winner
        future = min(float(ctx.rounds_left), PROD_ROUNDS)
        total = 0.0
        for p in range(ctx.n):
            if not ctx.gutshof[p]:
                continue
            got = ctx.producing(p, houses, final[p]) * DRAW_VP
            if p == ctx.me:
                total += got * (future if farmer else future + 1.0)
            else:
                total -= ctx.weights[p] * got * (future + 1.0)
        return total

    def outcome(self, winner: int, final: tuple[int, ...], farmer: bool) -> float:
        """Our relative worth of ``winner`` (-1: tie) given everyone's allegiance after the reveal."""
        key = (winner, final, farmer)
        got = self.cache.get(key)
        if got is not None:
            return got
        ctx = self.ctx
        value = self.production(winner, final, farmer)
        if winner >= 0:
            k = 0
            against = 0.0
            for p in range(ctx.n):
                if final[p] == winner:
                    k += 1
                    against += ctx.weights[p]
            if k:
                v = ctx.vp(ctx.view.ring[self.land[1 - winner]].kind, k)
                value += (1.0 - against) * v if final[ctx.me] == winner else -against * v
        self.cache[key] = value
        return value

    def expected(
        self, scenarios: list[Scenario], played: Sequence[bool], sums: Sequence[int], farmer: bool
    ) -> list[float]:
        """Expected relative worth of the conflict for each total we might play.

        ``played`` marks the players whose supply is already on the table; the others are expected to add
        ``ALPHA`` of their hand, with the spread of a random share of unseen cards.
        """
        ctx = self.ctx
        view, me, n = ctx.view, ctx.me, ctx.n
        mean = [0.0] * n
        var = 0.0
        for p in range(n):
            if p == me:
                continue
            if played[p]:
                mean[p] = float(sum(view.played[p]))
            else:
                h = min(view.hand_sizes[p], MAX_SUPPLY_PLAY)
                mean[p] = ALPHA * h * ctx.opp_mean
                var += h * (ALPHA * (1.0 - ALPHA) * ctx.opp_mean * ctx.opp_mean + ALPHA * ctx.opp_var)
        inv = 1.0 / math.sqrt(var) if var > EPS else 0.0
        out = [0.0] * len(sums)
        base = self.cp[EAGLE] - self.cp[ROSE]
        for prob, final, diff in scenarios:
            mu = float(base + diff)
            for p in range(n):
                if p != me:
                    mu += mean[p] if final[p] == EAGLE else -mean[p]
            u_e = self.outcome(EAGLE, final, farmer)
            u_r = self.outcome(ROSE, final, farmer)
            u_t = self.outcome(-1, final, farmer)
            sign = 1.0 if final[me] == EAGLE else -1.0
            if inv == 0.0:
                for j, s in enumerate(sums):
                    d = mu + sign * s
                    out[j] += prob * (u_e if d > 0 else u_r if d < 0 else u_t)
                continue
            for j, s in enumerate(sums):
                d = mu + sign * s
                pe = _phi((d - 0.5) * inv)
                pr = _phi((-d - 0.5) * inv)
                out[j] += prob * (pe * u_e + pr * u_r + (1.0 - pe - pr) * u_t)
        return out


def _scenarios(ctx: _Ctx, my_card: int) -> list[Scenario]:
    """Each way the other players' action cards may lie, equally likely among those the draft allows.

    The players before us in the draft hold cards that were not offered to us (one of those was put aside);
    the players after us hold cards from those we pass on.
    """
    view, n, me = ctx.view, ctx.n, ctx.me
    allegiance = view.allegiance
    if view.revealed:
        diff = 0
        for p, c in enumerate(view.chosen):
            b = 2 if c == DIPLOMAT2 else 5 if c == DIPLOMAT5 else 0
            diff += b if allegiance[p] == EAGLE else -b
        return [(1.0, tuple(allegiance), diff)]
    offered = view.offered
    others = [p for p in range(n) if p != me]
    if offered:
        k = _order_pos(view, me)
        groups = [
            ([p for p in others if _order_pos(view, p) < k], [c for c in _ALL_CARDS if c not in offered]),
            ([p for p in others if _order_pos(view, p) > k], [c for c in offered if c != my_card]),
        ]
    else:
        groups = [(others, [c for c in _ALL_CARDS if c != my_card])]
    # Only who holds the Traitor and the Diplomats matters.
    switch5 = view.options.edition == 2008 and view.all_same_at_start
    partial: list[tuple[float, list[int]]] = [(1.0, [-1] * n)]
    for players, pool in groups:
        if not players:
            continue
        perms = list(permutations(pool, len(players)))
        share = 1.0 / len(perms)
        grown: list[tuple[float, list[int]]] = []
        for w, assign in partial:
            for perm in perms:
                a = assign[:]
                for p, c in zip(players, perm, strict=True):
                    a[p] = c
                grown.append((w * share, a))
        partial = grown
    acc: dict[tuple[tuple[int, ...], int], float] = {}
    for w, assign in partial:
        assign[me] = my_card
        final = list(allegiance)
        diff = 0
        for p in range(n):
            c = assign[p]
            if c == TRAITOR or (c == DIPLOMAT5 and switch5):
                final[p] = 1 - final[p]
            if c == DIPLOMAT2:
                diff += 2 if final[p] == EAGLE else -2
            elif c == DIPLOMAT5:
                diff += 5 if final[p] == EAGLE else -5
        key = (tuple(final), diff)
        acc[key] = acc.get(key, 0.0) + w
    return [(w, final, diff) for (final, diff), w in acc.items()]


# ---------------------------------------------------------------- phase 3: supply


def _supply(ctx: _Ctx, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    view = ctx.view
    my_card = view.chosen[ctx.me]
    k = _order_pos(view, ctx.me)
    played = [_order_pos(view, p) < k for p in range(ctx.n)]
    conflict = _Conflict(ctx, view.conflict)
    options = ctx.sum_options(ctx.my_draws(my_card))
    ev = conflict.expected(_scenarios(ctx, my_card), played, [s for s, _, _ in options], my_card == FARMER)
    plays = {a.cards: a for a in legal if isinstance(a, PlaySupply)}
    return [(ev[j] + keep, plays[cards]) for j, (_, keep, cards) in enumerate(options) if cards in plays]


# ---------------------------------------------------------------- phase 2: draft


def _draft(ctx: _Ctx, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    view, me, n = ctx.view, ctx.me, ctx.n
    conflict = _Conflict(ctx, view.conflict)
    played = [False] * n
    later = sum(1 for p in range(n) if _order_pos(view, p) > _order_pos(view, me))
    offered = [a.card for a in legal if isinstance(a, TakeAction)]
    options_by_draws: dict[int, list[tuple[int, float, tuple[int, ...]]]] = {}
    out: list[tuple[float, Action]] = []
    for a in legal:
        if not isinstance(a, TakeAction):
            continue
        card = a.card
        draws = ctx.my_draws(card)
        options = options_by_draws.get(draws)
        if options is None:
            options = options_by_draws[draws] = ctx.sum_options(draws, DRAFT_SUMS)
        ev = conflict.expected(_scenarios(ctx, card), played, [s for s, _, _ in options], card == FARMER)
        value = max(ev[j] + keep for j, (_, keep, _) in enumerate(options))
        if _switches(view, card) and not ctx.last:
            mine = view.allegiance[me]
            value += min(float(ctx.rounds_left), SIDE_ROUNDS) * (_side_value(ctx, 1 - mine) - _side_value(ctx, mine))
        if card == TRAITOR:
            value += 1.0
        elif card == STRATEGIST:
            value += 2.0 + (0.0 if ctx.last else CTRL_VP)
            # Left in the pool it would score for an opponent, if someone after us takes it.
            if later and len(offered) > 1:
                value += 2.0 * max(ctx.weights) * min(1.0, later / (len(offered) - 1))
        elif card == FARMER and not ctx.last:
            value += DRAW_VP * min(FARMER_DRAW, ctx.cap)
        elif card == DIPLOMAT2 and not ctx.last:
            value += DRAW_VP
        elif card == BUILDER:
            value += max(_build_value(ctx, b) for b in _build_options(ctx))
        out.append((value, a))
    return out


def _build_options(ctx: _Ctx) -> list[Action]:
    """The Builder's options for us (as the rules give them in phase 7)."""
    me, ring = ctx.me, ctx.view.ring
    options: list[Action] = [PassBuild()]
    kontor_ok = ctx.kontors[me] < MAX_KONTOR
    if ctx.view.reserve[me] > 0:
        free = [i for i in range(RING_SIZE) if ring[i].estate_owner < 0]
        options += [Build(i) for i in free]
        if kontor_ok and ctx.view.options.builder_places_kontor:
            options += [Build(i, True) for i in free]
    options += [
        TurnEstate(i) for i in range(RING_SIZE) if ring[i].estate_owner == me and (ring[i].kontor or kontor_ok)
    ]
    return options


# ---------------------------------------------------------------- phase 1: the conflict site


def _conflict(ctx: _Ctx, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    sites = [a for a in legal if isinstance(a, SetConflict)]
    values = _borders(ctx, ctx.view.allegiance, [a.position for a in sites])
    return list(zip(values, sites, strict=True))


def _borders(ctx: _Ctx, allegiance: Sequence[int], positions: Sequence[int]) -> list[float]:
    """Our expected relative worth of a conflict at each position, for the given allegiances, before the draft.

    Every player is expected to commit ``ALPHA`` of their hand (we of ours) and 7/6 CP of diplomats; each may
    be the Traitor (1 in 6), which widens the spread.
    """
    view, me, n = ctx.view, ctx.me, ctx.n
    mine = allegiance[me]
    contrib = [0.0] * n
    var = 0.0
    for p in range(n):
        if p == me:
            contrib[p] = ALPHA * sum(ctx.hand) + 7.0 / 6.0
        else:
            h = min(view.hand_sizes[p], MAX_SUPPLY_PLAY)
            contrib[p] = ALPHA * h * ctx.opp_mean + 7.0 / 6.0
            var += h * (ALPHA * (1.0 - ALPHA) * ctx.opp_mean * ctx.opp_mean + ALPHA * ctx.opp_var)
    for p in range(n):
        var += 4.0 * (1.0 / 6.0) * (5.0 / 6.0) * contrib[p] ** 2
    inv = 1.0 / math.sqrt(var) if var > EPS else 1.0
    k_mine = sum(1 for h in allegiance if h == mine)
    w_mine = sum(ctx.weights[p] for p in range(n) if allegiance[p] == mine)
    w_theirs = sum(ctx.weights[p] for p in range(n) if allegiance[p] != mine)
    edge = sum(contrib[p] if allegiance[p] == mine else -contrib[p] for p in range(n))
    final = tuple(allegiance)
    ring = view.ring
    cps = ctx.table.cp
    out: list[float] = []
    for position in positions:
        conflict = _Conflict(ctx, position)
        ours, theirs = conflict.land[mine], conflict.land[1 - mine]
        mu = float(cps[ring[ours].kind] - cps[ring[theirs].kind]) + edge
        p_win = _phi((mu - 0.5) * inv)
        p_lose = _phi((-mu - 0.5) * inv)
        base = conflict.production(-1, final, False)
        u_win = ctx.vp(ring[theirs].kind, k_mine) * (1.0 - w_mine) + conflict.production(mine, final, False) - base
        u_lose = -w_theirs * ctx.vp(ring[ours].kind, n - k_mine) + conflict.production(1 - mine, final, False) - base
        out.append(p_win * u_win + p_lose * u_lose)
    return out


def _side_value(ctx: _Ctx, side: int) -> float:
    """What supporting ``side`` is worth in a typical later round (the mean over today's borders)."""
    allegiance = list(ctx.view.allegiance)
    allegiance[ctx.me] = side
    houses = ctx.houses
    positions = [i for i in range(RING_SIZE) if houses[i] != houses[(i + 1) % RING_SIZE]]
    if not positions:
        return 0.0
    values = _borders(ctx, allegiance, positions)
    return sum(values) / len(values)


# ---------------------------------------------------------------- phase 7: the Builder


def _prod_chance(ctx: _Ctx, i: int, side: int) -> float:
    """Chance that landscape ``i`` produces for a supporter of ``side`` in a later round."""
    houses = ctx.houses
    house = houses[i]
    border = houses[(i - 1) % RING_SIZE] != house or houses[(i + 1) % RING_SIZE] != house
    if house == side:
        return 0.7 if border else 0.9
    return 0.25 if border else 0.1


def _build_value(ctx: _Ctx, action: Action) -> float:
    """Worth of a Builder option against passing: draws to come from a Gutshof, final points from a Kontor."""
    me = ctx.me
    side = ctx.view.allegiance[me]
    rounds = ctx.rounds_left + 1  # draws still to come, this round's included
    producing = ctx.producing(me, ctx.houses, side)
    cap = ctx.cap
    marginal = 1.0 if producing < min(cap, 2) else 0.5 if producing < cap else 0.1
    fill = KONTOR_FILL if (producing > 0 or len(ctx.hand) >= 3) else KONTOR_FILL - 1.0
    if isinstance(action, Build):
        if action.kontor:
            return fill
        now = 1.0 if ctx.houses[action.landscape] == side else 0.0
        return DRAW_VP * marginal * (now + _prod_chance(ctx, action.landscape, side) * (rounds - 1))
    if isinstance(action, TurnEstate):
        i = action.landscape
        now = 1.0 if ctx.houses[i] == side else 0.0
        lose = DRAW_VP * min(1.0, marginal + 0.3) * (now + _prod_chance(ctx, i, side) * (rounds - 1))
        if ctx.view.ring[i].kontor:
            return lose - fill
        return (fill if ctx.kontors[me] < MAX_KONTOR else 0.0) - lose
    return 0.0


def _build(ctx: _Ctx, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    return [(_build_value(ctx, a), a) for a in legal]


# ---------------------------------------------------------------- phase 10: the hand limit


def _discard(ctx: _Ctx, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    """Swap cards below the unseen average for draws; in the last round only the number of cards counts."""
    hand = ctx.hand
    d = ctx.view.pending_draw
    out: list[tuple[float, Action]] = []
    for a in legal:
        if not isinstance(a, Discard):
            continue
        kept = list(hand)
        for v in a.cards:
            kept.remove(v)
        drawn = min(d, ctx.limit - len(kept))
        value = float(min(len(kept) + drawn, 3)) if ctx.last else sum(kept) + drawn * (ctx.cmean - 0.25)
        out.append((value, a))
    return out


# ---------------------------------------------------------------- set-up


def _setup(view: VerraeterView, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    """A Gutshof under a landscape of our house, away from the borders, as strong as possible."""
    side = view.allegiance[view.player]
    ring = view.ring
    cps = view.options.landscapes.cp
    out: list[tuple[float, Action]] = []
    for a in legal:
        if not isinstance(a, PlaceGutshof):
            continue
        i = a.landscape
        land = ring[i]
        same = (ring[(i - 1) % RING_SIZE].house == land.house) + (ring[(i + 1) % RING_SIZE].house == land.house)
        if land.house == side:
            value = 10.0 + 2.0 * same + cps[land.kind] / 5.0
        else:
            value = 2.0 * (2 - same) - cps[land.kind] / 5.0
        out.append((value, a))
    return out
