"""Sampling a whole Verräter state from one player's view, for search with hidden information (IS-MCTS).

``determinize(view, rng)`` deals every hidden part of the game at random among the assignments that fit
what the view's player knows, so that ``determinize(v, rng).view(v.player) == v``:

- **Action cards** (phase 2 until the reveal, and the card put aside until the end of the round). A
  player who has been offered cards in this round's draft knows that the cards missing from their offer
  are the one put aside plus those the seats before them kept: these are dealt among those slots in a
  random order. Seats after them kept cards from their offer minus their own choice: dealt likewise. A
  player not yet offered anything (and a spectator) knows only the revealed or own cards; the rest of
  the six are dealt at random. The ``offered`` tuples, the cards still in the pool and the leftover
  cards then follow from the draft's rules.
- **Supply cards.** The unseen cards (the 23 of the deck minus the player's hand, the discard pile and
  the cards on the table) are dealt to the other hands (their sizes are public) and the draw pile, in a
  random order, uniformly over the physical cards among the deals that keep what the player knows for
  certain from the public log (:func:`supply_knowledge`): the start hands of the 1998 edition that
  have not been played, and which cards the current draw pile can hold (the cards reshuffled into it,
  or the rest of the deck after the deal, minus the player's own draws from it).
- **The generator** of the sampled world is seeded from ``rng``, so chance after the sampled moment (the
  next shuffles and draws) differs between worlds too.

Everything a view determines (the table, the scores, the draw queue of phase 10, …) is rebuilt from it;
the work that does not depend on ``rng`` is done once per view object and kept in a small cache, because
search calls this with the same view once per iteration. The module is otherwise pure: no clock, no
global random generator.
"""

from __future__ import annotations

from collections.abc import Iterable
from math import comb
from typing import Any, NamedTuple

from ludoteca.core.events import EventLog, push
from ludoteca.core.rng import Rng

from .components import (
    ACTION_NAMES,
    CONFLICT_PHASE,
    DRAW,
    SETUP,
    START_HAND_1998,
    SUPPLY_DECK,
    SUPPLY_VALUES,
)
from .state import VerraeterState, draw_queue
from .view import PHASES, VerraeterView

_KINDS = len(SUPPLY_VALUES)
_INDEX = {v: i for i, v in enumerate(SUPPLY_VALUES)}
_ACTION_CARDS = tuple(range(len(ACTION_NAMES)))
_ASIDE = -1
"""The slot of the card put aside, among the seats' slots of the draft."""
_FLUSH = frozenset(("draw", "discard", "reshuffle", "round", "over"))
"""Events that come after phase 9 has moved the round's played supply cards to the discard pile."""


def _counts(cards: Iterable[Any]) -> list[int]:
    out = [0] * _KINDS
    for v in cards:
        out[_INDEX[v]] += 1
    return out


def _int(value: object) -> int:
    assert isinstance(value, int)
    return value


def _cards(counts: list[int]) -> list[int]:
    return [SUPPLY_VALUES[i] for i in range(_KINDS) for _ in range(counts[i])]


class SupplyKnowledge(NamedTuple):
    """What a view's player knows for certain about the supply cards they cannot see."""

    known: tuple[tuple[int, ...], ...]
    """Per seat: cards certainly in that hand (sorted; empty for the player's own seat)."""
    pile_limit: tuple[int, ...] | None
    """Per value of ``SUPPLY_VALUES``: the most copies the draw pile can hold; ``None``: no limit known."""
    consistent: bool
    """Whether replaying the log agreed with the view (if not, nothing is assumed: no known cards, no limit)."""


