"""The tutor's working state in the store: where a lesson was left, and the drills' repetition queues.

Beside the lesson results (:func:`~cardcli.store.history.set_progress`) the
tutor keeps:

* the *place* of an unfinished lesson: its step, the moves made since the
  lesson's position, the hints and mistakes so far. The tutor writes it after
  every line the learner types, each time one committed transaction, so a
  process killed at any moment resumes at the step the learner had reached;
* one *drill queue* per game and kind: the next fresh item, how many answers
  were given (the queue's clock) and the missed items with the answer count at
  which each comes back. Taking an item and recording an answer are each one
  transaction that reads and writes inside the write lock, so two processes
  drilling at once never lose each other's answers.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from cardcli.store.db import Store, open_store
from cardcli.store.matches import now


@dataclass(frozen=True, slots=True)
class LessonPlace:
    course: str
    lesson: str
    step: int
    """Index of the step the learner had reached (0-based)."""
    moves: list[tuple[int, str]]
    """(seat, canonical move) made since the lesson's position, in order."""
    hints: int
    mistakes: int
    free_done: int
    """In a free-play step limited to some turns: the learner's moves already made in it."""
    updated: str
    done_steps: tuple[int, ...] = ()
    """Later steps whose move the learner has already made (a run of moves may come in any order)."""


@dataclass(frozen=True, slots=True)
class DrillQueue:
    next: int = 1
    """The next fresh item number."""
    answered: int = 0
    """How many answers were recorded (the clock the due counts refer to)."""
    missed: list[tuple[int, int]] = field(default_factory=list)
    """(item number, due): missed items, the soonest first."""


def _with(store: Store | None) -> tuple[Store, bool]:
    return (store, False) if store is not None else (open_store(), True)


# -- lesson places -----------------------------------------------------------------------------------


def set_lesson_place(
    course: str,
    lesson: str,
    *,
    step: int,
    moves: list[tuple[int, str]],
    hints: int = 0,
    mistakes: int = 0,
    free_done: int = 0,
    done_steps: tuple[int, ...] = (),
    store: Store | None = None,
) -> None:
    """Remember where an unfinished lesson was left (replacing the previous place)."""
    st, own = _with(store)
    try:
        with st.transaction() as conn:
            conn.execute(
                "INSERT INTO lesson_places (course, lesson, step, moves, hints, mistakes, free_done, updated, "
                "done_steps) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (course, lesson) DO UPDATE SET "
                "step = excluded.step, moves = excluded.moves, hints = excluded.hints, "
                "mistakes = excluded.mistakes, free_done = excluded.free_done, updated = excluded.updated, "
                "done_steps = excluded.done_steps",
                (
                    course,
                    lesson,
                    int(step),
                    json.dumps([[int(s), str(m)] for s, m in moves]),
                    int(hints),
                    int(mistakes),
                    int(free_done),
                    now(),
                    json.dumps(sorted(int(k) for k in done_steps)),
                ),
            )
    finally:
        if own:
            st.close()


def lesson_place(course: str, lesson: str, store: Store | None = None) -> LessonPlace | None:
    """Where the lesson was left, or None (never started, or finished since)."""
    st, own = _with(store)
    try:
        rows = st.rows("SELECT * FROM lesson_places WHERE course = ? AND lesson = ?", (course, lesson))
    finally:
        if own:
            st.close()
    if not rows:
        return None
    r = rows[0]
    try:
        moves = [(int(s), str(m)) for s, m in json.loads(r["moves"])]
    except (ValueError, TypeError):
        moves = []
    try:
        done = tuple(int(k) for k in json.loads(r["done_steps"]))
    except (ValueError, TypeError):
        done = ()
    return LessonPlace(r["course"], r["lesson"], r["step"], moves, r["hints"], r["mistakes"], r["free_done"], r["updated"], done)


def clear_lesson_place(course: str, lesson: str, store: Store | None = None) -> None:
    st, own = _with(store)
    try:
        with st.transaction() as conn:
            conn.execute("DELETE FROM lesson_places WHERE course = ? AND lesson = ?", (course, lesson))
    finally:
        if own:
            st.close()


# -- drill queues ------------------------------------------------------------------------------------


