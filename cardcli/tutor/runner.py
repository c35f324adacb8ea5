"""Running a lesson in either driver: the REPL controller with the lesson's steps on top.

:class:`LessonController` is a :class:`~cardcli.ui.commands.Controller`, so the
prompt-toolkit REPL and the line driver run a lesson exactly as they run a
game; every move still goes through the session and its fold. The steps decide
what the learner must do; ``hint`` escalates (nudge, what to look at, the
answer), ``why`` explains the last refusal with its rule, ``rules`` shows the
rule texts. The learner's place (step, moves, hints, mistakes) is written to
the store after every line, so ``quit``, Ctrl-C or a killed process all
resume at the step next time. With ``auto`` the
controller plays each expected move itself and explains it.
"""

from __future__ import annotations

from typing import Any

from cardcli.engine.verdict import AmbiguousMove, IllegalMove, MoveError
from cardcli.i18n import _
from cardcli.tutor import progress
from cardcli.tutor.compute import advice, compute, normalize
from cardcli.tutor.model import Free, Lesson, LessonError, Move, Quiz, Reply, Say
from cardcli.ui.commands import Controller, find_command
from cardcli.ui.console import Console

PASS_THROUGH = {"rules", "help", "table", "moves", "score"}


class LessonController(Controller):
    def __init__(self, session: Any, console: Console, lesson: Lesson, course: str, lesson_id: str, *,
                 auto: bool = False, record: bool = True, start: int = 0, hints: int = 0, mistakes: int = 0) -> None:
        super().__init__(session, console)
        self.lesson = lesson
        self.course = course
        self.lesson_id = lesson_id
        self.auto = auto
        self.record = record
        self.index = start
        self.hints = hints
        self.mistakes = mistakes
        self.level = 0
        """How many hints of the current step have been shown."""
        self.waiting = False
        self.free_done = 0
        self.prelude = len(session.hands[-1].moves)
        self.learner = session.human_seats[0]
        self.stars = 0
        self.last_explained = ""
        self.failure: str | None = None
        """In auto mode, the first problem met (``learn --check`` reports it)."""
        self.place_warned = False

    # -- text ----------------------------------------------------------------------------------
    def t(self, text: str) -> str:
        """A lesson text, translated when a catalogue has it (the English text is the key)."""
        return _(text.strip()) if text else ""

    def tell(self, text: str, style: str = "") -> None:
        if text:
            self.console.tell(self.t(text), style)

    @property
    def step(self) -> Any:
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    def where(self) -> str:
        return _("step {k} of {n}").format(k=min(self.index + 1, len(self.lesson.steps)), n=len(self.lesson.steps))

    def prompt_text(self) -> str:
        tag = f"[{min(self.index + 1, len(self.lesson.steps))}/{len(self.lesson.steps)}]"
        if isinstance(self.step, Quiz):
            return f"{tag} {_('answer')}> "
        return f"{tag} {super().prompt_text()}"

    def toolbar_text(self) -> str:
        return _("{title} · {where} · hints {h} · mistakes {m}").format(
            title=self.t(self.lesson.title), where=self.where(), h=self.hints, m=self.mistakes)

    # -- flow ----------------------------------------------------------------------------------
    def start(self) -> None:
        self.console.say(_("{game} lesson: {title}").format(game=self.game.title, title=self.t(self.lesson.title)),
                         "title")
        if self.index == 0:
            self.tell(self.lesson.summary)
        else:
            self.console.say(_("(continuing at {where})").format(where=self.where()), "dim")
        if not self.auto:
            self.console.say(_("Type your move or answer; `hint` helps (more each time), `why` explains, "
                               "`rules` shows the rules, `quit` keeps your place."), "dim")
        self.run()

    def run(self) -> None:
        """Go through the steps until one waits for the learner (or the lesson ends)."""
        while not self.done:
            step = self.step
            if step is None:
                self.complete()
                return
            if isinstance(step, Say):
                self.tell(step.text)
                self.next()
            elif isinstance(step, Reply):
                self.reply(step)
            elif isinstance(step, Quiz | Move | Free):
                if not self.waiting:
                    self.enter(step)
                    if self.done:
                        return
                if isinstance(step, Free) and self.free_finished(step):
                    self.tell(step.then, "ok")
                    self.next()
                    continue
                if not self.auto:
                    return
                self.solve(step)

    def next(self) -> None:
        self.index += 1
        self.level = 0
        self.waiting = False
        self.free_done = 0

    def fail(self, problem: str) -> None:
        """A lesson that cannot go on (a broken file): say so in one line and stop."""
        self.failure = f"step {self.index + 1}: {problem}"
        self.console.error(_("this lesson is broken at {where}: {problem}").format(where=self.where(), problem=problem))
        self.done = True

    def reply(self, step: Reply) -> None:
        self.tell(step.text)
        s = self.session
        for text in step.moves:
            actor = s.to_act()
            if actor is None:
                self.fail(f"scripted move {text!r}: the hand is over")
                return
            if actor == self.learner:
                self.fail(f"scripted move {text!r}: it is the learner's turn")
                return
            try:
                events = s.play(self.resolve(text, remember=False), observer=self.learner)
            except MoveError as err:
                self.fail(f"scripted move {text!r} for {s.seats[actor].name}: {err.message}"
                          + (f" [rule {err.rule}]" if err.rule else ""))
                return
            for ev in events:
                self._show_event(ev)
        if step.bots:
            s.run_bots(observer=self.learner, on_event=self._show_event)
        self.next()

    def enter(self, step: Any) -> None:
        """Show what a waiting step asks."""
        self.waiting = True
        s = self.session
        if isinstance(step, Quiz):
            self.tell(step.question, "title")
            for i, choice in enumerate(step.choices):
                self.console.tell(f"  {chr(97 + i)}) {self.t(choice)}")
            return
        if isinstance(step, Free):
            self.tell(step.text)
            self.console.say(_("Free play: the other seats are played by bots; `hint` asks for advice."), "dim")
            s.run_bots(observer=self.learner, on_event=self._show_event)
            if not self.free_finished(step):
                self.show_table()
            return
        actor = s.to_act()
        if actor != self.learner:
            who = s.seats[actor].name if actor is not None else _("nobody")
            self.fail(f"a move step, but it is {who}'s turn (add a reply step)")
            return
        self.show_table()
        self.tell(step.text, "title")

    def free_finished(self, step: Free) -> bool:
        s = self.session
        if s.finished or s.to_act() is None:
            return True
        return bool(step.turns) and self.free_done >= step.turns

    def complete(self) -> None:
        total = self.hints + self.mistakes
        self.stars = 3 if total == 0 else 2 if total <= 2 else 1
        self.done = True
        self.console.say(_("Lesson complete: {stars} ({h} hints, {m} mistakes).").format(
            stars="*" * self.stars + "." * (3 - self.stars), h=self.hints, m=self.mistakes), "ok")
        if self.record:
            problem = progress.finish(self.course, self.lesson_id, self.stars)
            if problem:
                self.console.error(problem)
        from cardcli.tutor import catalog

        later = [e for e in catalog.lessons(self.course) if e.id > self.lesson_id]
        if later and not self.auto:
            self.console.say(_("Next: `cardcli learn {course} {n}`.").format(course=self.course, n=later[0].number), "dim")

    def place(self) -> dict[str, Any]:
        """Where the learner is: the step, the moves made since the lesson's position, hints and mistakes."""
        moves = [[m.seat, m.move] for m in self.session.hands[-1].moves[self.prelude:]]
        return {"step": self.index, "moves": moves, "hints": self.hints, "mistakes": self.mistakes,
                "free_done": self.free_done}

    def save_place(self) -> bool:
        """Write the place to the store (after every line, so even a killed process resumes here)."""
        if self.done or not self.record or self.auto:
            return False
        problem = progress.remember(self.course, self.lesson_id, self.place())
        if problem:
            if not self.place_warned:
                self.console.error(problem)
            self.place_warned = True
            return False
        return True

    def leave(self) -> None:
        if not self.save_place():
            return
        self.console.say(_("Your place is kept: `cardcli learn {course} {n}` continues at {where}.").format(
            course=self.course, n=self.lesson_id.split("-", 1)[0].lstrip("0") or "0", where=self.where()), "ok")

    # -- input ---------------------------------------------------------------------------------
    def handle(self, line: str) -> bool:
        going = self._handle(line)
        if going and line.strip():
            self.save_place()
        return going

    def _handle(self, line: str) -> bool:
        text = line.strip()
        if not text:
            return not self.done
        if self.done:
            return False
        word, _sep, rest = text.partition(" ")
        w = word.lower().lstrip(":")
        step = self.step
        if w == "hint":
            self.hint()
            return True
        if w == "why" and not rest:
            self.why()
            return True
        if w in ("quit", "exit", "bye"):
            self.leave()
            return False
        if w in ("undo", "takeback"):
            self.console.say(_("no undo in a lesson: just try again"), "dim")
            return True
        if isinstance(step, Quiz):
            cmd = find_command(w)
            if cmd is not None and cmd.name in PASS_THROUGH:
                return cmd.handler(self, rest.strip())
            self.answer(step, text)
        else:
            cmd = find_command(w)
            if cmd is not None and cmd.name in PASS_THROUGH | {"why"} and not self._also_a_move(text):
                return cmd.handler(self, rest.strip())
            game_cmd = self._game_commands().get(w)
            if game_cmd is not None:
                for out in game_cmd[1](self.session.view(self.seat), rest.strip()):
                    self.console.say(out)
                return True
            self.attempt(text)
        if not self.done:
            self.run()
        return not self.done

    def answer(self, step: Quiz, text: str) -> None:
        if self.is_right(step, text):
            self.console.say(_("Right."), "ok")
            self.tell(step.explain)
            self.next()
            return
        self.mistakes += 1
        self.console.error(_("Not quite — try again, or type `hint`."))

    def correct_answer(self, step: Quiz) -> str:
        if step.compute:
            return compute(step.compute, self.session, self.learner, step.choices)
        return step.answer

    def is_right(self, step: Quiz, text: str) -> bool:
        given = normalize(text)
        if step.choices and len(given) == 1 and given.isalpha() and ord(given) - 97 < len(step.choices):
            given = normalize(step.choices[ord(given) - 97])
        elif step.choices and given.isdigit() and 0 < int(given) <= len(step.choices) and not \
                any(normalize(c) == given for c in step.choices):
            given = normalize(step.choices[int(given) - 1])
        want = normalize(self.correct_answer(step))
        if given == want or normalize(self.t(step.answer)) == given:
            return True
        try:
            return bool(self.game.format_move(self.game.parse_move(given)) == self.game.format_move(
                self.game.parse_move(want)))
        except (MoveError, ValueError):
            return False

    def accepted(self, step: Move) -> set[str]:
        out = set()
        for text in step.expect:
            try:
                out.add(self.game.format_move(self.resolve(text, remember=False)))
            except MoveError:
                continue  # not a move here: `cardcli tutor check` names it; a player's move cannot match it
        return out

    def matches(self, step: Move | Free, move: Any) -> bool:
        if isinstance(step, Free):
            return True
        notation = self.game.format_move(move)
        if step.match:
            return step.match == "any" or notation.startswith(step.match)
        return notation in self.accepted(step)

    def attempt(self, text: str) -> None:
        step = self.step
        try:
            move = self.resolve(text)
        except AmbiguousMove as err:
            self.console.error(_("ambiguous: {msg}").format(msg=err.message))
            return
        except IllegalMove as err:
            self.mistakes += 1
            self.console.error(_("illegal: {msg}").format(msg=err.message))
            self.explain_wrong(text, err.rule)
            return
        except MoveError as err:
            self.console.error(_("not a move: {msg}").format(msg=err.message))
            self.console.say(_("`help` lists the moves; `hint` helps"), "dim")
            return
        except AssertionError as err:  # the game's generator and checker disagree: its bug, said in one line
            self.console.error(_("internal error: {msg}").format(msg=err))
            return
        if not self.matches(step, move):
            self.mistakes += 1
            self.console.error(_("That is a legal move, but not the one this step is about."))
            self.explain_wrong(text, "")
            return
        self.make(step, move)

    def explain_wrong(self, text: str, rule: str) -> None:
        step = self.step
        for wrong in getattr(step, "wrong", []):
            try:
                same = self.game.format_move(self.game.parse_move(wrong.move)) == \
                    self.game.format_move(self.game.parse_move(text))
            except (MoveError, ValueError):
                same = normalize(wrong.move) == normalize(text)
            if same and wrong.text:
                self.tell(wrong.text, "hint")
                break
        if rule and self.game.rulebook.get(rule):
            self.console.say(self.game.rulebook.explain(rule), "hint")
            self.console.say(_("(cardcli rules {game} {rule})").format(game=self.game.name, rule=rule), "dim")
        elif isinstance(step, Move):
            self.console.say(_("`hint` helps; `why` explains a refusal."), "dim")

    def make(self, step: Any, move: Any) -> None:
        s = self.session
        coach = None
        if isinstance(step, Free) and not self.auto:
            best, why = advice(s)
            if best != move:
                coach = (self.game.format_move(best), why)
        for ev in s.play(move, observer=self.learner):
            self._show_event(ev)
        if coach:
            self.console.say(_("Coach: cardcli's bot would have played {move}").format(move=coach[0])
                             + (f" — {coach[1]}" if coach[1] else "") + ".", "dim")
        if isinstance(step, Free):
            self.free_done += 1
            s.run_bots(observer=self.learner, on_event=self._show_event)
            if not self.free_finished(step):
                self.show_table()
            return
        self.tell(step.then, "ok")
        self.next()

    def resolve(self, text: str, remember: bool = True) -> Any:
        """The session's resolution, except for moves no list can hold (an eleusis rule): parsed and checked."""
        try:
            return self.session.resolve(text, remember)
        except AssertionError:
            move = self.game.parse_move(text)
            verdict = self.game.check(self.session.state, move)
            if not verdict.ok:
                err = IllegalMove(verdict)
                if remember:
                    self.session.last_refusal = err
                raise err from None
            return move

    # -- help ----------------------------------------------------------------------------------
    def hint(self) -> None:
        step = self.step
        if step is None:
            return
        if isinstance(step, Free):
            if self.session.to_act() != self.learner:
                self.console.say(_("no hint: it is not your turn"))
                return
            self.hints += 1
            move, why = self.session.hint(self.learner)
            self.console.say(_("hint: {move}").format(move=self.game.format_move(move)) + (f" — {why}" if why else ""),
                             "hint")
            return
        texts = [self.t(h) for h in getattr(step, "hints", [])]
        texts.append(self.answer_text(step))
        self.hints += 1
        shown = texts[min(self.level, len(texts) - 1)]
        self.level += 1
        self.console.tell(_("hint {k}/{n}: {text}").format(k=min(self.level, len(texts)), n=len(texts), text=shown),
                          "hint")

    def answer_text(self, step: Any) -> str:
        if isinstance(step, Quiz):
            return _("the answer is {answer}").format(answer=self.correct_answer(step))
        if step.match:
            example = next((m for m in self.session.legal_notation() if step.match == "any"
                            or m.startswith(step.match)), "")
            return _("{what}, for example `{move}`").format(what=self.t(step.describe) or step.match, move=example)
        return _("type `{move}`").format(move=step.expect[0])

    def why(self) -> None:
        err = self.session.last_refusal
        step = self.step
        if err is not None and err.rule and self.game.rulebook.get(err.rule):
            self.console.say(err.message, "error")
            self.console.say(self.game.rulebook.explain(err.rule))
            return
        if isinstance(step, Move | Quiz) and getattr(step, "hints", None):
            self.console.say(self.t(step.hints[0]), "hint")
            return
        self.console.say(_("nothing has been refused yet; `hint` helps with this step"))

    # -- auto ----------------------------------------------------------------------------------
    def solve(self, step: Any) -> None:
        """Play or answer the step as the lesson expects, explaining it (``--auto``, ``--check``)."""
        try:
            if isinstance(step, Quiz):
                answer = self.correct_answer(step)
                if step.choices and normalize(answer) not in [normalize(c) for c in step.choices]:
                    self.fail(f"the computed answer {answer!r} is not one of the choices")
                    return
                if not step.compute or normalize(answer) != normalize(step.answer):
                    if step.compute:
                        self.fail(f"the answer says {step.answer!r}, but the rules give {answer!r}")
                        return
                self.console.say(f"» {answer}", "ok")
                self.tell(step.explain)
                self.next()
                return
            s = self.session
            if isinstance(step, Free):
                move, _why = advice(s)
            elif step.match:
                legal = [m for m in s.legal_moves() if self.matches(step, m)]
                if not legal:
                    self.fail(f"no legal move matches {step.match!r}")
                    return
                move = legal[0]
            else:
                move = self.resolve(step.expect[0], remember=False)
                for other in step.expect[1:]:
                    self.resolve(other, remember=False)
            self.console.say(f"» {self.game.format_move(move)}", "ok")
            self.make(step, move)
        except LessonError as err:
            self.fail(str(err))
        except MoveError as err:
            self.fail(f"expected move: {err.message}" + (f" [rule {err.rule}]" if err.rule else ""))
        except AssertionError as err:
            self.fail(f"the rules disagree: {err}")
