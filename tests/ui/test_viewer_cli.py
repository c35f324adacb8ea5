"""`replay view` (line mode and a real terminal), `replay show --reveal`, `replay play` from a position."""

from __future__ import annotations

import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.replay.io import read
from cardcli.replay.journal import read_journal

ROOT = Path(__file__).resolve().parents[2]
RUMMY = ROOT / "replays" / "rummy" / "three-players-seed-7.cardcli.json"
BRIDGE = ROOT / "replays" / "bridge" / "making-game.cardcli.json"

DEAL_ONLY = """[Event "?"]
[Board "5"]
[Dealer "W"]
[Vulnerable "None"]
[Deal "W:AJ652.973.7.KT85 Q4.JT65.AQ982.A7 73.Q84.K654.QJ93 KT98.AK2.JT3.642"]
[Declarer "?"]
[Contract "?"]
[Result "?"]
"""


def run(*args: str, input: str | None = None) -> tuple[int, str]:
    res = CliRunner().invoke(cli, list(args), input=input)
    return res.exit_code, res.output


def test_line_mode_enter_shows_the_next_position() -> None:
    code, out = run("replay", "view", str(RUMMY), "--charset", "ascii", input="\n\nquit\n")
    assert code == 0 and "move 1/" in out and "move 2/" in out


def test_line_mode_understands_paging_keys_and_never_echoes_escapes() -> None:
    code, out = run("replay", "view", str(RUMMY), "--charset", "ascii", input="\x1b[4~\n\x1b[25~\nquit\n")
    assert code == 0 and "\x1b" not in out and "unknown command" not in out
    assert "that key does nothing at this prompt" in out
    assert "is over:" in out  # End went to the last move, where the hand's score is shown


def test_line_mode_shows_the_score_at_a_hands_end() -> None:
    replay = read(RUMMY)
    code, out = run("replay", "view", str(RUMMY), "--charset", "ascii", input=f"jump 1.{len(replay.hands[0].moves)}\nquit\n")
    assert code == 0 and "Hand 1 is over:" in out


def test_show_reveal_prints_every_hand_as_dealt() -> None:
    code, out = run("replay", "show", str(RUMMY), "--reveal", "--charset", "ascii")
    first = read(RUMMY).hands[0]
    assert code == 0 and "P1: " in out and "P3: " in out
    hand_1 = out.split("Hand 2 ")[0]
    dealt_p2 = first.deck[1:21:3]  # P2 is first to be dealt to (P1 deals), one card at a time
    assert all(c in hand_1 for c in dealt_p2)
    code, plain = run("replay", "show", str(RUMMY), "--charset", "ascii")
    assert code == 0 and "P3: " not in plain


def test_play_on_from_a_position_keeps_the_moves_and_the_seed() -> None:
    replay = read(RUMMY)
    code, out = run("replay", "play", str(RUMMY), "--at", "1.10", "--seat", "P1", "--charset", "ascii", input="quit\n")
    assert code == 0 and "Playing on from hand 1, move 10, as P1" in out
    saves = list(_home().glob("saves/rummy-*.cardcli.jsonl"))
    assert len(saves) == 1
    game, _record = read_journal(saves[0])
    assert game.seed == replay.seed and len(game.hands) == 1
    assert game.hands[0].deck == replay.hands[0].deck
    assert [m.move for m in game.hands[0].moves[:10]] == [m.move for m in replay.hands[0].moves[:10]]
    assert [s.kind for s in game.seats] == ["human", "bot", "bot"]
    assert read(RUMMY) == replay  # the original file is not written


def test_play_on_refuses_bad_positions() -> None:
    code, out = run("replay", "play", str(BRIDGE), "--at", "7.1")
    assert code == 1 and "there is no hand 7" in out
    code, out = run("replay", "play", str(BRIDGE), "--at", "one")
    assert code == 2 and "--at takes HAND.MOVE" in out
    code, out = run("replay", "play", str(BRIDGE), "--at", "1.999")
    assert code == 1 and "the match is over" in out


def test_a_deal_only_pbn_imports_and_plays(tmp_path: Path) -> None:
    pbn = tmp_path / "d5.pbn"
    pbn.write_text(DEAL_ONLY)
    code, out = run("replay", "import", str(pbn))
    assert code == 0, out
    code, out = run("replay", "verify", str(tmp_path / "d5.cardcli.json"))
    assert code == 0 and "0 moves" in out
    code, out = run("replay", "play", str(pbn), "--seat", "South", "--charset", "ascii", input="moves\nquit\n")
    assert code == 0 and "as South" in out and "South>" in out
    code, out = run("play", "--resume", str(tmp_path / "d5.cardcli.json"), "--seat", "S", input="quit\n")
    assert "neither an auction nor a contract" not in out


