"""Issue 12, the rest: `--declare auto`; the bridge table turned round the declarer's seat when
you play partner's contract; a card from dummy told the same way in the log and on the table;
undo of a card you played for partner; the hand with numbers to count by (rummy family) and the
last discard marked; and the eleusis dealer stepping through the plays."""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.engine.text import text_width
from cardcli.session import Session, UndoRefused
from cardcli.ui.commands import Controller
from cardcli.ui.console import Console


@pytest.fixture(autouse=True)
def _home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDCLI_HOME", str(tmp_path))


def _controller(game: str, seed: int, charset: str = "unicode", **kw: Any) -> tuple[Controller, io.StringIO]:
    s = Session.new(game, seed=seed, **kw)
    out = io.StringIO()
    return Controller(s, Console(out=out, color=False, charset=charset)), out  # type: ignore[arg-type]


def _table(c: Controller, out: io.StringIO) -> list[str]:
    out.seek(0)
    out.truncate()
    c.show_table()
    return out.getvalue().splitlines()


# -- bridge: --declare ------------------------------------------------------------------------


def test_declare_auto_is_the_default_and_documented() -> None:
    r = CliRunner().invoke(cli, ["play", "--help"], terminal_width=200)
    assert r.exit_code == 0
    text = " ".join(r.output.split())
    assert "--declare [auto|me|partner]" in text and "default: auto" in text
    assert "the table turns so that the declarer's hand is at the bottom" in text
    import inspect

    from cardcli.commands.play import run_play

    assert inspect.signature(run_play).parameters["declare"].default == "auto"


_LOG: list[tuple[int, str]] = []


def _hand_one() -> list[tuple[int, str]]:
    """Seed 39, you South passing throughout: North declares 1H and North's bot plays it (once)."""
    if not _LOG:
        s = Session.new("bridge", seed=39, human_seats=(2,))
        s.deal_if_needed()
        while not s.game.hand_over(s.state):
            s.run_bots(observer=2, stop_at_hand_end=True)
            if s.to_act() == 2:
                s.play(s.resolve("P"), observer=2)
        _LOG.extend((m.seat, m.move) for m in s.hands[0].moves)
    return _LOG


def _partner_declares(declare: str = "auto", charset: str = "unicode", plays: int = 1) -> tuple[Controller, io.StringIO]:
    """That hand replayed to ``plays`` cards into the play (East's opening lead: 1)."""
    c, out = _controller("bridge", 39, charset, human_seats=(2,))
    s = c.session
    s.declare = declare
    s.deal_if_needed()
    log = _hand_one()
    calls = next(i for i, (_seat, m) in enumerate(log) if m.startswith("play"))
    for seat, move in log[: calls + plays]:
        assert s.to_act() == seat
        s.play(s.resolve(move), observer=2)
    assert s.state.contract is not None and s.state.contract.declarer == 0
    return c, out


def test_auto_plays_partners_contract_from_the_declarers_seat_with_the_table_turned() -> None:
    c, out = _partner_declares("auto")
    s = c.session
    assert s.to_act() == 0 and s.is_human(0) and c.seat == 0  # you act from North's seat
    lines = _table(c, out)
    top = next(i for i, ln in enumerate(lines) if "South (dummy" in ln)
    bottom = next(i for i, ln in enumerate(lines) if "North (you, declarer" in ln)
    assert top < bottom  # dummy's hand on top, the declarer's below
    # East, North's left-hand opponent, on the left; West on the right
    sides = next(ln for ln in lines[top:bottom] if "East" in ln and "West" in ln)
    assert sides.index("East") < sides.index("West")
    assert all(text_width(ln) <= 80 for ln in lines), lines
    assert len(lines) <= 20  # the table and the prompt fit 24 rows
    # the same seat at the bottom between your turns (the bots' plays): still North's eyes
    assert s.eyes() == 0


def test_partner_and_a_spectator_keep_south_at_the_bottom() -> None:
    c, out = _partner_declares("partner")
    s = c.session
    assert c.seat == 2 and not s.is_human(0)
    lines = _table(c, out)
    north = next(i for i, ln in enumerate(lines) if "North (declarer" in ln)
    south = next(i for i, ln in enumerate(lines) if "South (you" in ln)
    assert north < south


def _play_until(c: Controller, until: Any, limit: int = 200) -> None:
    s = c.session
    for _i in range(limit):
        if until():
            return
        actor = s.to_act()
        assert actor is not None and s.is_human(actor)
        move, _why = s.hint(actor)
        c.handle(s.game.format_move(move))
    raise AssertionError("never reached")


