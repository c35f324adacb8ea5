"""The key-driven replay viewer: keys move the position, every screen fits 80×24, secrets stay secret."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from cardcli.replay.io import read
from cardcli.ui.viewer.app import KeyViewer, PlayOn
from cardcli.ui.viewer.layout import compose, line_width, to_text
from cardcli.ui.viewer.model import ViewerModel, parse_position

ROOT = Path(__file__).resolve().parents[2]
REPLAYS = sorted((ROOT / "replays").glob("*/*.cardcli.json"))
BRIDGE = ROOT / "replays" / "bridge" / "making-game.cardcli.json"
RUBBER = ROOT / "replays" / "bridge" / "rubber-seed-11.cardcli.json"
RUMMY = ROOT / "replays" / "rummy" / "three-players-seed-7.cardcli.json"
ELEUSIS = ROOT / "replays" / "eleusis" / "seed-2-five-bots.cardcli.json"

RIGHT, LEFT, UP, DOWN = "\x1b[C", "\x1b[D", "\x1b[A", "\x1b[B"
PGDN, PGUP, HOME, END = "\x1b[6~", "\x1b[5~", "\x1b[H", "\x1b[F"


class _Screen(DummyOutput):
    def __init__(self, rows: int = 24, columns: int = 80) -> None:
        self.size = Size(rows=rows, columns=columns)

    def get_size(self) -> Size:
        return self.size


def press(path: Path, keys: str, rows: int = 24, columns: int = 80, **kw: Any) -> tuple[Any, KeyViewer]:
    """Run the viewer on ``path`` with ``keys`` typed (they must end by leaving it)."""
    viewer = KeyViewer(ViewerModel(read(path), **kw))
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        result = viewer.application(pipe, _Screen(rows, columns)).run()
    return result, viewer


def drawn(viewer: KeyViewer) -> str:
    return "\n".join(to_text(viewer.last))


def test_arrows_step_one_move_and_q_quits() -> None:
    result, v = press(RUMMY, RIGHT * 3 + LEFT + "q")
    assert result == 0 and (v.model.hand, v.model.ply) == (1, 2)
    assert "Hand 1/" in drawn(v) and "move 2/" in drawn(v)


def test_up_and_down_move_a_trick_in_bridge() -> None:
    m = ViewerModel(read(BRIDGE))
    m.turn(1)  # the whole auction
    assert m.ply == len([s for s in m.timeline.steps[0] if s.notation[0] in "1234567PX"])
    view = m.game.view(m.state(), None)
    assert view.phase == "play" and not view.trick
    m.turn(1)
    assert len(m.game.view(m.state(), None).tricks) == 1
    m.turn(1)
    m.turn(-1)
    assert len(m.game.view(m.state(), None).tricks) == 1
    _r, v = press(BRIDGE, DOWN * 3 + UP + "q")
    assert (v.model.hand, v.model.ply) == (m.hand, m.ply)


def test_down_moves_a_turn_in_rummy() -> None:
    m = ViewerModel(read(RUMMY))
    m.turn(1)
    steps = m.timeline.steps[0]
    assert len({s.seat for s in steps[: m.ply]}) == 1 and steps[m.ply].seat != steps[0].seat


def test_paging_home_end_and_jump() -> None:
    _r, v = press(RUBBER, PGDN + PGDN + "q")
    assert (v.model.hand, v.model.ply) == (3, 0)
    _r, v = press(RUBBER, END + "q")
    assert v.model.hand == v.model.hands and v.model.ply == v.model.moves()
    _r, v = press(RUBBER, END + HOME + "q")
    assert (v.model.hand, v.model.ply) == (1, 0)
    _r, v = press(RUBBER, "/2.7\r" + "q")
    assert (v.model.hand, v.model.ply) == (2, 7)
    _r, v = press(RUBBER, PGDN + "/9\r" + "q")
    assert (v.model.hand, v.model.ply) == (2, 9)
    _r, v = press(RUBBER, "/99.1\r" + "q")
    assert (v.model.hand, v.model.ply) == (1, 0) and "no hand 99" in drawn(v)
    assert parse_position("x.1", 1) is None and parse_position("12", 3) == (3, 12)


def test_seat_cycles_and_all_hands() -> None:
    _r, v = press(RUMMY, "s" + "q")
    assert v.model.seat == 0 and "P1" in to_text(v.last)[0]
    _r, v = press(RUMMY, "sss" + "q")
    assert v.model.seat == 2
    _r, v = press(RUMMY, "ssss" + "q")
    assert v.model.seat == 0  # round again
    _r, v = press(RUMMY, "ssa" + "q")
    assert v.model.seat is None and "all hands" in to_text(v.last)[0]


def test_bad_keys_say_so_and_never_echo_escape_sequences() -> None:
    result, v = press(RUMMY, "x" + "\x03")
    assert result == 0 and "x does nothing here: ? lists the keys" in drawn(v)
    result, v = press(RUMMY, "\x1b[25~" + "\x03")  # F13: an escape sequence nothing is bound to
    assert "\x1b" not in drawn(v) and "[25~" not in drawn(v) and v.model.ply == 0


def test_ctrl_c_and_escape_both_leave_with_0() -> None:
    result, v = press(RUMMY, RIGHT + "\x03")  # a viewer has nothing to save: Ctrl-C quits as q does
    assert result == 0 and v.model.ply == 1
    assert press(RUMMY, "\x1b")[0] == 0


def test_p_asks_to_play_on_from_here() -> None:
    result, _v = press(RUMMY, RIGHT * 5 + "ss" + "p")
    assert result == PlayOn(1, 5, 1)


def test_help_overlay() -> None:
    _r, v = press(RUMMY, "?" + "\x03")
    assert "jump to a move" in drawn(v)


@pytest.mark.parametrize("path", REPLAYS, ids=lambda p: p.stem)
def test_every_screen_fits_80_by_24(path: Path) -> None:
    m = ViewerModel(read(path))
    hands = range(1, m.hands + 1)
    for hand in hands:
        for ply in sorted({0, 1, m.moves(hand) // 2, m.moves(hand)}):
            m.go(hand, ply)
            for seat in (None, 0):
                m.seat = seat
                rows = compose(m.screen(), 80, 24, 0, [[("status", " ? help")]]).rows
                assert len(rows) == 24
                assert all(line_width(r) <= 80 for r in rows), to_text(rows)
                assert to_text(rows)[-1].startswith(" ? help")
                assert to_text(rows)[0].startswith(f"Hand {hand}/")


def test_the_app_draws_24_rows_of_80_and_the_status_line() -> None:
    _r, v = press(RUBBER, END + "q")
    assert len(v.last) == 24 and all(line_width(r) <= 80 for r in v.last)
    assert "j/k scroll" in bar(v) and "Rubber over" in drawn(v)  # the score at the hand's end
    _r, wide = press(RUBBER, END + "q", rows=50, columns=132)
    assert len(wide.last) == 50 and "Scorepad" in drawn(wide) and "Rubber over" in drawn(wide)
    assert "j/k scroll" in bar(v) and "East" in drawn(press(RUBBER, END + "k" * 40 + "q")[1])


def test_the_score_shows_at_each_hands_end() -> None:
    m = ViewerModel(read(RUMMY))
    m.go(1, m.moves(1))
    assert m.score() and m.score()[0].startswith("Hand 1 is over")
    m.step(-1)
    assert m.score() == []


def test_bridge_trick_is_drawn_in_the_centre() -> None:
    m = ViewerModel(read(BRIDGE))
    m.turn(1)
    m.step(2)  # two cards of the first trick
    rows = to_text(m.screen().table)
    middle = [r for r in rows if len(r) > 30 and r[:22].strip() and r[22:44].strip()]
    played = [s.notation.split()[-1] for s in m.timeline.steps[0][m.ply - 2 : m.ply]]
    assert played and all(any(p[0] in r[22:44] for r in middle) for p in played)


def test_r_does_not_reveal_where_nothing_is_secret() -> None:
    _r, v = press(RUMMY, RIGHT + "r" + "\x03")
    assert v.model.reveal is False and "nothing to reveal" in drawn(v)


def test_the_eleusis_rule_shows_only_after_r() -> None:
    m = ViewerModel(read(ELEUSIS))
    rule_text = m.game.narrate(m.timeline.steps[0][0].outcome, m.timeline.steps[0][0].seat).split(": ", 1)[1]
    for seat in (None, m.timeline.steps[0][0].seat):
        _r, v = press(ELEUSIS, RIGHT * 3 + "s" * (0 if seat is None else seat + 1) + LEFT + LEFT + "\x03")
        assert rule_text[:20] not in drawn(v) and "makes a secret move" in drawn(v)
    _r, v = press(ELEUSIS, RIGHT + "r" + "\x03", rows=40, columns=200)
    assert v.model.reveal and rule_text[:20] in drawn(v)
    _r, v = press(ELEUSIS, RIGHT + "\x03", reveal=True, rows=40, columns=200)
    assert rule_text[:20] in drawn(v)


def bar(viewer: KeyViewer) -> str:
    """The status bar's rows as drawn (the rows below the last narration row are the bar)."""
    rows = to_text(viewer.last)
    n = len(viewer.status(80)) if viewer.last else 0
    return "\n".join(rows[-n:])


