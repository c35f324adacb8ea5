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
import operator
import secrets
import struct
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

T = TypeVar("T")
_VERSION = b"cardcli-rng-v1\x00"
_LIMITS_UPTO = 256
_LIMITS = tuple((2**64 // m) * m if m else 0 for m in range(_LIMITS_UPTO))
"""``m`` → the rejection limit of a draw below ``m`` (decks up to 255 cards): a deck of ``n`` cards
draws below n, n - 1, … 2, whose limits are ``_LIMITS[n:1:-1]``."""


def normalize_seed(seed: int | str) -> str:
    """The canonical text of a seed (see the module docstring)."""
    text = str(seed).strip()
    if text.isdigit() or (text.startswith("-") and text[1:].isdigit()):
        try:
            return str(int(text))
        except ValueError:  # digits int() does not read (superscripts such as "³"): kept as typed
            return text
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
        """Fisher–Yates in place, from the end (see the module docstring).

        The same stream as ``randbelow(i + 1)`` for each ``i`` in turn, but the words a deck needs
        are cut from their blocks in one go and the rejection limits come from a table: every deal
        and every replay's deck check runs this."""
        n = len(items)
        if n < 2:
            return
        if n < _LIMITS_UPTO:
            stream = self._words[::-1]  # words already cut from a block, in stream order
            prefix, counter = self._prefix, self._counter
            blocks = -(-(n - 1 - len(stream)) // 4)
            if blocks > 0:  # every block the deck needs, hashed and cut into words in one go
                sha = hashlib.sha256
                cut = b"".join([sha(prefix + c.to_bytes(8, "big")).digest() for c in range(counter, counter + blocks)])
                stream.extend(struct.unpack(f">{4 * blocks}Q", cut))
                counter += blocks
            # no word rejected (nearly always): every draw at once, in C, then only the swaps
            words = stream[: n - 1]
            if not any(map(operator.ge, words, _LIMITS[n:1:-1])):
                for i, j in zip(range(n - 1, 0, -1), map(operator.mod, words, range(n, 1, -1))):
                    items[i], items[j] = items[j], items[i]
                self._counter = counter
                self._words = stream[n - 1 :][::-1]
                return
        # a word rejected (about once in 2**57 draws: nothing was taken from the stream yet), or a
        # pile of more than 255: draw by draw, as the definition says
        for i in range(n - 1, 0, -1):
            j = self.randbelow(i + 1)
            items[i], items[j] = items[j], items[i]

    def fork(self, *purpose: object) -> Rng:
        """An independent child stream (used by bots that sample)."""
        child = Rng.__new__(Rng)
        child._prefix = self._prefix + "/".join(str(p) for p in purpose).encode() + b"\x00"
        child._counter = 0
        child._words = []
        return child
