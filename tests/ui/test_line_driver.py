"""Whole games through the line driver (stdin not a TTY), undo, save and resume."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from scripted import hinted_moves

from cardcli.cli import cli
from cardcli.saves import list_saves, load_save
from cardcli.session import Session


def only_save(game: str = "rummy") -> Path:
    saves = list_saves(game)
    assert len(saves) == 1, saves
    return saves[0].path


def scripted_moves(seed: str, players: int = 2, hands: int | None = None) -> list[str]:
    return hinted_moves("rummy", seed, players, 0, hands)


def test_a_whole_match_piped_on_stdin() -> None:
    moves = scripted_moves("pipe-1")
    res = CliRunner().invoke(cli, ["play", "rummy", "--seed", "pipe-1"], input="\n".join(moves) + "\n")
    assert res.exit_code == 0, res.output
    assert "Final scores:" in res.output
    assert "illegal" not in res.output and "not a move" not in res.output
    assert list_saves("rummy") == []  # a finished game leaves no save


def test_refusals_name_the_rule_and_the_game_goes_on() -> None:
    script = "discard KS\nd\nmeld 2C 3C 9H\nwhy\nfly\ndiscard ZZ\nscore\nquit\n"
    res = CliRunner().invoke(cli, ["play", "rummy", "--seed", "7"], input=script)
    assert res.exit_code == 0
    out = res.output
    assert "illegal: draw a card first" in out and "rule turn.draw-first" in out
    assert "Draw first: Every turn starts with a draw" in out or "not a run" in out or "do not hold" in out
    assert "not a move: 'fly' is not a rummy move" in out
    assert "'ZZ' is not a card" in out
    assert "Game saved as rummy-" in out and only_save().exists()


def test_quit_then_resume_continues_the_same_game(tmp_path: Path) -> None:
    res = CliRunner().invoke(cli, ["play", "rummy", "--seed", "7"], input="d\nquit\n")
    assert res.exit_code == 0
    saved, _record = load_save(only_save())
    assert saved.ply == 1
    res = CliRunner().invoke(cli, ["play", "--resume"], input="moves\nquit\n")
    assert res.exit_code == 0
    assert "discard" in res.output  # still P1's turn after the draw: discards are listed
    saved, _record = load_save(only_save())
    assert saved.ply == 1 and not saved.finished


def test_a_second_game_leaves_the_first_resumable() -> None:
    first = CliRunner().invoke(cli, ["play", "rummy", "--seed", "7"], input="d\nquit\n")
    assert first.exit_code == 0
    name = list_saves("rummy")[0].name
    second = CliRunner().invoke(cli, ["play", "rummy", "--seed", "8"], input="quit\n")
    assert second.exit_code == 0
    saves = list_saves("rummy")
    assert len(saves) == 2 and {s.seed for s in saves} == {"7", "8"}
    listed = CliRunner().invoke(cli, ["saves"])
    assert name in listed.output and "seed 7" in listed.output and "seed 8" in listed.output
    res = CliRunner().invoke(cli, ["play", "--resume", name], input="table\nquit\n")
    assert res.exit_code == 0 and "seed 7" in res.output
    session, _record = load_save(saves[0].path if saves[0].name == name else saves[1].path)
    assert session.seed == "7" and session.ply == 1


def test_eof_saves_like_quit() -> None:
    res = CliRunner().invoke(cli, ["play", "rummy", "--seed", "8"], input="d\n")
    assert res.exit_code == 0 and "Game saved" in res.output


def test_undo_stops_at_a_bot_reply_the_player_has_seen() -> None:
    moves = scripted_moves("undo-1", hands=1)
    first_two = moves[:2]  # a draw, then a discard (or meld)
    script = "\n".join(first_two) + "\nundo\nquit\n"
    res = CliRunner().invoke(cli, ["play", "rummy", "--seed", "undo-1"], input=script)
    assert res.exit_code == 0
    if first_two[1].startswith("discard"):  # the bot has answered: its turn cannot be unseen
        assert "cannot undo: P2 has moved since your last move" in res.output
    else:
        assert "took back your last move" in res.output


def test_undo_back_to_the_deal() -> None:
    script = "draw discard\nundo\nundo\nquit\n"  # taking the upcard reveals nothing
    res = CliRunner().invoke(cli, ["play", "rummy", "--seed", "7"], input=script)
    assert res.exit_code == 0
    assert "took back your last move" in res.output and "nothing to undo in this hand" in res.output


def test_undo_of_a_meld_then_replay(tmp_path: Path) -> None:
    """Own moves since the bot last acted can be taken back, one at a time, and the save follows."""
    s = Session.new("rummy", seed="7", players=2, human_seats=(0,))
    s.run_bots()
    s.play(s.resolve("draw discard"))
    assert s.undo() == 1 and s.ply == 0 and s.state.phase == "draw"


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
    res = CliRunner().invoke(cli, ["play", "rummy", "--seed", "7", "--players", "3", "--seat", "P2"], input="table\nquit\n")
    assert res.exit_code == 0 and "you are P2" in res.output
    res = CliRunner().invoke(cli, ["play", "rummy", "--seed", "7", "--players", "3", "--bots", "3"], input="quit\n")
    assert res.exit_code == 0 and "you are P1 & P2" in res.output


def test_undo_is_refused_where_it_would_reveal_a_verdict() -> None:
    res = CliRunner().invoke(cli, ["play", "eleusis", "--seed", "2", "--players", "3"], input="undo\nquit\n")
    assert res.exit_code == 0 and "undo is not available in Eleusis" in res.output


def test_undo_cannot_unsee_a_drawn_card() -> None:
    moves = scripted_moves("undo-1", hands=1)
    res = CliRunner().invoke(cli, ["play", "rummy", "--seed", "undo-1"], input=f"{moves[0]}\nundo\nquit\n")
    assert moves[0] == "draw stock"
    assert res.exit_code == 0 and "cannot undo: you have seen the card you drew from the stock" in res.output


@pytest.mark.parametrize(
    ("game", "first", "message"),
    [
        ("burraco", "draw", "you have seen the card you drew"),
        ("canasta", "draw", "you have seen the cards you drew"),
    ],
)
def test_undo_barriers_in_other_games(game: str, first: str, message: str) -> None:
    res = CliRunner().invoke(cli, ["play", game, "--seed", "4"], input=f"{first}\nundo\nquit\n")
    assert res.exit_code == 0 and message in res.output, res.output[-600:]


def test_undo_puts_back_a_face_up_pile_taken() -> None:
    """Burraco's discard pile is face up: taking it showed nothing hidden, so it can be undone (the README)."""
    res = CliRunner().invoke(cli, ["play", "burraco", "--seed", "4"], input="take\nundo\nmoves\nquit\n")
    assert res.exit_code == 0 and "took back your last move" in res.output, res.output[-600:]
    assert "draw" in res.output.split("took back your last move")[1]  # the turn starts again


