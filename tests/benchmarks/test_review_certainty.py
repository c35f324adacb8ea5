"""How often the meld-game review's reported decisions hold up (run with -m benchmark -s -n 0).

Twenty seeded hands of rummy, canasta and burraco, seat 0 played by a weaker bot or at random. Each
decision the review reports (its paired rollouts make the difference sure at 99%: three standard errors) is checked again
with 200 fresh paired rollouts on streams of their own: it is confirmed when the re-check's mean
difference has the same sign and is still beyond two standard errors.
"""

from __future__ import annotations

import statistics
import time

import pytest

from cardcli.review.decisions import findings
from cardcli.review.rollout import Budget, Rollouts
from tests.review.meld_hands import meld_hand

pytestmark = pytest.mark.benchmark

RECHECK = 200

HANDS = [
    *[("rummy", f"sure/r{i}", "random") for i in range(7)],
    *[("canasta", f"sure/c{i}", "basic-v1" if i % 2 else "random") for i in range(7)],
    *[("burraco", f"sure/b{i}", "basic-v1" if i % 2 else "random") for i in range(6)],
]


def recheck(game, config, first, seed, tape, f):  # type: ignore[no-untyped-def]
    """The 200-rollout re-check of one finding: (mean, standard error), streams independent of the review's."""
    r = Rollouts(game, config, 2, first, seed, tape, f.decision, [f.decision.move, f.bot_move], name="recheck")
    budget = Budget(10**9)
    for _ in range(RECHECK):
        r.run(budget)
    got = r.difference()
    assert got is not None
    return got


def test_reported_decisions_hold_up_under_200_rollouts() -> None:
    differ = reported = confirmed = 0
    per_game: dict[str, list[int]] = {}
    cpu: dict[str, list[float]] = {}
    for name, seed, weak in HANDS:
        g, cfg, first, tape = meld_hand(name, seed, weak=weak)
        t0 = time.process_time()
        found = findings(g, cfg, 2, first, seed, tape)
        cpu.setdefault(name, []).append(time.process_time() - t0)
        sure = [f for f in found if f.sure]
        differ += len(found)
        reported += len(sure)
        tally = per_game.setdefault(name, [0, 0, 0, 0])
        tally[0] += len(found)
        tally[1] += sum(f.weighed for f in found)
        tally[2] += len(sure)
        for f in sure:
            mean, se = recheck(g, cfg, first, seed, tape, f)
            ok = (mean > 0) == (f.stake > 0) and abs(mean) > 2 * se
            confirmed += ok
            tally[3] += ok
            print(
                f"{name} {seed} move {f.decision.ply}: review {f.stake:+.0f} ± {f.error:.0f} over {f.rollouts}, "
                f"re-check {mean:+.0f} ± {se:.0f} over {RECHECK}: {'confirmed' if ok else 'NOT confirmed'}"
            )
    for name, (d, w, r, c) in per_game.items():
        times = sorted(cpu[name])
        print(
            f"{name}: {len(times)} hands, {d} decisions differ, {w} weighed, {r} reported, {c} confirmed; "
            f"review CPU per hand median {statistics.median(times):.1f} s, most {times[-1]:.1f} s"
        )
    print(f"{len(HANDS)} hands: {differ} decisions differ from the bot's, {reported} reported, {confirmed} confirmed")
    assert reported > 0
    assert confirmed == reported
