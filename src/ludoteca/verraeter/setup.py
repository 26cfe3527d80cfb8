"""Starting a game of Verräter: the seeded set-up of the rules, or an explicit position.

The explicit set-up lets any position at the start of a round be written down — for tests, teaching
and bug reports (format: ``docs/records.md``). Both routes give a state whose further chance events
come from the seed.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

from ludoteca.core.errors import SetupError
from ludoteca.core.events import push_event
from ludoteca.core.rng import Rng

from .components import (
    ACTION_ALIASES,
    ACTION_KEYS,
    EAGLE,
    ESTATES_PER_PLAYER,
    HOUSE_KEYS,
    LANDSCAPE_KEYS,
    LANDSCAPE_NAMES,
    MAX_KONTOR,
    RING_SIZE,
    ROSE,
    ROUNDS,
    SUPPLY_DECK,
)
from .options import VerraeterOptions
from .state import VerraeterState


def _check_players(num_players: int) -> None:
    if num_players not in ROUNDS:
        raise SetupError(f"Verräter takes 3 or 4 players, not {num_players}")


def new_game(
    options: VerraeterOptions, seed: int, num_players: int, start_player: int | None = None
) -> VerraeterState:
    """Set-up steps 1–5 of the rules; the Gutshof placements are the first actions of the game."""
    _check_players(num_players)
    rng = Rng(seed)
    state = VerraeterState(options, num_players, rng)
    if start_player is None:
        start_player = rng.below(num_players)
    elif not 0 <= start_player < num_players:
        raise SetupError(f"start player must be a seat from 0 to {num_players - 1}")
    state.start_player = start_player
    for k in range(num_players):
        state.allegiance[(start_player + k) % num_players] = EAGLE if k % 2 == 0 else ROSE
    ring = [(t, EAGLE) for t in range(6)] + [(t, ROSE) for t in range(6)]
    rng.shuffle(ring)
    state.land_type = [t for t, _ in ring]
    state.land_house = [h for _, h in ring]
    state.draw_pile = list(SUPPLY_DECK)  # shuffled (and dealt) once the Gutshof are placed
    state.strategy_holder = (start_player + 1) % num_players
    state.to_act = start_player
    state.log = push_event(state.log, "setup", start_player, (options.edition,))
    return state


def _seat(value: Any, n: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
        raise SetupError(f"{what} must be a seat number from 0 to {n - 1}")
    return value


def _house(value: Any, what: str) -> int:
    if value not in HOUSE_KEYS:
        raise SetupError(f"{what} must be 'eagle' or 'rose', not {value!r}")
    return HOUSE_KEYS.index(value)


def _supply_list(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise SetupError(f"{what} must be a list of supply card values")
    bad = [v for v in value if v not in SUPPLY_DECK]
    if bad:
        raise SetupError(f"{what}: there is no supply card worth {bad[0]}")
    return list(value)


def from_setup(options: VerraeterOptions, seed: int, num_players: int, setup: Mapping[str, Any]) -> VerraeterState:
    """A state at phase 1 of a round, from an explicit set-up (see ``docs/records.md``)."""
    _check_players(num_players)
    n = num_players
    if not isinstance(setup, Mapping):
        raise SetupError("the set-up must be an object")
    known = {"ring", "allegiances", "hands", "draw_pile", "discard", "strategy_holder", "start_player",
             "round", "scores", "action_cards"}
    unknown = set(setup) - known
    if unknown:
        raise SetupError(f"unknown set-up field(s): {', '.join(sorted(unknown))}")
    for key in ("ring", "allegiances", "hands", "strategy_holder", "start_player"):
        if key not in setup:
            raise SetupError(f"the set-up needs {key!r}")
    state = VerraeterState(options, n, Rng(seed))

    ring = setup["ring"]
    if not isinstance(ring, list) or len(ring) != RING_SIZE:
        raise SetupError(f"'ring' must list the {RING_SIZE} landscapes in clockwise order")
    types: list[int] = []
    for i, card in enumerate(ring):
        where = f"ring position {i + 1}"
        if not isinstance(card, Mapping):
            raise SetupError(f"{where} must be an object")
        if card.get("landscape") not in LANDSCAPE_KEYS:
            raise SetupError(f"{where}: 'landscape' must be one of {', '.join(LANDSCAPE_KEYS)}")
        types.append(LANDSCAPE_KEYS.index(card["landscape"]))
        state.land_house[i] = _house(card.get("house"), f"{where} house")
        estate = card.get("estate")
        if estate is not None:
            if not isinstance(estate, Mapping):
                raise SetupError(f"{where}: 'estate' must be an object with 'owner' and 'side'")
            owner = _seat(estate.get("owner"), n, f"{where} estate owner")
            side = estate.get("side", "gutshof")
            if side not in ("gutshof", "kontor"):
                raise SetupError(f"{where}: estate side must be 'gutshof' or 'kontor'")
            state.estate_owner[i] = owner
            state.estate_kontor[i] = side == "kontor"
    state.land_type = types
    wrong = [LANDSCAPE_NAMES[t] for t in range(6) if types.count(t) != 2]
    if wrong:
        raise SetupError(f"the ring must hold each landscape type twice ({', '.join(wrong)} do not)")
    for p in range(n):
        cards = [i for i in range(RING_SIZE) if state.estate_owner[i] == p]
        if len(cards) > ESTATES_PER_PLAYER:
            raise SetupError(f"seat {p} has more than {ESTATES_PER_PLAYER} estate cards in play")
        if sum(state.estate_kontor[i] for i in cards) > MAX_KONTOR:
            raise SetupError(f"seat {p} has more than {MAX_KONTOR} Kontor in play")
        state.reserve[p] = ESTATES_PER_PLAYER - len(cards)

    allegiances = setup["allegiances"]
    if not isinstance(allegiances, list) or len(allegiances) != n:
        raise SetupError(f"'allegiances' must list one house per seat ({n})")
    state.allegiance = [_house(a, f"allegiance of seat {p}") for p, a in enumerate(allegiances)]

    hands = setup["hands"]
    if not isinstance(hands, list) or len(hands) != n:
        raise SetupError(f"'hands' must list one hand per seat ({n})")
    for p, hand in enumerate(hands):
        cards = _supply_list(hand, f"hand of seat {p}")
        if len(cards) > options.hand_limit:
            raise SetupError(f"hand of seat {p} holds more than the hand limit ({options.hand_limit})")
        state.hands[p] = sorted(cards)
    state.discard = _supply_list(setup.get("discard", []), "'discard'")
    used = Counter(v for h in state.hands for v in h) + Counter(state.discard)
    rest = Counter(SUPPLY_DECK) - used
    over = used - Counter(SUPPLY_DECK)
    if over:
        v = next(iter(over))
        raise SetupError(f"more supply cards worth {v} than the deck holds ({SUPPLY_DECK.count(v)})")
    if "draw_pile" in setup:
        pile = _supply_list(setup["draw_pile"], "'draw_pile'")
        if Counter(pile) != rest:
            raise SetupError("hands, discard and draw pile must hold exactly the 23 supply cards")
        state.draw_pile = list(reversed(pile))  # listed top first; the state draws from the end
    else:
        pile = sorted(rest.elements())
        state.rng.shuffle(pile)
        state.draw_pile = pile

    state.strategy_holder = _seat(setup["strategy_holder"], n, "'strategy_holder'")
    state.start_player = _seat(setup["start_player"], n, "'start_player'")
    rnd = setup.get("round", 1)
    if not isinstance(rnd, int) or isinstance(rnd, bool) or not 1 <= rnd <= state.rounds_total:
        raise SetupError(f"'round' must be from 1 to {state.rounds_total}")
    state.round = rnd
    scores = setup.get("scores")
    if scores is not None:
        if not isinstance(scores, list) or len(scores) != n:
            raise SetupError(f"'scores' must list one entry per seat ({n})")
        for p, row in enumerate(scores):
            if not isinstance(row, Mapping) or set(row) - {"conflict", "traitor", "strategist"}:
                raise SetupError(f"scores of seat {p} must be an object with conflict, traitor, strategist")
            for key, target in (("conflict", state.conflict_vp), ("traitor", state.traitor_vp),
                                ("strategist", state.strategist_vp)):
                v = row.get(key, 0)
                if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                    raise SetupError(f"scores of seat {p}: {key} must be a non-negative integer")
                target[p] = v
    if "action_cards" in setup:
        order = setup["action_cards"]
        if not isinstance(order, list) or any(not isinstance(c, str) for c in order):
            raise SetupError("'action_cards' must list the 6 action cards, the one put aside first")
        ids = [ACTION_ALIASES.get(c.lower(), -1) for c in order]
        if sorted(ids) != list(range(len(ACTION_KEYS))):
            raise SetupError(f"'action_cards' must be an order of all six: {', '.join(ACTION_KEYS)}")
        state.preset_deck = tuple(ids)
    house = state.land_house
    if all(h == house[0] for h in house):
        raise SetupError("one house already holds every landscape: the game would be over")
    state.log = push_event(state.log, "setup", state.start_player, (options.edition,))
    state.begin_round()
    return state
