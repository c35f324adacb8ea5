"""Rummy rule tables: real situations from the rules digest → verdict and rule id."""

from __future__ import annotations

import pytest
from rummy.situations import GAME, play, situation

from cardcli.engine.cards import STANDARD_DECK
from cardcli.engine.deal import shuffled_deck


@pytest.mark.parametrize(("players", "size", "stock"), [(2, 10, 31), (3, 7, 30), (4, 7, 23), (5, 6, 21), (6, 6, 15)])
def test_deal_sizes(players: int, size: int, stock: int) -> None:
    cfg = GAME.presets["standard"]
    st = GAME.new_match(cfg, players, 0)
    deck = shuffled_deck(STANDARD_DECK, 3, 1)
    GAME.start_hand(st, deck)
    assert [len(h) for h in st.hands] == [size] * players
    assert len(st.stock) == stock and len(st.discard) == 1
    assert st.turn == 1  # left of the dealer plays first
    # one card at a time clockwise, starting left of the dealer
    assert st.hands[1][0] == deck[0] and st.hands[0][0] == deck[players - 1]
    assert st.discard == [deck[players * size]]
    assert st.stock[-1] == deck[players * size + 1]


CASES = [
    # (description, situation kwargs, move, refused rule or None)
    ("meld before drawing", dict(hands=["3H 4H 5H KS", "2C"], phase="draw"), "meld 3H 4H 5H", "turn.draw-first"),
    ("discard before drawing", dict(hands=["3H 4H 5H KS", "2C"], phase="draw"), "discard KS", "turn.draw-first"),
    ("second draw", dict(hands=["3H 4H 5H KS", "2C"]), "draw stock", "turn.drawn"),
    ("meld a card not held", dict(hands=["3H 4H KS", "2C"]), "meld 3H 4H 5H", "meld.held"),
    ("meld a gapped run", dict(hands=["3H 4H 6H KS", "2C"]), "meld 3H 4H 6H", "meld.run.sequence"),
    ("meld two cards", dict(hands=["3H 4H KS", "2C"]), "meld 3H 4H", "meld.size"),
    ("Q-K-A with the ace low", dict(hands=["QH KH AH 5S", "2C"]), "meld QH KH AH", "meld.run.ace"),
    ("Q-K-A with ace high-or-low", dict(hands=["QH KH AH 5S", "2C"], ace="high-or-low"), "meld QH KH AH", None),
    ("K-A-2 without round the corner", dict(hands=["KH AH 2H 5S", "2C"], ace="high-or-low"), "meld KH AH 2H", "meld.run.ace"),
    ("K-A-2 round the corner", dict(hands=["KH AH 2H 5S", "2C"], ace="wrap"), "meld KH AH 2H", None),
    ("mixed suits", dict(hands=["3H 4H 5S KS", "2C"]), "meld 3H 4H 5S", "meld.run.suit"),
    (
        "lay off before any meld of one's own",
        dict(hands=["6H KS", "2C"], melds=[(1, "3H 4H 5H")]),
        "layoff 6H 1",
        "layoff.first-meld",
    ),
    ("lay off any time (pagat)", dict(hands=["6H KS", "2C"], melds=[(1, "3H 4H 5H")], preset="pagat"), "layoff 6H 1", None),
    ("lay off after an earlier meld", dict(hands=["6H KS", "2C"], melds=[(1, "3H 4H 5H"), (0, "9S 9D 9C")]), "layoff 6H 1", None),
    (
        "lay off a card that does not fit",
        dict(hands=["8H KS", "2C"], melds=[(1, "3H 4H 5H"), (0, "9S 9D 9C")]),
        "layoff 8H 1",
        "layoff.fit",
    ),
    (
        "lay off on a set of four",
        dict(hands=["7S KS", "2C"], melds=[(0, "7H 7D 7C"), (1, "9S 9D 9C 9H")]),
        "layoff 7S 2",
        "layoff.fit",
    ),
    ("lay off on a missing meld", dict(hands=["6H KS", "2C"], melds=[(0, "3H 4H 5H")]), "layoff 6H 4", "layoff.target"),
    ("discard the card just taken", dict(hands=["7D KS QS", "2C"], taken="7D", discard=""), "discard 7D", "discard.taken-card"),
    ("discard another card after taking", dict(hands=["7D KS QS", "2C"], taken="7D", discard=""), "discard KS", None),
    (
        "meld leaving only the taken card",
        dict(hands=["3H 4H 5H 7D", "2C"], taken="7D", discard=""),
        "meld 3H 4H 5H",
        "discard.taken-card-last",
    ),
    (
        "lay off leaving only the taken card",
        dict(hands=["6H 7D", "2C"], taken="7D", discard="", melds=[(0, "3H 4H 5H")]),
        "layoff 6H 1",
        "discard.taken-card-last",
    ),
    ("meld the taken card and go out", dict(hands=["5H 6H 7H", "2C"], taken="7H", discard=""), "meld 5H 6H 7H", None),
    ("discard a card not held", dict(hands=["3H KS", "2C"]), "discard QS", "discard.held"),
    ("draw from an empty pile", dict(hands=["3H KS", "2C"], phase="draw", discard=""), "draw discard", "draw.discard-empty"),
]


