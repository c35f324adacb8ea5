"""Constructive bidding against the SAYC booklet (ACBL SAYC System Booklet, rev. 2006): each row is a
hand and an uncontested auction, the call the booklet gives, and the booklet section it comes from.
The hint for each call must also show the hand's count in the unit its meaning is stated in."""

from __future__ import annotations

import pytest

from cardcli.games.bridge import bidding as bd
from cardcli.games.bridge.auction import call_name, legal_calls
from cardcli.games.bridge.bots import bid_for
from cardcli.games.bridge.moves import parse_call

OPEN = "Opening bids"
PRE = "Preemptive opening bids"
R1M = "Responses to 1H and 1S openings"
R1m = "Responses to 1C and 1D openings"
RNT = "Responses to 1NT openings"
REB = "Opener's rebids"
RR = "Responder's rebids"
SLAM = "Slam bidding (Blackwood, Gerber)"


def cards(hand: str) -> list[str]:
    """``"AQJ52.K74.K3.982"`` (spades.hearts.diamonds.clubs) as card codes."""
    out = []
    for suit, ranks in zip("SHDC", hand.split(".")):
        out += [r + suit for r in ranks]
    assert len(out) == 13, hand
    return out


CASES = [
    # (section, hand, auction so far with North the dealer, the booklet's call)
    (OPEN, "KQ4.AJ3.KJ52.Q73", "", "1NT"),
    (OPEN, "AK4.AQ3.KJ52.K73", "", "2NT"),
    (OPEN, "AKQ4.AKJ3.AQ5.K2", "", "2C"),
    (OPEN, "AQJ52.K74.K3.982", "", "1S"),
    (OPEN, "AQJ52.KQ742.3.82", "", "1S"),
    (OPEN, "K4.AQJ74.K73.982", "", "1H"),
    (OPEN, "K4.A74.KJ73.Q982", "", "1D"),
    (OPEN, "AK42.Q74.K73.982", "", "1C"),
    (OPEN, "KQJ952.74.973.82", "", "2S"),
    (OPEN, "72.AQT973.J73.82", "", "2H"),
    (OPEN, "Q72.K84.J643.982", "", "Pass"),
    (PRE, "72.KQJ9743.73.82", "", "3H"),
    (PRE, "72.K2.4.KQJ98742", "", "4C"),
    (PRE, "KQJ97432.7.973.8", "", "4S"),
    (PRE, "72.3.KQT97432.82", "", "4D"),
    (R1M, "Q84.K72.9543.J85", "1H P", "2H"),
    (R1M, "Q84.K72.A543.J85", "1H P", "3H"),
    (R1M, "Q84.KJ72.A543.A5", "1H P", "2NT"),
    (R1M, "KQ84.72.9543.J85", "1H P", "1S"),
    (R1M, "Q84.72.K543.J852", "1H P", "1NT"),
    (R1M, "84.K72.A54.KJ852", "1S P", "2C"),
    (R1M, "84.972.9543.J852", "1S P", "Pass"),
    (R1M, "8.KJ742.97543.82", "1H P", "4H"),
    (R1m, "K84.QJ72.9543.J5", "1C P", "1H"),
    (R1m, "K84.72.QJ543.J85", "1C P", "1D"),
    (R1m, "K84.A72.QJ5.KJ85", "1D P", "2NT"),
    (R1m, "K84.A72.KQ5.KJ85", "1D P", "3NT"),
    (R1m, "KJ84.QJ72.954.J5", "1C P", "1H"),
    (RNT, "KJ84.Q72.954.K95", "1N P", "2C"),
    (RNT, "84.QJ972.954.K95", "1N P", "2D"),
    (RNT, "QJ972.84.954.K95", "1N P", "2H"),
    (RNT, "K84.Q72.A954.K95", "1N P", "3NT"),
    (RNT, "K84.Q72.J954.K95", "1N P", "2NT"),
    (RNT, "984.Q72.J954.K95", "1N P", "Pass"),
    (REB, "J6.AJ3.AKQJ43.Q7", "1D P 1H P", "3NT"),
    (REB, "K6.A3.AQJ943.Q72", "1D P 1H P", "3D"),
    (REB, "86.A3.AQJ943.Q72", "1D P 1H P", "2D"),
    (REB, "6.AKJ3.AQJ94.Q72", "1D P 1S P", "2H"),
    (REB, "AKJ3.6.AQ4.AQJ94", "1C P 1H P", "2S"),
    (REB, "AQ3.K6.AQ4.KJ942", "1C P 1H P", "2NT"),
    (REB, "Q83.K6.AQ4.J9542", "1C P 1H P", "1NT"),
    (REB, "Q83.K642.AQ4.J95", "1C P 1H P", "2H"),
    (REB, "8.K642.AQ43.KJ95", "1D P 1H P", "3H"),
    (REB, "A3.AKJ74.K73.982", "1H P 2H P", "3H"),
    (REB, "A3.AKJ742.KQ3.92", "1H P 2H P", "4H"),
    (REB, "93.AKJ74.K73.982", "1H P 2H P", "Pass"),
    (REB, "A3.AKJ74.K73.982", "1H P 3H P", "4H"),
    (REB, "AKJ742.A3.KQ3.92", "1S P 1NT P", "4S"),
    (REB, "AJ64.A9.AK65.Q52", "1D P 1H P", "2NT"),  # 18-19 balanced: 2NT, not a passable 1S
    (RR, "A76.A732.875.A82", "1C P 1H P 2H P", "3H"),
    (RR, "A76.A732.K75.A82", "1C P 1H P 2H P", "4H"),
    (RR, "976.A732.875.A82", "1C P 1H P 2H P", "Pass"),
    (RR, "A76.AQ32.875.K82", "1D P 1H P 1NT P", "3NT"),
    (RR, "A76.AQ32.875.J82", "1D P 1H P 1NT P", "2NT"),
    (RR, "A76.Q732.875.K82", "1D P 1H P 3D P", "3NT"),
    (RR, "Q83.K642.AQ4.K95", "1C P 1H P 2H P 3H P", "4H"),
    (RR, "Q83.K642.AQ4.J95", "1C P 1H P 2H P 3H P", "Pass"),
    (RR, "A6.9754.AJ4.QJ43", "1C P 1H P 1S P", "2NT"),
    (RR, "A6.9754.AJ4.KJ43", "1C P 1H P 1S P", "3NT"),
    (RR, "K84.Q72.AQ54.Q85", "1C P 1D P 2NT P", "4NT"),
    (RR, "K84.Q72.AQ54.K85", "1C P 1D P 2NT P", "4NT"),
    (RR, "K84.K72.AQ54.K85", "1C P 1D P 2NT P", "6NT"),
    (SLAM, "AK4.KQ7.A54.QJ95", "1C P 1D P 2NT P 4N P", "6NT"),
    (SLAM, "AK4.KJ7.A54.QJ95", "1C P 1D P 2NT P 4N P", "Pass"),
    (SLAM, "AKQ52.AK8.3.AJ76", "1S P 3S P", "4NT"),
    (SLAM, "AK4.KQ7.AQ54.K95", "1N P", "4C"),
    (SLAM, "AQ5.A72.K954.Q95", "1N P 4C P", "4S"),
    (SLAM, "AK4.KQ7.AQ54.K95", "1N P 4C P 4S P", "6NT"),
    (SLAM, "KQ4.KQ7.AQ54.KQ5", "1N P 4C P 4H P", "4NT"),
    (SLAM, "AQ5.K72.K954.Q95", "1N P 4C P 4H P 4N P", "Pass"),
    (SLAM, "AJ964.K5.AQ7.KQ4", "1H P 1S P 3S P", "4NT"),
    (SLAM, "KQ52.AQJ74.K3.82", "1H P 1S P 3S P 4N P", "5D"),
    (SLAM, "AJ964.K5.AQ7.KQ4", "1H P 1S P 3S P 4N P 5D P", "6S"),
    (SLAM, "AJ964.K5.AQ7.KQ4", "1H P 1S P 3S P 4N P 5C P", "5S"),
    # splinters: the double jump in a new suit, 4+ trumps, game values, at most one card there
    (SLAM, "Q984.KJ72.A543.5", "1H P", "4C"),
    (SLAM, "9.KJ72.A543.K852", "1H P", "3S"),
    (SLAM, "KQ84.AJ5.A9543.7", "1S P", "4C"),
    (SLAM, "Q98.KJ72.A543.A5", "1H P", "2NT"),  # no shortness: Jacoby 2NT, not a splinter
    (SLAM, "AK4.AKJ74.932.K2", "1H P 4D P", "4NT"),  # 17 working HCP opposite the shortness
    (SLAM, "A4.AKJ74.KQ93.82", "1H P 4D P", "4H"),  # the diamond KQ are wasted opposite the shortness
    (SLAM, "Q984.KJ72.A543.5", "1H P 4C P 4N P", "5D"),
    # Jacoby 2NT answered: shortness first, then a good second suit, then strength
    (R1M, "4.AQJ74.K73.A982", "1H P 2N P", "3S"),
    (R1M, "AQ974.3.KJ86.A52", "1S P 2N P", "3H"),
    (R1M, "K4.AQJ74.KQ973.2", "1H P 2N P", "4D"),
    (R1M, "AK4.AQJ74.KQ3.82", "1H P 2N P", "3H"),
    (R1M, "KQ4.AJ974.Q73.A2", "1H P 2N P", "3NT"),
    (R1M, "K4.AQJ74.K73.982", "1H P 2N P", "4H"),
]


