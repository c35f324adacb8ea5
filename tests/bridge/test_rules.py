"""The play, dummy, claims, notation and views, on a deal written by hand (see conftest.TEST_DEAL)."""

from __future__ import annotations

import pytest

from cardcli.engine.notation import resolve
from cardcli.engine.verdict import IllegalMove, InvalidMove
from cardcli.games.bridge import moves as mv

N, E, S, W = range(4)


def bid_2s_by_north(table) -> None:  # noqa: ANN001
    table.do("1s", "pass", "2S", "p", "p", "p")
    c = table.state.contract
    assert c is not None and c.text() == "2S" and c.declarer == N and c.dummy == S and c.leader == E


def test_dummy_is_hidden_until_the_opening_lead_then_seen_by_all(table) -> None:  # noqa: ANN001
    bid_2s_by_north(table)
    dummy = table.state.hands[S]
    for seat in (N, E, W, None):
        v = table.view(seat)
        assert v.dummy_hand is None
        # the leak test shuffles what hidden_from lists: dummy's hand is among it for everyone but dummy
        assert dummy in table.game.hidden_from(table.state, seat)
    assert dummy not in table.game.hidden_from(table.state, S)
    assert table.game.to_act(table.state) == E
    table.do("AH")
    for seat in (N, E, W, None):
        v = table.view(seat)
        assert v.dummy_hand is not None and set(v.dummy_hand) == set(table.state.hands[S])
        assert table.state.hands[S] not in table.game.hidden_from(table.state, seat)
    # declarer still cannot see the defenders' cards, and the defenders not declarer's
    v = table.view(N)
    assert v.visible_hand(E) is None and v.visible_hand(W) is None
    v = table.view(W)
    assert v.visible_hand(N) is None


def test_declarer_plays_for_dummy(table) -> None:  # noqa: ANN001
    bid_2s_by_north(table)
    table.do("AH")
    assert table.state.turn == S and table.game.to_act(table.state) == N
    assert all(isinstance(m, (mv.Play, mv.Claim)) for m in table.game.legal_moves(table.state))
    assert {m.card for m in table.game.legal_moves(table.state) if isinstance(m, mv.Play)} == {"TH", "9H", "8H"}


def test_revoke_is_refused_with_the_law(table) -> None:  # noqa: ANN001
    bid_2s_by_north(table)
    table.do("AH")
    v = table.check("play 2S")  # dummy holds hearts
    assert not v.ok and v.rule == "play.follow-suit" and "Law 44" in v.reason and "dummy holds" in v.reason
    v = table.check("play AD")
    assert not v.ok and v.rule == "play.follow-suit"
    v = table.check("play AS")  # a card dummy does not hold
    assert not v.ok and v.rule == "play.not-held"
    table.do("8H", "4H")
    # North holds 3H 2H: must follow
    v = table.check("play AS")
    assert not v.ok and v.rule == "play.follow-suit" and "you hold" in v.reason
    table.do("2H")
    assert table.state.won == [0, 1] and table.state.leader == E


def test_trumps_win_and_a_void_may_ruff(table) -> None:  # noqa: ANN001
    # West is void in spades and long in clubs; in a heart contract by West... use 2S: East leads a club
    bid_2s_by_north(table)
    table.do("5C", "8C", "JC", "2C")  # East leads, South (dummy) 8C, West JC, North 2C: West wins
    assert table.state.tricks[-1].winner == W
    table.do("AC")  # West leads the ace of clubs
    assert table.game.to_act(table.state) == N
    table.do("3C", "6C", "9C")  # North follows; East 6C; South 9C
    assert table.state.tricks[-1].winner == W
    table.do("KC", "4C", "7C")  # West KC, North 4C (last club), East 7C, South (dummy) TC...
    table.do("TC")
    table.do("QC")  # West leads the queen of clubs: North is out of clubs
    legal = {m.card for m in table.game.legal_moves(table.state) if isinstance(m, mv.Play)}
    assert len(legal) == 10  # any card: six spades, two hearts, two diamonds
    table.do("9S")  # North ruffs with the nine of spades
    table.do("4D")  # East discards
    table.do("2S")  # South (dummy) ruffs low: North's 9S still wins
    assert table.state.tricks[-1].winner == N


