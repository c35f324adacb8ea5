"""SAYC competitive bidding, second table: advancing an overcall (the cue bid is the good raise, the
jump raise pre-emptive), competing in a part score to the level of the fit, opener's reopening
2NT and its answer, opener's notrump answers to a negative double at the two level, and the
takeout doubler's second call.

Same form as :mod:`tests.bridge.sayc.test_competitive_sayc`: a hand (spades, hearts, diamonds,
clubs), an auction that North deals, the call the system makes and words of its meaning. Each case
names the section of the SAYC booklet it follows; competing by the Law of Total Tricks is not in
the booklet (its Competitive bidding section leaves part-score judgement to the players), so those
cases say so."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from cardcli.games.bridge import bidding as bd
from cardcli.games.bridge.auction import call_name
from cardcli.games.bridge.moves import parse_call
from tests.bridge.sayc.test_competitive_sayc import cards, check_call, score0

ADVANCING = "SAYC: Defensive bidding, Overcalls (advancing: cue bid and raises)"
TOTAL_TRICKS = "SAYC: Competitive bidding, part scores (the Law of Total Tricks, beyond the booklet)"
PREEMPTS = "SAYC: Preemptive bids (the pre-emptor does not bid again)"
REOPENING = "SAYC: Competitive bidding, Negative doubles (opener in the pass-out seat)"
NEGATIVE = "SAYC: Competitive bidding, Negative doubles (opener's rebid)"
DOUBLER = "SAYC: Defensive bidding, Takeout doubles (the doubler's rebid)"
REDOUBLE = "SAYC: Competitive bidding, after the opponents' takeout double (redouble)"
OVERCALLS = "SAYC: Defensive bidding, Overcalls (8-16 points, a five-card suit)"
OVER_PREEMPTS = "SAYC: Defensive bidding, Overcalls (over their pre-empt, natural and sound)"
TAKEOUT_DOUBLES = "SAYC: Defensive bidding, Takeout doubles (support for the unbid suits)"
OPENER_COMPETES = "SAYC: Notrump rebids (18-19 balanced), kept when the opponents bid first"
ADVANCING_DOUBLE = "SAYC: Defensive bidding, Takeout doubles (advancing a double of a pre-empt)"
JUMP_OVERCALLS = "SAYC: Defensive bidding, Overcalls (jump overcalls are weak: the single jump to three is a pre-empt)"
OVER_1NT = "SAYC: Interference after a 1NT opening (a new suit at the three level is forcing)"
OVER_THEIR_JUMP = "SAYC: Competitive bidding, a new suit by responder over interference is forcing"

CASES = [
    # advancing partner's overcall: the cue bid is the good raise, so the jump raise is weak
    (ADVANCING, "1D 1S P", "K84 A52 KQ4 8632", "2D", "cue bid: a good raise in spades"),
    (ADVANCING, "1C 1H 2H", "K85 A52 KQ4 8632", "3C", "cue bid: a good raise in hearts"),
    (ADVANCING, "1D 1S P", "K984 52 842 Q832", "3S", "pre-emptive jump raise: 4+ spades, weak"),
    (ADVANCING, "1D 1S P", "K9843 52 842 Q83", "3S", "as many trumps together as tricks bid"),
    (ADVANCING, "1D 1S P", "K84 Q52 842 Q832", "2S", "raise: 3+ spades, 7-10 points"),
    (ADVANCING, "1D 1S P", "84 Q852 8642 Q83", "Pass", "pass: no fit and not enough to bid"),
    # their jump raise puts the cue bid above three of our suit: the raise takes the good hands too
    (ADVANCING, "1C 1S 3C", "Q86 8762 AK873 9", "3S", "11-13 points (the cue bid would be higher)"),
    (ADVANCING, "1C 1S 3C", "Q86 8762 K8732 9", "3S", "raise: 3+ spades, 7-10 points"),
    # a one-level overcall: two top honors, or one high honor with 10+ HCP; a weak hand needs the two
    (OVERCALLS, "1C", "K9843 A52 K4 Q32", "1S", "5+ spades headed by the ace, king or queen, 10-16 HCP"),
    (OVERCALLS, "1C", "98643 A52 K4 Q32", "Pass", "no suitable overcall"),
    (OVERCALLS, "1C", "K9843 652 Q4 J32", "Pass", "no suitable overcall"),
    # over a three-level pre-empt a good six-card suit is bid at the four level with 15+ HCP
    (OVER_PREEMPTS, "3H", "K5 A2 Q82 AQJ943", "4C", "overcall at the 4 level over their pre-empt"),
    (OVER_PREEMPTS, "3H", "K5 82 Q82 AQJ943", "Pass", "no suitable overcall"),
    # the takeout double promises support: a good six-card suit is overcalled instead (short of 17+)
    (TAKEOUT_DOUBLES, "3H", "KQT8432 A4 AQ5 8", "3S", "overcall at the 3 level: a good 6+ spades suit"),
    (TAKEOUT_DOUBLES, "3H", "KQ43 A4 AQ52 842", "X", "takeout double"),
    # too strong to overcall with a good suit of its own: double (then bid the suit), even with a void
    # in an unbid major, over a one-level bid; at the three level partner's answer may be the void
    (TAKEOUT_DOUBLES, "1C P P", "KJ85 - AQJ974 AK5", "X", "balancing takeout double"),
    (TAKEOUT_DOUBLES, "1C", "KJ85 - AQJ974 AK5", "X", "takeout double"),
    (TAKEOUT_DOUBLES, "3D", "AK8 - 9742 AKQJ53", "4C", "overcall at the 4 level over their pre-empt"),
    (DOUBLER, "1C X P 1H P", "KJ85 - AQJ974 AK5", "2D", "doubled, then a new suit"),
    # their two-level bids came before opener's planned 2NT rebid: 2NT at the first turn, with stoppers
    (OPENER_COMPETES, "1C 2C P 2S", "KT94 AT94 AQ KQ4", "2NT", "competes with 2NT: 18-19 HCP, balanced"),
    (OPENER_COMPETES, "1D 1H P 2H", "AT5 A86 KJ76 AK7", "2NT", "stoppers in their suits"),
    (OPENER_COMPETES, "1C 2C P 2S", "KT94 9854 AQ AKQ", "Pass", "nothing more to say"),
    (OPENER_COMPETES, "1D 1H P 2H", "AT5 KQ6 KJ76 A97", "Pass", "nothing more to say"),
    (OPENER_COMPETES, "1D P P 1H P 2D P 2H", "AT5 A86 KJ76 AK7", "Pass", "nothing more to say"),
    (OPENER_COMPETES, "1C 2C P 2S 2NT P", "A63 KJ5 T96 T652", "3NT", "game in notrump"),
    # partner doubled their three-level pre-empt at once: 9-11 HCP and a stopper bid the game
    (ADVANCING_DOUBLE, "3H X P", "A95 KT8 T62 Q975", "3NT", "over their pre-empt: 9-11 HCP with stoppers"),
    (ADVANCING_DOUBLE, "3H X P", "A95 T98 T62 Q975", "3S", "answers the double: 0-8 points"),
    (ADVANCING_DOUBLE, "3H P P X P", "A95 KT8 T62 Q975", "3S", "spades is the best suit"),
    # competing again to the level of the fit rather than selling out to their suit
    (TOTAL_TRICKS, "1H 2D X P 2H", "84 95 AKJ9743 K2", "3D", "competes to the level of the fit: 7+ diamonds"),
    (TOTAL_TRICKS, "1H 2D X P 2H", "84 953 AKJ974 K2", "Pass", "nothing more to say"),
    (TOTAL_TRICKS, "1S 2H 2S 3H", "KQJ984 5 K84 Q42", "3S", "competes to the level of the fit: 6+ spades"),
    (TOTAL_TRICKS, "1S 2H 2S 3H", "KQJ98 54 K84 Q42", "Pass", "nothing more to say"),
    (PREEMPTS, "2S X P 3H", "KQJ9843 5 842 42", "Pass", "nothing more to say"),
    # opener reopens a two-level overcall passed round: 2NT with 18-19 balanced and a stopper
    (REOPENING, "1C 2S P P", "K984 AQ5 KQ4 AJ4", "2NT", "reopens with 2NT: 18-19 HCP, balanced"),
    (REOPENING, "1C 2S P P 2NT P", "84 Q83 J98763 K2", "3NT", "game in notrump: 6+ HCP opposite partner's 18-19"),
    (REOPENING, "1C 2S P P 2NT P", "84 Q83 J98763 J2", "Pass", "fewer than 6 HCP"),
    # over a two-level overcall opener's 2NT answer to the negative double is a minimum
    (NEGATIVE, "1D 2H X P", "K6 QT82 AQJ4 J97", "2NT", "answers the negative double: 12-15 HCP"),
    (NEGATIVE, "1D 2H X P", "Q6 QT82 AKQJ A97", "3NT", "answers the negative double with game: 16-19 HCP"),
    # a long suit and game values: the game in it, or 3NT with their suit stopped and no shortness
    (NEGATIVE, "1D 2H X P", "- A3 AQ9765 AKQ65", "5D", "answers the negative double with game: 6+ diamonds, 19+ points"),
    (NEGATIVE, "1D 1S X P", "KQ3 A3 AKJ765 K5", "3NT", "a long diamonds suit, 19+ points, stoppers in their suit"),
    (NEGATIVE, "1D 2H X P", "K3 A3 AQ9765 Q85", "3D", "answers the negative double: 6+ diamonds"),  # a minimum
    # the doubler bids again only with more than a minimum double
    (DOUBLER, "1C X P 1S P", "7 KT963 AK94 AK2", "2H", "doubled, then a new suit: 5+ hearts, 17+ HCP"),
    (DOUBLER, "2H X P 3C P", "A86 AJT AKQT4 QT", "3D", "doubled, then a new suit: 5+ diamonds"),
    (DOUBLER, "1C X P 1S P", "AQ84 KQ53 A4 K42", "2S", "raises partner's spades: 4+ spades, 17-20 points"),
    (DOUBLER, "1C X P 1S P", "AK84 AQ53 AK4 42", "4S", "raises partner's spades to game: 4+ spades, 21+ points"),
    (DOUBLER, "1C X P 2S P", "AQ84 KQ53 A4 K42", "4S", "to game: 4+ spades, 15+ points"),
    (DOUBLER, "1C X P 1H P", "AQ4 KJ5 AQJ4 K42", "1NT", "doubled, then notrump: 19-21 HCP, balanced"),
    (DOUBLER, "1C X P 1S P", "A984 KJ53 KJ4 42", "Pass", "pass"),
    (DOUBLER, "1D P P X P 1H P", "AQ84 Q53 4 KJ842", "Pass", "pass"),
    # over their double a raise is 6-10: a game-going hand with a fit redoubles first
    (REDOUBLE, "1H X", "K84 QJ52 AK4 Q42", "XX", "or a fit and the values for game"),
    (REDOUBLE, "1H X", "K84 QJ52 A84 842", "2H", "raise: 3+ hearts, 6-10 points"),
    (REDOUBLE, "1H X XX 2C P P", "K84 QJ52 AK4 Q42", "4H", "game in hearts"),
    # the single jump to the three level over a one-level opening: seven cards and little outside
    (JUMP_OVERCALLS, "1H", "5 84 KQJ9743 842", "3D", "pre-emptive jump overcall: 7+ diamonds, 5-10 HCP"),
    (JUMP_OVERCALLS, "1S", "5 84 842 KQJ9743", "3C", "pre-emptive jump overcall: 7+ clubs"),
    (JUMP_OVERCALLS, "1C", "KQJ9743 84 842 5", "2S", "weak jump overcall: 6+ spades"),  # the single jump is to 2S
    (JUMP_OVERCALLS, "1H", "A4 K2 AQJ9743 84", "2D", "overcall at the 2 level"),  # too strong to pre-empt
    (JUMP_OVERCALLS, "1H P P", "5 84 KQJ9743 842", "Pass", "pass"),  # no pre-empt in the pass-out seat
    # over their three-level interference a new suit is natural and forcing
    (OVER_1NT, "1NT 3C", "KQT K7543 AK632 -", "3H", "5+ hearts, 10+ HCP, forcing"),
    (OVER_1NT, "1NT 3C", "942 K8543 Q93 K2", "Pass", "pass"),  # 8 HCP: not enough to bid at the three level
    (OVER_THEIR_JUMP, "1D 3C", "AT42 K8543 KQ93 -", "3H", "11+ HCP, 5+ hearts, forcing"),  # the values make up for the suit
]


@pytest.mark.parametrize("section,auction,hand,call,words", CASES, ids=[f"{c[1]}:{c[3]}" for c in CASES])
def test_sayc_competitive_call(section: str, auction: str, hand: str, call: str, words: str) -> None:
    check_call(section, auction, hand, call, words)


def test_the_jump_to_game_over_a_weak_jump_overcall_is_weak_or_strong() -> None:
    """Over a weak jump overcall (six cards shown) the jump to game needs only four trumps (ten
    together) when weak; with 14+ points it is the raise to game: one call, both meanings stated."""
    calls = [parse_call(t) for t in "1H 2S P".split()]
    weak, why = bd.choose(cards("K984 52 8642 Q83"), 0, calls, score0)
    strong, _why = bd.choose(cards("AK84 52 AK42 Q83"), 0, calls, score0)
    assert call_name(weak) == call_name(strong) == "4S"
    assert "pre-emptive jump raise: 4+ spades" in why and "raise to game" in why
    assert bd.choose(cards("K98 52 86432 Q83"), 0, calls, score0)[0] != weak  # three trumps, weak: no jump


def test_the_fit_level_stops_at_two_vulnerable_against_not() -> None:
    """The overcaller's seven-card suit competes at the three level, except vulnerable against not
    vulnerable, where one down doubled costs more than their part score."""
    calls = [parse_call(t) for t in "1H 2D X P 2H".split()]
    hand = cards("84 95 AKJ9743 K2")

    def unfavourable(seat: int) -> bd.Score:
        return bd.Score(vul=(seat % 2 == 1, seat % 2 == 0))

    assert call_name(bd.choose(hand, 0, calls, score0)[0]) == "3D"
    assert call_name(bd.choose(hand, 0, calls, unfavourable)[0]) == "Pass"


def _with_leg(leg: int) -> Callable[[int], bd.Score]:
    """North-South with ``leg`` below the line, nobody vulnerable."""
    return bd.score_for_side((False, False), (leg, 0))


def test_with_a_part_score_past_the_game_level_the_fit_bids_on() -> None:
    """With 60 below the line 2D was game; they bid 3S over partner's weak jump raise: 4D is game too,
    and ten trumps together reach it (20 HCP passed before)."""
    calls = [parse_call(t) for t in "1D 1S 3D 3S".split()]
    hand = cards("T5 AQ2 AKQJ96 A4")
    call, why = bd.choose(hand, 0, calls, _with_leg(60))
    assert call_name(call) == "4D" and "completes the game" in why, why
    assert bd.meaning(bd.position(0, calls, _with_leg(60)), call).shape.holds(bd.Hand(hand))
    weak = cards("T5 Q32 AKJ962 K4")  # a minimum with six: 4D still, by the trumps held together
    assert call_name(bd.choose(weak, 0, calls, _with_leg(60))[0]) == "4D"
    short = cards("T52 AQ2 AKQJ9 A4")  # five trumps, nine together: the three level only, already passed
    assert call_name(bd.choose(short, 0, calls, _with_leg(60))[0]) == "Pass"
