"""The code keeps one format: `ruff format` (the project's settings in pyproject.toml) changes nothing.

Run `ruff format cardcli tests` before committing; this test names the files it would change."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_format_changes_nothing() -> None:
    ruff = shutil.which("ruff") or str(Path(sys.executable).with_name("ruff"))
    if not Path(ruff).exists():
        pytest.skip("ruff is not installed (it comes with the test extra)")
    done = subprocess.run([ruff, "format", "--check", "cardcli", "tests"], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