def _home() -> Path:
    import os

    return Path(os.environ["CARDCLI_HOME"])


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_the_viewer_in_a_real_terminal(tmp_path: Path) -> None:
    from terminal import Terminal

    first = len(read(RUMMY).hands[0].moves)
    with Terminal("replay", "view", str(RUMMY), home=tmp_path, rows=24, cols=80) as term:
        assert term.expect("? help"), term.text
        # the screen is redrawn by differences; Ctrl-L draws it whole, so each position can be read
        for key, expect in (
            ("\x1b[C", "move 1/"),
            ("\x1b[B", "move 3/"),
            ("\x1b[6~", "Hand 2/29 · move 0/"),
            ("\x1b[5~", "Hand 1/29 · move 0/"),
            ("\x1b[D", "Hand 1/29 · move 0/"),
            (f"/1.{first}\r", "Hand 1 is over:"),
            ("\x1b[C", "Hand 2/29 · move 0/"),
            ("\x1b[F", "is over"),
        ):
            start = len(term.buf)
            term.send(key)
            time.sleep(0.2)
            term.send("\x0c")
            assert term.expect(expect, since=start), term.text[start:]
        term.send("q")
        assert term.wait() == 0
    assert "Traceback" not in term.text
    with Terminal("replay", "view", str(BRIDGE), home=tmp_path, rows=24, cols=80) as term:
        assert term.expect("? help"), term.text
        start = len(term.buf)
        term.send("\x1b[6~")  # one hand only: PgDn stays on it
        term.send("\x1b[F")
        time.sleep(0.2)
        term.send("\x0c")
        assert term.expect("Hand 1 is over:", since=start), term.text[start:]
        term.send("\x03")
        assert term.wait() == 0  # Ctrl-C quits as q does: a viewer has nothing to save
    assert "Aborted" not in term.text and "Traceback" not in term.text


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_the_line_viewer_quits_on_ctrl_c_with_0(tmp_path: Path) -> None:
    from terminal import Terminal

    with Terminal("replay", "view", str(RUMMY), "--plain", home=tmp_path, rows=24, cols=80) as term:
        assert term.expect("view> "), term.text
        term.line("\x1b[6~", "Hand 2/29 · move 0/")
        # at a line prompt the terminal turns Ctrl-C into SIGINT for its foreground process; the
        # test's terminal is not the child's controlling one, so the signal is sent as the terminal would
        import signal

        term.proc.send_signal(signal.SIGINT)
        assert term.wait() == 0
    assert "Aborted" not in term.text and "Traceback" not in term.text


# -- `cardcli play --from` and `play bridge --deal` -------------------------------------------------
ACBL = ROOT / "tests" / "data" / "pbn" / "acbl-hand-records.pbn"


def test_play_from_a_shipped_replay_at_1_10_records_the_same_10_moves(tmp_path: Path) -> None:
    original = read(BRIDGE)
    out = tmp_path / "new.cardcli.json"
    code, text = run(
        "play", "--from", f"{BRIDGE}@1.10", "--seat", "South", "--record", str(out), "--charset", "ascii", input="quit\n"
    )
    assert code == 0 and "Playing on from hand 1, move 10, as South" in text
    game = read(out)
    assert game.hands[0].deck == original.hands[0].deck
    assert len(game.hands[0].moves) >= 10
    assert [(m.seat, m.move) for m in game.hands[0].moves[:10]] == [(m.seat, m.move) for m in original.hands[0].moves[:10]]
    assert read(BRIDGE) == original


def test_play_from_a_share_code_and_from_the_first_deal(tmp_path: Path) -> None:
    share = CliRunner().invoke(cli, ["share", str(RUMMY), "-q"]).output.strip()
    out = tmp_path / "coded.cardcli.json"
    code, text = run("play", "--from", f"{share}@2.3", "--seat", "P2", "--record", str(out), "--charset", "ascii", input="quit\n")
    assert code == 0 and "Playing on from hand 2, move 3, as P2" in text, text
    original, game = read(RUMMY), read(out)
    assert [h.deck for h in game.hands] == [h.deck for h in original.hands[:2]]
    assert [m.move for m in game.hands[1].moves[:3]] == [m.move for m in original.hands[1].moves[:3]]
    code, text = run("play", "rummy", "--from", str(RUMMY), "--charset", "ascii", input="quit\n")
    assert code == 0 and "Playing on from hand 1, move 0" in text


