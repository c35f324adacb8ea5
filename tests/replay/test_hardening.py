"""Issue 16: every bad replay, save, byte and fault gets one clear line, never a traceback or a hang."""

from __future__ import annotations

import errno
import io
import os
import time
from pathlib import Path

import msgspec
import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.replay.io import ReplayError, decode, encode_json, encode_msgpack, nesting_depth, read
from cardcli.replay.model import Replay
from cardcli.session import Session

ROOT = Path(__file__).resolve().parents[2] / "replays"
SHIPPED = {
    "bridge": ROOT / "bridge" / "making-game.cardcli.json",
    "canasta": ROOT / "canasta" / "four-players-s0.cardcli.json",
    "rummy": ROOT / "rummy" / "pagat-basic-vs-random.cardcli.json",
    "burraco": ROOT / "burraco" / "close-with-clean-burraco.cardcli.json",
}


def _refused(replay: Replay, *words: str) -> str:
    with pytest.raises(ReplayError) as err:
        Session.from_replay(replay)
    msg = str(err.value)
    assert "\n" not in msg and all(w in msg for w in words), msg
    return msg


# -- decoding -----------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [
        b"[" * 1000 + b"]" * 1000,
        b'{"a":' * 1000 + b"1" + b"}" * 1000,
        b'{"format": "cardcli-replay", "version": 1, "x": ' + b"[" * 5000 + b"]" * 5000 + b"}",
        b"\x91" * 1000 + b"\xc0",
        b"\x81\xa1a" * 1000 + b"\xc0",
    ],
)
def test_deep_nesting_is_one_line(data: bytes) -> None:
    start = time.process_time()
    with pytest.raises(ReplayError, match="nested"):
        decode(data)
    assert time.process_time() - start < 1


def test_shipped_replays_are_shallow() -> None:
    for path in ROOT.glob("**/*.cardcli.json"):
        replay = read(path)
        assert nesting_depth(path.read_bytes()) < 20
        assert nesting_depth(encode_msgpack(replay), msgpack=True) < 20


def test_deep_save_on_resume_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDCLI_HOME", str(tmp_path))
    bad = tmp_path / "deep.cardcli.json"
    bad.write_bytes(b'{"format": "cardcli-replay", "version": 1, "x": ' + b"[" * 3000 + b"]" * 3000 + b"}")
    run = CliRunner().invoke(cli, ["play", "--resume", str(bad)])
    assert run.exit_code == 1 and "nested" in run.output and "Traceback" not in run.output
    saves = tmp_path / "saves"
    saves.mkdir()
    (saves / "deep.cardcli.jsonl").write_bytes(b"[" * 3000 + b"]" * 3000 + b"\n")
    run = CliRunner().invoke(cli, ["play", "--resume", "deep"])
    assert run.exit_code == 1 and "nested" in run.output and "Traceback" not in run.output


# -- fields checked against the game --------------------------------------------------------------------


@pytest.mark.parametrize("first", [4, -1, 99])
def test_first_dealer_out_of_range(first: int) -> None:
    replay = msgspec.structs.replace(read(SHIPPED["bridge"]), first_dealer=first)
    _refused(replay, "first dealer")


@pytest.mark.parametrize("game", sorted(SHIPPED))
def test_hand_dealer_out_of_range_fails(game: str) -> None:
    replay = read(SHIPPED[game])
    hands = [msgspec.structs.replace(replay.hands[0], dealer=4), *replay.hands[1:]]
    _refused(msgspec.structs.replace(replay, hands=hands), "dealt")


@pytest.mark.parametrize("game", sorted(SHIPPED))
def test_verify_show_view_refuse_dealer_4(game: str, tmp_path: Path) -> None:
    replay = read(SHIPPED[game])
    hands = [msgspec.structs.replace(replay.hands[0], dealer=4), *replay.hands[1:]]
    bad = tmp_path / "bad.cardcli.json"
    bad.write_bytes(encode_json(msgspec.structs.replace(replay, hands=hands)))
    for args in (["replay", "verify"], ["replay", "show"], ["replay", "view"]):
        run = CliRunner().invoke(cli, [*args, str(bad)], input="quit\n")
        assert run.exit_code == 1 and "Traceback" not in run.output, run.output


def test_unknown_bot_is_refused() -> None:
    replay = read(ROOT / "bridge" / "rubber-seed-11.cardcli.json")
    seats = [msgspec.structs.replace(s, kind="bot", bot="no-such-bot") if i == 1 else s for i, s in enumerate(replay.seats)]
    _refused(msgspec.structs.replace(replay, seats=seats), "no bot", "no-such-bot")


@pytest.mark.parametrize("limit", [0, -1])
def test_hands_limit_below_one(limit: int) -> None:
    _refused(msgspec.structs.replace(read(SHIPPED["rummy"]), hands_limit=limit), "limits")


