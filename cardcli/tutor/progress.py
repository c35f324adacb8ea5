"""The learner's progress: lessons done and stars (the store), where a lesson was left, the drill queue.

Done lessons and stars live in the one embedded store (``set_progress``). Where
an unfinished lesson was left (its step and its moves) and the drill queue of
missed items live beside it in ``tutor.json``, written atomically (temporary
file, fsync, rename), so a lesson killed at any moment resumes at the step it
had reached.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from cardcli.i18n import _

FILE = "tutor.json"


def _path() -> Path:
    from cardcli.paths import data_dir

    return data_dir() / FILE


def _read() -> dict[str, Any]:
    try:
        data = json.loads(_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _write(data: dict[str, Any]) -> None:
    path = _path()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=".tutor.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, sort_keys=True)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


# -- lessons -----------------------------------------------------------------------------------


def lesson_results(course: str) -> dict[str, tuple[bool, int]]:
    """``{lesson id: (done, stars)}`` from the store (empty if the store cannot be read)."""
    from cardcli.store import StoreError, progress

    try:
        return {r.lesson: (r.done, r.stars) for r in progress(course)}
    except StoreError:
        return {}


def finish(course: str, lesson: str, stars: int) -> str | None:
    """Record a finished lesson; returns a problem to show, or None."""
    from cardcli.store import StoreError, set_progress

    forget(course, lesson)
    try:
        set_progress(course, lesson, stars=stars, done=True)
    except StoreError as err:
        return _("your progress could not be saved: {why}").format(why=err)
    return None


def remember(course: str, lesson: str, point: dict[str, Any]) -> None:
    """Where an unfinished lesson was left (step, moves, hints, mistakes)."""
    data = _read()
    data.setdefault("resume", {})[f"{course}/{lesson}"] = point
    try:
        _write(data)
    except OSError:
        pass


def resume_point(course: str, lesson: str) -> dict[str, Any] | None:
    point = _read().get("resume", {}).get(f"{course}/{lesson}")
    return point if isinstance(point, dict) else None


def forget(course: str, lesson: str) -> None:
    data = _read()
    if f"{course}/{lesson}" in data.get("resume", {}):
        del data["resume"][f"{course}/{lesson}"]
        try:
            _write(data)
        except OSError:
            pass


def reset(course: str | None = None) -> int:
    """Forget the progress of one course (or all); returns how many lessons were forgotten."""
    from cardcli.store import open_store

    with open_store() as st:
        with st.transaction() as conn:
            cur = conn.execute("DELETE FROM progress" + (" WHERE course = ?" if course else ""),
                               [course] if course else [])
            count = cur.rowcount
    data = _read()
    for key in list(data.get("resume", {})):
        if course is None or key.startswith(course + "/"):
            del data["resume"][key]
    for key in list(data.get("drills", {})):
        if course is None or key.startswith(course + "/"):
            del data["drills"][key]
    _write(data)
    return int(count)


# -- drills ------------------------------------------------------------------------------------


def drill_queue(course: str, kind: str) -> dict[str, Any]:
    """``{"next": n, "missed": [[seed, due], ...]}``: the next fresh item and the missed ones to repeat."""
    q = _read().get("drills", {}).get(f"{course}/{kind}")
    if not isinstance(q, dict):
        return {"next": 1, "missed": []}
    return {"next": int(q.get("next", 1)), "missed": [list(m) for m in q.get("missed", [])]}


def save_drill_queue(course: str, kind: str, queue: dict[str, Any]) -> None:
    data = _read()
    data.setdefault("drills", {})[f"{course}/{kind}"] = queue
    try:
        _write(data)
    except OSError:
        pass
