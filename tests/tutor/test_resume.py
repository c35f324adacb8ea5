"""A lesson's place is its move log: left at any step and resumed any number of times, it goes on there.

And a demonstration (``--auto``) is only a demonstration: it never marks a lesson done or gives stars.
"""

from __future__ import annotations

import io

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.tutor import catalog, progress
from cardcli.tutor.model import load
from cardcli.tutor.runner import LessonController
from cardcli.ui.console import Console

LESSONS = catalog.all_lessons()
IDS = [f"{e.course}/{e.id}" for e in LESSONS]


def quiet() -> Console:
    out = io.StringIO()
    return Console(out=out, err=out, charset="ascii")


@pytest.mark.parametrize("entry", LESSONS, ids=IDS)
def test_left_at_every_step_and_resumed_three_times(entry: catalog.Entry) -> None:
    lesson = load(entry.path)
    ctl = LessonController(catalog.build_session(lesson, entry.course, entry.id), quiet(), lesson, entry.course, entry.id)
    ctl.run()
    waits = 0
    while not ctl.done:
        assert ctl.save_place()
        key = ctl.game.position_key(ctl.session.state)
        for visit in range(3):
            place = catalog.resume(lesson, entry.course, entry.id, progress.resume_point(entry.course, entry.id))
            assert not place.restarted
            again = LessonController(
                place.session,
                quiet(),
                lesson,
                entry.course,
                entry.id,
                start=place.step,
                hints=place.hints,
                mistakes=place.mistakes,
                done_steps=place.done_steps,
            )
            again.free_done = place.free_done
            again.run()
            assert again.failure is None, f"visit {visit + 1} at step {ctl.index + 1}: {again.failure}"
            assert (again.index, again.skipped) == (ctl.index, ctl.skipped)
            assert again.game.position_key(again.session.state) == key, f"visit {visit + 1} at step {ctl.index + 1}"
            assert again.save_place()
        waits += 1
        ctl.solve(ctl.step)
        if not ctl.done:
            ctl.run()
    assert ctl.failure is None and waits >= 1


def test_bridge_1_left_three_times_goes_on_at_its_step() -> None:
    """`cardcli learn bridge 1 </dev/null` three times used to break the lesson at its third visit."""
    for _ in range(3):
        result = CliRunner().invoke(cli, ["learn", "bridge", "1"], input="")
        assert result.exit_code == 0 and "continues at step 3 of 9" in result.output, result.output
        assert "broken" not in result.output
    result = CliRunner().invoke(cli, ["learn", "bridge", "1"], input="play 9s\nquit\n")
    assert "(continuing at step 3 of 9)" in result.output and "South plays 9♠" in result.output
    assert "continues at step 5 of 9" in result.output  # West plays, then the quiz: who won the trick?


def test_a_demonstration_earns_nothing() -> None:
    result = CliRunner().invoke(cli, ["learn", "rummy", "1", "--auto"])
    assert result.exit_code == 0 and "Demonstration complete" in result.output
    assert "Lesson complete" not in result.output
    assert progress.lesson_results("rummy") == {}
    listing = CliRunner().invoke(cli, ["learn"]).output
    assert "rummy     7 lessons, 0 done, 0 of 21 stars" in listing


def test_a_demonstration_can_be_paced(monkeypatch: pytest.MonkeyPatch) -> None:
    slept: list[float] = []
    monkeypatch.setattr("cardcli.tutor.runner.time.sleep", slept.append)
    result = CliRunner().invoke(cli, ["learn", "rummy", "1", "--auto", "--delay", "0.5"])
    assert result.exit_code == 0 and slept and set(slept) == {0.5}
