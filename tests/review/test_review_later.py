"""Every game a person plays can be reviewed later (`replay review last|N`), quit games are in the
history as unfinished with how to resume them, the review is a summary that fits 80×24 (`--full`
holds the rest), and `replay view` of a match still in progress shows only the recording seat's view."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.games.bridge import dds
from cardcli.replay.io import read
from cardcli.review import review_replay
from cardcli.review.show import COSTLIEST, summary_lines
from cardcli.saves import saves_dir
from cardcli.store import history, make_seats, pack_replay, prune_replays, record_game, stored_replay
from tests.scripted import hinted_moves

ROOT = Path(__file__).resolve().parents[2]
REPLAYS = ROOT / "replays"


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    res = CliRunner().invoke(cli, list(args), input=input)
    return res.exit_code, res.output


def screen_lines(text: str, width: int = 80) -> int:
    """Rows ``text`` takes on a terminal ``width`` columns wide (long lines wrap)."""
    return sum(max(1, math.ceil(len(line) / width)) for line in text.splitlines())


def test_a_game_played_without_record_is_reviewed_later() -> None:
    moves = hinted_moves("rummy", "3", hands=1)
    code, out = run(
        "play", "rummy", "--seed", "3", "--hands", "1", "--plain", "--charset", "ascii", input="\n".join(moves) + "\n"
    )
    assert code == 0 and "Final scores" in out, out
    [game] = history()
    assert game.complete and game.kept > 0 and game.replay is None  # no --record: the store keeps it
    code, listed = run("history")
    assert "no replay was kept" not in listed and f"cardcli replay review {game.id}" in listed
    code, last = run("replay", "review", "last", "--charset", "ascii")
    assert code == 0, last
    assert f"#{game.id} " in last and "Review of hand 1 (for P1)" in last
    # the totals the review gives are the ones the game scored
    assert "totals: P1 {}, P2 {}".format(*game.totals) in last
    code, by_number = run("replay", "review", str(game.id), "--charset", "ascii")
    assert code == 0 and by_number == last
    # the kept replay is the game as played: every move the person typed, in order
    replay = __import__("cardcli.store", fromlist=["unpack_replay"]).unpack_replay(stored_replay(game.id))
    assert [m.move for m in replay.hands[0].moves if m.seat == 0] == moves


def test_a_quit_game_is_listed_as_unfinished_with_how_to_resume_and_reviewed() -> None:
    moves = hinted_moves("rummy", "3", hands=1)  # the whole first hand, then quit during the second
    code, out = run("play", "rummy", "--seed", "3", "--plain", "--charset", "ascii", input="\n".join(moves) + "\n\nquit\n")
    assert code == 0 and "Resume with `cardcli play --resume " in out, out
    [game] = history()
    assert not game.complete and game.save and (saves_dir() / f"{game.save}.cardcli.jsonl").is_file()
    code, listed = run("history")
    assert "unfinished" in listed and f"resume it: cardcli play --resume {game.save}" in listed
    code, last = run("replay", "review", "last", "--charset", "ascii")
    assert code == 0, last
    assert "unfinished: the hands played so far" in last and "Review of hand 1 (for P1)" in last
    assert "Review of hand 2" not in last  # the hand left half-played is not reviewed
    # resumed and left again: still one game in the history, the same number
    code, out = run("play", "--resume", game.save, "--plain", "--charset", "ascii", input="quit\n")
    assert code == 0, out
    assert [g.id for g in history()] == [game.id]


def test_a_game_killed_after_the_history_line_is_reviewed_from_its_save(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game left early, then resumed and killed (kill -9: the history is not written again) is
    reviewed and listed from its save, which is written move by move, not from the stale copy."""
    moves = hinted_moves("rummy", "3", hands=1)
    code, out = run("play", "rummy", "--seed", "3", "--plain", "--charset", "ascii", input="\n".join(moves[:2]) + "\nquit\n")
    assert code == 0, out
    [game] = history()
    assert game.hands == 0
    code, last = run("replay", "review", "last", "--charset", "ascii")
    assert "no finished hand to review" in last, last
    # the resumed game dies before it can write the history: only the save keeps its moves
    import cardcli.saves

    monkeypatch.setattr(cardcli.saves, "record_in_history", lambda *a, **k: None)
    code, out = run("play", "--resume", game.save, "--plain", "--charset", "ascii", input="\n".join(moves[2:]) + "\n\nquit\n")
    assert code == 0, out
    [again] = history()
    assert again.hands == 0  # the history's own copy is stale
    code, last = run("replay", "review", "last", "--charset", "ascii")
    assert code == 0 and "Review of hand 1 (for P1)" in last and "no finished hand" not in last, last
    code, listed = run("history")
    assert "unfinished, its save at hand 2 after" in listed, listed


def test_review_of_a_game_not_in_the_history_is_one_line() -> None:
    code, out = run("replay", "review", "last")
    assert code == 1 and "no game in your history keeps its replay yet" in out and "Traceback" not in out
    code, out = run("replay", "review", "12")
    assert code == 1 and "there is no game #12 in your history" in out


