"""Issue 16 soak run (``-m soak``): the fuzz targets with thousands of inputs each, and the fault tests
(a full disk, a read-only home, ``kill -9`` at random points of a piped game).

Findings are counted, not stopped at: each target prints its inputs, tracebacks and hangs
(``pytest -m soak -s tests/fuzz``) and fails if any. ``CARDCLI_SOAK_SCALE`` scales the inputs
(1 = about 100,000 in all)."""

from __future__ import annotations

import errno
import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fuzz import strategies as S
from fuzz import targets as T
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardcli.saves import load_save

pytestmark = pytest.mark.soak

SCALE = float(os.environ.get("CARDCLI_SOAK_SCALE", "1"))
ROOT = Path(__file__).resolve().parents[2]


def _soak(name: str, examples: int, strategy: st.SearchStrategy[Any], target: Callable[..., None], star: bool = False) -> None:
    harness = S.Harness(collect=True)
    start = time.perf_counter()

    @settings(max_examples=max(1, int(examples * SCALE)), deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(strategy)
    def run(item: Any) -> None:
        if star:
            target(harness, *item)
        else:
            target(harness, item)

    run()
    took = time.perf_counter() - start
    report = os.environ.get("CARDCLI_SOAK_REPORT")
    for label, t in harness.tallies.items():
        line = (
            f"SOAK {label}: {t.inputs} inputs, {t.accepted} accepted, {t.refused} refused, "
            f"{t.tracebacks} tracebacks, {t.hangs} hangs, {took:.0f} s"
        )
        print("\n" + line, *t.samples, sep="\n")
        if report:  # the figures for the note, also under xdist (which swallows the prints)
            with open(report, "a", encoding="utf-8") as fh:
                fh.write("\n".join([line, *t.samples]) + "\n")
    assert all(t.tracebacks == 0 and t.hangs == 0 for t in harness.tallies.values()), name


SOAKS: dict[str, tuple[int, Any, Callable[..., None], bool]] = {
    "replay-json": (10_000, S.replay_inputs(), T.replay_json, False),
    "replay-msgpack": (10_000, S.msgpack_inputs(), T.replay_msgpack, False),
    "replay-cli": (4_000, st.tuples(S.replay_inputs(), st.sampled_from(("verify", "show", "view"))), T.replay_cli, True),
    "journal": (10_000, S.journal_inputs(), T.journal, False),
    "pbn": (10_000, S.pbn_inputs(), T.pbn, False),
    "lin": (10_000, S.lin_inputs(), T.lin, False),
    "share": (10_000, S.share_inputs(), T.share, False),
    "lesson": (8_000, S.lesson_inputs(), T.lesson, True),
    "scorepad": (10_000, S.score_commands(), T.scorepad, True),
    "eleusis": (15_000, S.elr_rules() | st.text(max_size=80), T.eleusis_rule, False),
    "play": (3_000, S.piped_play(), T.play, True),
}


@pytest.mark.parametrize("name", list(SOAKS))
def test_soak(name: str) -> None:
    examples, strategy, target, star = SOAKS[name]
    _soak(name, examples, strategy, target, star)


# -- faults ------------------------------------------------------------------------------------------


def _moves(seed: str) -> list[str]:
    from scripted import hinted_moves

    return hinted_moves("rummy", seed)


def _play(home: Path, seed: str, lines: list[str], timeout: float = 120) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, CARDCLI_HOME=str(home), PYTHONPATH=str(ROOT))
    return subprocess.run(
        [sys.executable, "-m", "cardcli", "play", "rummy", "--seed", seed],
        input="\n".join(lines) + "\n",
        capture_output=True,
        text=True,
        env=env,
        timeout=timeout,
        cwd=str(home.parent),
    )


def _mount_tmpfs(where: Path, options: str) -> bool:
    where.mkdir(parents=True, exist_ok=True)
    try:
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", str(where)], capture_output=True)
    except OSError:
        return False
    return done.returncode == 0


def _umount(where: Path) -> None:
    subprocess.run(["umount", str(where)], capture_output=True)


def test_disk_full(tmp_path: Path) -> None:
    """A 64 KiB home nearly full: the game goes on to its end, the problem is told once, `save FILE` elsewhere works."""
    home = tmp_path / "home"
    if not _mount_tmpfs(home, "size=64k"):
        pytest.skip("mounting a tmpfs is not permitted here")
    try:
        filler = home / "filler"
        fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
        try:
            while True:
                os.write(fd, b"x" * 1024)
        except OSError as err:
            assert err.errno == errno.ENOSPC
        finally:
            os.close(fd)
        os.truncate(filler, max(0, filler.stat().st_size - 3 * 1024))  # room for the header and a few moves
        moves = _moves("5")
        elsewhere = tmp_path / "elsewhere.cardcli.json"
        run = _play(home, "5", [*moves[:30], f"save {elsewhere}", *moves[30:]])
        out = run.stdout + run.stderr
        assert "Traceback" not in out and run.returncode == 0, out[-3000:]
        assert out.count("not being saved") == 1, out[-3000:]
        session, _ = load_save(elsewhere)
        assert [m.move for h in session.hands for m in h.moves if m.seat == 0] == moves[:30]
    finally:
        _umount(home)


