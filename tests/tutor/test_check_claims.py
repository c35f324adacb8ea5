"""`learn --check` holds a lesson's claims to the game's own knowledge: one line per problem.

The two bridge files under ``tests/data/lessons/`` are copies of lessons as they once shipped: the
finesse taught backwards (it "worked" only by a scripted West blunder) and a 2-HCP limit raise.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.tutor.check import check_file

OLD = Path(__file__).resolve().parent.parent / "data" / "lessons"


def problems(path: Path) -> list[str]:
    problem, _transcript = check_file(path)
    return problem.splitlines() if problem else []


def test_the_old_finesse_lesson_is_refused_for_wests_blunder() -> None:
    pytest.importorskip("endplay")
    got = problems(OLD / "bridge" / "09-the-finesse.toml")
    assert (
        "09-the-finesse.toml: step 12: move 1: West's 9S loses a trick double dummy: 1 tricks for that side, "
        "2 with KS (mark it in `deviations` with the reason, if it is meant)" in got
    )
    # and the single-dummy "mistakes" it called wrong although they lose nothing
    assert any("wrong move 'play AS' is right by the game's own judgement" in line for line in got)


def test_the_old_trumps_lesson_is_refused_for_its_limit_raise() -> None:
    got = problems(OLD / "bridge" / "02-trumps.toml")
    assert got == [
        "02-trumps.toml: prelude 3: East's 3S (limit raise: 3+ spades, 10-12 points, invitational) does "
        "not fit the hand: 2 HCP (3 points), 2 spades, 3 hearts, 5 diamonds, 3 clubs (mark it in "
        "`deviations` with the reason, if it is meant)"
    ]


BRIDGE_HEAD = """title = "t"
topics = ["play.trick"]
dealer = "West"
prelude = ["1N", "P", "3N", "P", "P", "P"]

[position]
hands.North = ["AKQJ2.K32.432.32"]
hands.East = ["76.654.T765.AT65"]
hands.South = ["T98.T987.J98.987"]
hands.West = ["543.AQJ.AKQ.KQJ4"]
"""


def lesson(tmp_path: Path, game: str, body: str, head: str) -> Path:
    folder = tmp_path / game
    folder.mkdir(exist_ok=True)
    path = folder / "01-test.toml"
    path.write_text(head + body, encoding="utf-8")
    return path


def test_a_text_stating_a_wrong_hcp_count(tmp_path: Path) -> None:
    head = BRIDGE_HEAD.replace('prelude = ["1N", "P", "3N", "P", "P", "P"]', "prelude = []")
    p = lesson(tmp_path, "bridge", '[[steps]]\nkind = "say"\ntext = "North has 14 HCP and East has 4 HCP."\n', head)
    assert problems(p) == ["01-test.toml: step 1: the text says 'North has 14 HCP', but the game counts 13 HCP"]
    right = lesson(tmp_path, "bridge", '[[steps]]\nkind = "say"\ntext = "North has {hcp North} HCP."\n', head)
    assert problems(right) == []


def test_a_quiz_whose_answer_is_printed_before_it(tmp_path: Path) -> None:
    head = """title = "t"
topics = ["turn"]
dealer = "P2"

[position]
hands.P1 = ["3H", "4H", "9S", "KD", "KC", "7C", "2D", "JS", "QH", "5S"]
hands.P2 = ["9H", "TC", "TD", "AS", "AC", "4C", "6S", "7S", "JD", "QC"]
"""
    body = """[[steps]]
kind = "move"
expect = ["draw stock"]
then = "You now hold 11 cards."

[[steps]]
kind = "quiz"
question = "How many cards do you hold now?"
answer = "11"
compute = "cards hand P1"
"""
    p = lesson(tmp_path, "rummy", body, head)
    assert problems(p) == ["01-test.toml: step 2: the answer '11' is printed before the quiz asks it ('You now hold 11 cards.')"]
    result = CliRunner().invoke(cli, ["learn", "--check", str(p)])
    assert result.exit_code == 1 and len(result.output.strip().splitlines()) == 1


def test_a_quiz_on_a_rule_no_step_has_taught(tmp_path: Path) -> None:
    head = BRIDGE_HEAD.replace('prelude = ["1N", "P", "3N", "P", "P", "P"]', "prelude = []")
    body = """[[steps]]
kind = "quiz"
question = "Must you follow suit?"
answer = "yes"
tests = "play.follow-suit"

[[steps]]
kind = "say"
text = "You must follow suit."
teaches = ["play.follow-suit"]
"""
    p = lesson(tmp_path, "bridge", body, head)
    assert problems(p) == [
        "01-test.toml: step 1: the quiz asks about 'play.follow-suit' before any step teaches it "
        "(mark the step `teaches`, or the quiz `guess = true` and say so in its question)"
    ]
    guessed = lesson(
        tmp_path, "bridge", body.replace('tests = "play.follow-suit"', 'tests = "play.follow-suit"\nguess = true'), head
    )
    assert problems(guessed) == []
    # a question that states the rule before asking to apply it teaches it ("The closer scores the cards
    # left in the other hands … How many points did you score?")
    own = lesson(
        tmp_path,
        "bridge",
        body.replace('tests = "play.follow-suit"', 'tests = "play.follow-suit"\nteaches = ["play.follow-suit"]'),
        head,
    )
    assert problems(own) == []


def test_a_rule_number_against_the_lessons_options(tmp_path: Path) -> None:
    head = """title = "t"
topics = ["meld"]
"""
    body = '[[steps]]\nkind = "say"\ntext = "A natural meld may hold at most three wildcards."\n'
    p = lesson(tmp_path, "canasta", body, head)
    assert problems(p) == [
        "01-test.toml: step 1: the text says 'at most three wildcards', but with these rules the wildcards in a meld is 2"
    ]
    classic = lesson(tmp_path, "canasta", body, head + 'options = { max_wilds_per_meld = "3" }\n')
    assert problems(classic) == []


def test_a_text_counting_your_cards_of_a_rank(tmp_path: Path) -> None:
    """ "Your three eights" is a claim about the learner's hand, held to the cards like "you hold three"."""
    from tests.tutor.test_judging import EIGHTS as head

    body = """[[steps]]
kind = "move"
expect = ["draw stock"]

[[steps]]
kind = "say"
text = "Your three eights make a set."
"""
    p = lesson(tmp_path, "rummy", body, head)
    assert problems(p) == ["01-test.toml: step 2: the text says 'Your three eights', but that hand holds 4"]
    right = lesson(tmp_path, "rummy", body.replace("Your three eights", "Your four eights"), head)
    assert problems(right) == []
