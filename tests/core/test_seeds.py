"""Seed derivation lives in ``core.seeds``; the arena's, the simulation's, the server's and the terminal's
seeds are exactly what they were when each computed its own (records and studies replay identically)."""

from __future__ import annotations

import pytest

from ludoteca.arena import runner
from ludoteca.cli.common import bot_seed_stream
from ludoteca.core import seeds
from ludoteca.core.rng import Rng


def _chained(seed: int, salt: int, *keys: int) -> int:
    """The derivation the arena and the server each wrote out before it moved to ``core``."""
    rng = Rng(seed ^ salt)
    for key in keys:
        rng = Rng(rng.next64() ^ key)
    return rng.next64() >> 1


@pytest.mark.parametrize("seed", [0, 1, 7, 123456789, 2**63 - 1])
@pytest.mark.parametrize("keys", [(), (0,), (3,), (3, 1), (17, 2), (2**40, 5)])
def test_the_arena_and_the_server_derive_as_before(seed: int, keys: tuple[int, ...]) -> None:
    assert runner.derive_seed(seed, *keys) == _chained(seed, 0xA7E4A5EED, *keys)
    assert seeds.derive_seed(seed, *keys, salt=seeds.SERVER_SALT) == _chained(seed, 0x6C75646F74656361, *keys)
    assert 0 <= runner.derive_seed(seed, *keys) < 2**63


def test_pinned_values() -> None:
    assert runner.derive_seed(5, 3) == _chained(5, 0xA7E4A5EED, 3)
    assert [runner.derive_seed(1, g) for g in range(3)] == [
        seeds.derive_seed(1, g, salt=seeds.ARENA_SALT) for g in range(3)
    ]
    assert len({runner.derive_seed(1, g) for g in range(100)}) == 100


@pytest.mark.parametrize("moves", [0, 1, 40])
def test_the_terminals_bots_are_seeded_as_before(moves: int) -> None:
    old = Rng(99 ^ 0xB0B5EED ^ (moves * 0x9E3779B1))
    new = bot_seed_stream(99, moves)
    assert [new.next64() for _ in range(4)] == [old.next64() for _ in range(4)]


def test_the_servers_bot_seed_is_the_core_derivation() -> None:
    from ludoteca import games
    from ludoteca.web.play.match import Match, Seat

    definition = games.get("kreta")
    options = definition.options_to_dict(definition.options_from_dict({}))
    match = Match("g", definition, dict(options), 42, [Seat(0, "A", "human"), Seat(1, "B", "bot", bot="random")])
    assert match.bot_seed(1) == _chained(42, 0x6C75646F74656361, 1, match.version)
