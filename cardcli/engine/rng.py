"""The project's own seeded random stream.

Python promises to keep ``random.random()`` stable across versions but not
``shuffle`` or ``randrange``; a deal must be the same on every machine and every
future Python. So every random decision in cardcli comes from this documented
generator:

* the seed (an integer or any text) is normalised to text: integers and
  all-digit text become their decimal form without leading zeros
  (``7``, ``"7"`` and ``"007"`` are the same seed); other text is kept as typed,
  stripped of surrounding spaces;
* a *purpose* path (e.g. ``("deal", 1)`` for the first hand, or
  ``("bot", 2, 0, 17)`` for a bot decision) separates independent streams;
* block ``i`` of the stream is
  ``SHA-256(b"cardcli-rng-v1\\0" + seed + b"\\0" + purpose + b"\\0" + i as 8 big-endian bytes)``;
  blocks are cut into big-endian 64-bit words;
* a uniform integer below ``n`` is drawn by rejection: words at or above
  ``floor(2**64 / n) * n`` are skipped, then ``word % n`` is returned;
* shuffling is Fisher–Yates from the end: for ``i`` from ``len-1`` down to 1,
  swap item ``i`` with item ``randbelow(i + 1)``.

>>> Rng(7, "doc").randbelow(52) == Rng("007", "doc").randbelow(52)
True
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
_VERSION = b"cardcli-rng-v1\x00"


def normalize_seed(seed: int | str) -> str:
    """The canonical text of a seed (see the module docstring)."""
    text = str(seed).strip()
    if text.isdigit():
        return str(int(text))
    if text.startswith("-") and text[1:].isdigit():
        return str(int(text))
    return text


def fresh_seed() -> str:
    """A new random seed for games started without one (it is recorded, so still replayable)."""
    return str(secrets.randbelow(10**9))


class Rng:
    """A deterministic stream for one (seed, purpose) pair."""

    __slots__ = ("_prefix", "_counter", "_words")

    def __init__(self, seed: int | str, *purpose: object) -> None:
        path = "/".join(str(p) for p in purpose)
        self._prefix = _VERSION + normalize_seed(seed).encode() + b"\x00" + path.encode() + b"\x00"
        self._counter = 0
        self._words: list[int] = []

    def _next_word(self) -> int:
        if not self._words:
            block = hashlib.sha256(self._prefix + self._counter.to_bytes(8, "big")).digest()
            self._counter += 1
            # Reverse so pop() yields the words in stream order.
            self._words = [int.from_bytes(block[i : i + 8], "big") for i in range(24, -8, -8)]
        return self._words.pop()

    def randbelow(self, n: int) -> int:
        """A uniform integer in ``[0, n)``."""
        if n <= 0:
            raise ValueError("randbelow needs a positive bound")
        limit = (2**64 // n) * n
        while True:
            w = self._next_word()
            if w < limit:
                return w % n

    def random(self) -> float:
        """A uniform float in ``[0, 1)`` with 53 bits of precision."""
        return (self._next_word() >> 11) / float(1 << 53)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise IndexError("choice from an empty sequence")
        return items[self.randbelow(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place, from the end (see the module docstring)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, *purpose: object) -> Rng:
        """An independent child stream (used by bots that sample)."""
        child = Rng.__new__(Rng)
        child._prefix = self._prefix + "/".join(str(p) for p in purpose).encode() + b"\x00"
        child._counter = 0
        child._words = []
        return child
