"""determinize: a sampled world agrees with the view it came from, varies in what the view hides, depends
on nothing but the view and the generator, keeps what the player knows for certain, and plays on to the end."""

from __future__ import annotations

import dataclasses
import itertools
import math
from collections import Counter
from collections.abc import Iterator

from ludoteca.core.rng import Rng
from ludoteca.verraeter import DEFINITION, VerraeterOptions, VerraeterState, VerraeterView, determinize, new_game
from ludoteca.verraeter.components import START_HAND_1998, SUPPLY_DECK, SUPPLY_VALUES
from ludoteca.verraeter.determinize import _plan, supply_knowledge
from ludoteca.verraeter.view import PHASES

from verraeter_helpers import example_setup, fingerprint, play, position

ALL_OPTIONS = [
    VerraeterOptions(edition=edition, hand_limit=limit, draw_cap=cap, builder_places_kontor=kontor)
    for edition, limit, cap, kontor in itertools.product((1998, 2008), (5, 6), (3, None), (False, True))
    if not (kontor and limit == 6)  # 12 combinations are plenty
] + [
    VerraeterOptions(hand_limit=6, draw_cap=None, discard_timing="after"),  # the French text
    VerraeterOptions(edition=1998, discard_timing="after"),
    VerraeterOptions(hand_limit=6, draw_cap=None, rules_version=1),  # old records: lazy reshuffle, Diplomat +2
    VerraeterOptions(edition=1998, rules_version=1),
]
GAMES = [(10 + k, 3 + k % 2, options) for k, options in enumerate(ALL_OPTIONS)]


def _step(state: VerraeterState, rng: Rng) -> None:
    legal = state.legal_actions()
    state.apply(legal[rng.below(len(legal))])


def positions(seed: int, n: int, options: VerraeterOptions, every: int = 6) -> Iterator[VerraeterState]:
    """Positions of one random game: about one in ``every``, every hand-limit choice, the first and the last."""
    state = new_game(options, seed, n)
    rng = Rng(seed * 31 + 7)
    while True:
        if state.is_terminal() or state.phase in (0, 5) or rng.below(every) == 0:
            yield state
        if state.is_terminal():
            return
        _step(state, rng)


def assert_sound(state: VerraeterState, p: int) -> None:
    """What ``supply_knowledge`` claims for seat ``p`` holds in the true state (and so in a sampled world)."""
    knowledge = supply_knowledge(state.view(p))
    assert knowledge.consistent
    for q in range(state.num_players):
        assert not Counter(knowledge.known[q]) - Counter(state.hands[q]), (q, knowledge.known[q], state.hands[q])
    if knowledge.pile_limit is not None:
        pile = Counter(state.draw_pile)
        assert all(pile[v] <= knowledge.pile_limit[i] for i, v in enumerate(SUPPLY_VALUES))


def test_a_sampled_world_shows_its_player_exactly_the_view() -> None:
    phases: set[str] = set()
    limited = worlds = 0
    for seed, n, options in GAMES:
        for state in positions(seed, n, options, every=2):
            for p in range(-1, n):
                view = state.view(p)
                world = determinize(view, Rng(seed * 100 + p))
                assert world.view(p) == view
                fast = determinize(view, Rng(seed * 100 + p), keep_log=False)
                assert fast.view(p) == dataclasses.replace(view, log=())
                assert fast.log is None
                assert world.supply_in_play() == sorted(SUPPLY_DECK)
                assert world.draw_queue == state.draw_queue  # public once the round's actions are revealed
                if p == state.current_player():
                    assert world.legal_actions() == state.legal_actions()
                assert_sound(state, p)
                assert_sound(world, p)
                limited += _plan(view).limits is not None
                worlds += 1
            phases.add(PHASES[state.phase])
    assert phases == set(PHASES)
    assert worlds > 2000
    assert limited > 300  # the draw pile's known limits were exercised


def test_explicit_set_ups_determinize_too() -> None:
    for seed in range(3):
        setup = example_setup(discard=[2, 2, 8], hands=[[3, 4, 5], [3, 4], [6, 5, 5, 2], []])
        state = position(setup, seed=seed, draw_cap=None)
        rng = Rng(seed)
        while not state.is_terminal():
            for p in range(-1, 4):
                view = state.view(p)
                assert determinize(view, Rng(p)).view(p) == view
                assert_sound(state, p)
            _step(state, rng)


