"""Constructive auctions against the SAYC booklet (ACBL SAYC System Booklet, rev. 2006), second table:
responder's rebids with a long major or after a two-over-one, opener's count once partner has
raised, opener's rebid over the positive 2NT to 2♣, and the strain placement picks with a long
suit. Each row is a hand and an uncontested auction (North the dealer), the call the booklet
gives and the booklet section it comes from; every call must be the system's own row, its
meaning fitting the hand."""

from __future__ import annotations

import pytest

from cardcli.games.bridge import bidding as bd
from cardcli.games.bridge.auction import call_name
from cardcli.games.bridge.moves import parse_call
from tests.bridge.sayc.test_constructive_sayc import cards

RR = "Responder's rebids"
REB = "Opener's rebids"
RNT = "Responses to 1NT openings"
R2C = "Strong 2C opening: opener's rebids"
SLAM = "Slam bidding"
F2C = "Strong 2C opening: forcing to game"
REBM = "Opener's rebids after a minor raise"
R2NT = "2NT opening (20-21): responses, the quantitative 4NT"

CASES = [
    # responder's six-card major after opener's limited rebid: game with 13+ points (length counts),
    # the jump rebid of the suit invites with 11-12
    (RR, "3.AKT9753.98.K54", "1D P 1H P 1S P", "4H"),
    (RR, "3.KQT975.A82.954", "1D P 1H P 1S P", "3H"),
    (RR, "K82.AQT965.A3.95", "1C P 1H P 1NT P", "4H"),
    (RR, "AQJT64.J4.KJ8.T4", "1H P 1S P 2C P", "4S"),
    # ... and with 6-10 HCP the rebid of the six-card suit at the two level, to play (over opener's
    # new suit as over a rebid of opener's own): a misfit stops in responder's suit
    (RR, "KJT9863.84.3.QT5", "1H P 1S P 2C P", "2S"),
    # after a two-over-one and opener's minimum rebid of the suit: invite with 10-12, game with 13+
    (RR, "98.KQJ85.A73.T42", "1S P 2H P 2S P", "2NT"),
    (RR, "K75.Q4.KQ983.942", "1S P 2D P 2S P", "3S"),
    (RR, "K75.Q4.AQJ83.942", "1S P 2D P 2S P", "4S"),
    (RR, "A5.KJ3.Q4.KJ9832", "1S P 2C P 2S P", "3NT"),
    (RR, "975.AKJ.98.Q9532", "1D P 2C P 2D P", "2NT"),
    # opener counts shortness once partner has raised the major
    (REB, "KQ9642.T.QJ8.KT9", "1S P 3S P", "4S"),
    (REB, "KQ964.T2.QJ8.KT9", "1S P 3S P", "Pass"),
    (REB, "K5432.AQT4.8.A32", "1S P 2S P", "3C"),
    (REB, "K5432.AQT.84.A32", "1S P 2S P", "Pass"),
    # help-suit game try after 1M-2M: opener with 16-18 and an unbalanced hand names the side suit
    # that needs help (balanced, three of the major); partner bids game with a maximum or with help
    # there, else signs off in three
    (REB, "AKJ52.A432.K82.3", "1S P 2S P", "3H"),
    (REB, "AKJ52.A43.K82.Q3", "1S P 2S P", "3S"),
    (REB, "AKJ52.AQ3.KQ2.53", "1S P 2S P", "4S"),
    (REB, "AKJ52.4.KQ2.J532", "1S P 2S P", "3C"),
    (RR, "Q84.K72.9543.J85", "1S P 2S P 3H P", "3S"),
    (RR, "Q84.KQ2.9543.J85", "1S P 2S P 3H P", "4S"),
    (RR, "Q84.7.J9543.KJ85", "1S P 2S P 3H P", "4S"),
    (RR, "Q84.K72.A543.985", "1S P 2S P 3D P", "4S"),
    # 1NT-3C/3D: invitational, a good six-card minor; opener bids 3NT with an honour in it
    (RNT, "73.854.AQ9652.83", "1NT P", "3D"),
    (RNT, "732.85.A4.KQT965", "1NT P", "3C"),
    (RNT, "AK3.KJ4.K4.QJ852", "1NT P 3D P", "3NT"),
    (RNT, "AK3.KJ4.J4.QJ852", "1NT P 3D P", "Pass"),
    # over the positive 2NT opener shows a five-card suit; balanced, 3NT with 22-24
    (R2C, "KQT73.AQ.KT.AKJ6", "2C P 2NT P", "3S"),
    (R2C, "AKQT.32.AKQ2.AT5", "2C P 2NT P", "3NT"),
    # a slam partner has placed is not moved to another strain at the same level
    (SLAM, "KQT73.AQ.KT.AKJ6", "2C P 2NT P 3S P 6S P", "Pass"),
    # a seven-card major corrects partner's 3NT to the major game
    (SLAM, "AKQJT32..AK3.AK3", "2C P 2D P 2S P 3NT P", "4S"),
    # Blackwood: 5NT asks for kings once the partnership holds all four aces (and invites seven); the
    # answers 6C 0, 6D 1, 6H 2, 6S 3, 6NT 4; seven with every king (or three and the points)
    (SLAM, "K652.A4.AK53.A42", "1S P 2NT P 3S P 4NT P 5D P", "5NT"),
    (SLAM, "K652.Q4.AK53.A42", "1S P 2NT P 3S P 4NT P 5D P", "6S"),
    (SLAM, "AQJ84.K3.Q2.KQ32", "1S P 2NT P 3S P 4NT P 5D P 5NT P", "6H"),
    (SLAM, "K652.A4.AK53.A42", "1S P 2NT P 3S P 4NT P 5D P 5NT P 6H P", "7S"),
    (SLAM, "K652.A4.AK53.A42", "1S P 2NT P 3S P 4NT P 5D P 5NT P 6C P", "6S"),
    (SLAM, "Q652.A4.AQ53.A42", "1H P 2NT P 3H P 4NT P 5D P 5NT P 6S P", "6NT"),
    # the answer that lands in the agreed suit may be passed: the small slam over too few kings
    (SLAM, "Q652.A4.AQ53.A42", "1S P 2NT P 3S P 4NT P 5D P 5NT P 6S P", "Pass"),
    # 4NT straight over partner's rebid five-card suit is Blackwood with that suit as trumps
    (SLAM, "A72.AQJ76.AQ5.A2", "P 1S P 2H P 2S P", "4NT"),
    (SLAM, "KQJ852.4.KJ9.KQT", "P 1S P 2H P 2S P 4NT P", "5C"),
    # after the 2C opening every bid is forcing to game unless opener rebid 2NT: responder's raise of
    # opener's minor below game is not passed (with no ace there is no Blackwood: the minor game)
    (F2C, "KQ.KQJ.KQ.KQJ852", "2C P 2D P 3C P 4C P", "5C"),
    (F2C, "KQJ.KQJ.KQJ5.KQJ", "2C P 2D P 3D P 4D P", "5D"),
    # opener over a raise of the minor: 3NT balanced (18+ over the single raise, 14+ over the limit
    # raise), the minor game unbalanced with the points for it, else pass
    (REBM, "K2.AQ2.AQ.KQJ852", "1C P 3C P", "5C"),
    (REBM, "2.K32.Q3.AKJ8532", "1C P 3C P", "5C"),
    (REBM, "2.K32.Q3.KJ98532", "1C P 3C P", "Pass"),
    (REBM, "K2.AQ2.AQ3.KQJ85", "1C P 3C P", "3NT"),
    (REBM, "K2.AQ2.AQ.KQJ852", "1C P 2C P", "5C"),
    (REBM, "K2.AQ2.Q3.KJ9852", "1C P 2C P", "Pass"),
    # over a two-over-one a new suit at the three level shows a good hand and a real second suit
    (REB, "KQJT3.4.8.AKQJ75", "1S P 2H P", "3C"),
    (REB, "KQJT3.4.82.AKJ97", "1S P 2D P", "3C"),
    (REB, "KQJT3.4.82.AJ975", "1S P 2H P", "2S"),  # a minimum rebids the suit
    # over 2NT (20-21): 11-12 invite 6NT with 4NT, which opener accepts with 21; 13+ ask for aces
    (R2NT, "QJ.832.QJ54.AQ63", "2NT P", "4NT"),
    (R2NT, "J2.832.Q854.K763", "2NT P", "3NT"),
    (R2NT, "KJ.832.KJ54.AQ63", "2NT P", "4C"),
    (R2NT, "J2.AKQJ4.AK9.K42", "2NT P 4NT P", "6NT"),
    (R2NT, "92.AKQJ4.AK9.K42", "2NT P 4NT P", "Pass"),
]


