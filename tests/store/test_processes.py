"""Real processes: an acknowledged entry survives kill -9, and two writers at once leave both matches whole."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
import textwrap

from cardcli.scorepad import service
from cardcli.store import open_store, store_path

ADD_AND_HANG = textwrap.dedent("""
    import sys, time
    from cardcli.store import open_store
    from cardcli.scorepad import service
    store = open_store()
    record = service.find(store, "crash")
    service.add(store, record, sys.argv[1])
    print("saved", flush=True)
    time.sleep(120)   # still holding the store open when it is killed
""")

ADD_MANY = textwrap.dedent("""
    import sys
    from cardcli.store import open_store
    from cardcli.scorepad import service
    name, count = sys.argv[1], int(sys.argv[2])
    sys.stdin.readline()   # start together
    for i in range(count):
        with open_store() as store:
            service.add(store, service.find(store, name), f"points NS {5 * (i % 3)} EW 5")
    print("done", flush=True)
""")


def _child(script: str, *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", script, *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=os.environ.copy(),
    )


def test_kill_9_between_two_entries_loses_neither() -> None:
    with open_store() as st:
        service.create(st, "crash", "burraco", 4, None, {}, [], None)
    for text in ("points NS 450 EW 120", "points NS 300 EW 800"):
        child = _child(ADD_AND_HANG, text)
        assert child.stdout is not None
        assert child.stdout.readline().strip() == "saved"
        os.kill(child.pid, signal.SIGKILL)
        child.wait(timeout=10)
        assert child.returncode == -signal.SIGKILL
    with open_store() as st:
        pad = service.pad(st, service.find(st, "crash"))
    assert [r.points for r in pad.rows] == [[450, 120], [300, 800]]
    assert pad.totals == [750, 920]
    with sqlite3.connect(store_path()) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"


def test_two_processes_adding_to_different_matches_at_once() -> None:
    count = 40
    with open_store() as st:
        for name in ("left", "right"):
            service.create(st, name, "burraco", 4, None, {}, [], None)
    children = [_child(ADD_MANY, name, str(count)) for name in ("left", "right")]
    for c in children:
        assert c.stdin is not None
        c.stdin.write("go\n")
        c.stdin.flush()
    for c in children:
        out, err = c.communicate(timeout=120)
        assert c.returncode == 0, err
        assert out.strip() == "done"
    with open_store() as st:
        for name in ("left", "right"):
            pad = service.pad(st, service.find(st, name))
            assert len(pad.rows) == count
            assert [r.number for r in pad.rows] == list(range(1, count + 1))
            assert pad.totals[0] == sum(5 * (i % 3) for i in range(count))
            assert pad.totals[1] == 5 * count
    with sqlite3.connect(store_path()) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