def _mid_game(seed: int, n: int, edition: int, phase: str, round_: int = 3) -> VerraeterState:
    state = new_game(VerraeterOptions(edition=edition), seed, n)
    rng = Rng(seed)
    while not (state.round >= round_ and PHASES[state.phase] == phase):
        _step(state, rng)
    return state


def test_the_hidden_parts_vary_with_the_generator() -> None:
    for n, edition in ((3, 1998), (4, 2008)):
        state = _mid_game(5, n, edition, "supply")
        assert not state.revealed
        p = state.current_player()
        view = state.view(p)
        worlds = [determinize(view, Rng(k), keep_log=False) for k in range(30)]
        others = [q for q in range(n) if q != p]
        assert len({tuple(tuple(w.hands[q]) for q in others) for w in worlds}) > 10
        assert len({tuple(w.draw_pile) for w in worlds}) > 10
        assert len({w.rng.state for w in worlds}) == 30
        assert all(w.hands[p] == state.hands[p] for w in worlds)
        # The other seats' action cards are hidden until the reveal: they are dealt, not copied.
        assert len({tuple(w.chosen) for w in worlds}) > 1
        assert all(w.chosen[p] == state.chosen[p] for w in worlds)
        # A spectator knows no hand at all.
        spectator = state.view(-1)
        assert len({tuple(determinize(spectator, Rng(k)).hands[p]) for k in range(30)}) > 1


def _twin(state: VerraeterState, p: int, rng: Rng) -> VerraeterState:
    """A state that differs from ``state`` only in what seat ``p`` cannot see: other hands, draw pile, generator."""
    t = state.clone()
    t.rng = Rng(rng.next64())
    others = [q for q in range(t.num_players) if q != p]
    cards = t.draw_pile + [v for q in others for v in t.hands[q]]
    rng.shuffle(cards)
    for q in others:
        k = len(t.hands[q])
        t.hands[q], cards = sorted(cards[:k]), cards[k:]
    t.draw_pile = cards
    t.legal_cache = None
    return t


def test_a_world_depends_only_on_the_view_and_the_generator() -> None:
    rng = Rng(99)
    tried = 0
    for seed, n, options in GAMES[:6]:
        for state in positions(seed, n, options, every=15):
            for p in range(-1, n):
                twin = _twin(state, p, rng)
                view = state.view(p)
                assert twin.view(p) == view
                if fingerprint(twin) == fingerprint(state):
                    continue
                tried += 1
                a = determinize(view, Rng(seed + p))
                b = determinize(twin.view(p), Rng(seed + p))  # an equal view, but not the same object
                assert fingerprint(a) == fingerprint(b)
                assert fingerprint(determinize(view, Rng(seed + p))) == fingerprint(a)  # the cached plan
    assert tried > 50


def test_what_the_player_knows_for_certain_is_kept() -> None:
    # 1998: everyone starts with 3, 4, 5, and nobody draws before the end of round 1.
    state = new_game(VerraeterOptions(edition=1998), 3, 4)
    rng = Rng(3)
    while state.round == 1 and PHASES[state.phase] != "build":
        if PHASES[state.phase] in ("conflict", "draft", "supply"):
            for p in range(-1, 4):
                for k in range(5):
                    world = determinize(state.view(p), Rng(k))
                    assert world.hands == state.hands
                    assert sorted(world.draw_pile) == sorted(state.draw_pile)
        _step(state, rng)
    # The start player knows the card put aside; after the reveal everyone who was offered cards does,
    # and the last seat of the draft knows the leftover cards.
    checked = 0
    for seed, n, options in GAMES:
        for state in positions(seed, n, options, every=3):
            if PHASES[state.phase] in ("setup", "conflict"):
                continue
            order = [(state.start_player + k) % n for k in range(n)]
            world = determinize(state.view(order[0]), Rng(seed))
            assert world.aside == state.aside
            if state.pool == [] and state.revealed:
                checked += 1
                for p in range(n):
                    world = determinize(state.view(p), Rng(seed + p))
                    assert (world.aside, world.leftover, world.offered) == (state.aside, state.leftover, state.offered)
            elif state.pool == []:  # the draft is over, the cards not revealed yet
                assert determinize(state.view(order[-1]), Rng(seed)).leftover == state.leftover
    assert checked > 20