def _choose(hand: str, auction: str, leg: int = 0) -> tuple[str, str, bd.Meaning]:
    calls = [parse_call(t) for t in auction.split()]
    score_for = bd.score_for_side((False, False), (leg, 0))
    call, why = bd.choose(cards(hand), 0, calls, score_for)
    return call_name(call), why, bd.meaning(bd.position(0, calls, score_for), call)


@pytest.mark.parametrize("section,hand,auction,expected", CASES, ids=[f"{c[2]}:{c[1]}" for c in CASES])
def test_the_booklet_call(section: str, hand: str, auction: str, expected: str) -> None:
    got, why, meaning = _choose(hand, auction)
    assert got == expected, f"{section}: after [{auction}] {hand} bids {got} ({why}), the booklet {expected}"
    assert meaning.in_system, why
    assert meaning.shape.holds(bd.Hand(cards(hand))), f"{got} ({why}) promises a shape {hand} does not have"


def test_opener_after_a_raise_counts_shortness_and_shows_both_counts() -> None:
    """1♠-3♠ with 11 HCP, six spades and a singleton: 13 by the opening count, 14 as a raiser counts
    shortness; the acceptance states 14+ points and the meaning's units list both counts."""
    h = bd.Hand(cards("KQ9642.T.QJ8.KT9"))
    assert (h.pts, h.sup("S")) == (13, 14)
    _got, _why, meaning = _choose("KQ9642.T.QJ8.KT9", "1S P 3S P")
    assert "14+ points" in meaning.text
    assert set(meaning.unit.split(",")) == {"pts", "supS"}


