"""Hypothesis properties of the Verräter core: invariants under random legal play, rejected actions,
views that never leak, exact replays, determinism."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from ludoteca.core.errors import IllegalActionError, MalformedActionError
from ludoteca.core.records import GameRecord, replay
from ludoteca.core.rng import Rng
from ludoteca.verraeter import DEFINITION, VerraeterOptions, VerraeterState, new_game, parse_action
from ludoteca.verraeter.actions import (
    ACTION_TYPES,
    Build,
    Discard,
    PlaceGutshof,
    PlaySupply,
    SetConflict,
    TakeAction,
    TurnEstate,
)
from ludoteca.verraeter.components import EAGLE, ESTATES_PER_PLAYER, MAX_KONTOR, SUPPLY_DECK

from verraeter_helpers import fingerprint

SETTINGS = settings(max_examples=40, deadline=None)

options_strategy = st.builds(
    VerraeterOptions,
    edition=st.sampled_from([1998, 2008]),
    hand_limit=st.sampled_from([5, 6]),
    draw_cap=st.sampled_from([3, None]),
    builder_places_kontor=st.booleans(),
)
game_strategy = st.tuples(
    st.integers(0, 2**32), st.sampled_from([3, 4]), options_strategy, st.integers(0, 2**32)
)


def check_invariants(s: VerraeterState) -> None:
    assert s.supply_in_play() == sorted(SUPPLY_DECK), "all 23 supply cards accounted for"
    for p in range(s.num_players):
        mine = [i for i in range(12) if s.estate_owner[i] == p]
        assert len(mine) + s.reserve[p] == ESTATES_PER_PLAYER
        assert sum(s.estate_kontor[i] for i in mine) <= MAX_KONTOR
        assert len(s.hands[p]) <= s.options.hand_limit
    assert all(not k or o >= 0 for o, k in zip(s.estate_owner, s.estate_kontor, strict=True))
    assert sorted(s.land_type) == sorted(list(range(6)) * 2)
    assert 1 <= s.round <= s.rounds_total
    assert bool(s.legal_actions()) != s.is_terminal()


def play_out(seed: int, players: int, options: VerraeterOptions, policy: int, check=check_invariants):
    s = new_game(options, seed, players)
    rng = Rng(policy)
    actions = []
    while not s.is_terminal():
        check(s)
        legal = s.legal_actions()
        a = legal[rng.below(len(legal))]
        actions.append(a)
        s.apply(a)
    check(s)
    return s, actions


@SETTINGS
@given(game_strategy)
def test_random_play_ends_in_time_with_invariants_intact(game) -> None:
    seed, players, options, policy = game
    s, _ = play_out(seed, players, options, policy)
    rounds = {3: 9, 4: 8}[players]
    one_house = len(set(s.land_house)) == 1
    assert s.round == rounds or (s.round < rounds and one_house)
    result = s.result()
    assert result.winners and all(result.scores[w] == max(result.scores) for w in result.winners)
    assert all(b["kontor"] <= 6 for b in result.breakdown)


def _all_actions() -> list:
    out: list = [PlaceGutshof(i) for i in range(12)] + [SetConflict(i) for i in range(12)]
    out += [TakeAction(c) for c in range(6)] + [Build(i) for i in range(12)] + [TurnEstate(i) for i in range(12)]
    out += [PlaySupply((8,)), PlaySupply((2, 2, 2, 2, 2, 2)), PlaySupply(()), Discard(()), Discard((6, 6))]
    return out


@SETTINGS
@given(game_strategy, st.data())
def test_an_illegal_or_malformed_action_changes_nothing(game, data) -> None:
    seed, players, options, policy = game
    s = new_game(options, seed, players)
    rng = Rng(policy)
    candidates = [*_all_actions(), "take traitor", None, 42, object()]
    while not s.is_terminal():
        legal = s.legal_actions()
        if rng.below(4) == 0:
            wrong = data.draw(st.sampled_from(candidates))
            if wrong not in legal:
                before = fingerprint(s)
                view_before = s.view(s.current_player())
                try:
                    s.apply(wrong)
                except (IllegalActionError, MalformedActionError) as e:
                    assert str(e)
                else:
                    raise AssertionError(f"{wrong!r} was accepted")
                assert fingerprint(s) == before
                assert s.view(s.current_player()) == view_before
        s.apply(legal[rng.below(len(legal))])


def _hide_from(s: VerraeterState, p: int, rng: Rng) -> VerraeterState:
    """A state that differs from ``s`` only in what seat ``p`` cannot see."""
    t = s.clone()
    t.rng = Rng(rng.next64())
    # Other hands and the draw pile: redistribute their cards, keeping every hand's size.
    others = [q for q in range(t.num_players) if q != p]
    pool = t.draw_pile + [v for q in others for v in t.hands[q]]
    rng.shuffle(pool)
    for q in others:
        k = len(t.hands[q])
        t.hands[q], pool = sorted(pool[:k]), pool[k:]
    t.draw_pile = pool
    # Action cards p has not seen: permute within what p's knowledge allows.
    if not t.revealed and t.phase != 0:
        order = [(t.start_player + k) % t.num_players for k in range(t.num_players)]
        mine = order.index(p) if p >= 0 else 0
        known_after = set(t.offered[p]) if p >= 0 else set()
        slots_before = [("aside", -1)] + [("chosen", q) for q in order[:mine] if t.chosen[q] >= 0]
        slots_after = [("chosen", q) for q in order[mine + 1 :] if t.chosen[q] >= 0]
        if t.pool and t.to_act != p:
            slots_after += [("pool", i) for i in range(len(t.pool))]
        slots_after += [("leftover", i) for i in range(len(t.leftover))]
        if not known_after:  # p has seen nothing yet: everything is one unknown group
            slots_before, slots_after = slots_before + slots_after, []
        for slots in (slots_before, slots_after):
            if t.aside < 0:
                slots = [x for x in slots if x[0] != "aside"]
            cards = [_get(t, x) for x in slots]
            rng.shuffle(cards)
            for x, c in zip(slots, cards, strict=True):
                _set(t, x, c)
        t.pool = sorted(t.pool)
    t.legal_cache = None
    return t


def _get(t: VerraeterState, slot: tuple[str, int]) -> int:
    kind, i = slot
    if kind == "aside":
        return t.aside
    if kind == "chosen":
        return t.chosen[i]
    if kind == "pool":
        return t.pool[i]
    return t.leftover[i]


def _set(t: VerraeterState, slot: tuple[str, int], card: int) -> None:
    kind, i = slot
    if kind == "aside":
        t.aside = card
    elif kind == "chosen":
        t.chosen[i] = card
    elif kind == "pool":
        t.pool[i] = card
    else:
        left = list(t.leftover)
        left[i] = card
        t.leftover = tuple(left)


@SETTINGS
@given(game_strategy)
def test_a_view_is_the_same_for_states_that_differ_only_in_what_the_player_cannot_see(game) -> None:
    seed, players, options, policy = game
    s = new_game(options, seed, players)
    rng = Rng(policy)
    while not s.is_terminal():
        for p in range(-1, s.num_players):
            t = _hide_from(s, p, Rng(rng.next64()))
            assert t.view(p) == s.view(p)
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])


def test_hiding_really_changes_hidden_things() -> None:
    """The leak test above is only worth something if the perturbation changes what others can't see."""
    s = new_game(VerraeterOptions(), 5, 4, start_player=0)
    for text in ("gutshof 1", "gutshof 2", "gutshof 3", "gutshof 4"):
        s.apply(parse_action(text))
    changed = sum(_hide_from(s, 0, Rng(k)).hands[1:] != s.hands[1:] for k in range(20))
    assert changed > 10
    assert any(_hide_from(s, 0, Rng(k)).view(1) != s.view(1) for k in range(20))


