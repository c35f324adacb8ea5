"""Running a lesson in either driver: the REPL controller with the lesson's steps on top.

:class:`LessonController` is a :class:`~cardcli.ui.commands.Controller`, so the
prompt-toolkit REPL and the line driver run a lesson exactly as they run a
game; every move still goes through the session and its fold, and only a move
the legal list holds is ever played. The steps decide what the learner must do,
and a move is judged by what it does (:mod:`cardcli.tutor.judge`; made or refused
in :mod:`cardcli.tutor.attempts`): the same move in other words, a move meeting
the step's goal or one the game rates as good are all right. ``hint`` escalates
(a nudge, what to look at, the answer), ``why`` explains the last refusal of
this step with its rule, ``rules`` shows the rule texts, and at a quiz the
game's own commands (``explain``, ``guess``) work too.

The learner's place (the step, the moves made since the lesson's position,
steps done out of order, hints and mistakes) is written to the store after
every line, so ``quit``, Ctrl-C or a killed process all resume at the step next
time: on resume the moves are folded again from the lesson's position.

With ``auto`` the controller plays each expected move itself and explains it: a
demonstration, which never earns stars. A *probe* is a silent auto run on a copy,
used to learn whether the rest of the lesson still works after a learner's move.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from cardcli.engine.notation import RulesDisagreement
from cardcli.engine.verdict import MoveError
from cardcli.i18n import _
from cardcli.session import Event
from cardcli.tutor import attempts, closing, helping, progress, quizzes
from cardcli.tutor.claims import claim_problems, fill, reveals, rule_problems
from cardcli.tutor.compute import compute
from cardcli.tutor.judge import Judge
from cardcli.tutor.model import Deviation, Free, Lesson, LessonError, Quiz, Reply, Say
from cardcli.ui.commands import Controller, find_command
from cardcli.ui.console import Console

PASS_THROUGH = {"rules", "help", "table", "moves", "score"}


class LessonController(Controller):
    def __init__(
        self,
        session: Any,
        console: Console,
        lesson: Lesson,
        course: str,
        lesson_id: str,
        *,
        auto: bool = False,
        record: bool = True,
        start: int = 0,
        hints: int = 0,
        mistakes: int = 0,
        done_steps: tuple[int, ...] | set[int] = (),
        probe: bool = False,
        delay: float = 0.0,
    ) -> None:
        super().__init__(session, console)
        self.lesson = lesson
        self.course = course
        self.lesson_id = lesson_id
        self.auto = auto
        self.probe = probe
        """A silent copy asked whether the lesson still plays: texts are checked, nothing is judged."""
        self.record = record and not auto and not probe
        """Only a lesson the learner played is recorded: a demonstration earns nothing."""
        self.delay = delay
        self.index = start
        self.hints = hints
        self.mistakes = mistakes
        self.skipped: set[int] = set(done_steps)
        """Later steps whose move the learner made early (the order of a run of moves is free)."""
        self.level = 0
        """How many hints of the current step have been shown."""
        self.waiting = False
        self.free_done = 0
        self.shown: tuple[int, int] | None = None
        """The position (hand, ply) the table was last drawn at: a quiz about the position draws it
        first when it has changed since, so the learner sees what the question is about."""
        self.prelude = len(lesson.prelude)
        """Moves of the lesson's own position: the learner's place is the moves after them."""
        self.learner = session.human_seats[0]
        self.stars = 0
        self.failure: str | None = None
        """In auto mode, the first problem met (``learn --check`` reports it)."""
        self.place_warned = False
        self.held: list[Event] = []
        """Narration that would give away the coming quiz's answer, shown once it is answered."""
        self.told: list[str] = []
        """The lesson's own texts shown since the learner last acted (the check reads them)."""
        self.read_key: Callable[[str], str] | None = None
        self.before: Any = None
        """The position before the move whose `then` is being told (a text may count what it moved)."""

    @property
    def strict(self) -> bool:
        """Texts are held to the game's facts (the check, and probes)."""
        return self.probe

    # -- text ----------------------------------------------------------------------------------
    def t(self, text: str) -> str:
        """A lesson text, translated when a catalogue has it, with its computed values filled in."""
        if not text:
            return ""
        return fill(_(text.strip()), self.session, self.learner)

    def tell(self, text: str, style: str = "") -> None:
        if not text:
            return
        shown = self.t(text)
        if self.strict:
            for problem in claim_problems(shown, self.session, self.learner, self.before) + rule_problems(
                shown, self.game, self.session.config
            ):
                self.text_problem(problem)
        self.told.append(shown)
        self.console.tell(shown, style)

    def text_problem(self, problem: str) -> None:
        """A text that states what the game counts otherwise: a probe cannot follow it."""
        raise LessonError(problem)

    @property
    def step(self) -> Any:
        return self.lesson.steps[self.index] if self.index < len(self.lesson.steps) else None

    def where(self) -> str:
        return _("step {k} of {n}").format(k=min(self.index + 1, len(self.lesson.steps)), n=len(self.lesson.steps))

    def prompt_text(self) -> str:
        tag = f"[{min(self.index + 1, len(self.lesson.steps))}/{len(self.lesson.steps)}]"
        if isinstance(self.step, Quiz):
            return f"{tag} " + _("answer") + "> "
        return f"{tag} {super().prompt_text()}"

    def toolbar_text(self) -> str:
        return _("{title} · {where} · hints {h} · mistakes {m}").format(
            title=_(self.lesson.title), where=self.where(), h=self.hints, m=self.mistakes
        )

    def deviation(self, at: str) -> Deviation | None:
        for d in self.lesson.deviations:
            if " ".join(d.at.split()).lower() == at:
                return d
        return None

    def tell_deviation(self, at: str) -> None:
        d = self.deviation(at)
        if d is not None:
            label = _("(A mistake, on purpose: {reason})") if d.mistake else _("(Not cardcli's usual choice: {reason})")
            self.console.say(label.format(reason=self.t(d.reason)), "dim")

    # -- flow ----------------------------------------------------------------------------------
    def start(self) -> None:
        self.console.say(_("{game} lesson: {title}").format(game=_(self.game.title), title=_(self.lesson.title)), "title")
        if self.index == 0:
            self.tell(self.lesson.summary)
            for k in range(1, len(self.lesson.prelude) + 1):
                self.tell_deviation(f"prelude {k}")
        else:
            self.console.say(_("(continuing at {where})").format(where=self.where()), "dim")
        if self.auto and not self.probe:
            self.console.say(_("A demonstration: each step is played for you and explained; it earns no stars."), "dim")
        elif not self.auto:
            self.console.say(
                _(
                    "Type your move or answer; `hint` helps (more each time), `why` explains, "
                    "`rules` shows the rules, `quit` keeps your place."
                ),
                "dim",
            )
        self.run()

    def run(self) -> None:
        """Go through the steps until one waits for the learner (or the lesson ends)."""
        while not self.done:
            step = self.step
            if step is None:
                self.complete()
                return
            try:
                if isinstance(step, Say):
                    self.tell(step.text)
                    self.next()
                    continue
                if isinstance(step, Reply):
                    self.reply(step)
                    continue
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
                self.pause()
            except LessonError as err:
                self.fail(str(err))

    def pause(self) -> None:
        """In a demonstration shown to a person: wait for Enter (or ``--delay`` seconds) between steps."""
        if self.probe or self.done:
            return
        if self.delay > 0:
            time.sleep(self.delay)
        elif self.read_key is not None:
            if self.read_key(_("Enter: next step · q: stop ")).strip().lower().startswith("q"):
                self.console.say(_("Demonstration stopped."), "dim")
                self.done = True

    def next(self) -> None:
        self.index += 1
        while self.index in self.skipped:
            self.index += 1
        self.level = 0
        self.waiting = False
        self.free_done = 0
        self.session.last_refusal = None  # `why` speaks of this step only

    def fail(self, problem: str) -> None:
        """A lesson that cannot go on (a broken file): say so in one line and stop."""
        self.failure = f"step {self.index + 1}: {problem}"
        if not self.probe:
            self.console.error(_("this lesson is broken at {where}: {problem}").format(where=self.where(), problem=problem))
        self.done = True

    def scripted(self, text: str) -> Any:
        """A move the lesson makes (a reply): resolved against the legal list like any typed move."""
        try:
            return self.session.resolve(text, remember=False)
        except RulesDisagreement as err:
            raise LessonError(f"the rules disagree about {text!r}: {err}") from None

    def reply(self, step: Reply) -> None:
        self.tell(step.text)
        s = self.session
        events: list[Event] = []
        for k, text in enumerate(step.moves, 1):
            actor = s.to_act()
            if actor is None:
                self.fail(f"scripted move {text!r}: the hand is over")
                return
            if actor == self.learner:
                self.fail(f"scripted move {text!r}: it is the learner's turn")
                return
            try:
                move = self.scripted(text)
                self.before_scripted(move, actor, f"step {self.index + 1} move {k}")
                events += s.play(move, observer=self.learner)
            except MoveError as err:
                self.fail(
                    f"scripted move {text!r} for {s.seats[actor].name}: {err.message}"
                    + (f" [rule {err.rule}]" if err.rule else "")
                )
                return
            self.tell_deviation(f"step {self.index + 1} move {k}")
            if k == 1:
                self.tell_deviation(f"step {self.index + 1}")
        if step.bots:
            s.run_bots(observer=self.learner, on_event=events.append)
        self.show_events(events)
        self.next()

    def before_scripted(self, move: Any, seat: int, at: str) -> None:
        """A scripted move is about to be made (the check audits it here)."""

    def show_events(self, events: list[Event]) -> None:
        """Show what happened, holding back any line that would answer the quiz that comes next."""
        quiz = self.coming_quiz()
        answer = ""
        if quiz is not None:
            try:
                answer = self.correct_answer(quiz)
            except LessonError:
                answer = ""
        scored = quiz is not None and quiz.compute.split(" ", 1)[0] in ("result", "total")
        for ev in events:
            if answer and (
                reveals(ev.text, self.t(quiz.question), answer)  # type: ignore[union-attr]
                or (scored and ev.kind in ("hand-over", "match-over"))
            ):
                self.held.append(ev)  # the hand's score sheet answers a quiz on the score
            else:
                self._show_event(ev)

    def coming_quiz(self) -> Quiz | None:
        for j in range(self.index + 1, len(self.lesson.steps)):
            if j in self.skipped:
                continue
            step = self.lesson.steps[j]
            if isinstance(step, Quiz):
                return step
            return None
        return None

    def release(self) -> None:
        held, self.held = self.held, []
        for ev in held:
            self._show_event(ev)

    def enter(self, step: Any) -> None:
        """Show what a waiting step asks."""
        self.waiting = True
        s = self.session
        if isinstance(step, Quiz):
            self.entering_quiz(step)
            if step.compute and self.shown != self._here():
                self.show_table()
            self.tell(step.question, "title")
            for i, choice in enumerate(step.choices):
                self.console.tell(f"  {chr(97 + i)}) {self.t(choice)}")
            return
        self.told = []
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

    def _here(self) -> tuple[int, int]:
        return len(self.session.hands), self.session.ply

    def show_table(self) -> None:
        super().show_table()
        self.shown = self._here()

    def entering_quiz(self, step: Quiz) -> None:
        """A quiz is about to be asked (the check looks at what was told before it)."""

    def free_finished(self, step: Free) -> bool:
        s = self.session
        if s.finished or s.to_act() is None:
            return True
        return bool(step.turns) and self.free_done >= step.turns

    def complete(self) -> None:
        closing.complete(self)

    @property
    def number(self) -> str:
        return self.lesson_id.split("-", 1)[0].lstrip("0") or "0"

    def place(self) -> dict[str, Any]:
        """Where the learner is: the step, the moves made since the lesson's position, hints and mistakes."""
        moves = [[m.seat, m.move] for m in self.session.hands[-1].moves[self.prelude :]]
        return {
            "step": self.index,
            "moves": moves,
            "hints": self.hints,
            "mistakes": self.mistakes,
            "free_done": self.free_done,
            "done_steps": sorted(self.skipped),
        }

    def save_place(self) -> bool:
        """Write the place to the store (after every line, so even a killed process resumes here)."""
        if self.done or not self.record:
            return False
        problem = progress.remember(self.course, self.lesson_id, self.place())
        if problem:
            if not self.place_warned:
                self.console.error(problem)
            self.place_warned = True
            return False
        return True

    def leave(self) -> None:
        closing.leave(self)

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
        known = find_command(w)
        w = known.name if known is not None else w  # `suggerimento`, `perché`, `esci` are hint, why, quit
        step = self.step
        if w == "hint":
            self.hint()
            return True
        if w == "why" and not rest:
            self.why()
            return True
        if w == "quit":
            self.leave()
            return False
        if w == "undo":
            self.console.say(_("no undo in a lesson: just try again"), "dim")
            return True
        cmd = find_command(w)
        quiz = isinstance(step, Quiz)
        if cmd is not None and cmd.name in PASS_THROUGH | {"why"} and (quiz or not self._also_a_move(text)):
            return cmd.handler(self, rest.strip())
        game_cmd = self._game_commands().get(w)
        if game_cmd is not None and (quiz or not self._also_a_move(text)):
            for out in game_cmd[1](self.session.view(self.seat), rest.strip()):
                self.tell_cards(out)
            return True
        if quiz:
            self.answer(step, text)
        else:
            self.attempt(text)
        if not self.done:
            self.run()
        return not self.done

    def answer(self, step: Quiz, text: str) -> None:
        quizzes.answer(self, step, text)

    def correct_answer(self, step: Quiz) -> str:
        if step.compute:
            return compute(step.compute, self.session, self.learner, step.choices)
        return step.answer

    def judge(self) -> Judge:
        return Judge(
            self.game, self.session.state, self.learner, self.lesson.steps, self.skipped, self.resolve_listed, self.follows
        )

    def resolve_listed(self, text: str) -> Any:
        return attempts.resolve_listed(self, text)

    def follows(self, move: Any, done: int) -> bool:
        return attempts.follows(self, move, done)

    def attempt(self, text: str) -> None:
        attempts.attempt(self, text)

    def make(self, step: Any, move: Any) -> None:
        attempts.make(self, step, move)

    # -- help ----------------------------------------------------------------------------------
    def hint(self) -> None:
        helping.hint(self)

    def why(self) -> None:
        helping.why(self)

    # -- auto ----------------------------------------------------------------------------------
    def solve(self, step: Any) -> None:
        helping.solve(self, step)
