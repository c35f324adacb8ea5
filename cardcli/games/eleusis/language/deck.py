"""The 52 card identities the rule language talks about, as indices and bit masks.

Rules are judged over the 52 identities of a full deck (the one-fifth rule
counts them too), so every card is a number 0..51 in the engine's documented
order (clubs A..K, diamonds, hearts, spades) and every set of cards is a 52-bit
integer. Attribute tables and masks are computed once here.

Values follow the seed: A=1 … 10=10, J=11, Q=12, K=13; odd = A 3 5 7 9 J K.
"""

from __future__ import annotations

from cardcli.engine.cards import STANDARD_DECK

N = 52
FULL = (1 << N) - 1
CARDS: tuple[str, ...] = tuple(STANDARD_DECK)
INDEX: dict[str, int] = {c: i for i, c in enumerate(CARDS)}
BIT: tuple[int, ...] = tuple(1 << i for i in range(N))

_RANK_VALUE = {r: i + 1 for i, r in enumerate("A23456789TJQK")}
RANK: tuple[int, ...] = tuple(_RANK_VALUE[c[0]] for c in CARDS)
SUIT: tuple[str, ...] = tuple(c[1] for c in CARDS)
COLOUR: tuple[str, ...] = tuple("red" if s in "DH" else "black" for s in SUIT)
PRIMES = frozenset({2, 3, 5, 7, 11, 13})


def parity_of(v: int) -> str:
    return "even" if v % 2 == 0 else "odd"


def is_face(v: int) -> bool:
    return 11 <= v <= 13


def mask_of(pred: object) -> int:
    """The mask of the cards whose index satisfies ``pred(i)``."""
    m = 0
    for i in range(N):
        if pred(i):  # type: ignore[operator]
            m |= BIT[i]
    return m


def _partition(values: tuple[object, ...]) -> dict[object, int]:
    out: dict[object, int] = {}
    for i, v in enumerate(values):
        out[v] = out.get(v, 0) | BIT[i]
    return out


RANK_PART = _partition(RANK)
SUIT_PART = _partition(SUIT)
COLOUR_PART = _partition(COLOUR)
PARITY_PART = _partition(tuple(parity_of(r) for r in RANK))
CARD_PART: dict[object, int] = {i: BIT[i] for i in range(N)}


def cards_of(mask: int) -> list[str]:
    """The cards of a mask, in deck order."""
    return [CARDS[i] for i in range(N) if mask >> i & 1]


def indices_of(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out
