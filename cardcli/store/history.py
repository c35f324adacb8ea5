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
    save: str | None = None
    """The name of the game's save (``play --resume NAME``), ``None`` for a game recorded before saves
    were named in the history."""
    kept: int = 0
    """Size in bytes of the replay the store keeps (0: none; :func:`stored_replay` reads it)."""

    def human_sides(self) -> list[int]:
        return sorted({s.side for s in self.seats if s.bot is None})


@dataclass(frozen=True, slots=True)
class ProgressRecord:
    course: str
    lesson: str
    stars: int
    done: bool
    updated: str


def make_seats(
    names: Sequence[str], bots: Mapping[int, str] | Sequence[str | None], sides: Sequence[Sequence[int]] | None = None
) -> list[dict[str, Any]]:
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


def record_game(
    game: str,
    *,
    seats: Sequence[Mapping[str, Any] | SeatRecord],
    totals: Sequence[Any],
    winners: Sequence[int],
    hands: int,
    complete: bool = True,
    preset: str | None = None,
    options: Mapping[str, Any] | None = None,
    seed: str | None = None,
    started: datetime | str | None = None,
    finished: datetime | str | None = None,
    replay: str | Path | None = None,
    share_code: str | None = None,
    save: str | None = None,
    replay_data: bytes | None = None,
    store: Store | None = None,
) -> int:
    """Add a game to the history (committed before returning); its id. Raises ``StoreError``.

    ``save`` names the game's save: a game already in the history under that save (left unfinished,
    then resumed) is updated in place, so one game is one row whatever the number of sittings.
    ``replay_data`` is the whole game as :func:`pack_replay` makes it, kept so the game can be reviewed
    later; the store keeps at most :data:`KEEP_REPLAYS` of them and :data:`KEEP_BYTES` in all (the
    oldest are dropped first, their history lines stay)."""
    seat_rows = [s if isinstance(s, Mapping) else {"name": s.name, "bot": s.bot, "side": s.side} for s in seats]
    clean = [
        {"name": str(s.get("name", f"P{i + 1}")), "bot": s.get("bot") or None, "side": int(s.get("side", i) or 0)}
        for i, s in enumerate(seat_rows)
    ]
    row = (
        game,
        preset,
        json.dumps(dict(options or {}), sort_keys=True, default=str),
        json.dumps(clean),
        None if seed is None else str(seed),
        int(bool(complete)),
        json.dumps([int(w) for w in winners]),
        json.dumps([_plain(t) for t in totals]),
        int(hands),
        _stamp(started),
        _stamp(finished) or now(),
        None if replay is None else str(replay),
        share_code,
        save,
        replay_data,
    )
    st = store or open_store()
    try:
        with st.transaction() as conn:
            found = (
                conn.execute("SELECT id FROM games WHERE save = ? ORDER BY id DESC LIMIT 1", (save,)).fetchone() if save else None
            )
            if found is not None:
                conn.execute(
                    "UPDATE games SET game = ?, preset = ?, options = ?, seats = ?, seed = ?, complete = ?, "
                    "winners = ?, totals = ?, hands = ?, started = ?, finished = ?, replay = ?, "
                    "share_code = ?, save = ?, replay_data = ? WHERE id = ?",
                    (*row, found[0]),
                )
                game_id = int(found[0])
            else:
                cur = conn.execute(
                    "INSERT INTO games (game, preset, options, seats, seed, complete, winners, totals, "
                    "hands, started, finished, replay, share_code, save, replay_data) "
                    "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                    row,
                )
                game_id = int(cur.lastrowid or 0)
            if replay_data is not None:
                _bound(conn, KEEP_REPLAYS, KEEP_BYTES)
            return game_id
    finally:
        if store is None:
            st.close()


KEEP_REPLAYS = 200
"""The most game replays the store keeps (the newest); the history itself keeps every game."""
KEEP_BYTES = 32 * 1024 * 1024
"""The most bytes of replays the store keeps in all (a few hundred long games)."""

_COLUMNS = (
    "id, game, preset, options, seats, seed, complete, winners, totals, hands, started, finished, replay, "
    "share_code, save, coalesce(length(replay_data), 0) AS kept"
)


def pack_replay(replay: Any) -> bytes:
    """A replay as the store keeps it: msgpack, compressed (a rubber of bridge is a few kilobytes)."""
    import zlib

    from cardcli.replay.io import encode_msgpack

    return zlib.compress(encode_msgpack(replay), 9)


