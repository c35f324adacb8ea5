"""The PIMC bots' sampling and solving: the written-out dealing cases deal exactly as the general loop
(so a bot game replays the same from its seed), and a layout drawn twice is solved once but counted twice."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardcli.engine.rng import Rng
from cardcli.games.bridge import bots as B
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge import sampling
from tests.bridge.test_bots import TEST_DEAL, Tab

N, E, S, W = range(4)


def _views() -> list[tuple[str, Any]]:
    """Views with three hidden seats (the opening leader's) and two (declarer's, with a void known)."""
    t = Tab(TEST_DEAL)
    t.do("1S", "P", "2S", "P", "P", "P")
    lead = t.g.view(t.st, E)
    t.do("AH", "8H", "4H", "2H", "KH", "9H", "5H", "3H", "5C", "8C", "JC", "2C", "AC")
    t.do("3C", "6C", "9C", "KC", "4C", "7C", "TC", "QC", "AS", "4D", "2S", "KS", "6S", "3S", "6H")
    return [("three hidden", lead), ("two hidden, West void in spades", t.g.view(t.st, N))]


@pytest.mark.parametrize("case", range(2))
def test_written_out_deals_draw_and_deal_as_the_general_loop(case: int) -> None:
    name, view = _views()[case]
    k = sampling.knowledge(view)
    unknown = [s for s in range(4) if s not in k.known]
    assert len(unknown) == (3 if case == 0 else 2), name
    pool, constrained = sampling.deal_pool(k, unknown)
    dealt = refused = 0
    for seed in range(400):
        fast, slow = random.Random(seed), random.Random(seed)
        got = sampling._deal_once(k, unknown, pool, constrained, fast.random)
        want = sampling.deal_shuffled(k, unknown, sampling.shuffled_pool(pool, constrained, slow.random), slow.random)
        assert got == want, (name, seed)
        assert fast.random() == slow.random(), (name, seed)  # the same draws were used
        dealt += got is not None
        refused += got is None
    assert dealt > 100, name  # the comparison saw real deals
    if case == 1:
        assert refused + dealt == 400


def test_distinct_layouts_counts_each_drawn_layout() -> None:
    a = [["AS"], ["KS"], ["QS"], ["JS"]]
    b = [["AS"], ["QS"], ["KS"], ["JS"]]
    same_as_a = [["AS"], ["KS"], ["QS"], ["JS"]]
    assert B.distinct_layouts([a, b, same_as_a, a]) == [(a, 3), (b, 1)]


def test_pimc_solves_a_repeated_layout_once_and_counts_it_as_drawn(monkeypatch: pytest.MonkeyPatch) -> None:
    t = Tab(TEST_DEAL)
    t.do("1S", "P", "2S", "P", "P", "P", "AH", "8H", "4H", "2H", "KH", "9H", "5H", "3H")
    view = t.g.view(t.st, W)  # West on lead: sees own hand and dummy (North)
    cards = [m.card for m in t.g.legal_moves(t.st) if isinstance(m, mv.Play) and m.card[1] == "C"][:2]
    low, high = sorted(cards, key=lambda c: "23456789TJQKA".index(c[0]))
    drawn = sampling.sample_deals(sampling.knowledge(view), 2, Rng(9, "t"))
    one, other = drawn[0], drawn[1]
    assert B.distinct_layouts([one, other]) == [(one, 1), (other, 1)]
    monkeypatch.setattr(B, "sample_deals", lambda k, n, rng: [one, other, one])
    solved: list[list[list[str]]] = []

    def solve(hands: list[list[str]], *args: Any, **kwargs: Any) -> dict[str, int]:
        solved.append(hands)
        # the high card takes everything in the first layout, the low card in the second
        return {high: 13, low: 0} if hands is one else {high: 0, low: 13}

    monkeypatch.setattr(B, "solve_position", solve)
    got = B.pimc(view, [low, high], Rng(1), "python", samples=3)
    assert got is not None
    pick, why = got
    assert len(solved) == 2  # the repeated layout was not solved again
    # drawn twice, the first layout outweighs the second: the high card (alone, both would tie and
    # the low card would be played)
    assert pick == high
    assert "3" in why.split("layouts")[0]