NOSCORE = bd.Score()


def _choose(hand: str, auction: str, leg: int = 0) -> tuple[str, str, bd.Meaning, bd.Hand]:
    calls = [parse_call(t) for t in auction.split()]
    score_for = bd.score_for_side((False, False), (leg, 0))
    call, why = bd.choose(cards(hand), 0, calls, score_for)
    return call_name(call), why, bd.meaning(bd.position(0, calls, score_for), call), bd.Hand(cards(hand))


@pytest.mark.parametrize("section,hand,auction,expected", CASES, ids=[f"{c[2] or '-'}:{c[1]}" for c in CASES])
def test_the_booklet_call(section: str, hand: str, auction: str, expected: str) -> None:
    got, why, meaning, h = _choose(hand, auction)
    assert got == expected, f"{section}: after [{auction}] {hand} bids {got} ({why}), the booklet {expected}"
    assert meaning.in_system, why


def test_enough_cases_from_every_section() -> None:
    assert len(CASES) >= 45
    assert {c[0] for c in CASES} == {OPEN, PRE, R1M, R1m, RNT, REB, RR, SLAM}


class _View:
    """The few fields of a seat's view that the bot's bidding reads."""

    def __init__(self, hand: str, auction: str, leg: int = 0) -> None:
        self.hand = cards(hand)
        self.dealer = 0
        self.calls = [parse_call(t) for t in auction.split()]
        self.vulnerable = (False, False)
        self.leg = (leg, 0)


