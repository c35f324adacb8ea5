"""The cards each seat holds, per suit, as 13-bit masks: the play's hot path.

``legal_moves`` in the play is the hand, or its cards in the suit led. Building that list card by
card (a dict lookup per card) was the largest part of a random playout's legal-move cost; with a
mask per suit it is one lookup of a ready-made tuple of play moves, and playing a card clears one
bit. Each tuple is made the first time it is asked for, and shared.
``hands`` stays the authority on what is held; the masks are kept beside it, in step.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, TypeVar

from cardcli.engine.cards import Card
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge.play import BRIDGE_RANKS, SUIT_ORDER

T = TypeVar("T")
SUIT_INDEX: Final = {s: i for i, s in enumerate(SUIT_ORDER)}
"""Suit letter → its place in hand order (spades first)."""
_RANKS_DOWN = BRIDGE_RANKS[::-1]
CARD_BIT: dict[str, tuple[int, int]] = {r + s: (SUIT_INDEX[s], 1 << i) for s in SUIT_ORDER for i, r in enumerate(_RANKS_DOWN)}
"""Card → (suit index, its bit): the ace is bit 0, so rising bits are the hand order within a suit."""
_PLAYS = {m.card: m for m in mv.ALL_MOVES if type(m) is mv.Play}
DEAL_BIT: Final[dict[str, int]] = {
    r + s: 1 << (13 * si + i) for si, s in enumerate(SUIT_ORDER) for i, r in enumerate(_RANKS_DOWN)
}
"""Card → its bit in a 52-bit hand mask, in hand order (A♠ is bit 0, 2♣ bit 51)."""
FULL: Final = (1 << 52) - 1
RUNS: list[list[tuple[mv.Play, ...]]] = []
"""Suit index → mask → the play moves of those cards, in hand order: all 4 × 8,192, made by
:func:`play_runs` at the first card play (about 8 ms; not at import or at the deal, so that
``--help``, the first screen and reading a replay's auction stay light)."""
CARD_RUNS: Final[list[list[tuple[Card, ...] | None]]] = [[None] * 8192 for _ in SUIT_ORDER]
"""Suit index → mask → those cards, in hand order (filled the same way)."""
_SUIT_PLAYS = [[_PLAYS[r + s] for r in _RANKS_DOWN] for s in SUIT_ORDER]
_SUIT_CARDS = [[r + s for r in _RANKS_DOWN] for s in SUIT_ORDER]


def _filled(table: list[Any], items: list[list[Any]], suit: int, mask: int) -> tuple[Any, ...]:
    """``table[suit][mask]``, made on the first request from the run without its highest card."""
    got = table[suit][mask]
    if got is None:
        if not mask:
            return ()
        low = mask & -mask
        got = table[suit][mask] = (items[suit][low.bit_length() - 1], *_filled(table, items, suit, mask ^ low))
    return got  # type: ignore[no-any-return]


def runs_of(items: list[list[T]]) -> list[list[tuple[T, ...]]]:
    """Per suit, every mask's items in hand order, from each suit's 13 items by bit (each mask's tuple
    is the one without its highest bit, then that item: hand order, as the ace is bit 0)."""
    out = []
    for suit in items:
        table: list[tuple[T, ...]] = [()]
        for p in suit:
            table += [t + (p,) for t in table]
        out.append(table)
    return out


def play_runs() -> list[list[tuple[mv.Play, ...]]]:
    """:data:`RUNS`, made the first time."""
    if not RUNS:
        RUNS.extend(runs_of(_SUIT_PLAYS))
    return RUNS


def cards_run(suit: int, mask: int) -> tuple[Card, ...]:
    """The cards of ``mask`` in suit ``suit``, in hand order (made once, kept)."""
    return _filled(CARD_RUNS, _SUIT_CARDS, suit, mask)


def deal_hands(cards: Sequence[Card], dealer: int) -> list[tuple[int, int, int, int]]:
    """The suit masks of the four hands dealt from ``cards`` one at a time clockwise from the
    dealer's left. Raises ValueError unless ``cards`` are the 52 of one deck."""
    if len(cards) != 52:
        raise ValueError("a bridge deal needs the 52 distinct cards of one deck")
    bit = DEAL_BIT
    whole: list[int] = []
    deck = cards if isinstance(cards, list) else list(cards)  # a list: indexed directly when compiled
    try:
        # seat by seat, its cards every fourth from its first: plain loops, which the compiled build
        # (cardcli.native) turns into a few machine instructions a card
        for seat in range(4):
            h = 0
            for j in range((seat - dealer - 1) & 3, 52, 4):
                h |= bit[deck[j]]
            whole.append(h)
    except (KeyError, TypeError):
        raise ValueError("a bridge deal needs the 52 distinct cards of one deck") from None
    if whole[0] | whole[1] | whole[2] | whole[3] != FULL:  # 52 cards that cover the deck: no repeats
        raise ValueError("a bridge deal needs the 52 distinct cards of one deck")
    return [(h & 0x1FFF, h >> 13 & 0x1FFF, h >> 26 & 0x1FFF, h >> 39) for h in whole]


def hand_of(suits: Sequence[int]) -> list[Card]:
    """The cards of one seat's four suit masks, in hand order."""
    return list(hand_tuple(suits))


def hand_tuple(suits: Sequence[int]) -> tuple[Card, ...]:
    """:func:`hand_of` as a tuple, joined from the four ready-made runs (the deal keeps each hand so)."""
    names = CARD_RUNS
    a, b, c, d = suits
    return (
        (names[0][a] or cards_run(0, a))
        + (names[1][b] or cards_run(1, b))
        + (names[2][c] or cards_run(2, c))
        + (names[3][d] or cards_run(3, d))
    )


def follows_suit(held: Sequence[int], trick: Sequence[Card], card: Card) -> bool:
    """Law 44: any card on lead; later the suit led, or any card when the hand holds none of it.

    The one statement of the rule: the checker's quick answer, its refusal and the trusting fold all
    ask it (``held`` is the seat's suit masks; the legal list builds the same set from them).
    """
    return not trick or card[1] == trick[0][1] or not held[SUIT_INDEX[trick[0][1]]]
