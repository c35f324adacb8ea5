"""Small fixes: `learn --check` of a lesson named relative to where one stands, and notes labelled with
where they belong (the match, a hand, a move)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardcli.cli import cli

ROOT = Path(__file__).resolve().parents[2]


def test_learn_check_takes_a_lesson_path_relative_to_the_current_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    folder = ROOT / "tutorials" / "rummy"
    monkeypatch.chdir(folder)
    res = CliRunner().invoke(cli, ["learn", "--check", "01-a-turn.toml"])
    assert res.exit_code == 0 and res.output.strip() == "01-a-turn.toml: ok", res.output
    monkeypatch.chdir(folder.parent)
    res = CliRunner().invoke(cli, ["learn", "--check", "rummy/01-a-turn.toml", "--check", "./rummy/02-sets-and-runs.toml"])
    assert res.exit_code == 0 and "01-a-turn.toml: ok" in res.output and "02-sets-and-runs.toml: ok" in res.output


def test_notes_are_labelled_by_the_match_the_hand_or_the_move(tmp_path: Path) -> None:
    data = json.loads((ROOT / "replays" / "rummy" / "three-players-seed-7.cardcli.json").read_text())
    data["annotations"] = [
        {"hand": 0, "ply": 0, "kind": "note", "text": "played at the club"},
        {"hand": 2, "ply": 0, "kind": "note", "text": "a new dealer"},
        {"hand": 1, "ply": 4, "kind": "note", "text": "a fine meld"},
    ]
    path = tmp_path / "notes.cardcli.json"
    path.write_text(json.dumps(data))
    res = CliRunner().invoke(cli, ["replay", "show", str(path)])
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert "note: played at the club" in lines
    assert "note (hand 2): a new dealer" in lines
    assert "note (hand 1, move 4): a fine meld" in lines
    assert "hand 0" not in res.output and "move 0" not in res.output
