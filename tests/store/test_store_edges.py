"""The store at its edges, with real cardcli processes: many first uses of one match at once, the same
match written by two processes, a database locked by another writer, a store deleted while a command
waits, a damaged or truncated file, a file that cannot be written. Each gives one line at most and loses
nothing that was acknowledged. (The waits below are hang limits, not speed checks.)"""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from cardcli.scorepad import service
from cardcli.store import open_store, store_path

HANG = 240.0


def _cardcli(*args: str, input: str = "") -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "cardcli", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=dict(os.environ, TERM="dumb"),
    )


def _run(*args: str, input: str = "") -> tuple[int, str, str]:
    proc = _cardcli(*args)
    out, err = proc.communicate(input, timeout=HANG)
    return proc.returncode, out, err


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _hands(name: str) -> list[str]:
    with open_store() as st:
        return [r.text for r in service.pad(st, service.find(st, name)).rows]


@contextmanager
def _immutable(path: Path) -> Iterator[None]:
    """``path`` made unwritable even for root (``chattr +i``), or the test skipped where that cannot be done."""
    if os.geteuid() != 0:
        mode = path.stat().st_mode
        path.chmod(0o555 if path.is_dir() else 0o444)
        try:
            yield
        finally:
            path.chmod(mode)
        return
    if not shutil.which("chattr") or subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode:
        pytest.skip("cannot make a file unwritable here")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=False)


def _rummy_match(name: str) -> None:
    code, _out, err = _run("score", "rummy", "--match", name, input="closer P1\nP2 KS\n")
    assert code == 0, err


def test_ten_first_uses_of_one_match_at_once_make_one_match_with_ten_hands() -> None:
    procs = [_cardcli("score", "burraco", "--match", "same") for _i in range(10)]
    results = []
    for i, p in enumerate(procs):
        assert p.stdin is not None
        p.stdin.write(f"points NS {5 * (i + 1)} EW 5\n")
    for p in procs:
        assert p.stdin is not None
        p.stdin.close()  # all ten waited for their input with the match not yet made; now they go at once
    for p in procs:
        assert p.stdout is not None and p.stderr is not None
        p.wait(timeout=HANG)
        results.append((p.returncode, p.stderr.read()))
        p.stdout.close()
        p.stderr.close()
    assert all(code == 0 for code, _err in results), results
    assert sum("New match same" in err for _code, err in results) == 1
    assert sorted(_hands("same")) == sorted(f"points NS {5 * (i + 1)} EW 5" for i in range(10))


