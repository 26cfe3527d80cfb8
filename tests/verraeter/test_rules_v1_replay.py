"""Records written before rules version 2 keep replaying exactly (issue #14).

``fixtures/rules_v1_games.json`` holds 32 bot games played with the code of rules version 1, over every option
value (3 and 4 players, edition 1998/2008, hand limit 5/6, draw cap 3/none, the Builder's Kontor on/off; ten
4-player hand-limit-6 no-cap games whose draw pile runs short; six with a hand limit below 5, which version 2
refuses). Their options name no ``rules_version``, like every record of that time. Per game, ``digest`` is
a sha256 over the sequence of per-action fingerprints: every seat's view (the spectator's too, all fields but
the options object), the legal actions and the result, after the set-up and after each action.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from ludoteca.core.records import stored_options
from ludoteca.verraeter import DEFINITION, VerraeterState, new_game, parse_action

GAMES = json.loads((Path(__file__).parent / "fixtures" / "rules_v1_games.json").read_text(encoding="utf-8"))
FIELDS = (
    "player", "num_players", "round", "rounds_total", "phase", "to_act", "start_player", "strategy_holder",
    "conflict", "ring", "allegiance", "all_same_at_start", "reserve", "hand", "hand_sizes", "played",
    "has_chosen", "chosen", "offered", "revealed", "strength", "conflict_winner", "pending_draw",
    "draw_pile_size", "discard", "conflict_vp", "traitor_vp", "strategist_vp", "kontor_vp", "log",
)
"""The view's fields when the fixtures were made (a field added later does not change the digests)."""


def _fingerprint(state: VerraeterState) -> str:
    h = hashlib.sha256()
    for p in range(-1, state.num_players):
        v = state.view(p)
        h.update(repr(tuple((k, getattr(v, k)) for k in FIELDS)).encode())
    h.update(repr([a.to_text() for a in state.legal_actions()]).encode())
    h.update(repr(state.result()).encode())
    return h.hexdigest()[:20]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g['players']}p-seed{g['seed']}")
def test_a_version_1_record_replays_exactly(game: dict[str, Any]) -> None:
    options = stored_options(DEFINITION, game["options"])
    assert options.rules_version == 1
    state = new_game(options, game["seed"], game["players"])
    prints = [_fingerprint(state)]
    for text in game["actions"].split(" ; "):
        state.apply(parse_action(text))
        prints.append(_fingerprint(state))
    assert state.is_terminal()
    assert hashlib.sha256("".join(prints).encode()).hexdigest()[:24] == game["digest"]
