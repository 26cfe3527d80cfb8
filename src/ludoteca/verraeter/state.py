"""The Verräter rules core: a mutable game state changed only through :meth:`VerraeterState.apply`.

Decisions are asked for in this order: Gutshof placement at set-up, then each round phase 1 (the
strategy-card holder sets the conflict), phase 2 (the draft, from the start player clockwise), phase 3
(supply play, same order), phase 7 (the Builder) and, in phase 10, a hand-limit choice for any player
whose draw would exceed the limit (option ``discard_timing``: before the draw, or after it). Everything
else (the reveal, resolution, victory points, the strategy card, discards, reshuffles, draws, passing the
start-player card) happens inside ``apply``. Every random
draw comes from the state's own seeded generator.
"""

from __future__ import annotations

from typing import Final

from ludoteca.core.events import EventLog, push_event, visible_events
from ludoteca.core.game import TERMINAL, GameResult
from ludoteca.core.rng import Rng

from . import explain, legal, scoring
from .actions import (
    Action,
    Build,
    Discard,
    PlaceGutshof,
    PlaySupply,
    SetConflict,
    TakeAction,
    TurnEstate,
)
from .components import (
    ACTION_NAMES,
    BUILD_PHASE,
    BUILDER,
    CONFLICT_PHASE,
    DIPLOMAT2,
    DRAFT,
    DRAW,
    EAGLE,
    ESTATES_PER_PLAYER,
    FARMER,
    FARMER_DRAW,
    OVER,
    RING_SIZE,
    ROUNDS,
    SETUP,
    START_HAND_1998,
    START_HAND_SIZE,
    STRATEGIST,
    SUPPLY,
)
from .options import VerraeterOptions
from .view import PHASES, Landscape, VerraeterView


def draw_queue(
    cap: int | None,
    start_player: int,
    chosen: list[int],
    allegiance: list[int],
    estate_owner: list[int],
    estate_kontor: list[bool],
    land_house: list[int],
    diplomat_last: bool = True,
) -> list[tuple[int, int]]:
    """Phase 10's draws, in order: ``(seat, cards)`` for the Farmer first, then clockwise from the start
    player each seat's Gutshof on landscapes of its house, within the cap; last of all the Diplomat +2's
    extra card if the cap leaves room for it (seed 003). With ``diplomat_last=False`` (rules version 1) the
    extra card is drawn with the Diplomat's own Gutshof draws instead.

    A function of the table alone, so ``determinize`` rebuilds the queue from a view with the same rule.
    Lists rather than any sequence, so that compiled code indexes them directly.
    """
    n = len(allegiance)
    queue: list[tuple[int, int]] = []
    farmer = -1
    for p in range(len(chosen)):
        if chosen[p] == FARMER:
            farmer = p
            break
    if farmer >= 0:
        queue.append((farmer, FARMER_DRAW if cap is None else min(FARMER_DRAW, cap)))
    extra: tuple[int, int] | None = None
    for k in range(n):
        p = (start_player + k) % n
        if p == farmer:
            continue
        side = allegiance[p]
        d = 0
        for i in range(RING_SIZE):
            if estate_owner[i] == p and not estate_kontor[i] and land_house[i] == side:
                d += 1
        if cap is not None and d > cap:
            d = cap
        if chosen[p] == DIPLOMAT2 and (cap is None or d < cap):
            if diplomat_last:
                extra = (p, 1)
            else:
                d += 1
        if d > 0:
            queue.append((p, d))
    if extra is not None:
        queue.append(extra)
    return queue


_ACTION_DECK: Final = tuple(range(len(ACTION_NAMES)))
"""The action cards in order, before the start player shuffles them."""


