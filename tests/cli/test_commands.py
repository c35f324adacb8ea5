"""The command-line contract: every command, exit codes, one-line errors, lazy imports."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardcli import __version__
from cardcli.cli import cli

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    res = CliRunner().invoke(cli, list(args), input=input)
    return res.exit_code, res.output


def test_version() -> None:
    code, out = run("--version")
    assert code == 0 and __version__ in out


@pytest.mark.parametrize(
    "command",
    [
        [],
        ["games"],
        ["play"],
        ["deal"],
        ["rules"],
        ["score"],
        ["simulate"],
        ["replay"],
        ["replay", "show"],
        ["replay", "verify"],
        ["replay", "view"],
        ["replay", "schema"],
        ["replay", "export"],
        ["replay", "import"],
    ],
)
def test_every_command_has_help(command: list[str]) -> None:
    code, out = run(*command, "--help")
    assert code == 0 and "Usage:" in out


def test_help_and_version_import_nothing_heavy() -> None:
    probe = (
        "import sys\n"
        "from cardcli.cli import cli\n"
        "for args in (['--help'], ['--version'], ['play', '--help']):\n"
        "    try:\n"
        "        cli.main(args, prog_name='cardcli', standalone_mode=True)\n"
        "    except SystemExit:\n"
        "        pass\n"
        "heavy = ('prompt_toolkit', 'cardcli.games', 'cardcli.session', 'cardcli.ui', 'msgspec', 'platformdirs')\n"
        "print('LOADED', sorted(m for m in sys.modules if m.startswith(heavy)))\n"
    )
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert "LOADED []" in out


def test_games_lists_rummy() -> None:
    code, out = run("games")
    assert code == 0 and "rummy" in out and "pagat" in out
    code, out = run("games", "--json")
    data = json.loads(out)
    rummy = next(g for g in data if g["name"] == "rummy")
    assert rummy["players"] == [2, 3, 4, 5, 6] and "standard" in rummy["presets"]


def test_rules() -> None:
    code, out = run("rules", "rummy")
    assert code == 0 and "Topics" in out and "discard" in out
    code, out = run("rules", "rummy", "discard")
    assert code == 0 and "[discard.taken-card]" in out
    code, out = run("rules", "rummy", "options")
    assert code == 0 and "one_meld_per_turn" in out and "pagat" in out
    code, out = run("rules", "rummy", "juggling")
    assert code == 1 and "no rule or topic 'juggling'" in out and len(out.strip().splitlines()) == 1
    code, out = run("rules", "poker")
    assert code == 2 and "unknown game 'poker'" in out


def test_deal_json_is_stable() -> None:
    code, a = run("deal", "rummy", "--seed", "7", "--players", "3", "--format", "json")
    code2, b = run("deal", "rummy", "--seed", "7", "--players", "3", "--format", "json")
    assert code == code2 == 0 and a == b
    data = json.loads(a)
    assert data["digest"] == "e73719240291a5dc"
    assert [len(h) for h in data["hands"].values()] == [7, 7, 7] and data["stock"] == 30


@pytest.mark.parametrize(("seed", "players", "digest"), [("1", 2, "6f0aee2d416b7207"), ("11", 4, "d2f0491d90ade572")])
def test_deal_digests_pinned_through_the_cli(seed: str, players: int, digest: str) -> None:
    code, out = run("deal", "rummy", "--seed", seed, "--players", str(players), "--format", "json")
    assert code == 0 and json.loads(out)["digest"] == digest


def test_deal_text_and_bad_format() -> None:
    code, out = run("deal", "rummy", "--seed", "7", "--charset", "ascii")
    assert code == 0 and "P1:" in out and "deck digest" in out
    code, out = run("deal", "rummy", "--seed", "7", "--format", "pbn")
    assert code == 2 and "text, json" in out


def test_play_bots_all_prints_final_scores(tmp_path: Path) -> None:
    rec = tmp_path / "g.cardcli.json"
    code, out = run("play", "rummy", "--seed", "7", "--players", "3", "--bots", "all", "--record", str(rec))
    assert code == 0 and "Final scores:" in out and rec.exists()
    code, out = run("replay", "verify", str(rec))
    assert code == 0


@pytest.mark.parametrize(
    ("args", "code", "message"),
    [
        (["play", "rummy", "--players", "7", "--bots", "all"], 2, "2, 3, 4, 5, 6 players, not 7"),
        (["play", "rummy", "--preset", "nope", "--bots", "all"], 2, "no preset 'nope'"),
        (["play", "rummy", "-o", "colour=red", "--bots", "all"], 2, "no option 'colour'"),
        (["play", "rummy", "-o", "target", "--bots", "all"], 2, "--option takes KEY=VALUE"),
        (["play", "rummy", "--seat", "9"], 2, "seat 9 does not exist"),
        (["play", "rummy", "--bot", "genius", "--bots", "all"], 2, "no bot 'genius'"),
        (["play", "chess"], 2, "unknown game 'chess'"),
        (["play"], 2, "name a game"),
        (["play", "--resume"], 1, "no saved game to resume"),
        (["play", "--resume", "missing.cardcli.json"], 1, "no such file"),
    ],
)
def test_play_errors_are_one_line(args: list[str], code: int, message: str) -> None:
    got, out = run(*args)
    assert got == code, out
    assert message in out and "Traceback" not in out


def test_simulate_json_and_jobs() -> None:
    code, out = run("simulate", "rummy", "--games", "6", "--bots", "basic,random", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["games"] == 6 and len(data["sides"]) == 2 and data["games_per_second"] > 0
    assert sum(s["wins"] for s in data["sides"]) == pytest.approx(6)
    code, out = run("simulate", "rummy", "--games", "4", "--jobs", "2", "--json")
    assert code == 0 and json.loads(out)["jobs"] == 2


def test_simulate_text() -> None:
    code, out = run("simulate", "rummy", "--games", "3", "--players", "3")
    assert code == 0 and "matches per second" in out and "average score" in out


def test_replay_show_and_schema(tmp_path: Path) -> None:
    path = ROOT / "replays" / "rummy" / "four-players-ace-high-or-low.cardcli.json"
    code, out = run("replay", "show", str(path))
    assert code == 0 and "Hand 1" in out and "Final scores" in out
    code, out = run("replay", "show", str(path), "--json")
    assert code == 0 and json.loads(out)["game"] == "rummy"
    code, out = run("replay", "schema")
    assert code == 0 and json.loads(out)["$ref"].endswith("/Replay")


def test_replay_view_steps(tmp_path: Path) -> None:
    path = ROOT / "replays" / "rummy" / "four-players-ace-high-or-low.cardcli.json"
    code, out = run(
        "replay", "view", str(path), "--charset", "ascii", input="next\nnext\nseat P2\nback\njump 2.5\nhand 1\nend\nfrog\nquit\n"
    )
    assert code == 0
    assert "Hand 1/2 · move 2/" in out or "Hand 1/2 - move 2/" in out
    assert "Your hand" in out  # the P2 view
    assert "Hand 2/2" in out and "unknown command 'frog'" in out


def test_replay_export_pbn_is_for_bridge_only() -> None:
    path = ROOT / "replays" / "rummy" / "four-players-ace-high-or-low.cardcli.json"
    code, out = run("replay", "export", str(path), "--format", "pbn")
    assert code == 1 and "rummy replays can be exported as html, not 'pbn'" in out
    code, out = run("replay", "import", "some.txt")
    assert code == 1 and "cannot import .txt files" in out


def test_replay_view_hides_secret_moves_unless_revealed() -> None:
    path = next((ROOT / "replays" / "eleusis").glob("*.cardcli.json"))
    code, out = run("replay", "view", str(path), "--charset", "ascii", input="next\nquit\n")
    assert code == 0 and "makes a secret move" in out and "sets the rule" not in out
    code, out = run("replay", "view", str(path), "--reveal", "--charset", "ascii", input="next\nquit\n")
    assert code == 0 and "sets the rule" in out
