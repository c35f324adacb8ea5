"""Seeded dealing: the deck order for each hand of a match, and its digest.

The deck for hand ``h`` (1-based) of a match with seed ``s`` is the game's
unshuffled deck (a fixed, documented order) shuffled by ``Rng(s, "deal", h)``.
Replays store the resulting order explicitly, so they survive any later change
to this code; tests pin the digests of several seeds, so such a change is
noticed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Sequence

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


def reshuffle(places: Sequence[list[Card]], shuffle: Callable[[list[Card]], None]) -> list[Card]:
    """Shuffle the cards of ``places`` among them, in place, each keeping its size.

    Used to make a position that differs only in cards a seat cannot see: the fairness
    checks (does anything shown change?) and the review's rollouts (guess the hidden cards).
    Returns the pool of cards that was shuffled.
    """
    pool = [c for place in places for c in place]
    shuffle(pool)
    at = 0
    for place in places:
        n = len(place)
        place[:] = pool[at : at + n]
        at += n
    return pool
