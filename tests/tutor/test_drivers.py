"""Both drivers: lessons solved by typing into the prompt-toolkit REPL (through a pipe) and the line driver.

The lines typed are the ones ``--auto`` plays (``» move``), so the learner's
path is the lesson's own; the lesson must then be stored as done, with three
stars, exactly as when a person types them.
"""

from __future__ import annotations

import io

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from cardcli.tutor import catalog
from cardcli.tutor.model import load
from cardcli.tutor.progress import lesson_results, resume_point
from cardcli.tutor.runner import LessonController
from cardcli.ui.console import Console

LESSONS = catalog.all_lessons()
IDS = [f"{e.course}/{e.id}" for e in LESSONS]
ONE_PER_GAME = [
    next(e for e in LESSONS if e.course == c and e.number == n)
    for c, n in (("bridge", 1), ("bridge", 17), ("rummy", 7), ("burraco", 3), ("canasta", 4), ("eleusis", 3))
]


def controller(entry: catalog.Entry, *, auto: bool = False) -> tuple[LessonController, io.StringIO]:
    lesson = load(entry.path)
    out = io.StringIO()
    ctl = LessonController(
        catalog.build_session(lesson, entry.course, entry.id),
        Console(out=out, err=out, color=False, charset="ascii"),
        lesson,
        entry.course,
        entry.id,
        auto=auto,
        record=not auto,
    )
    return ctl, out


def solution(entry: catalog.Entry) -> list[str]:
    """What ``--auto`` types at each waiting step."""
    ctl, out = controller(entry, auto=True)
    ctl.start()
    assert ctl.done and not ctl.failure, out.getvalue()
    return [ln[2:] for ln in out.getvalue().splitlines() if ln.startswith("» ")]


def test_the_chosen_lessons_cover_every_game() -> None:
    assert {e.course for e in ONE_PER_GAME} == set(catalog.COURSES)


@pytest.mark.parametrize("entry", LESSONS, ids=IDS)
def test_lesson_solved_through_the_prompt_toolkit_driver(entry: catalog.Entry) -> None:
    from cardcli.ui.ptk.app import run

    lines = solution(entry)
    assert lines, "the lesson asks nothing of the learner"
    ctl, out = controller(entry)
    with create_pipe_input() as inp:
        for text in lines:
            inp.send_text(text + "\r")
        inp.send_text("quit\r")  # never reached when the lesson ends; would keep the place otherwise
        with create_app_session(input=inp, output=DummyOutput()):
            code = run(ctl, input=inp, output=DummyOutput())
    text = out.getvalue()
    assert code == 0, text
    assert "Lesson complete: 3 of 3 stars (0 hints, 0 mistakes)" in text, text[-3000:]
    assert lesson_results(entry.course)[entry.id] == (True, 3)
    assert resume_point(entry.course, entry.id) is None


@pytest.mark.parametrize("entry", ONE_PER_GAME, ids=[f"{e.course}/{e.id}" for e in ONE_PER_GAME])
def test_lesson_solved_through_the_line_driver(entry: catalog.Entry) -> None:
    from cardcli.ui.line_driver import run

    lines = solution(entry)
    ctl, out = controller(entry)
    code = run(ctl, io.StringIO("".join(t + "\n" for t in lines)), interactive=False)
    assert code == 0 and "Lesson complete: 3 of 3 stars" in out.getvalue(), out.getvalue()[-3000:]
    assert lesson_results(entry.course)[entry.id] == (True, 3)


def test_bridge_free_play_gives_hints_coaching_and_resumes() -> None:
    from click.testing import CliRunner

    from cardcli.cli import cli

    out = CliRunner().invoke(cli, ["learn", "bridge", "17"], input="hint\n1C\nquit\n").output
    assert "Free play: the other seats are played by bots" in out
    assert "hint: 1N — 15-17 HCP, balanced" in out  # advice on request
    assert "Coach: cardcli's bot would have chosen 1NT" in out  # and after a different call
    assert "continues at step 3 of 3" in out
    point = resume_point("bridge", "17-a-whole-hand")
    assert point is not None and point["hints"] == 1 and [2, "1C"] in point["moves"]
    out = CliRunner().invoke(cli, ["learn", "bridge", "17"], input="quit\n").output
    # South's 1C is kept, and the bots have answered it (North's limit raise with four clubs)
    assert "(continuing at step 3 of 3)" in out and "1♣" in out and "Pass 3♣" in out
