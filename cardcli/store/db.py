"""Opening the one embedded store safely: checks first, writes only when everything is sound.

The store is a SQLite file in the user data directory (``CARDCLI_HOME``
overrides it). It holds what people type and what they played, so the rules
here are strict:

* a file that is damaged, belongs to another program, or was written by a
  newer cardcli is refused with a one-line :class:`StoreError` *before*
  anything is written to it, and it is never recreated or overwritten;
* WAL mode and a busy timeout let several cardcli processes use it at once;
  every write is one ``BEGIN IMMEDIATE`` transaction committed with
  ``synchronous=FULL``, so a write that returned is on disk, and a process
  killed at any moment loses at most the entry it had not acknowledged;
* a read-only folder, a full disk or a lock held too long are one-line errors
  too (the CLI prints them; no traceback);
* commands that only read (``history``, ``stats``, ``scorepad show``, ``learn``) open it
  with :func:`open_reader`: a store that cannot be written is read read-only, and a
  store that does not exist yet is not created (there is nothing in it to read);
* the file a write goes to is checked to be the store's file still: a store deleted
  or replaced while a command waited is an error, never a write to a file nobody will
  read again.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Any

from cardcli.i18n import _
from cardcli.store import schema
from cardcli.store.schema import APPLICATION_ID, schema_version

FILE_NAME = "cardcli.db"
BUSY_SECONDS = 10.0


class StoreError(Exception):
    """A problem with the store, as one line a person can act on; ``kind`` says which
    (``read-only``, ``damaged``, ``busy``, ``full``, ``gone``, ``other``)."""

    def __init__(self, message: str, kind: str = "other") -> None:
        super().__init__(message)
        self.kind = kind


def store_path() -> Path:
    """Where the store lives: ``cardcli.db`` in the user data directory."""
    from cardcli.paths import data_dir

    return data_dir() / FILE_NAME


class Store:
    """An open, checked and migrated store; use as a context manager.

    ``read_only``: opened without writing a byte (no migration, no WAL switch), for a store
    that cannot be written; its transactions fail with a one-line error."""

    def __init__(self, path: Path | None = None, *, read_only: bool = False) -> None:
        self.path = Path(path) if path is not None else store_path()
        self.read_only = read_only
        self.conn = self._connect_read_only() if read_only else self._connect()
        try:
            self._check()
            self._identity = self._file_identity()
            if read_only:
                if self.rows("PRAGMA user_version")[0][0] < schema_version():
                    raise StoreError(
                        _("{path} was written by an older cardcli and cannot be upgraded: it is read-only").format(
                            path=self.path
                        ),
                        "read-only",
                    )
            else:
                self._configure()
                self._migrate()
        except BaseException:
            self.conn.close()
            raise

    # -- life cycle ----------------------------------------------------------------------------
    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, kind: type[BaseException] | None, err: BaseException | None, tb: TracebackType | None) -> None:
        self.close()

    # -- statements ----------------------------------------------------------------------------
    def rows(self, sql: str, params: Sequence[Any] = ()) -> list[sqlite3.Row]:
        """Run a query and return every row (read-only statements)."""
        try:
            return list(self.conn.execute(sql, params))
        except sqlite3.Error as err:
            raise self.error(err) from None

    @contextmanager
    def transaction(self) -> Iterator[sqlite3.Connection]:
        """One write: committed (and synced) when the block ends, rolled back if it raises.

        Before committing, the store's file is checked to be the one this store opened: when it
        was deleted or replaced meanwhile (say, while ``score --match`` waited for its input),
        the write is rolled back and reported, instead of going to a file nobody will read."""
        if self.read_only:
            raise StoreError(
                _("cannot write to {path}: the folder or the file is read-only (set CARDCLI_HOME to a writable folder)").format(
                    path=self.path
                ),
                "read-only",
            )
        try:
            self.conn.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as err:
            raise self.error(err) from None
        try:
            yield self.conn
            if self._file_identity() != self._identity:
                raise StoreError(
                    _(
                        "{path} was deleted or replaced while cardcli was using it: nothing was saved (run the command again)"
                    ).format(path=self.path),
                    "gone",
                )
            self.conn.execute("COMMIT")
        except sqlite3.Error as err:
            self._rollback()
            raise self.error(err) from None
        except BaseException:
            self._rollback()
            raise

    def _rollback(self) -> None:
        try:
            if self.conn.in_transaction:
                self.conn.execute("ROLLBACK")
        except sqlite3.Error:
            pass

    # -- opening -------------------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        from cardcli.paths import folder_problem

        folder = self.path.parent
        problem = folder_problem(folder)
        if problem:
            raise StoreError(problem, "read-only")
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            raise StoreError(
                _("cannot create the folder {path} for cardcli's data: {why} (set CARDCLI_HOME to a writable folder)").format(
                    path=folder, why=err.strerror or err
                ),
                "read-only",
            ) from None
        if self.path.exists() and not self.path.is_file():
            raise StoreError(_("{path} is not a file; cardcli keeps its store there").format(path=self.path))
        try:
            conn = sqlite3.connect(self.path, timeout=BUSY_SECONDS, isolation_level=None)
        except sqlite3.Error as err:
            raise self.error(err) from None
        conn.row_factory = sqlite3.Row
        return conn

    def _connect_read_only(self) -> sqlite3.Connection:
        """A connection that never writes: ``mode=ro``, or ``immutable=1`` when even the WAL's shared
        memory file cannot be made (a read-only folder)."""
        from urllib.parse import quote

        uri = "file:" + quote(str(self.path.resolve()))
        last: sqlite3.Error | None = None
        for flags in ("?mode=ro", "?immutable=1"):
            try:
                conn = sqlite3.connect(uri + flags, uri=True, timeout=BUSY_SECONDS, isolation_level=None)
                conn.execute("SELECT count(*) FROM sqlite_master").fetchone()
            except sqlite3.Error as err:
                last = err
                continue
            conn.row_factory = sqlite3.Row
            return conn
        assert last is not None
        raise self.error(last) from None

    def _file_identity(self) -> tuple[int, int] | None:
        try:
            st = self.path.stat()
        except OSError:
            return None
        return st.st_dev, st.st_ino

    def _check(self) -> None:
        """Refuse a file that is not a sound cardcli store, without writing a byte to it."""
        try:
            # one read transaction: the four answers are of one moment (another process may be creating the
            # store right now: its tables and its application id must not be seen one without the other)
            self.conn.execute("BEGIN")
            try:
                app_id = self.conn.execute("PRAGMA application_id").fetchone()[0]
                version = self.conn.execute("PRAGMA user_version").fetchone()[0]
                tables = self.conn.execute("SELECT count(*) FROM sqlite_master").fetchone()[0]
                check = [r[0] for r in self.conn.execute("PRAGMA quick_check")]
            finally:
                self._rollback()
        except sqlite3.Error as err:
            raise self.error(err) from None
        if check != ["ok"]:
            raise StoreError(self._damaged(), "damaged")
        if app_id not in (0, APPLICATION_ID) or (app_id == 0 and tables):
            raise StoreError(
                _("{path} belongs to another program; it was left untouched (set CARDCLI_HOME to another folder)").format(
                    path=self.path
                )
            )
        if version > schema_version():
            raise StoreError(
                _(
                    "{path} was written by a newer cardcli (store version {v}; this one knows up to {k}); "
                    "it was left untouched: upgrade cardcli"
                ).format(path=self.path, v=version, k=schema_version())
            )

    def _configure(self) -> None:
        try:
            self.conn.execute("PRAGMA foreign_keys = ON")
            self.conn.execute("PRAGMA synchronous = FULL")
            # a writer waits this long for another one (sqlite3's timeout sets it too; said here once more so
            # that the store's behaviour does not hang on a default of the binding)
            self.conn.execute(f"PRAGMA busy_timeout = {int(BUSY_SECONDS * 1000)}")
        except sqlite3.Error as err:
            raise self.error(err) from None

    def _migrate(self) -> None:
        if self.rows("PRAGMA user_version")[0][0] < schema_version():
            with self.transaction() as conn:
                # Re-read inside the lock: another process may have migrated meanwhile.
                done = conn.execute("PRAGMA user_version").fetchone()[0]
                for number in range(done, len(schema.MIGRATIONS)):
                    for statement in schema.MIGRATIONS[number]:
                        conn.execute(statement)
                    conn.execute(f"PRAGMA user_version = {number + 1}")
                conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        self._wal()

    def _wal(self) -> None:
        """Switch to WAL once (it is a property of the file); retry while another process holds a lock."""
        deadline = time.monotonic() + BUSY_SECONDS
        while True:
            try:
                mode = self.conn.execute("PRAGMA journal_mode").fetchone()[0]
                if str(mode).lower() == "wal":
                    return
                self.conn.execute("PRAGMA journal_mode = WAL")
                return
            except sqlite3.OperationalError as err:
                if _code(err) not in ("SQLITE_BUSY", "SQLITE_LOCKED") or time.monotonic() > deadline:
                    raise self.error(err) from None
                time.sleep(0.05)
            except sqlite3.Error as err:
                raise self.error(err) from None

    # -- errors --------------------------------------------------------------------------------
    def _damaged(self) -> str:
        return _(
            "{path} is damaged or is not a cardcli store; it was left untouched (move it away and cardcli starts a new one)"
        ).format(path=self.path)

    def error(self, err: sqlite3.Error) -> StoreError:
        """The one-line explanation of a SQLite error."""
        code = _code(err)
        text = str(err)
        if code.startswith("SQLITE_FULL") or "disk is full" in text:
            return StoreError(
                _("the disk is full: nothing was saved to {path} (free some space and try again)").format(path=self.path), "full"
            )
        if (
            code.startswith(("SQLITE_READONLY", "SQLITE_PERM", "SQLITE_CANTOPEN", "SQLITE_AUTH"))
            or "readonly" in text
            or "unable to open" in text
        ):
            return StoreError(
                _("cannot write to {path}: the folder or the file is read-only (set CARDCLI_HOME to a writable folder)").format(
                    path=self.path
                ),
                "read-only",
            )
        if code.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT")) or "not a database" in text or "malformed" in text:
            return StoreError(self._damaged(), "damaged")
        if code.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")):
            return StoreError(
                _("{path} is in use by another cardcli for more than {s} seconds; try again").format(
                    path=self.path, s=int(BUSY_SECONDS)
                ),
                "busy",
            )
        return StoreError(_("cannot use {path}: {why}").format(path=self.path, why=text))


def _code(err: sqlite3.Error) -> str:
    return str(getattr(err, "sqlite_errorname", "") or "")


def open_store(path: Path | None = None) -> Store:
    """Open (creating or migrating if needed) the store; raises :class:`StoreError`."""
    return Store(path)


def open_reader(path: Path | None = None) -> Store | None:
    """The store for a command that only reads: ``None`` when there is none yet (nothing is created
    for a read), opened read-only when it cannot be written. Raises :class:`StoreError` otherwise."""
    from cardcli.paths import folder_problem

    path = Path(path) if path is not None else store_path()
    problem = folder_problem(path.parent)
    if problem:
        raise StoreError(problem, "read-only")
    if not path.exists():
        return None
    try:
        return Store(path)
    except StoreError as err:
        if err.kind != "read-only":
            raise
    return Store(path, read_only=True)
