"""The play of the cards: following suit, trumps and who wins a trick (Laws 44-47).

Cards are canonical strings (``QS``); for bridge the ace is high. These are
pure functions of the cards so the rules, the bots and the double-dummy
helpers share one definition of a trick.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from cardcli.engine.cards import Card

BRIDGE_RANKS = "23456789TJQKA"
"""Ranks from lowest to highest (bridge: ace high)."""
RANK_VALUE = {r: i + 2 for i, r in enumerate(BRIDGE_RANKS)}  # 2..14
SUIT_ORDER = "SHDC"
"""The order hands are shown in: spades, hearts, diamonds, clubs."""


def rank_value(card: str) -> int:
    return RANK_VALUE[card[0]]


def suit_of(card: str) -> str:
    return card[1]


def hand_sort_key(card: str) -> tuple[int, int]:
    """Spades first, high cards first, as a bridge hand is held."""
    return (SUIT_ORDER.index(card[1]), -RANK_VALUE[card[0]])


_HAND_ORDER = {c: i for i, c in enumerate(r + s for s in SUIT_ORDER for r in reversed(BRIDGE_RANKS))}
"""Each card's place in :func:`hand_sort_key` order, for sorting without a key function."""


def sort_hand(cards: Sequence[str]) -> list[Card]:
    """``cards`` as a bridge hand is held (:func:`hand_sort_key` order)."""
    try:
        return sorted(cards, key=_HAND_ORDER.__getitem__)
    except (KeyError, TypeError):  # not a bridge card: the key function says what is wrong with it
        return sorted((Card(c) for c in cards), key=hand_sort_key)


def _trick_scores() -> dict[str | None, dict[str, dict[str, int]]]:
    """trump → suit led → card → how strongly it holds a trick: a trump (rank + 20), a card of
    the suit led (its rank), any other card (0). The highest score wins, as :func:`winning_index`."""
    cards = [r + s for s in SUIT_ORDER for r in BRIDGE_RANKS]
    return {
        trump: {
            led: {c: RANK_VALUE[c[0]] + (20 if c[1] == trump else 0) if c[1] in (led, trump) else 0 for c in cards}
            for led in SUIT_ORDER
        }
        for trump in (None, *SUIT_ORDER)
    }


TRICK_SCORES: Final = _trick_scores()


def trick_winner(cards: Sequence[str], leader: int, trump: str | None) -> int:
    """The seat that wins a complete trick: the highest trump, else the highest card of the suit led.

    Same answer as ``(leader + winning_index(cards, trump)) % 4``, from a table (the play's hot path)."""
    w, x, y, z = cards
    score = TRICK_SCORES[trump][w[1]]
    a, b, c, d = score[w], score[x], score[y], score[z]  # four lookups: cheaper than a map's calls
    # scores of different cards that hold the trick never tie (only zeros do, and the lead scores)
    if a > b:
        best = (0 if a > d else 3) if a > c else (2 if c > d else 3)
    else:
        best = (1 if b > d else 3) if b > c else (2 if c > d else 3)
    return (leader + best) % 4


def winning_index(cards: Sequence[str], trump: str | None) -> int:
    """Index (in play order) of the card currently winning a possibly incomplete trick."""
    best = 0
    for i in range(1, len(cards)):
        c, b = cards[i], cards[best]
        if c[1] == b[1]:
            if RANK_VALUE[c[0]] > RANK_VALUE[b[0]]:
                best = i
        elif trump is not None and c[1] == trump:
            best = i
    return best


def trump_of(strain: str) -> str | None:
    """The trump suit of a strain (``None`` at notrump)."""
    return None if strain == "N" else strain


def hcp(cards: Sequence[str]) -> int:
    """High-card points: ace 4, king 3, queen 2, jack 1."""
    return sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(c[0], 0) for c in cards)