class VerraeterState:
    """A game of Verräter in progress. Create one with ``new_game`` or ``from_setup`` (module ``setup``)."""

    __slots__ = {  # noqa: RUF023 - grouped by topic, as the documentation reads best
        # Seats are 0..n-1; houses ``EAGLE``/``ROSE`` (0/1); landscapes are ring positions 0..11; action cards and
        # supply cards are the integers of ``components``. Fields are public to read; only the core's own modules
        # (``state``, ``legal``, ``scoring``, ``setup``, ``determinize``) write them.
        "options": "The rule options (:class:`~ludoteca.verraeter.options.VerraeterOptions`).",
        "num_players": "The number of seats (3 or 4).",
        "rng": "The game's random source (:class:`~ludoteca.core.rng.Rng`); its state is part of the position.",
        "rounds_total": "How many rounds the game lasts at most (by the number of players).",
        "round": "The current round, from 1.",
        "phase": "The phase, one of ``components.SETUP`` … ``OVER`` (see there).",
        "to_act": "The seat to act (``TERMINAL`` once the game is over).",
        "start_player": "The seat holding the start-player card this round.",
        "strategy_holder": "The seat holding the strategy card (it sets the conflict).",
        "conflict": "The conflict border: landscapes ``conflict`` and ``conflict + 1`` (ring positions); -1: not set.",
        "land_type": "Per landscape: its type, an index into ``LANDSCAPE_KEYS`` (fixed after set-up; clones share it).",
        "land_house": "Per landscape: the house it belongs to.",
        "estate_owner": "Per landscape: the seat whose estate card lies under it, -1 for none.",
        "estate_kontor": "Per landscape: True when its estate card lies Kontor side up (else Gutshof side).",
        "allegiance": "Per seat: the house it currently serves.",
        "all_same_at_start": "True when every seat served the same house as the round began (2008 Diplomat +5).",
        "hands": "Per seat: its supply cards, values, sorted.",
        "reserve": "Per seat: estate cards still in reserve.",
        "draw_pile": "The face-down supply cards, values; the last one is drawn first.",
        "discard": "The discarded supply cards, values, in the order discarded.",
        "played": "Per seat: the supply cards it played this round (phase 3).",
        "chosen": "Per seat: the action card it kept in the draft this round, -1 before it chose.",
        "offered": "Per seat: the action cards passed to it in the draft this round (empty before its turn).",
        "pool": "During the draft: the action cards offered to the seat to act, sorted.",
        "aside": "The action card put aside unseen this round, -1 before the draft.",
        "leftover": "The action card(s) nobody kept in this round's draft.",
        "revealed": "True once this round's action cards are revealed (phase 4).",
        "strength": "This round's strengths ``(eagle, rose)`` once resolved, else None.",
        "winner": "This round's conflict: -2 not resolved yet, -1 a tie, else the winning house.",
        "conflict_vp": "Per seat: victory points won in conflicts.",
        "traitor_vp": "Per seat: victory points for the Traitor.",
        "strategist_vp": "Per seat: victory points for the Strategist.",
        "draw_queue": "Phase 10's draws still to make, in order: ``(seat, cards)`` (see :func:`draw_queue`).",
        "log": "The event log, an immutable linked list ``(event, older)`` (read it with ``visible_events``).",
        "legal_cache": "The legal actions of the seat to act (``legal.generate``); None: not known yet.",
        "preset_deck": "An action-card order given by an explicit set-up for the next draft (aside first), else None.",
    }

    def __init__(self, options: VerraeterOptions, num_players: int, rng: Rng, empty: bool = True) -> None:
        """An empty table; ``setup.new_game`` and ``setup.from_setup`` fill it in.

        ``empty=False`` leaves every other field unset, for :meth:`clone` and ``determinize``, which set them
        all (a compiled class cannot be made without its ``__init__``, as ``__new__`` alone would in pure Python)."""
        if num_players not in ROUNDS:
            raise ValueError("Verräter takes 3 or 4 players")
        n = num_players
        self.options = options
        self.num_players = n
        self.rng = rng
        if not empty:
            return
        self.rounds_total = ROUNDS[n]
        self.round = 1
        self.phase = SETUP
        self.to_act = 0
        self.start_player = 0
        self.strategy_holder = 1 % n
        self.conflict = -1
        self.land_type: list[int] = [0] * RING_SIZE
        self.land_house: list[int] = [0] * RING_SIZE
        self.estate_owner: list[int] = [-1] * RING_SIZE
        self.estate_kontor: list[bool] = [False] * RING_SIZE
        self.allegiance: list[int] = [EAGLE] * n
        self.all_same_at_start = False
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.reserve: list[int] = [ESTATES_PER_PLAYER] * n
        self.draw_pile: list[int] = []
        self.discard: list[int] = []
        self.played: list[tuple[int, ...]] = [()] * n
        self.chosen: list[int] = [-1] * n
        self.offered: list[tuple[int, ...]] = [()] * n
        self.pool: list[int] = []
        self.aside = -1
        self.leftover: tuple[int, ...] = ()
        self.revealed = False
        self.strength: tuple[int, int] | None = None
        self.winner = -2
        self.conflict_vp: list[int] = [0] * n
        self.traitor_vp: list[int] = [0] * n
        self.strategist_vp: list[int] = [0] * n
        self.draw_queue: list[tuple[int, int]] = []
        self.log: EventLog = None
        self.legal_cache: tuple[Action, ...] | None = None
        self.preset_deck: tuple[int, ...] | None = None

    # ------------------------------------------------------------ protocol

    def __getnewargs__(self) -> tuple[object, ...]:
        """``__init__``'s arguments for unpickling a compiled state (``ludoteca.native``), fields restored after."""
        return (self.options, self.num_players, self.rng, False)

    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.to_act

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def clone(self) -> VerraeterState:
        c = VerraeterState(self.options, self.num_players, self.rng.clone(), empty=False)
        c.rounds_total = self.rounds_total
        c.round = self.round
        c.phase = self.phase
        c.to_act = self.to_act
        c.start_player = self.start_player
        c.strategy_holder = self.strategy_holder
        c.conflict = self.conflict
        c.land_type = self.land_type  # never changes after set-up: shared
        c.land_house = self.land_house[:]
        c.estate_owner = self.estate_owner[:]
        c.estate_kontor = self.estate_kontor[:]
        c.allegiance = self.allegiance[:]
        c.all_same_at_start = self.all_same_at_start
        c.hands = [h[:] for h in self.hands]
        c.reserve = self.reserve[:]
        c.draw_pile = self.draw_pile[:]
        c.discard = self.discard[:]
        c.played = self.played[:]
        c.chosen = self.chosen[:]
        c.offered = self.offered[:]
        c.pool = self.pool[:]
        c.aside = self.aside
        c.leftover = self.leftover
        c.revealed = self.revealed
        c.strength = self.strength
        c.winner = self.winner
        c.conflict_vp = self.conflict_vp[:]
        c.traitor_vp = self.traitor_vp[:]
        c.strategist_vp = self.strategist_vp[:]
        c.draw_queue = self.draw_queue[:]
        c.log = self.log
        c.legal_cache = self.legal_cache
        c.preset_deck = self.preset_deck
        return c

    def legal_actions(self) -> list[Action]:
        if self.legal_cache is None:
            self.legal_cache = legal.generate(self)
        return list(self.legal_cache)

    def apply(self, action: object) -> None:
        """Play ``action`` for the seat to act, or raise why not (``explain.why_not``), changing nothing.

        ``action`` is typed ``object`` because any value may come in: compiled code would otherwise refuse a
        non-action with a bare ``TypeError`` instead of the rules' reason."""
        acts = self.legal_cache
        if acts is None:
            acts = self.legal_cache = legal.generate(self)
        for legal_action in acts:  # the interned actions come back as they were handed out: try identity first
            if legal_action is action:
                self._apply(legal_action)
                return
        if action not in acts:
            raise explain.why_not(self, action)
        self._apply(action)  # narrowed by the membership test

    def _apply(self, action: Action) -> None:
        """Play a legal ``action``."""
        self.legal_cache = None
        phase = self.phase
        if phase == SUPPLY:
            self._play_supply(action)  # type: ignore[arg-type]
        elif phase == DRAFT:
            self._take(action)  # type: ignore[arg-type]
        elif phase == CONFLICT_PHASE:
            self._set_conflict(action)  # type: ignore[arg-type]
        elif phase == BUILD_PHASE:
            self._build(action)
        elif phase == DRAW:
            self._discard_and_draw(action)  # type: ignore[arg-type]
        else:
            self._place_gutshof(action)  # type: ignore[arg-type]

    # ------------------------------------------------------------ legal actions

    def excess(self) -> int:
        """In phase 10's hand-limit choice: cards over the limit of the seat to act (``legal.excess``)."""
        return legal.excess(self)

    def kontor_count(self, p: int) -> int:
        """How many of seat ``p``'s estate cards lie Kontor side up."""
        owner, kontor = self.estate_owner, self.estate_kontor
        count = 0
        for i in range(RING_SIZE):
            if owner[i] == p and kontor[i]:
                count += 1
        return count

    # ------------------------------------------------------------ set-up

    def _place_gutshof(self, action: PlaceGutshof) -> None:
        p = self.to_act
        self.estate_owner[action.landscape] = p
        self.reserve[p] -= 1
        self.log = push_event(self.log, "gutshof", p, (action.landscape,))
        nxt = (p + 1) % self.num_players
        if nxt == self.start_player:
            self._deal_start_hands()
            self.begin_round()
        else:
            self.to_act = nxt

    def _deal_start_hands(self) -> None:
        """Set-up step 4: 1998 gives everyone 3, 4, 5; 2008 deals 3 random cards each."""
        deck = self.draw_pile  # all 23 cards, still in order, since new_game
        if self.options.edition == 1998:
            for p in range(self.num_players):
                self.hands[p] = list(START_HAND_1998)
                for v in START_HAND_1998:
                    deck.remove(v)
            self.rng.shuffle(deck)
        else:
            self.rng.shuffle(deck)
            for k in range(self.num_players):
                p = (self.start_player + k) % self.num_players
                self.hands[p] = sorted(deck.pop() for _ in range(START_HAND_SIZE))
                self.log = push_event(self.log, "dealt", p, tuple(self.hands[p]), p)
        self.draw_pile = deck

    # ------------------------------------------------------------ a round

    def begin_round(self) -> None:
        """Phase 1 begins: the strategy-card holder is asked for the conflict site."""
        self.all_same_at_start = len(set(self.allegiance)) == 1
        self.phase = CONFLICT_PHASE
        self.to_act = self.strategy_holder
        self.conflict = -1
        self.log = push_event(self.log, "round", self.start_player, (self.round,))

    def _set_conflict(self, action: SetConflict) -> None:
        self.conflict = action.position
        self.log = push_event(self.log, "conflict", self.to_act, (action.position,))
        # Phase 2: the start player shuffles the action cards and puts the top one aside unseen.
        if self.preset_deck is not None:
            deck = list(self.preset_deck)
            self.preset_deck = None
        else:
            deck = list(_ACTION_DECK)
            self.rng.shuffle(deck)
        self.aside = deck[0]
        self.pool = sorted(deck[1:])
        self.offered = [()] * self.num_players
        self.offered[self.start_player] = tuple(self.pool)
        self.chosen = [-1] * self.num_players
        self.phase = DRAFT
        self.to_act = self.start_player

    def _take(self, action: TakeAction) -> None:
        p = self.to_act
        self.chosen[p] = action.card
        self.pool.remove(action.card)
        self.log = push_event(self.log, "take", p, ())
        self.log = push_event(self.log, "took", p, (action.card,), p)
        nxt = (p + 1) % self.num_players
        if nxt == self.start_player:
            self.leftover = tuple(self.pool)
            self.pool = []
            self.phase = SUPPLY
        else:
            self.offered[nxt] = tuple(self.pool)
        self.to_act = nxt

    def _play_supply(self, action: PlaySupply) -> None:
        p = self.to_act
        hand = self.hands[p]
        for v in action.cards:
            hand.remove(v)
        self.played[p] = action.cards
        self.log = push_event(self.log, "supply", p, action.cards)
        nxt = (p + 1) % self.num_players
        if nxt != self.start_player:
            self.to_act = nxt
            return
        scoring.resolve(self)
        builder = self.holder(BUILDER)
        if builder >= 0:
            self.phase = BUILD_PHASE
            self.to_act = builder
        else:
            self._after_build()

    def holder(self, card: int) -> int:
        """The seat that kept action card ``card`` this round, -1 if nobody did."""
        chosen = self.chosen
        for p in range(len(chosen)):
            if chosen[p] == card:
                return p
        return -1

    def _build(self, action: Action) -> None:
        p = self.to_act
        if isinstance(action, Build):
            self.estate_owner[action.landscape] = p
            self.estate_kontor[action.landscape] = action.kontor
            self.reserve[p] -= 1
            self.log = push_event(self.log, "build", p, (action.landscape, action.kontor))
        elif isinstance(action, TurnEstate):
            i = action.landscape
            self.estate_kontor[i] = not self.estate_kontor[i]
            self.log = push_event(self.log, "turn", p, (i, self.estate_kontor[i]))
        else:
            self.log = push_event(self.log, "pass", p, ())
        self._after_build()

    def _after_build(self) -> None:
        """Phases 8–10: the strategy card moves, played supply is discarded, everyone draws."""
        n = self.num_players
        strategist = self.holder(STRATEGIST)
        if strategist >= 0 and strategist != self.strategy_holder:
            self.strategy_holder = strategist
            self.log = push_event(self.log, "strategy", strategist, ())
        for p in range(n):
            self.discard.extend(self.played[p])
        self.played = [()] * n
        if self.options.rules_version >= 2 and not self.draw_pile:
            self._reshuffle()  # the pile ran out when the discard pile was empty: it is formed now
        self.draw_queue = draw_queue(
            self.options.draw_cap,
            self.start_player,
            self.chosen,
            self.allegiance,
            self.estate_owner,
            self.estate_kontor,
            self.land_house,
            diplomat_last=self.options.rules_version >= 2,
        )
        self._continue_draws()

    def _continue_draws(self) -> None:
        """Phase 10: serve the draw queue until it is empty or a player must choose for the hand limit."""
        limit = self.options.hand_limit
        queue = self.draw_queue
        after = self.options.discard_timing == "after"
        while queue:
            p, d = queue[0]
            if after:
                queue.pop(0)
                self._draw(p, d)
                if len(self.hands[p]) > limit:
                    self.phase = DRAW  # the new cards are in hand: discard the excess
                    self.to_act = p
                    return
                continue
            if len(self.hands[p]) + d > limit:
                self.phase = DRAW
                self.to_act = p
                return
            self._draw(p, d)
            queue.pop(0)
        self._end_round()

    def _discard_and_draw(self, action: Discard) -> None:
        p = self.to_act
        hand = self.hands[p]
        for v in action.cards:
            hand.remove(v)
            self.discard.append(v)
        self.log = push_event(self.log, "discard", p, action.cards)
        if self.options.rules_version >= 2 and not self.draw_pile:
            self._reshuffle()
        if self.options.discard_timing == "before":
            d = self.draw_queue.pop(0)[1]
            self._draw(p, min(d, self.options.hand_limit - len(hand)))
        self._continue_draws()

    def _reshuffle(self) -> None:
        """Phase 9: the discard pile, shuffled, becomes the draw pile (if it holds any card)."""
        if self.discard:
            self.draw_pile, self.discard = self.discard, []
            self.rng.shuffle(self.draw_pile)
            self.log = push_event(self.log, "reshuffle", -1, (len(self.draw_pile),))

    def _draw(self, p: int, k: int) -> None:
        """Draw up to ``k`` cards. Version 2 reshuffles the moment the pile runs out (seeds 000, 003);
        version 1 did so only when a card was next needed, so later discards joined that shuffle."""
        hand = self.hands[p]
        got: list[int] = []
        at_once = self.options.rules_version >= 2
        for _ in range(k):
            if not self.draw_pile:
                if at_once or not self.discard:
                    break
                self._reshuffle()
            got.append(self.draw_pile.pop())
            if at_once and not self.draw_pile:
                self._reshuffle()
        hand.extend(got)
        hand.sort()
        self.log = push_event(self.log, "draw", p, (len(got),))
        if got:
            self.log = push_event(self.log, "drew", p, tuple(sorted(got)), p)

    def _end_round(self) -> None:
        """Phases 11–13, or the end of the game after phase 10 of the last round."""
        house = self.land_house
        one_house = True
        for h in house:
            if h != house[0]:
                one_house = False
                break
        if self.round >= self.rounds_total or one_house:
            self.phase = OVER
            self.to_act = TERMINAL
            self.log = push_event(self.log, "over", -1, (self.round, int(one_house)))
            return
        self.chosen = [-1] * self.num_players
        self.offered = [()] * self.num_players
        self.aside = -1
        self.leftover = ()
        self.revealed = False
        self.strength = None
        self.winner = -2
        self.start_player = (self.start_player + 1) % self.num_players
        self.round += 1
        self.begin_round()

    # ------------------------------------------------------------ results and views

    def kontor_bonus(self, p: int) -> int:
        """Final scoring: Kontor in play (at most 2) × supply cards in hand (at most 3)."""
        return scoring.kontor_bonus(self, p)

    def result(self) -> GameResult:
        over = self.phase == OVER
        rows = []
        for p in range(self.num_players):
            rows.append(
                {
                    "conflict": self.conflict_vp[p],
                    "traitor": self.traitor_vp[p],
                    "strategist": self.strategist_vp[p],
                    "kontor": self.kontor_bonus(p) if over else 0,
                }
            )
        scores = tuple(sum(r.values()) for r in rows)
        best = max(scores)
        return GameResult(
            scores=scores,
            breakdown=tuple(rows),
            winners=tuple(p for p in range(self.num_players) if scores[p] == best),
            progress={"rounds": self.round},
        )

    def view(self, player: int) -> VerraeterView:
        n = self.num_players
        if not -1 <= player < n:
            raise ValueError(f"no seat {player} in a {n}-player game")
        revealed = self.revealed
        chosen = tuple(
            c if (revealed or p == player) else -1 for p, c in enumerate(self.chosen)
        )
        over = self.phase == OVER
        return VerraeterView(
            player=player,
            num_players=n,
            options=self.options,
            round=self.round,
            rounds_total=self.rounds_total,
            phase=PHASES[self.phase],
            to_act=self.current_player(),
            start_player=self.start_player,
            strategy_holder=self.strategy_holder,
            conflict=self.conflict,
            ring=tuple(
                Landscape(self.land_type[i], self.land_house[i], self.estate_owner[i], self.estate_kontor[i])
                for i in range(RING_SIZE)
            ),
            allegiance=tuple(self.allegiance),
            all_same_at_start=self.all_same_at_start,
            reserve=tuple(self.reserve),
            hand=tuple(self.hands[player]) if player >= 0 else (),
            hand_sizes=tuple(len(h) for h in self.hands),
            played=tuple(self.played),
            has_chosen=tuple(c >= 0 for c in self.chosen),
            chosen=chosen,
            offered=self.offered[player] if player >= 0 else (),
            revealed=revealed,
            strength=self.strength,
            conflict_winner=self.winner,
            pending_draw=(
                self.draw_queue[0][1]
                if self.phase == DRAW and player == self.to_act and self.options.discard_timing == "before"
                else 0
            ),
            draw_pile_size=len(self.draw_pile),
            discard=tuple(sorted(self.discard)),
            conflict_vp=tuple(self.conflict_vp),
            traitor_vp=tuple(self.traitor_vp),
            strategist_vp=tuple(self.strategist_vp),
            kontor_vp=tuple(self.kontor_bonus(p) if over else 0 for p in range(n)),
            log=visible_events(self.log, player),
        )

    def supply_in_play(self) -> list[int]:
        """Every supply card, wherever it is (for invariant checks: always the 23 of the deck)."""
        out = [v for h in self.hands for v in h] + self.draw_pile + self.discard
        for cards in self.played:
            out.extend(cards)
        return sorted(out)

    def __repr__(self) -> str:
        return (
            f"<VerraeterState {self.num_players}p round {self.round}/{self.rounds_total} "
            f"phase {PHASES[self.phase]} to act {self.current_player()}>"
        )

