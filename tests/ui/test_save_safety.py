"""Saves under concurrency and damage: unique names, one writer per save, damaged journals recovered.

The concurrency tests run real cardcli processes (what the problems were about); the limits on
waiting for them are hang limits, generous enough for a machine at load 10."""

from __future__ import annotations

import datetime as dt
import multiprocessing
import os
import signal
from pathlib import Path

from click.testing import CliRunner
from processes import HANG, read_until, spawn

from cardcli.cli import cli
from cardcli.replay.io import read
from cardcli.replay.journal import SUFFIX, Journal, frame, split
from cardcli.replay.repair import recover
from cardcli.saves import list_saves, load_save, new_save_path, recover_save
from cardcli.session import Session

ROOT = Path(__file__).resolve().parents[2]


def _home() -> Path:
    return Path(os.environ["CARDCLI_HOME"])


def _claim(args: tuple[str, str]) -> str:
    home, stamp = args
    os.environ["CARDCLI_HOME"] = home
    return str(new_save_path("rummy", dt.datetime.fromisoformat(stamp)))


# -- unique names ---------------------------------------------------------------------------------


def test_games_started_in_the_same_second_by_eight_processes_get_eight_saves() -> None:
    stamp = "2026-12-01T19:48:46"
    with multiprocessing.get_context("spawn").Pool(4) as pool:
        names = pool.map(_claim, [(str(_home()), stamp)] * 8)
    assert len(set(names)) == 8
    assert sorted(Path(n).name for n in names) == sorted(
        [f"rummy-20261201-194846{SUFFIX}"] + [f"rummy-20261201-194846-{k}{SUFFIX}" for k in range(2, 9)]
    )
    assert all(Path(n).exists() for n in names)


def test_two_plays_at_once_keep_both_games() -> None:
    home = _home()
    procs = [spawn(home, "play", "rummy", "--seed", str(seed)) for seed in (1, 2)]
    outs = [p.communicate(b"draw stock\nquit\n", timeout=HANG)[0].decode() for p in procs]
    saved = sorted(
        line.split("Game saved as ")[1].split(".")[0] for out in outs for line in out.splitlines() if "Game saved as" in line
    )
    assert len(saved) == 2 and saved[0] != saved[1], outs
    listed = {s.name: s for s in list_saves()}
    assert set(listed) == set(saved)
    assert sorted(s.seed or "" for s in listed.values()) == ["1", "2"]


def test_a_name_claimed_but_not_yet_written_is_not_listed() -> None:
    path = new_save_path("rummy")
    assert path.exists() and path.stat().st_size == 0
    assert list_saves() == []
    assert new_save_path("rummy") != path  # a claimed name is never given again


# -- one writer per save --------------------------------------------------------------------------


def _started_save() -> str:
    res = CliRunner().invoke(cli, ["play", "rummy", "--seed", "7"], input="draw stock\nquit\n")
    assert res.exit_code == 0, res.output
    return list_saves()[0].name


def test_a_second_resume_of_the_same_save_is_refused_and_names_the_holder() -> None:
    name = _started_save()
    card = _a_card(name)
    first = spawn(_home(), "play", "--resume", name)
    try:
        assert "Your hand" in read_until(first, "for counting only")
        second = spawn(_home(), "play", "--resume", name)
        out = second.communicate(b"quit\n", timeout=HANG)[0].decode()
        assert second.returncode == 1
        assert f"{name} is being played by another cardcli (process {first.pid}," in out
        assert len(out.strip().splitlines()) == 1, out
        listed = " ".join(CliRunner().invoke(cli, ["saves"]).output.split())  # the list folds at 80 columns
        assert f"being played now (process {first.pid}," in listed
        assert first.stdin is not None
        first.stdin.write(f"discard {card}\nquit\n".encode())
        first.stdin.flush()
        first.wait(timeout=HANG)
    finally:
        if first.poll() is None:
            first.kill()
    # the first one's moves are in the save, and the save is free again
    session, _record = load_save(list_saves()[0].path)
    assert [m.move for m in session.hands[0].moves][:2] == ["draw stock", f"discard {card}"]
    again = CliRunner().invoke(cli, ["play", "--resume", name], input="quit\n")
    assert again.exit_code == 0 and "being played" not in again.output, again.output


def _a_card(name: str) -> str:
    """A card P1 may discard in the save ``name`` (P1 has drawn)."""
    session, _r = load_save(next(s.path for s in list_saves() if s.name == name))
    moves = [session.game.format_move(m) for m in session.game.legal_moves(session.state)]
    return sorted(m for m in moves if m.startswith("discard "))[0].removeprefix("discard ")


