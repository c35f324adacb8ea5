"""The review in the REPL at the end of a piped hand, and `play --coach`."""

from __future__ import annotations

import io

from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.session import Session
from cardcli.ui.commands import Controller
from cardcli.ui.console import Console


def bot_moves(game: str, seed: str, seat: int) -> list[str]:
    """The moves the default bot makes for ``seat`` in hand 1: a human typing them plays the same hand."""
    s = Session.new(game, seed=seed, human_seats=(), hands_limit=1)
    s.run_bots()
    return [m.move for m in s.hands[0].moves if m.seat == seat]


def test_the_repl_shows_the_review_when_a_piped_hand_ends() -> None:
    lines = bot_moves("rummy", "7", 0)
    res = CliRunner().invoke(
        cli,
        ["play", "rummy", "--seed", "7", "--hands", "1", "--plain", "--charset", "ascii"],
        input="\n".join(lines) + "\n\nquit\n",
    )
    assert res.exit_code == 0, res.output
    out = res.output
    over = out.index("The hand is over.")
    review = out.index("Review of hand 1 (for P1)")
    assert over < review
    # the summary: the decisions in a line, the whole review on request; the score was printed once,
    # as the hand ended, just above the review
    summary = out[review : out.index("Final scores")]
    assert "`review` shows the whole review" in summary
    assert "Hand 1 as dealt" not in summary and "The score" not in summary and "totals: P1 " not in summary
    assert "totals: P1 " in out[:review]
    # the human played exactly the strongest bot's moves, with the same streams as `hint`
    assert "the strongest bot would have made every one of these" in summary


def test_the_review_command_shows_the_whole_review_of_the_last_hand() -> None:
    s = Session.new("rummy", seed="7", human_seats=(0,), hands_limit=2)
    out = io.StringIO()
    c = Controller(s, Console(out=out, color=False, charset="ascii"))
    c.review_hands = True
    c.start()
    c.handle("review")
    assert "no hand has been reviewed yet" in out.getvalue()
    for move in bot_moves("rummy", "7", 0):
        c.handle(move)
    assert c.last_review is not None and c.last_review.hand == 1
    before = out.tell()
    c.handle("review")
    full = out.getvalue()[before:]
    for title in ("Hand 1 as dealt", "What happened", "The score", "Your decisions"):
        assert title in full


def test_the_review_is_kept_in_the_session_as_annotations() -> None:
    s = Session.new("rummy", seed="7", human_seats=(0,), hands_limit=1)
    c = Controller(s, Console(out=io.StringIO(), color=False, charset="ascii"))
    c.review_hands = True
    c.start()
    for move in bot_moves("rummy", "7", 0):
        c.handle(move)
    assert s.finished
    notes = [a for a in s.annotations if a.kind == "review"]
    assert notes and all(a.hand == 1 for a in notes)
    assert any(a.text.startswith("score: ") for a in notes)


def _coached(seed: str) -> tuple[Session, Controller, io.StringIO]:
    s = Session.new("rummy", seed=seed, human_seats=(0,))
    out = io.StringIO()
    c = Controller(s, Console(out=out, color=False, charset="ascii"))
    c.coach = True
    c.start()
    return s, c, out


def test_coach_speaks_exactly_when_the_move_differs_from_its_own() -> None:
    s, c, out = _coached("7")
    g = s.game
    said = 0
    for turn in range(6):
        seat = s.to_act()
        assert seat == 0
        bot = g.bots[g.default_bot]()
        legal = s.legal_moves()
        mine, why = bot.advise(g.view(s.state, seat), legal, s.bot_rng(seat))
        coach_move = g.format_move(mine)
        others = [g.format_move(m) for m in legal if g.format_move(m) != coach_move]
        differ = turn % 2 == 0 and bool(others)
        played = others[0] if differ else coach_move
        before = out.tell()
        c.handle(played)
        text = out.getvalue()[before:]
        if differ:
            said += 1
            assert f"coach: I would have chosen {g.move_words(mine, 'ascii')}" in text
            assert why in text
        else:
            assert "coach:" not in text
        if s.finished or s.to_act() != 0:
            break
    assert said >= 1
    coach_notes = [a for a in s.annotations if a.kind == "coach"]
    assert len(coach_notes) == said


def test_coach_is_off_by_default() -> None:
    s = Session.new("rummy", seed="7", human_seats=(0,))
    out = io.StringIO()
    c = Controller(s, Console(out=out, color=False, charset="ascii"))
    c.start()
    c.handle("draw discard")
    assert "coach:" not in out.getvalue()
