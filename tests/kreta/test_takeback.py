"""Who takes cards back at a scoring (option ``takeback``) and the order of a scoring's steps.

Seed 004 says both "every player takes back all the character cards played" (the scoring paragraph:
the default, ``takeback=all``) and "only when a player plays the Castellan may they take back the cards
they played" (``takeback=castellan``: only the Castellan's player does). Its scoring paragraph gives the
order: score, every player takes cards back, then the Castellan's player turns the fort card face down,
turns up the next one and keeps or replaces it.
"""

from __future__ import annotations

from typing import Any

import pytest

from ludoteca import bots
from ludoteca.core.errors import OptionError, SetupError
from ludoteca.core.rng import Rng
from ludoteca.kreta import RULES_VERSION, KretaOptions, determinize, from_setup, new_game, parse_action, to_setup

from kreta_helpers import check_invariants, ladder_setup, play_random, position

RED, BLUE, YELLOW = range(3)
CASTELLAN_ONLY = KretaOptions(takeback="castellan")


def table(options: KretaOptions) -> Any:
    """Yellow to play; Red has played the Admiral and the Commander, Blue the Abbot, Yellow the Farmer."""
    return position(
        [
            {"villagers": {"t0": 1}, "played": ["admiral", "commander"]},
            {"abbot": "b3", "played": ["abbot"]},
            {"villagers": {"t2": 1}, "played": ["farmer"]},
        ],
        options,
        to_act=YELLOW,
    )


def test_the_option_reads_and_writes_both_values() -> None:
    assert KretaOptions().takeback == "all"
    assert KretaOptions.from_dict({"takeback": "castellan"}) == CASTELLAN_ONLY
    assert KretaOptions.from_dict(CASTELLAN_ONLY.to_dict()) == CASTELLAN_ONLY
    assert KretaOptions.from_dict({"takeback": "ALL"}).takeback == "all"
    with pytest.raises(OptionError, match="takeback"):
        KretaOptions.from_dict({"takeback": "nobody"})
    with pytest.raises(OptionError, match="takeback"):
        KretaOptions(takeback="some")
    assert "Castellan's player" in CASTELLAN_ONLY.describe()


def test_stored_options_without_takeback_mean_every_player() -> None:
    assert KretaOptions.from_dict({"abbot_blocks_passing": True, "rules_version": 1}).takeback == "all"


def test_by_default_every_player_takes_their_cards_back() -> None:
    state = table(KretaOptions())
    state.apply(parse_action("castellan"))
    view = state.view(-1)
    assert view.played == ((), (), ())
    assert all(len(h) == 7 for h in view.hands)
    takeback = [e for e in view.log if e.kind == "takeback"]
    assert [e.seat for e in takeback] == [-1]


def test_with_takeback_castellan_only_the_castellans_player_takes_cards_back() -> None:
    state = table(CASTELLAN_ONLY)
    state.apply(parse_action("castellan"))
    view = state.view(-1)
    assert view.played == (("admiral", "commander"), ("abbot",), ())
    assert len(view.hands[YELLOW]) == 7 and "castellan" in view.hands[YELLOW]
    assert "admiral" not in view.hands[RED] and "abbot" not in view.hands[BLUE]
    takeback = [e for e in view.log if e.kind == "takeback"]
    assert [(e.seat, e.data) for e in takeback] == [(YELLOW, ())]
    check_invariants(state, tiles_total=None)


def test_cards_left_lying_stay_unplayable_and_the_king_may_copy_them() -> None:
    state = table(CASTELLAN_ONLY)
    state.apply(parse_action("castellan"))
    state.apply(parse_action("keep"))  # Yellow keeps the revealed card; Red plays next
    legal = {a.to_text() for a in state.legal_actions()}
    assert not any(a.startswith(("admiral", "commander ")) for a in legal)
    assert any(a.startswith("king commander") for a in legal) and "castellan" in legal