def test_a_card_from_dummy_is_told_as_the_trick_line_shows_it() -> None:
    c, out = _partner_declares("auto", charset="ascii")
    s = c.session
    # North to play from dummy (South's hand): after East's lead it is dummy's turn
    assert s.state.turn == 2 and s.to_act() == 0
    card = (
        s.state.hands[2][0]
        if not s.state.trick
        else next(x for x in s.state.hands[2] if x[1] == s.state.trick[0][1])
        if any(x[1] == s.state.trick[0][1] for x in s.state.hands[2])
        else s.state.hands[2][0]
    )
    out.seek(0)
    out.truncate()
    c.handle(f"play {card}")
    text = out.getvalue()
    told = f"North plays {card} from dummy (South)"
    assert told in text, text
    trick = next(ln for ln in text.splitlines() if ln.startswith("Trick 1:"))
    assert f"South {card}" in trick  # the same card, from the same hand


def test_dummy_narration_when_dummy_leads() -> None:
    from cardcli.engine.game import Outcome
    from cardcli.engine.registry import load
    from cardcli.games.bridge import moves as mv

    game = load("bridge")
    lead = Outcome(0, mv.Play("6C"), {"dummy": 2, "declarer": 0, "lead": True, "first": False, "from_dummy": True})
    assert game.narrate(lead, 2) == "North leads 6C from dummy (South)"
    own = Outcome(0, mv.Play("6C"), {"dummy": 2, "declarer": 0, "lead": True, "first": False, "from_dummy": False})
    assert game.narrate(own, 2) == "North leads 6C"


def test_undo_takes_back_a_card_you_played_for_partner() -> None:
    c, out = _partner_declares("auto", charset="ascii")
    s = c.session
    before = list(s.state.hands[2])
    ply = s.ply
    c.autoplay = False
    move, _why = s.hint(0)
    events = s.play(move, observer=0)  # dummy's card (North's move in the log)
    assert s.hands[-1].moves[-1].seat == 0 and events
    assert s.undo() == 1  # your move, though logged as North's
    assert s.ply == ply and list(s.state.hands[2]) == before
    # once a bot has answered, undo is refused as for any move of yours
    s.play(move, observer=0)
    s.run_bots(observer=0)
    if s.hands[-1].moves[-1].seat in (1, 3):
        with pytest.raises(UndoRefused):
            s.undo()


def test_undo_with_declare_partner_does_not_take_back_the_bots_card() -> None:
    c, _out = _partner_declares("partner", plays=2)
    s = c.session
    # North's bot played dummy's card: not yours to take back
    assert s.hands[-1].moves[-1].seat == 0
    with pytest.raises(UndoRefused):
        s.undo()


# -- the rummy family: the hand with numbers, the last discard marked ---------------------------


@pytest.mark.parametrize(("game", "players"), [("burraco", 4), ("canasta", 4), ("rummy", 2)])
def test_the_hand_has_numbers_to_count_by_for_reading_only(game: str, players: int) -> None:
    c, out = _controller(game, 5, players=players)
    c.start()
    lines = _table(c, out)
    at = next(i for i, ln in enumerate(lines) if ln.startswith("Your hand ("))
    hand, numbers = lines[at], lines[at + 1]
    cards = hand.split(": ", 1)[1].split()
    start = len(hand.split(": ", 1)[0]) + 2
    # each number stands under the first column of its card
    col = start
    for i, card in enumerate(cards, 1):
        assert numbers[col : col + len(str(i))] == str(i), (hand, numbers)
        col += text_width(card) + 1
    if text_width(numbers) + len("  (for counting only)") <= 78:  # the note when it fits (`help` always says it)
        assert "(for counting only)" in numbers
    assert text_width(hand) <= 78 and text_width(numbers) <= 78
    # numbers are never read as moves: `discard 1` is an ace, not the first card
    s = c.session
    first = c.session.view(c.seat).hand[0]
    if not first.startswith("A"):
        try:
            move = s.resolve("discard 1", remember=False)
        except Exception:  # noqa: BLE001 - refused or not a move: either way not the first card
            move = None
        assert move is None or first not in s.game.format_move(move)
    out.seek(0)
    out.truncate()
    c.handle("help")
    assert "The numbers under your hand are for counting only" in out.getvalue()


def test_words_keep_one_line_without_numbers() -> None:
    c, out = _controller("burraco", 5, "words", players=4)
    c.start()
    lines = _table(c, out)
    at = next(i for i, ln in enumerate(lines) if ln.startswith("Your hand ("))
    assert "of" in lines[at] and not any(ln.strip()[:1].isdigit() for ln in lines[at + 1 :])