def supply_knowledge(view: VerraeterView) -> SupplyKnowledge:
    """Replay the visible log, tracking what is certain about the hidden supply cards.

    Sound, not complete: every fact returned holds in every state the view could come from, but when a
    player plays (or discards) a value they are known to hold and might also have drawn, the known card
    is forgotten, and which draw pile a card in another hand came from is not followed.
    """
    n, me = view.num_players, view.player
    nothing = SupplyKnowledge(((),) * n, None, True)
    known = [[0] * _KINDS for _ in range(n)]
    limit: list[int] | None = None
    discard: list[int] | None = None
    played = [0] * _KINDS
    pile = 0
    fresh = dealt = False
    ok = True
    span: tuple[int, list[int] | None] | None = None  # a draw in progress ran through a reshuffle
    last_span: tuple[int, list[int] | None] | None = None
    drawn = sum(_int(e.data[0]) for e in view.log if e.kind == "draw")
    refilled = sum(_int(e.data[0]) for e in view.log if e.kind == "reshuffle")
    for event in view.log:
        kind = event.kind
        if kind == "supply":
            hand = known[event.seat]
            for v in event.data:
                i = _INDEX[_int(v)]
                played[i] += 1
                if hand[i]:
                    hand[i] -= 1
            continue
        if kind in _FLUSH:
            if discard is not None:
                for i in range(_KINDS):
                    discard[i] += played[i]
            played = [0] * _KINDS
        if kind == "gutshof":
            if not fresh:  # a new game: the whole deck, in no hand yet
                fresh = True
                limit = _counts(SUPPLY_DECK)
                discard = [0] * _KINDS
        elif kind == "dealt":  # only ever our own deal (2008)
            if limit is not None:
                for i, c in enumerate(_counts(event.data)):
                    ok = ok and limit[i] >= c
                    limit[i] = max(0, limit[i] - c)
        elif kind == "round":
            if not dealt:
                dealt = True
                if fresh:
                    pile = len(SUPPLY_DECK) - len(START_HAND_1998) * n
                    if view.options.edition == 1998:
                        start = _counts(START_HAND_1998)
                        for q in range(n):
                            if q != me:
                                known[q] = start[:]
                        assert limit is not None
                        limit = [limit[i] - n * start[i] for i in range(_KINDS)]
                else:  # an explicit set-up: hands, discard and draw pile not in the log
                    pile = view.draw_pile_size + drawn - refilled
        elif kind == "reshuffle":
            size = _int(event.data[0])
            span = (pile, limit)
            if discard is not None:
                ok = ok and sum(discard) == size
                limit = discard
            else:
                limit = None
            discard = [0] * _KINDS
            pile = size
        elif kind == "draw":
            k = _int(event.data[0])
            if span is not None:
                pile -= k - span[0]
            else:
                pile -= k
            last_span, span = span, None
        elif kind == "drew":  # only ever our own cards
            if limit is not None:
                got = _counts(event.data)
                for i in range(_KINDS):
                    if last_span is None:
                        sure = got[i]  # all from the current pile
                        ok = ok and limit[i] >= sure
                    else:  # the first ``before`` cards came from the old pile
                        before, old = last_span
                        sure = max(0, got[i] - (before if old is None else min(before, old[i])))
                    limit[i] = max(0, limit[i] - sure)
        elif kind == "discard":
            hand = known[event.seat]
            for v in event.data:
                i = _INDEX[_int(v)]
                if hand[i]:
                    hand[i] -= 1
                if discard is not None:
                    discard[i] += 1
    if not dealt:  # still placing the Gutshof: nobody holds a card
        return nothing
    if view.phase in ("supply", "build"):  # this round's cards still lie on the table
        ok = ok and played == _counts(v for cards in view.played for v in cards)
    elif discard is not None:
        for i in range(_KINDS):
            discard[i] += played[i]
    ok = ok and pile == view.draw_pile_size
    ok = ok and (discard is None or discard == _counts(view.discard))
    ok = ok and all(sum(known[q]) <= view.hand_sizes[q] for q in range(n))
    unseen = _unseen(view)
    free = [unseen[i] - sum(known[q][i] for q in range(n)) for i in range(_KINDS)]
    ok = ok and min(free) >= 0
    ok = ok and (limit is None or sum(min(a, f) for a, f in zip(limit, free, strict=True)) >= view.draw_pile_size)
    if not ok:
        return nothing._replace(consistent=False)
    return SupplyKnowledge(
        tuple(tuple(_cards(k)) for k in known), None if limit is None else tuple(max(0, a) for a in limit), True
    )


def _unseen(view: VerraeterView) -> list[int]:
    """Per value: the supply cards not in the player's hand, the discard pile or on the table."""
    out = _counts(SUPPLY_DECK)
    seen = list(view.hand) + list(view.discard) + [v for cards in view.played for v in cards]
    for v in seen:
        out[_INDEX[v]] -= 1
    if min(out) < 0:
        raise ValueError("the view shows more supply cards than the deck holds")
    return out


