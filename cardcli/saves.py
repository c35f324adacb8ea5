"""Saved games: one save per game started, kept as it goes, never overwritten by another game.

Every game played with a human gets its own save in the user data directory,
named after the game and the moment it started (``rummy-20261201-101500``).
The save is an append-only journal (:mod:`cardcli.replay.journal`): each deal,
move, undo and note is one line made durable before play goes on, so a save
costs the same at any length of match and ``kill -9`` loses nothing acknowledged.
The ``--record`` file is remembered in the save and rewritten whenever the game
waits for the human, so it too holds every move shown on screen.
"""

from __future__ import annotations

import datetime as _dt
import os
import re
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from cardcli.paths import data_dir
from cardcli.replay.io import ReplayError
from cardcli.replay.journal import SUFFIX, Journal, read_journal
from cardcli.replay.model import Replay
from cardcli.replay.repair import Recovery
from cardcli.savelock import SaveLock
from cardcli.session import Session


def saves_dir() -> Path:
    return data_dir() / "saves"


STALE_AFTER = 3600.0
"""Seconds after which a temporary file left in ``saves/`` by an interrupted write is removed."""
_TEMP = re.compile(r"^\..+\.cardcli\.[a-z]+(?:\.[A-Za-z0-9_]+)?\.tmp$")
"""The temporary files of an atomic write or a journal rewrite: ``.NAME.cardcli.jsonl.tmp``,
``.NAME.cardcli.json.XXXXXXXX.tmp``; nothing else (a real save never starts with a dot)."""


def clean_stale_temps(folder: Path | None = None, now: float | None = None) -> int:
    """Remove temporary files an interrupted save left behind, once they are an hour old; returns how many.

    Only names of cardcli's own temporary files are touched, never a save; errors are ignored.
    """
    folder = folder or saves_dir()
    limit = (time.time() if now is None else now) - STALE_AFTER
    removed = 0
    try:
        entries = list(folder.iterdir())
    except OSError:
        return 0
    for path in entries:
        if not _TEMP.match(path.name):
            continue
        try:
            if path.is_file() and path.stat().st_mtime < limit:
                path.unlink()
                removed += 1
        except OSError:
            continue
    return removed


def new_save_path(game: str, now: _dt.datetime | None = None) -> Path:
    """A fresh save name for a game starting now, never the name of another save, whatever the timing.

    The name is claimed by creating its file with ``O_EXCL``: of two cardcli started in the same
    second, one gets ``rummy-…-194846`` and the other ``rummy-…-194846-2``. (The empty file is
    replaced by the journal at once; ``saves`` ignores it until then.) When the folder cannot be
    written, the name is still returned: the autosave then says, in one line, why it cannot save.
    """
    clean_stale_temps()
    stamp = (now or _dt.datetime.now()).strftime("%Y%m%d-%H%M%S")
    folder = saves_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return folder / f"{game}-{stamp}{SUFFIX}"
    n = 1
    while True:
        path = folder / (f"{game}-{stamp}{SUFFIX}" if n == 1 else f"{game}-{stamp}-{n}{SUFFIX}")
        try:
            os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o666))
            return path
        except FileExistsError:
            n += 1
        except OSError:
            return path


def save_name(path: Path) -> str:
    return path.name.removesuffix(SUFFIX)


@dataclass(frozen=True)
class SaveInfo:
    """One saved game, as ``cardcli saves`` lists it."""

    name: str
    path: Path
    game: str
    seed: str | None
    hands: int
    moves: int
    modified: float
    record: Path | None
    problem: str | None = None
    """Why the save does not resume as it is (a damaged line, a move that does not fit)."""
    recovery: str | None = None
    """What ``cardcli saves --repair`` would make of a damaged save (``None``: nothing can be kept)."""
    in_use: str | None = None
    """The process playing it now, if any."""


