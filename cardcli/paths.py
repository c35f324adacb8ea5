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
