"""The seeded generator gives SplitMix64's outputs bit for bit, on the halves (as compiled) and whole (as
interpreted): the two ways ``ludoteca.core.rng`` computes must never drift apart."""

from __future__ import annotations

import pickle

import pytest

from ludoteca.core.rng import Rng, _reduce_halves

MASK = (1 << 64) - 1


class Reference:
    """SplitMix64 on the whole 64-bit integer, as published."""

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK

    def next64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n


SEEDS = [0, 1, -1, MASK, 1 << 63, (1 << 70) + 3, -(1 << 65), 2025, 0x1234_5678_9ABC_DEF0]
BOUNDS = [1, 2, 3, 5, 7, 12, 23, 100, (1 << 29) + 7, (1 << 30) - 1, 1 << 30, (1 << 30) + 1, (1 << 32) + 5,
          (1 << 63) + 1, MASK // 3, MASK, 1 << 64]


def test_known_outputs() -> None:
    rng = Rng(0)  # SplitMix64's first outputs from seed 0
    assert [rng.next64() for _ in range(3)] == [0xE220A8397B1DCDAF, 0x6E789E6AA1B965F4, 0x06C45D188009454F]


@pytest.mark.parametrize("seed", SEEDS)
def test_same_draws_as_the_reference(seed: int) -> None:
    rng, ref = Rng(seed), Reference(seed)
    assert rng.state == ref.state
    for k in range(300):
        n = BOUNDS[k % len(BOUNDS)]
        assert rng.below(n) == ref.below(n)
        assert rng.next64() == ref.next64()
        assert rng.state == ref.state
    items, expected = list(range(40)), list(range(40))
    rng.shuffle(items)
    for i in range(len(expected) - 1, 0, -1):
        j = ref.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected


@pytest.mark.parametrize("seed", SEEDS)
def test_halves_agree_with_the_whole(seed: int) -> None:
    """The compiled path, called directly, so that the interpreted run checks it too."""
    rng, ref = Rng(seed), Reference(seed)
    for k in range(300):
        hi, lo = rng._step()  # noqa: SLF001
        assert (hi << 32) | lo == ref.next64()
        n = BOUNDS[k % 11]  # those up to 2**30
        assert rng._below_halves(n) == ref.below(n)  # noqa: SLF001


@pytest.mark.parametrize("n", [3, 5, 7, 1_000_003, (1 << 30) - 1, (1 << 29) + 3, 1 << 30])
def test_refusals_at_the_top_of_the_range(n: int) -> None:
    """``below``'s rare refusals, which random draws hardly ever reach."""
    r32, r = (1 << 32) % n, (1 << 64) % n
    for hi in (0, 12345, 0xFFFFFFFE, 0xFFFFFFFF):
        for lo in {0, 1, (1 << 32) - r - 1, (1 << 32) - r, (1 << 32) - r + 1, (1 << 32) - 1}:
            if 0 <= lo < 1 << 32:
                x = (hi << 32) | lo
                expected = x % n if x < (1 << 64) - r else -1
                assert _reduce_halves(hi, lo, n, r32, r) == expected


def test_state_clone_and_pickle() -> None:
    rng = Rng(99)
    rng.next64()
    state = rng.state
    twin = rng.clone()
    assert twin == rng and hash(twin) == hash(rng) and repr(twin) == repr(rng)
    copy = pickle.loads(pickle.dumps(rng))
    assert copy == rng
    assert [rng.next64(), rng.below(7)] == [twin.next64(), twin.below(7)] == [copy.next64(), copy.below(7)]
    again = Rng(0)
    again.state = state
    assert again == Rng(state)
    assert Rng(state).next64() == Reference(state).next64()
