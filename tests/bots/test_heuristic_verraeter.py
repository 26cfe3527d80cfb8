"""The heuristic Verräter strategy: always legal, deterministic, and sensible in positions built by hand."""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca import bots
from ludoteca.bots import heuristic_verraeter as strategy
from ludoteca.core.rng import Rng
from ludoteca.verraeter import VerraeterOptions, VerraeterState, new_game, parse_action
from ludoteca.verraeter.actions import Discard, PlaySupply, TakeAction

from verraeter_helpers import example_setup, play, position

CONFIGS = [
    (players, {"edition": edition})
    for players in (3, 4)
    for edition in (1998, 2008)
] + [(4, {"hand_limit": 6, "draw_cap": "none", "builder_places_kontor": "on"})]


def _positions(players: int, options: dict[str, Any], games: int) -> list[tuple[VerraeterState, int]]:
    """Positions of random-ish games: seats alternate between the strategy and random moves."""
    opts = VerraeterOptions.from_dict(options)
    out: list[tuple[VerraeterState, int]] = []
    for seed in range(games):
        state = new_game(opts, seed, players)
        rng = Rng(seed)
        while not state.is_terminal():
            p = state.current_player()
            legal = state.legal_actions()
            out.append((state.clone(), p))
            action = strategy.choose(state.view(p), legal, rng) if (p + seed) % 2 else rng.choice(legal)
            state.apply(action)
    return out


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_always_a_legal_action_in_every_phase(players: int, options: dict[str, Any]) -> None:
    phases: set[str] = set()
    rng = Rng(99)
    for state, p in _positions(players, options, 6):
        view = state.view(p)
        legal = state.legal_actions()
        action = strategy.choose(view, legal, rng)
        assert action in legal, (view.phase, action)
        phases.add(view.phase)
    assert phases >= {"setup", "conflict", "draft", "supply", "build"}


def test_the_hand_limit_choice_is_legal() -> None:
    seen = 0
    for state, p in _positions(4, {"edition": 2008}, 12):
        view = state.view(p)
        if view.phase == "draw":
            legal = state.legal_actions()
            assert strategy.choose(view, legal, Rng(1)) in legal
            seen += 1
    assert seen


def test_same_view_and_seed_give_the_same_action() -> None:
    for state, p in _positions(4, {"edition": 2008}, 3)[::3]:
        view, legal = state.view(p), state.legal_actions()
        assert strategy.choose(view, legal, Rng(5)) == strategy.choose(view, legal, Rng(5))


def test_the_registered_bot_plays_whole_games_reproducibly() -> None:
    def game(seed: int) -> list[str]:
        state = new_game(VerraeterOptions(), seed, 4)
        seats = [bots.create("heuristic", seed + p) for p in range(4)]
        moves = []
        while not state.is_terminal():
            p = state.current_player()
            action = seats[p].choose(state.view(p), state.legal_actions())
            moves.append(action.to_text())
            state.apply(action)
        return moves

    assert game(3) == game(3)


# ------------------------------------------------------------------ hand-built positions
# The worked example's ring: 1 Eagle Fluss, 2 Rose Stadt, 3 Eagle Stadt, 4 Eagle Dorf, 5 Rose Dorf, 6 Eagle Weide,
# 7 Rose Fluss, 8 Eagle Wald, 9 Rose Weide, 10 Eagle Ödnis, 11 Rose Wald, 12 Rose Ödnis. Seats 0 and 2 support
# the Eagle, 1 and 3 the Rose; seat 0 starts, seat 1 sets the conflict.


def _choose(state: VerraeterState) -> Any:
    p = state.current_player()
    return strategy.choose(state.view(p), state.legal_actions(), Rng(0))


def test_takes_the_diplomat_5_when_it_decides_a_close_conflict() -> None:
    # Nobody holds supply: the Rose Fluss (5) against the Eagle Wald (7) is decided by the diplomats.
    s = position(example_setup(hands=[[], [], [], []]))
    play(s, "conflict 7/8", "take traitor", "take builder", "take farmer")
    assert s.view(3).offered == (2, 4)  # Diplomat +5 or Strategist, for the Rose
    assert _choose(s) == TakeAction(2)


def test_takes_the_strategist_when_the_conflict_is_settled() -> None:
    # The Rose Stadt (15) against the Eagle Fluss (5) with no supply anywhere: +5 changes nothing.
    s = position(example_setup(hands=[[], [], [], []]))
    play(s, "conflict 1/2", "take traitor", "take builder", "take farmer")
    assert _choose(s) == TakeAction(4)


