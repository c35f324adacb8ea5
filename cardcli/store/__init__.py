"""The one embedded store: scorepad matches, the history of games played and lesson progress.

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
    progress,
    record_game,
    set_progress,
)

__all__ = [
    "GameRecord", "ProgressRecord", "SeatRecord", "Store", "StoreError", "history", "make_seats", "open_store",
    "progress", "record_game", "set_progress", "store_path",
]
