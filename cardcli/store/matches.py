"""Scorepad matches and their hands in the store.

A match keeps the *typed text* of each hand, not its score: the scores are
recomputed from the text by the game's own scorepad parser every time the pad
is shown, so a correction to one hand (or to the scoring code) flows into
every total after it, and nothing computed can drift from what was typed.

Hands are numbered 1, 2, 3 … within a match with no gaps. Adding a hand takes
the store's write lock first and then checks the whole match with the new hand
(``check``), so two processes adding to the same match cannot interleave and a
hand that does not score is never saved.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime

from cardcli.store.db import Store

Check = Callable[[list[str]], None]
"""Called with every hand's text (the change applied) inside the write; raises ValueError to refuse."""


def now() -> str:
    """The time stamps the store writes: UTC, ISO 8601, to the second."""
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True, slots=True)
class MatchRecord:
    id: int
    name: str
    game: str
    preset: str
    options: dict[str, str]
    players: int
    names: list[str]
    """A player's name per seat ('' where none was given)."""
    first_dealer: int
    created: str
    updated: str
    hands: int = 0


@dataclass(frozen=True, slots=True)
class HandRecord:
    position: int
    text: str
    entered: str


_SELECT = "SELECT m.*, (SELECT count(*) FROM hands h WHERE h.match_id = m.id) AS n FROM matches m"


def _match(row: sqlite3.Row) -> MatchRecord:
    return MatchRecord(
        row["id"],
        row["name"],
        row["game"],
        row["preset"],
        json.loads(row["options"]),
        row["players"],
        json.loads(row["names"]),
        row["first_dealer"],
        row["created"],
        row["updated"],
        row["n"],
    )


def create_match(
    store: Store,
    name: str,
    game: str,
    preset: str,
    options: Mapping[str, str],
    players: int,
    names: Sequence[str],
    first_dealer: int,
) -> MatchRecord:
    """Create a match; ``ValueError`` if the name is taken (names ignore case)."""
    stamp = now()
    with store.transaction() as conn:
        if conn.execute("SELECT 1 FROM matches WHERE name = ?", (name,)).fetchone():
            raise ValueError(name)
        conn.execute(
            "INSERT INTO matches (name, game, preset, options, players, names, first_dealer, created, updated) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (
                name,
                game,
                preset,
                json.dumps(dict(options), sort_keys=True),
                players,
                json.dumps(list(names)),
                first_dealer,
                stamp,
                stamp,
            ),
        )
    found = find_match(store, name)
    assert found is not None
    return found


@dataclass(frozen=True, slots=True)
class NewMatch:
    """What a match is created with: fixed from then on."""

    name: str
    game: str
    preset: str
    options: dict[str, str]
    players: int
    names: list[str]
    first_dealer: int

    def same_as(self, record: MatchRecord) -> bool:
        return (self.game, self.preset, self.options, self.players, self.names, self.first_dealer) == (
            record.game,
            record.preset,
            record.options,
            record.players,
            record.names,
            record.first_dealer,
        )


def add_or_create(
    store: Store, new: NewMatch, hands_for: Callable[[MatchRecord], tuple[Sequence[str], Check]]
) -> tuple[MatchRecord, bool, list[int]]:
    """Add hands to the match ``new.name``, creating it first when there is none, in one write.

    Ten processes scoring the first hand of one new match at once each either create it or join
    it: the lookup and the creation happen under the write lock. ``hands_for(record)`` gives the
    hands to add and the check of the whole match with them; a refusal rolls everything back, so
    a match whose first hand is refused is never kept. Returns the match, whether it was created,
    and the new hands' numbers."""
    with store.transaction() as conn:
        row = conn.execute(_SELECT + " WHERE m.name = ?", (new.name,)).fetchone()
        created = row is None
        if created:
            stamp = now()
            conn.execute(
                "INSERT INTO matches (name, game, preset, options, players, names, first_dealer, created, "
                "updated) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    new.name,
                    new.game,
                    new.preset,
                    json.dumps(new.options, sort_keys=True),
                    new.players,
                    json.dumps(new.names),
                    new.first_dealer,
                    stamp,
                    stamp,
                ),
            )
            row = conn.execute(_SELECT + " WHERE m.name = ?", (new.name,)).fetchone()
        record = _match(row)
        texts, check = hands_for(record)
        current = _texts(conn, record.id)
        check(current + list(texts))
        stamp = now()
        numbers = []
        for i, text in enumerate(texts, len(current) + 1):
            conn.execute("INSERT INTO hands (match_id, position, text, entered) VALUES (?, ?, ?, ?)", (record.id, i, text, stamp))
            numbers.append(i)
        _touch(conn, record.id)
    return record, created, numbers


