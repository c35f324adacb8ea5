"""What rummy's rules say to a player, word for word: each refusal names its rule and the cards at
fault, each move is told to every seat as that seat may know it, and a finished hand is explained line
by line. Real situations, each with the exact line a player reads."""

from __future__ import annotations

from typing import Any

import pytest
from rummy.situations import GAME, play, situation

from cardcli.engine.game import HandResult
from cardcli.i18n import using

TAKEN_LAST = "that would leave only KS, the card you took, which you cannot discard"

REFUSALS: list[tuple[str, dict[str, Any], str, str, str]] = [
    # (what, situation, move, rule, the line the player reads)
    ("the hand is over", dict(hands=["KS 2C", "QH"], phase="over"), "discard KS", "turn.over", "the hand is over"),
    (
        "a second draw",
        dict(hands=["KS 2C", "QH"]),
        "draw stock",
        "turn.drawn",
        "you have already drawn this turn; meld, lay off or discard",
    ),
    (
        "the discard pile is empty",
        dict(hands=["KS 2C", "QH"], discard="", phase="draw"),
        "draw discard",
        "draw.discard-empty",
        "the discard pile is empty; draw from the stock",
    ),
    (
        "a discard before drawing",
        dict(hands=["KS 2C", "QH"], phase="draw"),
        "discard KS",
        "turn.draw-first",
        "draw a card first (`draw stock` or `draw discard`)",
    ),
    ("a meld of cards not held", dict(hands=["3H KS", "QH"]), "meld 3H 4H 5H", "meld.held", "you do not hold 4H 5H"),
    (
        "a second meld under one meld per turn",
        dict(hands=["7C 8C 9C KS", "QH"], melds=[(0, "3H 4H 5H")], preset="pagat"),
        "meld 7C 8C 9C",
        "meld.one-per-turn",
        "you have already put down a meld this turn",
    ),
    (
        "a meld leaving only the taken card",
        dict(hands=["3H 4H 5H KS", "QH"], taken="KS"),
        "meld 3H 4H 5H",
        "discard.taken-card-last",
        TAKEN_LAST,
    ),
    (
        "a lay-off of a card not held",
        dict(hands=["KS 2C", "QH"], melds=[(0, "3H 4H 5H")]),
        "layoff 6H 1",
        "layoff.held",
        "you do not hold 6H",
    ),
    (
        "a lay-off before a meld of one's own",
        dict(hands=["6H KS", "QH"], melds=[(1, "3H 4H 5H")]),
        "layoff 6H 1",
        "layoff.first-meld",
        "you may lay off only after you have a meld of your own on the table",
    ),
    (
        "a lay-off with no meld on the table",
        dict(hands=["6H KS", "QH"], preset="pagat"),
        "layoff 6H 1",
        "layoff.target",
        "there are no melds on the table",
    ),
    (
        "a lay-off on a meld that is not there",
        dict(hands=["6H KS", "QH"], melds=[(0, "3H 4H 5H"), (1, "8C 8D 8S")]),
        "layoff 6H 3",
        "layoff.target",
        "there is no meld 3 (melds are numbered 1 to 2)",
    ),
    (
        "a lay-off on meld 0",
        dict(hands=["6H KS", "QH"], melds=[(0, "3H 4H 5H")]),
        "layoff 6H 0",
        "layoff.target",
        "there is no meld 0 (melds are numbered 1 to 1)",
    ),
    (
        "a card that does not fit",
        dict(hands=["9H KS", "QH"], melds=[(0, "3H 4H 5H")]),
        "layoff 9H 1",
        "layoff.fit",
        "9H does not fit meld 1: 3H 4H 5H 9H is not a run: 6H 7H 8H are missing",
    ),
    (
        "a lay-off leaving only the taken card",
        dict(hands=["6H KS", "QH"], melds=[(0, "3H 4H 5H")], taken="KS"),
        "layoff 6H 1",
        "discard.taken-card-last",
        TAKEN_LAST,
    ),
    ("a discard of a card not held", dict(hands=["KS 2C", "QH"]), "discard 9D", "discard.held", "you do not hold 9D"),
    (
        "a discard of the card just taken",
        dict(hands=["KS 2C", "QH"], taken="KS"),
        "discard KS",
        "discard.taken-card",
        "you took KS from the discard pile this turn; discard a different card",
    ),
]