@pytest.mark.parametrize(
    "hand,auction,shown",
    [
        # opener's count: HCP and length, as a sum (a 7-card suit adds 3)
        ("8542.Q.J.AQJ8732", "P P", "10 HCP + 3 for length = 13 points"),
        # a raiser's count: the shortest side suit in full, a second short suit at most 1
        ("8542.Q.J.AQJ8732", "P P 1C X 1S P", "10 HCP + 4 for shortness = 14 points"),
        # a range in HCP is shown against HCP
        ("Q84.K72.9543.J85", "1H P", "6 HCP + 0 for shortness = 6 points"),
        ("K84.QJ72.9543.J5", "1C P", "7 HCP"),
    ],
)
def test_the_hint_counts_in_the_meanings_unit(hand: str, auction: str, shown: str) -> None:
    view = _View(hand, auction)
    call, why = bid_for(view, legal_calls(0, view.calls))  # type: ignore[arg-type]
    assert f"(this hand: {shown}" in why, why


def test_two_singletons_do_not_make_a_jump_raise() -> None:
    """Seed ex147's opener: 10 HCP, four spades, two singletons. Counting 3 for each gave 16 and a
    jump raise; the second short suit adds 1, so 14 points and the single raise."""
    h = bd.Hand(cards("8542.Q.J.AQJ8732"))
    assert h.sup("S") == 14
    got, why, _m, _h = _choose("8542.Q.J.AQJ8732", "P P 1C X 1S P")
    assert got == "2S" and "12-15 points" in why


def test_the_pass_with_a_part_score_says_the_contract_is_game() -> None:
    """1H-2H with 60 below the line: 2H completes the game, so opener passes whatever the strength,
    and the pass is not explained as a minimum."""
    got, why, _m, h = _choose("A3.AKJ742.KQ3.92", "1H P 2H P", leg=60)
    assert h.pts == 19
    assert got == "Pass" and "already completes the game" in why and "minimum" not in why
    got, why, _m, _h = _choose("A3.AKJ742.KQ3.92", "1H P 2H P")
    assert got == "4H"


def test_a_long_minor_pre_empts_by_the_systems_own_count() -> None:
    """An 8-card minor with 9 HCP counts 13 points: not a one-level opening (under 10 HCP), and not a
    pass explained as "under 12 points": a pre-empt."""
    got, why, meaning, h = _choose("72.K2.4.KQJ98742", "")
    assert (h.hcp, h.pts) == (9, 13)
    assert got == "4C" and "8+ clubs" in why and meaning.shape.holds(h)
    got, why, _m, h = _choose("Q72.K84.J643.982", "")
    assert got == "Pass" and h.pts < 12 and "under 12 points" in why
