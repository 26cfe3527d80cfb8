"""Helpers for the Verräter tests: positions written as explicit set-ups, and state fingerprints."""

from __future__ import annotations

import copy
from typing import Any

from ludoteca.core.rng import Rng
from ludoteca.verraeter import VerraeterOptions, VerraeterState, from_setup, new_game, parse_action

# The worked example's ring (docs/records.md uses the same one): position 1 is the Eagle Fluss, next to
# the Rose Stadt; the Gutshof are placed as in the example.
EXAMPLE_RING: list[dict[str, Any]] = [
    {"landscape": "fluss", "house": "eagle", "estate": {"owner": 1, "side": "gutshof"}},
    {"landscape": "stadt", "house": "rose"},
    {"landscape": "stadt", "house": "eagle", "estate": {"owner": 0, "side": "gutshof"}},
    {"landscape": "dorf", "house": "eagle", "estate": {"owner": 2, "side": "gutshof"}},
    {"landscape": "dorf", "house": "rose", "estate": {"owner": 3, "side": "gutshof"}},
    {"landscape": "weide", "house": "eagle"},
    {"landscape": "fluss", "house": "rose"},
    {"landscape": "wald", "house": "eagle"},
    {"landscape": "weide", "house": "rose"},
    {"landscape": "oednis", "house": "eagle"},
    {"landscape": "wald", "house": "rose"},
    {"landscape": "oednis", "house": "rose"},
]


def example_setup(**changes: Any) -> dict[str, Any]:
    """The worked example's position before phase 1 of round 1; keyword arguments replace fields."""
    setup: dict[str, Any] = {
        "ring": copy.deepcopy(EXAMPLE_RING),
        "allegiances": ["eagle", "rose", "eagle", "rose"],
        "hands": [[3, 4, 5], [3, 4, 5], [3, 4, 5], [3, 4, 5]],
        "strategy_holder": 1,
        "start_player": 0,
        "action_cards": ["diplomat+2", "builder", "traitor", "strategist", "diplomat+5", "farmer"],
    }
    setup.update(changes)
    return setup


def position(setup: dict[str, Any] | None = None, seed: int = 0, players: int = 4, **options: Any) -> VerraeterState:
    opts = VerraeterOptions.from_dict({"edition": 1998, **options})
    return from_setup(opts, seed, players, setup if setup is not None else example_setup())


def play(state: VerraeterState, *moves: str) -> VerraeterState:
    """Apply moves written in notation, in order."""
    for text in moves:
        state.apply(parse_action(text))
    return state


def fingerprint(state: VerraeterState) -> tuple[Any, ...]:
    """Everything that makes up the state, hidden parts and generator included."""
    return tuple(
        (name, _freeze(getattr(state, name)))
        for name in sorted(getattr(VerraeterState, "__slots__", None) or VerraeterState.__mypyc_attrs__)  # compiled
        if name not in ("_legal",)
    )


def _freeze(value: Any) -> Any:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, Rng):
        return ("rng", value.state)
    return value


def random_game(seed: int, players: int = 4, options: VerraeterOptions | None = None, policy_seed: int = 1):
    """A finished random game and its actions."""
    state = new_game(options or VerraeterOptions(), seed, players)
    rng = Rng(policy_seed)
    actions = []
    while not state.is_terminal():
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        actions.append(action)
        state.apply(action)
    return state, actions
