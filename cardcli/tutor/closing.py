"""The end of a lesson, or of a sitting: the stars, the next lesson, and the place kept for later.

Stars count hints and mistakes (three for none, two for up to two, else one); a demonstration
(``--auto``) earns none. Functions of the running :class:`~cardcli.tutor.runner.LessonController`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardcli.i18n import _, ngettext
from cardcli.tutor import progress

if TYPE_CHECKING:
    from cardcli.tutor.runner import LessonController


def complete(c: LessonController) -> None:
    c.done = True
    c.release()
    if c.auto:
        if not c.probe:
            c.console.say(
                _("Demonstration complete. `cardcli learn {course} {n}` lets you play it yourself.").format(
                    course=c.course, n=c.number
                ),
                "ok",
            )
        return
    total = c.hints + c.mistakes
    c.stars = 3 if total == 0 else 2 if total <= 2 else 1
    c.console.say(
        _("Lesson complete: {stars} ({hints}, {mistakes}).").format(
            stars=ngettext("{n} of 3 stars", "{n} of 3 stars", c.stars).format(n=c.stars),
            hints=ngettext("{n} hint", "{n} hints", c.hints).format(n=c.hints),
            mistakes=ngettext("{n} mistake", "{n} mistakes", c.mistakes).format(n=c.mistakes),
        ),
        "ok",
    )
    if c.record:
        problem = progress.finish(c.course, c.lesson_id, c.stars)
        if problem:
            c.console.error(problem)
    from cardcli.tutor import catalog

    later = [e for e in catalog.lessons(c.course) if e.id > c.lesson_id]
    if later:
        c.console.say(_("Next: `cardcli learn {course} {n}`.").format(course=c.course, n=later[0].number), "dim")


def leave(c: LessonController) -> None:
    if not c.save_place():
        return
    c.console.say(
        _("Your place is kept: `cardcli learn {course} {n}` continues at {where}.").format(
            course=c.course, n=c.number, where=c.where()
        ),
        "ok",
    )
