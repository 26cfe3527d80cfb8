"""Every game that offers ``determinize`` samples worlds its views could have come from: for each game,
player count and seat (and the spectator), ``definition.determinize(view, rng).view(seat) == view``."""

from __future__ import annotations

import pytest

from ludoteca import games
from ludoteca.core.rng import Rng

CASES = [
    (name, n)
    for name in games.names()
    for n in range(games.get(name).min_players, games.get(name).max_players + 1)
]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_determinized_worlds_show_each_seat_its_view(name: str, players: int) -> None:
    definition = games.get(name)
    assert definition.determinize is not None, f"{definition.title} cannot sample worlds from a view"
    options = definition.options_from_dict({})
    checked = 0
    for seed in range(2):
        state = definition.new_game(options, seed, players)
        rng = Rng(1000 + seed)
        while True:
            if state.is_terminal() or rng.below(40) == 0:
                for p in range(-1, players):
                    view = state.view(p)
                    world = definition.determinize(view, Rng(seed * 10 + p))
                    assert world.view(p) == view, f"{name}, {players} players, seat {p}"
                    if p == state.current_player():
                        assert world.legal_actions() == state.legal_actions()
                    checked += 1
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    assert checked > 2 * (players + 1)
