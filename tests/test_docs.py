"""The README's promises: two quick-start commands, run verbatim by CI; the man page is current."""

from __future__ import annotations

import re
from pathlib import Path

from cardcli.manpage import render

ROOT = Path(__file__).resolve().parents[1]


def quick_start() -> list[str]:
    text = (ROOT / "README.md").read_text()
    section = text.split("## Quick start", 1)[1]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block
    return [line for line in block.group(1).splitlines() if line.strip()]


def test_exactly_two_quick_start_commands_and_ci_runs_them() -> None:
    commands = quick_start()
    assert len(commands) == 2
    install, tests = commands
    assert "pip install" in install and "cardcli play" in install
    assert "pytest" in tests
    ci = (ROOT / ".ci" / "run").read_text()
    assert install in ci and tests in ci


def test_man_page_is_generated_from_the_cli() -> None:
    assert (ROOT / "man" / "cardcli.1").read_text() == render(), "regenerate with: python -m cardcli.manpage > man/cardcli.1"


def test_top_level_is_as_designed() -> None:
    import subprocess

    try:
        files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        import pytest

        pytest.skip("not a git checkout")
    top = {line.split("/", 1)[0] for line in files.splitlines() if line}
    allowed = {"pyproject.toml", "README.md", "cardcli", "tutorials", "replays", "tests", "man", ".ci", ".gitignore"}
    assert top <= allowed, top - allowed
