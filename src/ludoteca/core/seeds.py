"""Child seeds: one seed and a few integer keys (a deal, a seat, a version...) give an unrelated seed.

Everything that plays many games from one seed — the arena, the simulation, the server's bots — derives
each game's and each bot's seed here, from the parent seed and the keys alone (never from which worker
or in which order), so the same seed replays the same games anywhere. Each user keeps its own ``salt``,
so that the arena's and the server's streams stay what they always were (records and studies replay
identically).
"""

from __future__ import annotations

from .rng import Rng

ARENA_SALT = 0xA7E4A5EED
"""The arena's and the simulation's salt (deals, games and seats)."""
SERVER_SALT = 0x6C75646F74656361  # "ludoteca"
"""The web server's salt (a bot's move: seat and version)."""
TERMINAL_SALT = 0xB0B5EED
"""The terminal's salt (``ludoteca play``: its bots' seeds)."""


def derive_seed(seed: int, *keys: int, salt: int) -> int:
    """A 63-bit seed from ``seed`` and ``keys``: chained SplitMix64 steps (each key mixed into the next
    output), so neighbouring keys give unrelated streams."""
    rng = Rng(seed ^ salt)
    for key in keys:
        rng = Rng(rng.next64() ^ key)
    return rng.next64() >> 1


def seed_stream(seed: int, salt: int) -> Rng:
    """A generator of successive 64-bit seeds from ``seed`` and ``salt`` (one per seat, in seat order)."""
    return Rng(seed ^ salt)
