"""Every command of the README's tour runs as written (a user pastes them in order).

The tour's own order is kept where a command needs an earlier one's file (`g.cardcli.json` is the
rummy match it records); a share code stands in for the tour's `cc1-…`. Interactive commands get no
input, as when pasted into a shell that then closes the input: they show the table and save.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
BIN = str(Path(sys.executable).parent)


def tour() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = text.split("## A short tour", 1)[1].split("```sh", 1)[1].split("```", 1)[0]
    lines = [re.sub(r"\s+#.*$", "", line).strip() for line in block.strip().splitlines()]
    return [line for line in lines if line]


COMMANDS = tour()
NEEDS_RECORDING = [c for c in COMMANDS if "g.cardcli.json" in c and "--record" not in c]


@pytest.fixture(scope="module")
def place(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A folder with the repository's replays and the tour's recorded rummy match."""
    work = tmp_path_factory.mktemp("tour")
    shutil.copytree(ROOT / "replays", work / "replays")
    record = next(c for c in COMMANDS if "--record g.cardcli.json" in c)
    done = run(record, work, work / "home")
    assert done.returncode == 0 and (work / "g.cardcli.json").is_file(), done.stderr
    return work


def run(command: str, work: Path, home: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, CARDCLI_HOME=str(home), PATH=BIN + os.pathsep + os.environ["PATH"], TERM="dumb")
    env.pop("NO_COLOR", None)
    return subprocess.run(
        ["bash", "-c", command], cwd=work, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL, timeout=900
    )


def test_the_tour_is_read() -> None:
    assert len(COMMANDS) >= 25 and COMMANDS[0] == "cardcli games"
    assert all(c.startswith(("cardcli ", "printf ")) for c in COMMANDS)


@pytest.mark.parametrize("command", COMMANDS, ids=[c[:60] for c in COMMANDS])
def test_every_command_of_the_tour_runs(command: str, place: Path, tmp_path: Path) -> None:
    work = tmp_path / "w"
    shutil.copytree(place, work)
    home = work / "home"
    if "cc1-…" in command:
        code = run("cardcli share replays/bridge/small-slam.cardcli.json -q", work, home).stdout.strip()
        assert code.startswith("cc1-")
        command = command.replace("cc1-…", code)
    if command == "cardcli play --resume":
        assert run("cardcli play rummy --seed 7", work, home).returncode == 0
    if command.startswith("cardcli scorepad show"):
        assert run("printf 'points NS 450 EW 120\\n' | cardcli score burraco --match friday", work, home).returncode == 0
    done = run(command, work, home)
    assert done.returncode == 0, f"{command}\n{done.stdout[-1500:]}\n{done.stderr[-1500:]}"
    assert "Traceback" not in done.stdout + done.stderr
