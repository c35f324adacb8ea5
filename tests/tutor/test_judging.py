"""The tutor judges a move by what it does: every right way is accepted, and no invitation is a mistake.

The walk over every shipped lesson (:mod:`cardcli.tutor.alternatives`) tries, at each move step, the
lesson's move in other spellings and card orders, every move meeting the step's goal and every move
the game rates at least as good; the tables below pin the cases a new learner met.
"""

from __future__ import annotations

import io
from collections import Counter
from pathlib import Path

import pytest

from cardcli.tutor import catalog
from cardcli.tutor.alternatives import fork_of, invited, walk
from cardcli.tutor.model import Lesson, Move, load
from cardcli.tutor.runner import LessonController
from cardcli.ui.console import Console

LESSONS = catalog.all_lessons()
IDS = [f"{e.course}/{e.id}" for e in LESSONS]
TRIED: Counter[str] = Counter()
ACCEPTED: Counter[str] = Counter()
WALKED: set[str] = set()
"""The lessons walked in this process (under xdist each worker walks only some of them)."""


@pytest.mark.parametrize("entry", LESSONS, ids=IDS)
def test_every_right_way_of_every_step_is_accepted(entry: catalog.Entry) -> None:
    refused = []
    for trial in walk(load(entry.path), entry.course, entry.id):
        TRIED[entry.course] += 1
        ACCEPTED[entry.course] += trial.accepted
        if not trial.accepted:
            refused.append(f"step {trial.step}: {trial.text!r} ({trial.why}, {trial.mistakes} mistakes)")
    WALKED.add(f"{entry.course}/{entry.id}")
    assert not refused, refused


def test_the_alternatives_figure(capsys: pytest.CaptureFixture[str]) -> None:
    """Tried / accepted per course (the figure for the notes; the walk above asserts each one)."""
    for entry in LESSONS:  # the lessons this process has not walked yet (all of them when run alone)
        if f"{entry.course}/{entry.id}" not in WALKED:
            WALKED.add(f"{entry.course}/{entry.id}")
            for trial in walk(load(entry.path), entry.course, entry.id):
                TRIED[entry.course] += 1
                ACCEPTED[entry.course] += trial.accepted
    with capsys.disabled():
        for course in catalog.COURSES:
            print(f"\n  {course:<8} alternatives tried {TRIED[course]:>4}, accepted {ACCEPTED[course]:>4}", end="")
        print()
    assert sum(TRIED.values()) > 300 and TRIED == ACCEPTED


def controller_at(entry: catalog.Entry, moves: list[str] | None = None) -> tuple[LessonController, io.StringIO]:
    """A learner's controller at the lesson's first waiting step, after typing ``moves``."""
    lesson = load(entry.path)
    out = io.StringIO()
    ctl = LessonController(
        catalog.build_session(lesson, entry.course, entry.id),
        Console(out=out, err=out, color=False, charset="ascii"),
        lesson,
        entry.course,
        entry.id,
        record=False,
    )
    ctl.run()
    for line in moves or []:
        ctl.handle(line)
    return ctl, out


def test_moves_of_a_run_may_come_in_any_order() -> None:
    """Rummy 5 asks for the diamonds, the clubs and the jacks in turn; the jacks first is as good."""
    ctl, out = controller_at(catalog.find("rummy", "5"), ["draw stock"])
    assert ctl.index == 1
    ctl.handle("meld JD JH JS")
    assert ctl.mistakes == 0 and ctl.index == 1 and ctl.skipped == {3}, out.getvalue()
    assert "the order does not matter" in out.getvalue()
    ctl.handle("meld 6D 7D 8D 9D")
    assert ctl.index == 2
    ctl.handle("meld 2C 3C 4C")
    assert ctl.index == 4 and ctl.mistakes == 0  # step 4 (the jacks) is skipped: already done


def test_a_better_meld_than_the_lessons_is_praised_and_never_a_mistake() -> None:
    """Canasta 1: melding all four kings where the lesson says three."""
    ctl, out = controller_at(catalog.find("canasta", "1"), ["60", "meld A A A", "draw"])
    ctl.handle("meld K K K K")
    text = out.getvalue()
    assert ctl.mistakes == 0 and "Even better than the lesson's move" in text, text
    assert ctl.session.hands[-1].moves[-1].move in ("meld K K K K", "meld K K K")


def test_an_opening_before_the_draw_a_step_asks_for_is_played_and_the_step_waits() -> None:
    """Canasta 6 asks for the draw; opening with A A A first is good play: kept, no mistake, and the
    draw is still to come."""
    ctl, out = controller_at(catalog.find("canasta", "6"))
    ctl.handle("meld A A A")
    text = out.getvalue()
    assert ctl.mistakes == 0 and "Fine: meld A A A first gives 60 points" in text, text
    assert ctl.session.hands[-1].moves[-1].move == "meld A A A" and ctl.index == 1
    ctl.handle("draw")
    assert ctl.mistakes == 0 and ctl.index == 3 and "you hold 14 now" in out.getvalue()  # at the first quiz


def test_an_early_move_the_lesson_cannot_follow_is_replaced_without_a_mistake(tmp_path: Path) -> None:
    """The same opening where a later quiz counts the hand: the lesson's own draw is played instead."""
    ctl, out = synthetic(
        tmp_path,
        """
[[steps]]
kind = "move"
text = "Draw."
expect = ["draw"]

[[steps]]
kind = "quiz"
question = "How many cards do you hold?"
answer = "17"
compute = "cards hand South"
""",
        "canasta",
        CANASTA_HEAD,
    )
    ctl.handle("meld A A A")
    text = out.getvalue()
    assert ctl.mistakes == 0 and "This lesson goes on from draw" in text, text
    assert ctl.session.hands[-1].moves[-1].move == "draw" and ctl.index == 1


