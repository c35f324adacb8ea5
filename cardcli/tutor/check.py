"""``cardcli learn --check FILE``: a lesson is proved by playing it, with the game's own knowledge.

The check decodes the file (unknown fields refused), resolves every topic and
rule id in the game's rulebook, builds the position through the real deal,
then runs the lesson through the same controller a learner meets, in auto
mode, and holds it to what the game knows:

* every scripted move (prelude, replies, the lesson's own moves) is sound by the
  game's knowledge (:meth:`~cardcli.engine.teaching.Teaching.audit_move`: in
  bridge a call fits the system's meaning for the hand that makes it, a card
  loses no trick double dummy), unless the lesson marks it as a deviation with
  the reason it tells the learner;
* every expected move is legal, every goal is a word the game knows, and a move
  the step lists as wrong is really refused, or off the goal and not rated as good
  as the lesson's by a sure measure (a lesson never calls a right move a mistake);
* every number a text states about a hand or quotes about the rules is the
  game's (:mod:`cardcli.tutor.claims`), and every computed quiz answer is what
  the game's code works out;
* no quiz's answer is printed by the lesson before the quiz asks it, and a quiz
  about a rule comes after a step that teaches it, unless it is marked a guess.

Each problem is one line naming the file and the step; the check goes on past a
problem where it can, so one run names them all.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

from cardcli.engine.notation import RulesDisagreement
from cardcli.engine.verdict import IllegalMove, MoveError
from cardcli.tutor import catalog
from cardcli.tutor.claims import reveals
from cardcli.tutor.judge import known_goal
from cardcli.tutor.model import Free, Lesson, LessonError, Move, Quiz, Reply, Say, load
from cardcli.tutor.runner import LessonController
from cardcli.ui.console import Console

FATAL = ("expected move", "the rules disagree", "a move step needs", "the goal")
POSITION_FACTS = {
    "winner",
    "declarer",
    "hcp",
    "points",
    "cards",
    "result",
    "dd",
    "total",
    "fits",
    "allowed",
    "legal",
    "illegal",
    "hint",
    "burraco",
    "canasta",
    "meaning",
}
"""Quizzes about the position in front of the learner: a text just before must not tell their answer."""


class CheckingController(LessonController):
    """Auto mode that also proves the scripted moves, the wrong moves, the texts and the quizzes."""

    problems: list[str]

    @property
    def strict(self) -> bool:
        return True

    def note(self, problem: str) -> None:
        """A problem the check can go on after (so one run names them all)."""
        if not hasattr(self, "problems"):
            self.problems = []
        line = f"step {self.index + 1}: {problem}"
        if line not in self.problems:
            self.problems.append(line)

    def text_problem(self, problem: str) -> None:
        self.note(problem)

    def before_scripted(self, move: Any, seat: int, at: str) -> None:
        problem = audit(self.lesson, self.session.state, move, seat, at, self.game)
        if problem:
            self.note(problem)

    def entering_quiz(self, step: Quiz) -> None:
        if step.compute.split(" ", 1)[0] not in POSITION_FACTS:
            return  # a rule applied to a case: the rule may well have been taught just before
        try:
            answer = self.correct_answer(step)
        except LessonError:
            return
        question = self.t(step.question)
        for text in self.told:
            if reveals(text, question, answer) and not step.guess:
                self.note(f"the answer {answer!r} is printed before the quiz asks it ({_short(text)!r})")
                return

    def solve(self, step: object) -> None:
        if isinstance(step, Move):
            problem = self.move_step_problem(step)
            if problem and problem.startswith(FATAL):
                self.fail(problem)  # the step cannot be played at all
                return
            if problem:
                self.note(problem)
        if isinstance(step, Quiz):
            if not step.compute and step.choices and step.answer not in step.choices:
                self.fail(f"the answer {step.answer!r} is not one of the choices")
                return
        super().solve(step)

    def move_step_problem(self, step: Move) -> str | None:
        if not step.expect and not step.match and not step.goal and not step.invite:
            return "a move step needs `expect`, `goal`, `match` or `invite`"
        if step.goal and not known_goal(self.game, step.goal):
            words = ", ".join(["any", "kind WORD", "over", *self.game.goal_words()])
            return f"the goal {step.goal!r} is not one {self.game.name} knows ({words})"
        for text in step.expect:
            try:
                move = self.session.resolve(text, remember=False)
            except MoveError as err:
                return f"expected move {text!r}: {err.message}" + (f" [rule {err.rule}]" if err.rule else "")
            except RulesDisagreement as err:
                return f"the rules disagree about {text!r}: {err}"
            if text is not step.expect[0]:
                problem = audit(self.lesson, self.session.state, move, self.learner, f"step {self.index + 1}", self.game)
                if problem:
                    return problem
        judge = self.judge()
        for wrong in step.wrong:
            try:
                move = self.session.resolve(wrong.move, remember=False)
            except IllegalMove as err:
                if err.rule and self.game.rulebook.get(err.rule) is None:
                    return f"wrong move {wrong.move!r} is refused by rule {err.rule!r}, which has no text"
                continue
            except MoveError as err:
                return f"wrong move {wrong.move!r} is not a {self.game.name} move here ({err.message})"
            except RulesDisagreement as err:
                return f"the rules disagree about {wrong.move!r}: {err}"
            verdict = judge.judge(self.index, move)
            if verdict.accepted:
                return (
                    f"wrong move {wrong.move!r} is right by the game's own judgement ({verdict.kind}"
                    + (f": {verdict.note}" if verdict.note else "")
                    + "): a lesson never calls it a mistake"
                )
            if not wrong.text:
                return f"wrong move {wrong.move!r} is legal, so it needs a text saying why it is wrong"
        return None


def audit(lesson: Lesson, state: Any, move: Any, seat: int, at: str, game: Any) -> str | None:
    """Why a scripted move breaks the game's knowledge without being marked so, or None."""
    problem = game.audit_move(state, move, seat)
    if not problem:
        return None
    for d in lesson.deviations:
        where = " ".join(d.at.split()).lower()
        if where == at or (at.endswith(" move 1") and where == at[: -len(" move 1")]):
            return None
    where = f"{at}: " if at.startswith("prelude") else (f"move {at.rsplit(' ', 1)[1]}: " if " move " in at else "")
    return f"{where}{problem} (mark it in `deviations` with the reason, if it is meant)"


