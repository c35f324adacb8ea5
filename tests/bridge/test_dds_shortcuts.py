"""The DDS bot's shortcuts: cards that are equal whatever the layout are played without solving, a
decision whose cards all score alike in the first layouts stops there, and early leads solve fewer
layouts. Each shortcut must choose the card the full search chooses where it claims to."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from cardcli.engine.rng import Rng
from cardcli.games.bridge import bots as B
from cardcli.games.bridge import dds as ddsmod
from cardcli.games.bridge import moves as mv
from tests.bridge.test_bots import COVER_DEAL, TEST_DEAL, Tab


def _view(tricks: list[list[str]], trick: list[str] = ()) -> Any:  # type: ignore[assignment]
    return SimpleNamespace(tricks=[(0, cards, 0) for cards in tricks], trick=list(trick))


def test_equal_cards_touch_once_the_finished_tricks_are_gone() -> None:
    assert B.equal_cards(_view([]), ["QS", "JS"])
    assert not B.equal_cards(_view([]), ["QS", "TS"])  # the jack is out somewhere
    assert B.equal_cards(_view([["JS", "2H", "3H", "4H"]]), ["QS", "TS"])
    assert not B.equal_cards(_view([], ["JS"]), ["QS", "TS"])  # on the table now: the queen beats it, the ten not
    assert not B.equal_cards(_view([]), ["QS", "JH"])
    played = [[r + "S" for r in "3456"], [r + "S" for r in "789T"], ["JS", "QS", "2H", "3H"]]
    assert B.equal_cards(_view(played), ["AS", "KS", "2S"])
    assert not B.equal_cards(_view(played[:2]), ["AS", "KS", "2S"])


def _counting(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Positions handed to DDS, per call."""
    solved: list[int] = []
    real = ddsmod.solve

    def solve(positions: Any) -> Any:
        solved.append(len(positions))
        return real(positions)

    monkeypatch.setattr(ddsmod, "solve", solve)
    return solved


def _position(
    *moves: str, deal: str = TEST_DEAL, auction: tuple[str, ...] = ("1S", "P", "2S", "P", "P", "P")
) -> tuple[Any, list[str]]:
    t = Tab(deal)
    t.do(*auction, *moves)
    seat = t.g.to_act(t.st)
    cards = [m.card for m in t.g.legal_moves(t.st) if isinstance(m, mv.Play)]
    return t.g.view(t.st, seat), cards


def test_equal_cards_are_played_without_solving_as_the_search_would(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("endplay")
    view, cards = _position("AH")  # dummy holds T9 8 of hearts, touching
    assert sorted(cards) == ["8H", "9H", "TH"]
    solved = _counting(monkeypatch)
    card, _why = B.DdsBot().play_card(view, cards, Rng(2))
    assert solved == []
    heuristic = B.choose_card(view, cards)[0]
    full = B.pimc(view, cards, Rng(2), "dds", samples=12, prefer=heuristic)
    assert full is not None and full[0] == card == heuristic
    assert solved  # the full search did solve


def test_a_search_whose_cards_all_score_alike_stops_after_the_first_layouts(monkeypatch: pytest.MonkeyPatch) -> None:
    pytest.importorskip("endplay")
    solved = _counting(monkeypatch)
    view, cards = _position("AH")
    got = B.pimc(view, cards, Rng(2), "dds", samples=24)
    assert got is not None and sum(solved) == B.EQUAL_AFTER and f"over {B.EQUAL_AFTER} layouts" in got[1]
    solved.clear()
    # East's opening lead against 4S: the cards do not all take the same tricks
    view, cards = _position(deal=COVER_DEAL, auction=("1S", "P", "3N", "P", "4S", "P", "P", "P"))
    got = B.pimc(view, cards, Rng(2), "dds", samples=12)
    assert got is not None and sum(solved) == 12 and "over 12 layouts" in got[1]


def test_early_leads_solve_fewer_layouts_and_later_ones_as_many() -> None:
    for left in (52, 48, 44, 40):
        assert 0 < B.dds_samples(left, lead=True) < B.dds_samples(left)
    for left in (36, 28, 12):
        assert B.dds_samples(left, lead=True) == B.dds_samples(left)
