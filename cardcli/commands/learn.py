"""`cardcli learn`: the courses, one lesson in the REPL, `--check`, `--drill` and `--reset`."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from cardcli.i18n import _, ngettext

if TYPE_CHECKING:
    from cardcli.ui.console import Console


def run_learn(
    game: str | None,
    lesson: str | None,
    *,
    auto: bool,
    check: tuple[str, ...],
    drill: str | None,
    reset: bool,
    seed: str | None,
    count: int | None,
    plain: bool,
    charset: str | None,
    color: bool | None,
    delay: float | None = None,
) -> int:
    from cardcli.tutor import catalog
    from cardcli.tutor.model import LessonError
    from cardcli.ui.console import Console

    if check:
        return _check(check)
    console = Console.detect("auto" if color is None else ("always" if color else "never"), charset)
    if reset:
        from cardcli.store import StoreError
        from cardcli.tutor.progress import reset as do_reset

        try:
            n = do_reset(game)
        except StoreError as err:
            raise click.ClickException(str(err)) from None
        console.say(ngettext("Progress forgotten ({n} lesson).", "Progress forgotten ({n} lessons).", n).format(n=n), "ok")
        return 0
    if drill is not None:
        if game is None:
            raise click.UsageError(_("name a game: `cardcli learn bridge --drill hcp`"))
        from cardcli.tutor.drills import kinds, run_drill

        if not drill:
            console.say(_("Drills for {game} (`cardcli learn {game} --drill KIND`):").format(game=game), "title")
            for name, summary in kinds(game).items():
                console.say(f"  {name:<10} {_(summary)}")
            return 0
        from cardcli.store import StoreError

        try:
            return run_drill(game, drill, console, sys.stdin, seed=seed, count=count)
        except (LessonError, StoreError) as err:
            raise click.ClickException(str(err)) from None
    if game is None:
        _list_all(console)
        return 0
    try:
        entry = catalog.find(game, lesson) if lesson else _next_lesson(game)
    except LessonError as err:
        raise click.ClickException(str(err)) from None
    if entry is None:
        _list_course(console, game)
        console.say(_("Every {game} lesson is done; `cardcli learn {game} N` plays one again.").format(game=game), "ok")
        return 0
    if lesson is None:  # the next lesson is the first one when the progress cannot be read
        _warn_unreadable_progress(console)
    return _run_lesson(entry, console, auto=auto, plain=plain, delay=delay)


def _check(files: tuple[str, ...]) -> int:
    from cardcli.tutor.check import check_file

    bad = 0
    for f in files:
        problem, _transcript = check_file(Path(f))
        if problem:
            click.echo(problem, err=True)
            bad += 1
        else:
            click.echo(_("{file}: ok").format(file=Path(f).name))
    return 1 if bad else 0


def _next_lesson(game: str) -> object:
    from cardcli.tutor import catalog
    from cardcli.tutor.progress import lesson_results

    found = catalog.lessons(game)
    if not found:
        raise click.ClickException(f"there is no course {game!r}")
    done = lesson_results(game)
    for e in found:
        if not done.get(e.id, (False, 0))[0]:
            return e
    return None


def _warn_unreadable_progress(console: Console) -> None:
    """One line when the store cannot be read: the lessons would otherwise all show as not done."""
    from cardcli.store import StoreError, progress

    try:
        progress()
    except StoreError as err:
        console.say(
            _("your progress cannot be read, so no lesson shows as done: {why}").format(why=err),
            "warn",
        )


def _stars(stars: int) -> str:
    return "*" * stars + "." * (3 - stars)


def _list_all(console: Console) -> None:
    from cardcli.tutor import catalog
    from cardcli.tutor.progress import lesson_results

    say = console.say  # type: ignore[attr-defined]
    _warn_unreadable_progress(console)
    say(_("Courses (`cardcli learn GAME` continues at your next lesson):"), "title")
    for course in catalog.COURSES:
        entries = catalog.lessons(course)
        done = lesson_results(course)
        n = sum(1 for e in entries if done.get(e.id, (False, 0))[0])
        stars = sum(done.get(e.id, (False, 0))[1] for e in entries)
        say(
            f"  {course:<9} "
            + _("{n} lessons, {d} done, {s} of {t} stars").format(n=len(entries), d=n, s=stars, t=3 * len(entries))
        )
    say(_("`cardcli learn GAME --drill` lists endless practice drills."), "dim")


def _list_course(console: Console, game: str) -> None:
    from cardcli.tutor import catalog
    from cardcli.tutor.model import LessonError, load
    from cardcli.tutor.progress import lesson_results

    say = console.say  # type: ignore[attr-defined]
    _warn_unreadable_progress(console)
    done = lesson_results(game)
    for e in catalog.lessons(game):
        try:
            title = _(load(e.path).title)
        except LessonError:
            title = "?"
        d, s = done.get(e.id, (False, 0))
        say(f"  {e.number:>2}. {'✓' if d else ' '} {_stars(s)}  {title}")


def _run_lesson(entry: object, console: Console, *, auto: bool, plain: bool, delay: float | None = None) -> int:
    from cardcli.tutor import catalog, progress
    from cardcli.tutor.model import LessonError, load
    from cardcli.tutor.runner import LessonController

    e: catalog.Entry = entry  # type: ignore[assignment]
    try:
        lesson = load(e.path)
        place = catalog.resume(lesson, e.course, e.id, None if auto else progress.resume_point(e.course, e.id))
    except LessonError as err:
        raise click.ClickException(str(err)) from None
    if place.restarted:
        console.say(
            _("Your place in this lesson no longer fits it (the lesson has changed): it starts again."),
            "dim",
        )
    ctl = LessonController(
        place.session,
        console,
        lesson,
        e.course,
        e.id,
        auto=auto,
        start=place.step,
        hints=place.hints,
        mistakes=place.mistakes,
        done_steps=place.done_steps,
        delay=delay or 0.0,
    )
    ctl.free_done = place.free_done
    terminal = sys.stdin.isatty() and sys.stdout.isatty()
    if auto:
        if terminal and delay is None:
            ctl.read_key = _read_line
        try:
            ctl.start()
        except (KeyboardInterrupt, EOFError):
            console.say(_("Demonstration stopped."), "dim")  # type: ignore[attr-defined]
            return 130
        return 1 if ctl.failure else 0
    if terminal and not plain and os.environ.get("TERM") != "dumb":
        from cardcli.ui.ptk.app import run

        return run(ctl)
    from cardcli.ui.line_driver import run as run_lines

    return run_lines(ctl, sys.stdin, interactive=sys.stdin.isatty())


def _read_line(prompt: str) -> str:
    """Wait for Enter between the steps of a demonstration (what was typed before it)."""
    return input(prompt)
