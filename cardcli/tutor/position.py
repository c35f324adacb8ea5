"""Explicit positions: build the deck whose deal gives each seat the lesson's hand.

Each game's ``start_hand`` deals from the deck in a fixed order; the builders
here invert it (as bridge's ``deck_for`` does for PBN deals). Cards a position
leaves open are taken from the rest of the game's deck in its fixed order, so a
lesson deals the same everywhere. The result is always checked by dealing it
through the real game and comparing: a position the game would deal otherwise
(a red three in a canasta hand) is an error, not a surprise.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from cardcli.engine.cards import Card, parse_card
from cardcli.tutor.model import LessonError, Position


class _Pool:
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


def _cards(texts: list[str], where: str) -> list[Card]:
    out = []
    for t in _expand(texts):
        try:
            out.append(parse_card(t))
        except ValueError:
            raise LessonError(f"{where}: {t!r} is not a card") from None
    return out


def _hands(game: Any, players: int, pos: Position, pool: _Pool, size: int) -> list[list[Card]]:
    names = [n.lower() for n in game.seat_names(players)]
    hands: list[list[Card]] = [[] for _ in range(players)]
    for name, cards in pos.hands.items():
        if name.lower() not in names:
            raise LessonError(f"position: there is no seat {name!r} (seats: {', '.join(game.seat_names(players))})")
        seat = names.index(name.lower())
        if len(cards) > size:
            raise LessonError(f"position: {name} holds {len(cards)} cards, but the deal gives {size}")
        hands[seat] = [pool.take(c, name) for c in _cards(cards, f"position {name}")]
    return hands


def _fill(hands: list[list[Card]], size: int, pool: _Pool) -> None:
    for h in hands:
        while len(h) < size:
            h.append(pool.filler())


def _round_robin(hands: list[list[Card]], order: list[int], size: int) -> list[Card]:
    return [hands[seat][r] for r in range(size) for seat in order]


def _stock(pos: Position, pool: _Pool) -> list[Card]:
    return [pool.take(c, "stock") for c in _cards(pos.stock, "position stock")]


def _rummy(game: Any, config: Any, players: int, dealer: int, pos: Position) -> list[Card]:
    from cardcli.games.rummy.config import DEAL_SIZES

    size = DEAL_SIZES[players]
    pool = _Pool(game.deck(config, players))
    hands = _hands(game, players, pos, pool, size)
    stock = _stock(pos, pool)
    _fill(hands, size, pool)
    order = [(dealer + i) % players for i in range(1, players + 1)]
    return _round_robin(hands, order, size) + stock + pool.rest()


def _burraco(game: Any, config: Any, players: int, dealer: int, pos: Position) -> list[Card]:
    from cardcli.games.burraco.pozzetto import POZZETTO_SIZE
    from cardcli.games.burraco.rules import HAND_SIZE

    pool = _Pool(game.deck(config, players))
    hands = _hands(game, players, pos, pool, HAND_SIZE)
    stock = _stock(pos, pool)
    given = [[pool.take(c, "pozzetto") for c in _cards(p, "position pozzetti")] for p in pos.pozzetti]
    if len(given) > 2 or any(len(p) > POZZETTO_SIZE for p in given):
        raise LessonError(f"position: two pozzetti of {POZZETTO_SIZE} cards at most")
    _fill(hands, HAND_SIZE, pool)
    pozzetti = given + [[] for _ in range(2 - len(given))]
    for p in pozzetti:
        while len(p) < POZZETTO_SIZE:
            p.append(pool.filler())
    order = [(dealer + i) % players for i in range(1, players + 1)]
    top = _round_robin(hands, order, HAND_SIZE) + stock
    bottom = [pozzetti[i % 2][i // 2] for i in range(2 * POZZETTO_SIZE)]  # deck[-1 - i]
    middle = pool.rest()
    return top + middle + list(reversed(bottom))


def _canasta(game: Any, config: Any, players: int, dealer: int, pos: Position) -> list[Card]:
    from cardcli.games.canasta.rules import HAND_SIZE

    pool = _Pool(game.deck(config, players))
    hands = _hands(game, players, pos, pool, HAND_SIZE)
    stock = _stock(pos, pool)
    rest = []
    # Filler cards must not be red threes (the deal would lay them out and replace them).
    for h in hands:
        while len(h) < HAND_SIZE:
            c = pool.filler()
            if c in ("3H", "3D"):
                rest.append(c)
                continue
            h.append(c)
    state = game.new_match(config, players, dealer)
    order, seat = [], dealer
    for _i in range(players):
        seat = state.next_seat(seat)
        order.append(seat)
    return _round_robin(hands, order, HAND_SIZE) + stock + rest + pool.rest()


def _eleusis(game: Any, config: Any, players: int, dealer: int, pos: Position) -> list[Card]:
    from cardcli.games.eleusis.config import deck_size

    pool = _Pool(game.deck(config, players))
    trim = 52 - deck_size(players)
    per = (deck_size(players) - 1) // (players - 1)
    hands = _hands(game, players, pos, pool, per)
    if hands[dealer]:
        raise LessonError("position: the dealer holds no cards in eleusis")
    removed = [pool.take(c, "removed") for c in _cards(pos.removed, "position removed")]
    starter = [pool.take(c, "starter") for c in _cards([pos.starter], "position starter")] if pos.starter else []
    if len(removed) > trim:
        raise LessonError(f"position: {players} players trim {trim} cards, not {len(removed)}")
    state = game.new_match(config, players, dealer)
    order, seat = [], dealer
    for _i in range(players - 1):
        seat = state.next_player(seat)
        order.append(seat)
    for s in order:
        while len(hands[s]) < per:
            hands[s].append(pool.filler())
    while len(removed) < trim:
        removed.append(pool.filler())
    if not starter:
        starter = [pool.filler()]
    return removed + _round_robin(hands, order, per) + starter


def _bridge(game: Any, config: Any, players: int, dealer: int, pos: Position) -> list[Card]:
    pool = _Pool(game.deck(config, players))
    hands = _hands(game, players, pos, pool, 13)
    _fill(hands, 13, pool)
    return [hands[(dealer + 1 + i) % 4][i // 4] for i in range(52)]


BUILDERS: dict[str, Callable[[Any, Any, int, int, Position], list[Card]]] = {
    "rummy": _rummy, "burraco": _burraco, "canasta": _canasta, "eleusis": _eleusis, "bridge": _bridge,
}


def deck_for(game: Any, config: Any, players: int, dealer: int, pos: Position, first_dealer: int) -> list[Card]:
    """The deck that deals ``pos`` when ``dealer`` deals; checked by dealing it through the game."""
    builder = BUILDERS.get(game.name)
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
        want = Counter(_cards(cards, name))
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
