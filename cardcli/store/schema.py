"""The store's schema, as an ordered list of migrations.

``PRAGMA user_version`` holds the number of migrations applied. Opening a
store applies the missing ones in one transaction; a file whose version is
higher than :data:`SCHEMA_VERSION` was written by a newer cardcli and is
refused untouched. ``PRAGMA application_id`` marks the file as cardcli's, so
some other program's SQLite file at the same place is never altered.

To change the schema, append a migration: never edit one that has shipped.
"""

from __future__ import annotations

#: "CCLI" as a big-endian 32-bit integer.
APPLICATION_ID = 0x43434C49

MIGRATIONS: list[tuple[str, ...]] = [
    # 1: scorepad matches and their hands, the history of games played, lesson progress.
    (
        """CREATE TABLE matches (
            id INTEGER PRIMARY KEY,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE,
            game TEXT NOT NULL,
            preset TEXT NOT NULL,
            options TEXT NOT NULL DEFAULT '{}',
            players INTEGER NOT NULL,
            names TEXT NOT NULL DEFAULT '[]',
            first_dealer INTEGER NOT NULL DEFAULT 0,
            created TEXT NOT NULL,
            updated TEXT NOT NULL
        )""",
        """CREATE TABLE hands (
            id INTEGER PRIMARY KEY,
            match_id INTEGER NOT NULL REFERENCES matches(id) ON DELETE CASCADE,
            position INTEGER NOT NULL,
            text TEXT NOT NULL,
            entered TEXT NOT NULL,
            UNIQUE (match_id, position)
        )""",
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            preset TEXT,
            options TEXT NOT NULL DEFAULT '{}',
            seats TEXT NOT NULL,
            seed TEXT,
            complete INTEGER NOT NULL,
            winners TEXT NOT NULL DEFAULT '[]',
            totals TEXT NOT NULL DEFAULT '[]',
            hands INTEGER NOT NULL DEFAULT 0,
            started TEXT,
            finished TEXT NOT NULL,
            replay TEXT,
            share_code TEXT
        )""",
        "CREATE INDEX games_by_game ON games (game, finished)",
        """CREATE TABLE progress (
            course TEXT NOT NULL,
            lesson TEXT NOT NULL,
            stars INTEGER NOT NULL DEFAULT 0,
            done INTEGER NOT NULL DEFAULT 0,
            updated TEXT NOT NULL,
            PRIMARY KEY (course, lesson)
        )""",
    ),
    # 2: the tutor's working state: where an unfinished lesson was left, and the drills' repetition queues.
    (
        """CREATE TABLE lesson_places (
            course TEXT NOT NULL,
            lesson TEXT NOT NULL,
            step INTEGER NOT NULL,
            moves TEXT NOT NULL DEFAULT '[]',
            hints INTEGER NOT NULL DEFAULT 0,
            mistakes INTEGER NOT NULL DEFAULT 0,
            free_done INTEGER NOT NULL DEFAULT 0,
            updated TEXT NOT NULL,
            PRIMARY KEY (course, lesson)
        )""",
        """CREATE TABLE drill_queues (
            course TEXT NOT NULL,
            kind TEXT NOT NULL,
            next INTEGER NOT NULL DEFAULT 1,
            answered INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (course, kind)
        )""",
        """CREATE TABLE drill_missed (
            course TEXT NOT NULL,
            kind TEXT NOT NULL,
            number INTEGER NOT NULL,
            due INTEGER NOT NULL,
            PRIMARY KEY (course, kind, number)
        )""",
    ),
    # 3: a lesson's place also keeps the later steps whose move the learner made early (their order is free).
    ("ALTER TABLE lesson_places ADD COLUMN done_steps TEXT NOT NULL DEFAULT '[]'",),
    # 4: every game a person plays keeps its replay (compressed) and the name of its save, so a game left
    # unfinished and later finished is one row, and any game can be reviewed later.
    (
        "ALTER TABLE games ADD COLUMN save TEXT",
        "ALTER TABLE games ADD COLUMN replay_data BLOB",
        "CREATE INDEX games_by_save ON games (save)",
    ),
]


def schema_version() -> int:
    """The version this cardcli writes: the number of migrations it knows."""
    return len(MIGRATIONS)
