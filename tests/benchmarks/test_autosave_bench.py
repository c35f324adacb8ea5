"""Autosave cost per move at 100 and at 2,000 moves: the journal appends, so it stays flat."""

from __future__ import annotations

import statistics
import time

import pytest

from cardcli.saves import AutoSave, new_save_path
from cardcli.session import Session

pytestmark = pytest.mark.benchmark


def _cost_per_move(session: Session, moves: int) -> float:
    times = []
    while len(times) < moves and not session.finished:
        if session.deal_if_needed() is not None:
            continue
        move = session.bot_move() if session.bot_to_act() else session.hint(session.to_act())[0]
        start = time.perf_counter()
        session.play(move)
        times.append(time.perf_counter() - start)
    return statistics.median(times[-100:])


def test_autosave_cost_is_flat() -> None:
    s = Session.new("rummy", seed="bench", players=3, human_seats=(0,), bot="basic")
    bare = Session.new("rummy", seed="bench", players=3, human_seats=(0,), bot="basic")
    AutoSave(s, new_save_path("rummy"), None)
    at_100 = _cost_per_move(s, 100)
    at_2000 = _cost_per_move(s, 1900)
    base = _cost_per_move(bare, 100)
    _cost_per_move(bare, 1900)
    start = time.perf_counter()
    for _ in range(10):
        bare.save(new_save_path("rewrite").with_suffix(".json"))
    rewrite = (time.perf_counter() - start) / 10
    print(
        f"\nautosave: play + save per move, median of 100: at 100 moves {at_100 * 1000:.2f} ms, "
        f"at 2,000 moves {at_2000 * 1000:.2f} ms (play alone {base * 1000:.2f} ms; rewriting the whole "
        f"file instead, as before, {rewrite * 1000:.1f} ms at 2,000 moves)"
    )
    assert at_2000 < at_100 * 3
