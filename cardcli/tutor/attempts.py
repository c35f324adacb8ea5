"""A move the learner types in a lesson: read against the legal list, judged against the step
(:mod:`cardcli.tutor.judge`), then played with its step's words, or refused with the step's own
explanation of that wrong move and the rule. Functions of the running
:class:`~cardcli.tutor.runner.LessonController`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardcli.engine.notation import RulesDisagreement
from cardcli.engine.verdict import AmbiguousMove, IllegalMove, InvalidMove, MoveError
from cardcli.i18n import _
from cardcli.tutor.answers import normalize
from cardcli.tutor.compute import advice
from cardcli.tutor.forks import controller_on, place_copy
from cardcli.tutor.judge import Judgement
from cardcli.tutor.model import Free, LessonError, Move

if TYPE_CHECKING:
    from cardcli.tutor.runner import LessonController


def resolve_listed(c: LessonController, text: str) -> Any:
    """A lesson's move resolved against the legal list; one the list lacks is no move at all here
    (the check names the game's disagreement)."""
    try:
        return c.session.resolve(text, remember=False)
    except RulesDisagreement as err:
        raise InvalidMove(str(err)) from None


def follows(c: LessonController, move: Any, done: int) -> bool:
    """Whether the rest of the lesson still plays once ``move`` has done step ``done`` (``EARLY``:
    none, the current step still to do): tried on a copy, in a silent probe (nothing here changes)."""
    if c.probe:
        return False
    try:
        copy = place_copy(c)
        copy.play(move)
    except (LessonError, MoveError, ValueError):
        return False
    probe, _out = controller_on(c, copy, c.skipped | ({done} if done >= 0 else set()), auto=True, probe=True)
    if done == c.index:
        probe.next()
    probe.run()
    return probe.failure is None and probe.done


def attempt(c: LessonController, text: str) -> None:
    step = c.step
    c.told = []
    try:
        move = c.session.resolve(text)
    except RulesDisagreement as err:
        c.console.error(_("internal error, the move was not played: {why} (please report it)").format(why=err))
        return
    except AmbiguousMove as err:
        c.console.error(_("ambiguous: {msg}").format(msg=err.message))
        return
    except IllegalMove as err:
        tried = isinstance(step, Move) and (step.invite or invited(c, step, text))
        if not tried:
            c.mistakes += 1
        c.console.error(_("illegal: {msg}").format(msg=err.message))
        explain_wrong(c, text, err.rule)
        return
    except MoveError as err:
        c.console.error(_("not a move: {msg}").format(msg=err.message))
        c.console.say(_("`help` lists the moves; `hint` helps"), "dim")
        return
    if isinstance(step, Free):
        make(c, step, move)
        return
    verdict = c.judge().judge(c.index, move)
    if not verdict.accepted:
        if verdict.mistake:
            c.mistakes += 1
            c.console.error(_("That is a legal move, but not what this step asks."))
        explain_wrong(c, text, "")
        return
    if verdict.note:
        c.console.say(verdict.note, "ok")
    made(c, verdict)


def invited(c: LessonController, step: Move, text: str) -> bool:
    return any(w.invited and same_text(c, w.move, text) for w in step.wrong)


def made(c: LessonController, verdict: Judgement) -> None:
    """Play a judged move: for this step, for a later step of the same run of moves, or before
    this step's own (``early``: the step still waits)."""
    if verdict.kind == "early":
        c.show_events(c.session.play(verdict.play, observer=c.learner))
        c.show_table()
        c.tell(c.step.text, "title")
        return
    if verdict.step == c.index:
        make(c, c.step, verdict.play)
        return
    for ev in c.session.play(verdict.play, observer=c.learner):
        c._show_event(ev)
    c.skipped.add(verdict.step)
    c.tell(getattr(c.lesson.steps[verdict.step], "then", ""), "ok")
    c.show_table()


def same_text(c: LessonController, a: str, b: str) -> bool:
    """Whether two typed texts name the same move here (``6h`` in the play is a card, not a bid)."""
    state = c.session.state
    try:
        return bool(c.game.format_move(c.game.parse_typed(state, a)) == c.game.format_move(c.game.parse_typed(state, b)))
    except (MoveError, ValueError):
        try:
            legal = c.session.legal_moves()
            return (
                bool(
                    c.game.format_move(c.session.resolve(a, remember=False))
                    == c.game.format_move(c.session.resolve(b, remember=False))
                )
                if legal
                else False
            )
        except MoveError:
            return normalize(a) == normalize(b)


def explain_wrong(c: LessonController, text: str, rule: str) -> None:
    step = c.step
    for wrong in getattr(step, "wrong", []):
        if wrong.text and same_text(c, wrong.move, text):
            c.tell(wrong.text, "hint")
            break
    if rule and c.game.rulebook.get(rule):
        c.console.say(c.game.rulebook.explain(rule), "hint")
        c.console.say(_("(cardcli rules {game} {rule})").format(game=c.game.name, rule=rule), "dim")
    elif isinstance(step, Move):
        c.console.say(_("`hint` helps; `why` explains a refusal."), "dim")


def make(c: LessonController, step: Any, move: Any) -> None:
    s = c.session
    coach = None
    if isinstance(step, Free) and not c.auto:
        best, why = advice(s)
        if best != move:
            coach = (c.game.move_words(best, c.console.charset), why)
    before = s.state.clone() if not isinstance(step, Free) else None
    c.show_events(s.play(move, observer=c.learner))
    if coach:
        c.console.say(
            _("Coach: cardcli's bot would have chosen {move}").format(move=coach[0])
            + (f" — {coach[1]}" if coach[1] else "")
            + ".",
            "dim",
        )
    if isinstance(step, Free):
        c.free_done += 1
        s.run_bots(observer=c.learner, on_event=c._show_event)
        if not c.free_finished(step):
            c.show_table()
        return
    c.before = before
    try:
        c.tell(step.then, "ok")
    finally:
        c.before = None
    c.next()
