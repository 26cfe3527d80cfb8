"""A tiny seeded random generator that lives inside a game state.

Why not :mod:`random`? A game must be replayable from ``(options, seed, actions)`` on any Python
version, and a state must clone cheaply for search. SplitMix64 is fully specified (so the same seed
gives the same shuffles forever), and its whole state is one 64-bit integer, so cloning costs nothing.

The state is kept as two 32-bit halves. Compiled (``ludoteca.native``), the generator computes on the
halves (multiplying 16-bit quarters): compiled code works on integers below 2**62 without allocating, where
every step on a full 64-bit integer makes a new Python object. Interpreted, it joins them and computes on
the whole integer, which costs the interpreter fewer steps. Both give SplitMix64's outputs bit for bit
(``tests/core/test_rng.py``).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from types import FunctionType
from typing import Final, TypeVar

T = TypeVar("T")

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
_M32: Final = 0xFFFFFFFF
_M16: Final = 0xFFFF
# SplitMix64's constants: the increment (golden gamma) in halves, the two multipliers in 16-bit quarters.
_GAMMA_HI: Final = 0x9E3779B9
_GAMMA_LO: Final = 0x7F4A7C15
_MUL1_HI_HI: Final = 0xBF58
_MUL1_HI_LO: Final = 0x476D
_MUL1_LO_HI: Final = 0x1CE4
_MUL1_LO_LO: Final = 0xE5B9
_MUL2_HI_HI: Final = 0x94D0
_MUL2_HI_LO: Final = 0x49BB
_MUL2_LO_HI: Final = 0x1331
_MUL2_LO_LO: Final = 0x11EB
_SMALL_BOUND: Final = 1 << 30
"""``below(n)`` for ``n`` up to this works on the halves; a larger ``n`` takes the full 64-bit output."""


def _multiply(hi: int, lo: int, m3: int, m2: int, m1: int, m0: int) -> tuple[int, int]:
    """``(hi, lo) * m mod 2**64`` in halves, ``m`` given as 16-bit quarters (``m3`` the highest).

    Every factor is below 2**16, so that compiled code multiplies without leaving machine integers (it does
    so only for factors below 2**30); the partial products of each quarter are summed, then carried."""
    l0, l1, h0, h1 = lo & _M16, lo >> 16, hi & _M16, hi >> 16
    c = l0 * m0
    r0 = c & _M16
    c = (c >> 16) + l0 * m1 + l1 * m0
    r1 = c & _M16
    c = (c >> 16) + l0 * m2 + l1 * m1 + h0 * m0
    r2 = c & _M16
    c = (c >> 16) + l0 * m3 + l1 * m2 + h0 * m1 + h1 * m0
    return ((c & _M16) << 16) | r2, (r1 << 16) | r0


def _reduce_halves(hi: int, lo: int, n: int, r32: int, r: int) -> int:
    """``x % n`` for the output ``x = hi * 2**32 + lo``, or -1 when ``below`` refuses ``x``: when it lies in
    the top ``r = 2**64 % n`` values (``hi`` all ones, ``lo`` within the last ``r``). ``r32 = 2**32 % n``."""
    if r == 0 or hi != _M32 or lo < (1 << 32) - r:
        return ((hi % n) * r32 + lo) % n
    return -1


_HALVES: Final = not isinstance(_multiply, FunctionType)
"""Whether to compute on the halves: True when this module is compiled (its functions are not Python's)."""


class Rng:
    """SplitMix64 (Steele, Lea & Flood, 2014): 64-bit state, 64-bit outputs."""

    __slots__ = ("hi", "lo")

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise TypeError(f"seed must be an int, not {type(seed).__name__}")
        state = seed & _MASK
        self.hi = state >> 32
        self.lo = state & _M32

    @property
    def state(self) -> int:
        """The whole 64-bit state, as SplitMix64 describes it (the halves ``hi`` and ``lo`` joined)."""
        return (self.hi << 32) | self.lo

    @state.setter
    def state(self, value: int) -> None:
        value &= _MASK
        self.hi = value >> 32
        self.lo = value & _M32

    def _step(self) -> tuple[int, int]:
        """Advance the state and return the next output as halves ``(high, low)``."""
        lo = self.lo + _GAMMA_LO
        hi = (self.hi + _GAMMA_HI + (lo >> 32)) & _M32
        lo &= _M32
        self.hi = hi
        self.lo = lo
        # z = (s ^ (s >> 30)) * 0xBF58476D1CE4E5B9
        lo ^= ((lo >> 30) | (hi << 2)) & _M32
        hi ^= hi >> 30
        hi, lo = _multiply(hi, lo, _MUL1_HI_HI, _MUL1_HI_LO, _MUL1_LO_HI, _MUL1_LO_LO)
        # z = (z ^ (z >> 27)) * 0x94D049BB133111EB
        lo ^= ((lo >> 27) | (hi << 5)) & _M32
        hi ^= hi >> 27
        hi, lo = _multiply(hi, lo, _MUL2_HI_HI, _MUL2_HI_LO, _MUL2_LO_HI, _MUL2_LO_LO)
        # z ^ (z >> 31)
        lo ^= ((lo >> 31) | (hi << 1)) & _M32
        hi ^= hi >> 31
        return hi, lo

    def next64(self) -> int:
        """The next 64-bit output."""
        if _HALVES:
            hi, lo = self._step()
            return (hi << 32) | lo
        s = (((self.hi << 32) | self.lo) + _GAMMA) & _MASK
        self.hi = s >> 32
        self.lo = s & _M32
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, so without modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        if _HALVES and n <= _SMALL_BOUND:
            return self._below_halves(n)
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def _below_halves(self, n: int) -> int:
        """``below(n)`` for ``0 < n <= 2**30``, on the halves: the same draws, the same result."""
        r32 = (1 << 32) % n
        r = (r32 * r32) % n
        while True:
            hi, lo = self._step()
            x = _reduce_halves(hi, lo, n, r32, r)
            if x >= 0:
                return x

    def choice(self, items: Sequence[T]) -> T:
        """A uniformly chosen element of a non-empty sequence."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher–Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def spawn(self) -> Rng:
        """An independent generator seeded from this one (used to give bots or subgames their own stream)."""
        return Rng(self.next64())

    def clone(self) -> Rng:
        c = Rng(0)
        c.hi = self.hi
        c.lo = self.lo
        return c

    def __getnewargs__(self) -> tuple[int]:
        """``__init__``'s argument when a compiled generator is unpickled (``ludoteca.native``)."""
        return (self.state,)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rng) and other.hi == self.hi and other.lo == self.lo

    def __hash__(self) -> int:
        return hash(self.state)

    def __repr__(self) -> str:
        return f"Rng(state={self.state:#018x})"