@pytest.mark.parametrize("path", [BRIDGE, RUMMY, ELEUSIS], ids=lambda p: p.parent.name)
def test_every_key_of_the_bar_shows_at_80_columns(path: Path) -> None:
    for keys in ("q", END + "q"):  # at the start, and at the end with the scroll indicator before the keys
        _r, v = press(path, keys)
        assert len(v.last) == 24 and all(line_width(r) <= 80 for r in v.last)
        shown = bar(v)
        for key in ("? help", "q quit", "←→ move", "PgUp/Dn hand", "/ jump", "s seat", "a all", "p play"):
            assert key in shown, (key, shown)
        assert ("r reveal" in shown) == (path == ELEUSIS)
        assert ("↑↓ trick" in shown) == (path == BRIDGE) and ("↑↓ turn" in shown) == (path != BRIDGE)
    _r, v = press(BRIDGE, "q")
    assert len(v.status(80)) == 1  # a game with no secrets keeps its bar on one row at 80 columns
    _r, v = press(RUBBER, END + "q")
    assert "j/k scroll" in bar(v) and "p play" in bar(v)


def test_the_scroll_indicator_says_what_is_shown() -> None:
    _r, v = press(ELEUSIS, END + "q")
    import re

    a, b, n = map(int, re.search(r"rows (\d+)-(\d+) of (\d+)", bar(v)).groups())  # type: ignore[union-attr]
    assert b == n and b - a + 1 == v.space  # the end of a hand shows the bottom of its score


