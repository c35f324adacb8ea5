"""The DDS bot's think time per card, and its play against double dummy, on seeded deals.

Run with ``python -m pytest -m benchmark -s tests/benchmarks/test_bridge_dds_think.py`` (needs the
``dds`` extra, endplay; skipped without it). Set ``CARDCLI_BENCH_BASELINE`` to a commit to measure
that version too, in the same run, on the same deals (each version in a fresh process, taken in turn).

Each deal is bid by the system and played by the ``dds`` bot at all four seats. Every card decision is
timed in CPU time (``time.process_time``: DDS's threads included), and the p50/p95/max are printed,
for every decision and for the ones with a choice (more than one legal card). Strength: for each
deal played out, the tricks declarer took against the tricks double dummy gives declarer in that
contract with that opening leader (:func:`cardcli.games.bridge.dds.dd_tricks`): the mean and the
count of deals above, at and below it; and, card by card, the tricks each chosen card loses double
dummy on the real deal against the best card there, for declarer's side and the defence.
Bidding does not depend on card play, so every version plays the same contracts.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

DEALS = int(os.environ.get("CARDCLI_BENCH_DEALS", "16"))
"""Seeded deals played to the end (a bounded number: a decision takes up to a second or two)."""

PLAY = r"""
import json, sys, time
from cardcli.engine.deal import shuffled_deck
from cardcli.engine.registry import load
from cardcli.engine.rng import Rng
from cardcli.games.bridge import dds
from cardcli.games.bridge import moves as mv
from cardcli.games.bridge.bots import DdsBot
deals, seed = int(sys.argv[1]), sys.argv[2]
game = load("bridge")
config = game.presets["rubber"]
bot = DdsBot()
clock = time.process_time
times, choice_times, results, detail = [], [], [], []
losses = {"declarer": [0, 0], "defence": [0, 0]}
d = 0
while len(results) < deals and d < 10 * deals:
    d += 1
    state = game.new_match(config, 4, d % 4)
    deck = shuffled_deck(game.deck(config, 4), seed, d)
    game.start_hand(state, deck)
    hands = None
    ply = 0
    while state.phase != "over":
        seat = game.to_act(state)
        legal = game.legal_moves(state)
        view = game.view(state, seat)
        playing = state.phase == "play"
        if playing and hands is None:
            hands = [list(h) for h in state.hands]
        best = None
        if playing:  # what each card is worth double dummy on the real deal (not timed)
            trump = None if state.contract.strain == "N" else state.contract.strain
            best = dds.solve([(state.hands, trump, state.leader, state.trick)])[0]
        start = clock()
        move = bot.choose(view, legal, Rng(seed, "bot", d, seat, ply))
        spent = clock() - start
        if best is not None and isinstance(move, mv.Play):
            role = losses["declarer" if seat % 2 == state.contract.declarer % 2 else "defence"]
            role[0] += max(best.values()) - best[move.card]
            role[1] += 1
        if playing and isinstance(move, mv.Play):
            times.append(spent)
            detail.append((sum(len(h) for h in state.hands), sum(isinstance(m, mv.Play) for m in legal), spent))
            if sum(isinstance(m, mv.Play) for m in legal) > 1:
                choice_times.append(spent)
        game.apply(state, move)
        ply += 1
    c = state.contract
    if c is None:
        continue
    side = c.declarer % 2
    dd = dds.dd_tricks(hands, c.strain, c.declarer)
    results.append((d, f"{c.level}{c.strain}", c.declarer, state.won[side], dd))
print(json.dumps({"times": times, "choice": choice_times, "results": results, "detail": detail, "losses": losses}))
"""


def play(tree: str, deals: int = DEALS, seed: str = "dds-think") -> dict[str, list]:
    """The figures of the cardcli in ``tree``, in a fresh process (``nice``: it is CPU-heavy)."""
    out = subprocess.run(
        ["nice", "-n", "10", sys.executable, "-c", PLAY, str(deals), seed],
        env=dict(os.environ, PYTHONPATH=tree),
        capture_output=True,
        text=True,
        check=True,
        cwd=tree,
    )
    return json.loads(out.stdout.strip().splitlines()[-1])  # type: ignore[no-any-return]


def _pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))] if s else 0.0


def summary(label: str, got: dict[str, list]) -> list[str]:
    lines = []
    for name, key in (("every card", "times"), ("with a choice", "choice")):
        xs = got[key]
        lines.append(
            f"{label}: {name:13} {len(xs):4d} decisions  p50 {1000 * _pct(xs, 0.5):6.0f} ms  p95 "
            f"{1000 * _pct(xs, 0.95):6.0f} ms  max {1000 * max(xs, default=0):6.0f} ms  total {sum(xs):6.1f} s"
        )
    diffs = [won - dd for _d, _c, _decl, won, dd in got["results"]]
    above = sum(x > 0 for x in diffs)
    below = sum(x < 0 for x in diffs)
    lines.append(
        f"{label}: declarer against double dummy over {len(diffs)} deals: mean {sum(diffs) / max(1, len(diffs)):+.2f} "
        f"tricks ({above} above, {len(diffs) - above - below} at, {below} below); "
        + " ".join(f"{c}:{won}/{dd}" for _d, c, _decl, won, dd in got["results"])
    )
    lost = got["losses"]
    lines.append(
        f"{label}: tricks lost double dummy by the cards chosen (on the real deal): "
        + ", ".join(f"{role} {n} in {k} cards ({1000 * n / max(1, k):.1f} per 1000)" for role, (n, k) in lost.items())
    )
    return lines


@pytest.mark.benchmark
def test_dds_bot_think_time_and_strength() -> None:
    from cardcli.games.bridge import dds

    if not dds.available():
        pytest.skip("endplay is not installed")
    here = str(Path(__file__).resolve().parents[2])
    baseline = os.environ.get("CARDCLI_BENCH_BASELINE")
    lines: list[str] = []
    if baseline:
        import io
        import tarfile
        import tempfile

        with tempfile.TemporaryDirectory() as old:
            archive = subprocess.run(["git", "-C", here, "archive", baseline, "cardcli"], capture_output=True, check=True).stdout
            with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
                tar.extractall(old, filter="data")
            lines += summary(baseline[:10], play(old))
    now = play(here)
    lines += summary("now", now)
    print("\nDDS bot, CPU time per card decision, and declarer against double dummy\n  " + "\n  ".join(lines))
    assert now["times"] and now["results"]