def test_the_lock_of_a_process_killed_with_kill_9_does_not_hold_the_save() -> None:
    name = _started_save()
    first = spawn(_home(), "play", "--resume", name)
    assert "for counting only" in read_until(first, "for counting only")
    lock = next(_home().glob("saves/.*.lock"))
    assert str(first.pid) in lock.read_text()
    first.send_signal(signal.SIGKILL)
    first.wait(timeout=HANG)
    again = CliRunner().invoke(cli, ["play", "--resume", name], input="quit\n")
    assert again.exit_code == 0 and "being played" not in again.output, again.output
    assert not list(_home().glob("saves/.*.lock"))  # let go when the game left


def test_a_save_taken_by_a_process_in_this_one_is_refused_too() -> None:
    from cardcli.savelock import SaveBusy, SaveLock

    name = _started_save()
    path = list_saves()[0].path
    held = SaveLock.take(path)
    try:
        res = CliRunner().invoke(cli, ["play", "--resume", name], input="quit\n")
        assert res.exit_code == 1 and f"process {os.getpid()}," in res.output
        try:
            SaveLock.take(path)
        except SaveBusy as busy:
            assert busy.who.startswith(f"process {os.getpid()}, since ")
        else:
            raise AssertionError("a second lock was given")
    finally:
        held.release()
    assert CliRunner().invoke(cli, ["play", "--resume", name], input="quit\n").exit_code == 0


# -- damaged journals -----------------------------------------------------------------------------


def _damage(path: Path, old: bytes, new: bytes, count: int = 1) -> None:
    data = path.read_bytes()
    assert data.count(old) >= count
    path.write_bytes(data.replace(old, new, count))


def test_the_issue_case_a_version_1_journal_with_draw_stock_damaged_resumes_whole() -> None:
    """One byte of a version 1 save changed ('draw st\\x7fck'): it was refused whole ("is not a rummy move");
    the one legal move a byte away is put back."""
    import msgspec

    session = Session.new("rummy", seed="7", players=2, human_seats=(0,))
    session.run_bots()
    for _turn in range(3):
        session.play(session.resolve("draw stock"))
        session.play(session.game.legal_moves(session.state)[-1])
        session.run_bots()
    replay = session.to_replay()
    enc = msgspec.json.Encoder(order="deterministic")
    head = enc.encode(
        {"format": "cardcli-journal", "version": 1, "replay": msgspec.to_builtins(msgspec.structs.replace(replay, hands=[]))}
    )
    lines = [head]
    for h in replay.hands:
        lines.append(enc.encode({"deal": list(h.deck), "dealer": h.dealer}))
        lines.extend(enc.encode([m.seat, m.move]) for m in h.moves)
    path = _home() / "saves" / f"rummy-20261201-101500{SUFFIX}"
    path.parent.mkdir(parents=True)
    path.write_bytes(b"\n".join(lines) + b"\n")
    assert load_save(path)[0].ply == len(replay.hands[0].moves)
    _damage(path, b"draw stock", b"draw st\x7fck")
    listed = " ".join(CliRunner().invoke(cli, ["saves"]).output.split())  # the list folds at 80 columns
    assert "damaged: hand 1, move " in listed and "is not a rummy move" in listed
    assert "rebuilt" in listed and "\x7f" not in listed
    res = CliRunner().invoke(cli, ["play", "--resume", "rummy-20261201-101500"], input="quit\n")
    assert res.exit_code == 0 and "rebuilt" in res.stderr, res.output
    back, _r = load_save(path)
    assert [m.move for m in back.hands[0].moves] == [m.move for m in replay.hands[0].moves]


def _journal_of(name: str, moves: int = 12) -> tuple[Path, Session]:
    session = Session.new(name, seed="27", human_seats=())
    while not session.finished and sum(len(h.moves) for h in session.hands) < moves:
        _one(session)
    path = _home() / "saves" / f"{name}-20261201-101500{SUFFIX}"
    j = Journal.create(path, session.to_replay(), None)
    j.append({"title": "a caption"})
    j.close()
    return path, session


def _one(session: Session) -> None:
    """One move by the seat to act (its bot), dealing first when a hand is to be dealt."""
    from cardcli.engine.rng import Rng

    session.deal_if_needed()
    seat = session.to_act()
    assert seat is not None
    game = session.game
    legal = game.legal_moves(session.state)
    bot = game.bots[game.default_bot]()
    session.play(bot.choose(game.view(session.state, seat), legal, Rng("27", "t", session.ply, seat)))


