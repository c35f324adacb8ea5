"""Explicit positions: build the deck whose deal gives each seat the lesson's hand.

Each game's ``start_hand`` deals from the deck in a fixed order; the game's builder
(``position_deck`` in its tutor module, :attr:`~cardcli.engine.teaching.Teaching.tutor_module`),
made of the pieces here, inverts it (as bridge's ``deck_for`` does for PBN deals). Cards a position
leaves open are taken from the rest of the game's deck in its fixed order, so a
lesson deals the same everywhere. The result is always checked by dealing it
through the real game and comparing: a position the game would deal otherwise
(a red three in a canasta hand) is an error, not a surprise.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cardcli.engine.cards import Card, parse_card
from cardcli.tutor.model import LessonError, Position


class Pool:
    """The cards of the deck not yet placed, handed out in the deck's fixed order."""

    def __init__(self, deck: list[Card]) -> None:
        self.left = Counter(deck)
        self.order = list(deck)

    def take(self, card: Card, where: str) -> Card:
        if self.left[card] <= 0:
            raise LessonError(f"the position uses {card} more often than the deck holds it ({where})")
        self.left[card] -= 1
        return card

    def filler(self) -> Card:
        for c in self.order:
            if self.left[c] > 0:
                self.left[c] -= 1
                return c
        raise LessonError("the position needs more cards than the deck holds")

    def rest(self) -> list[Card]:
        out: list[Card] = []
        for c in self.order:
            while self.left[c] > 0:
                self.left[c] -= 1
                out.append(c)
        return out


def _expand(texts: list[str]) -> list[str]:
    """A bridge hand may be written as one PBN string, spades first: ``AKJ52.K43.Q2.J43``."""
    if len(texts) == 1 and texts[0].count(".") == 3:
        out: list[str] = []
        for suit, ranks in zip("SHDC", texts[0].split(".")):
            out.extend(r + suit for r in ranks.replace("-", "").upper())
        return out
    return texts


def cards_of(texts: list[str], where: str) -> list[Card]:
    out = []
    for t in _expand(texts):
        try:
            out.append(parse_card(t))
        except ValueError:
            raise LessonError(f"{where}: {t!r} is not a card") from None
    return out


def seat_hands(game: Any, players: int, pos: Position, pool: Pool, size: int) -> list[list[Card]]:
    names = [n.lower() for n in game.seat_names(players)]
    hands: list[list[Card]] = [[] for _ in range(players)]
    for name, cards in pos.hands.items():
        if name.lower() not in names:
            raise LessonError(f"position: there is no seat {name!r} (seats: {', '.join(game.seat_names(players))})")
        seat = names.index(name.lower())
        if len(cards) > size:
            raise LessonError(f"position: {name} holds {len(cards)} cards, but the deal gives {size}")
        hands[seat] = [pool.take(c, name) for c in cards_of(cards, f"position {name}")]
    return hands


def fill(hands: list[list[Card]], size: int, pool: Pool) -> None:
    for h in hands:
        while len(h) < size:
            h.append(pool.filler())


def round_robin(hands: list[list[Card]], order: list[int], size: int) -> list[Card]:
    return [hands[seat][r] for r in range(size) for seat in order]


def stock_cards(pos: Position, pool: Pool) -> list[Card]:
    return [pool.take(c, "stock") for c in cards_of(pos.stock, "position stock")]


def deck_for(game: Any, config: Any, players: int, dealer: int, pos: Position, first_dealer: int) -> list[Card]:
    """The deck that deals ``pos`` when ``dealer`` deals; checked by dealing it through the game."""
    builder = game.tutor_part("position_deck")
    if builder is None:
        raise LessonError(f"positions are not supported for {game.name}")
    deck = builder(game, config, players, dealer, pos)
    from cardcli.engine.fold import Table

    table = Table(game, config, players, first_dealer, strict=False)
    if pos.totals:
        _set_totals(table.state, pos.totals)
    table.deal(list(deck))
    locs = game.card_locations(table.state)
    names = game.seat_names(players)
    for name, cards in pos.hands.items():
        seat = [n.lower() for n in names].index(name.lower())
        got = locs.get(f"hand {names[seat]}", [])
        want = Counter(cards_of(cards, name))
        if want - Counter(got):
            raise LessonError(f"position: the deal does not give {name} that hand (a red three is laid out at once?)")
    return deck


def _set_totals(state: Any, totals: list[int]) -> None:
    if not hasattr(state, "totals"):
        raise LessonError("position: this game keeps no running totals")
    if len(totals) != len(state.totals):
        raise LessonError(f"position: totals needs {len(state.totals)} numbers, one per side")
    state.totals = list(totals)


def apply_totals(state: Any, pos: Position | None) -> None:
    """Set the running score a position starts from (before the deal)."""
    if pos is not None and pos.totals:
        _set_totals(state, pos.totals)
