"""The learner's progress, all in the one embedded store (:mod:`cardcli.store`).

* lessons done and their stars (``set_progress``);
* where an unfinished lesson was left: its step, the moves made, the hints and
  mistakes so far (``set_lesson_place``), written after every line the learner
  types, so a lesson killed at any moment resumes at the step it had reached;
* the drill queues of missed items (``take_drill_item``, ``record_drill_answer``),
  one transaction per answer, so two processes drilling at once keep both.

Earlier versions kept the places and the queues in ``tutor.json``; such a file
is read once into the store and then renamed ``tutor.json.imported``.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from cardcli.i18n import _

LEGACY_FILE = "tutor.json"
_imported: set[str] = set()


def _legacy_path() -> Path:
    from cardcli.paths import data_dir

    return data_dir() / LEGACY_FILE


def import_legacy() -> None:
    """Move an old ``tutor.json`` (places and drill queues) into the store, once; never fails."""
    from cardcli.store import DrillQueue, StoreError, import_drill_queue, lesson_place, open_store, set_lesson_place

    path = _legacy_path()
    if str(path) in _imported:
        return
    _imported.add(str(path))
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return
    if not isinstance(data, dict):
        return
    try:
        with open_store() as st:
            for key, point in dict(data.get("resume") or {}).items():
                course, _sep, lesson = str(key).partition("/")
                if not isinstance(point, dict) or lesson_place(course, lesson, store=st) is not None:
                    continue
                try:
                    set_lesson_place(
                        course,
                        lesson,
                        step=int(point["step"]),
                        moves=[(int(s), str(m)) for s, m in point.get("moves", [])],
                        hints=int(point.get("hints", 0)),
                        mistakes=int(point.get("mistakes", 0)),
                        store=st,
                    )
                except (KeyError, ValueError, TypeError):
                    continue
            for key, q in dict(data.get("drills") or {}).items():
                course, _sep, kind = str(key).partition("/")
                if not isinstance(q, dict):
                    continue
                try:
                    # The old due counts referred to one sitting: every missed item is due now.
                    queue = DrillQueue(int(q.get("next", 1)), 0, [(int(m[0]), 0) for m in q.get("missed", [])])
                except (ValueError, TypeError, IndexError):
                    continue
                import_drill_queue(course, kind, queue, store=st)
    except StoreError:
        return
    try:
        os.replace(path, path.with_name(LEGACY_FILE + ".imported"))
    except OSError:
        pass


# -- lessons -----------------------------------------------------------------------------------


def lesson_results(course: str) -> dict[str, tuple[bool, int]]:
    """``{lesson id: (done, stars)}`` from the store (empty if the store cannot be read)."""
    from cardcli.store import StoreError, progress

    try:
        return {r.lesson: (r.done, r.stars) for r in progress(course)}
    except StoreError:
        return {}


def finish(course: str, lesson: str, stars: int) -> str | None:
    """Record a finished lesson (and forget where it was left); returns a problem to show, or None."""
    from cardcli.store import StoreError, clear_lesson_place, set_progress

    try:
        set_progress(course, lesson, stars=stars, done=True)
        clear_lesson_place(course, lesson)
    except StoreError as err:
        return _("your progress could not be saved: {why}").format(why=err)
    return None


def remember(course: str, lesson: str, point: dict[str, Any]) -> str | None:
    """Where an unfinished lesson was left (step, moves, hints, mistakes); returns a problem, or None."""
    from cardcli.store import StoreError, set_lesson_place

    import_legacy()
    try:
        set_lesson_place(
            course,
            lesson,
            step=int(point["step"]),
            moves=[(int(s), str(m)) for s, m in point["moves"]],
            hints=int(point.get("hints", 0)),
            mistakes=int(point.get("mistakes", 0)),
            free_done=int(point.get("free_done", 0)),
            done_steps=tuple(int(k) for k in point.get("done_steps", ())),
        )
    except StoreError as err:
        return _("your place in the lesson could not be saved: {why}").format(why=err)
    return None


def resume_point(course: str, lesson: str) -> dict[str, Any] | None:
    """``{"step", "moves", "hints", "mistakes", "free_done", "done_steps"}`` where the lesson was left, or None."""
    from cardcli.store import StoreError, lesson_place

    import_legacy()
    try:
        place = lesson_place(course, lesson)
    except StoreError:
        return None
    if place is None:
        return None
    return {
        "step": place.step,
        "moves": [[s, m] for s, m in place.moves],
        "hints": place.hints,
        "mistakes": place.mistakes,
        "free_done": place.free_done,
        "done_steps": list(place.done_steps),
    }


def forget(course: str, lesson: str) -> None:
    from cardcli.store import StoreError, clear_lesson_place

    try:
        clear_lesson_place(course, lesson)
    except StoreError:
        pass


def reset(course: str | None = None) -> int:
    """Forget the progress of one course (or all): results, places, drill queues; how many lessons went."""
    from cardcli.store import forget_tutor

    import_legacy()
    return forget_tutor(course)


# -- drills ------------------------------------------------------------------------------------


def take_drill_item(course: str, kind: str) -> int:
    """The item number to ask now (a missed one that is due, else the next fresh one)."""
    from cardcli.store import take_drill_item as take

    import_legacy()
    return take(course, kind)


def record_drill_answer(course: str, kind: str, number: int, right: bool, repeat_after: int) -> None:
    """Count one answer (a missed item comes back ``repeat_after`` answers later)."""
    from cardcli.store import record_drill_answer as record

    record(course, kind, number, right, repeat_after=repeat_after)