def _draw_queue(view: VerraeterView) -> list[tuple[int, int]]:
    """The rest of phase 10's draw queue (the state's own rule, on the view): each entry served so far left
    one ``draw`` event in this round's log. With ``discard_timing`` ``before`` the player to act is at its head;
    with ``after`` they have drawn already and the rest follows them. (Version 2 may list the Diplomat +2
    twice: his Gutshof draws, and his extra card last of all.)"""
    ring = view.ring
    queue = draw_queue(
        view.options.draw_cap,
        view.start_player,
        list(view.chosen),
        list(view.allegiance),
        [x.estate_owner for x in ring],
        [x.kontor for x in ring],
        [x.house for x in ring],
        diplomat_last=view.options.rules_version >= 2,
    )
    served = 0
    for event in reversed(view.log):
        if event.kind == "round":
            break
        if event.kind == "draw":
            served += 1
    after = view.options.discard_timing == "after"
    k = served - 1 if after else served
    if 0 <= k < len(queue) and queue[k][0] == view.to_act:
        return queue[served:]
    raise ValueError("the player to act in the draw phase has nothing to draw")


class _Plan:
    """Everything about a determinization of one view that does not depend on the random generator."""

    __slots__ = (
        "draft",
        "groups",
        "known",
        "limits",
        "log",
        "own",
        "pile_size",
        "queue",
        "slots",
        "unseen",
        "view",
    )

    def __init__(self, view: VerraeterView) -> None:
        n, me = view.num_players, view.player
        self.view = view
        self.log: EventLog = None
        phase = PHASES.index(view.phase)
        self.queue = _draw_queue(view) if phase == DRAW else []

        # Action cards: per group, the slots (seats, or _ASIDE) and the cards dealt among them.
        self.draft = phase not in (SETUP, CONFLICT_PHASE)
        groups: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        if self.draft:
            order = [(view.start_player + k) % n for k in range(n)]
            chosen = view.chosen
            taken = sum(view.has_chosen)
            seen = {c for c in chosen if c >= 0}
            hidden = [q for q in order[:taken] if chosen[q] < 0]
            if view.offered:  # the player has had their turn in this draft
                mine = order.index(me)
                before = (_ASIDE, *(q for q in hidden if order.index(q) < mine))
                after = tuple(q for q in hidden if order.index(q) > mine)
                outside = tuple(c for c in _ACTION_CARDS if c not in view.offered and c not in seen)
                inside = tuple(c for c in view.offered if c not in seen)
                if len(outside) != len(before) or len(inside) < len(after):
                    raise ValueError("the view's draft does not add up")
                groups = [(before, outside), (after, inside)]
            else:
                groups = [((_ASIDE, *hidden), tuple(c for c in _ACTION_CARDS if c not in seen))]
        self.groups = tuple((slots, cards) for slots, cards in groups if slots)

        # Supply cards.
        knowledge = supply_knowledge(view)
        self.own = list(view.hand) if me >= 0 else []
        self.known = [list(k) for k in knowledge.known]
        unseen = _unseen(view)
        for cards in knowledge.known:
            for v in cards:
                unseen[_INDEX[v]] -= 1
        self.unseen = unseen
        self.slots = tuple((q, view.hand_sizes[q] - len(knowledge.known[q])) for q in range(n) if q != me)
        self.pile_size = ps = view.draw_pile_size
        if sum(m for _, m in self.slots) + ps != sum(unseen):
            raise ValueError("the view's hand sizes and draw pile do not add up with the cards it shows")
        # When a limit on the pile binds: entry i * (ps + 1) + k of ``limits`` holds, for k cards of values
        # i, i+1, … going to the pile, the number of ways (counted over the physical cards) and its split
        # by the copies of value i among them: (ways, ((copies, ways), …)).
        self.limits: tuple[tuple[int, tuple[tuple[int, int], ...]], ...] | None = None
        cap = knowledge.pile_limit
        if cap is not None and any(cap[i] < unseen[i] for i in range(_KINDS)):
            ways = [1] + [0] * ps
            table: list[tuple[tuple[int, tuple[tuple[int, int], ...]], ...]] = []
            for i in reversed(range(_KINDS)):
                row = []
                for k in range(ps + 1):
                    options = tuple(
                        (x, comb(unseen[i], x) * ways[k - x])
                        for x in range(min(cap[i], unseen[i], k) + 1)
                        if ways[k - x]
                    )
                    row.append((sum(w for _, w in options), options))
                table.append(tuple(row))
                ways = [total for total, _ in row]
            table.reverse()
            self.limits = tuple(r for row in table for r in row)

    def event_log(self) -> EventLog:
        if self.log is None:
            log: EventLog = None
            for event in self.view.log:
                log = push(log, event)
            self.log = log
        return self.log


_CACHE: dict[int, tuple[VerraeterView, _Plan]] = {}
_CACHE_SIZE = 8


