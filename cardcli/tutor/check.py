"""``cardcli learn --check FILE``: a lesson is proved by playing it, not by reading it.

The check decodes the file (unknown fields refused), resolves every topic and
rule id in the game's rulebook, builds the position through the real deal,
folds the prelude, then runs the lesson through the same controller as a
learner would, in auto mode: every expected move must be legal at its step,
every tempting wrong move must really be refused (or at least not accepted),
every computed quiz answer must be what the game's code works out. The first
problem is one line naming the file and the step.
"""

from __future__ import annotations

import io
from pathlib import Path

from cardcli.engine.verdict import IllegalMove, MoveError
from cardcli.tutor import catalog
from cardcli.tutor.model import Lesson, LessonError, Move, Quiz, load
from cardcli.tutor.runner import LessonController
from cardcli.ui.console import Console


class CheckingController(LessonController):
    """Auto mode that also proves the wrong moves, the hints and the fixed answers."""

    def solve(self, step: object) -> None:
        if isinstance(step, Move):
            for text in step.expect[1:]:  # the first is played, and named when it is not a move
                try:
                    self.resolve(text, remember=False)
                except MoveError as err:
                    self.fail(f"expected move {text!r}: {err.message}")
                    return
            for wrong in step.wrong:
                try:
                    move = self.resolve(wrong.move, remember=False)
                except IllegalMove as err:
                    if err.rule and self.game.rulebook.get(err.rule) is None:
                        self.fail(f"wrong move {wrong.move!r} is refused by rule {err.rule!r}, which has no text")
                        return
                    continue
                except MoveError as err:
                    self.fail(f"wrong move {wrong.move!r} is not a {self.game.name} move here ({err.message})")
                    return
                if self.matches(step, move):
                    self.fail(f"wrong move {wrong.move!r} is accepted by this step")
                    return
                if not wrong.text:
                    self.fail(f"wrong move {wrong.move!r} is legal, so it needs a text saying why it is wrong")
                    return
            if not step.expect and not step.match:
                self.fail("a move step needs `expect` or `match`")
                return
        if isinstance(step, Quiz):
            if not step.compute and step.choices and step.answer not in step.choices:
                self.fail(f"the answer {step.answer!r} is not one of the choices")
                return
        super().solve(step)


def topic_problem(lesson: Lesson, game: object) -> str | None:
    book = game.rulebook  # type: ignore[attr-defined]
    if not lesson.topics:
        return "the lesson names no rule topics"
    for topic in lesson.topics:
        if not book.find(topic):
            return f"topic {topic!r} is not a rule topic or rule id of {book.game} (`cardcli rules {book.game}`)"
    return None


def check_file(path: str | Path, game_name: str | None = None) -> tuple[str | None, str]:
    """``(problem, transcript)``: problem is None when the lesson is sound."""
    p = Path(path)
    name = p.name
    try:
        lesson = load(p)
    except LessonError as err:
        return str(err), ""
    return check_lesson(lesson, game_name or catalog.game_of(p), p.stem, name)


def check_lesson(lesson: Lesson, game_name: str, lesson_id: str, name: str) -> tuple[str | None, str]:
    from cardcli.engine.registry import UnknownGame
    from cardcli.engine.registry import load as load_game

    try:
        game = load_game(game_name)
    except UnknownGame:
        return (f"{name}: lessons live in a folder named after their game, and {game_name!r} is not a game"), ""
    problem = topic_problem(lesson, game)
    if problem:
        return f"{name}: {problem}", ""
    try:
        session = catalog.build_session(lesson, game_name, lesson_id)
    except LessonError as err:
        return f"{name}: {err}", ""
    out = io.StringIO()
    ctl = CheckingController(session, Console(out=out, err=out, charset="ascii"), lesson, game_name, lesson_id,
                             auto=True, record=False)
    try:
        ctl.start()
    except LessonError as err:
        ctl.failure = f"step {ctl.index + 1}: {err}"
    if ctl.failure:
        return f"{name}: {ctl.failure}", out.getvalue()
    if not ctl.done:
        return f"{name}: step {ctl.index + 1}: the lesson stopped before its end", out.getvalue()
    return None, out.getvalue()