@pytest.mark.parametrize(("what", "where", "move", "rule", "line"), REFUSALS, ids=[c[0] for c in REFUSALS])
def test_each_refusal_names_its_rule_and_the_cards(what: str, where: dict[str, Any], move: str, rule: str, line: str) -> None:
    st = situation(**where)
    if where.get("preset") == "pagat" and where.get("melds"):
        st.melds_this_turn = 1  # the meld on the table was this turn's
    verdict = GAME.check(st, GAME.parse_move(move))
    assert (verdict.ok, verdict.rule, verdict.reason) == (False, rule, line)


def test_the_refusals_are_translated() -> None:
    """Every refusal reads in Italian too (a message the catalogue lacks would stay in English)."""
    with using("it"):
        for what, where, move, _rule, line in REFUSALS:
            st = situation(**where)
            if where.get("preset") == "pagat" and where.get("melds"):
                st.melds_this_turn = 1
            reason = GAME.check(st, GAME.parse_move(move)).reason
            assert reason and reason != line, what


def test_checking_something_that_is_no_rummy_move_is_a_type_error() -> None:
    st = situation(["KS 2C", "QH"])
    with pytest.raises(TypeError) as err:
        GAME.check(st, "discard KS")  # type: ignore[arg-type]  # text, not a parsed move
    assert err.value.args == ("discard KS",)


# -- narration: (situation, moves before, move, what the mover reads, what another seat reads) --------
NARRATION: list[tuple[str, dict[str, Any], tuple[str, ...], str, str, str]] = [
    (
        "a draw from the stock shows the card to the drawer only",
        dict(hands=["KS 2C", "QH"], phase="draw", stock="9D 4C"),
        (),
        "draw stock",
        "P1 draws 9D from the stock",
        "P1 draws from the stock",
    ),
    (
        "taking the upcard is seen by all",
        dict(hands=["KS 2C", "QH"], phase="draw", discard="7D"),
        (),
        "draw discard",
        "P1 takes 7D from the discard pile",
        "P1 takes 7D from the discard pile",
    ),
    (
        "a turnover",
        dict(hands=["KS 2C", "QH"], phase="draw", discard="2D 9H", stock=""),
        (),
        "draw stock",
        "P1 turns the discard pile over to form a new stock; 2D is turned up, and P1 may take it or draw from the new stock",
        "P1 turns the discard pile over to form a new stock; 2D is turned up, and P1 may take it or draw from the new stock",
    ),
    (
        "the stock cannot be re-formed",
        dict(hands=["KS 2C", "QH"], phase="draw", discard="2D", stock=""),
        (),
        "draw stock",
        "P1 must draw, but the stock cannot be re-formed: the hand ends",
        "P1 must draw, but the stock cannot be re-formed: the hand ends",
    ),
    (
        "a meld",
        dict(hands=["3H 4H 5H KS 2C", "QH"]),
        (),
        "meld 3H 4H 5H",
        "P1 melds 3H 4H 5H",
        "P1 melds 3H 4H 5H",
    ),
    (
        "a lay-off",
        dict(hands=["6H KS 2C", "QH"], melds=[(0, "3H 4H 5H")]),
        (),
        "layoff 6H 1",
        "P1 lays off 6H on meld 1",
        "P1 lays off 6H on meld 1",
    ),
    ("a discard", dict(hands=["KS 2C", "QH"]), (), "discard KS", "P1 discards KS", "P1 discards KS"),
    (
        "going out with the last discard",
        dict(hands=["3H 4H 5H KS", "QH"]),
        ("meld 3H 4H 5H",),
        "discard KS",
        "P1 discards KS and goes out",
        "P1 discards KS and goes out",
    ),
    (
        "going out with a meld",
        dict(hands=["3H 4H 5H", "QH"]),
        (),
        "meld 3H 4H 5H",
        "P1 melds 3H 4H 5H and goes out",
        "P1 melds 3H 4H 5H and goes out",
    ),
    (
        "the second seat's move",
        dict(hands=["QH 5C", "KS 2C 3S"], turn=1),
        (),
        "discard KS",
        "P2 discards KS",
        "P2 discards KS",
    ),
]


@pytest.mark.parametrize(("what", "where", "before", "move", "mover", "other"), NARRATION, ids=[c[0] for c in NARRATION])
def test_each_move_is_told_as_each_seat_may_know_it(
    what: str, where: dict[str, Any], before: tuple[str, ...], move: str, mover: str, other: str
) -> None:
    st = situation(**where)
    play(st, *before)
    seat = st.turn
    outcome = GAME.apply(st, GAME.parse_move(move))
    assert outcome.seat == seat and GAME.format_move(outcome.move) == move
    assert GAME.narrate(outcome, seat) == mover
    assert GAME.narrate(outcome, 1 - seat) == other
    assert GAME.narrate(outcome, None) == other  # a spectator knows what the other seat knows


