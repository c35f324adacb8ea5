"""Test isolation: user data in a temporary directory, a neutral terminal environment."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _isolated_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDCLI_HOME", str(tmp_path / "cardcli-home"))
    for var in ("NO_COLOR", "FORCE_COLOR", "CARDCLI_CHARSET", "CARDCLI_LANG"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
