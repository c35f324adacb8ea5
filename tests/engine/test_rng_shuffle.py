"""The fast seeded shuffle draws exactly the stream the documented definition does: every deal, and
every replay's deck check, depends on it."""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any

import pytest

from cardcli.engine.rng import Rng


def reference_shuffle(rng: Rng, items: MutableSequence[Any]) -> None:
    """The module docstring's definition: for i from len-1 down to 1, swap i with randbelow(i + 1)."""
    for i in range(len(items) - 1, 0, -1):
        j = rng.randbelow(i + 1)
        items[i], items[j] = items[j], items[i]


@pytest.mark.parametrize("n", [0, 1, 2, 3, 5, 52, 53, 108, 162, 300])
def test_shuffle_is_the_documented_fisher_yates(n: int) -> None:
    for seed in range(40):
        fast, slow = Rng(seed, "deal", n), Rng(seed, "deal", n)
        if seed % 3 == 0:  # words left over in a block before the shuffle starts
            assert fast.randbelow(7) == slow.randbelow(7)
        a, b = list(range(n)), list(range(n))
        fast.shuffle(a)
        reference_shuffle(slow, b)
        assert a == b
        # and the stream goes on from the same place
        assert [fast.randbelow(1000) for _ in range(9)] == [slow.randbelow(1000) for _ in range(9)]


def test_a_rejected_word_is_skipped_as_randbelow_skips_it() -> None:
    """Words at or above the limit are drawn again (about once in 2**57 draws, so forced here)."""
    top = 2**64 - 1  # above the limit of every bound that is not a power of two
    fast, slow = Rng("r", "deal", 1), Rng("r", "deal", 1)
    words = [top, 5, top, top, 77, 123456789, top, 3, 2**63, 9, 10, 11]
    fast._words = list(reversed(words))
    slow._words = list(reversed(words))
    a, b = list(range(7)), list(range(7))
    fast.shuffle(a)
    reference_shuffle(slow, b)
    assert a == b and a != list(range(7))
    assert fast.randbelow(52) == slow.randbelow(52)


def test_the_limits_table_is_each_draws_own_limit() -> None:
    from cardcli.engine.rng import _LIMITS

    for n in (2, 3, 52, 108, 162, 255):
        assert list(_LIMITS[n:1:-1]) == [(2**64 // m) * m for m in range(n, 1, -1)]


@pytest.mark.parametrize("n", [7, 52])
def test_a_rejection_anywhere_in_a_deck_is_skipped(n: int) -> None:
    """The all-at-once path must notice a word at or above its own draw's limit, wherever it is."""
    for at in range(n - 1):
        words = [(k * 2654435761) % 2**63 for k in range(1, n + 8)]
        words[at] = 2**64 - 1  # above every limit but a power of two's
        fast, slow = Rng("r", at), Rng("r", at)
        fast._words = list(reversed(words))
        slow._words = list(reversed(words))
        a, b = list(range(n)), list(range(n))
        fast.shuffle(a)
        reference_shuffle(slow, b)
        assert a == b, at