def test_a_damaged_move_that_cannot_be_rebuilt_goes_on_from_the_last_good_move_when_asked() -> None:
    path, session = _journal_of("rummy", 12)
    lines = path.read_bytes().split(b"\n")
    # line 10 is move 7 of hand 1 (two header lines, the deal): three bytes of it and its checksum changed
    assert lines[9].startswith(b"[")
    lines[9] = b'[9,"xx"] 00000000'
    path.write_bytes(b"\n".join(lines))
    name = "rummy-20261201-101500"
    listed = " ".join(CliRunner().invoke(cli, ["saves"]).output.split())  # the list folds at 80 columns
    assert "damaged: line 10 is damaged (the line's checksum does not match)" in listed
    assert (
        "mends it: line 10 cannot be read back (the line's checksum does not match): the game goes on from "
        "hand 1, move 6, and the 6 moves after it are dropped (and 1 other event)"
    ) in listed
    res = CliRunner().invoke(cli, ["play", "--resume", name], input="quit\n")
    assert res.exit_code == 1 and f"`cardcli saves --repair {name}`" in res.output
    assert len(res.output.strip().splitlines()) == 1 and path.read_bytes().split(b"\n")[9] == lines[9]
    fixed = CliRunner().invoke(cli, ["saves", "--repair", name])
    assert fixed.exit_code == 0 and "repaired" in fixed.output, fixed.output
    back, _r = load_save(path)
    assert [m.move for m in back.hands[0].moves] == [m.move for m in session.hands[0].moves][:6]
    assert path.with_name(path.name + ".damaged").read_bytes().split(b"\n")[9] == lines[9]
    assert CliRunner().invoke(cli, ["play", "--resume", name], input="quit\n").exit_code == 0
    assert "is sound" in CliRunner().invoke(cli, ["saves", "--repair", name]).output


def test_the_header_survives_one_damaged_copy_and_notes_are_only_notes() -> None:
    path, session = _journal_of("burraco", 10)
    data = path.read_bytes()
    first = data.index(b'"preset"')
    path.write_bytes(data[:first] + b'"prXset"' + data[first + 8 :])
    back, _r = load_save(path)  # the second copy of the header is sound: nothing to repair
    assert back.ply == session.ply
    lines = path.read_bytes().split(b"\n")
    lines[-2] = lines[-2].replace(b"caption", b"capXion")  # the caption's line
    path.write_bytes(b"\n".join(lines))
    _s, _r2, rec = recover_save(path)
    assert rec.skipped == [len(lines) - 1] and not rec.lost and rec.kept == 1 + session.ply


def test_a_changed_newline_merging_or_splitting_two_lines_is_undone() -> None:
    path, session = _journal_of("canasta", 10)
    data = path.read_bytes()
    nl = [i for i, b in enumerate(data) if b == 10]
    merged = data[: nl[5]] + b"\x01" + data[nl[5] + 1 :]  # two move lines made one
    lines = split(merged, "m")
    rec = recover(lines, "m")
    assert not rec.lost and rec.kept == 2 + session.ply and not rec.repaired  # the deal, the moves, the caption
    middle = nl[6] + 5  # a byte inside a move line turned into a newline: one line made two
    cut = data[:middle] + b"\n" + data[middle + 1 :]
    rec = recover(split(cut, "c"), "c")
    assert not rec.lost and len(rec.repaired) == 1 and rec.kept == 2 + session.ply


def test_the_replay_tools_read_a_healthy_journal_and_refuse_a_damaged_one_in_one_line() -> None:
    path, session = _journal_of("rummy", 8)
    ok = CliRunner().invoke(cli, ["replay", "verify", str(path)])
    assert ok.exit_code == 0 and f"OK (rummy, 1 hand, {session.ply} moves, unfinished)" in ok.output
    shown = CliRunner().invoke(cli, ["replay", "show", str(path)])
    assert shown.exit_code == 0 and "Hand 1" in shown.output
    assert read(path).hands[0].moves == session.to_replay().hands[0].moves
    lines = path.read_bytes().split(b"\n")
    lines[4] = lines[4][:-1] + (b"0" if lines[4][-1:] != b"0" else b"1")
    path.write_bytes(b"\n".join(lines))
    bad = CliRunner().invoke(cli, ["replay", "verify", str(path)])
    assert bad.exit_code == 1 and "line 5 is damaged (the line's checksum does not match)" in bad.output
    assert len(bad.output.strip().splitlines()) == 1


def test_every_line_of_a_journal_carries_its_checksum() -> None:
    path, _session = _journal_of("eleusis", 5)
    lines = [ln for ln in path.read_bytes().split(b"\n") if ln]
    assert lines[0] == lines[1] and lines[0].startswith(b'{"format":"cardcli-journal","version":2,')
    import zlib

    for ln in lines:
        body, _sp, crc = ln.rpartition(b" ")
        assert int(crc, 16) == zlib.crc32(body)
    assert frame({"title": "x"}) == b'{"title":"x"} %08x' % zlib.crc32(b'{"title":"x"}')
