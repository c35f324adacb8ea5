"""The lesson format and `learn --check` failures: one line naming the file, the step and the problem."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.tutor.check import check_file

HEAD = """title = "t"
topics = ["turn"]
dealer = "P2"

[position]
hands.P1 = ["3H", "4H", "9S", "KD", "KC", "7C", "2D", "JS", "QH", "5S"]
hands.P2 = ["9H", "TC", "TD", "AS", "AC", "4C", "6S", "7S", "JD", "QC"]
stock = ["8D", "6H"]
"""


def lesson(tmp_path: Path, body: str, head: str = HEAD) -> Path:
    folder = tmp_path / "rummy"
    folder.mkdir(exist_ok=True)
    path = folder / "01-test.toml"
    path.write_text(head + body, encoding="utf-8")
    return path


def test_a_sound_lesson(tmp_path: Path) -> None:
    p = lesson(tmp_path, '[[steps]]\nkind = "move"\nexpect = ["d"]\n')
    assert check_file(p)[0] is None


def test_unknown_field_names_step_field_and_line(tmp_path: Path) -> None:
    p = lesson(tmp_path, '[[steps]]\nkind = "say"\ntext = "hi"\ncolour = "red"\n')
    problem = check_file(p)[0]
    assert problem == "01-test.toml: step 1: Object contains unknown field `colour` (line 12)"


def test_illegal_expected_move_names_the_step_and_rule(tmp_path: Path) -> None:
    p = lesson(tmp_path, '[[steps]]\nkind = "say"\ntext = "hi"\n[[steps]]\nkind = "move"\nexpect = ["discard KD"]\n')
    problem = check_file(p)[0]
    assert problem is not None and problem.startswith("01-test.toml: step 2: expected move 'discard KD':")
    assert "turn.draw-first" in problem


def test_wrong_quiz_answer_is_caught(tmp_path: Path) -> None:
    p = lesson(tmp_path, '[[steps]]\nkind = "quiz"\nquestion = "points?"\nanswer = "60"\ncompute = "points P1"\n')
    assert check_file(p)[0] == "01-test.toml: step 1: the answer says '60', but the rules give '70'"


def test_unknown_rule_topic(tmp_path: Path) -> None:
    p = lesson(tmp_path, '[[steps]]\nkind = "say"\ntext = "x"\n', HEAD.replace('["turn"]', '["turn", "juggling"]'))
    problem = check_file(p)[0]
    assert problem is not None and "topic 'juggling' is not a rule topic" in problem


def test_wrong_move_that_the_step_accepts(tmp_path: Path) -> None:
    p = lesson(tmp_path, '[[steps]]\nkind = "move"\nexpect = ["d"]\nwrong = [{ move = "draw stock" }]\n')
    assert check_file(p)[0] == (
        "01-test.toml: step 1: wrong move 'draw stock' is right by the game's own judgement "
        "(expected): a lesson never calls it a mistake"
    )


def test_check_command_exit_status_and_one_line(tmp_path: Path) -> None:
    bad = lesson(tmp_path, '[[steps]]\nkind = "move"\nexpect = ["discard KD"]\n')
    result = CliRunner().invoke(cli, ["learn", "--check", str(bad)])
    assert result.exit_code == 1
    assert len(result.output.strip().splitlines()) == 1 and "Traceback" not in result.output
    broken = tmp_path / "rummy" / "02-x.toml"
    broken.write_text("title = [", encoding="utf-8")
    result = CliRunner().invoke(cli, ["learn", "--check", str(broken)])
    assert result.exit_code == 1 and result.output.startswith("02-x.toml: not valid TOML")