def delete_if_empty(store: Store, match_id: int) -> None:
    """Remove a match that has no hands (one created at a terminal and left before its first hand);
    a match another process has meanwhile added a hand to is kept."""
    with store.transaction() as conn:
        if conn.execute("SELECT 1 FROM hands WHERE match_id = ?", (match_id,)).fetchone() is None:
            conn.execute("DELETE FROM matches WHERE id = ?", (match_id,))


def find_match(store: Store, name: str) -> MatchRecord | None:
    rows = store.rows(_SELECT + " WHERE m.name = ?", (name,))
    return _match(rows[0]) if rows else None


def list_matches(store: Store, game: str | None = None) -> list[MatchRecord]:
    """Matches, the most recently changed first."""
    if game:
        rows = store.rows(_SELECT + " WHERE m.game = ? ORDER BY m.updated DESC, m.id DESC", (game,))
    else:
        rows = store.rows(_SELECT + " ORDER BY m.updated DESC, m.id DESC")
    return [_match(r) for r in rows]


def match_hands(store: Store, match_id: int) -> list[HandRecord]:
    rows = store.rows("SELECT position, text, entered FROM hands WHERE match_id = ? ORDER BY position", (match_id,))
    return [HandRecord(r["position"], r["text"], r["entered"]) for r in rows]


def _texts(conn: sqlite3.Connection, match_id: int) -> list[str]:
    return [r[0] for r in conn.execute("SELECT text FROM hands WHERE match_id = ? ORDER BY position", (match_id,))]


def _touch(conn: sqlite3.Connection, match_id: int) -> None:
    conn.execute("UPDATE matches SET updated = ? WHERE id = ?", (now(), match_id))


def add_hands(store: Store, match_id: int, texts: Sequence[str], check: Check | None = None) -> list[int]:
    """Append hands (committed together, after ``check`` accepted the whole match); their numbers."""
    with store.transaction() as conn:
        current = _texts(conn, match_id)
        if check is not None:
            check(current + list(texts))
        stamp = now()
        numbers = []
        for i, text in enumerate(texts, len(current) + 1):
            conn.execute("INSERT INTO hands (match_id, position, text, entered) VALUES (?, ?, ?, ?)", (match_id, i, text, stamp))
            numbers.append(i)
        _touch(conn, match_id)
    return numbers


def replace_hand(store: Store, match_id: int, position: int, text: str, check: Check | None = None) -> None:
    """Correct hand ``position``; ``IndexError`` if there is no such hand."""
    with store.transaction() as conn:
        current = _texts(conn, match_id)
        if not 1 <= position <= len(current):
            raise IndexError(position)
        current[position - 1] = text
        if check is not None:
            check(current)
        conn.execute(
            "UPDATE hands SET text = ?, entered = ? WHERE match_id = ? AND position = ?", (text, now(), match_id, position)
        )
        _touch(conn, match_id)


def delete_hand(store: Store, match_id: int, position: int, check: Check | None = None) -> None:
    """Remove hand ``position``; the later hands move up one number."""
    with store.transaction() as conn:
        current = _texts(conn, match_id)
        if not 1 <= position <= len(current):
            raise IndexError(position)
        del current[position - 1]
        if check is not None:
            check(current)
        conn.execute("DELETE FROM hands WHERE match_id = ? AND position = ?", (match_id, position))
        # Two steps keep (match_id, position) unique at every row update.
        conn.execute("UPDATE hands SET position = -position WHERE match_id = ? AND position > ?", (match_id, position))
        conn.execute("UPDATE hands SET position = -position - 1 WHERE match_id = ? AND position < 0", (match_id,))
        _touch(conn, match_id)


def delete_match(store: Store, match_id: int) -> None:
    with store.transaction() as conn:
        conn.execute("DELETE FROM hands WHERE match_id = ?", (match_id,))
        conn.execute("DELETE FROM matches WHERE id = ?", (match_id,))