def _words(rows: list[Any]) -> list[str]:
    return " ".join(to_text(rows)).split()


@pytest.mark.parametrize("path", sorted((ROOT / "replays" / "eleusis").glob("*.cardcli.json")), ids=lambda p: p.stem)
def test_long_lines_fold_between_words(path: Path) -> None:
    from cardcli.ui.viewer.layout import fold_line

    m = ViewerModel(read(path))
    folded = 0
    for hand in range(1, m.hands + 1):
        for ply in sorted({0, 1, m.moves(hand) // 2, m.moves(hand)}):
            m.go(hand, ply)
            screen = m.screen()
            for line in (*screen.table, *screen.narration, *screen.notes, *screen.score):
                rows = fold_line(line, 80)
                assert all(line_width(r) <= 80 for r in rows)
                assert _words(rows) == _words([line]), to_text(rows)  # no word cut in two
                folded += len(rows) > 1
    assert folded  # the players' line of five seats is wider than 80 columns


def test_a_folded_list_breaks_after_its_separator() -> None:
    from cardcli.ui.viewer.layout import fold_line

    line = [
        ("label", "Players: "),
        ("turn", "▶ P1"),
        ("", " 11 in hand, 0 wrong, 0 pts | P2 11 in hand, 0 wrong, 0 pts | P3 dealer, 0 pts | P4 11 in hand, 1 wrong, 0 pts"),
    ]
    rows = to_text(fold_line(line, 80))
    assert rows[0].endswith("| P2 11 in hand, 0 wrong, 0 pts |") and rows[1].startswith("  P3 dealer, 0 pts |")
    assert fold_line(line, 80)[0][:2] == [("label", "Players: "), ("turn", "▶ P1")]  # styles kept
    assert to_text(fold_line([("", "x" * 50)], 20)) == ["x" * 20, "  " + "x" * 18, "  " + "x" * 12]  # cut, not lost


def test_r_shows_the_rule_on_the_table_at_80_columns() -> None:
    m = ViewerModel(read(ELEUSIS))
    first = m.timeline.steps[0][0]
    rule = m.game.narrate(first.outcome, first.seat).split(": ", 1)[1]
    _r, hidden = press(ELEUSIS, RIGHT * 5 + "q")
    table = "\n".join(to_text(hidden.last[:4]))
    assert "Rule: secret" in table and rule[:20] not in drawn(hidden)
    for seat in ("", "s"):  # all hands, then P1's view
        _r, v = press(ELEUSIS, RIGHT * 5 + seat + "r" + "q")
        table = " ".join(r.strip() for r in to_text(v.last[1:5]))
        assert "Rule: secret" not in table and "Rule: " + rule in table, table
        _r, v = press(ELEUSIS, RIGHT * 5 + seat + "rr" + "q")  # r again hides it
        assert "Rule: secret" in "\n".join(to_text(v.last[:4]))