@SETTINGS
@given(game_strategy)
def test_record_replay_is_exact(game) -> None:
    seed, players, options, policy = game
    s, actions = play_out(seed, players, options, policy, check=lambda _s: None)
    record = GameRecord("verraeter", options.to_dict(), seed, [f"p{i}" for i in range(players)],
                        [a.to_text() for a in actions])
    again = replay(DEFINITION, GameRecord.from_json(record.to_json()))
    assert fingerprint(again) == fingerprint(s)
    assert again.result() == s.result()


@SETTINGS
@given(game_strategy)
def test_same_seed_same_game(game) -> None:
    seed, players, options, policy = game
    a, actions_a = play_out(seed, players, options, policy, check=lambda _s: None)
    b, actions_b = play_out(seed, players, options, policy, check=lambda _s: None)
    assert actions_a == actions_b
    assert fingerprint(a) == fingerprint(b)


@SETTINGS
@given(game_strategy)
def test_clone_behaves_like_the_original(game) -> None:
    seed, players, options, policy = game
    s = new_game(options, seed, players)
    rng = Rng(policy)
    steps = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        s.apply(legal[rng.below(len(legal))])
        steps += 1
        if steps % 17 == 0:
            c = s.clone()
            assert fingerprint(c) == fingerprint(s)
            r1, r2 = Rng(steps), Rng(steps)
            while not c.is_terminal():
                c.apply(c.legal_actions()[r1.below(len(c.legal_actions()))])
            d = s.clone()
            while not d.is_terminal():
                d.apply(d.legal_actions()[r2.below(len(d.legal_actions()))])
            assert c.result() == d.result()


@SETTINGS
@given(game_strategy)
def test_every_legal_action_round_trips_through_both_notations(game) -> None:
    seed, players, options, policy = game
    s = new_game(options, seed, players)
    rng = Rng(policy)
    while not s.is_terminal():
        legal = s.legal_actions()
        assert len(set(legal)) == len(legal)
        for a in legal:
            assert isinstance(a, ACTION_TYPES)
            assert DEFINITION.parse_action(a.to_text()) == a
            assert DEFINITION.action_from_json(a.to_json()) == a
        s.apply(legal[rng.below(len(legal))])


def test_views_of_seats_differ_only_in_private_parts() -> None:
    s = new_game(VerraeterOptions(), 11, 4, start_player=0)
    for text in ("gutshof 1", "gutshof 2", "gutshof 3", "gutshof 4"):
        s.apply(parse_action(text))
    views = [s.view(p) for p in range(4)]
    assert Counter(len(v.hand) for v in views) == Counter({3: 4})
    assert all(v.hand_sizes == (3, 3, 3, 3) for v in views)
    assert s.view(-1).hand == ()
    assert all(v.allegiance[0] == EAGLE for v in views)
