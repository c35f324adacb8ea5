"""Eleusis rule tables: situations → verdict and rule id, and the course of a hand (right and wrong
cards, phase two, the ways it ends) on hand-built deals."""

from __future__ import annotations

import msgspec
import pytest
from eleusis.helpers import GAME, hand_state, new_hand

from cardcli.engine.verdict import Verdict
from cardcli.games.eleusis import moves as mv
from cardcli.games.eleusis.config import EleusisConfig
from cardcli.games.eleusis.library import BY_ID

SEED1 = BY_ID["seed-1"].text  # alternate red and black


def refused(verdict: Verdict, rule: str, words: str = "") -> None:
    assert not verdict.ok
    assert verdict.rule == rule, verdict
    assert GAME.rulebook.get(verdict.rule) is not None
    assert words in verdict.reason, verdict.reason
    assert "\n" not in verdict.reason


def test_the_dealer_writes_the_rule_first() -> None:
    state = new_hand(4, seed=3)
    assert state.phase == "rule" and GAME.to_act(state) == state.dealer
    refused(GAME.check(state, mv.Play(state.hands[1][0])), "turn.rule-first")
    assert [GAME.format_move(m) for m in GAME.legal_moves(state)][0] == "rule " + BY_ID["seed-1"].text


@pytest.mark.parametrize(
    ("text", "rule", "words"),
    [
        ("accept: rank(c) == rank(p1) + 1", "rule.fifth", "after KC no card is playable"),
        ("accept: color(c) != color(p1) or", "rule.syntax", "column 33 of the rule"),
        ("accept: rank(c) == red", "rule.types", "column 17 of the rule"),
        ("accept: " + "(" * 40 + "red(c)" + ")" * 40, "rule.limits", "nested more than 32"),
        ("accept: c.__class__", "rule.syntax", "no attribute access"),
        ("x" * 5000, "rule.limits", "5000 characters"),
    ],
)
def test_a_bad_rule_is_refused_with_its_reason(text: str, rule: str, words: str) -> None:
    state = new_hand(4, seed=3)
    move = GAME.parse_move("rule " + text)
    refused(GAME.check(state, move), rule, words)


def test_friendly_rule_input() -> None:
    assert GAME.parse_move("accept:color(c)!=color(p1)") == mv.SetRule(SEED1)
    assert GAME.parse_move("rule seed-1") == mv.SetRule(SEED1)
    assert GAME.parse_move("write seed-1") == mv.SetRule(SEED1)
    assert GAME.parse_move("7h") == mv.Play("7H") == GAME.parse_move("play 7♥")
    bad = GAME.parse_move("rule accept: nonsense(")
    assert GAME.parse_move(GAME.format_move(bad)) == bad  # an unreadable rule round-trips as typed


def test_the_rule_is_written_once() -> None:
    state = new_hand(4, seed=3, rule=SEED1)
    refused(GAME.check(state, mv.SetRule(SEED1)), "turn.rule-set")
    assert GAME.is_secret_move(mv.SetRule(SEED1)) and not GAME.is_secret_move(mv.Play("7H"))


def test_play_from_your_own_hand() -> None:
    state = new_hand(4, seed=3, rule=SEED1)
    seat = next(s for s in range(4) if s not in (state.turn, state.dealer))
    other = state.hands[seat][0]
    refused(GAME.check(state, mv.Play(other)), "play.held", other)
    refused(GAME.check(state, mv.Play(state.mainline[0])), "play.held")  # the starter is on the table


def play_all(state, cards: list[str]) -> None:  # type: ignore[no-untyped-def]
    for c in cards:
        move = mv.Play(c)  # type: ignore[arg-type]
        assert GAME.check(state, move).ok, (c, GAME.check(state, move))
        GAME.apply(state, move)


