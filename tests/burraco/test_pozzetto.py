"""The deal, the pozzetto with 2 and 4 players (al volo, with the discard, hidden until the partner's
discard), and the two ways a hand ends (closing, and the stock down to its last two cards)."""

from __future__ import annotations

import pytest
from burraco.situations import GAME, config, legal, play, situation, verdict

from cardcli.engine.cards import multi_deck
from cardcli.engine.deal import shuffled_deck

BURRACO_NS = (0, "3S 4S 5S 6S 7S 8S 9S")


@pytest.mark.parametrize(("players", "stock"), [(4, 41), (2, 63)])
def test_deal_counts_and_order(players: int, stock: int) -> None:
    st = GAME.new_match(config(), players, 1)
    deck = shuffled_deck(multi_deck(2, jokers=4), 11, 1)
    GAME.start_hand(st, deck)
    assert len(deck) == 108
    assert [len(h) for h in st.hands] == [11] * players
    assert [len(p) for p in st.pozzetti] == [11, 11]
    assert len(st.discard) == 1 and len(st.stock) == stock
    # pozzetti from the bottom, alternately; the first completed (it got the 21st card) is on top
    assert st.pozzetti[0][:2] == [deck[-1], deck[-3]] and st.pozzetti[1][:2] == [deck[-2], deck[-4]]
    # one card at a time clockwise from the dealer's left, who plays first
    assert st.turn == (st.dealer + 1) % players
    assert st.hands[st.turn][0] == deck[0] and st.hands[st.dealer][0] == deck[players - 1]
    assert st.discard == [deck[11 * players]] and st.stock[-1] == deck[11 * players + 1]
    assert GAME.legal_moves(st)[0] == GAME.parse_move("draw")


def test_the_deal_passes_to_the_left() -> None:
    st = GAME.new_match(config(), 4, 3)
    assert GAME.next_dealer(st) == 3
    GAME.start_hand(st, shuffled_deck(multi_deck(2, jokers=4), 1, 1))
    st.phase = "over"
    assert GAME.next_dealer(st) == 0


def test_al_volo_continues_the_turn_4_players() -> None:
    st = situation(["5H 6H 7H", "9D", "4C 4D", "5D 5C"])
    top = list(st.pozzetti[0])
    play(st, "meld 5H 6H 7H")
    assert st.pozzetto_taken == [1, 0] and len(st.pozzetti) == 1
    assert sorted(st.hands[0]) == sorted(top)  # the top pozzetto, in hand at once
    assert st.phase == "play" and st.turn == 0  # the same turn goes on: meld or discard, no second draw
    assert verdict(st, "draw").rule == "turn.drawn"
    assert GAME.view(st, 0).hand  # and its owner sees it


def test_pozzetto_with_the_discard_is_hidden_until_the_partner_discards() -> None:
    st = situation(["KS", "4C 4H 9D", "4D 5D 6D", "5C 5H 7C"])
    play(st, "discard KS")
    assert st.pozzetto_taken == [2, 0] and len(st.covered[0]) == 11 and st.hands[0] == []
    v = GAME.view(st, 0)
    assert v.hand == () and v.covered_sizes[0] == 11 and v.hand_sizes[0] == 11
    for seat in range(4):  # nobody, not even South, sees those cards yet
        assert GAME.view(st, seat).all_hands is None
    play(st, "draw", "discard 9D")  # West (an opponent) discards: still covered
    assert len(st.covered[0]) == 11
    play(st, "draw", "discard 6D")  # North, the partner, discards: South may look
    assert st.covered[0] == [] and len(st.hands[0]) == 11 and len(GAME.view(st, 0).hand) == 11


def test_pozzetto_look_at_own_turn_option() -> None:
    st = situation(["KS", "4C 4H 9D", "4D 5D 6D", "5C 5H 7C"], pozzetto_look="own-turn")
    play(st, "discard KS", "draw", "discard 9D", "draw", "discard 6D")
    assert len(st.covered[0]) == 11  # the partner's discard does not reveal it
    play(st, "draw", "discard 7C")
    assert st.turn == 0 and st.covered[0] == [] and len(st.hands[0]) == 11


