"""Shell completion with Tab in real shells: bash and zsh in a pseudo-terminal, fish's own engine.

Each case types a command line, presses Tab (twice in bash, which then lists the candidates) and
reads what the shell shows. The shells come from the system (the CI installs bash, zsh and fish);
a shell that is missing is skipped, never faked.
"""

from __future__ import annotations

import os
import re
import select
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardcli.cli import cli

BIN = str(Path(sys.executable).parent)
CASES = [
    # (typed, candidates that must be offered)
    ("cardcli play --resume ", ["rummy-", "notes.txt"]),  # saves *and* files
    ("cardcli play rummy --option ace=", ["high-or-low", "low", "wrap"]),
    ("cardcli play bridge --dealer ", ["North", "East", "South", "West", "me"]),
    ("cardcli --lang ", ["en", "it"]),
    ("cardcli play burraco --bot ", ["basic", "random"]),
    ("cardcli play bridge --bots ", ["all", "North", "West"]),
    ("cardcli learn bridge --drill ", ["hcp", "score", "meaning"]),
    ("cardcli rules rummy ", ["discard", "layoff", "options"]),
    ("cardcli share ", ["notes.txt", "game.cardcli.json"]),
]


@pytest.fixture()
def workdir(tmp_path: Path) -> Path:
    home = tmp_path / "home"
    run = CliRunner().invoke(cli, ["play", "rummy", "--seed", "3"], input="quit\n", env={"CARDCLI_HOME": str(home)})
    assert run.exit_code == 0, run.output
    work = tmp_path / "work"
    work.mkdir()
    (work / "notes.txt").write_text("x")
    (work / "game.cardcli.json").write_text("{}")
    return work


def _env(work: Path) -> dict[str, str]:
    return dict(
        os.environ,
        CARDCLI_HOME=str(work.parent / "home"),
        PATH=BIN + os.pathsep + os.environ["PATH"],
        TERM="xterm",
        HOME=str(work),
        LANG="C.UTF-8",
        PS1="$ ",
        PROMPT="$ ",
    )


class Shell:
    """An interactive shell on a pty of 200 columns (candidates list on one screen)."""

    def __init__(self, argv: list[str], work: Path) -> None:
        import fcntl
        import struct
        import termios

        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))
        self.proc = subprocess.Popen(
            argv, stdin=slave, stdout=slave, stderr=slave, env=_env(work), cwd=work, close_fds=True, start_new_session=True
        )
        os.close(slave)
        self.out = bytearray()

    def read(self, until: str, timeout: float = 60.0) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end and until.encode() not in self.out:
            ready, _w, _x = select.select([self.master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                self.out.extend(chunk)
        return self.out.decode(errors="replace")

    def settle(self, quiet: float = 1.5, limit: float = 60.0) -> str:
        """Read until the shell has been quiet for ``quiet`` seconds (a completion is a process run)."""
        end = time.monotonic() + limit
        last = time.monotonic()
        while time.monotonic() < end and time.monotonic() - last < quiet:
            ready, _w, _x = select.select([self.master], [], [], 0.2)
            if ready:
                try:
                    chunk = os.read(self.master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                self.out.extend(chunk)
                last = time.monotonic()
        return self.out.decode(errors="replace")

    def send(self, text: str) -> None:
        os.write(self.master, text.encode())

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()
        os.close(self.master)


def _plain(text: str) -> str:
    return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]|\r", "", text)


def _tab(argv: list[str], setup: list[str], typed: str, work: Path, tabs: str) -> str:
    shell = Shell(argv, work)
    try:
        for line in setup:
            shell.send(line + "\n")
        shell.send("echo READY\n")
        shell.read("READY\r\n")
        shell.settle(0.5)
        mark = len(shell.out)
        shell.send(typed + tabs)
        shell.settle()
        return _plain(bytes(shell.out[mark:]).decode(errors="replace"))
    finally:
        shell.close()


def _offered(shown: str, typed: str, want: list[str]) -> list[str]:
    """The wanted candidates the shell did not show (a single candidate is completed in the line)."""
    return [w for w in want if w not in shown]


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")
@pytest.mark.parametrize(("typed", "want"), CASES, ids=[c[0] for c in CASES])
def test_bash_tab(workdir: Path, typed: str, want: list[str]) -> None:
    shown = _tab(["bash", "--norc", "--noprofile", "-i"], ["source <(cardcli completion bash)"], typed, workdir, "\t\t")
    assert not _offered(shown, typed, want), shown


@pytest.mark.skipif(shutil.which("zsh") is None, reason="zsh is not installed")
@pytest.mark.parametrize(("typed", "want"), CASES, ids=[c[0] for c in CASES])
def test_zsh_tab(workdir: Path, typed: str, want: list[str]) -> None:
    setup = [
        "autoload -U compinit && compinit -u",
        "zstyle ':completion:*' list-prompt ''",
        "setopt nolistbeep; unsetopt menu_complete; setopt auto_list",
        "source <(cardcli completion zsh)",
    ]
    shown = _tab(["zsh", "-f", "-i"], setup, typed, workdir, "\t")
    assert not _offered(shown, typed, want), shown


@pytest.mark.skipif(shutil.which("fish") is None, reason="fish is not installed")
@pytest.mark.parametrize(("typed", "want"), CASES, ids=[c[0] for c in CASES])
def test_fish_complete(workdir: Path, typed: str, want: list[str]) -> None:
    script = subprocess.run(
        [sys.executable, "-m", "cardcli", "completion", "fish"], capture_output=True, text=True, env=_env(workdir), check=True
    ).stdout
    (workdir / "cardcli.fish").write_text(script)
    done = subprocess.run(
        ["fish", "--no-config", "-c", f"source cardcli.fish; complete -C {typed!r}"],
        capture_output=True,
        text=True,
        env=_env(workdir),
        cwd=workdir,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    shown = done.stdout
    assert not _offered(shown, typed, want), shown