def test_right_and_wrong_cards_and_phase_two_skipped() -> None:
    state = hand_state({1: ["3C", "4D"], 2: ["5H", "6S"]}, ["2H"], SEED1, players=3)
    assert state.turn == 1
    play_all(state, ["4D", "6S", "3C", "5H"])
    assert state.mainline == ["2H", "6S", "5H"]
    assert state.wrong[1] == ["4D", "3C"] and state.wrong[2] == []  # wrong cards in the order played
    assert [a.accepted for a in state.attempts] == [False, True, False, True]
    assert state.phase == "over" and state.ended == "skipped"  # P3 made no wrong card
    res = GAME.hand_result(state)
    assert res is not None and res.points == [2, 0, 8]
    lines = GAME.explain_result(res, state.config, 3)
    assert lines[0].startswith("The rule was: " + SEED1)
    refused(GAME.check(state, mv.Play("3C")), "turn.over")


def test_phase_two_from_the_wrong_cards_until_someone_is_out() -> None:
    state = hand_state({1: ["3C", "4D", "9C"], 2: ["5H", "7H", "8S"]}, ["2H"], SEED1, players=3)
    play_all(state, ["4D", "5H", "3C", "8S", "9C", "7H"])
    assert state.phase == "two" and state.wrong_counts == [0, 2, 2]
    assert state.turn == 1  # play continues clockwise from where phase one stopped
    refused(GAME.check(state, mv.Play("3C")), "two.reserve")
    play_all(state, ["4D"])  # wrong again: it goes back among P2's cards
    assert state.wrong[1] == ["4D", "9C"] and state.attempts[-1].phase == 2 and not state.attempts[-1].accepted
    play_all(state, ["8S", "4D", "5H", "9C"])
    assert state.phase == "over" and state.ended == "out"
    res = GAME.hand_result(state)
    assert res is not None
    assert res.detail["left"] == [None, 0, 1] and res.detail["wrong"] == [None, 2, 2]
    assert res.points == [0, 7, 0]


def test_phase_two_ends_when_no_card_can_be_added() -> None:
    state = hand_state({1: ["3C", "4D"], 2: ["5H", "7H"]}, ["2H"], SEED1, players=3)
    play_all(state, ["4D", "5H", "3C", "7H"])
    # after 7H a black card is needed, and both players hold only red ones
    assert state.phase == "over" and state.ended == "blocked"
    res = GAME.hand_result(state)
    assert res is not None and res.points == [0, 3, 3]  # the bonus split between the two


def test_without_phase_two_players_score_on_their_wrong_cards() -> None:
    state = hand_state({1: ["3C", "4D"], 2: ["5H", "6S"]}, ["2H"], SEED1, players=3)
    state.config = msgspec.structs.replace(EleusisConfig(), phase_two=False)
    play_all(state, ["3C", "6S", "4D", "5H"])
    assert state.ended == "phase-one"


def test_the_rule_move_is_hidden_from_other_seats_in_narration() -> None:
    state = new_hand(4, seed=3)
    dealer = state.dealer
    twin = state.clone()
    outcome = GAME.apply(state, mv.SetRule(SEED1))
    assert SEED1 in GAME.narrate(outcome, dealer)
    for seat in [s for s in range(4) if s != dealer] + [None]:
        assert SEED1 not in GAME.narrate(outcome, seat)
    wrapped = GAME.apply(twin, mv.SetRule(BY_ID["up-wrap"].text))
    assert "round the corner" in GAME.narrate(wrapped, None)  # the seed's mandatory announcement


def test_every_rule_id_a_verdict_can_name_is_in_the_rulebook() -> None:
    import re
    from pathlib import Path

    import cardcli.games.eleusis as pkg

    root = Path(pkg.__file__).parent
    src = "".join(p.read_text() for p in root.rglob("*.py"))
    ids = set(re.findall(r'refuse\("([a-z0-9.-]+)"', src))
    ids |= {f"rule.{k}" for k in ("syntax", "types", "limits", "fifth")}
    assert ids and all(GAME.rulebook.get(i) for i in ids), ids - set(GAME.rulebook.rules)
    assert GAME.rulebook.find("score") and any(r.id == "score.input" for r in GAME.rulebook.find("score"))