def list_saves(game: str | None = None) -> list[SaveInfo]:
    """Every save (newest first), each folded as ``play --resume`` would fold it: a damaged one is
    listed with its problem and what can be recovered, never hidden or removed."""
    from cardcli.savelock import holder

    folder = saves_dir()
    if not folder.is_dir():
        return []
    clean_stale_temps(folder)
    out: list[SaveInfo] = []
    for path in folder.glob("*" + SUFFIX):
        try:
            stat = path.stat()
        except OSError:
            continue
        if stat.st_size == 0:
            continue  # a name just claimed by a game starting (its journal follows at once)
        name, modified, in_use = save_name(path), stat.st_mtime, holder(path)
        try:
            replay, record = read_journal(path)
            if game and replay.game != game:
                continue
            Session.from_replay(replay)
        except ReplayError as err:
            info = _damaged_info(path, str(err).removeprefix(f"{path}: "))
            if game and info.game not in (game, "?"):
                continue
            out.append(
                SaveInfo(
                    name,
                    path,
                    info.game,
                    info.seed,
                    info.hands,
                    info.moves,
                    modified,
                    info.record,
                    info.problem,
                    info.recovery,
                    in_use,
                )
            )
            continue
        out.append(
            SaveInfo(
                name,
                path,
                replay.game,
                replay.seed,
                len(replay.hands),
                sum(len(h.moves) for h in replay.hands),
                modified,
                record,
                in_use=in_use,
            )
        )
    out.sort(key=lambda s: s.modified, reverse=True)
    return out


def _damaged_info(path: Path, problem: str) -> SaveInfo:
    """A save that does not resume as it is: what a recovery would keep of it."""
    try:
        _session, record, rec = recover_save(path)
    except ReplayError:
        return SaveInfo(save_name(path), path, "?", None, 0, 0, 0.0, None, problem)
    replay = rec.replay
    return SaveInfo(
        save_name(path),
        path,
        replay.game,
        replay.seed,
        len(replay.hands),
        sum(len(h.moves) for h in replay.hands),
        0.0,
        record,
        problem,
        rec.summary(),
    )


def find_save(name: str, game: str | None = None) -> Path | None:
    """The save called ``name`` (or ``latest``), or a path to a save or replay file."""
    if name == "latest":  # the newest save that resumes, or that resumes once recovered
        saves = [s for s in list_saves(game) if s.problem is None or s.recovery is not None]
        return saves[0].path if saves else None
    for candidate in (saves_dir() / (name + SUFFIX), saves_dir() / name):
        if candidate.is_file():
            return candidate
    path = Path(name).expanduser()
    return path if path.exists() else None


def load_save(path: Path) -> tuple[Session, Path | None]:
    """The session a save or replay file holds, folded strictly, and its record file."""
    record: Path | None = None
    replay: Replay
    if path.name.endswith(SUFFIX):
        replay, record = read_journal(path)
    else:
        from cardcli.replay.io import read

        replay = read(path)
    return Session.from_replay(replay), record


def recover_save(path: Path) -> tuple[Session, Path | None, Recovery]:
    """The most of a damaged journal that folds (:mod:`cardcli.replay.repair`), without changing the file.
    ReplayError when nothing can be kept (its header is gone, or its rules are unknown)."""
    from cardcli.replay.io import read_bytes
    from cardcli.replay.journal import split
    from cardcli.replay.repair import recover

    rec = recover(split(read_bytes(path, "save"), str(path)), str(path))
    return Session.from_replay(rec.replay), rec.record, rec


def repair_save(path: Path) -> tuple[Recovery, Path]:
    """Rewrite a damaged journal as what :func:`recover_save` keeps; the damaged file is kept beside it
    (``NAME.cardcli.jsonl.damaged``), so nothing that was on disk is ever thrown away. The caller holds
    the save's lock. Returns the recovery and where the damaged copy is."""
    session, record, rec = recover_save(path)
    backup = path.with_name(path.name + ".damaged")
    n = 2
    while backup.exists():
        backup = path.with_name(f"{path.name}.damaged-{n}")
        n += 1
    shutil.copy2(path, backup)
    Journal.create(path, session.to_replay(), record).close()
    return rec, backup