def test_a_long_hand_breaks_into_numbered_rows() -> None:
    from cardcli.games.handline import hand_lines

    cards = ["TC", "TD", "TH", "TS", "9C", "9D"] * 5
    lines = hand_lines([("label", "Your hand (30): ")], cards, "unicode")
    plain = ["".join(t for _s, t in ln) for ln in lines]
    assert len(plain) == 4 and all(text_width(p) <= 78 for p in plain)
    assert plain[1].split()[0] == "1" and plain[3].split()[0] == str(len(plain[0].split(": ")[1].split()) + 1)


@pytest.mark.parametrize(("game", "players", "label"), [("canasta", 4, "Pozzo: ["), ("rummy", 2, "Discard pile: [")])
def test_the_last_discard_is_marked(game: str, players: int, label: str) -> None:
    c, out = _controller(game, 5, "ascii", players=players)
    c.start()
    assert any(ln.startswith(label) for ln in _table(c, out))


# -- eleusis: the dealer steps through the plays ---------------------------------------------------


def _dealer(answers: list[str], pace: float = 0.001) -> tuple[Controller, io.StringIO, list[str]]:
    c, out = _controller("eleusis", 3, "ascii", players=3, human_seats=(0,))
    s = c.session
    from cardcli.engine.fold import Table

    s.first_dealer = 0
    s.table = Table(s.game, s.config, s.players, 0)
    asked: list[str] = []

    def read_key(message: str) -> str:
        asked.append(message)
        return answers.pop(0) if answers else ""

    c.read_key = read_key
    c.wait_for_key = lambda message: asked.append(message)
    c.pace = pace
    c.start()
    return c, out, asked


def test_the_dealer_steps_one_play_at_a_time_then_finishes() -> None:
    c, out, asked = _dealer(["s", "", "s", "f"])
    c.handle("rule accept: color(c) != color(p1)")
    text = out.getvalue()
    assert asked[0].startswith("Enter: play on at the pace")
    assert [a for a in asked[1:4]] == ["Enter or s: next play · c: play on at the pace · f: finish the hand "] * 3
    assert asked[4:] == ["Press Enter for the next hand "]  # `f`: the rest of the hand at once
    assert text.count("mainline (") == 4  # the mainline after each watched play
    assert c.session.hands[0] is not None and c.session.results[0] is not None


def test_enter_plays_on_at_the_pace_and_a_key_typed_meanwhile_steps() -> None:
    c, out, asked = _dealer([""], pace=0.001)
    typed = iter([None, None, "s\n"])
    c.poll_key = lambda: next(typed, None)
    c.handle("rule accept: color(c) != color(p1)")
    assert asked[0].startswith("Enter: play on at the pace")
    assert asked[1].startswith("Enter or s: next play")  # the `s` typed during the plays
    assert out.getvalue().count("mainline (") > 4


def test_fast_and_piped_play_never_stop() -> None:
    c, out, asked = _dealer(["s"], pace=0.0)
    c.handle("rule accept: color(c) != color(p1)")
    assert asked == ["Press Enter for the next hand "] and "mainline (" not in out.getvalue()
    r = CliRunner().invoke(
        cli,
        ["play", "eleusis", "--players", "3", "--dealer", "me", "--seed", "3", "--pace", "1"],
        input="rule accept: color(c) != color(p1)\nquit\n",
    )
    assert r.exit_code == 0 and "Enter: play on" not in r.output and "Hand 2:" in r.output


@pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX pseudo-terminal")
def test_the_dealer_steps_in_a_real_terminal(tmp_path: Path) -> None:
    from terminal import Terminal

    with Terminal(
        "play", "eleusis", "--players", "3", "--dealer", "me", "--seed", "3", "--pace", "0.05", home=tmp_path, rows=24, cols=80
    ) as term:
        assert term.expect("P1>"), term.text
        term.line("rule accept: color(c) != color(p1)", "Enter: play on at the pace")
        mark = len(term.buf)
        term.send("s\r")
        assert term.expect("mainline (", since=mark), term.text[-2000:]
        assert term.expect("Enter or s: next play", since=mark)
        mark = len(term.buf)
        term.send("\r")
        assert term.expect("Enter or s: next play", since=mark)
        mark = len(term.buf)
        term.send("f\r")
        assert term.expect("Press Enter for the next hand", since=mark, timeout=30), term.text[-2000:]
        time.sleep(0.2)
        term.send("\r")
        assert term.expect("Hand 2:", since=mark)
        assert term.expect("your turn", since=mark)
        time.sleep(0.5)  # the prompt is up: what is typed now is input
        term.line("quit", "Game saved")
        assert term.wait() == 0
    assert "Traceback" not in term.text
