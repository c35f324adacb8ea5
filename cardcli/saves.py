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
import re
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from cardcli.paths import data_dir
from cardcli.replay.io import ReplayError
from cardcli.replay.journal import SUFFIX, Journal, read_journal
from cardcli.replay.model import Replay
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
    """A fresh save name for a game starting now; never the name of an existing save."""
    clean_stale_temps()
    stamp = (now or _dt.datetime.now()).strftime("%Y%m%d-%H%M%S")
    base = saves_dir() / f"{game}-{stamp}"
    path = base.with_name(base.name + SUFFIX)
    n = 2
    while path.exists():
        path = base.with_name(f"{base.name}-{n}{SUFFIX}")
        n += 1
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


def list_saves(game: str | None = None) -> list[SaveInfo]:
    """Every save (newest first); a damaged one is listed with its problem, never hidden or removed."""
    folder = saves_dir()
    if not folder.is_dir():
        return []
    clean_stale_temps(folder)
    out: list[SaveInfo] = []
    for path in folder.glob("*" + SUFFIX):
        try:
            modified = path.stat().st_mtime
        except OSError:
            continue
        try:
            replay, record = read_journal(path)
        except ReplayError as err:
            out.append(SaveInfo(save_name(path), path, "?", None, 0, 0, modified, None, str(err)))
            continue
        if game and replay.game != game:
            continue
        out.append(SaveInfo(save_name(path), path, replay.game, replay.seed, len(replay.hands),
                            sum(len(h.moves) for h in replay.hands), modified, record))
    out.sort(key=lambda s: s.modified, reverse=True)
    return out


def find_save(name: str, game: str | None = None) -> Path | None:
    """The save called ``name`` (or ``latest``), or a path to a save or replay file."""
    if name == "latest":
        saves = [s for s in list_saves(game) if s.problem is None]
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


class AutoSave:
    """Keeps a session's journal: attach once, and every change is appended as it happens.

    A failed write (full disk, read-only home) never stops the game: the error is
    kept in :attr:`problem` for the driver to tell in one line, and the whole
    journal is rewritten at the next chance, so nothing is lost once space is back.
    """

    def __init__(self, session: Session, path: Path, record: Path | None) -> None:
        self.session = session
        self.path = path
        self.record = record
        self.problem: str | None = None
        self._journal: Journal | None = None
        self._open()
        session.listeners.append(self.on_change)

    def _open(self) -> None:
        try:
            self._journal = Journal.create(self.path, self.session.to_replay(), self.record)
            self.problem = None
        except OSError as err:
            self._journal = None
            self.problem = f"cannot save to {self.path}: {err.strerror or err}"

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
        """The match is over: its save is no longer needed."""
        self.close()
        try:
            self.path.unlink()
        except OSError:
            pass

    def close(self) -> None:
        if self._journal is not None:
            self._journal.close()
            self._journal = None


def record_in_history(session: Session, replay_path: Path | None) -> str | None:
    """Add a finished match to the history of games played; a one-line problem, or None.

    The history is a convenience: a store that cannot be written never stops a game.
    """
    try:
        from cardcli.store import StoreError, make_seats, record_game
    except ImportError:  # pragma: no cover - the store ships with cardcli
        return None
    game = session.game
    result = session.match_result()
    bots = {i: (s.bot or game.default_bot) for i, s in enumerate(session.seats) if not s.human}
    try:
        record_game(
            game.name,
            seats=make_seats([s.name for s in session.seats], bots,
                             [side.seats for side in game.sides(session.config, session.players)]),
            totals=result.totals, winners=result.winners, hands=result.hands, complete=result.complete,
            preset=session.preset, options=msgspec.to_builtins(session.config), seed=session.seed or None,
            started=session.started, replay=str(replay_path) if replay_path is not None else None)
    except StoreError as err:
        return str(err)
    return None
