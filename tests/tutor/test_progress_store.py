"""The tutor's progress lives in the store: a killed lesson resumes, concurrent drills keep every answer."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import textwrap
import time

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.paths import data_dir
from cardcli.store import drill_queue, lesson_place, open_store, record_drill_answer, take_drill_item
from cardcli.tutor.progress import lesson_results, resume_point

POSIX = pytest.mark.skipif(sys.platform == "win32", reason="needs POSIX signals")


def learn(*args: str, input: str = "") -> str:
    result = CliRunner().invoke(cli, ["learn", *args], input=input)
    assert result.exit_code == 0, result.output
    return result.output


def spawn(*args: str) -> subprocess.Popen[bytes]:
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    return subprocess.Popen(
        [sys.executable, "-m", "cardcli", *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=env
    )


def read_until(proc: subprocess.Popen[bytes], needle: str, timeout: float = 30.0) -> str:
    assert proc.stdout is not None
    fd = proc.stdout.fileno()
    buf = b""
    end = time.monotonic() + timeout
    while needle.encode() not in buf and time.monotonic() < end:
        ready, _w, _x = select.select([fd], [], [], 0.2)
        if ready:
            chunk = os.read(fd, 65536)
            if not chunk:
                break
            buf += chunk
    text = buf.decode(errors="replace")
    assert needle in text, text
    return text


def test_the_place_is_in_the_store_after_every_line() -> None:
    learn("rummy", "1", input="d\n")  # input ends: the line driver leaves, as at Ctrl-D
    place = lesson_place("rummy", "01-a-turn")
    assert place is not None and place.step == 2 and place.moves and place.moves[-1][1] == "draw stock"
    assert not (data_dir() / "tutor.json").exists()


@POSIX
def test_kill_9_in_the_middle_of_a_lesson_resumes_at_the_step_reached() -> None:
    proc = spawn("learn", "bridge", "1")
    try:
        assert proc.stdin is not None
        read_until(proc, "you must follow suit.")
        # A mistake, the right card (on to the quiz), then a hint: the hint's answer shows that the line
        # before it was handled, and the place is written after each line, before the next is read.
        proc.stdin.write(b"play 7H\nplay 9S\nhint\n")
        proc.stdin.flush()
        read_until(proc, "hint 1/2: The ace is the highest card.")
        proc.send_signal(signal.SIGKILL)  # no chance to say goodbye
        assert proc.wait(timeout=10) == -signal.SIGKILL
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    point = resume_point("bridge", "01-following-suit")
    assert point is not None and point["step"] == 4 and point["mistakes"] == 1 and point["hints"] in (0, 1)
    assert point["moves"][-2:] == [[2, "play 9S"], [3, "play 3S"]]
    out = learn("bridge", "1", input="North\nplay TS\n")
    assert "(continuing at step 5 of 9)" in out and "Who won the trick?" in out
    assert f"Lesson complete: 2 of 3 stars ({point['hints']} hint{'' if point['hints'] == 1 else 's'}, 1 mistake)" in out
    assert lesson_results("bridge")["01-following-suit"] == (True, 2)
    assert resume_point("bridge", "01-following-suit") is None


DRILLER = textwrap.dedent("""
    import sys
    from cardcli.store import record_drill_answer
    first, n = int(sys.argv[1]), int(sys.argv[2])
    sys.stdin.readline()                      # start together
    for k in range(first, first + n):
        record_drill_answer("bridge", "hcp", k, False)