def test_hands_limit_smaller_than_the_hands() -> None:
    replay = read(ROOT / "bridge" / "rubber-seed-11.cardcli.json")
    assert len(replay.hands) > 1
    _refused(msgspec.structs.replace(replay, hands_limit=1), "limited to 1")


def test_result_differing_in_detail_names_the_field() -> None:
    replay = read(SHIPPED["bridge"])
    res = replay.hands[0].result
    assert res is not None
    detail = dict(res.detail, declarer="W" if res.detail.get("declarer") != "W" else "E")
    hands = [msgspec.structs.replace(replay.hands[0], result=msgspec.structs.replace(res, detail=detail)), *replay.hands[1:]]
    msg = _refused(msgspec.structs.replace(replay, hands=hands), "result.detail.declarer")
    assert "does not match" in msg


def test_score_canasta_with_three_players_is_one_line() -> None:
    run = CliRunner().invoke(cli, ["score", "canasta", "--players", "3"], input="side NS\nout\n")
    assert run.exit_code == 2 and "Traceback" not in run.output and "3" in run.output


# -- terminal safety -----------------------------------------------------------------------------------


def test_escape_sequences_from_a_file_are_not_printed(tmp_path: Path) -> None:
    replay = read(SHIPPED["rummy"])
    evil = "\x1b]0;pwned\x07\x1b[2J"
    seats = [msgspec.structs.replace(s, name=s.name + evil) for s in replay.seats]
    from cardcli.replay.model import Annotation

    bad = msgspec.structs.replace(
        replay, title="T" + evil, seats=seats, annotations=[Annotation(hand=1, ply=1, kind="note", text="n" + evil)]
    )
    path = tmp_path / "evil.cardcli.json"
    path.write_bytes(encode_json(bad))
    for args in (["replay", "show"], ["replay", "verify"], ["replay", "view"]):
        run = CliRunner().invoke(cli, [*args, str(path)], input="quit\n")
        assert "\x1b" not in run.output and "\x07" not in run.output, (args, run.output)


# -- saves: faults never stop the game ------------------------------------------------------------------


def _play(tmp_path: Path, home: Path, lines: str) -> str:
    run = CliRunner(env={"CARDCLI_HOME": str(home)}).invoke(cli, ["play", "rummy", "--seed", "7"], input=lines)
    assert "Traceback" not in run.output and run.exception is None or isinstance(run.exception, SystemExit)
    return run.output


def test_home_is_a_file(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.write_text("not a directory")
    out = _play(tmp_path, home, "d\nquit\n")
    assert out.count("not being saved") == 1 and "P1> d" in out


def test_disk_full_is_told_once_and_the_game_goes_on(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import cardcli.replay.journal as journal

    real = os.fsync
    calls = {"n": 0}

    def full(fd: int) -> None:
        calls["n"] += 1
        if calls["n"] > 1:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(fd)

    monkeypatch.setattr(journal.os, "fsync", full)
    out = _play(tmp_path, tmp_path / "home", "d\nt\nmoves\nquit\n")
    assert "No space left on device" in out
    assert out.count("not being saved") == 1 and "P1> moves" in out


def test_stale_temp_files_are_cleaned_and_saves_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from cardcli.saves import clean_stale_temps, list_saves

    monkeypatch.setenv("CARDCLI_HOME", str(tmp_path))
    saves = tmp_path / "saves"
    saves.mkdir()
    old = time.time() - 7200
    stale = [saves / ".rummy-20260101-101500.cardcli.jsonl.tmp", saves / ".g.cardcli.json.ab12_x9.tmp"]
    keep = [
        saves / ".rummy-20260101-111500.cardcli.jsonl.tmp",  # fresh: a save may be in progress
        saves / "rummy-20260101-101500.cardcli.jsonl",
        saves / "notes.tmp",
        saves / ".other.tmp",
    ]
    for p in stale + keep:
        p.write_text("x")
    for p in stale + keep[1:]:
        os.utime(p, (old, old))
    list_saves()
    assert not any(p.exists() for p in stale) and all(p.exists() for p in keep)
    assert clean_stale_temps(saves) == 0


# -- stdin ---------------------------------------------------------------------------------------------


def test_invalid_utf8_on_stdin_keeps_the_lines_before(tmp_path: Path) -> None:
    from cardcli.ui.line_driver import line_reader

    stdin = io.TextIOWrapper(io.BytesIO(b"d\n\xff\xfe\nt\n"), encoding="utf-8")
    read_line = line_reader(stdin)
    assert read_line() == ("d\n", True)
    assert read_line()[1] is False
    assert read_line() == ("t\n", True)
    run = CliRunner(env={"CARDCLI_HOME": str(tmp_path)}).invoke(
        cli, ["play", "rummy", "--seed", "7"], input=b"moves\n\xff\xfe\nquit\n"
    )
    assert "not valid text" in run.output and "P1> moves" in run.output and "Traceback" not in run.output