def test_play_from_refuses_what_it_cannot_start() -> None:
    code, text = run("play", "--from", f"{RUMMY}@x")
    assert code == 2 and "--from takes FILE_OR_CODE@HAND.MOVE" in text
    code, text = run("play", "bridge", "--from", str(RUMMY))
    assert code == 2 and "is a rummy game, not bridge" in text
    code, text = run("play", "--from", str(RUMMY), "--deal", str(ACBL))
    assert code == 2 and "give one of them" in text
    code, text = run("play", "--from", f"{RUMMY}@40.1")
    assert code == 1 and "there is no hand 40" in text


def test_play_bridge_deal_plays_a_deal_only_board(tmp_path: Path) -> None:
    pbn = tmp_path / "d5.pbn"
    pbn.write_text(DEAL_ONLY)
    out = tmp_path / "d5-played.cardcli.json"
    code, text = run(
        "play", "bridge", "--deal", str(pbn), "--seat", "South", "--record", str(out), "--charset", "ascii", input="quit\n"
    )
    assert code == 0 and "as South" in text and "South>" in text, text
    assert "neither an auction nor a contract" not in text
    game = read(out)
    assert game.hands[0].dealer == 3 and len(game.hands) == 1  # West deals board 5


def test_play_bridge_deal_takes_the_board_asked_for(tmp_path: Path) -> None:
    imported = tmp_path / "acbl.cardcli.json"
    assert run("replay", "import", str(ACBL), "-o", str(imported))[0] == 0
    board3 = read(imported).hands[2]
    out = tmp_path / "b3.cardcli.json"
    code, text = run(
        "play", "bridge", "--deal", f"{ACBL}:3", "--seat", "South", "--record", str(out), "--charset", "ascii", input="quit\n"
    )
    assert code == 0, text
    hand = read(out).hands[0]
    assert hand.deck == board3.deck and hand.dealer == board3.dealer == 2  # board 3: South deals
    code, text = run("play", "bridge", "--deal", f"{ACBL}:9")
    assert code == 1 and "has 4 boards; there is no board 9" in text
    code, text = run("play", "bridge", "--deal", str(RUMMY))
    assert code == 2 and "--deal takes a deal file" in text


def test_play_bridge_deal_takes_one_hand_of_a_rubber(tmp_path: Path) -> None:
    pbn = tmp_path / "rubber.pbn"
    assert (
        run(
            "replay",
            "export",
            str(ROOT / "replays" / "bridge" / "rubber-seed-11.cardcli.json"),
            "--format",
            "pbn",
            "-o",
            str(pbn),
        )[0]
        == 0
    )
    original = read(ROOT / "replays" / "bridge" / "rubber-seed-11.cardcli.json").hands[1]
    out = tmp_path / "h2.cardcli.json"
    code, text = run(
        "play", "bridge", "--deal", f"{pbn}:2", "--seat", "South", "--record", str(out), "--charset", "ascii", input="quit\n"
    )
    assert code == 0, text
    hand = read(out).hands[0]
    assert hand.deck == original.deck and hand.dealer == original.dealer


def test_play_bridge_deal_takes_a_board_by_its_own_number(tmp_path: Path) -> None:
    """Hand records often start at board 17: `--deal FILE:18` is the board the file calls 18."""
    text = ACBL.read_text(encoding="latin-1")
    for n in (4, 3, 2, 1):
        text = text.replace(f'[Board "{n}"]', f'[Board "{n + 16}"]')
    pbn = tmp_path / "from17.pbn"
    pbn.write_text(text, encoding="latin-1")
    out = tmp_path / "b18.cardcli.json"
    code, text_out = run(
        "play", "bridge", "--deal", f"{pbn}:18", "--seat", "South", "--record", str(out), "--charset", "ascii", input="quit\n"
    )
    assert code == 0, text_out
    assert run("replay", "import", str(ACBL), "-o", str(tmp_path / "acbl.cardcli.json"))[0] == 0
    board2 = read(tmp_path / "acbl.cardcli.json").hands[1]  # board 18 is the file's second board
    assert read(out).hands[0].deck == board2.deck
    second = tmp_path / "second.cardcli.json"  # no board is numbered 2: the file's second board
    code, text_out = run(
        "play", "bridge", "--deal", f"{pbn}:2", "--seat", "South", "--record", str(second), "--charset", "ascii", input="quit\n"
    )
    assert code == 0 and read(second).hands[0].deck == board2.deck, text_out
