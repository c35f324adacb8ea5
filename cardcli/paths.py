"""Where cardcli keeps user data: autosaves, finished games and history.

``CARDCLI_HOME`` overrides the platform's user data directory (tests point it
at a temporary directory).
"""

from __future__ import annotations

import os
from pathlib import Path


def data_dir() -> Path:
    home = os.environ.get("CARDCLI_HOME")
    if home:
        return Path(home).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("cardcli", appauthor=False))


def folder_problem(folder: Path) -> str | None:
    """Why cardcli cannot keep its data in ``folder`` because it (or a folder above it) is a file
    rather than a folder, in one line; ``None`` when it is a folder or can become one."""
    from cardcli.i18n import _

    for place in (folder, *folder.parents):
        try:
            if place.is_dir():
                return None
            if place.exists():
                break
        except OSError:
            return None
    else:
        return None
    home = os.environ.get("CARDCLI_HOME")
    if home and Path(home).expanduser() == place:
        return _(
            "CARDCLI_HOME is {path}, which is a file, not a folder: set it to a folder for cardcli's games and scores"
        ).format(path=place)
    return _(
        "{path} is a file, not a folder: cardcli keeps its games and scores in {folder} (move the file "
        "away, or set CARDCLI_HOME to a folder)"
    ).format(path=place, folder=folder)


def autosave_path(game: str) -> Path:
    """The autosave slot of a game: one unfinished match per game."""
    return data_dir() / "saves" / f"{game}.cardcli.json"


def latest_autosave() -> Path | None:
    saves = data_dir() / "saves"
    if not saves.is_dir():
        return None
    files = sorted(saves.glob("*.cardcli.json"), key=lambda p: p.stat().st_mtime, reverse=True)
    return files[0] if files else None


def history_file() -> Path:
    return data_dir() / "history"