def _game(n: int) -> int:
    replay = read(REPLAYS / "rummy" / "three-players-seed-7.cardcli.json")
    return record_game(
        "rummy",
        seats=make_seats(["P1", "P2", "P3"], [None, "basic", "basic"]),
        totals=[n, 0, 0],
        winners=[0],
        hands=1,
        finished=f"2026-12-0{n}T10:00:00+00:00",
        replay_data=pack_replay(replay),
    )


def test_prune_keeps_the_newest_replays_and_every_history_line() -> None:
    ids = [_game(n) for n in (1, 2, 3)]
    code, out = run("history", "--prune", "--keep", "1")
    assert code == 0 and "2 replays removed" in out
    assert [g.id for g in history()] == ids[::-1]  # every game is still listed
    assert [bool(g.kept) for g in history()] == [True, False, False]
    code, out = run("replay", "review", str(ids[0]))
    assert code == 1 and f"the history keeps no replay of game #{ids[0]}" in out
    assert prune_replays(1) == 0


def test_the_store_bounds_the_replays_it_keeps(monkeypatch: pytest.MonkeyPatch) -> None:
    import importlib

    monkeypatch.setattr(importlib.import_module("cardcli.store.history"), "KEEP_REPLAYS", 2)
    ids = [_game(n) for n in (1, 2, 3)]
    assert {g.id: bool(g.kept) for g in history()} == {ids[0]: False, ids[1]: True, ids[2]: True}


@pytest.mark.skipif(not dds.available(), reason="needs the dds extra")
def test_a_bridge_review_fits_80x24_and_full_holds_the_rest() -> None:
    file = REPLAYS / "bridge" / "rubber-seed-11.cardcli.json"
    replay = read(file)
    reviews = review_replay(replay)
    assert len(reviews) >= 2
    for r in reviews:
        code, out = run("replay", "review", str(file), "--hand", str(r.hand), "--charset", "ascii")
        assert code == 0, out
        assert screen_lines(out) <= 22, out
        code, full = run("replay", "review", str(file), "--hand", str(r.hand), "--full", "--charset", "ascii")
        assert code == 0 and screen_lines(full) > screen_lines(out)
        for title in ("as dealt", "What happened", "The score", "Double dummy", "Your cards, double dummy"):
            assert title in full
        # the summary names the costliest decisions, the full review every one
        shown = [text for _cost, text in r.costly if text in summary_lines(r)]
        worst = sorted(cost for cost, _text in r.costly)[::-1][:COSTLIEST]
        assert sorted(c for c, t in r.costly if t in shown)[::-1] == worst
        for _cost, text in r.costly:
            assert text.split(" cost ")[0] in full


def test_view_of_a_match_in_progress_hides_what_the_recording_seat_cannot_see(tmp_path: Path) -> None:
    record = tmp_path / "live.cardcli.json"
    moves = hinted_moves("rummy", "3", hands=1)[:4]
    code, out = run(
        "play",
        "rummy",
        "--seed",
        "3",
        "--record",
        str(record),
        "--plain",
        "--charset",
        "ascii",
        input="\n".join(moves) + "\nquit\n",
    )
    assert code == 0 and record.is_file(), out
    from cardcli.engine.registry import load
    from cardcli.session import Session

    replay = read(record)
    session = Session.from_replay(replay)
    assert not session.finished
    hidden = session.table.hand_start(1)
    game = load("rummy")
    game.start_hand(hidden, list(replay.hands[0].deck))
    p2 = {str(c) for c in hidden.hands[1]}

    def shows_p2(text: str) -> bool:
        return any(set(line.split()[1:]) == p2 for line in text.splitlines() if line.startswith("P2: "))

    code, out = run("replay", "view", str(record), "--charset", "ascii", input="all\nseat P2\nquit\n")
    assert code == 0
    assert "Your hand" in out and not shows_p2(out)  # P1's view: P2's cards stay hidden
    assert "the match is not over: P1's view only" in out
    code, revealed = run("replay", "view", str(record), "--reveal", "--charset", "ascii", input="quit\n")
    assert code == 0 and shows_p2(revealed)  # asked for: every hand


def test_a_meld_game_review_summary_names_the_costliest_decisions_and_fits_the_screen() -> None:
    file = REPLAYS / "canasta" / "two-players-s2.cardcli.json"
    [r] = review_replay(read(file), [1], {1})
    brief = summary_lines(r)
    costly = sorted(r.costly, key=lambda c: -c[0])[:COSTLIEST]
    assert all(text in brief for _cost, text in costly)
    assert not any(text in brief for _cost, text in sorted(r.costly, key=lambda c: -c[0])[COSTLIEST:])
    decisions = r.section("Your decisions")
    assert decisions is not None and decisions.lines[-1] in brief  # how many choices differ
    code, out = run("replay", "review", str(file), "--hand", "1", "--seat", "N", "--charset", "ascii")
    assert code == 0 and screen_lines(out) <= 22, out
    code, full = run("replay", "review", str(file), "--hand", "1", "--seat", "N", "--full", "--charset", "ascii")
    # every decision the analysis lists is in the full review (found by its move number)
    listed = [line for line in decisions.lines if line.startswith("move ")]
    assert all(line.split(";")[0].split(" played ")[0] + " played" in full for line in listed)
    assert all("sure at 99%, over " in text for _cost, text in r.costly)  # only sure costs feed the summary
    assert len(decisions.lines) > 1 and "no difference" not in full
