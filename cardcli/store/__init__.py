"""The one embedded store: scorepad matches, the history of games played, lesson progress
and the tutor's working state (where a lesson was left, the drill queues).

A SQLite database (standard library) in the user data directory, with a
versioned schema (:mod:`cardcli.store.schema`), WAL mode and committed writes
(:mod:`cardcli.store.db`). Replays stay files; the history only points to them.

Other modules need only these names::

    from cardcli.store import record_game, history, set_progress, progress, StoreError
"""

from __future__ import annotations

from cardcli.store.db import Store, StoreError, open_store, store_path
from cardcli.store.history import (
    GameRecord,
    ProgressRecord,
    SeatRecord,
    history,
    make_seats,
    pack_replay,
    progress,
    prune_replays,
    record_game,
    set_progress,
    stored_replay,
    unpack_replay,
)
from cardcli.store.tutor import (
    DrillQueue,
    LessonPlace,
    clear_lesson_place,
    drill_queue,
    forget_tutor,
    import_drill_queue,
    lesson_place,
    record_drill_answer,
    set_lesson_place,
    take_drill_item,
)

__all__ = [
    "DrillQueue",
    "GameRecord",
    "LessonPlace",
    "ProgressRecord",
    "SeatRecord",
    "Store",
    "StoreError",
    "clear_lesson_place",
    "drill_queue",
    "forget_tutor",
    "history",
    "import_drill_queue",
    "lesson_place",
    "make_seats",
    "open_store",
    "pack_replay",
    "progress",
    "prune_replays",
    "record_drill_answer",
    "record_game",
    "set_lesson_place",
    "set_progress",
    "store_path",
    "stored_replay",
    "take_drill_item",
    "unpack_replay",
]
