"""Silent copies of a running lesson, for trying a move without touching the learner's own.

The tutor asks "would the rest of the lesson still play after this move?" (a probe, in
:mod:`cardcli.tutor.attempts`), and the tests ask "is this way of doing the step accepted?" (a
fork, in :mod:`cardcli.tutor.alternatives`). Both rebuild the learner's place on a new session and
put a controller of the same lesson on it, at the same step, printing into a buffer; this is the
one place that does it, so a probe and a fork cannot disagree about where the learner is.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING, Any

from cardcli.tutor import catalog
from cardcli.ui.console import Console

if TYPE_CHECKING:
    from cardcli.tutor.runner import LessonController


def place_copy(c: LessonController) -> Any:
    """A new session at the learner's place in ``c`` (the lesson's position and the moves since);
    :class:`~cardcli.tutor.model.LessonError` when the place cannot be replayed."""
    return catalog.session_at(c.lesson, c.course, c.lesson_id, c.place()["moves"])


def controller_on(
    c: LessonController, session: Any, done_steps: set[int], *, auto: bool = False, probe: bool = False
) -> tuple[LessonController, io.StringIO]:
    """A controller of ``c``'s lesson on ``session``, at ``c``'s step, with ``done_steps`` already
    done; it records nothing, and what it prints goes to the returned buffer."""
    from cardcli.tutor.runner import LessonController  # the runner imports the attempts that use this

    out = io.StringIO()
    copy = LessonController(
        session,
        Console(out=out, err=out, charset="ascii"),
        c.lesson,
        c.course,
        c.lesson_id,
        auto=auto,
        record=False,
        probe=probe,
        start=c.index,
        done_steps=done_steps,
    )
    return copy, out
