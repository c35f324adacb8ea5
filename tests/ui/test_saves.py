"""Saves that never lose a game: one save per game, the record file kept as the game goes, kill -9."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import time
from pathlib import Path

from click.testing import CliRunner
from processes import read_until, spawn

from cardcli.cli import cli
from cardcli.replay.io import read
from cardcli.saves import list_saves, load_save
from cardcli.session import Session


def _send(proc: subprocess.Popen[bytes], line: str) -> None:
    assert proc.stdin is not None
    proc.stdin.write(line.encode() + b"\n")
    proc.stdin.flush()


def test_kill_9_during_a_recorded_game_loses_no_acknowledged_move(tmp_path: Path) -> None:
    home = Path(os.environ["CARDCLI_HOME"])
    record = tmp_path / "game.cardcli.json"
    proc = spawn(home, "play", "rummy", "--seed", "7", "--record", str(record))
    screen = read_until(proc, "Your hand")
    assert "Your hand" in screen
    _send(proc, "draw discard")
    took = read_until(proc, "P1 takes")
    assert "P1 takes" in took
    _send(proc, "hint")
    hinted = read_until(proc, "hint:")
    hinted += read_until(proc, "\n", timeout=2)
    import re

    move = re.split(r" [—-] ", hinted.split("hint:", 1)[1].strip().splitlines()[0])[0].strip()
    _send(proc, move)
    after = read_until(proc, "P2 ")
    after += read_until(proc, "Your hand", timeout=5)
    assert "P2 " in after  # the bot's reply was shown
    screen += took + hinted + after
    time.sleep(0.2)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=10)
    # the record file holds every move shown on screen, bots' replies included
    recorded = read(record)
    moves = [m.move for m in recorded.hands[0].moves]
    narrated = [ln for ln in screen.splitlines() if re.match(r"^  P[12] ", ln)]
    assert moves[0] == "draw discard" and len(moves) >= 3
    assert len(moves) == len(narrated), (moves, narrated)
    saves = list_saves()
    assert len(saves) == 1 and saves[0].record == record
    session, kept = load_save(saves[0].path)
    assert [m.move for m in session.hands[0].moves][: len(moves)] == moves and kept == record
    # resume: the game goes on and the record file goes on being written
    res = CliRunner().invoke(cli, ["play", "--resume", saves[0].name], input="table\nquit\n")
    assert res.exit_code == 0, res.output
    assert [m.move for m in read(record).hands[0].moves] == [m.move for m in session.hands[0].moves]


def test_the_journal_survives_a_line_cut_short(tmp_path: Path) -> None:
    s = Session.new("rummy", seed="7", players=2, human_seats=(0,))
    from cardcli.saves import AutoSave, new_save_path

    save = AutoSave(s, new_save_path("rummy"), None)
    s.run_bots()
    s.play(s.resolve("draw discard"))
    save.close()
    data = save.path.read_bytes()
    save.path.write_bytes(data + b'[0, "discard')  # a crash in the middle of the next line
    again, _rec = load_save(save.path)
    assert again.ply == 1 and [m.move for m in again.hands[0].moves] == ["draw discard"]


def test_a_damaged_save_is_listed_with_its_problem_and_kept(tmp_path: Path) -> None:
    res = CliRunner().invoke(cli, ["play", "rummy", "--seed", "7"], input="quit\n")
    assert res.exit_code == 0
    path = list_saves()[0].path
    path.write_text(path.read_text().replace('"deal"', '"dael"'))
    listed = CliRunner().invoke(cli, ["saves"])
    assert "damaged" in listed.output and path.exists()
    assert "mends it: line 3 was damaged and rebuilt" in " ".join(listed.output.split())  # the deal the seed makes
    assert all(len(line) <= 80 for line in listed.output.splitlines())
    res = CliRunner().invoke(cli, ["play", "--resume", path.name.removesuffix(".cardcli.jsonl")], input="quit\n")
    assert res.exit_code == 0 and "rebuilt" in res.stderr and "Traceback" not in res.output
    damaged = path.with_name(path.name + ".damaged")
    assert b'"dael"' in damaged.read_bytes() and b'"dael"' not in path.read_bytes()


def test_a_finished_game_goes_into_the_history() -> None:
    from scripted import hinted_moves

    moves = hinted_moves("rummy", "pipe-1", 2, 0, None)
    res = CliRunner().invoke(cli, ["play", "rummy", "--seed", "pipe-1"], input="\n".join(moves) + "\n")
    assert res.exit_code == 0 and "Final scores:" in res.output
    listed = CliRunner().invoke(cli, ["history", "--json"])
    games = json.loads(listed.output)
    assert len(games) == 1 and games[0]["game"] == "rummy" and games[0]["seed"] == "pipe-1"
    assert list_saves() == []


def test_the_list_of_many_saves_with_long_names_fits_80_columns(tmp_path: Path) -> None:
    seed = "a rather long text seed for the friday evening game"
    record = tmp_path / "recordings" / "a-long-folder-name" / "another-level" / "friday-evening-burraco.cardcli.json"
    runner = CliRunner(env={"COLUMNS": "80"})
    assert runner.invoke(cli, ["play", "burraco", "--seed", seed, "--record", str(record)], input="quit\n").exit_code == 0
    assert runner.invoke(cli, ["play", "rummy", "--seed", "7"], input="quit\n").exit_code == 0
    one = next(s for s in list_saves() if s.game == "rummy")
    names = [f"rummy-20261202-1200{i:02}-{i}" for i in range(12)] + [
        "the-very-long-name-of-the-game-we-played-on-friday-evening-with-anna"
    ]
    for name in names:
        (one.path.parent / (name + ".cardcli.jsonl")).write_bytes(one.path.read_bytes())
    listed = runner.invoke(cli, ["saves"])
    lines = listed.output.splitlines()
    assert listed.exit_code == 0 and len(lines) >= len(names) + 3
    assert all(len(line) <= 80 for line in lines), [line for line in lines if len(line) > 80]
    words = listed.output.split()
    assert all(name in words for name in names)  # every name whole, as `--resume NAME` takes it
    assert seed in " ".join(words) and str(record) in listed.output.replace("\n      ", "")
    assert f", {one.moves} moves" in listed.output or f", {one.moves} move" in listed.output
    assert "1 moves" not in listed.output
