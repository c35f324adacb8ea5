"""The history of games played in cardcli, and the tutor's lesson progress.

The play command calls :func:`record_game` when a match ends or is left
(``complete=False`` with the autosave as its replay, so the history can say
how to resume it). The tutor calls :func:`set_progress` after a lesson. Both
are one committed transaction: once they return, a crash loses nothing.

Every function opens the store itself unless given one, so a caller needs
one line and no knowledge of SQLite.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from fractions import Fraction
from pathlib import Path
from typing import Any

from cardcli.store.db import Store, open_reader, open_store
from cardcli.store.matches import now

Number = int | float


@dataclass(frozen=True, slots=True)
class SeatRecord:
    name: str
    bot: str | None
    """The bot id playing the seat, ``None`` for a person."""
    side: int
    """Index of the seat's side in ``totals`` (partners share one)."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    id: int
    game: str
    preset: str | None
    options: dict[str, Any]
    seats: list[SeatRecord]
    seed: str | None
    complete: bool
    winners: list[int]
    """Side indices of the winners (empty for an unfinished game)."""
    totals: list[Number]
    hands: int
    started: str | None
    finished: str
    replay: str | None
    share_code: str | None

    def human_sides(self) -> list[int]:
        return sorted({s.side for s in self.seats if s.bot is None})


@dataclass(frozen=True, slots=True)
class ProgressRecord:
    course: str
    lesson: str
    stars: int
    done: bool
    updated: str


def make_seats(names: Sequence[str], bots: Mapping[int, str] | Sequence[str | None],
               sides: Sequence[Sequence[int]] | None = None) -> list[dict[str, Any]]:
    """Seat descriptions for :func:`record_game` from plain data.

    ``bots`` maps a seat index to its bot id (or lists one per seat, ``None``
    for a person); ``sides`` lists each side's seats (a game's ``sides()``),
    every seat its own side when omitted.
    """
    bot_of = dict(bots) if isinstance(bots, Mapping) else dict(enumerate(bots))
    side_of = {seat: i for i, side in enumerate(sides or [[s] for s in range(len(names))]) for seat in side}
    return [{"name": n, "bot": bot_of.get(i), "side": side_of.get(i, i)} for i, n in enumerate(names)]


def _plain(value: Any) -> Any:
    """Numbers as JSON can hold them (eleusis scores are fractions)."""
    if isinstance(value, Fraction):
        return int(value) if value.denominator == 1 else round(float(value), 3)
    if isinstance(value, float) and value.is_integer():
        return int(value)
    return value


def _stamp(value: datetime | str | None) -> str | None:
    if value is None or isinstance(value, str):
        return value
    return value.isoformat(timespec="seconds")


def record_game(game: str, *, seats: Sequence[Mapping[str, Any] | SeatRecord], totals: Sequence[Any],
                winners: Sequence[int], hands: int, complete: bool = True, preset: str | None = None,
                options: Mapping[str, Any] | None = None, seed: str | None = None,
                started: datetime | str | None = None, finished: datetime | str | None = None,
                replay: str | Path | None = None, share_code: str | None = None,
                store: Store | None = None) -> int:
    """Add a game to the history (committed before returning); its id. Raises ``StoreError``."""
    seat_rows = [s if isinstance(s, Mapping) else {"name": s.name, "bot": s.bot, "side": s.side} for s in seats]
    clean = [{"name": str(s.get("name", f"P{i + 1}")), "bot": s.get("bot") or None, "side": int(s.get("side", i) or 0)}
             for i, s in enumerate(seat_rows)]
    row = (game, preset, json.dumps(dict(options or {}), sort_keys=True, default=str), json.dumps(clean),
           None if seed is None else str(seed), int(bool(complete)), json.dumps([int(w) for w in winners]),
           json.dumps([_plain(t) for t in totals]), int(hands), _stamp(started), _stamp(finished) or now(),
           None if replay is None else str(replay), share_code)
    st = store or open_store()
    try:
        with st.transaction() as conn:
            cur = conn.execute("INSERT INTO games (game, preset, options, seats, seed, complete, winners, totals, hands, "
                               "started, finished, replay, share_code) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
            return int(cur.lastrowid or 0)
    finally:
        if store is None:
            st.close()


def history(game: str | None = None, limit: int | None = None, store: Store | None = None) -> list[GameRecord]:
    """Games played, the most recent first (only ``game``'s when given)."""
    sql = "SELECT * FROM games" + (" WHERE game = ?" if game else "") + " ORDER BY finished DESC, id DESC"
    params: list[Any] = [game] if game else []
    if limit:
        sql += " LIMIT ?"
        params.append(limit)
    rows = _read(store, sql, params)
    return [GameRecord(r["id"], r["game"], r["preset"], json.loads(r["options"]),
                       [SeatRecord(s["name"], s["bot"], s["side"]) for s in json.loads(r["seats"])], r["seed"],
                       bool(r["complete"]), json.loads(r["winners"]), json.loads(r["totals"]), r["hands"], r["started"],
                       r["finished"], r["replay"], r["share_code"]) for r in rows]


def _read(store: Store | None, sql: str, params: Sequence[Any]) -> list[Any]:
    """Rows of a query, from ``store`` or from the store opened for reading only (none yet: no rows)."""
    if store is not None:
        return store.rows(sql, params)
    st = open_reader()
    if st is None:
        return []
    try:
        return st.rows(sql, params)
    finally:
        st.close()


def set_progress(course: str, lesson: str, *, stars: int = 0, done: bool = True, store: Store | None = None) -> None:
    """Remember a lesson's result; the best stars so far are kept, and ``done`` never goes back to false."""
    st = store or open_store()
    try:
        with st.transaction() as conn:
            conn.execute("INSERT INTO progress (course, lesson, stars, done, updated) VALUES (?, ?, ?, ?, ?) "
                         "ON CONFLICT (course, lesson) DO UPDATE SET stars = max(stars, excluded.stars), "
                         "done = max(done, excluded.done), updated = excluded.updated",
                         (course, lesson, int(stars), int(done), now()))
    finally:
        if store is None:
            st.close()


def progress(course: str | None = None, store: Store | None = None) -> list[ProgressRecord]:
    """Lesson progress, by course (a game's name) and lesson id."""
    sql = "SELECT * FROM progress" + (" WHERE course = ?" if course else "") + " ORDER BY course, lesson"
    rows = _read(store, sql, [course] if course else [])
    return [ProgressRecord(r["course"], r["lesson"], r["stars"], bool(r["done"]), r["updated"]) for r in rows]