def drill_queue(course: str, kind: str, store: Store | None = None) -> DrillQueue:
    st, own = _with(store)
    try:
        head = st.rows("SELECT next, answered FROM drill_queues WHERE course = ? AND kind = ?", (course, kind))
        missed = st.rows(
            "SELECT number, due FROM drill_missed WHERE course = ? AND kind = ? ORDER BY due, number", (course, kind)
        )
    finally:
        if own:
            st.close()
    nxt, answered = (head[0]["next"], head[0]["answered"]) if head else (1, 0)
    return DrillQueue(nxt, answered, [(r["number"], r["due"]) for r in missed])


def take_drill_item(course: str, kind: str, store: Store | None = None) -> int:
    """The item to ask now: the soonest missed item that is due, else the next fresh one (then consumed)."""
    st, own = _with(store)
    try:
        with st.transaction() as conn:
            conn.execute("INSERT OR IGNORE INTO drill_queues (course, kind) VALUES (?, ?)", (course, kind))
            nxt, answered = conn.execute(
                "SELECT next, answered FROM drill_queues WHERE course = ? AND kind = ?", (course, kind)
            ).fetchone()
            due = conn.execute(
                "SELECT number FROM drill_missed WHERE course = ? AND kind = ? AND due <= ? ORDER BY due, number LIMIT 1",
                (course, kind, answered),
            ).fetchone()
            if due is not None:
                return int(due[0])
            conn.execute("UPDATE drill_queues SET next = next + 1 WHERE course = ? AND kind = ?", (course, kind))
            return int(nxt)
    finally:
        if own:
            st.close()


def record_drill_answer(
    course: str, kind: str, number: int, right: bool, *, repeat_after: int = 3, store: Store | None = None
) -> None:
    """Count an answer; a missed item comes back ``repeat_after`` answers later, a right one leaves the queue."""
    st, own = _with(store)
    try:
        with st.transaction() as conn:
            conn.execute(
                "INSERT OR IGNORE INTO drill_queues (course, kind, next) VALUES (?, ?, ?)", (course, kind, int(number) + 1)
            )
            conn.execute(
                "UPDATE drill_queues SET answered = answered + 1, next = max(next, ?) WHERE course = ? AND kind = ?",
                (int(number) + 1, course, kind),
            )
            answered = conn.execute("SELECT answered FROM drill_queues WHERE course = ? AND kind = ?", (course, kind)).fetchone()[
                0
            ]
            if right:
                conn.execute("DELETE FROM drill_missed WHERE course = ? AND kind = ? AND number = ?", (course, kind, int(number)))
            else:
                conn.execute(
                    "INSERT INTO drill_missed (course, kind, number, due) VALUES (?, ?, ?, ?) "
                    "ON CONFLICT (course, kind, number) DO UPDATE SET due = excluded.due",
                    (course, kind, int(number), int(answered) + int(repeat_after)),
                )
    finally:
        if own:
            st.close()


def import_drill_queue(course: str, kind: str, queue: DrillQueue, store: Store | None = None) -> None:
    """Merge a queue kept elsewhere (the tutor's former file): the later next item, every missed one."""
    st, own = _with(store)
    try:
        with st.transaction() as conn:
            conn.execute("INSERT OR IGNORE INTO drill_queues (course, kind) VALUES (?, ?)", (course, kind))
            conn.execute(
                "UPDATE drill_queues SET next = max(next, ?) WHERE course = ? AND kind = ?", (int(queue.next), course, kind)
            )
            for number, due in queue.missed:
                conn.execute(
                    "INSERT OR IGNORE INTO drill_missed (course, kind, number, due) VALUES (?, ?, ?, ?)",
                    (course, kind, int(number), int(due)),
                )
    finally:
        if own:
            st.close()


# -- reset -------------------------------------------------------------------------------------------


def forget_tutor(course: str | None = None, store: Store | None = None) -> int:
    """Forget one course's (or every course's) lessons, places and drill queues; how many lesson results went."""
    where, params = (" WHERE course = ?", [course]) if course else ("", [])
    st, own = _with(store)
    try:
        with st.transaction() as conn:
            count = conn.execute("DELETE FROM progress" + where, params).rowcount
            for table in ("lesson_places", "drill_queues", "drill_missed"):
                conn.execute(f"DELETE FROM {table}" + where, params)
    finally:
        if own:
            st.close()
    return int(count)