@pytest.mark.parametrize(("desc", "setup", "move", "rule"), CASES, ids=[c[0] for c in CASES])
def test_rule_table(desc: str, setup: dict, move: str, rule: str | None) -> None:
    st = situation(**setup)
    verdict = GAME.check(st, GAME.parse_move(move))
    legal = {GAME.format_move(m) for m in GAME.legal_moves(st)}
    if rule is None:
        assert verdict.ok, verdict
        assert move in legal, "the generator must list what the checker allows"
    else:
        assert not verdict.ok and verdict.rule == rule, verdict
        assert verdict.reason and GAME.rulebook.get(rule) is not None
        assert move not in legal


def test_one_meld_per_turn_option() -> None:
    st = situation(["3H 4H 5H 9S 9D 9C KS", "2C"], one_meld_per_turn=True)
    play(st, "meld 3H 4H 5H")
    v = GAME.check(st, GAME.parse_move("meld 9C 9D 9S"))
    assert not v.ok and v.rule == "meld.one-per-turn"
    st2 = situation(["3H 4H 5H 9S 9D 9C KS", "2C"])
    play(st2, "meld 3H 4H 5H", "meld 9C 9D 9S")
    assert len(st2.melds) == 2


def test_lay_off_allowed_after_melding_in_the_same_turn() -> None:
    st = situation(["9S 9D 9C 6H KS", "2C"], melds=[(1, "3H 4H 5H")])
    assert not GAME.check(st, GAME.parse_move("layoff 6H 1")).ok
    play(st, "meld 9C 9D 9S", "layoff 6H 1")
    assert st.melds[0].meld.cards == ("3H", "4H", "5H", "6H")


def test_going_out_by_melding_without_a_discard() -> None:
    st = situation(["3H 4H 5H 9S 9D 9C", "KC QC"])
    play(st, "meld 3H 4H 5H", "meld 9C 9D 9S")
    assert GAME.hand_over(st) and st.result is not None
    assert st.result.detail["winner"] == 0 and st.result.points == [40, 0]  # rummy: (10 + 10) x 2


def test_going_out_by_laying_off() -> None:
    st = situation(["9S 6H", "KC QC"], melds=[(0, "3H 4H 5H"), (1, "9C 9D 9H")])
    play(st, "layoff 6H 1", "layoff 9S 2")
    assert GAME.hand_over(st) and st.result is not None and st.result.points == [20, 0]


def test_going_out_by_discarding() -> None:
    st = situation(["3H 4H 5H 9S", "KC QC 2D"], melds=[(1, "7C 7D 7H")])
    play(st, "meld 3H 4H 5H", "discard 9S")
    assert GAME.hand_over(st)
    res = GAME.hand_result(st)
    # P1 had no meld before this turn and laid off on nobody's melds: a rummy, doubled.
    assert res is not None and res.points == [44, 0] and res.detail["rummy"] is True


def test_rummy_doubles_only_the_hand() -> None:
    st = situation(["3H 4H 5H 9S", "KC QC 2D"])
    st.totals = [40, 10]
    play(st, "meld 3H 4H 5H", "discard 9S")
    res = GAME.hand_result(st)
    assert res is not None and res.detail["rummy"] is True
    assert res.points == [44, 0] and res.totals == [84, 10]


def test_not_a_rummy_after_an_earlier_meld() -> None:
    st = situation(["3H 4H 5H 9S", "KC QC 2D"], melds=[(0, "7C 7D 7H")])
    play(st, "meld 3H 4H 5H", "discard 9S")
    res = GAME.hand_result(st)
    assert res is not None and res.detail["rummy"] is False and res.points == [22, 0]


def test_not_a_rummy_after_laying_off_on_others() -> None:
    st = situation(["3H 4H 5H 7S", "KC QC 2D"], melds=[(1, "7C 7D 7H")])
    play(st, "meld 3H 4H 5H", "layoff 7S 1")
    res = GAME.hand_result(st)
    assert res is not None and res.detail["rummy"] is False and res.points == [22, 0]


def test_not_a_rummy_after_laying_off_in_an_earlier_turn() -> None:
    """With `lay_off_needs_meld=false` a player can lay off before owning a meld; one who did has not
    put all their cards down in one turn, so going out later is no rummy (the seed: "senza aver calato
    prima")."""
    st = situation(["7S 3H 4H 5H KD", "KC QC 2D"], melds=[(1, "7C 7D 7H")], stock="9S 6C", discard="AS", lay_off_needs_meld=False)
    play(st, "layoff 7S 1", "discard KD", "draw stock", "discard KC", "draw stock", "meld 3H 4H 5H", "discard 6C")
    res = GAME.hand_result(st)
    assert res is not None and res.detail["winner"] == 0 and res.detail["rummy"] is False
    assert res.points == [21, 0]  # QC 2D 9S left to P2, not doubled