EIGHTS = """title = "t"
topics = ["layoff"]
dealer = "P2"

[position]
hands.P1 = ["8C", "8D", "8S", "9H", "3S", "KC", "2H", "JD", "QD", "5C"]
stock = ["TC", "8H"]
"""


def test_a_good_move_that_leaves_the_lessons_line_is_replaced_without_a_mistake(tmp_path: Path) -> None:
    """All four eights at once is better, but the lesson lays off the fourth in its next step (rummy 3
    as it once was)."""
    ctl, out = synthetic(
        tmp_path,
        """
[[steps]]
kind = "move"
expect = ["draw stock"]

[[steps]]
kind = "move"
text = "Meld three eights."
expect = ["meld 8C 8D 8S"]

[[steps]]
kind = "move"
text = "Lay off the fourth."
expect = ["layoff 8H 1"]
""",
        head=EIGHTS,
    )
    ctl.handle("draw stock")
    ctl.handle("meld 8H 8C 8D 8S")
    text = out.getvalue()
    assert ctl.mistakes == 0 and "no mistake counted" in text
    assert ctl.session.hands[-1].moves[-1].move == "meld 8C 8D 8S" and ctl.index == 2


def test_an_off_goal_move_is_a_mistake_that_says_so() -> None:
    ctl, out = controller_at(catalog.find("rummy", "1"), ["draw stock"])
    ctl.handle("discard KD")
    assert ctl.mistakes == 1 and "not what this step asks" in out.getvalue()


def test_the_same_rule_written_another_way_is_the_rule() -> None:
    ctl, out = controller_at(catalog.find("eleusis", "3"))
    step = ctl.step
    assert isinstance(step, Move) and step.expect[0].startswith("rule accept: suit(c) == suit(p1) or")
    ctl.handle("rule accept: rank(c) > rank(p1) or suit(c) == suit(p1)")
    assert ctl.mistakes == 0 and ctl.index > 1, out.getvalue()


def test_a_card_as_good_double_dummy_is_not_a_mistake() -> None:
    pytest.importorskip("endplay")
    ctl, out = controller_at(catalog.find("bridge", "1"))
    assert ctl.index == 2
    ctl.handle("play TS")  # the lesson lists 8S, 9S and 10S; each loses nothing
    assert ctl.mistakes == 0 and ctl.index > 2


HEAD = """title = "t"
topics = ["turn"]
dealer = "P2"

[position]
hands.P1 = ["3H", "4H", "9S", "KD", "KC", "7C", "2D", "JS", "QH", "5S"]
hands.P2 = ["9H", "TC", "TD", "AS", "AC", "4C", "6S", "7S", "JD", "QC"]
stock = ["8D", "6H"]
"""


CANASTA_HEAD = """title = "t"
topics = ["turn"]
dealer = "East"

[position]
hands.South = ["AH", "AS", "AD", "QH", "QS", "2C", "9S", "7S", "5D", "4C", "6H", "8S", "TD", "JC", "JH"]
"""


def synthetic(tmp_path: Path, body: str, game: str = "rummy", head: str = HEAD) -> tuple[LessonController, io.StringIO]:
    folder = tmp_path / game
    folder.mkdir(exist_ok=True)
    path = folder / "01-test.toml"
    path.write_text(head + body, encoding="utf-8")
    lesson: Lesson = load(path)
    out = io.StringIO()
    ctl = LessonController(
        catalog.build_session(lesson, game, "01-test"),
        Console(out=out, err=out, charset="ascii"),
        lesson,
        game,
        "01-test",
        record=False,
    )
    ctl.run()
    return ctl, out


def test_an_invited_try_and_an_invitation_step_cost_no_mistake(tmp_path: Path) -> None:
    ctl, out = synthetic(
        tmp_path,
        """
[[steps]]
kind = "move"
text = "Try to discard before drawing, then draw."
expect = ["draw stock"]
wrong = [{ move = "discard KD", text = "You must draw first.", invited = true }]

[[steps]]
kind = "move"
text = "Discard anything you like."
invite = true
then = "Whatever you threw, the turn is over."
""",
    )
    ctl.handle("discard KD")
    assert ctl.mistakes == 0 and "You must draw first." in out.getvalue()
    ctl.handle("draw stock")
    ctl.handle("discard 3H")
    assert ctl.mistakes == 0 and ctl.done and "Whatever you threw" in out.getvalue()


def test_every_invitation_in_the_lessons_costs_no_mistake() -> None:
    seen = 0
    for entry in LESSONS:
        ctl, _out = controller_at(entry)
        while not ctl.done:
            step = ctl.step
            if isinstance(step, Move):
                for text in invited(ctl, step):
                    seen += 1
                    fork, _out = fork_of(ctl)
                    fork.handle(text)
                    assert fork.mistakes == 0, f"{entry.course}/{entry.id} step {ctl.index + 1}: {text!r}"
            ctl.solve(step)
            if not ctl.done:
                ctl.run()
    assert seen >= 4  # rummy 4, canasta 5, eleusis 3 and 4 invite a try