def test_two_processes_writing_the_same_match_keep_every_hand_in_order() -> None:
    script = textwrap.dedent("""
        import sys
        from cardcli.store import open_store
        from cardcli.scorepad import service
        tag, count = sys.argv[1], int(sys.argv[2])
        sys.stdin.readline()
        for i in range(count):
            with open_store() as store:
                service.add(store, service.find(store, "shared"), f"points NS {tag} EW {5 * (i % 4)}")
        print("done", flush=True)
    """)
    with open_store() as st:
        service.create(st, "shared", "burraco", 4, None, {}, [], None)
    kids = [
        subprocess.Popen(
            [sys.executable, "-c", script, tag, "30"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        for tag in ("5", "10")
    ]
    for k in kids:
        assert k.stdin is not None
        k.stdin.write("go\n")
        k.stdin.flush()
    for k in kids:
        out, err = k.communicate(timeout=HANG)
        assert k.returncode == 0 and out.strip() == "done", err
    texts = _hands("shared")
    assert len(texts) == 60
    for tag in ("5", "10"):  # each process's hands are all there, in the order it added them
        mine = [t for t in texts if t.startswith(f"points NS {tag} ")]
        assert mine == [f"points NS {tag} EW {5 * (i % 4)}" for i in range(30)]


def test_a_database_locked_by_another_writer_is_one_line_and_nothing_acknowledged_is_lost() -> None:
    _rummy_match("locked")
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            textwrap.dedent(f"""
        import sqlite3, sys, time
        conn = sqlite3.connect({str(store_path())!r}, isolation_level=None)
        conn.execute("BEGIN EXCLUSIVE")
        print("locked", flush=True)
        sys.stdin.readline()
        conn.execute("ROLLBACK")
    """),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline().strip() == "locked"
        code, out, err = _run("score", "rummy", "--match", "locked", input="closer P2\nP1 QS\n")
        assert code == 1 and "is in use by another cardcli for more than 10 seconds; try again" in err, err
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
        read_code, shown, read_err = _run("history")  # a reader is not held up by a writer (WAL)
        assert read_code == 0 and "No games played yet" in shown, read_err
    finally:
        assert holder.stdin is not None
        holder.stdin.write("\n")
        holder.stdin.close()
        holder.wait(timeout=HANG)
    assert _hands("locked") == ["closer P1\nP2 KS"]
    code, _out, err = _run("score", "rummy", "--match", "locked", input="closer P2\nP1 QS\n")
    assert code == 0, err
    assert _hands("locked") == ["closer P1\nP2 KS", "closer P2\nP1 QS"]


def test_a_store_deleted_while_score_waits_for_its_input_is_reported_not_saved() -> None:
    _rummy_match("gone")
    proc = _cardcli("score", "rummy", "--match", "gone")
    assert proc.stdin is not None
    proc.stdin.write("closer P2\n")
    proc.stdin.flush()
    time.sleep(0.5)
    for suffix in ("", "-wal", "-shm"):
        Path(str(store_path()) + suffix).unlink(missing_ok=True)
    out, err = proc.communicate("P1 QS\n", timeout=HANG)
    # the input is read before the store is opened, so this one finds no store and makes a new one; the
    # case of a store deleted under an open one is below
    assert proc.returncode == 0 and "New match gone" in err, err
    assert _hands("gone") == ["closer P2\nP1 QS"]


def test_a_store_deleted_under_an_open_one_refuses_the_write() -> None:
    from cardcli.store import StoreError

    _rummy_match("under")
    with open_store() as st:
        record = service.find(st, "under")
        for suffix in ("", "-wal", "-shm"):
            Path(str(store_path()) + suffix).unlink(missing_ok=True)
        with pytest.raises(StoreError, match="was deleted or replaced while cardcli was using it: nothing was saved"):
            service.add(st, record, "closer P2\nP1 QS")
    assert not store_path().exists()


@pytest.mark.parametrize("damage", ["garbage", "truncated", "zeroed-header"])
def test_a_damaged_or_truncated_store_is_one_line_and_left_untouched(damage: str) -> None:
    _rummy_match("hurt")
    path = store_path()
    data = path.read_bytes()
    if damage == "garbage":
        data = data[:100] + os.urandom(4096) + data[4196:]
    elif damage == "truncated":
        data = data[: len(data) // 3]
    else:
        data = b"\0" * 100 + data[100:]
    path.write_bytes(data)
    before = _digest(path)
    for args, stdin in (
        (["score", "rummy", "--match", "hurt"], "closer P2\nP1 QS\n"),
        (["history"], ""),
        (["scorepad", "show", "hurt"], ""),
        (["stats"], ""),
    ):
        code, out, err = _run(*args, input=stdin)
        assert code == 1 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, (args, err)
        assert "damaged or is not a cardcli store" in err or "database disk image" in err, err
    assert _digest(path) == before
    code, out, _err = _run("learn")
    assert code == 0 and "your progress cannot be read" in out


def test_a_read_only_store_file_is_read_and_a_write_is_one_line() -> None:
    _rummy_match("frozen")
    path = store_path()
    before = _digest(path)
    with _immutable(path):
        code, out, err = _run("scorepad", "show", "frozen")
        assert code == 0 and "frozen" in out, err
        assert _run("history")[0] == 0 and _run("scorepad", "list")[0] == 0
        assert _run("scorepad", "export", "frozen", "--format", "csv")[0] == 0
        code, out, err = _run("score", "rummy", "--match", "frozen", input="closer P2\nP1 QS\n")
        assert code == 1 and "read-only" in err and len(err.strip().splitlines()) == 1, err
    assert _digest(path) == before
    assert _hands("frozen") == ["closer P1\nP2 KS"]


def test_a_read_only_folder_with_a_store_is_read() -> None:
    _rummy_match("shelf")
    home = store_path().parent
    with _immutable(home):
        code, out, err = _run("scorepad", "show", "shelf")
        assert code == 0 and "shelf" in out, err
        code, out, err = _run("learn")
        assert code == 0 and "your progress cannot be read" not in out, out
    with sqlite3.connect(store_path()) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