def _short(text: str, n: int = 70) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def topic_problem(lesson: Lesson, game: Any) -> str | None:
    book = game.rulebook
    if not lesson.topics:
        return "the lesson names no rule topics"
    for topic in lesson.topics:
        if not book.find(topic):
            return f"topic {topic!r} is not a rule topic or rule id of {book.game} (`cardcli rules {book.game}`)"
    taught: set[str] = set()
    for n, step in enumerate(lesson.steps, 1):
        for rule in getattr(step, "teaches", []):  # a question may state the rule it then asks to apply
            if not book.find(rule):
                return f"step {n}: teaches {rule!r}, which is not a rule topic or rule id of {book.game}"
            taught.update(_ids(book, rule))
        if isinstance(step, Quiz) and step.tests:
            if not book.find(step.tests):
                return f"step {n}: the quiz tests {step.tests!r}, which is not a rule topic or rule id of {book.game}"
            if not step.guess and not (_ids(book, step.tests) & taught):
                return (
                    f"step {n}: the quiz asks about {step.tests!r} before any step teaches it (mark the step "
                    "`teaches`, or the quiz `guess = true` and say so in its question)"
                )
        if isinstance(step, Quiz) and step.explain:
            taught.update(_ids(book, step.tests) if step.tests else set())
    for d in lesson.deviations:
        if not _where_ok(d.at, lesson):
            return f"deviation at {d.at!r}: no such move (prelude K, step N or step N move M)"
    return None


def _ids(book: Any, topic: str) -> set[str]:
    found = book.find(topic)
    return {r.id for r in found} | {r.topic for r in found} | {topic}


def _where_ok(at: str, lesson: Lesson) -> bool:
    words = at.lower().split()
    try:
        if words[0] == "prelude" and len(words) == 2:
            return 1 <= int(words[1]) <= len(lesson.prelude)
        if words[0] == "step":
            n = int(words[1])
            if not 1 <= n <= len(lesson.steps):
                return False
            step = lesson.steps[n - 1]
            if len(words) == 4 and words[2] == "move":
                return isinstance(step, Reply) and 1 <= int(words[3]) <= len(step.moves)
            return len(words) == 2 and isinstance(step, Move | Reply | Free | Say)
    except (ValueError, IndexError):
        return False
    return False


def check_file(path: str | Path, game_name: str | None = None) -> tuple[str | None, str]:
    """``(problem, transcript)``: problem is None when the lesson is sound."""
    p = Path(path).resolve()
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

    found: list[str] = []

    def prelude_audit(state: Any, move: Any, seat: int, at: str) -> None:
        problem = audit(lesson, state, move, seat, at, game)
        if problem:
            found.append(problem)

    try:
        session = catalog.build_session(lesson, game_name, lesson_id, audit=prelude_audit)
    except LessonError as err:
        return f"{name}: {err}", ""
    out = io.StringIO()
    ctl = CheckingController(
        session, Console(out=out, err=out, charset="ascii"), lesson, game_name, lesson_id, auto=True, record=False
    )
    ctl.problems = found
    try:
        ctl.start()
    except LessonError as err:
        ctl.failure = f"step {ctl.index + 1}: {err}"
    problems = list(ctl.problems)
    if ctl.failure:
        problems.append(ctl.failure)
    elif not ctl.done:
        problems.append(f"step {ctl.index + 1}: the lesson stopped before its end")
    if problems:
        return "\n".join(f"{name}: {p}" for p in problems), out.getvalue()
    return None, out.getvalue()