@pytest.mark.parametrize(("look", "covered"), [("partner-discard", 0), ("own-turn", 11)])
def test_pozzetto_with_the_discard_2_players(look: str, covered: int) -> None:
    st = situation(["KS", "4C 4H 9D"], pozzetto_look=look)
    play(st, "discard KS")
    assert st.pozzetto_taken == [2, 0]
    assert len(st.covered[0]) == covered and len(st.hands[0]) == 11 - covered
    play(st, "draw", "discard 9D")
    assert len(st.hands[0]) == 11 and st.covered[0] == []


def test_each_team_takes_one_pozzetto_the_second_goes_to_the_other_team() -> None:
    st = situation(["5H 6H 7H", "8C 8D 8H"])
    first, second = (list(p) for p in st.pozzetti)
    play(st, "meld 5H 6H 7H")
    play(st, "discard " + st.hands[0][0], "draw")
    st.hands[1] = ["8C", "8D", "8H"]  # make North's whole hand a meld
    play(st, "meld 8C 8D 8H")
    assert st.pozzetto_taken == [1, 1] and st.pozzetti == []
    assert sorted(st.hands[1]) == sorted(second) and first != second


def test_the_partner_of_a_pozzetto_taker_cannot_take_another() -> None:
    st = situation(["KS", "9D", "5H 6H 7H", "5C"], pozzetto=(1, 0), turn=2, melds=[BURRACO_NS])
    assert verdict(st, "meld 5H 6H 7H").rule == "close.discard-needed"
    assert "meld 5H 6H 7H" not in legal(st)


def test_closing_ends_the_hand_and_scores_both_teams() -> None:
    st = situation(["KS", "9D 9C", "4D 4H", "5C"], pozzetto=(1, 0), melds=[BURRACO_NS, (1, "TD JD QD")])
    play(st, "discard KS")
    assert GAME.hand_over(st) and st.closed_by == 0
    res = GAME.hand_result(st)
    assert res is not None and res.detail["end"] == "closed"
    # N-S: 45 in cards + 200 clean + 100 closing - 10 (North's 4D 4H) ; E-W: 30 - 25 - 100
    assert res.points == [45 + 200 + 100 - 10, 30 - 15 - 10 - 100]


def test_covered_pozzetto_counts_as_hand_cards_without_the_penalty() -> None:
    st = situation(["KS", "9D 9C", "4D 4H", "5C"], turn=3, stock=3)
    play(st, "discard 5C")
    assert len(st.covered[3]) == 11 and st.pozzetto_taken == [0, 2]
    play(st, "draw", "discard KS")  # the stock is down to 2: the hand ends, the pozzetto still covered
    assert GAME.hand_over(st)
    res = GAME.hand_result(st)
    assert res is not None and res.detail["end"] == "stock"
    ew = res.detail["teams"][1]
    assert ew["pozzetto"] == 0 and ew["in_hand"] >= 11 * 5 - 1


@pytest.mark.parametrize(("unplayable", "stock", "ends"), [(2, 3, True), (2, 4, False), (0, 1, True)])
def test_the_hand_ends_when_the_stock_is_down_to_its_last_cards(unplayable: int, stock: int, ends: bool) -> None:
    st = situation(["KS QS", "9D 9C", "4D 4H", "5C 5D"], phase="draw", stock=stock, unplayable_stock=unplayable)
    play(st, "draw", "discard KS")
    assert GAME.hand_over(st) is ends
    if ends:
        res = GAME.hand_result(st)
        assert res is not None and res.detail["end"] == "stock"
        assert all(t["closing"] == 0 and t["pozzetto"] == 100 for t in res.detail["teams"])
        assert len(st.stock) == unplayable
    else:
        assert verdict(st, "draw").ok


def test_taking_the_pile_does_not_end_the_hand_on_the_last_stock_card() -> None:
    st = situation(["KS QS", "9D 9C"], phase="draw", stock=3, discard="5C")
    play(st, "take", "discard KS")
    assert not GAME.hand_over(st) and len(st.stock) == 3
    play(st, "draw", "discard 9D")
    assert GAME.hand_over(st)


def test_a_team_that_never_took_its_pozzetto_loses_100_in_a_closed_hand() -> None:
    st = situation(["KS", "9D"], pozzetto=(1, 0), melds=[BURRACO_NS])
    play(st, "discard KS")
    res = GAME.hand_result(st)
    assert res is not None and res.detail["teams"][1]["pozzetto"] == 100 and res.detail["teams"][0]["pozzetto"] == 0
