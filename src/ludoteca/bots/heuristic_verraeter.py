"""The hand-written Verräter strategy of the ``heuristic`` bot.

It counts victory points against its rivals: its own gain minus the opponents' gains, weighted towards
whoever is closest in score; in the last round it plays for first place outright. Everything turns on the
round's conflict. From the draft it knows which action cards each other player can hold, so it weighs
every way the Traitor and the Diplomats can lie; it counts the supply cards seen and estimates each house's
strength with a normal model of the cards still to come. It then plays the supply that gives the best mix
of win chance and cards kept: nothing for a hopeless or a safe conflict, just enough when late in the
order. Cards in hand are worth keeping for later rounds (less when a full hand would only block draws) and,
in the last round, only for the Kontor bonus. In the draft each card is priced by its effect on this
conflict plus its own reward: the Strategist's 2 VP and the choice of the next conflict, the Traitor's
point and a better house for the rounds to come, the Farmer's and Diplomat +2's draws, the Builder's
estate. The conflict it sets is the border with the best expected gain for its house. Gutshof go under
safe landscapes of its house and are turned to Kontor when few rounds are left; low cards are swapped for
draws at the hand limit.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from functools import lru_cache
from itertools import permutations
from math import erf

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
from ludoteca.verraeter.components import (
    ACTION_NAMES,
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
from ludoteca.verraeter.scoring import kontor_points, switches_house
from ludoteca.verraeter.view import VerraeterView

# ---------------------------------------------------------------- tuning (measured against random and itself)

ALPHA = 0.6
"""Expected share of its hand another player commits to a conflict."""
KEEP_PER_CP = 0.15
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
WIN_SCALE = 10.0
"""Worth (VP) of a certain win, for the last round, where the bot plays for first place."""
FINAL_SD = 1.5
"""Uncertainty (VP) of the final scores we estimate in the last round."""
DRAFT_SUMS = 8
"""Most supply totals compared per card in the draft (for speed)."""
EPS = 1e-9

_ALL_CARDS = tuple(range(len(ACTION_NAMES)))
_DECK_COUNTS = tuple(SUPPLY_DECK.count(v) for v in range(max(SUPPLY_DECK) + 1))
_SQRT_HALF = 0.7071067811865476
_RELEVANT = (TRAITOR, DIPLOMAT2, DIPLOMAT5)

Scenario = tuple[float, tuple[int, ...], int]
"""(probability, every seat's allegiance after the reveal, Eagle's minus Rose's diplomat CP)."""
_Holders = tuple[tuple[int, int], ...]
"""(seat, card) for the Traitor and Diplomats among some players' cards."""


def choose(view: VerraeterView, legal: Sequence[Action], rng: Rng) -> Action:
    """The strategy's action for ``view`` among ``legal``; ``rng`` only breaks ties."""
    if len(legal) == 1:
        return legal[0]
    scored = _scored(view, legal)
    if not scored:
        return legal[0]
    best = max(s for s, _ in scored)
    top = [a for s, a in scored if s >= best - EPS]
    return top[0] if len(top) == 1 else rng.choice(top)


def ranked(view: VerraeterView, legal: Sequence[Action]) -> list[Action]:
    """The legal actions best first by the strategy's values (ties in ``legal``'s order; actions it does
    not value last): a prior for the search's progressive widening."""
    if len(legal) <= 1:
        return list(legal)
    scored = _scored(view, legal)
    order = sorted(range(len(scored)), key=lambda j: -scored[j][0])
    out = [scored[j][1] for j in order]
    seen = set(out)
    return out + [a for a in legal if a not in seen]


def valued(view: VerraeterView, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    """The strategy's value (VP gained over its rivals, as it reckons) of each legal action it considers;
    actions it does not value (a supply play dominated by another of the same total) are left out. The
    opponent model of the search's beliefs (:mod:`ludoteca.bots.beliefs_verraeter`) is a softmax over these."""
    return _scored(view, legal)


def _scored(view: VerraeterView, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    """The strategy's value of each legal action it considers, for the phase under way."""
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
    return scored


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x * _SQRT_HALF))


class _Ctx:
    """What every decision needs from the view, computed once."""

    __slots__ = (
        "cap",
        "cmean",
        "gutshof",
        "gutshof_by_house",
        "hand",
        "houses",
        "kontors",
        "last",
        "limit",
        "me",
        "n",
        "opp_mean",
        "opp_var",
        "options_cache",
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
        self.gutshof_by_house = [[0, 0] for _ in range(n)]
        self.kontors = [0] * n
        for i, land in enumerate(ring):
            if land.estate_owner >= 0:
                if land.kontor:
                    self.kontors[land.estate_owner] += 1
                else:
                    self.gutshof[land.estate_owner].append(i)
                    self.gutshof_by_house[land.estate_owner][land.house] += 1
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
        self.cmean = mean
        if options.edition == 1998 and view.round == 1:
            self.opp_mean, self.opp_var = 4.0, 2.0 / 3.0  # everyone still holds 3, 4, 5
        else:
            self.opp_mean, self.opp_var = mean, var
        self.weights = self._weights()
        self.options_cache: dict[tuple[int, int], list[tuple[int, float, tuple[int, ...]]]] = {}

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
        total = sum(raw, 0.0)
        return tuple(REL * w / total for w in raw)

    def shares_of_hand(self, p: int) -> float:
        """Cards ``p`` is expected to play from their hand."""
        return ALPHA * min(self.view.hand_sizes[p], MAX_SUPPLY_PLAY)

    def vp(self, kind: int, winners: int) -> int:
        """VP per winner as the game in play scores them (rules version 1: four winners score III)."""
        return self.view.options.points(kind, winners) if winners > 0 else 0

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
            return total + kontor_points(self.kontors[self.me], final)
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
        got = self.options_cache.get((draws, most))
        if got is not None:
            return got
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
        self.options_cache[draws, most] = out
        return out


def _order_pos(view: VerraeterView, p: int) -> int:
    """Place of ``p`` in this round's draft and supply order."""
    return (p - view.start_player) % view.num_players


def _switches(view: VerraeterView, card: int) -> bool:
    return switches_house(card, view.options.edition, view.all_same_at_start)


# ---------------------------------------------------------------- the conflict of the round


class _Conflict:
    """A conflict between landscape ``position`` and the next, seen from our seat: what each outcome is worth."""

    __slots__ = ("cache", "cp", "ctx", "land", "made")

    def __init__(self, ctx: _Ctx, position: int) -> None:
        self.ctx = ctx
        ring = ctx.view.ring
        a, b = position, (position + 1) % RING_SIZE
        self.land = (a, b) if ring[a].house == EAGLE else (b, a)  # land[EAGLE], land[ROSE]
        cps = ctx.table.cp
        self.cp = (cps[ring[self.land[EAGLE]].kind], cps[ring[self.land[ROSE]].kind])
        self.cache: dict[tuple[int, tuple[int, ...], bool], float] = {}
        # made[winner + 1][p][side]: cards p's Gutshof bring when p supports side, once winner (-1: tie) is known.
        self.made: list[list[tuple[int, int]] | None] = [None, None, None]

    def _made(self, winner: int) -> list[tuple[int, int]]:
        got = self.made[winner + 1]
        if got is None:
            ctx = self.ctx
            counts = [list(c) for c in ctx.gutshof_by_house]
            if winner >= 0:
                lost = self.land[1 - winner]
                land = ctx.view.ring[lost]
                if land.estate_owner >= 0 and not land.kontor:
                    counts[land.estate_owner][1 - winner] -= 1
                    counts[land.estate_owner][winner] += 1
            cap = ctx.cap
            got = [(min(e, cap), min(r, cap)) for e, r in counts]
            self.made[winner + 1] = got
        return got

    def production(self, winner: int, final: Sequence[int], farmer: bool) -> float:
        """Relative worth of everyone's Gutshof production once ``winner`` (-1: tie) has taken its landscape."""
        ctx = self.ctx
        if ctx.last:
            return 0.0
        made = self._made(winner)
        future = min(float(ctx.rounds_left), PROD_ROUNDS)
        total = 0.0
        for p in range(ctx.n):
            got = made[p][final[p]] * DRAW_VP
            if not got:
                continue
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

    def _spread(self, played: Sequence[bool]) -> tuple[list[float], float]:
        """Expected supply of each other player (played or to come) and the spread of what is to come."""
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
        return mean, var

    def outcome_odds(
        self, scenarios: Sequence[Scenario], played: Sequence[bool], sums: Sequence[int]
    ) -> list[list[tuple[float, float, float]]]:
        """Per scenario and total we might play: the chances that the Eagle wins, the Rose wins, or a tie."""
        ctx = self.ctx
        me, n = ctx.me, ctx.n
        mean, var = self._spread(played)
        scale = _SQRT_HALF / math.sqrt(var) if var > EPS else 0.0
        base = self.cp[EAGLE] - self.cp[ROSE]
        out: list[list[tuple[float, float, float]]] = []
        for _, final, diff in scenarios:
            mu = float(base + diff)
            for p in range(n):
                if p != me:
                    mu += mean[p] if final[p] == EAGLE else -mean[p]
            sign = 1.0 if final[me] == EAGLE else -1.0
            row: list[tuple[float, float, float]] = []
            for s in sums:
                d = mu + sign * s
                if scale == 0.0:
                    row.append((1.0, 0.0, 0.0) if d > 0 else (0.0, 1.0, 0.0) if d < 0 else (0.0, 0.0, 1.0))
                    continue
                pe = 0.5 + 0.5 * erf((d - 0.5) * scale)
                pr = 0.5 - 0.5 * erf((d + 0.5) * scale)
                row.append((pe, pr, 1.0 - pe - pr))
            out.append(row)
        return out

    def expected(
        self, scenarios: Sequence[Scenario], played: Sequence[bool], sums: Sequence[int], farmer: bool
    ) -> list[float]:
        """Expected relative worth of the conflict for each total we might play.

        ``played`` marks the players whose supply is already on the table; the others are expected to add
        ``ALPHA`` of their hand, with the spread of a random share of unseen cards.
        """
        ctx = self.ctx
        me, n = ctx.me, ctx.n
        mean, var = self._spread(played)
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
            scale = inv * _SQRT_HALF
            for j, s in enumerate(sums):
                d = mu + sign * s
                pe = 0.5 + 0.5 * erf((d - 0.5) * scale)
                pr = 0.5 - 0.5 * erf((d + 0.5) * scale)
                out[j] += prob * (pe * u_e + pr * u_r + (1.0 - pe - pr) * u_t)
        return out


def _final_round(
    ctx: _Ctx,
    conflict: _Conflict,
    my_card: int,
    played: Sequence[bool],
    options: Sequence[tuple[int, float, tuple[int, ...]]],
) -> list[float]:
    """In the last round: our chance of finishing first (times ``WIN_SCALE``) for each total we might play.

    Everyone's final score is estimated from the conflict's outcome, the action cards' points (the Traitor by
    the scenario, the Strategist by the odds the draft gives) and the Kontor bonus (for us exactly from the
    cards we keep and draw; for the others from their expected hand).
    """
    view, me, n = ctx.view, ctx.me, ctx.n
    scores = view.scores
    ring = view.ring
    # Our own ways of scoring the Kontor bonus: (Kontor in play, cards drawn) for the card we hold.
    draws = ctx.my_draws(my_card)
    kontors = min(ctx.kontors[me], MAX_KONTOR)
    ways = [(kontors, draws)]
    if my_card == BUILDER:
        mine = view.allegiance[me]
        if ctx.gutshof[me] and kontors < MAX_KONTOR:
            idle = any(ctx.houses[i] != mine for i in ctx.gutshof[me])
            ways.append((kontors + 1, draws if idle else max(draws - 1, 0)))
        if view.reserve[me] and any(land.estate_owner < 0 and land.house == mine for land in ring):
            ways.append((kontors, min(draws + 1, ctx.cap)))
    bonus = 1.0 if my_card == TRAITOR else 2.0 if my_card == STRATEGIST else 0.0
    strategist = _strategist_odds(ctx, my_card)
    opp_base = [0.0] * n
    for q in range(n):
        if q == me:
            continue
        hand = float(view.hand_sizes[q])
        if not played[q]:
            hand -= ctx.shares_of_hand(q)
        final_hand = min(hand + ctx.producing(q, ctx.houses, view.allegiance[q]), float(ctx.limit))
        # the Kontor bonus (kontor_points) on an expected, fractional hand: the rule's caps, in floats
        opp_base[q] = scores[q] + 2.0 * strategist[q] + min(ctx.kontors[q], MAX_KONTOR) * min(final_hand, 3.0)
    sums = [s for s, _, _ in options]
    keeps = [len(view.hand) - len(cards) for _, _, cards in options]
    scenarios = _scenarios(ctx, my_card)
    probs = conflict.outcome_odds(scenarios, played, sums)
    out = [0.0] * len(options)
    scale = _SQRT_HALF / FINAL_SD
    for (prob, final, _), odds in zip(scenarios, probs, strict=True):
        for w_index, winner in enumerate((EAGLE, ROSE, -1)):
            opp = [opp_base[q] + (1.0 if final[q] != view.allegiance[q] else 0.0) for q in range(n)]
            mine_vp = 0.0
            if winner >= 0:
                k = sum(1 for h in final if h == winner)
                v = float(ctx.vp(ring[conflict.land[1 - winner]].kind, k))
                for q in range(n):
                    if final[q] == winner:
                        opp[q] += v
                if final[me] == winner:
                    mine_vp = v
            cache: dict[int, float] = {}
            for j, kept in enumerate(keeps):
                pw = 0.0
                for kontor, drawn in ways:
                    points = kontor_points(kontor, min(kept + drawn, ctx.limit))
                    got = cache.get(points)
                    if got is None:
                        total = scores[me] + bonus + mine_vp + points
                        got = 1.0
                        for q in range(n):
                            if q != me:
                                got *= 0.5 + 0.5 * erf((total - opp[q] + 0.5) * scale)
                        cache[points] = got
                    pw = max(pw, got)
                out[j] += prob * odds[j][w_index] * pw
    return [WIN_SCALE * x + KEEP_EPS * kept for x, kept in zip(out, keeps, strict=True)]


def _strategist_odds(ctx: _Ctx, my_card: int) -> list[float]:
    """The chance that each other player holds the Strategist, from what the draft showed us."""
    view, n, me = ctx.view, ctx.n, ctx.me
    odds = [0.0] * n
    if view.revealed:
        return [1.0 if c == STRATEGIST and p != me else 0.0 for p, c in enumerate(view.chosen)]
    if my_card == STRATEGIST:
        return odds
    offered = view.offered
    k = _order_pos(view, me)
    if not offered:
        return [0.0 if p == me else 1.0 / 6.0 for p in range(n)]
    if STRATEGIST in offered:
        group = [p for p in range(n) if _order_pos(view, p) > k]
        pool = len(offered) - 1
    else:
        group = [p for p in range(n) if _order_pos(view, p) < k]
        pool = k + 1
    for p in group:
        odds[p] = 1.0 / pool
    return odds


def _scenarios(ctx: _Ctx, my_card: int) -> Sequence[Scenario]:
    """Each way the other players' action cards may lie, equally likely among those the draft allows.

    The players before us in the draft hold cards that were not offered to us (one of those was put aside);
    the players after us hold cards from those we pass on.
    """
    view = ctx.view
    if view.revealed:
        diff = 0
        for p, c in enumerate(view.chosen):
            b = 2 if c == DIPLOMAT2 else 5 if c == DIPLOMAT5 else 0
            diff += b if view.allegiance[p] == EAGLE else -b
        return [(1.0, tuple(view.allegiance), diff)]
    return _draft_scenarios(
        ctx.n, ctx.me, view.start_player, view.allegiance, view.offered, my_card,
        view.options.edition, view.all_same_at_start,
    )


@lru_cache(maxsize=4096)
def _draft_scenarios(
    n: int,
    me: int,
    start: int,
    allegiance: tuple[int, ...],
    offered: tuple[int, ...],
    my_card: int,
    edition: int,
    all_same: bool,
) -> tuple[Scenario, ...]:
    others = [p for p in range(n) if p != me]
    if offered:
        k = (me - start) % n
        groups = [
            (tuple(p for p in others if (p - start) % n < k), tuple(c for c in _ALL_CARDS if c not in offered)),
            (tuple(p for p in others if (p - start) % n > k), tuple(c for c in offered if c != my_card)),
        ]
    else:
        groups = [(tuple(others), tuple(c for c in _ALL_CARDS if c != my_card))]
    combined: dict[tuple[int, ...], float] = {tuple(my_card if p == me else -1 for p in range(n)): 1.0}
    for players, pool in groups:
        if not players:
            continue
        ways = _group_ways(players, pool)
        grown: dict[tuple[int, ...], float] = {}
        for assign, w in combined.items():
            for key, share in ways:
                a = list(assign)
                for p, c in key:
                    a[p] = c
                t = tuple(a)
                grown[t] = grown.get(t, 0.0) + w * share
        combined = grown
    acc: dict[tuple[tuple[int, ...], int], float] = {}
    for assign, w in combined.items():
        final = list(allegiance)
        diff = 0
        for p in range(n):
            c = assign[p]
            if switches_house(c, edition, all_same):
                final[p] = 1 - final[p]
            if c == DIPLOMAT2:
                diff += 2 if final[p] == EAGLE else -2
            elif c == DIPLOMAT5:
                diff += 5 if final[p] == EAGLE else -5
        effect = (tuple(final), diff)
        acc[effect] = acc.get(effect, 0.0) + w
    return tuple((w, final, diff) for (final, diff), w in acc.items())


@lru_cache(maxsize=1024)
def _group_ways(players: tuple[int, ...], pool: tuple[int, ...]) -> tuple[tuple[_Holders, float], ...]:
    """How ``players`` may hold distinct cards of ``pool``, reduced to who holds the Traitor and the Diplomats."""
    ways: dict[_Holders, int] = {}
    count = 0
    for perm in permutations(pool, len(players)):
        key = tuple((p, c) for p, c in zip(players, perm, strict=True) if c in _RELEVANT)
        ways[key] = ways.get(key, 0) + 1
        count += 1
    return tuple((key, m / count) for key, m in ways.items())


# ---------------------------------------------------------------- phase 3: supply


def _supply(ctx: _Ctx, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    view = ctx.view
    my_card = view.chosen[ctx.me]
    k = _order_pos(view, ctx.me)
    played = [_order_pos(view, p) < k for p in range(ctx.n)]
    conflict = _Conflict(ctx, view.conflict)
    options = ctx.sum_options(ctx.my_draws(my_card))
    plays = {a.cards: a for a in legal if isinstance(a, PlaySupply)}
    if ctx.last:
        values = _final_round(ctx, conflict, my_card, played, options)
        return [(values[j], plays[cards]) for j, (_, _, cards) in enumerate(options) if cards in plays]
    ev = conflict.expected(_scenarios(ctx, my_card), played, [s for s, _, _ in options], my_card == FARMER)
    return [(ev[j] + keep, plays[cards]) for j, (_, keep, cards) in enumerate(options) if cards in plays]


# ---------------------------------------------------------------- phase 2: draft


def _draft(ctx: _Ctx, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    view, me, n = ctx.view, ctx.me, ctx.n
    conflict = _Conflict(ctx, view.conflict)
    played = [False] * n
    later = sum(1 for p in range(n) if _order_pos(view, p) > _order_pos(view, me))
    offered = [a.card for a in legal if isinstance(a, TakeAction)]
    out: list[tuple[float, Action]] = []
    for a in legal:
        if not isinstance(a, TakeAction):
            continue
        card = a.card
        draws = ctx.my_draws(card)
        options = ctx.sum_options(draws, DRAFT_SUMS)
        if ctx.last:
            out.append((max(_final_round(ctx, conflict, card, played, options)), a))
            continue
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

    Every other player is expected to commit ``ALPHA`` of their hand and 7/6 CP of diplomats, and each player
    may be the Traitor (1 in 6), which widens the spread; we play the total that is best for us at that border.
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
    w_mine = sum((ctx.weights[p] for p in range(n) if allegiance[p] == mine), 0.0)
    w_theirs = sum((ctx.weights[p] for p in range(n) if allegiance[p] != mine), 0.0)
    edge = 7.0 / 6.0 + sum((contrib[p] if allegiance[p] == mine else -contrib[p] for p in range(n) if p != me), 0.0)
    options = ctx.sum_options(ctx.my_draws(-1), DRAFT_SUMS)
    final = tuple(allegiance)
    ring = view.ring
    cps = ctx.table.cp
    out: list[float] = []
    for position in positions:
        conflict = _Conflict(ctx, position)
        ours, theirs = conflict.land[mine], conflict.land[1 - mine]
        mu = float(cps[ring[ours].kind] - cps[ring[theirs].kind]) + edge
        base = conflict.production(-1, final, False)
        u_win = ctx.vp(ring[theirs].kind, k_mine) * (1.0 - w_mine) + conflict.production(mine, final, False) - base
        u_lose = -w_theirs * ctx.vp(ring[ours].kind, n - k_mine) + conflict.production(1 - mine, final, False) - base
        best = -math.inf
        for s, keep, _ in options:
            d = mu + s
            value = _phi((d - 0.5) * inv) * u_win + _phi((-d - 0.5) * inv) * u_lose + keep
            if value > best:
                best = value
        out.append(best)
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
    return sum(values, 0.0) / len(values)


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
    if ctx.last:
        return _final_points(ctx, action) - _final_points(ctx, PassBuild())
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


def _final_points(ctx: _Ctx, action: Action) -> float:
    """Our Kontor bonus at the end if the Builder's ``action`` is the last thing we do before the final draw."""
    me, view = ctx.me, ctx.view
    side = view.allegiance[me]
    houses = ctx.houses
    kontors = ctx.kontors[me]
    producing = sum(1 for i in ctx.gutshof[me] if houses[i] == side)
    if isinstance(action, Build):
        if action.kontor:
            kontors += 1
        elif houses[action.landscape] == side:
            producing += 1
    elif isinstance(action, TurnEstate):
        i = action.landscape
        if view.ring[i].kontor:
            kontors -= 1
            producing += houses[i] == side
        else:
            kontors += 1
            producing -= houses[i] == side
    final = min(len(ctx.hand) + min(producing, ctx.cap), ctx.limit)
    return float(kontor_points(kontors, final))


def _build(ctx: _Ctx, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    return [(_build_value(ctx, a), a) for a in legal]


# ---------------------------------------------------------------- phase 10: the hand limit


def _discard(ctx: _Ctx, legal: Sequence[Action]) -> list[tuple[float, Action]]:
    """Swap cards below the unseen average for draws; in the last round only the number of cards counts.

    With ``discard_timing`` ``after`` the cards are drawn already (``pending_draw`` is 0) and every choice
    discards the same number: the bot keeps its strongest cards."""
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