def test_a_player_always_holds_the_castellan_so_never_has_an_empty_hand() -> None:
    """Playing the Castellan brings every card of its player back, the Castellan too: with either option
    each hand holds the Castellan, whose scoring is always possible, so a player always has a card to play."""
    state = position(
        [
            {"villagers": {"t0": 1}, "played": ["admiral", "commander", "abbot", "farmer", "architect", "king"]},
            {"played": ["abbot"]},
        ],
        CASTELLAN_ONLY,
    )
    assert [a.to_text() for a in state.legal_actions()] == ["castellan"]
    state.apply(parse_action("castellan"))
    state.apply(parse_action("keep"))
    assert len(state.view(-1).hands[RED]) == 7
    assert state.view(-1).played[BLUE] == ("abbot",)


@pytest.mark.parametrize("options", [KretaOptions(), CASTELLAN_ONLY], ids=["all", "castellan"])
def test_the_scoring_takes_cards_back_before_the_fort_card_is_turned(options: KretaOptions) -> None:
    state = table(options)
    before = len(state.view(-1).log)
    state.apply(parse_action("castellan"))
    kinds = [e.kind for e in state.view(-1).log[before:]]
    assert kinds[0] == "play" and kinds[1] == "scoring"
    assert kinds[-3:] == ["takeback", "spent", "reveal"]
    assert state.view(-1).phase == "castellan" and state.current_player() == YELLOW


def test_rules_version_1_keeps_its_order_of_events() -> None:
    assert RULES_VERSION >= 2
    state = table(KretaOptions(rules_version=1))
    before = len(state.view(-1).log)
    state.apply(parse_action("castellan"))
    assert [e.kind for e in state.view(-1).log[before:]][-3:] == ["spent", "reveal", "takeback"]


def test_a_setup_in_the_castellans_choice_may_keep_other_players_cards_lying() -> None:
    players = [{"played": ["admiral"]}, {}, {}]
    setup = ladder_setup(players, to_act=BLUE, phase="castellan", scorings=1)
    state = from_setup(CASTELLAN_ONLY, 0, 3, setup)
    assert state.view(-1).played[RED] == ("admiral",)
    assert to_setup(state)["players"][RED]["played"] == ["admiral"]
    with pytest.raises(SetupError, match="taken"):
        from_setup(CASTELLAN_ONLY, 0, 3, ladder_setup(players, to_act=RED, phase="castellan", scorings=1))
    with pytest.raises(SetupError, match="taken"):
        from_setup(KretaOptions(), 0, 3, setup)


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("takeback", ["all", "castellan"])
def test_whole_bot_games_end_with_either_option(n: int, takeback: str) -> None:
    options = KretaOptions(takeback=takeback)
    state = new_game(options, 40 + n, n)
    players = [bots.from_spec("heuristic" if s % 2 == 0 else "random", 7 * n + s) for s in range(n)]
    scorings = 0
    while not state.is_terminal():
        seat = state.current_player()
        view = state.view(seat)
        legal = state.legal_actions()
        action = players[seat].choose(view, legal)
        assert action in legal
        if seat == 0 and len(view.log) % 7 == 0:
            assert determinize(view, Rng(seat)).view(seat) == view
        state.apply(action)
        scorings += action.to_text() == "castellan"
    assert scorings == 11 == state.result().progress["scorings"]
    check_invariants(state)


def test_random_play_with_takeback_castellan_keeps_the_invariants() -> None:
    for seed in range(4):
        state = new_game(CASTELLAN_ONLY, seed, 2 + seed % 3)
        rng = Rng(seed)
        while not state.is_terminal():
            check_invariants(state)
            play_random(state, rng, 5)
        check_invariants(state)


def test_a_refused_card_says_when_it_comes_back() -> None:
    from ludoteca.core.errors import IllegalActionError
    from ludoteca.present.kreta.terminal import explain

    state = table(CASTELLAN_ONLY)
    state.apply(parse_action("castellan"))
    state.apply(parse_action("keep"))  # Red to play, their Admiral still lying in front of them
    with pytest.raises(IllegalActionError, match="until they play their Castellan"):
        state.apply(parse_action("admiral +t0"))
    assert "the others keep theirs lying" in explain(state.view(RED))
    assert "everyone takes their cards back" in explain(table(KretaOptions()).view(YELLOW))
