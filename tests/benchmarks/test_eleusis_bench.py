"""Eleusis speed and strength figures (run with -m benchmark -s): the player bots' think time per card
(target: 95th percentile under 300 ms), also when the dealer's rule is outside the bots' hypothesis
space, the one-fifth check, and the wrong cards per hand of normal bots against random players."""

from __future__ import annotations

import statistics
import time
from collections.abc import Sequence

import pytest

from cardcli.commands.simulate import play_one
from cardcli.games.eleusis import moves as mv
from cardcli.games.eleusis.fairness import check_fairness
from cardcli.games.eleusis.language import compile_rule, parse_rule
from cardcli.games.eleusis.library import LIBRARY
from cardcli.session import Session

pytestmark = pytest.mark.benchmark


def think_times(rules: Sequence[str | None], seeds: range, players: int = 5, bot: str = "normal") -> list[float]:
    """Milliseconds per card played by ``bot`` players, one hand per (rule, seed); ``None`` lets the
    bot dealer draw from the library."""
    times: list[float] = []
    for rule in rules:
        for seed in seeds:
            s = Session.new("eleusis", seed=f"bench/{rule}/{seed}", players=players, human_seats=(), bot=bot, hands_limit=1)
            s.deal_if_needed()
            if rule is not None:
                s.play(mv.rule_move(rule))
            while not s.finished:
                t = time.perf_counter()
                move = s.bot_move()
                if isinstance(move, mv.Play):
                    times.append((time.perf_counter() - t) * 1000)
                s.play(move)
    return sorted(times)


def summary(label: str, times: list[float]) -> float:
    p95 = times[int(len(times) * 0.95)]
    print(f"{label}: {len(times)} cards, median {statistics.median(times):.2f} ms, p95 {p95:.1f} ms, max {times[-1]:.0f} ms")
    return p95


def test_eleusis_bot_think_time_per_card() -> None:
    print()
    p95 = summary("normal bot, library rules (bot dealers)", think_times([None], range(30)))
    outside = [
        "accept: rank(c) % 3 != rank(p1) % 3",
        "accept: if rank(p1) % 2 == 0 then suit(c) in {S, H} else rank(c) > 5",
        "modes: x, y, z; when x: red(c); when y: black(c); when z: face(c) or red(c); on rank(c) > 10: next",
    ]
    summary("normal bot, human rules outside its hypothesis space", think_times(outside, range(4)))
    summary("easy bot, library rules", think_times([None], range(10), bot="easy"))
    assert p95 < 300


def test_eleusis_one_fifth_check_time() -> None:
    print()
    for r in LIBRARY:
        rule = compile_rule(parse_rule(r.text))
        t = time.perf_counter()
        f = check_fairness(rule)
        print(f"  {r.id:<16} min {f.minimum:>2} of 52, {f.states:>5} positions, {(time.perf_counter() - t) * 1000:6.1f} ms")


def test_eleusis_wrong_cards_normal_against_random() -> None:
    """The seed's seven rules x 20 seeds, 5 players, normal and random bots alternating seats."""
    print()
    totals: dict[str, list[float]] = {"normal": [], "random": []}
    for i in range(1, 8):
        per: dict[str, list[float]] = {"normal": [], "random": []}
        for s in range(20):
            bots = ("normal", "random") if s % 2 == 0 else ("random", "normal")
            out = play_one("eleusis", f"bench-strength/{i}/{s}", 5, bots, None, {"rules": f"seed-{i}"}, 1)
            for _name, seat, v in out.stats or ():
                per[bots[seat % 2]].append(v)
        for b in per:
            totals[b] += per[b]
        print(
            f"  seed rule {i}: wrong cards per hand (of 12): normal {statistics.mean(per['normal']):.2f}, "
            f"random {statistics.mean(per['random']):.2f}"
        )
    n, r = statistics.mean(totals["normal"]), statistics.mean(totals["random"])
    print(f"all seven rules: normal {n:.2f}, random {r:.2f} wrong cards per hand (ratio {n / r:.2f})")
    assert n <= r / 2