def test_bridge_undo_cannot_hide_dummy_again() -> None:
    from cardcli.session import UndoRefused

    s = Session.new("bridge", seed=11, human_seats=(0, 1, 2, 3))  # four people at one table
    while s.state.phase != "play":
        if s.deal_if_needed() is None:
            move, _why = s.hint(s.to_act())
            s.play(move)
    leader = s.to_act()
    s.play(s.hint(leader)[0])
    assert s.state.phase == "play" and s.state.trick  # the opening lead is on the table
    with pytest.raises(UndoRefused, match="dummy's hand has been shown"):
        s.undo()


def test_bridge_undo_stops_at_the_bots_reply() -> None:
    from cardcli.session import UndoRefused

    s = Session.new("bridge", seed=11, human_seats=(2,))
    s.run_bots()
    move, _why = s.hint(2)
    s.play(move)
    s.run_bots()
    if s.hands[-1].moves[-1].seat != 2:
        with pytest.raises(UndoRefused, match="has moved since your last move"):
            s.undo()


def test_the_end_of_hand_score_is_printed_once() -> None:
    moves = hinted_moves("bridge", "5", 4, 0, None)
    res = CliRunner().invoke(cli, ["play", "bridge", "--seed", "5", "--hands", "1"], input="\n".join(moves) + "\n")
    assert res.exit_code == 0 and "Review of hand 1" in res.output  # the review follows the score
    assert res.output.count("Scorepad (rubber)") == 1, res.output[-3000:]
    assert res.output.count("NS: 1 overtrick = 20 above") == 1
