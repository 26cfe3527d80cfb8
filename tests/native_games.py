"""Whole games played the same way by the compiled and the pure-Python rules cores (tests/test_native.py).

``python tests/native_games.py`` prints one JSON line per game: the options, seed, seats, every action
in its JSON form, every event of the log (private ones included), every seat's view digest at the end,
and the result. The test runs it once with ``LUDOTECA_PURE_PYTHON=1`` and once on the compiled build and
requires the two outputs to be equal line for line.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from typing import Any

from ludoteca import bots, games
from ludoteca.core.digest import GameDigest
from ludoteca.sim.play import all_events

RANDOM_GAMES = 6
"""Random games per (game, player count, lobby option value)."""
BOT_SEATS = {"verraeter": ["heuristic", "ismcts:12"], "kreta": ["heuristic"]}
"""The bots' games: their choices run the compiled heuristics and searches too."""
BOT_GAMES = 4
"""Bot games per (game, player count, bot)."""


def plan() -> Iterator[tuple[str, dict[str, Any], int, int, list[str]]]:
    """(game, options, seed, players, seat specs) for every game to play, in a fixed order."""
    seed = 1
    for name in games.names():
        plugin = games.plugin(name)
        definition = plugin.rules
        variants: list[dict[str, Any]] = [{}]
        for spec in plugin.lobby_options:
            values = (False, True) if spec.kind == "bool" else spec.choices
            variants += [{spec.key: value} for value in values]
        for players in range(definition.min_players, definition.max_players + 1):
            for options in variants:
                for _ in range(RANDOM_GAMES):
                    seed += 1
                    yield name, options, seed, players, ["random"] * players
            for bot in BOT_SEATS.get(name, []):
                for _ in range(BOT_GAMES):
                    seed += 1
                    yield name, {}, seed, players, [bot] + ["random"] * (players - 1)


def play(name: str, options_dict: dict[str, Any], seed: int, players: int, seats: list[str]) -> dict[str, Any]:
    definition = games.get(name)
    options = definition.options_from_dict(options_dict)
    state = definition.new_game(options, seed, players)
    chooser = [bots.from_spec(spec, seed=seed * 10 + p) for p, spec in enumerate(seats)]
    digest = GameDigest(players)
    digest.update(state.view)
    actions = []
    while not state.is_terminal():
        p = state.current_player()
        action = chooser[p].choose(state.view(p), state.legal_actions())
        state.apply(action)
        actions.append(action.to_json())
    digest.update(state.view)  # every seat's view at the end, whose log covers the whole game
    result = state.result()
    return {
        "game": name, "options": options_dict, "seed": seed, "players": players, "seats": seats,
        "actions": actions,
        "log": [[e.kind, e.seat, repr(e.data), e.private_to] for e in all_events(state.log)],
        "digests": list(digest.seats),
        "scores": list(result.scores), "winners": list(result.winners),
    }


def main() -> int:
    for game in plan():
        sys.stdout.write(json.dumps(play(*game), sort_keys=True) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
