"""Whole games through the line driver (stdin not a TTY), undo, save and resume."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from scripted import hinted_moves

from cardcli.cli import cli
from cardcli.paths import autosave_path
from cardcli.session import Session


def scripted_moves(seed: str, players: int = 2, hands: int | None = None) -> list[str]:
    return hinted_moves("rummy", seed, players, 0, hands)


def test_a_whole_match_piped_on_stdin() -> None:
    moves = scripted_moves("pipe-1")
    res = CliRunner().invoke(cli, ["play", "rummy", "--seed", "pipe-1"], input="\n".join(moves) + "\n")
    assert res.exit_code == 0, res.output
    assert "Final scores:" in res.output
    assert "illegal" not in res.output and "not a move" not in res.output
    assert not autosave_path("rummy").exists()  # a finished game leaves no autosave


def test_refusals_name_the_rule_and_the_game_goes_on() -> None:
    script = "discard KS\nd\nmeld 2C 3C 9H\nwhy\nfly\ndiscard ZZ\nscore\nquit\n"
    res = CliRunner().invoke(cli, ["play", "rummy", "--seed", "7"], input=script)
    assert res.exit_code == 0
    out = res.output
    assert "illegal: draw a card first" in out and "rule turn.draw-first" in out
    assert "Draw first: Every turn starts with a draw" in out or "not a run" in out or "do not hold" in out
    assert "not a move: 'fly' is not a rummy move" in out
    assert "'ZZ' is not a card" in out
    assert "Game saved to" in out and autosave_path("rummy").exists()


def test_quit_then_resume_continues_the_same_game(tmp_path: Path) -> None:
    res = CliRunner().invoke(cli, ["play", "rummy", "--seed", "7"], input="d\nquit\n")
    assert res.exit_code == 0 and autosave_path("rummy").exists()
    saved = Session.from_replay(__import__("cardcli.replay.io", fromlist=["read"]).read(autosave_path("rummy")))
    assert saved.ply == 1
    res = CliRunner().invoke(cli, ["play", "--resume"], input="moves\nquit\n")
    assert res.exit_code == 0
    assert "discard" in res.output  # still P1's turn after the draw: discards are listed
    res = CliRunner().invoke(cli, ["replay", "verify", str(autosave_path("rummy"))])
    assert res.exit_code == 0 and "unfinished" in res.output


def test_eof_saves_like_quit() -> None:
    res = CliRunner().invoke(cli, ["play", "rummy", "--seed", "8"], input="d\n")
    assert res.exit_code == 0 and "Game saved" in res.output


def test_undo_takes_back_the_bots_replies_too() -> None:
    moves = scripted_moves("undo-1", hands=1)
    first_two = moves[:2]  # a draw, then a discard (or meld): the bot then answers
    script = "\n".join(first_two) + "\nundo\nundo\nquit\n"
    res = CliRunner().invoke(cli, ["play", "rummy", "--seed", "undo-1"], input=script)
    assert res.exit_code == 0
    assert "took back" in res.output  # the discard and the bot's whole turn
    assert "cannot undo: you have seen the card you drew" in res.output  # but not the draw


def test_undo_back_to_the_deal() -> None:
    script = "draw discard\nundo\nundo\nquit\n"  # taking the upcard reveals nothing
    res = CliRunner().invoke(cli, ["play", "rummy", "--seed", "7"], input=script)
    assert res.exit_code == 0
    assert "took back 1 moves" in res.output and "nothing to undo in this hand" in res.output


def test_hint_is_recorded(tmp_path: Path) -> None:
    rec = tmp_path / "h.cardcli.json"
    res = CliRunner().invoke(cli, ["play", "rummy", "--seed", "7", "--record", str(rec)], input="hint\nquit\n")
    assert res.exit_code == 0 and "hint: draw" in res.output
    text = rec.read_text()
    assert '"kind": "hint"' in text


def test_record_file_of_a_resumed_game(tmp_path: Path) -> None:
    rec = tmp_path / "r.cardcli.json"
    CliRunner().invoke(cli, ["play", "rummy", "--seed", "9", "--record", str(rec)], input="d\nquit\n")
    assert rec.exists()
    res = CliRunner().invoke(cli, ["play", "--resume", str(rec)], input="table\nquit\n")
    assert res.exit_code == 0 and "Your hand (11)" in res.output


def test_hotseat_and_seat_choice() -> None:
    res = CliRunner().invoke(cli, ["play", "rummy", "--seed", "7", "--players", "3", "--seat", "P2"],
                             input="table\nquit\n")
    assert res.exit_code == 0 and "you are P2" in res.output
    res = CliRunner().invoke(cli, ["play", "rummy", "--seed", "7", "--players", "3", "--bots", "3"],
                             input="quit\n")
    assert res.exit_code == 0 and "you are P1 & P2" in res.output


def test_undo_is_refused_where_it_would_reveal_a_verdict() -> None:
    res = CliRunner().invoke(cli, ["play", "eleusis", "--seed", "2", "--players", "3"], input="undo\nquit\n")
    assert res.exit_code == 0 and "undo is not available in Eleusis" in res.output


def test_undo_cannot_unsee_a_drawn_card() -> None:
    moves = scripted_moves("undo-1", hands=1)
    res = CliRunner().invoke(cli, ["play", "rummy", "--seed", "undo-1"], input=f"{moves[0]}\nundo\nquit\n")
    assert moves[0] == "draw stock"
    assert res.exit_code == 0 and "cannot undo: you have seen the card you drew from the stock" in res.output


@pytest.mark.parametrize(("game", "first", "message"), [
    ("burraco", "draw", "you have seen the card you drew"),
    ("canasta", "draw", "you have seen the cards you drew"),
])
def test_undo_barriers_in_other_games(game: str, first: str, message: str) -> None:
    res = CliRunner().invoke(cli, ["play", game, "--seed", "4"], input=f"{first}\nundo\nquit\n")
    assert res.exit_code == 0 and message in res.output, res.output[-600:]


def test_bridge_undo_cannot_hide_dummy_again() -> None:
    from cardcli.session import UndoRefused

    s = Session.new("bridge", seed=11, human_seats=(2,))
    s.run_bots()
    while s.state.phase == "auction":
        move, _why = s.hint(2)
        s.play(move)
        s.run_bots()
    assert s.state.phase == "play" and s.state.trick  # the opening lead is on the table
    with pytest.raises(UndoRefused, match="dummy's hand has been shown"):
        s.undo()
