"""The embedded store: history, progress, and what happens to files it must not touch."""

from __future__ import annotations

import hashlib
import os
import shutil
import sqlite3
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.store import StoreError, history, make_seats, open_store, progress, record_game, schema, set_progress, store_path


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    res = CliRunner().invoke(cli, list(args), input=input)
    return res.exit_code, res.output


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _rummy(winner: int, totals: list[int], bot: str = "basic", preset: str = "standard", seed: str = "7") -> int:
    return record_game(
        "rummy",
        seats=make_seats(["P1", "P2"], {1: bot}),
        totals=totals,
        winners=[winner],
        hands=3,
        preset=preset,
        seed=seed,
        replay=None,
    )


def test_history_lists_recorded_games_and_stats_shows_their_results() -> None:
    _rummy(0, [104, 37])
    _rummy(1, [20, 101], bot="random", preset="pagat", seed="8")
    _rummy(0, [110, 0])
    record_game(
        "burraco",
        seats=make_seats(["South", "West", "North", "East"], {1: "basic", 3: "basic"}, [(0, 2), (1, 3)]),
        totals=[2150, 1800],
        winners=[0],
        hands=6,
    )
    assert [g.game for g in history()] == ["burraco", "rummy", "rummy", "rummy"]
    assert [g.totals for g in history("rummy")] == [[110, 0], [20, 101], [104, 37]]
    code, out = run("history", "rummy")
    assert code == 0
    assert out.count("rummy (") == 3 and "burraco" not in out
    assert "seed 8" in out and "P2 (random)" in out and "won by P2" in out and "no replay was kept" in out
    code, out = run("stats", "rummy", "--charset", "ascii")
    assert code == 0
    assert "3 games, 2 won (67%), average score 78" in out  # (104 + 20 + 110) / 3
    assert "against basic" in out and "2/2 won, average 107" in out
    assert "against random" in out and "0/1 won, average 20" in out
    assert "preset pagat" in out and "preset standard" in out
    assert "win rate over time" in out and "#" in out  # the ASCII bars


def test_history_says_how_to_view_or_resume(tmp_path: Path) -> None:
    done = tmp_path / "g.cardcli.json"
    done.write_text("{}")
    saved = tmp_path / "save.cardcli.json"
    saved.write_text("{}")
    record_game("rummy", seats=make_seats(["P1", "P2"], {1: "basic"}), totals=[100, 5], winners=[0], hands=2, replay=done)
    record_game(
        "rummy", seats=make_seats(["P1", "P2"], {1: "basic"}), totals=[40, 5], winners=[], hands=1, complete=False, replay=saved
    )
    code, out = run("history")
    assert code == 0
    assert f"view it: cardcli replay view {done}" in out
    assert f"resume it: cardcli play --resume {saved}" in out and "unfinished" in out
    code, out = run("stats", "rummy")
    assert "1 game, 1 won" in out and "1 left unfinished" in out


def test_lesson_progress_keeps_the_best() -> None:
    set_progress("rummy", "01-draw", stars=3)
    set_progress("rummy", "01-draw", stars=1, done=False)
    set_progress("rummy", "02-meld", stars=0, done=False)
    got = {p.lesson: (p.stars, p.done) for p in progress("rummy")}
    assert got == {"01-draw": (3, True), "02-meld": (0, False)}
    code, out = run("stats")
    assert "lessons: rummy" in out and "1 done, 3 stars" in out


def _one_line_error(args: list[str]) -> str:
    code, out = run(*args)
    assert code == 1, out
    assert len(out.strip().splitlines()) == 1 and "Traceback" not in out
    return out


