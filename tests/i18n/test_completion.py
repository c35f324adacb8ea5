"""`cardcli completion SHELL`: the scripts, and click's completion protocol answering them."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardcli.cli import cli

BIN = Path(sys.executable).parent


def complete(words: str, cword: int | None = None, home: str | None = None) -> list[str]:
    """What the bash script would receive: click's ``type,value`` lines."""
    parts = words.split(" ")
    env = {
        "_CARDCLI_COMPLETE": "bash_complete",
        "COMP_WORDS": words,
        "COMP_CWORD": str(len(parts) - 1 if cword is None else cword),
    }
    if home:
        env["CARDCLI_HOME"] = home
    result = CliRunner().invoke(cli, [], env=env, prog_name="cardcli")
    return [line.split(",", 1)[1] for line in result.output.splitlines() if "," in line]


@pytest.mark.parametrize(
    ("shell", "marker"),
    [
        ("bash", "complete -o nosort -F _cardcli_completion cardcli"),
        ("zsh", "#compdef cardcli"),
        ("fish", "complete --no-files --command cardcli"),
    ],
)
def test_scripts(shell: str, marker: str) -> None:
    result = CliRunner().invoke(cli, ["completion", shell])
    assert result.exit_code == 0 and marker in result.output and "_CARDCLI_COMPLETE" in result.output


def test_unknown_shell_is_a_usage_error() -> None:
    assert CliRunner().invoke(cli, ["completion", "tcsh"]).exit_code == 2


def test_commands_games_presets_options_and_seats() -> None:
    assert "play" in complete("cardcli pl") and "replay" not in complete("cardcli pl")
    assert complete("cardcli play bu") == ["burraco"]
    assert set(complete("cardcli rules ")) == {"bridge", "canasta", "burraco", "rummy", "eleusis"}
    assert "fibur-internazionale" in complete("cardcli play burraco --preset ")
    assert "pagat" in complete("cardcli play rummy --preset p")
    assert "semiclean=" in complete("cardcli play burraco --option semi")
    assert set(complete("cardcli play burraco -o semiclean=")) == {"semiclean=true", "semiclean=false"}
    assert complete("cardcli play rummy -o ace=h") == ["ace=high-or-low"]
    assert set(complete("cardcli play bridge --seat ")) == {"North", "East", "South", "West"}
    assert "--seed" in complete("cardcli play rummy --s")
    assert any(lesson.startswith("01-") for lesson in complete("cardcli learn rummy "))


def test_files_complete_as_files() -> None:
    result = CliRunner().invoke(
        cli,
        [],
        env={"_CARDCLI_COMPLETE": "bash_complete", "COMP_WORDS": "cardcli replay show re", "COMP_CWORD": "3"},
        prog_name="cardcli",
    )
    assert "file,re" in result.output


@pytest.mark.skipif(shutil.which("bash") is None or not (BIN / "cardcli").exists(), reason="needs bash and the script")
def test_bash_completes_a_game_name(tmp_path: Path) -> None:
    script = subprocess.run([str(BIN / "cardcli"), "completion", "bash"], capture_output=True, text=True, check=True).stdout
    probe = (
        script + "\nCOMP_WORDS=(cardcli play bu); COMP_CWORD=2; _cardcli_completion cardcli; printf '%s\\n' \"${COMPREPLY[@]}\"\n"
    )
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}", "CARDCLI_HOME": str(tmp_path)}
    out = subprocess.run(["bash", "-c", probe], capture_output=True, text=True, env=env, check=True).stdout
    assert out.split() == ["burraco"]
