"""At a quiz or a move step, commands are commands and every spelling of the right answer is right."""

from __future__ import annotations

import io

import pytest

from cardcli.engine.cards import parse_card
from cardcli.tutor import catalog
from cardcli.tutor.answers import card_reader, same_answer
from cardcli.tutor.model import Quiz, load
from cardcli.tutor.runner import LessonController
from cardcli.ui.console import Console


def at(course: str, number: str, lines: list[str]) -> tuple[LessonController, io.StringIO]:
    entry = catalog.find(course, number)
    lesson = load(entry.path)
    out = io.StringIO()
    ctl = LessonController(
        catalog.build_session(lesson, course, entry.id),
        Console(out=out, err=out, color=False, charset="ascii"),
        lesson,
        course,
        entry.id,
        record=False,
    )
    ctl.run()
    for line in lines:
        ctl.handle(line)
    return ctl, out


@pytest.mark.parametrize(
    ("given", "want", "sign", "right"),
    [
        ("500", "-500", True, True),
        ("-500", "500", True, True),
        ("500", "-500", False, False),
        ("20, 6, 0, 0", "20 6 0 0", False, True),
        ("20 6 0 0", "20, 6, 0, 0", False, True),
        ("y", "yes", False, True),
        ("sì", "yes", False, True),
        ("si", "yes", False, True),
        ("no", "yes", False, False),
        ("K♥", "KH", False, True),
        ("king of hearts", "KH", False, True),
        ("re di cuori", "KH", False, True),
        ("KS", "KH", False, False),
        ("twelve", "12", False, True),
        ("dodici", "12", False, True),
        ("ventitré", "23", False, True),
        ("two hundred fifty", "250", False, True),
        ("1,500", "1500", False, True),
        ("+690", "690", False, True),
        ("13", "12", False, False),
        ("s", "South", False, True),
        ("Nord", "North", False, True),
        ("West", "South", False, False),
    ],
)
def test_equivalent_answers(given: str, want: str, sign: bool, right: bool) -> None:
    assert same_answer(given, want, card=card_reader(parse_card), either_sign=sign) is right


def test_commands_at_a_quiz_are_commands_not_answers() -> None:
    ctl, out = at("bridge", "1", ["play 9s"])
    assert isinstance(ctl.step, Quiz)
    for line in ("rules follow-suit", "help", "hint", "table", "why"):
        ctl.handle(line)
    assert ctl.mistakes == 0 and isinstance(ctl.step, Quiz), out.getvalue()
    assert "hint 1/2: The ace is the highest card." in out.getvalue()
    ctl.handle("b")  # East: wrong, and the rule comes at once
    text = out.getvalue()
    assert ctl.mistakes == 1 and "Not quite." in text and "The ace is the highest card." in text.split("Not quite.")[1]
    ctl.handle("hint")
    assert "hint 2/2: the answer is North" in out.getvalue()


def test_explain_at_a_bridge_quiz() -> None:
    ctl, out = at("bridge", "3", [])
    while not isinstance(ctl.step, Quiz):
        ctl.solve(ctl.step)
        ctl.run()
    before = ctl.mistakes
    ctl.handle("explain")
    assert ctl.mistakes == before and "The auction, with what each call means" in out.getvalue()


def test_low_card_shorthand_in_the_play_is_a_card_and_gets_the_lessons_feedback() -> None:
    ctl, out = at("bridge", "1", ["7h"])
    text = out.getvalue()
    assert ctl.mistakes == 1 and "You hold spades, so a heart is not allowed here." in text, text


def test_why_speaks_of_this_step_only() -> None:
    ctl, out = at("bridge", "1", ["7h", "play 9s"])
    out.truncate(0)
    ctl.handle("why")
    assert "revoke" not in out.getvalue().lower() and "follow suit" not in out.getvalue().lower()


def test_a_drill_takes_the_card_as_it_shows_it() -> None:
    from cardcli.tutor.drills import exercise

    ex = exercise("rummy", "discard", 1)
    card = ex.answer
    symbol = card[0].replace("T", "10") + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[card[1]]
    assert ex.accepts(card) and ex.accepts(symbol) and ex.accepts(card.lower())
    assert not ex.accepts("QS" if card != "QS" else "QH")


def test_the_score_sheet_waits_until_the_score_quiz_is_answered() -> None:
    """Canasta 8 asks what the side scored as soon as it goes out: the hand's score sheet, which
    states it, is shown only once the quiz is answered."""
    ctl, out = at("canasta", "8", ["meld K K K K K K K", "meld A A A A A 2 JK", "draw", "ask", "meld 9 9 9"])
    assert isinstance(ctl.step, Quiz) and ctl.step.compute == "result"
    assert "NS: +1235" not in out.getvalue()
    ctl.handle("1235")
    assert "NS: +1235" in out.getvalue().split("Right.")[1]


def test_an_invited_try_at_a_frozen_pozzo_is_no_mistake() -> None:
    """Canasta 5: "Could you take the pozzo? Try it if you like" (a black three is on top)."""
    ctl, out = at("canasta", "5", ["meld A A A", "take"])
    assert ctl.mistakes == 0 and "illegal: the pozzo is frozen" in out.getvalue()
    ctl.handle("draw")
    assert ctl.mistakes == 0 and ctl.index == 3


def test_the_hands_result_waits_until_the_score_quiz_is_answered() -> None:
    """Rummy 5 asks what the rummy scored: the result lines ("P1 scores 114") come after the answer."""
    ctl, out = at("rummy", "5", ["draw stock", "meld 6D 7D 8D 9D", "meld 2C 3C 4C", "meld JD JH JS", "discard KS"])
    assert isinstance(ctl.step, Quiz) and ctl.step.compute == "result"
    assert "P1 scores" not in out.getvalue() and "doubled to" not in out.getvalue()
    ctl.handle(ctl.correct_answer(ctl.step))
    text = out.getvalue()
    assert ctl.mistakes == 0 and text.index("Right.") < text.index("P1 scores 114")


def test_reveals_reads_a_result_line_by_line() -> None:
    from cardcli.tutor.claims import reveals

    block = "P2 holds 4D 5H 9H AS AC 4S 6S 7S TC QC: 57 points\nrummy: 57 doubled to 114\nP1 scores 114"
    assert reveals(block, "How many points did you score?", "114")
    assert reveals("P1 scores 114", "What do you score?", "114")  # "scores" and "score" are one word
    assert reveals("P1 scores 114, P2 0", "What did you score?", "114")  # the 1 of "P1" is no figure
    assert not reveals("a hand scores 50, 90, 114 or 120", "What did you score?", "114")  # a table of values


def test_a_quiz_about_the_position_draws_the_table_first() -> None:
    """Lesson 9 asks for the sure tricks right after the opening lead: the cards it asks about are on
    screen above the question (no `table` needed), and drawn once, not again for the next step's move."""
    ctl, out = at("bridge", "9", [])
    text = out.getvalue()
    question = text.index("count your sure tricks")
    assert "South (you, declarer)" in text[:question] and "Trick 1: West Q" in text[:question]
    assert text.count("South (you, declarer)") == 1


def test_an_answer_that_picks_no_choice_is_told_and_not_counted() -> None:
    """Lesson 26's first question has choices a-c: `zz` and `2H` pick none (told so, no mistake),
    `b` is a wrong choice (a mistake), `a` is right."""
    ctl, out = at("bridge", "26", ["zz", "2H"])
    assert ctl.mistakes == 0 and out.getvalue().count("none of the choices") == 2
    ctl.handle("b")
    assert ctl.mistakes == 1
    ctl.handle("a")
    assert "Right." in out.getvalue()
