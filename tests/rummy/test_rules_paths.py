"""Rummy's paths that mutation testing found untested: reaching exactly the target ends the match, the
stock running out (the pile turned over only while it has two cards and turns are left; the hand void or
won by the lowest hand, aces counted as the option says), and what each new turn resets."""

from __future__ import annotations

import pytest
from rummy.situations import GAME, play, situation


def test_reaching_exactly_the_target_ends_the_match() -> None:
    st = situation(["7H 8H", "QH 5C"], discard="2D", phase="draw", stock="9H 3C", rummy_doubles=False)
    target = st.config.target_for(2)
    st.totals = [target - 15, 0]
    play(st, "draw stock", "meld 7H 8H 9H")  # out: QH 5C left, 15 points, exactly the target
    assert st.phase == "over" and st.totals == [target, 0] and st.match_done
    assert GAME.match_over(st) and GAME.match_result(st).winners == [0]


def test_one_point_short_of_the_target_the_match_goes_on() -> None:
    st = situation(["7H 8H", "QH 4C"], discard="2D", phase="draw", stock="9H 3C", rummy_doubles=False)
    target = st.config.target_for(2)
    st.totals = [target - 15, 0]
    play(st, "draw stock", "meld 7H 8H 9H")  # 14 points
    assert st.totals == [target - 1, 0] and not st.match_done and not GAME.match_over(st)
    assert GAME.needs_deal(st)


@pytest.mark.parametrize(
    ("pile", "turnovers", "turned"),
    [
        ("2D 9H", 0, True),  # two cards: the pile is turned over (its oldest card starts the new pile)
        ("2D", 0, False),  # one card cannot make a stock and an upcard: the hand ends
        ("2D 9H", 3, False),  # no turnover left (max_turnovers 3)
        ("2D 9H 7S", 2, True),  # the last turnover allowed
    ],
)
def test_the_stock_running_out(pile: str, turnovers: int, turned: bool) -> None:
    st = situation(["KS 3C", "QH 5C"], discard=pile, phase="draw", stock="")
    st.turnovers = turnovers
    outcome = GAME.apply(st, GAME.parse_move("draw stock"))
    if turned:
        cards = pile.split()
        assert outcome.facts["turned"] == cards[0] and st.discard == [cards[0]]
        assert st.stock == list(reversed(cards))[:-1] and st.turnovers == turnovers + 1 and st.phase == "draw"
        assert st.turn == 0 and st.hands[0] == ["KS", "3C"]  # the same player draws again
    else:
        assert outcome.facts["exhausted"] and st.phase == "over"
        assert st.result is not None and st.result.detail["wash"] and st.result.points == [0, 0]


@pytest.mark.parametrize(
    ("ace_points", "hands", "winner", "points"),
    [
        (1, ["AS 2C", "3H 4D"], 0, 7),  # 3 against 7: the lowest hand scores the other's 7
        (11, ["AS 2C", "3H 4D"], 1, 13),  # the ace at 11 makes the first hand the higher one
        (1, ["AS 2C", "2H AD"], None, 0),  # level: nobody has the lowest hand, the hand is void
    ],
)
def test_the_lowest_hand_wins_when_the_stock_cannot_be_remade(
    ace_points: int, hands: list[str], winner: int | None, points: int
) -> None:
    st = situation(hands, discard="9S", phase="draw", stock="", exhausted="lowest", ace_points=ace_points)
    GAME.apply(st, GAME.parse_move("draw stock"))
    assert st.phase == "over" and st.result is not None
    values = [sum(ace_points if c[0] == "A" else int(c[0]) for c in h.split()) for h in hands]
    if winner is None:
        assert st.result.detail.get("wash") and st.result.points == [0, 0]
    else:
        assert st.result.detail["winner"] == winner and st.result.detail["lowest"]
        assert st.result.points[winner] == sum(values) - min(values) == points
        assert st.result.points[1 - winner] == 0


def test_a_new_turn_resets_what_the_last_one_did() -> None:
    st = situation(["7H 8H 9H KS 2C", "QD 5C 6C"], melds=[(1, "TS JS QS")], discard="3D", phase="draw", stock="4D 4C")
    assert not st.tabled_before_turn  # P1 has no meld of their own yet
    play(st, "draw discard", "meld 7H 8H 9H", "layoff KS 1")
    assert st.taken == "3D" and st.melds_this_turn == 1 and st.laid_off_on_others
    play(st, "discard 2C")
    # P2's turn: nothing of P1's turn carries over, and P2 owns a meld from before
    assert st.turn == 1 and st.phase == "draw" and st.taken is None
    assert st.melds_this_turn == 0 and not st.laid_off_on_others and st.tabled_before_turn
    play(st, "draw stock", "discard QD")
    assert st.turn == 0 and st.tabled_before_turn and st.melds_this_turn == 0  # P1 has tabled cards now


def test_the_card_taken_from_the_pile_cannot_be_discarded_in_the_same_turn() -> None:
    st = situation(["7H 8H KS", "QD 5C 6C"], discard="3D", phase="draw")
    play(st, "draw discard")
    verdict = GAME.check(st, GAME.parse_move("discard 3D"))
    assert not verdict.ok and verdict.rule
    assert GAME.check(st, GAME.parse_move("discard KS")).ok
    assert "discard 3D" not in {GAME.format_move(m) for m in GAME.legal_moves(st)}