def test_the_draft_is_dealt_uniformly_among_what_fits() -> None:
    # Worked example, round 1: Brown (start) keeps the Builder, Blue the Traitor, Green is to choose.
    state = play(position(), "conflict 1/2", "take builder", "take traitor")
    view = state.view(2)  # Green saw Strategist, Diplomat +5, Farmer: the others are aside or kept
    counts: Counter[tuple[int, int, int]] = Counter()
    draws = 1200
    for k in range(draws):
        world = determinize(view, Rng(k), keep_log=False)
        counts[(world.aside, world.chosen[0], world.chosen[1])] += 1
        assert world.offered[2] == state.offered[2] and world.pool == state.pool
        assert world.offered[1] == tuple(sorted(set(world.offered[0]) - {world.chosen[0]}))
    assert set(counts) == set(itertools.permutations((1, 3, 0)))  # Diplomat +2, Builder, Traitor
    expected = draws / 6
    assert all(abs(c - expected) < 5 * math.sqrt(expected) for c in counts.values())
    # Orange, not yet offered anything, knows nothing of the three cards taken or put aside.
    orange = {determinize(state.view(3), Rng(k)).aside for k in range(200)}
    assert orange == set(range(6))


def _pile_weights(view: VerraeterView) -> dict[tuple[int, ...], int]:
    """Every content the draw pile may have (copies per value), with its number of physical deals."""
    plan = _plan(view)
    caps = supply_knowledge(view).pile_limit
    assert caps is not None
    weights = {}
    for x in itertools.product(*(range(min(c, u) + 1) for c, u in zip(caps, plan.unseen, strict=True))):
        if sum(x) == plan.pile_size:
            weights[x] = math.prod(math.comb(u, k) for u, k in zip(plan.unseen, x, strict=True))
    return weights


def test_a_limited_draw_pile_is_dealt_uniformly() -> None:
    """Where the pile's known content binds, each pile content comes up as often as its physical deals."""
    found = None
    for seed in range(40):
        state = new_game(VerraeterOptions(), seed, 4)
        rng = Rng(seed)
        while not state.is_terminal() and found is None:
            view = state.view(state.current_player())
            if _plan(view).limits is not None and 4 <= view.draw_pile_size <= 8 and len(_pile_weights(view)) >= 4:
                found = view
            _step(state, rng)
        if found is not None:
            break
    assert found is not None
    weights = _pile_weights(found)
    total = sum(weights.values())
    draws = 3000
    counts: Counter[tuple[int, ...]] = Counter()
    for k in range(draws):
        pile = Counter(determinize(found, Rng(k), keep_log=False).draw_pile)
        counts[tuple(pile[v] for v in SUPPLY_VALUES)] += 1
    assert set(counts) <= set(weights)
    for x, w in weights.items():
        expected = draws * w / total
        assert abs(counts[x] - expected) < 5 * math.sqrt(expected) + 2, (x, counts[x], expected)


def test_sampled_worlds_play_on_to_the_end() -> None:
    rng = Rng(7)
    for seed, n, options in GAMES[::2]:
        for state in positions(seed, n, options, every=40):
            p = state.current_player()
            world = determinize(state.view(p), rng, keep_log=False)
            while not world.is_terminal():
                assert world.supply_in_play() == sorted(SUPPLY_DECK)
                _step(world, rng)
            assert world.supply_in_play() == sorted(SUPPLY_DECK)
            assert world.result().winners


def test_the_definition_offers_it() -> None:
    assert DEFINITION.determinize is determinize
    state = new_game(VerraeterOptions(edition=1998), 1, 3)
    view = state.view(0)
    assert DEFINITION.determinize(view, Rng(1)).view(0) == view
    assert all(h == list(START_HAND_1998) or not h for h in DEFINITION.determinize(view, Rng(1)).hands)
