"""Canasta's view of a card: its rank token, what kind of card it is, and its value.

In Italian canasta the suit of a card never matters: only the rank, and the
colour of a three (digest §1.1; Italian packs print dots instead of suits).
So moves name cards by their *rank token* (``K``, ``T``, ``2``, ``JK``, and
``3`` for a black three, the only three a player ever holds), while the state
keeps the physical cards (``KH``, ``KS`` …) so that the 162 cards can be
accounted for. When a move says ``discard K`` the engine picks which king
leaves the hand by a fixed rule (:func:`pick`), because which one it is can
never change the game.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

from cardcli.engine.cards import JOKER, Card
from cardcli.i18n import N_

NATURAL_RANKS = "AKQJT987654"
"""The ranks that form natural melds, highest first (display order)."""
WILDS = ("JK", "2")
"""Wild tokens: the joker (jolly) and the two (pinella)."""
TOKEN_ORDER = NATURAL_RANKS + "3"
_ORDER = {t: i for i, t in enumerate([*NATURAL_RANKS, "3", "JK", "2"])}

RANK_NAMES = {
    "A": N_("aces"),
    "K": N_("kings"),
    "Q": N_("queens"),
    "J": N_("jacks"),
    "T": N_("tens"),
    "9": N_("nines"),
    "8": N_("eights"),
    "7": N_("sevens"),
    "6": N_("sixes"),
    "5": N_("fives"),
    "4": N_("fours"),
    "3": N_("threes"),
    "2": N_("twos (pinelle)"),
    "JK": N_("jokers (jolly)"),
    "W": N_("wildcards"),
}
"""The melds' names, untranslated (``_(RANK_NAMES[k])`` when shown)."""


def token(card: str) -> str:
    """The rank token of a physical card: ``KH`` → ``K``, ``JK`` → ``JK``."""
    return "JK" if card == JOKER else card[0]


class _TokenTable(dict[str, str]):
    """Physical card → rank token, filled on first sight of a card.

    The generator counts a hand at every position of every playout; a dict
    lookup through ``map`` costs a fraction of a call to :func:`token` per card.
    The answer depends on the card string alone, so the table never goes stale.
    """

    def __missing__(self, card: str) -> str:
        tok = self[card] = token(card)
        return tok


_TOKEN_OF = _TokenTable()
_SUIT_ORDER = "CDHS"
_PICK_ORDER: dict[str, tuple[str, ...]] = {"JK": (JOKER,)}
"""Per token, the physical cards :func:`pick` prefers, lowest first (``KC`` < ``KD`` < …)."""
for _t in (*NATURAL_RANKS, "2", "3"):
    _PICK_ORDER[_t] = tuple(_t + s for s in _SUIT_ORDER)


def is_wild(tok: str) -> bool:
    return tok == "JK" or tok == "2"


def is_natural(tok: str) -> bool:
    return len(tok) == 1 and tok in NATURAL_RANKS


def is_red_three(card: str) -> bool:
    return card != JOKER and card[0] == "3" and card[1] in "HD"


def is_black_three(card: str) -> bool:
    return card != JOKER and card[0] == "3" and card[1] in "CS"


def card_value(tok: str, black3: int = 5) -> int:
    """Points of a card (digest §1.2): joker 50, two 20, ace 20, K-8 10, 7-4 5, black three 5."""
    if tok == "JK":
        return 50
    if tok in ("2", "A"):
        return 20
    if tok in "KQJT98":
        return 10
    if tok in "7654":
        return 5
    if tok == "3":
        return black3
    raise ValueError(f"no value for {tok!r}")


_VALUE_OF = {t: card_value(t) for t in (*NATURAL_RANKS, "2", "3", "JK")}
""":func:`card_value` of every token (a black three at its usual 5): scoring and the opening add up
whole hands and melds, a dict lookup per card instead of a call."""


def cards_value(cards: Iterable[str], black3: int = 5) -> int:
    """Points of physical cards."""
    return tokens_value(list(map(_TOKEN_OF.__getitem__, cards)), black3)


def tokens_value(tokens: Iterable[str], black3: int = 5) -> int:
    toks = tokens if isinstance(tokens, (list, tuple)) else list(tokens)
    try:
        total = sum(map(_VALUE_OF.__getitem__, toks))
    except KeyError:  # not a token: card_value says why (or values it as it always has)
        return sum(card_value(t, black3) for t in toks)
    if black3 != 5:
        total += (black3 - 5) * toks.count("3")
    return total


def order_key(tok: str) -> int:
    return _ORDER[tok]


def sort_tokens(tokens: Iterable[str]) -> tuple[str, ...]:
    """Canonical order: naturals from ace down, black three, jokers, twos."""
    return tuple(sorted(tokens, key=_ORDER.__getitem__))  # order_key, without a call per token


def sort_cards(cards: Iterable[Card]) -> list[Card]:
    """Physical cards in the order a canasta player sorts a hand: by rank token, then suit."""
    return sorted(cards, key=lambda c: (_ORDER[token(c)], c))


def tokens_of(cards: Iterable[Card]) -> list[str]:
    """The rank token of each physical card, in order."""
    return list(map(_TOKEN_OF.__getitem__, cards))


def counts(cards: Iterable[str]) -> Counter[str]:
    """How many cards of each rank token (physical cards in, tokens out)."""
    return Counter(map(_TOKEN_OF.__getitem__, cards))


def held(cards: Iterable[Card], tok: str) -> int:
    """How many of ``cards`` have the rank token ``tok`` (one entry of :func:`counts`, without the rest)."""
    return list(map(_TOKEN_OF.__getitem__, cards)).count(tok)


def holds(cards: Sequence[Card], tok: str) -> bool:
    """Whether any of ``cards`` has the rank token ``tok`` (``held(cards, tok) > 0``): the token's own
    cards looked for first, the whole hand read only when none is there (the check of every discard
    asks it)."""
    for c in _PICK_ORDER.get(tok, ()):
        if c in cards:
            return True
    return held(cards, tok) > 0


def pick(hand: Sequence[Card], tok: str) -> Card:
    """The physical card that leaves ``hand`` when a move names ``tok`` (lowest suit first)."""
    for c in _PICK_ORDER.get(tok, ()):
        if c in hand:  # the canonical cards of the token, lowest first: the first one held is the lowest
            return c
    best: Card | None = None  # no canonical card of the token (a hand built by a test): search it all
    for c in hand:
        if token(c) == tok and (best is None or c < best):
            best = c
    if best is None:
        raise ValueError(f"no {tok} in hand")
    return best


def take_out(hand: list[Card], tokens: Iterable[str]) -> list[Card]:
    """Remove one physical card per token from ``hand`` (in place); returns the cards removed."""
    out: list[Card] = []
    order = _PICK_ORDER.get
    for t in tokens:
        for c in order(t, ()):  # :func:`pick`'s first search, inline: a meld takes out several cards
            if c in hand:
                break
        else:
            c = pick(hand, t)
        hand.remove(c)
        out.append(c)
    return out
