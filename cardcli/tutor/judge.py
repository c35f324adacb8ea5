"""Judging a learner's move by what it does, with the game's own knowledge.

A move step states a goal (:mod:`cardcli.tutor.model`); this module decides
whether a legal move meets it, in this order:

1. an invitation (``invite = true``): any move is welcome, never a mistake;
2. the lesson's move, or the **same move** in other words: another card order or
   shorthand, or any move leading to the same position (``close JC`` and a last
   ``discard JC``), or one the game counts as the same (two texts of one eleusis
   rule) — :meth:`~cardcli.engine.teaching.Teaching.same_move`;
3. a move that meets the step's ``goal`` (``melds 8``, ``makes burraco``) —
   :meth:`~cardcli.engine.teaching.Teaching.goal_met`;
4. the move of a **later step of the same run of moves** (the learner melds the
   fours before the hearts): that step is done, this one still waits;
5. a move the game **rates at least as good** as the lesson's (bridge: double-dummy
   tricks; meld games: points on the table) — praised, never a mistake;
6. a good move made **before** the step's own, which is still there to make after it
   (canasta: another opening meld before the draw the step asks for) — played, and
   the step still waits for its move.

A good move that leads away from the lesson's line is played when the rest of
the lesson still works from the position it makes (the caller's ``follows``
tries that in a copy); otherwise the learner is told why the lesson plays its
own move instead, and no mistake is counted. Anything else is off the goal: a
mistake, whose text (the step's ``wrong``, else a plain line) names why.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from cardcli.engine.fold import look_ahead
from cardcli.engine.verdict import MoveError
from cardcli.i18n import _
from cardcli.tutor.model import Move


@dataclass(frozen=True)
class Judgement:
    accepted: bool
    kind: str
    """``expected``, ``same``, ``goal``, ``order``, ``better``, ``invited`` (accepted and played);
    ``early`` (accepted and played, and the step still waits for its own move); ``back`` (good, but
    the lesson's own move is played instead); ``tried`` (an invited try the step does not take);
    ``off`` (a mistake)."""
    play: Any = None
    """The move to make on the lesson's table: the learner's, or the lesson's own when going back."""
    step: int = -1
    """The step the move does (a later one, for ``order``)."""
    note: str = ""
    mistake: bool = False


Follows = Callable[[Any, int], bool]
"""``follows(move, step)``: whether the rest of the lesson still plays after ``move`` does ``step``
(``EARLY``: after ``move``, with the current step still to do)."""

EARLY = -1
"""The step a move made before the current step's own does (none: the step still waits)."""


class Judge:
    """Judges moves at one position of a lesson (a new judge for each position)."""

    def __init__(
        self,
        game: Any,
        state: Any,
        seat: int,
        steps: Sequence[Any],
        skipped: set[int],
        resolve: Callable[[str], Any],
        follows: Follows,
    ) -> None:
        self.game = game
        self.state = state
        self.seat = seat
        self.steps = steps
        self.skipped = skipped
        self.resolve = resolve
        self.follows = follows
        self._after: dict[str, Any] = {}

    # -- what a step accepts -------------------------------------------------------------------
    def expected(self, step: Move) -> list[Any]:
        out = []
        for text in step.expect:
            try:
                out.append(self.resolve(text))
            except MoveError:
                continue  # not a move here: `learn --check` names it
        return out

    def after(self, move: Any) -> Any:
        key = self.game.format_move(move)
        if key not in self._after:
            self._after[key] = look_ahead(self.game, self.state, move)
        return self._after[key]

    def same(self, a: Any, b: Any) -> bool:
        if self.game.format_move(a) == self.game.format_move(b):
            return True
        said = self.game.same_move(self.state, a, b)
        if said is not None:
            return bool(said)
        return bool(self.game.position_key(self.after(a)) == self.game.position_key(self.after(b)))

    def meets_goal(self, step: Move, move: Any) -> bool:
        if step.match:
            if step.match == "any" or self.game.format_move(move).startswith(step.match):
                return not step.goal or self.goal_met(step.goal, move)
            return False
        return bool(step.goal) and self.goal_met(step.goal, move)

    def goal_met(self, goal: str, move: Any) -> bool:
        for part in goal.split(" and "):
            if not goal_met(self.game, part, self.state, move, self.after(move), self.seat):
                return False
        return True

    def does(self, step: Move, move: Any) -> str | None:
        """``expected``, ``same`` or ``goal`` when ``move`` does what ``step`` asks, else None."""
        exp = self.expected(step)
        names = {self.game.format_move(e) for e in exp}
        if self.game.format_move(move) in names:
            return "expected"
        if any(self.same(move, e) for e in exp):
            return "same"
        if self.meets_goal(step, move):
            return "goal"
        return None

    def block(self, index: int) -> list[int]:
        """The later move steps of the run of learner's moves that ``index`` starts (no step between
        them shows anything new: no narration, reply, quiz or free play)."""
        out = []
        for j in range(index + 1, len(self.steps)):
            if j in self.skipped:
                continue
            if not isinstance(self.steps[j], Move) or self.steps[j].invite:
                break
            out.append(j)
        return out

    # -- judging ----------------------------------------------------------------------------------
    def judge(self, index: int, move: Any) -> Judgement:
        step: Move = self.steps[index]
        text = self.game.format_move(move)
        if step.invite:
            return Judgement(True, "invited", move, index)
        kind = self.does(step, move)
        exp = self.expected(step)
        if kind in ("expected", "same"):
            return Judgement(True, kind, move, index)
        if kind == "goal":
            if not exp or (not step.keep_line and self.follows(move, index)):
                return Judgement(True, "goal", move, index)
            return self.back(index, exp[0], _("{move} does what this step asks.").format(move=text))
        for j in self.block(index):
            if self.does(self.steps[j], move) and self.follows(move, j):
                return Judgement(
                    True,
                    "order",
                    move,
                    j,
                    _("Fine: that move comes a little later in this lesson, and the order does not matter."),
                )
        rated = self.rated(step, move, exp)
        if rated is not None:
            return rated
        early = self.early(index, step, move, exp)
        if early is not None:
            return early
        if self.invited_try(step, text):
            return Judgement(False, "tried")
        return Judgement(False, "off", mistake=True)

    def rated(self, step: Move, move: Any, exp: list[Any]) -> Judgement | None:
        """A move the game rates at least as good as the lesson's: accepted and praised."""
        if not exp:
            return None
        mine = self.game.rate_move(self.state, move, self.seat)
        if mine is None:
            return None
        best = [r for r in (self.game.rate_move(self.state, e, self.seat) for e in exp) if r is not None]
        if not best:
            return None
        theirs = max(best, key=lambda r: r.value)
        if mine.value < theirs.value:
            return None
        if self.listed_wrong(step, move) and not mine.sure:
            return None  # the lesson says why it is worse, where the game's measure is not sure
        text = self.game.format_move(move)
        if mine.value > theirs.value:
            praise = _("Even better than the lesson's move: {move} gives {mine} ({lesson} for {theirs}).").format(
                move=text, mine=mine.text, lesson=theirs.text, theirs=self.game.format_move(exp[0])
            )
        else:
            praise = _("Also good: {move} gives {mine}, as much as the lesson's {theirs}.").format(
                move=text, mine=mine.text, theirs=self.game.format_move(exp[0])
            )
        index = self.steps.index(step)
        if not step.keep_line and self.follows(move, index):
            return Judgement(True, "better", move, index, praise)
        return self.back(index, exp[0], praise)

    def early(self, index: int, step: Move, move: Any, exp: list[Any]) -> Judgement | None:
        """A move the game rates (it puts something on the table) that leaves the step's own move to
        make, still by the learner: an opening meld before the draw the step asks for. It is played
        when the rest of the lesson still works after it, the step waiting for its move; otherwise
        the lesson plays its own move, with no mistake counted."""
        if not exp or self.listed_wrong(step, move):
            return None
        mine = self.game.rate_move(self.state, move, self.seat)
        if mine is None:
            return None
        after = self.after(move)
        if self.game.to_act(after) != self.seat or not self.game.check(after, exp[0]).ok:
            return None
        text = self.game.format_move(move)
        praise = _("Fine: {move} first gives {mine}.").format(move=text, mine=mine.text)
        if not step.keep_line and self.follows(move, EARLY):
            return Judgement(True, "early", move, index, praise + " " + _("Now do what this step asks."))
        return self.back(index, exp[0], praise)

    def back(self, index: int, lesson_move: Any, praise: str) -> Judgement:
        """Praise the move, then say plainly that the lesson plays its own (no mistake counted)."""
        why = _("This lesson goes on from {move}, so that is the move played now (no mistake counted).").format(
            move=self.game.format_move(lesson_move)
        )
        return Judgement(True, "back", lesson_move, index, f"{praise} {why}")

    def listed_wrong(self, step: Move, move: Any) -> bool:
        text = self.game.format_move(move)
        for wrong in step.wrong:
            try:
                if self.game.format_move(self.resolve(wrong.move)) == text:
                    return True
            except MoveError:
                continue
        return False

    def invited_try(self, step: Move, text: str) -> bool:
        for wrong in step.wrong:
            if not wrong.invited:
                continue
            try:
                if self.game.format_move(self.resolve(wrong.move)) == text:
                    return True
            except MoveError:
                continue
        return False


GENERIC_GOALS = {
    "any": "any legal move",
    "kind WORD": "a move whose notation starts with WORD (meld, discard, play …)",
    "over": "a move that ends the hand",
}


def goal_met(game: Any, goal: str, before: Any, move: Any, after: Any, seat: int) -> bool:
    """One goal: the tutor's generic words first, then the game's (an unknown goal is never met:
    ``learn --check`` names it)."""
    word, _sep, arg = goal.strip().partition(" ")
    if word == "any":
        return True
    if word == "kind":
        return bool(game.format_move(move).startswith(arg.strip()))
    if word == "over":
        return bool(game.hand_over(after))
    return bool(game.goal_met(goal, before, move, after, seat))


def known_goal(game: Any, goal: str) -> bool:
    """Whether every part of ``goal`` is a word the tutor or the game knows."""
    for part in goal.split(" and "):
        word = part.strip().split(" ", 1)[0]
        if word in ("any", "kind", "over"):
            continue
        if not any(w.split(" ", 1)[0] == word for w in game.goal_words()):
            return False
    return True
