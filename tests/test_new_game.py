"""A new game is its own module plus one registry entry: the toy game of ``tests/highcard.py``,
registered through :func:`cardcli.engine.registry.register`, runs through the playout harness,
``replay verify``, ``share``, ``score`` (with a scorepad match) and ``learn --check`` with no
edit anywhere else in cardcli."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import highcard
import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.engine.registry import Entry, load, names, register, unregister
from cardcli.testing import InvariantError, PlayoutStats, playout


@pytest.fixture
def game() -> Iterator[Any]:
    register(Entry("highcard", f"{highcard.__name__}:HighCardGame", ("high-card",)))
    try:
        yield load("high-card")
    finally:
        unregister("highcard")
    assert "highcard" not in names()


def _run(*args: str, input: str | None = None) -> Any:
    return CliRunner().invoke(cli, list(args), input=input, catch_exceptions=False)


def test_a_name_already_taken_is_refused() -> None:
    with pytest.raises(ValueError, match="already registered"):
        register(Entry("canasta2", "nowhere:Nothing", ("rummy",)))
    assert "canasta2" not in names()


def test_the_playout_harness_runs_on_the_new_game(game: Any) -> None:
    stats = PlayoutStats()
    for seed in ("a", "b", "c"):
        playout(
            game, game.presets["standard"], 2, seed, ["high", "random"], check_every=1, leak_every=1, resume_every=3, stats=stats
        )
    assert stats.hands == 6 and stats.moves == 60  # two hands of five tricks, per seed
    assert stats.refusals_checked > 0  # cards seen elsewhere were asked about, and refused by a named rule
    assert all(sum(r.points) == 5 for r in stats.results)


def test_the_harness_catches_a_broken_new_game(game: Any) -> None:
    """The harness is not blind to this game: a view that shows the other hand is caught as a leak."""

    class Peeking(highcard.HighCardGame):
        def view(self, state: Any, seat: int | None) -> Any:
            seen = super().view(state, seat)
            other = tuple(state.hands[1 - seat]) if seat is not None and state.hands else ()
            return (seen, other)

    with pytest.raises(InvariantError, match="depends on|leak|view"):
        playout(Peeking(), game.presets["standard"], 2, "a", ["high"], leak_every=1)


def _recorded(tmp_path: Path) -> Path:
    from cardcli.replay.io import encode_json
    from cardcli.session import Session

    s = Session.new("highcard", seed="toy", human_seats=())
    s.run_bots()
    assert s.finished and len(s.results) == 2
    path = tmp_path / "toy.cardcli.json"
    path.write_bytes(encode_json(s.to_replay()))
    return path


def test_replay_verify_and_share_round_trip(game: Any, tmp_path: Path) -> None:
    from cardcli.replay import share
    from cardcli.replay.io import read

    path = _recorded(tmp_path)
    ok = _run("replay", "verify", str(path))
    assert ok.exit_code == 0, ok.output
    replay = read(str(path))
    code = share.encode(replay)
    back = share.decode(code)
    assert back.game == "highcard"
    assert [[(m.seat, m.move) for m in h.moves] for h in back.hands] == [
        [(m.seat, m.move) for m in h.moves] for h in replay.hands
    ]
    assert [h.deck for h in back.hands] == [h.deck for h in replay.hands]
    assert _run("replay", "verify", code).exit_code == 0
    one = share.decode(share.encode(replay, hand=2))  # hand 2 alone, under the hand's own rules (the default hook)
    assert [(m.seat, m.move) for m in one.hands[0].moves] == [(m.seat, m.move) for m in replay.hands[1].moves]
    # a replay whose moves were changed does not verify
    data = json.loads(path.read_text())
    data["hands"][0]["moves"][0][1] = data["hands"][0]["moves"][1][1]  # a card the other player holds
    path.write_text(json.dumps(data))
    assert _run("replay", "verify", str(path)).exit_code != 0


def test_score_and_a_scorepad_match(game: Any) -> None:
    out = _run("score", "highcard", "--json", input="P1 tricks 3\nP2 tricks 2\n")
    assert out.exit_code == 0, out.output
    assert json.loads(out.output)["points"] == {"P1": 3, "P2": 2}
    bad = _run("score", "highcard", input="P1 tricks 3\nP2 tricks 3\n")
    assert bad.exit_code != 0 and "add up to 5" in bad.output
    for hand in ("P1 tricks 3\nP2 tricks 2\n", "P1 tricks 1\nP2 tricks 4\n"):
        added = _run("score", "highcard", "--match", "toy", input=hand)
        assert added.exit_code == 0, added.output
    shown = _run("scorepad", "show", "toy", "--json")
    assert shown.exit_code == 0, shown.output
    pad = json.loads(shown.output)
    assert pad["totals"] == {"P1": 4, "P2": 6}, pad  # 3 + 1 and 2 + 4, summed by the default scorepad table
    assert not pad["over"] and pad["result"] == "Ahead: P2 with 6."  # no target: it goes on, P2 leads
    from cardcli.scorepad.interactive import words

    assert "tricks" in words("highcard", ["P1", "P2"], ["P1", "P2"], [])  # the game's keyword completes


LESSON = """title = "The higher card"
summary = "The higher card wins the trick."
topics = ["play"]
dealer = "P2"

[position]
hands.P1 = ["AS", "3H", "7C", "9D", "2S"]
hands.P2 = ["KS", "4H", "8C", "TD", "5S"]

[[steps]]
kind = "quiz"
question = "Which is your highest card?"
answer = "{answer}"
compute = "highest P1"

[[steps]]
kind = "move"
expect = ["AS"]

[[steps]]
kind = "quiz"
question = "How many cards are left face down?"
answer = "42"
compute = "cards stock"
"""


def test_learn_check_on_a_lesson_for_the_new_game(game: Any, tmp_path: Path) -> None:
    folder = tmp_path / "highcard"
    folder.mkdir()
    good = folder / "01-the-higher-card.toml"
    good.write_text(LESSON.format(answer="AS"), encoding="utf-8")
    out = _run("learn", "--check", str(good))
    assert out.exit_code == 0, out.output
    wrong = folder / "02-wrong.toml"
    wrong.write_text(LESSON.format(answer="KS"), encoding="utf-8")
    out = _run("learn", "--check", str(wrong))
    assert out.exit_code != 0 and "AS" in out.output  # the game's own quiz word computed the answer
