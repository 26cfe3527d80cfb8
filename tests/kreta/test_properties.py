"""Properties of random play on the shipped board: termination after 11 scorings with the invariants
intact, refused actions change nothing, views never show a face-down fort card, records replay, the
same seed gives the same game, the notation round-trips, clones are independent, and the Commander's
moves match the brute force."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ludoteca.core.errors import IllegalActionError, MalformedActionError
from ludoteca.core.records import GameRecord, replay
from ludoteca.core.rng import Rng
from ludoteca.kreta import (
    DEFINITION,
    KretaOptions,
    KretaState,
    action_from_json,
    determinize,
    new_game,
    parse_action,
)
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
    Replace,
    Step,
    Stop,
)
from ludoteca.kreta.components import COMMANDER, FARMER

from kreta_helpers import (
    check_invariants,
    engine_admiral,
    engine_commander,
    play_random,
    reference_admiral,
    reference_commander,
    reference_harvest,
)

FAST = settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
FASTER = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**32)
players = st.integers(min_value=2, max_value=4)
options = st.builds(
    KretaOptions, abbot_blocks_passing=st.booleans(), takeback=st.sampled_from(["all", "castellan"])
)


@FAST
@given(seed=seeds, n=players, policy=seeds, opts=options)
def test_random_play_ends_after_eleven_scorings_with_invariants_intact(
    seed: int, n: int, policy: int, opts: KretaOptions
) -> None:
    state = new_game(opts, seed, n)
    rng = Rng(policy)
    scorings = 0
    while not state.is_terminal():
        check_invariants(state)
        legal = state.legal_actions()
        assert legal and len(legal) == len(set(legal)), "each outcome listed once"
        assert 0 <= state.current_player() < n
        action = legal[rng.below(len(legal))]
        state.apply(action)
        scorings += isinstance(action, Castellan)
    check_invariants(state)
    assert scorings == 11 == state.result().progress["scorings"]


def candidate_actions(state: KretaState, rng: Rng) -> list[Any]:
    """Well-formed actions of every kind, legal or not, plus some that name nothing on the board."""
    t = state.tables
    ids = list(t.ids)

    def pid() -> str:
        return ids[rng.below(len(ids))]

    acts: list[Any] = [
        AdmiralPlace(pid()),
        AdmiralMove((pid(),), (pid(),)) if rng.below(2) else AdmiralMove(("a", "b"), ("c", "d")),
        CommanderPlace(pid()),
        AbbotPlace(pid()),
        AbbotMove(pid(), pid()),
        Harvest(),
        BuildFort(1 + rng.below(28)),
        BuildVillage(pid()),
        Castellan(),
        Keep(),
        Replace(),
        CommanderPlace("atlantis"),
    ]
    acts += [CommanderMove(pid(), pid()), Step(pid(), pid()), Stop()]
    acts += [King(a) for a in acts[:8]] + [King(acts[-3])]
    return acts


@FAST
@given(seed=seeds, n=players, policy=seeds)
def test_refused_actions_change_nothing_and_legal_ones_are_accepted(seed: int, n: int, policy: int) -> None:
    state = new_game(KretaOptions(), seed, n)
    rng = Rng(policy)
    step = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        step += 1
        for action in candidate_actions(state, rng) if step % 3 == 0 else ():
            before = state.fingerprint(), state.view(-1)
            trial = state.clone()
            try:
                trial.apply(action)
            except (IllegalActionError, MalformedActionError) as e:
                assert action not in legal
                assert str(e)
                assert (trial.fingerprint(), trial.view(-1)) == before
            else:
                assert action in legal
        state.apply(legal[rng.below(len(legal))])


def _shuffle_hidden(state: KretaState, rng: Rng) -> KretaState:
    """The same position with the face-down row cards and the unknown part of the pile reshuffled."""
    other = state.clone()
    k = other.scorings
    first_hidden = k + 2
    hidden_row = other.fort_row[first_hidden:]
    unknown = len(other.fort_pile) - other.known_bottom
    cards = hidden_row + other.fort_pile[:unknown]
    rng.shuffle(cards)
    other.fort_row[first_hidden:] = cards[: len(hidden_row)]
    other.fort_pile[:unknown] = cards[len(hidden_row) :]
    return other


@FASTER
@given(seed=seeds, n=players, policy=seeds)
def test_views_never_show_a_face_down_fort_card(seed: int, n: int, policy: int) -> None:
    state = new_game(KretaOptions(), seed, n)
    rng = Rng(policy)
    while not state.is_terminal():
        other = _shuffle_hidden(state, rng)
        for p in range(-1, n):
            assert other.view(p) == state.view(p)
        shown = [x for x in state.view(-1).fort_row if x is not None]
        assert len(shown) == min(2, 11 - state.scorings)
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        state.apply(action)
        if not isinstance(action, Castellan | Replace):  # those reveal a card, legitimately different
            other.apply(action)
            assert other.view(-1) == state.view(-1)


@FASTER
@given(seed=seeds, n=players, policy=seeds, opts=options)
def test_records_replay_exactly_and_the_same_seed_gives_the_same_game(
    seed: int, n: int, policy: int, opts: KretaOptions
) -> None:
    state = new_game(opts, seed, n)
    actions = play_random(state, Rng(policy))
    names = [f"p{i}" for i in range(n)]
    record = GameRecord("kreta", opts.to_dict(), seed, names, [a.to_text() for a in actions])
    again = replay(DEFINITION, GameRecord.from_json(record.to_json()))
    assert again.fingerprint() == state.fingerprint() and again.view(-1) == state.view(-1)
    as_json = GameRecord.from_dict({**record.to_dict(), "actions": [a.to_json() for a in actions]})
    assert replay(DEFINITION, as_json).view(-1) == state.view(-1)
    twin = new_game(opts, seed, n)
    assert play_random(twin, Rng(policy)) == actions and twin.view(-1) == state.view(-1)


@FAST
@given(seed=seeds, n=players, policy=seeds)
def test_notation_round_trips_for_every_legal_action_met(seed: int, n: int, policy: int) -> None:
    state = new_game(KretaOptions(), seed, n)
    rng = Rng(policy)
    while not state.is_terminal():
        legal = state.legal_actions()
        texts = set()
        sample = legal[:: max(1, len(legal) // 40)]
        for action in sample:
            text = action.to_text()
            assert parse_action(text) == action and parse_action(text).to_text() == text
            assert action_from_json(json.loads(json.dumps(action.to_json()))) == action
            texts.add(text)
        assert len(texts) == len(sample), "no two legal actions share a text"
        state.apply(legal[rng.below(len(legal))])


@FASTER
@given(seed=seeds, n=players, policy=seeds)
def test_clones_are_independent(seed: int, n: int, policy: int) -> None:
    state = new_game(KretaOptions(), seed, n)
    rng = Rng(policy)
    play_random(state, rng, steps=rng.below(120))
    copy = state.clone()
    assert copy.fingerprint() == state.fingerprint() and copy.legal_actions() == state.legal_actions()
    before = state.fingerprint()
    play_random(copy, Rng(policy + 1))
    assert state.fingerprint() == before


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=seeds, n=players, policy=seeds, opts=options)
def test_commander_admiral_and_farmer_in_play_match_the_brute_force(
    seed: int, n: int, policy: int, opts: KretaOptions
) -> None:
    state = new_game(opts, seed, n)
    rng = Rng(policy)
    step = 0
    while not state.is_terminal():
        s = state.current_player()
        if step % 7 == 0 and state.phase == 0 and state.hands[s] >> COMMANDER & 1:
            assert engine_commander(state, s) == reference_commander(state, s)
        if state.phase == 0:
            assert engine_admiral(state, s) == reference_admiral(state, s)
            if state.hands[s] >> FARMER & 1:
                assert (Harvest() in state.legal_actions()) == bool(reference_harvest(state, s))
        play_random(state, rng, steps=1)
        step += 1


@FASTER
@given(seed=seeds, n=players, policy=seeds)
def test_determinized_states_agree_with_the_view(seed: int, n: int, policy: int) -> None:
    state = new_game(KretaOptions(), seed, n)
    rng = Rng(policy)
    play_random(state, rng, steps=rng.below(250))
    for p in range(-1, n):
        view = state.view(p)
        world = determinize(view, Rng(policy + p))
        assert world.view(p) == view
        assert world.legal_actions() == state.legal_actions()
        assert sorted(world.fort_row + world.fort_pile) == sorted(state.fort_row + state.fort_pile)
        assert world.public_key() == state.public_key()  # the bots' cache key tells no hidden card
        for province in range(len(view.board.provinces)):  # the view counts as the state's scoring does
            assert view.influences(province) == tuple(state.influence(s, province) for s in range(n))
            assert view.pieces(province) == state.pieces[province]
