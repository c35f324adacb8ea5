"""One writer per save: a lock file beside the save, held while a game is being played.

Two ``cardcli play --resume NAME`` of the same save would each append their own moves to
one journal, and the first one's moves would be lost from it. So a game takes the lock
of its save before it reads it and keeps it until it leaves: ``.NAME.cardcli.jsonl.lock``,
locked with ``flock`` and holding the process id, the host and the time, so the second
process can say who holds it.

A lock cannot go stale: the kernel releases it when its process ends, however it ends
(``kill -9`` too), and the next process takes it over, whatever the file still says. A
lock file is removed when its game lets go; a process that opened it just before checks,
once it holds the lock, that the file it locked is still the one in the folder.

Where ``fcntl`` does not exist, or the folder cannot be written (then nothing can be saved
anyway, and the autosave says so), there is no lock.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import socket
from pathlib import Path
from typing import IO

from cardcli.i18n import _

try:
    import fcntl
except ImportError:  # pragma: no cover - not a POSIX system
    fcntl = None  # type: ignore[assignment]


class SaveBusy(Exception):
    """The save is being played by another cardcli; the message says which one."""

    def __init__(self, message: str, who: str) -> None:
        super().__init__(message)
        self.who = who


def lock_path(save: Path) -> Path:
    return save.with_name(f".{save.name}.lock")


class SaveLock:
    """The lock of one save, held until :meth:`release` (or the end of the process)."""

    def __init__(self, save: Path, fh: IO[str] | None) -> None:
        self.save = save
        self._fh = fh

    @property
    def held(self) -> bool:
        return self._fh is not None

    @classmethod
    def take(cls, save: Path) -> SaveLock:
        """Lock ``save`` for this process; :class:`SaveBusy` if another process holds it."""
        if fcntl is None:  # pragma: no cover
            return cls(save, None)
        path = lock_path(save)
        for _attempt in range(10):
            try:
                fh = open(path, "a+", encoding="utf-8")
            except OSError:
                return cls(save, None)
            try:
                fcntl.flock(fh.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                fh.seek(0)
                text = fh.read()
                fh.close()
                who = _who(text)
                raise SaveBusy(busy_message(save, who), who) from None
            except OSError:  # a file system without locks
                fh.close()
                return cls(save, None)
            try:
                same = os.path.samestat(os.fstat(fh.fileno()), os.stat(path))
            except OSError:
                same = False
            if not same:  # the holder let go and removed the file after we opened it: lock the new one
                fh.close()
                continue
            fh.seek(0)
            fh.truncate()
            fh.write(
                json.dumps(
                    {"pid": os.getpid(), "host": socket.gethostname(), "since": _dt.datetime.now().isoformat(timespec="seconds")}
                )
                + "\n"
            )
            fh.flush()
            return cls(save, fh)
        return cls(save, None)  # pragma: no cover - ten holders in a row let go while we looked

    def release(self) -> None:
        """Let go: the lock file is removed, then unlocked (see the module's note on the order)."""
        if self._fh is None:
            return
        try:
            os.unlink(lock_path(self.save))
        except OSError:
            pass
        try:
            self._fh.close()
        except OSError:
            pass
        self._fh = None


def holder(save: Path) -> str | None:
    """Who is playing ``save`` now (``process 4242 since 10:15``), or ``None`` if nobody is."""
    if fcntl is None or not lock_path(save).exists():  # pragma: no cover - no locks here
        return None
    try:
        lock = SaveLock.take(save)
    except SaveBusy as busy:
        return busy.who
    lock.release()
    return None


def busy_message(save: Path, who: str) -> str:
    """The line for a save another process holds, naming that process."""
    name = save.name.removesuffix(".cardcli.jsonl")
    return _(
        "{name} is being played by another cardcli ({who}); quit that game first, or resume another save "
        "(`cardcli saves` lists them)"
    ).format(name=name, who=who)


def _who(text: str) -> str:
    """The holder as the lock file describes it (text from a file: made safe for a terminal)."""
    from cardcli.engine.text import safe

    try:
        data = json.loads(text)
        pid, host, since = int(data["pid"]), str(data.get("host", "")), str(data.get("since", ""))
    except (ValueError, KeyError, TypeError):
        return _("a process that did not say which")
    when = safe(since[11:16] if len(since) >= 16 else since[:20])
    host = safe(host[:64])
    here = host == socket.gethostname()
    if here:
        return _("process {pid}, since {when}").format(pid=pid, when=when)
    return _("process {pid} on {host}, since {when}").format(pid=pid, host=host, when=when)