def test_still_a_rummy_when_laying_off_on_own_new_meld() -> None:
    st = situation(["3H 4H 5H 6H", "KC QC 2D"])
    play(st, "meld 3H 4H 5H", "layoff 6H 1")
    res = GAME.hand_result(st)
    assert res is not None and res.detail["rummy"] is True and res.points == [44, 0]


def test_no_rummy_bonus_in_pagat_preset() -> None:
    st = situation(["3H 4H 5H 9S", "KC QC 2D"], preset="pagat")
    play(st, "meld 3H 4H 5H", "discard 9S")
    res = GAME.hand_result(st)
    assert res is not None and res.points == [22, 0]


def test_stock_turnover_order() -> None:
    # Stock empty; the pile, oldest first, is 2S 3S 4S 5S. Turned over, 2S becomes the
    # new upcard and the stock is 3S (top), 4S, 5S; the player then chooses again.
    st = situation(["KC", "QC"], phase="draw", discard="2S 3S 4S 5S", stock="")
    play(st, "draw stock")
    assert st.discard == ["2S"] and st.hands[0] == ["KC"]
    assert st.stock == ["5S", "4S", "3S"] and st.turnovers == 1 and st.phase == "draw"
    play(st, "draw stock")
    assert st.hands[0][-1] == "3S" and st.stock == ["5S", "4S"]


def test_after_a_turnover_the_new_upcard_can_be_taken() -> None:
    st = situation(["KC", "QC"], phase="draw", discard="2S 3S 4S 5S", stock="")
    play(st, "draw stock")
    assert {GAME.format_move(m) for m in GAME.legal_moves(st)} == {"draw stock", "draw discard"}
    play(st, "draw discard")
    assert st.hands[0] == ["KC", "2S"] and st.discard == [] and st.phase == "play"


def test_turnover_rule_text_says_the_player_chooses() -> None:
    from cardcli.games.rummy.rulebook import RULEBOOK

    text = RULEBOOK.explain("stock.turnover")
    assert "choose again" in text and "new upcard" in text


def test_wash_when_the_pile_is_too_small() -> None:
    st = situation(["KC", "QC"], phase="draw", discard="2S", stock="")
    play(st, "draw stock")
    assert GAME.hand_over(st)
    res = GAME.hand_result(st)
    assert res is not None and res.detail.get("wash") and res.points == [0, 0]
    assert GAME.next_dealer(st) == st.dealer  # the same dealer deals again


def test_wash_after_the_turnover_cap() -> None:
    st = situation(["KC", "QC"], phase="draw", discard="2S 3S 4S", stock="", max_turnovers=1)
    st.turnovers = 1
    play(st, "draw stock")
    assert GAME.hand_over(st) and st.result is not None and st.result.detail.get("wash")


def test_exhausted_lowest_option() -> None:
    st = situation(["KC 2H", "QC", "3D"], phase="draw", discard="2S", stock="", exhausted="lowest")
    play(st, "draw stock")
    res = GAME.hand_result(st)
    assert res is not None and res.detail["winner"] == 2 and res.points == [0, 0, 22]


def test_taking_the_discard_when_the_stock_is_empty() -> None:
    st = situation(["KC", "QC"], phase="draw", discard="2S 3S", stock="")
    play(st, "draw discard")
    assert st.hands[0] == ["KC", "3S"] and st.taken == "3S"


@pytest.mark.parametrize(
    ("players", "rule", "closer", "dealer", "expected"),
    [
        (2, "closer", 1, 0, 1),
        (2, "closer", 0, 0, 0),
        (2, "alternate", 0, 0, 1),
        (3, "closer", 2, 0, 1),
        (5, "closer", 3, 4, 0),
    ],
)
def test_dealer_rotation(players: int, rule: str, closer: int, dealer: int, expected: int) -> None:
    hands = ["KC"] * 0 + [f"{r}S" for r in "23456"[:players]]
    st = situation([h for h in hands], two_player_dealer=rule, turn=closer)
    st.dealer = dealer
    st.hands[closer] = ["AD", "2D", "3D"]
    play(st, "meld AD 2D 3D")
    assert GAME.next_dealer(st) == expected


@pytest.mark.parametrize(("players", "target"), [(2, 100), (3, 200), (4, 200), (5, 300), (6, 300)])
def test_match_targets(players: int, target: int) -> None:
    cfg = GAME.presets["standard"]
    assert cfg.target_for(players) == target


def test_match_ends_after_the_hand_reaching_the_target() -> None:
    st = situation(["3H 4H 5H", "KC QC JD TD 9D"])
    st.totals = [70, 95]
    play(st, "meld 3H 4H 5H")
    assert GAME.match_over(st)
    res = GAME.match_result(st)
    assert res.winners == [0] and res.totals == [70 + 2 * 49, 95]