def unpack_replay(data: bytes, name: str = "replay") -> Any:
    """The replay :func:`pack_replay` made (checked as a replay file is); ``ReplayError`` if damaged."""
    import zlib

    from cardcli.replay.io import ReplayError, decode

    try:
        raw = zlib.decompress(data)
    except zlib.error:
        raise ReplayError(f"{name}: the replay kept in the history is damaged") from None
    return decode(raw, name, msgpack=True)


def _bound(conn: Any, keep: int, max_bytes: int) -> int:
    """Drop the replays beyond the newest ``keep`` and beyond ``max_bytes`` in all; how many were dropped."""
    rows = conn.execute(
        "SELECT id, length(replay_data) FROM games WHERE replay_data IS NOT NULL ORDER BY finished DESC, id DESC"
    ).fetchall()
    total, drop = 0, []
    for i, (game_id, size) in enumerate(rows):
        total += size or 0
        if i >= keep or total > max_bytes:
            drop.append(game_id)
    for game_id in drop:
        conn.execute("UPDATE games SET replay_data = NULL WHERE id = ?", (game_id,))
    return len(drop)


def prune_replays(keep: int, store: Store | None = None) -> int:
    """Keep only the newest ``keep`` replays (and at most :data:`KEEP_BYTES`); how many were dropped."""
    st = store or open_store()
    try:
        with st.transaction() as conn:
            dropped = _bound(conn, keep, KEEP_BYTES)
        if dropped:
            import sqlite3

            try:  # give the space back to the disk; a busy store keeps it for later
                st.conn.execute("VACUUM")
            except sqlite3.Error:
                pass
        return dropped
    finally:
        if store is None:
            st.close()


def stored_replay(game_id: int, store: Store | None = None) -> bytes | None:
    """The packed replay the history keeps for game ``game_id`` (``None``: none kept)."""
    from cardcli.store.db import StoreError

    try:
        rows = _read(store, "SELECT replay_data FROM games WHERE id = ?", [game_id])
    except StoreError:  # a read-only store from an older cardcli has no replays
        return None
    return bytes(rows[0][0]) if rows and rows[0][0] is not None else None


def history(game: str | None = None, limit: int | None = None, store: Store | None = None) -> list[GameRecord]:
    """Games played, the most recent first (only ``game``'s when given)."""
    from cardcli.store.db import StoreError

    where = (" WHERE game = ?" if game else "") + " ORDER BY finished DESC, id DESC"
    params: list[Any] = [game] if game else []
    if limit:
        where += " LIMIT ?"
        params.append(limit)
    try:
        rows = _read(store, f"SELECT {_COLUMNS} FROM games" + where, params)
    except StoreError:  # a read-only store from an older cardcli (no save, no replays)
        rows = _read(store, "SELECT * FROM games" + where, params)
    out = []
    for r in rows:
        keys = r.keys()
        out.append(
            GameRecord(
                r["id"],
                r["game"],
                r["preset"],
                json.loads(r["options"]),
                [SeatRecord(s["name"], s["bot"], s["side"]) for s in json.loads(r["seats"])],
                r["seed"],
                bool(r["complete"]),
                json.loads(r["winners"]),
                json.loads(r["totals"]),
                r["hands"],
                r["started"],
                r["finished"],
                r["replay"],
                r["share_code"],
                r["save"] if "save" in keys else None,
                int(r["kept"]) if "kept" in keys else 0,
            )
        )
    return out


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
            conn.execute(
                "INSERT INTO progress (course, lesson, stars, done, updated) VALUES (?, ?, ?, ?, ?) "
                "ON CONFLICT (course, lesson) DO UPDATE SET stars = max(stars, excluded.stars), "
                "done = max(done, excluded.done), updated = excluded.updated",
                (course, lesson, int(stars), int(done), now()),
            )
    finally:
        if store is None:
            st.close()


def progress(course: str | None = None, store: Store | None = None) -> list[ProgressRecord]:
    """Lesson progress, by course (a game's name) and lesson id."""
    sql = "SELECT * FROM progress" + (" WHERE course = ?" if course else "") + " ORDER BY course, lesson"
    rows = _read(store, sql, [course] if course else [])
    return [ProgressRecord(r["course"], r["lesson"], r["stars"], bool(r["done"]), r["updated"]) for r in rows]
