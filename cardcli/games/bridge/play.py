"""The play of the cards: following suit, trumps and who wins a trick (Laws 44-47).

Cards are canonical strings (``QS``); for bridge the ace is high. These are
pure functions of the cards so the rules, the bots and the double-dummy
helpers share one definition of a trick.
"""

from __future__ import annotations

from collections.abc import Sequence

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


def sort_hand(cards: Sequence[str]) -> list[Card]:
    return sorted((Card(c) for c in cards), key=hand_sort_key)


def legal_cards(hand: Sequence[Card], led: str | None) -> list[Card]:
    """Cards that may be played: any card on lead; else the led suit if held, else any card (Law 44)."""
    if led is not None:
        follow = [c for c in hand if c[1] == led]
        if follow:
            return sort_hand(follow)
    return sort_hand(hand)


def trick_winner(cards: Sequence[str], leader: int, trump: str | None) -> int:
    """The seat that wins a complete trick: the highest trump, else the highest card of the suit led."""
    return (leader + winning_index(cards, trump)) % 4


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