def test_a_passed_hand_two_level_suit_is_not_a_two_over_one() -> None:
    """From a passed hand 2♦ over 1♠ (10-11 HCP) promised no second bid: over opener's minimum 2♠
    responder may pass; the same hand that had not passed invites with 2NT."""
    hand = "63.QJT5.K9763.A3"
    got, why, _meaning = _choose(hand, "1S P 2D P 2S P")
    assert got == "2NT" and "10-12 HCP" in why, why
    got, why, _meaning = _choose(hand, "P P 1S P 2D P 2S P")
    assert got == "Pass", why


def test_a_part_score_game_in_a_misfit_is_corrected_to_my_own_suit() -> None:
    """With 40 below the line opener's 2H completes the game, but responder holds a singleton heart and
    a good six-card spade suit: 2S completes the game too and plays better (hearts made 7 tricks
    there, spades 10). Without the singleton responder passes the game; without a part score the
    same hand bids the spade game."""
    hand = "AQJ952.8.AT76.92"
    for auction in ("1H P 1S P 2H P", "1H P 1S X 2H P"):
        got, why, meaning = _choose(hand, auction, leg=40)
        assert got == "2S", f"[{auction}] {why}"
        assert "completes the game" in why and meaning.in_system
    got, why, _meaning = _choose("AQJ952.82.AT7.92", "1H P 1S P 2H P", leg=40)
    assert got == "Pass", why
    got, why, _meaning = _choose(hand, "1H P 1S P 2H P")
    assert got == "4S", why


def test_with_a_part_score_the_quantitative_invitation_is_still_made() -> None:
    """With 40 below the line 2NT is already game, and only a slam bids on: the quantitative 4NT is a
    slam invitation, so 11-12 still make it (passing 2NT with 12 opposite 20-21 missed 6NT), and
    opener answers it by the range as without a part score."""
    got, why, meaning = _choose("QJ.832.QJ54.AQ63", "2NT P", leg=40)
    assert got == "4NT" and "quantitative" in why and meaning.in_system, why
    assert _choose("J2.832.Q854.K763", "2NT P", leg=40)[0] == "Pass"  # 8 HCP: 2NT is the game
    assert _choose("J2.AKQJ4.AK9.K42", "2NT P 4NT P", leg=40)[0] == "6NT"
    assert _choose("92.AKQJ4.AK9.K42", "2NT P 4NT P", leg=40)[0] == "Pass"