def _plan(view: VerraeterView) -> _Plan:
    hit = _CACHE.get(id(view))
    if hit is not None and hit[0] is view:
        return hit[1]
    plan = _Plan(view)
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.clear()
    _CACHE[id(view)] = (view, plan)
    return plan


def determinize(view: VerraeterView, rng: Rng, *, keep_log: bool = True) -> VerraeterState:
    """A full state ``view`` could have come from, its hidden parts dealt from ``rng``.

    ``determinize(v, rng).view(v.player) == v``. With ``keep_log=False`` the state's event log is left
    empty (search does not read it), which is faster; its views then differ from ``v`` only in the log.
    """
    plan = _plan(view)
    v = view
    n = v.num_players
    below = rng.below

    # Action cards.
    chosen = list(v.chosen)
    aside = -1
    offered: list[tuple[int, ...]] = [()] * n
    pool: list[int] = []
    leftover: tuple[int, ...] = ()
    if plan.draft:
        for slots, group in plan.groups:
            cards = list(group)
            m = len(cards)
            for j, slot in enumerate(slots):
                r = j + below(m - j) if m - j > 1 else j
                cards[j], cards[r] = cards[r], cards[j]
                if slot == _ASIDE:
                    aside = cards[j]
                else:
                    chosen[slot] = cards[j]
        pool = [c for c in _ACTION_CARDS if c != aside]
        seat = v.start_player
        for _ in range(n):
            offered[seat] = tuple(pool)
            if chosen[seat] < 0:  # the seat to act in the draft
                break
            pool.remove(chosen[seat])
            seat = (seat + 1) % n
        else:
            leftover = tuple(pool)
            pool = []

    # Supply cards: the draw pile, then the other hands.
    ps = plan.pile_size
    if v.phase == "setup":
        draw_pile = list(SUPPLY_DECK)  # shuffled (and dealt) once the Gutshof are placed
        rest: list[int] = []
    elif plan.limits is None:
        rest = _cards(plan.unseen)
        rng.shuffle(rest)
        draw_pile = rest[:ps]
        rest = rest[ps:]
    else:
        limits = plan.limits
        in_pile = [0] * _KINDS
        k = ps
        for i in range(_KINDS):
            total, options = limits[i * (ps + 1) + k]
            if len(options) == 1:
                x = options[0][0]
            else:
                r = below(total)
                for x, w in options:  # noqa: B007
                    if r < w:
                        break
                    r -= w
            in_pile[i] = x
            k -= x
        draw_pile = _cards(in_pile)
        rng.shuffle(draw_pile)
        rest = _cards([a - b for a, b in zip(plan.unseen, in_pile, strict=True)])
        rng.shuffle(rest)
    hands: list[list[int]] = [[] for _ in range(n)]
    if v.player >= 0:
        hands[v.player] = plan.own[:]
    at = 0
    known = plan.known
    for q, k in plan.slots:
        hands[q] = sorted(known[q] + rest[at : at + k])
        at += k

    s = VerraeterState(v.options, n, rng.spawn(), empty=False)
    s.rounds_total = v.rounds_total
    s.round = v.round
    s.phase = PHASES.index(v.phase)
    s.to_act = v.to_act
    s.start_player = v.start_player
    s.strategy_holder = v.strategy_holder
    s.conflict = v.conflict
    ring = v.ring
    s.land_type = [x.kind for x in ring]
    s.land_house = [x.house for x in ring]
    s.estate_owner = [x.estate_owner for x in ring]
    s.estate_kontor = [x.kontor for x in ring]
    s.allegiance = list(v.allegiance)
    s.all_same_at_start = v.all_same_at_start
    s.hands = hands
    s.reserve = list(v.reserve)
    s.draw_pile = draw_pile
    s.discard = list(v.discard)
    s.played = list(v.played)
    s.chosen = chosen
    s.offered = offered
    s.pool = pool
    s.aside = aside
    s.leftover = leftover
    s.revealed = v.revealed
    s.strength = v.strength
    s.winner = v.conflict_winner
    s.conflict_vp = list(v.conflict_vp)
    s.traitor_vp = list(v.traitor_vp)
    s.strategist_vp = list(v.strategist_vp)
    s.draw_queue = plan.queue[:]
    s.log = plan.event_log() if keep_log else None
    s.legal_cache = None
    s.preset_deck = None
    return s


__all__ = ["SupplyKnowledge", "determinize", "supply_knowledge"]
