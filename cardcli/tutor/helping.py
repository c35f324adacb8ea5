"""Help inside a lesson: ``hint`` (a nudge, what to look at, then the answer), ``why`` (the last
refusal with its rule) and ``solve`` (the step played or answered as the lesson expects, for
``--auto``, ``--check`` and probes). Functions of the running
:class:`~cardcli.tutor.runner.LessonController`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardcli.engine.verdict import MoveError
from cardcli.i18n import _
from cardcli.tutor.answers import card_reader, normalize, same_answer
from cardcli.tutor.compute import advice
from cardcli.tutor.model import Free, Move, Quiz
from cardcli.tutor.quizzes import card_parser

if TYPE_CHECKING:
    from cardcli.tutor.runner import LessonController


def hint(c: LessonController) -> None:
    step = c.step
    if step is None:
        return
    if isinstance(step, Free):
        if c.session.to_act() != c.learner:
            c.console.say(_("no hint: it is not your turn"))
            return
        c.hints += 1
        move, why = c.session.hint(c.learner)
        c.console.say(_("hint: {move}").format(move=c.game.format_move(move)) + (f" — {why}" if why else ""), "hint")
        return
    texts = [c.t(h) for h in getattr(step, "hints", [])]
    texts.append(answer_text(c, step))
    c.hints += 1
    shown = texts[min(c.level, len(texts) - 1)]
    c.level += 1
    c.console.tell(_("hint {k}/{n}: {text}").format(k=min(c.level, len(texts)), n=len(texts), text=shown), "hint")


def answer_text(c: LessonController, step: Any) -> str:
    if isinstance(step, Quiz):
        return _("the answer is {answer}").format(answer=c.correct_answer(step))
    if step.invite:
        return _("any move will do here: try one")
    if step.match or (step.goal and not step.expect):
        judge = c.judge()
        example = next((c.game.format_move(m) for m in c.session.legal_moves() if judge.meets_goal(step, m)), "")
        return _("{what}, for example `{move}`").format(what=c.t(step.describe) or step.match or step.goal, move=example)
    return _("type `{move}`").format(move=step.expect[0])


def why(c: LessonController) -> None:
    err = c.session.last_refusal
    step = c.step
    if err is not None and err.rule and c.game.rulebook.get(err.rule):
        c.console.say(err.message, "error")
        c.console.say(c.game.rulebook.explain(err.rule))
        return
    if isinstance(step, Move | Quiz) and getattr(step, "hints", None):
        c.console.say(c.t(step.hints[0]), "hint")
        return
    c.console.say(_("nothing has been refused yet; `hint` helps with this step"))


def solve(c: LessonController, step: Any) -> None:
    """Play or answer the step as the lesson expects, explaining it (``--auto``, ``--check``, probes)."""
    c.told = []
    try:
        if isinstance(step, Quiz):
            answer = c.correct_answer(step)
            if step.choices and normalize(answer) not in [normalize(c) for c in step.choices]:
                c.fail(f"the computed answer {answer!r} is not one of the choices")
                return
            if step.compute and not same_answer(step.answer, answer, card=card_reader(card_parser())):
                c.text_problem(f"the answer says {step.answer!r}, but the rules give {answer!r}")
            c.console.say(f"» {_(answer) if step.choices else answer}", "ok")  # a choice is shown translated
            c.release()
            c.tell(step.explain)
            c.next()
            return
        s = c.session
        if isinstance(step, Free):
            move, _why = advice(s)
        elif step.expect:
            move = c.scripted(step.expect[0])
        else:
            judge = c.judge()
            legal = [m for m in s.legal_moves() if step.invite or judge.meets_goal(step, m)]
            if not legal:
                c.fail(f"no legal move meets the step's goal ({step.goal or step.match!r})")
                return
            move = legal[0]
        if isinstance(step, Move):
            c.before_scripted(move, c.learner, f"step {c.index + 1}")
        c.console.say(f"» {c.game.format_move(move)}", "ok")
        c.make(step, move)
    except MoveError as err:
        c.fail(f"expected move: {err.message}" + (f" [rule {err.rule}]" if err.rule else ""))
