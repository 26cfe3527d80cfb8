"""The encodings' promises, over random games of every player count and several rule sets: every legal
action has an id in range that maps back to it, no two legal actions share one, and a seat's observation
depends only on what it can see (worlds sampled from its view give it the same vector)."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from ludoteca import bots, games
from ludoteca.core.rng import Rng
from ludoteca.rl.encoding import Encoding, encoding_for

CASES: list[tuple[str, int, dict[str, Any]]] = [
    ("verraeter", 3, {}),
    ("verraeter", 4, {}),
    ("verraeter", 3, {"edition": 1998, "draw_cap": None, "hand_limit": 3, "builder_places_kontor": True}),
    ("verraeter", 4, {"draw_cap": None, "hand_limit": 3, "discard_timing": "after", "builder_places_kontor": True}),
    ("kreta", 2, {}),
    ("kreta", 3, {}),
    ("kreta", 4, {}),
    ("kreta", 2, {"abbot_blocks_passing": False}),
    ("kreta", 4, {"abbot_blocks_passing": False}),
    ("kreta", 3, {"takeback": "castellan"}),
]
GAMES_PER_CASE = {"verraeter": 24, "kreta": 3}


def _random_games(name: str, players: int, options: dict[str, Any], count: int) -> Any:
    """Every position (state and legal actions) along ``count`` games. In Verräter every other game mixes
    in the heuristic bot (it keeps fuller hands than random play, so other supply plays and discards
    occur); Kreta's random games already reach almost every id."""
    definition = games.get(name)
    opts = definition.options_from_dict(options)
    for seed in range(count):
        state = definition.new_game(opts, seed, players)
        rng = Rng(seed + 77)
        bot = bots.from_spec("heuristic", seed) if name == "verraeter" and seed % 2 else None
        while not state.is_terminal():
            legal = state.legal_actions()
            yield state, legal
            if bot is not None and rng.below(3):
                state.apply(bot.choose(state.view(state.current_player()), legal))
            else:
                state.apply(legal[rng.below(len(legal))])
        yield state, []


def _shape_holds(enc: Encoding, obs: np.ndarray) -> None:
    assert obs.dtype == np.float32
    assert obs.shape == enc.observation_shape
    assert np.isfinite(obs).all()
    high = enc.observation_high()
    assert high.shape == enc.observation_shape
    assert (obs >= 0).all() and (obs <= high).all(), [enc.slots()[i] for i in np.flatnonzero(obs > high)]


@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_every_legal_action_has_its_own_id_and_maps_back(name: str, players: int, options: dict[str, Any]) -> None:
    enc = encoding_for(name, options, players)
    seen: set[int] = set()
    positions = 0
    for _, legal in _random_games(name, players, options, GAMES_PER_CASE[name]):
        ids = [enc.index(a) for a in legal]
        assert all(0 <= i < enc.num_actions for i in ids)
        assert len(set(ids)) == len(ids), "two legal actions share an id"
        for a, i in zip(legal, ids, strict=True):
            assert enc.action(i, legal) == a
        mask = enc.mask(legal)
        assert mask.dtype == np.int8 and mask.shape == (enc.num_actions,)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(ids)
        seen.update(ids)
        positions += 1
    assert positions > 100
    assert len(seen) > 40  # the games reached many different kinds of action


@pytest.mark.parametrize(("name", "players", "options"), CASES)
def test_observations_read_only_what_the_seat_can_see(name: str, players: int, options: dict[str, Any]) -> None:
    definition = games.get(name)
    assert definition.determinize is not None
    enc = encoding_for(name, options, players)
    rng = Rng(5)
    compared = 0
    for state, _ in _random_games(name, players, options, 2):
        if rng.below(8) and not state.is_terminal():
            continue
        for p in range(-1, players):
            view = state.view(p)
            obs = enc.observe(view)
            _shape_holds(enc, obs)
            for k in range(2):
                world = definition.determinize(view, Rng(100 * k + p))
                assert np.array_equal(enc.observe(world.view(p)), obs), f"seat {p} sees through hidden cards"
                compared += 1
    assert compared > 20


@pytest.mark.parametrize(("name", "players"), [("verraeter", 3), ("verraeter", 4), ("kreta", 2), ("kreta", 4)])
def test_names_cover_every_slot_and_action(name: str, players: int) -> None:
    enc = encoding_for(name, None, players)
    slots, names = enc.slots(), enc.action_names()
    assert len(slots) == enc.observation_shape[0] and len(set(slots)) == len(slots)
    assert len(names) == enc.num_actions and len(set(names)) == len(names)
    definition = games.get(name)
    for i, text in enumerate(names):  # an action's name is its notation: it parses back to the same id
        assert enc.index(definition.parse_action(text)) == i


def test_verraeter_hidden_hands_do_not_show() -> None:
    """Another seat's hand changes between sampled worlds, the observer's vector does not."""
    definition = games.get("verraeter")
    state = definition.new_game(definition.options_from_dict({}), 3, 4)
    while state.view(0).phase != "supply":
        state.apply(state.legal_actions()[0])
    view = state.view(0)
    worlds = [definition.determinize(view, Rng(k)) for k in range(20)]
    assert len({tuple(w.view(1).hand) for w in worlds}) > 1
    enc = encoding_for("verraeter", None, 4)
    assert len({enc.observe(w.view(0)).tobytes() for w in worlds}) == 1


def test_seats_are_counted_from_the_observer() -> None:
    enc = encoding_for("verraeter", None, 3)
    definition = games.get("verraeter")
    state = definition.new_game(definition.options_from_dict({}), 1, 3)
    slot = enc.slots().index("to_act.seat+0")
    acting = state.current_player()
    assert enc.observe(state.view(acting))[slot] == 1
    assert enc.observe(state.view((acting + 1) % 3))[slot] == 0


def test_encodings_are_cached_and_checked() -> None:
    assert encoding_for("verraeter", {}, 4) is encoding_for("verraeter", None, 4)
    assert encoding_for("kreta", None, 2).num_actions == encoding_for("kreta", None, 4).num_actions
    with pytest.raises(ValueError, match="players"):
        encoding_for("kreta", None, 5)
    enc = encoding_for("kreta", None, 2)
    with pytest.raises(ValueError, match="not in this encoding"):
        enc.index(object())
    with pytest.raises(ValueError, match="not legal"):
        enc.action(0, [])
    with pytest.raises(ValueError, match="out of range"):
        enc.action(enc.num_actions, [])
    with pytest.raises(ValueError, match="4-player view"):
        definition = games.get("kreta")
        enc.observe(definition.new_game(definition.options_from_dict({}), 1, 4).view(0))
