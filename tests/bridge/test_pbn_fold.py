"""PBN export folds the game strictly: the right [Vulnerable] mid-rubber, and no illegal move written."""

from __future__ import annotations

import re

import pytest

from cardcli.engine.game import RecordedHand
from cardcli.engine.registry import load
from cardcli.games.bridge.pbn import PbnError, export_pbn, import_pbn
from cardcli.session import Session


@pytest.fixture(scope="module")
def rubber() -> Session:
    s = Session.new("bridge", seed=11, human_seats=(), bot="heuristic")
    s.run_bots()
    return s


def _hands(s: Session, upto: int, cut: int | None = None) -> list[RecordedHand]:
    out = [
        RecordedHand(h.dealer or 0, list(h.deck), [(m.seat, m.move) for m in h.moves], r)
        for h, r in zip(s.hands[:upto], s.results[:upto])
    ]
    if cut is not None:
        last = out[-1]
        out[-1] = RecordedHand(last.dealer, last.deck, last.moves[:cut], None)
    return out


def _vulnerable_tags(text: str) -> list[str]:
    return re.findall(r'\[Vulnerable "([^"]*)"\]', text)


def test_mid_rubber_export_reimports_with_the_right_vulnerability(rubber: Session) -> None:
    game = load("bridge")
    expected = [str(r.detail["vulnerable"]) for r in rubber.results if r is not None]
    assert len(set(expected)) > 1, "the rubber should change vulnerability on the way"
    for upto in range(2, len(rubber.hands)):
        text = export_pbn(game, rubber.config, _hands(rubber, upto), {"seed": rubber.seed})
        assert _vulnerable_tags(text) == expected[:upto]
        back = import_pbn(game, text)
        assert len(back.hands) == upto
        assert [h.moves for h in back.hands] == [h.moves for h in _hands(rubber, upto)]


def test_a_hand_in_progress_is_written_with_its_vulnerability(rubber: Session) -> None:
    game = load("bridge")
    hands = rubber.results
    vul_of_third = str(hands[2].detail["vulnerable"]) if hands[2] else ""
    text = export_pbn(game, rubber.config, _hands(rubber, 3, cut=20), {"seed": rubber.seed})
    assert _vulnerable_tags(text)[-1] == vul_of_third
    board = text.split('[Board "3"]')[1]
    assert '[Contract "' in board and '[Result "?"]' in board


def test_an_export_with_an_illegal_move_fails_instead_of_writing_it(rubber: Session) -> None:
    game = load("bridge")
    hands = _hands(rubber, 1)
    moves = list(hands[0].moves)
    i = next(k for k, (_s, m) in enumerate(moves) if m.startswith("play"))
    moves[i + 1] = (moves[i + 1][0], moves[i][1])  # the same card played twice
    hands[0] = RecordedHand(hands[0].dealer, hands[0].deck, moves, None)
    with pytest.raises(PbnError, match=rf"cannot export: hand 1, move {i + 2} .*illegal"):
        export_pbn(game, rubber.config, hands, {})
