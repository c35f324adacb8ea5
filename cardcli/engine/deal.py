"""Seeded dealing: the deck order for each hand of a match, and its digest.

The deck for hand ``h`` (1-based) of a match with seed ``s`` is the game's
unshuffled deck (a fixed, documented order) shuffled by ``Rng(s, "deal", h)``.
Replays store the resulting order explicitly, so they survive any later change
to this code; tests pin the digests of several seeds, so such a change is
noticed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from cardcli.engine.cards import Card
from cardcli.engine.rng import Rng


def shuffled_deck(cards: Sequence[Card], seed: int | str, hand: int) -> list[Card]:
    """The deck order for hand number ``hand`` (1-based) of the match with ``seed``."""
    deck = list(cards)
    Rng(seed, "deal", hand).shuffle(deck)
    return deck


def first_dealer(seed: int | str, players: int) -> int:
    """The seat that deals the first hand: a seeded cut, uniform over the seats."""
    return Rng(seed, "first-dealer").randbelow(players)


def deck_digest(deck: Sequence[str]) -> str:
    """A short, stable fingerprint of a deck order (16 hex digits of SHA-256)."""
    return hashlib.sha256(" ".join(deck).encode()).hexdigest()[:16]
