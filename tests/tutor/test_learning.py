"""Learning a lesson piped through the line driver: feedback, hints, progress and resuming."""

from __future__ import annotations

from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.tutor.progress import lesson_results


def learn(*args: str, input: str = "") -> str:
    result = CliRunner().invoke(cli, ["learn", *args], input=input)
    assert result.exit_code == 0, result.output
    return result.output


def test_wrong_move_hints_and_quiz() -> None:
    out = learn("rummy", "1", input="discard KD\nhint\nhint\nhint\nd\ndiscard 3H\ndiscard 2D\n9\n10\n")
    assert "illegal:" in out and "Draw first" in out  # the refusal names its rule text
    assert "hint 1/3: Every turn begins by taking one card." in out
    assert "hint 3/3: type `draw stock`" in out
    assert "That is a legal move, but not what this step asks." in out
    assert "may become part of a run" in out  # the tempting wrong move explained
    assert "Not quite" in out and "Right." in out
    assert "Lesson complete: 1 of 3 stars (3 hints, 3 mistakes)" in out
    assert lesson_results("rummy")["01-a-turn"] == (True, 1)


def test_perfect_lesson_gets_three_stars_and_the_list_shows_it() -> None:
    learn("rummy", "1", input="d\ndiscard 2D\n10\n")
    assert lesson_results("rummy")["01-a-turn"] == (True, 3)
    assert "rummy     7 lessons, 1 done, 3 of 21 stars" in learn()
    # `cardcli learn rummy` goes on with the next undone lesson
    assert "Melds: sets and runs" in learn("rummy", input="quit\n")


def test_quit_keeps_the_step_and_resumes() -> None:
    out = learn("rummy", "1", input="d\nquit\n")
    assert "continues at step 3 of 5" in out
    out = learn("rummy", "1", input="discard 2D\n10\n")
    assert "(continuing at step 3 of 5)" in out and "Lesson complete" in out
    assert lesson_results("rummy")["01-a-turn"][0]


def test_reset_forgets_progress() -> None:
    learn("rummy", "1", input="d\ndiscard 2D\n10\n")
    assert "Progress forgotten (1 lesson)." in learn("rummy", "--reset")
    assert "01-a-turn" not in lesson_results("rummy")


def test_unknown_lesson_is_one_line() -> None:
    result = CliRunner().invoke(cli, ["learn", "rummy", "99"])
    assert result.exit_code == 1 and "rummy has no lesson '99'" in result.output
