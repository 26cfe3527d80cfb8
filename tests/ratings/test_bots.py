"""The bots' seeds: arena rows grouped into games and fitted together; the shipped file reads back."""

from __future__ import annotations

import json
from typing import Any

from ludoteca.ratings import bots


def rows(lineup: list[str], deals: list[list[tuple[int, float]]]) -> list[dict[str, Any]]:
    """Arena rows for two-seat games: ``deals[d]`` gives (score, win share) of lineup 0 then 1, rotation 0."""
    out = []
    for deal, seats in enumerate(deals):
        for seat, (score, share) in enumerate(seats):
            out.append(
                {
                    "lineup": lineup,
                    "seed": 1,
                    "deal": deal,
                    "rotation": 0,
                    "seat": seat,
                    "bot": seat,
                    "score": score,
                    "win_share": share,
                }
            )
    return out


def test_a_bot_that_wins_every_arena_game_is_seeded_above_its_opponent() -> None:
    games = rows(["reader:1200", "ismcts:300"], [[(30, 1.0), (20, 0.0)]] * 12)
    seeds = bots.seed_from_arena(games, {"reader:1200": "reader:expert", "ismcts:300": "ismcts:normal"})
    assert set(seeds) == {"reader:expert", "ismcts:normal"}
    assert seeds["reader:expert"].mu > 1500 > seeds["ismcts:normal"].mu
    assert seeds["reader:expert"].games == 12


def test_games_are_grouped_by_deal_and_rotation_whatever_the_row_order() -> None:
    games = rows(["a", "b"], [[(30, 1.0), (20, 0.0)], [(10, 0.0), (25, 1.0)]])
    assert [len(g) for g in bots.arena_games(reversed(games))] == [2, 2]
    assert [r["seat"] for r in bots.arena_games(reversed(games))[0]] == [0, 1]


def test_the_file_round_trips() -> None:
    seeds = bots.seed_from_arena(rows(["a", "b"], [[(3, 1.0), (1, 0.0)]]))
    data = json.loads(bots.to_json({"kreta": seeds}))
    assert set(data["kreta"]) == {"a", "b"} and data["kreta"]["a"]["games"] == 1


def test_the_shipped_seeds_read_without_arena_code() -> None:
    for game in ("verraeter", "kreta"):
        for spec, rating in bots.seeded(game).items():
            assert spec and rating.sigma > 0 and rating.games > 0


def test_a_ladder_is_seeded_the_same_whatever_the_order_of_its_files() -> None:
    """Rated file after file, the newcomer of each new file dragged the established level towards 1500 (Verräter
    `hard` came out below `normal` in one order, above it in the other); fitted together, the order is moot."""
    low = rows(["normal", "easy"], [[(30, 1.0), (20, 0.0)]] * 8 + [[(10, 0.0), (25, 1.0)]] * 4)
    high = rows(["hard", "normal"], [[(30, 1.0), (20, 0.0)]] * 7 + [[(10, 0.0), (25, 1.0)]] * 5)
    for row in high:
        row["seed"] = 2
    one, other = bots.seed_from_arena(low + high), bots.seed_from_arena(high + low)
    assert one == other
    assert one["hard"].mu > one["normal"].mu > one["easy"].mu
    assert one["normal"].games == 24