def test_read_only_home(tmp_path: Path) -> None:
    home = tmp_path / "home"
    if os.geteuid() == 0:
        if not _mount_tmpfs(home, "ro,size=64k"):
            pytest.skip("mounting a read-only tmpfs is not permitted here")
    else:
        home.mkdir()
        home.chmod(0o555)
    try:
        moves = _moves("6")
        run = _play(home, "6", moves)
        out = run.stdout + run.stderr
        assert "Traceback" not in out and run.returncode == 0, out[-3000:]
        assert out.count("not being saved") == 1, out[-3000:]
        assert f"P1> {moves[-1]}" in out
    finally:
        if os.geteuid() == 0:
            _umount(home)


@pytest.mark.parametrize("round_", range(8))
def test_enospc_at_random_points_loses_nothing_once_space_is_back(
    round_: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """fsync fails with ENOSPC for a random stretch of the game; after it the save holds every move."""
    from click.testing import CliRunner

    import cardcli.replay.journal as journal
    from cardcli.cli import cli
    from cardcli.saves import list_saves

    rng = random.Random(round_)
    seed = str(10 + round_)
    moves = _moves(seed)
    typed = moves[: rng.randint(5, len(moves) - 1)]  # stop before the game ends, so the save is kept
    first = rng.randint(1, 40)
    last = first + rng.randint(1, 60)
    real, calls = os.fsync, {"n": 0}

    def flaky(fd: int) -> None:
        calls["n"] += 1
        if first <= calls["n"] < last:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(fd)

    monkeypatch.setattr(journal.os, "fsync", flaky)
    monkeypatch.setenv("CARDCLI_HOME", str(tmp_path / "home"))
    run = CliRunner().invoke(cli, ["play", "rummy", "--seed", seed], input="\n".join([*typed, "help", "quit"]) + "\n")
    assert run.exception is None or isinstance(run.exception, SystemExit), run.output[-2000:]
    assert "Traceback" not in run.output
    monkeypatch.setattr(journal.os, "fsync", real)
    saves = [s for s in list_saves("rummy")]
    assert len(saves) == 1, run.output[-2000:]
    session, _ = load_save(saves[0].path)
    human = [m.move for h in session.hands for m in h.moves if m.seat == 0]
    assert human == typed, (first, last, calls["n"])


def _whole_game(seed: str) -> tuple[list[str], list[tuple[int, str]]]:
    """The hint-following moves P1 types, and every move of the game (the bots' too) in order."""
    from cardcli.session import Session

    s = Session.new("rummy", seed=seed, human_seats=(0,))
    typed: list[str] = []
    s.run_bots()
    while not s.finished:
        move, _why = s.hint(0)
        typed.append(s.game.format_move(move))
        s.play(move)
        s.run_bots()
    return typed, [(m.seat, m.move) for h in s.hands for m in h.moves]


KILLS = int(os.environ.get("CARDCLI_SOAK_KILLS", "40"))


@pytest.mark.parametrize("round_", range(KILLS))
def test_kill_9_at_a_random_point(round_: int, tmp_path: Path) -> None:
    """SIGKILL a piped game after a random delay: the save loads and holds a prefix of the game's moves,
    at least every move acknowledged on stdout."""
    rng = random.Random(1000 + round_)
    seed = str(rng.randint(1, 30))
    moves, expected = _whole_game(seed)
    home = tmp_path / "home"
    env = dict(os.environ, CARDCLI_HOME=str(home), PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    proc = subprocess.Popen(
        [sys.executable, "-m", "cardcli", "play", "rummy", "--seed", seed],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
        cwd=str(tmp_path),
    )
    assert proc.stdin is not None and proc.stdout is not None
    os.set_blocking(proc.stdout.fileno(), False)
    proc.stdin.write(("\n".join(moves) + "\n").encode())
    proc.stdin.flush()
    time.sleep(rng.uniform(0.2, 2.5))
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    seen = proc.stdout.read() or b""
    text = seen.decode("utf-8", "replace")
    # a prompt is shown once the move before it was made (and saved): all prompts but the last are acknowledged
    acknowledged = max(0, sum(1 for ln in text.splitlines() if ln.startswith("P1> ")) - 1)
    saves = sorted((home / "saves").glob("*.cardcli.jsonl")) if (home / "saves").exists() else []
    if not saves:
        assert acknowledged == 0, text[-2000:]
        return
    session, _ = load_save(saves[0])
    got = [(m.seat, m.move) for h in session.hands for m in h.moves]
    assert got == expected[: len(got)], "the save is not a prefix of the game"
    human = sum(1 for s, _m in got if s == 0)
    assert human >= acknowledged, (human, acknowledged)