def test_claims_accept_reject_and_the_rules_around_them(table) -> None:  # noqa: ANN001
    bid_2s_by_north(table)
    v = table.check("claim 14")
    assert not v.ok and v.rule == "claim.range"
    table.do("AH")
    assert table.game.to_act(table.state) == N
    table.do("claim 8")  # NS will have 8 tricks in total
    assert table.state.phase == "claim" and table.game.to_act(table.state) == E
    assert N in table.state.shown and table.view(W).visible_hand(N) is not None  # the claimer faces the cards
    v = table.check("play TH")
    assert not v.ok and v.rule == "claim.pending"
    table.do("accept")
    assert table.game.to_act(table.state) == W  # both defenders must agree (Law 69)
    table.do("no")  # West rejects: play goes on
    assert table.state.phase == "play" and table.game.to_act(table.state) == N
    v = table.check("claim 8")
    assert not v.ok and v.rule == "claim.after-reject"
    table.do("TH", "4H")  # dummy's ten, West's four: North to play
    table.do("claim 8")  # after a card the side may claim again
    table.do("yes", "accept")
    assert table.game.hand_over(table.state)
    res = table.game.hand_result(table.state)
    assert res is not None and res.detail["tricks"] == 8 and res.detail["claim"] == ["N", 8]
    assert res.points == [60 + 150, 0]  # 2S made, and North's five spade honors
    # cards left in hands are still accounted for
    assert sum(len(c) for c in table.game.card_locations(table.state).values()) == 52


def test_a_defender_may_concede(table) -> None:  # noqa: ANN001
    bid_2s_by_north(table)
    table.do("concede")  # East on lead concedes everything: EW end with 0
    assert table.game.to_act(table.state) == N  # declarer answers a defender's claim
    table.do("accept")
    res = table.game.hand_result(table.state)
    assert res is not None and res.detail["tricks"] == 13
    assert res.points[0] == 60 + 5 * 30 + 150  # 2S+5 and North's five spade honors (A K Q J T)


def test_calls_and_plays_are_refused_out_of_phase(table) -> None:  # noqa: ANN001
    v = table.check("play AS")
    assert not v.ok and v.rule == "play.auction-first"
    v = table.check("claim 7")
    assert not v.ok and v.rule == "claim.not-now"
    v = table.check("accept")
    assert not v.ok and v.rule == "claim.none"
    bid_2s_by_north(table)
    v = table.check("3S")
    assert not v.ok and v.rule == "auction.over"


@pytest.mark.parametrize(
    "text,canon",
    [
        ("1nt", "1N"),
        ("1 NT", "1N"),
        ("1♠", "1S"),
        ("3 spades", "3S"),
        ("7N", "7N"),
        ("1s", "1S"),
        ("pass", "P"),
        ("P", "P"),
        ("dbl", "X"),
        ("double", "X"),
        ("x", "X"),
        ("rdbl", "XX"),
        ("redouble", "XX"),
        ("XX", "XX"),
        ("♠Q", "play QS"),
        ("q♠", "play QS"),
        ("10h", "play TH"),
        ("queen of spades", "play QS"),
        ("play 2s", "play 2S"),
        ("lead ah", "play AH"),
        ("as", "play AS"),
        ("claim 9", "claim 9"),
        ("yes", "accept"),
        ("reject", "reject"),
        ("2S", "2S"),
    ],
)
def test_friendly_notation(text: str, canon: str) -> None:
    m = mv.parse_move(text)
    assert mv.format_move(m) == canon
    assert mv.format_move(mv.parse_move(canon)) == canon


@pytest.mark.parametrize("text", ["2s", "5♥", "7 c", "4H"])
def test_low_card_or_bid_is_a_bid_out_of_context(text: str) -> None:
    assert isinstance(mv.parse_move(text), mv.Bid)
    assert mv.could_be_card(text)


def test_context_reads_2s_as_a_bid_then_as_a_card(table) -> None:  # noqa: ANN001
    g, st = table.game, table.state
    assert resolve(g, st, "1s") == mv.Bid(1, "S")
    table.do("1s", "p")
    assert resolve(g, st, "2s") == mv.Bid(2, "S")
    table.do("2s", "p", "p", "p")
    table.do("ah")
    assert resolve(g, st, "8h") == mv.Play("8H")
    assert resolve(g, st, "8H") == mv.Play("8H")
    assert resolve(g, st, "play 8h") == mv.Play("8H")
    with pytest.raises(IllegalMove) as err:
        resolve(g, st, "2s")  # the two of spades: dummy must follow hearts
    assert err.value.rule == "play.follow-suit"


def test_rank_alone_plays_the_only_card_of_that_rank(table) -> None:  # noqa: ANN001
    bid_2s_by_north(table)
    table.do("ah")
    assert resolve(table.game, table.state, "T") == mv.Play("TH")
    table.do("T", "4h")
    with pytest.raises(InvalidMove):
        resolve(table.game, table.state, "K")  # North has no king to play


def test_insufficient_bid_message_names_the_law(table) -> None:  # noqa: ANN001
    table.do("1h")
    with pytest.raises(IllegalMove) as err:
        resolve(table.game, table.state, "1c")
    assert err.value.rule == "auction.insufficient" and "Law 18" in err.value.message
    with pytest.raises(InvalidMove):
        resolve(table.game, table.state, "cl")