""")


def test_two_processes_recording_drill_answers_keep_both() -> None:
    open_store().close()  # created and migrated once, so both start on the same file
    n = 40
    procs = [subprocess.Popen([sys.executable, "-c", DRILLER, str(first), str(n)], stdin=subprocess.PIPE) for first in (1, 1001)]
    for p in procs:
        assert p.stdin is not None
        p.stdin.write(b"go\n")
        p.stdin.flush()
    for p in procs:
        assert p.wait(timeout=120) == 0
    q = drill_queue("bridge", "hcp")
    assert q.answered == 2 * n
    assert {m for m, _due in q.missed} == set(range(1, n + 1)) | set(range(1001, 1001 + n))


def test_two_drills_at_once_through_the_cli_keep_every_answer() -> None:
    open_store().close()
    procs = [spawn("learn", "bridge", "--drill", "hcp", "--count", "4") for _ in range(2)]
    outs = []
    for p in procs:
        out, _err = p.communicate(b"999\n" * 4, timeout=120)
        assert p.returncode == 0, out
        outs.append(out.decode())
    q = drill_queue("bridge", "hcp")
    assert q.answered == 8
    asked = {int(line.split()[0][1:]) for o in outs for line in o.splitlines() if line.startswith("#")}
    assert asked and asked <= {m for m, _due in q.missed}


def test_drill_queue_brings_a_missed_item_back_after_three_answers() -> None:
    assert take_drill_item("rummy", "score") == 1
    record_drill_answer("rummy", "score", 1, False)
    assert [take_drill_item("rummy", "score") for _ in range(1)] == [2]
    for k in (2, 3, 4):
        record_drill_answer("rummy", "score", k, True)
        if k < 4:
            assert take_drill_item("rummy", "score") == k + 1
    assert take_drill_item("rummy", "score") == 1  # due again
    record_drill_answer("rummy", "score", 1, True)
    assert drill_queue("rummy", "score").missed == []
    assert take_drill_item("rummy", "score") == 5


def test_reset_forgets_places_and_drills_too() -> None:
    learn("rummy", "1", input="d\nquit\n")
    record_drill_answer("rummy", "score", 1, False)
    record_drill_answer("bridge", "hcp", 1, False)
    learn("rummy", "--reset")
    assert resume_point("rummy", "01-a-turn") is None
    assert drill_queue("rummy", "score").answered == 0
    assert drill_queue("bridge", "hcp").answered == 1  # another course is kept


def test_an_old_tutor_json_is_read_once_into_the_store() -> None:
    old = data_dir() / "tutor.json"
    old.parent.mkdir(parents=True, exist_ok=True)
    old.write_text(
        json.dumps(
            {
                "resume": {"rummy/01-a-turn": {"step": 2, "moves": [[0, "draw stock"]], "hints": 1, "mistakes": 0}},
                "drills": {"bridge/hcp": {"next": 7, "missed": [[3, 5]]}},
            }
        ),
        encoding="utf-8",
    )
    out = learn("rummy", "1", input="discard 2D\n10\n")
    assert "(continuing at step 3 of 5)" in out and "Lesson complete: 2 of 3 stars (1 hint, 0 mistakes)" in out
    assert not old.exists() and (data_dir() / "tutor.json.imported").exists()
    q = drill_queue("bridge", "hcp")
    assert q.next == 7 and [m for m, _d in q.missed] == [3]
    assert take_drill_item("bridge", "hcp") == 3


def test_a_stale_place_starts_the_lesson_again() -> None:
    from cardcli.store import set_lesson_place

    set_lesson_place("rummy", "01-a-turn", step=2, moves=[(0, "meld AS KS QS")])  # not a move of this position
    out = learn("rummy", "1", input="d\ndiscard 2D\n10\n")
    assert "continuing" not in out and "Lesson complete" in out


def test_a_store_of_the_first_version_gains_the_tutor_tables_and_keeps_its_progress() -> None:
    import sqlite3

    from cardcli.store import schema, set_progress, store_path

    path = store_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, isolation_level=None)
    for statement in schema.MIGRATIONS[0]:
        conn.execute(statement)
    conn.execute("PRAGMA user_version = 1")
    conn.execute(f"PRAGMA application_id = {schema.APPLICATION_ID}")
    conn.close()
    set_progress("rummy", "01-a-turn", stars=2)  # opening it migrates it
    with open_store() as st:
        assert st.rows("PRAGMA user_version")[0][0] == schema.schema_version() >= 2
    assert lesson_results("rummy") == {"01-a-turn": (True, 2)}
    record_drill_answer("rummy", "score", 1, False)
    assert drill_queue("rummy", "score").missed == [(1, 4)]
