""":meth:`Table.push`'s lean path: a move of the game's canonical table is named by the table, a game
without secret moves is not asked about them, a hand ends at phase "over" unless the game says
otherwise, and the deck every deal is checked against is made once. Each test fails if its shortcut is
switched off (the slow call is counted) or answers differently from the full way."""

from __future__ import annotations

from typing import Any

import pytest

from cardcli.engine.deal import shuffled_deck
from cardcli.engine.fold import FoldError, Table, Visitor
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge.rules import BridgeGame

AUCTION = ("1C", "P", "P", "P")


class Counting(BridgeGame):
    """Bridge that counts the calls the lean path means to spare."""

    def __init__(self) -> None:
        self.formatted = 0

    def format_move(self, move: Any) -> str:  # type: ignore[override]
        self.formatted += 1
        return mv.format_move(move)


def _table(game: Any, strict: bool = False) -> Table[Any, Any]:
    config = game.presets["rubber"]
    table: Table[Any, Any] = Table(game, config, 4, 0, strict=strict)
    table.deal(shuffled_deck(game.deck(config, 4), "push-fast", 1))
    return table


@pytest.mark.parametrize("strict", [False, True])
def test_a_canonical_move_is_named_by_the_table_and_an_equal_one_by_format_move(strict: bool) -> None:
    game = Counting()
    table = _table(game, strict)
    names = []
    for text in AUCTION:
        game.formatted = 0
        step = table.push(mv.CANONICAL[text])
        assert game.formatted == 0 and step.notation == text
        names.append(table.hands[-1].moves[-1].move)
    assert names == list(AUCTION)
    card = game.legal_moves(table.state, claims=False)[0]
    own = mv.Play(card.card)  # equal to a canonical move, but not the table's object
    assert own is not card
    game.formatted = 0
    step = table.push(own)
    assert game.formatted == 1 and step.notation == f"play {card.card}" == table.hands[-1].moves[-1].move


def test_a_table_text_that_is_not_the_games_notation_is_not_used() -> None:
    class Aliased(Counting):
        canonical_moves = {**mv.CANONICAL, "pass": mv.PASS}  # a second text for the same move, after "P"

    game = Aliased()
    table = _table(game)
    game.formatted = 0
    step = table.push(mv.PASS)
    assert step.notation == "P" and table.hands[-1].moves[-1].move == "P"
    assert game.formatted == 0  # the table's "P" names it; its "pass" (listed later) is not bridge's notation


def test_secret_moves_are_asked_only_of_a_game_that_has_them() -> None:
    class Asked(BridgeGame):
        asked = 0

        def is_secret_move(self, move: Any) -> bool:
            Asked.asked += 1
            return move == mv.PASS

    plain, asked = _table(BridgeGame()), _table(Asked())
    for text in AUCTION:
        assert plain.push(mv.CANONICAL[text]).secret is False
    steps = [asked.push(mv.CANONICAL[text]) for text in AUCTION]
    assert Asked.asked == 4
    assert [s.secret for s in steps] == [False, True, True, True]
    assert [m.secret for m in asked.hands[-1].moves] == [False, True, True, True]


class Ends(Visitor):
    def __init__(self) -> None:
        self.ended: list[int] = []

    def end_hand(self, table: Table[Any, Any], hand: int, result: Any) -> None:
        self.ended.append(hand)


def test_a_hand_ends_when_the_game_says_so() -> None:
    class Short(BridgeGame):
        def hand_over(self, state: Any) -> bool:
            return len(state.calls) >= 2 or state.phase == "over"

    short, plain = _table(Short()), _table(BridgeGame())
    watch_short, watch_plain = Ends(), Ends()
    short.visitors.append(watch_short)
    plain.visitors.append(watch_plain)
    for text in AUCTION[:2]:
        short.push(mv.CANONICAL[text])
    assert watch_short.ended == [1]  # over by Short's own rule, in the auction
    for text in AUCTION:
        plain.push(mv.CANONICAL[text])
    assert watch_plain.ended == []  # the auction is over; the play is not
    while plain.state.phase != "over":
        assert watch_plain.ended == []
        plain.push(plain.game.legal_moves(plain.state, claims=False)[0])
    assert watch_plain.ended == [1] and plain.results[-1] is plain.state.result is not None


def test_every_deal_is_checked_against_the_games_deck() -> None:
    game = BridgeGame()
    config = game.presets["rubber"]
    deck = shuffled_deck(game.deck(config, 4), "push-fast", 2)
    for bad in (deck[:-1], deck[:-1] + deck[:1], deck[:-1] + ["ZZ"], deck + deck[:1]):
        table: Table[Any, Any] = Table(game, config, 4, 0)
        with pytest.raises(FoldError, match="not the 52 cards"):
            table.deal(bad)
    first, second = Table(game, config, 4, 0), Table(game, config, 4, 0)
    first.deal(deck)
    second.deal(list(reversed(deck)))
    assert first._deck is second._deck  # made once for the deck, not per table