class AutoSave:
    """Keeps a session's journal: attach once, and every change is appended as it happens.

    A failed write (full disk, read-only home) never stops the game: the error is
    kept in :attr:`problem` for the driver to tell in one line, and the whole
    journal is rewritten at the next chance, so nothing is lost once space is back.

    It holds the save's lock (:mod:`cardcli.savelock`) until :meth:`close`: given the one
    ``play --resume`` took before reading the save, or taken here for a new save.
    """

    def __init__(self, session: Session, path: Path, record: Path | None, lock: SaveLock | None = None) -> None:
        self.session = session
        self.path = path
        self.record = record
        self.problem: str | None = None
        self._journal: Journal | None = None
        self.lock = lock if lock is not None else SaveLock.take(path)
        self._open()
        session.listeners.append(self.on_change)

    def _open(self) -> None:
        try:
            self._journal = Journal.create(self.path, self.session.to_replay(), self.record)
            self.problem = None
        except OSError as err:
            from cardcli.paths import folder_problem

            self._journal = None
            self.problem = folder_problem(self.path.parent) or f"cannot save to {self.path}: {err.strerror or err}"

    def on_change(self, kind: str, data: Any) -> None:
        if self._journal is None:
            self._open()  # the whole journal, including this change, is rewritten
            return
        event: Any
        if kind == "deal":
            event = {"deal": list(data.deck), "dealer": data.dealer}
        elif kind == "move":
            event = [data.seat, data.notation, True] if data.secret else [data.seat, data.notation]
        elif kind == "undo":
            event = {"undo": int(data)}
        elif kind == "note":
            event = {"note": msgspec.to_builtins(data)}
        elif kind == "title":
            event = {"title": data}
        else:
            return
        try:
            self._journal.append(event)
        except OSError as err:
            self._journal.close()
            self._journal = None
            self.problem = f"cannot save to {self.path}: {err.strerror or err}"

    def discard(self) -> None:
        """The match is over: its save is no longer needed (removed before its lock is let go)."""
        if self._journal is not None:
            self._journal.close()
            self._journal = None
        try:
            self.path.unlink()
        except OSError:
            pass
        self.close()

    def close(self) -> None:
        if self._journal is not None:
            self._journal.close()
            self._journal = None
        self.lock.release()


def record_in_history(session: Session, replay_path: Path | None, save: Path | None = None) -> str | None:
    """Add a match to the history of games played (finished, or left unfinished), with its whole replay
    kept in the store so it can be reviewed later; a one-line problem, or None.

    ``save`` is the game's save: the history keeps one line per save, so a game left, resumed and
    finished is one game. The history is a convenience: a store that cannot be written never stops a game.
    """
    try:
        from cardcli.store import StoreError, make_seats, pack_replay, record_game
    except ImportError:  # pragma: no cover - the store ships with cardcli
        return None
    game = session.game
    result = session.match_result()
    bots = {i: (s.bot or game.default_bot) for i, s in enumerate(session.seats) if not s.human}
    try:
        record_game(
            game.name,
            seats=make_seats(
                [s.name for s in session.seats], bots, [side.seats for side in game.sides(session.config, session.players)]
            ),
            totals=result.totals,
            winners=result.winners,
            hands=result.hands,
            complete=result.complete,
            preset=session.preset,
            options=msgspec.to_builtins(session.config),
            seed=session.seed or None,
            started=session.started,
            replay=str(replay_path) if replay_path is not None else None,
            save=save_name(save) if save is not None else None,
            replay_data=pack_replay(session.to_replay()),
        )
    except StoreError as err:
        return str(err)
    return None
