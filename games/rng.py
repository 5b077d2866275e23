"""A small, seedable, serialisable random number generator.

The state of a game keeps one :class:`GameRng`. It is a SplitMix64 stream: the
whole generator is two integers (``seed`` and ``counter``), so it serialises to
two JSON numbers and replays identically on every Python version and platform
(unlike :class:`random.Random`, whose algorithms may change between releases).
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15


class GameRng:
    """Deterministic random numbers for rules engines."""

    __slots__ = ("counter", "seed")

    def __init__(self, seed: int, counter: int = 0) -> None:
        self.seed = seed & _MASK
        self.counter = counter

    def next64(self) -> int:
        """The next 64-bit output of the stream."""
        self.counter += 1
        z = (self.seed + self.counter * _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs a positive bound")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def roll(self, sides: int) -> int:
        """A die roll from 1 to ``sides``."""
        return self.below(sides) + 1

    def shuffle(self, items: MutableSequence[Any]) -> None:
        """Shuffle ``items`` in place (Fisher–Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[Any]) -> Any:
        return items[self.below(len(items))]

    def to_json(self) -> list[int]:
        return [self.seed, self.counter]

    @classmethod
    def from_json(cls, data: list[int]) -> GameRng:
        seed, counter = data
        return cls(int(seed), int(counter))

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, GameRng)
            and self.seed == other.seed
            and self.counter == other.counter
        )

    def __repr__(self) -> str:
        return f"GameRng(seed={self.seed}, counter={self.counter})"
