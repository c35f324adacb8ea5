"""The meld-game review states a decision's cost only when paired rollouts make it sure: the stated
difference has the sign a longer re-check on other streams gives, and a move that is the bot's in
effect is counted among the choices with no clear cost, never reported (bounded by rollout counts)."""

from __future__ import annotations

from typing import Any

import pytest

from cardcli.review import decisions
from cardcli.review.decisions import analyse, findings
from cardcli.review.model import HandReview
from cardcli.review.rollout import ROLLOUTS, SURE, Budget, Rollouts
from tests.review.meld_hands import meld_hand

SEED = "sure/r1"


def test_a_reported_cost_has_the_sign_a_recheck_gives() -> None:
    g, cfg, first, tape = meld_hand("rummy", SEED)
    found = findings(g, cfg, 2, first, SEED, tape)
    sure = [f for f in found if f.sure]
    assert sure and len(sure) < len(found), "a random player's hand: some differences are sure, some not"
    f = sure[0]
    assert f.stake is not None and f.error is not None and abs(f.stake) > SURE * f.error
    r = Rollouts(g, cfg, 2, first, SEED, tape, f.decision, [f.decision.move, f.bot_move], name="recheck")
    budget = Budget(10**9)
    for _ in range(64):
        r.run(budget)
    got = r.difference()
    assert got is not None and (got[0] > 0) == (f.stake > 0)


def _review(g: Any, cfg: Any, first: int, tape: Any) -> HandReview:
    review = HandReview(hand=1, seats=(0,))
    analyse(g, cfg, 2, first, SEED, ["P1", "P2"], tape, review)
    return review


def test_a_move_equal_to_the_bots_in_effect_is_not_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    g, cfg, first, tape = meld_hand("rummy", SEED)
    d = next(d for d in tape.decisions if len(g.legal_moves(d.before)) > 1)
    # the bot "advises" the very move played, under another name: the same in effect
    monkeypatch.setattr(decisions, "advice", lambda _g, _s, _h, x: (x.move, "the same move") if x is d else None)
    d.notation = "the move under another name"
    review = _review(g, cfg, first, tape)
    [f] = review.figures["findings"]
    # played out to the end of the turn, the two leave every card in the same place: no rollout is spent
    assert f.apart == 0 and f.stake == 0 and not f.sure and f.rollouts == 0
    [section] = [s for s in review.sections if s.lines]
    assert section.lines[0] == "1 other choice differed from the bot's with no clear cost"
    assert not review.costly and not review.notes
    assert not any(line.startswith("move ") or "no difference" in line for line in section.lines)


def test_the_review_lists_only_sure_decisions_and_counts_the_rest() -> None:
    g, cfg, first, tape = meld_hand("rummy", SEED)
    review = _review(g, cfg, first, tape)
    found = review.figures["findings"]
    sure = [f for f in found if f.sure]
    [section] = [s for s in review.sections if s.lines]
    listed = [line for line in section.lines if line.startswith("move ")]
    assert len(listed) == len(sure) and all("sure at 99%, over " in line for line in listed)
    assert f"{len(found) - len(sure)} other choices differed from the bot's with no clear cost" in section.lines
    # the summary's costliest decisions are sure ones that cost the player something
    assert sorted(c for c, _t in review.costly) == sorted(f.stake for f in sure if f.stake > 0)
    assert all(" this cost about " in t for _c, t in review.costly)


def test_a_planted_real_cost_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where the strongest bot laid a meld down, the review is told the bot would have discarded one of
    its cards instead: a real loss (the meld's points stay in hand), which the review must state."""
    seed = "sure/planted"
    g, cfg, first, tape = meld_hand("rummy", seed, weak="basic")
    d = [d for d in tape.decisions if d.notation.startswith("meld ")][-1]
    worse = next(m for m in g.legal_moves(d.before) if g.format_move(m) == "discard " + d.notation.split()[1])
    monkeypatch.setattr(decisions, "advice", lambda _g, _s, _h, x: (worse, "a planted worse move") if x is d else None)
    review = HandReview(hand=1, seats=(0,))
    analyse(g, cfg, 2, first, seed, ["P1", "P2"], tape, review)
    [f] = review.figures["findings"]
    assert f.sure and f.stake is not None and f.stake < 0 and f.rollouts <= ROLLOUTS
    [section] = [s for s in review.sections if s.lines]
    assert section.lines[0].startswith(f"move {d.ply}: P1 played {d.notation}; the bot would play {g.format_move(worse)}")
    assert f"sure at 99%, over {f.rollouts} rollouts: this gained about " in section.lines[0]