def test_the_third_seat_is_named_in_a_three_player_hand() -> None:
    st = situation(["QH 5C", "2D", "KS 2C 3S"], turn=2)
    assert GAME.narrate(GAME.apply(st, GAME.parse_move("discard KS")), 0) == "P3 discards KS"


def test_a_draw_of_a_card_nobody_was_told_of_is_told_without_it() -> None:
    """An outcome with no card in it (a stock draw seen by nobody in particular) still reads."""
    from cardcli.engine.game import Outcome

    assert GAME.narrate(Outcome(0, GAME.parse_move("draw stock"), {}), 0) == "P1 draws from the stock"


# -- explaining a finished hand -------------------------------------------------------------------------
def _ended(hands: list[str], *moves: str, **where: Any) -> tuple[HandResult, Any]:
    """The result of a hand played to its end from a situation where P1 has 30 and P2 12."""
    st = situation(hands, **where)
    st.totals = [30, 12] + [0] * (len(hands) - 2)
    play(st, *moves)
    assert st.result is not None and st.phase == "over"
    return st.result, st.config


def test_a_won_hand_is_explained_card_by_card() -> None:
    res, cfg = _ended(["3H 4H 5H KS", "QH 5C", "AD"], "meld 3H 4H 5H", "discard KS", rummy_doubles=False)
    assert GAME.explain_result(res, cfg, 3) == [
        "P2 holds QH 5C: 15 points",
        "P3 holds AD: 1 point",
        "P1 scores 16",
        "totals: P1 46, P2 12, P3 0",
    ]


def test_a_rummy_is_explained_as_doubled() -> None:
    res, cfg = _ended(["3H 4H 5H KS", "QH 5C"], "meld 3H 4H 5H", "discard KS")
    assert res.detail["rummy"] is True
    assert GAME.explain_result(res, cfg, 2) == [
        "P2 holds QH 5C: 15 points",
        "rummy (went out in one turn): 15 doubled to 30",
        "P1 scores 30",
        "totals: P1 60, P2 12",
    ]


def test_a_void_hand_is_explained_as_void() -> None:
    res, cfg = _ended(["KS 2C", "QH"], "draw stock", phase="draw", discard="2D", stock="")
    assert GAME.explain_result(res, cfg, 2) == ["the stock ran out: the hand is void, nobody scores", "totals: P1 30, P2 12"]


def test_the_lowest_hand_is_explained_with_its_score_only() -> None:
    res, cfg = _ended(["AS 2C", "3H 4D"], "draw stock", phase="draw", discard="9S", stock="", exhausted="lowest")
    assert GAME.explain_result(res, cfg, 2) == [
        "the stock ran out: P1 has the lowest hand",
        "P1 scores 7",
        "totals: P1 37, P2 12",
    ]


def test_a_result_without_the_hands_left_still_gives_the_totals() -> None:
    """An older file's result may lack the cards left: the explanation says what it can."""
    res = HandResult(points=[9, 0], totals=[9, 0], detail={"winner": 1})
    assert GAME.explain_result(res, GAME.presets["standard"], 2) == ["totals: P1 9, P2 0"]


def test_the_move_help_shows_moves_the_game_reads() -> None:
    """Each example in ``help`` is a move (or a shorthand) the player can type as shown."""
    st = situation(["3H 4H 5H 6H KS", "QH"], melds=[(0, "7D 8D 9D"), (0, "TC JC QC")], phase="draw")
    examples = [example.split("  ")[0] for example, _what in GAME.move_help()]
    assert examples == ["draw stock", "draw discard", "meld 3H 4H 5H", "layoff 6H 2", "discard KS"]
    assert [GAME.format_move(GAME.parse_move(e)) for e in examples] == examples
    shortcuts = [example.split("  ")[1] for example, _what in GAME.move_help() if "  " in example]
    assert shortcuts == ["(d)", "(t)", "(KS)"]
    play(st, "draw stock")
    assert GAME.shorthand(st, "KS", GAME.legal_moves(st)) == [GAME.parse_move("discard KS")]


def test_the_move_help_is_translated() -> None:
    english = [what for _example, what in GAME.move_help()]
    assert all(english)
    with using("it"):
        italian = [what for _example, what in GAME.move_help()]
    assert all(i and i != e for i, e in zip(italian, english, strict=True))