def test_plays_enough_supply_but_not_all_when_last_to_play() -> None:
    # Seat 3 (Rose) plays last. Eagle Wald 7 + 5 + 4 = 16 against the Rose Fluss 5: the Rose needs 12, or 14
    # should the Diplomat +2 (not offered to seat 3) be with the Eagle.
    s = position(example_setup(hands=[[5], [], [4], [2, 3, 4, 6, 8]]))
    play(s, "conflict 7/8", "take traitor", "take builder", "take farmer", "take strategist")
    play(s, "supply 5", "supply none", "supply 4")
    action = _choose(s)
    assert isinstance(action, PlaySupply)
    assert 14 <= sum(action.cards) < 23


def test_plays_nothing_when_its_house_wins_anyway() -> None:
    # The Rose Stadt (15) against the Eagle Fluss (5); the Eagle played 3: nothing to add.
    s = position(example_setup(hands=[[3], [], [], [2, 3, 5, 6]]))
    play(s, "conflict 1/2", "take traitor", "take builder", "take farmer", "take strategist")
    play(s, "supply 3", "supply none", "supply none")
    assert _choose(s) == parse_action("supply none")


def test_plays_nothing_for_a_hopeless_conflict() -> None:
    # The Rose Weide (3) against the Eagle Wald (7) + 4 + 5 + 5 + 6 + 8 from Brown: 2 and 3 cannot save it.
    s = position(example_setup(hands=[[4, 5, 5, 6, 8], [], [], [2, 3]]))
    play(s, "conflict 8/9", "take traitor", "take builder", "take farmer", "take strategist")
    play(s, "supply 4,5,5,6,8", "supply none", "supply none")
    assert _choose(s) == parse_action("supply none")


def test_keeps_cards_for_the_kontor_in_the_last_round() -> None:
    ring = example_setup()["ring"]
    ring[4]["estate"] = {"owner": 3, "side": "kontor"}  # Orange has Kontor under the Rose Dorf and Rose Ödnis
    ring[11]["estate"] = {"owner": 3, "side": "kontor"}
    s = position(example_setup(ring=ring, hands=[[2], [], [], [2, 3, 4]], round=8))
    # The Rose Weide (3) against the Eagle Wald (7) + 2: Orange's 2, 3, 4 would win it (2 VP each for the
    # Rose), but they are worth 6 VP at the end.
    play(s, "conflict 8/9", "take traitor", "take builder", "take farmer", "take strategist")
    play(s, "supply 2", "supply none", "supply none")
    assert _choose(s) == parse_action("supply none")
    # With a round to go they are worth playing.
    s = position(example_setup(ring=ring, hands=[[2], [], [], [2, 3, 4]], round=7))
    play(s, "conflict 8/9", "take traitor", "take builder", "take farmer", "take strategist")
    play(s, "supply 2", "supply none", "supply none")
    assert _choose(s) != parse_action("supply none")


def test_swaps_a_low_card_for_a_draw_at_the_hand_limit() -> None:
    # Seat 0 holds 2, 2, 3, 5, 8 and draws for its Gutshof under the Eagle Stadt: it throws a 2 back first.
    s = position(example_setup(hands=[[2, 2, 3, 5, 8], [], [], []]))
    play(s, "conflict 1/2", "take strategist", "take traitor", "take builder", "take farmer")
    play(s, "supply none", "supply none", "supply none", "supply none", "pass")
    assert s.view(0).phase == "draw" and s.current_player() == 0
    action = _choose(s)
    assert isinstance(action, Discard) and action.cards == (2,)


def test_builder_turns_a_gutshof_to_kontor_late_and_builds_early() -> None:
    s = position(example_setup(hands=[[], [], [], []]))
    play(s, "conflict 1/2", "take builder", "take traitor", "take strategist", "take farmer")
    play(s, "supply none", "supply none", "supply none", "supply none")
    early = _choose(s)
    assert early.to_text().startswith("build")
    s = position(example_setup(hands=[[3, 4, 5], [], [], []], round=8))
    play(s, "conflict 1/2", "take builder", "take traitor", "take strategist", "take farmer")
    play(s, "supply none", "supply none", "supply none", "supply none")
    assert _choose(s) == parse_action("turn 3")  # Brown's Gutshof under the Eagle Stadt: 3 cards × 1 Kontor


def test_places_its_gutshof_under_a_safe_landscape_of_its_house() -> None:
    s = new_game(VerraeterOptions(), 11, 4)
    p = s.current_player()
    view = s.view(p)
    action = _choose(s)
    land = view.ring[action.landscape]
    assert land.house == view.allegiance[p]


def test_sets_the_conflict_where_its_house_is_stronger() -> None:
    s = position(example_setup(hands=[[], [], [], []]))
    # Blue (Rose) sets it: the Rose Stadt against the Eagle Fluss is the best border for the Rose.
    assert _choose(s) == parse_action("conflict 1/2")