@pytest.mark.parametrize("damage", ["garbage", "torn"])
def test_damaged_file_is_one_line_and_left_byte_identical(damage: str) -> None:
    path = store_path()
    if damage == "garbage":
        path.parent.mkdir(parents=True)
        path.write_bytes(b"my shopping list\n" * 300)
    else:
        _rummy(0, [104, 37])
        with sqlite3.connect(path) as conn:
            conn.execute("PRAGMA journal_mode = DELETE")
        data = bytearray(path.read_bytes())
        data[4096:] = b"\xff" * (len(data) - 4096)  # every page but the header's
        path.write_bytes(bytes(data))
        for extra in (path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            extra.unlink(missing_ok=True)
    before = digest(path)
    for args in (["history"], ["stats"], ["scorepad", "list"]):
        out = _one_line_error(args)
        assert "damaged or is not a cardcli store" in out and "left untouched" in out
    printf = "points NS 100 EW 50\n"
    code, out = run("score", "burraco", "--match", "x", input=printf)
    assert code == 1 and "damaged" in out
    assert digest(path) == before


def test_newer_schema_is_refused_and_the_file_is_untouched() -> None:
    _rummy(0, [104, 37])
    path = store_path()
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {schema.schema_version() + 1}")
    before = digest(path)
    out = _one_line_error(["history"])
    assert "newer cardcli" in out and f"store version {schema.schema_version() + 1}" in out
    code, _out = run("score", "rummy", "--match", "m", input="closer P1\nP2 KS\n")
    assert code == 1
    assert digest(path) == before


def test_another_programs_database_is_not_touched() -> None:
    path = store_path()
    path.parent.mkdir(parents=True)
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE recipes (name TEXT)")
    before = digest(path)
    assert "belongs to another program" in _one_line_error(["history"])
    assert digest(path) == before


def test_read_only_home_is_one_line(tmp_path: Path) -> None:
    home = Path(os.environ["CARDCLI_HOME"])
    home.mkdir(parents=True)
    if os.geteuid() == 0:  # root ignores permissions: make the folder immutable instead
        if not shutil.which("chattr") or subprocess.run(["chattr", "+i", str(home)], capture_output=True).returncode:
            pytest.skip("cannot make a folder read-only here")
    else:
        home.chmod(0o500)
    try:
        code, out = run("history")  # a reader needs no store, and none is created for it
        assert code == 0 and "No games played yet" in out
        code, out = run("score", "rummy", "--match", "m", input="closer P1\nP2 KS\n")
        assert code == 1 and "read-only" in out and len(out.strip().splitlines()) == 1
    finally:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", str(home)], check=False)
        else:
            home.chmod(0o700)
    assert list(home.iterdir()) == []


def test_full_disk_is_one_line_and_loses_nothing_saved(monkeypatch: pytest.MonkeyPatch) -> None:
    from cardcli.store import db

    _rummy(0, [104, 37])
    original = db.Store._configure

    def tiny(self: db.Store) -> None:
        original(self)
        pages = self.conn.execute("PRAGMA page_count").fetchone()[0]
        self.conn.execute(f"PRAGMA max_page_count = {pages}")  # no room for one more page

    monkeypatch.setattr(db.Store, "_configure", tiny)
    with pytest.raises(StoreError, match="disk is full"):
        for i in range(200):
            record_game(
                "rummy",
                seats=make_seats(["P1", "P2"], {1: "basic"}),
                totals=[i, 0],
                winners=[0],
                hands=1,
                options={"pad": "x" * 2000},
            )
    monkeypatch.setattr(db.Store, "_configure", original)
    assert history()[-1].totals == [104, 37]


def test_migrations_run_once_and_keep_the_data(monkeypatch: pytest.MonkeyPatch) -> None:
    _rummy(0, [104, 37])
    monkeypatch.setattr(schema, "MIGRATIONS", [*schema.MIGRATIONS, ("ALTER TABLE games ADD COLUMN note TEXT",)])
    with open_store() as st:
        assert st.rows("PRAGMA user_version")[0][0] == len(schema.MIGRATIONS)
        assert st.rows("SELECT totals, note FROM games")[0][:] == ("[104, 37]", None)
        assert st.rows("PRAGMA journal_mode")[0][0] == "wal"
    with open_store() as st:  # opening again migrates nothing
        assert st.rows("PRAGMA user_version")[0][0] == len(schema.MIGRATIONS)
