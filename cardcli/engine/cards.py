"""Cards and their notation, shared by every game.

A card *is* its canonical ASCII notation: rank then suit (``TH``, ``QS``, ``2C``)
or ``JK`` for a joker. Games with several decks (canasta, burraco) hold cards as
multisets of these strings, because which physical copy is played never
matters. Keeping cards as plain strings makes replays, tests and logs readable
without conversion layers, and makes every card hashable and cheap.

Friendly input (``10h``, ``T♥``, ``♥10``, ``queen of spades``, ``jolly``) is
accepted by :func:`parse_card`; output is chosen per charset by
:func:`format_card`.

>>> parse_card("10h"), parse_card("q♠"), parse_card("joker")
('TH', 'QS', 'JK')
>>> format_card("TH", "unicode"), format_card("TH", "ascii"), format_card("TH", "words")
('10♥', 'TH', 'ten of hearts')
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Literal, TypeAlias

from cardcli.engine.words import (
    RANK_LETTERS_IT,
    RANK_NAMES_IT,
    RANK_WORDS_IT,
    SUIT_LETTERS_IT,
    SUIT_NAMES_IT,
    SUIT_WORDS_IT,
)
from cardcli.i18n import _

Card: TypeAlias = str
"""A card is its canonical notation; the alias documents intent in signatures."""
Charset = Literal["unicode", "ascii", "words"]

RANKS = "A23456789TJQK"
"""Rank characters in ace-low order."""
SUITS = "CDHS"
"""Suit characters in bridge order (clubs lowest, spades highest)."""
JOKER = Card("JK")

SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
RANK_NAMES = {
    "A": "ace",
    "2": "two",
    "3": "three",
    "4": "four",
    "5": "five",
    "6": "six",
    "7": "seven",
    "8": "eight",
    "9": "nine",
    "T": "ten",
    "J": "jack",
    "Q": "queen",
    "K": "king",
}
RED_SUITS = frozenset("DH")

STANDARD_DECK: tuple[Card, ...] = tuple(Card(r + s) for s in SUITS for r in RANKS)
"""The 52 cards in a fixed, documented order: clubs A..K, diamonds, hearts, spades."""

_RANK_INDEX = {r: i + 1 for i, r in enumerate(RANKS)}  # A=1 .. K=13

# Friendly spellings, lower-case. Italian words are accepted where they cannot
# clash with an English spelling (the Italian suit letters C and Q would).
_RANK_ALIASES = {
    **{r.lower(): r for r in RANKS},
    "10": "T",
    "1": "A",
    **{name: r for r, name in RANK_NAMES.items()},
    **RANK_WORDS_IT,
    "jack": "J",
    "queen": "Q",
    "king": "K",
    "ace": "A",
}
_SUIT_ALIASES = {
    **{s.lower(): s for s in SUITS},
    **{sym: s for s, sym in SUIT_SYMBOLS.items()},
    "♧": "C",
    "♢": "D",
    "♡": "H",
    "♤": "S",
    **{name: s for s, name in SUIT_NAMES.items()},
    **{name[:-1]: s for s, name in SUIT_NAMES.items()},  # "club", "spade"
    **SUIT_WORDS_IT,
    "f": "C",
    "p": "S",
}
_JOKER_WORDS = {"jk", "joker", "jolly", "jo", "*", "🃏"}
_FILLERS = {"of", "di", "de"}


class CardParseError(ValueError):
    """The text does not spell a card; the message says why."""


def rank(card: str) -> str:
    """The rank character of ``card`` (``"J"`` for ``JK`` too; check :func:`is_joker`)."""
    return card[0]


def suit(card: str) -> str | None:
    """The suit character of ``card``, or ``None`` for a joker."""
    return None if card == JOKER else card[1]


def is_joker(card: str) -> bool:
    return card == JOKER


def rank_index(card: str) -> int:
    """Ace-low index: A=1, 2=2 .. K=13. Jokers have no rank (0)."""
    return 0 if card == JOKER else _RANK_INDEX[card[0]]


def is_red(card: str) -> bool:
    return card != JOKER and card[1] in RED_SUITS


def make(rank_char: str, suit_char: str) -> Card:
    return Card(rank_char + suit_char)


def multi_deck(decks: int = 1, jokers: int = 0) -> list[Card]:
    """``decks`` copies of the 52 cards then ``jokers`` jokers, in a fixed order.

    The order matters: it is the input of the seeded shuffle, so changing it
    changes every deal (tests pin the digests).
    """
    return [c for _ in range(decks) for c in STANDARD_DECK] + [JOKER] * jokers


def is_card(text: str) -> bool:
    """True when ``text`` is already canonical notation."""
    return text == JOKER or (len(text) == 2 and text[0] in _RANK_INDEX and text[1] in SUIT_SYMBOLS)


def parse_card(text: str) -> Card:
    """Parse friendly card text into canonical notation.

    Accepts rank-suit or suit-rank order, ``10``/``T``, any case, suit symbols,
    English or Italian words ("queen of spades", "asso di cuori") and joker
    spellings. Raises :class:`CardParseError` naming what was wrong.
    """
    raw = text.strip()
    low = raw.lower()
    if not low:
        raise CardParseError(_("empty card"))
    if low in _JOKER_WORDS:
        return JOKER
    if is_card(raw):
        return Card(raw)
    italian = _italian_first()
    if italian:
        found = _italian_abbreviation(low)
        if found:
            return found
    if len(raw) == 2 and is_card(raw.upper()):
        return Card(raw.upper())
    words = [w for w in low.split() if w not in _FILLERS]
    if len(words) == 2:
        a, b = words
        if a in _RANK_ALIASES and b in _SUIT_ALIASES:
            return Card(_RANK_ALIASES[a] + _SUIT_ALIASES[b])
        if a in _SUIT_ALIASES and b in _RANK_ALIASES:
            return Card(_RANK_ALIASES[b] + _SUIT_ALIASES[a])
    compact = low.replace(" ", "")
    for cut in (1, 2):  # rank first: "10h", "th", "q♠"
        r, s = compact[:cut], compact[cut:]
        if r in _RANK_ALIASES and s in _SUIT_ALIASES and len(r) <= 2:
            return Card(_RANK_ALIASES[r] + _SUIT_ALIASES[s])
    for cut in (1,):  # suit first: "♥10", "hq"
        s, r = compact[:cut], compact[cut:]
        if s in _SUIT_ALIASES and r in _RANK_ALIASES and len(r) <= 2:
            return Card(_RANK_ALIASES[r] + _SUIT_ALIASES[s])
    found = None if italian else _italian_abbreviation(low)  # `Dc`, `7q`: no English reading
    if found:
        return found
    raise CardParseError(_("{raw!r} is not a card (try e.g. TH, 10h, Q♠, JK or donna di cuori)").format(raw=raw))


def _italian_first() -> bool:
    """Italian abbreviations come first when the messages are in Italian."""
    from cardcli.i18n import language

    return language() == "it"


def _italian_abbreviation(low: str) -> Card | None:
    """``dc`` (donna di cuori), ``rq``, ``ap``, ``10c``, ``7f`` → the card, or None.

    Ranks: digits, ``a``, ``r``, ``d``, ``f``; suits ``c`` (cuori), ``q`` (quadri), ``f`` (fiori),
    ``p`` (picche). Exact canonical notation (``7C``) has been read before this is asked."""
    compact = low.replace(" ", "")
    for cut in (1, 2):
        r, s = compact[:cut], compact[cut:]
        rank_char = RANK_LETTERS_IT.get(r) or ("T" if r == "10" else r.upper() if r in "23456789" and r else None)
        if rank_char and s in SUIT_LETTERS_IT:
            return Card(rank_char + SUIT_LETTERS_IT[s])
    return None


def parse_rank(text: str) -> str | None:
    """The rank character a word names (``10``, ``t``, ``queen``, ``re``), or None."""
    return _RANK_ALIASES.get(text.strip().lower())


def card_words(words: Sequence[str]) -> tuple[Card, int] | None:
    """The card spelt by the first words of ``words`` and how many words it took
    (``["ten", "of", "hearts", ...]`` → ``("TH", 3)``; ``["KS"]`` → ``("KS", 1)``), or None."""
    for n in (3, 2, 1):
        if len(words) < n:
            continue
        chunk = list(words[:n])
        if n == 3 and chunk[1].lower() not in _FILLERS:
            continue
        if n == 2 and chunk[1].lower() in _FILLERS:
            continue
        try:
            return parse_card(" ".join(chunk)), n
        except CardParseError:
            continue
    return None


def parse_cards(text: str) -> list[Card]:
    """Parse a space- or comma-separated list of cards."""
    parts = [p for p in re.split(r"[\s,]+", text.strip()) if p]
    out: list[Card] = []
    i = 0
    while i < len(parts):
        found = card_words(parts[i:]) if len(parts) - i > 1 else None  # "donna di cuori", "ten of hearts"
        if found is not None and found[1] > 1:
            out.append(found[0])
            i += found[1]
            continue
        out.append(parse_card(parts[i]))
        i += 1
    return out


def format_card(card: str, charset: Charset = "unicode") -> str:
    """Render one card for people; ``ascii`` is the canonical notation."""
    if charset == "ascii":
        return card
    if card == JOKER:
        return ("jolly" if _italian_first() else "joker") if charset == "words" else "JK"
    r, s = card[0], card[1]
    if charset == "words":
        if _italian_first():
            return f"{RANK_NAMES_IT[r]} di {SUIT_NAMES_IT[s]}"
        return f"{RANK_NAMES[r]} of {SUIT_NAMES[s]}"
    return ("10" if r == "T" else r) + SUIT_SYMBOLS[s]


def rank_word(rank_char: str) -> str:
    """A rank as ``--charset words`` says it in the active language (``eight``, ``otto``; ``JK`` a joker)."""
    if rank_char == JOKER:
        return "jolly" if _italian_first() else "joker"
    return RANK_NAMES_IT[rank_char] if _italian_first() else RANK_NAMES[rank_char]


def suit_word(suit_char: str) -> str:
    """A suit as ``--charset words`` says it in the active language (``spades``, ``picche``)."""
    return SUIT_NAMES_IT[suit_char] if _italian_first() else SUIT_NAMES[suit_char]


def format_cards(cards: Iterable[str], charset: Charset = "unicode") -> str:
    sep = ", " if charset == "words" else " "
    return sep.join(format_card(c, charset) for c in cards)


def sort_key(card: str, ace_high: bool = False) -> tuple[int, int]:
    """Group by suit (bridge order, jokers last) then by rank."""
    if card == JOKER:
        return (len(SUITS), 99)
    idx = _RANK_INDEX[card[0]]
    if ace_high and idx == 1:
        idx = 14
    return (SUITS.index(card[1]), idx)


def sorted_cards(cards: Iterable[str], ace_high: bool = False) -> list[Card]:
    return sorted((Card(c) for c in cards), key=lambda c: sort_key(c, ace_high))


def card_counter(cards: Iterable[str]) -> Counter[str]:
    return Counter(cards)


def contains_all(have: Sequence[str] | Counter[str], want: Iterable[str]) -> bool:
    """True when the multiset ``have`` holds every card of ``want`` (with repeats)."""
    pool = have if isinstance(have, Counter) else Counter(have)
    need = Counter(want)
    return all(pool[c] >= n for c, n in need.items())


def remove_cards(hand: list[Card], cards: Iterable[str]) -> None:
    """Remove one copy of each card from ``hand`` in place (caller checked presence)."""
    for c in cards:
        hand.remove(Card(c))
