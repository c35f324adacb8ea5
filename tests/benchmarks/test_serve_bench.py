"""Load on `cardcli serve`: many tables of four SSH clients each, playing seeded burraco hands.

Run with ``pytest -m benchmark -s tests/benchmarks/test_serve_bench.py``. Bounded by counts: each
table plays a fixed number of moves. The server runs in a process of its own
(:mod:`tests.serve.server_process`), so its CPU and memory are measured apart from the clients',
and the clients know only what their screens show, as people do: each reads whose turn it is from
its prompt and its hand from the table, and draws then discards a seeded card from that hand.
Move-to-screen latency is the time from a move typed until all four clients at the table have
received the line narrating it.

Two loads: *paced*, where the player to move thinks first (a seeded pause, 1.5 s on average, as
people at a table do), which is what a person at one of fifty busy tables feels; and *back to back*,
every table moving the moment the last move has arrived, which saturates the server and measures
its throughput: there the latency is mostly the queue of other tables' moves.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.serve.harness import HANG, Player, code_in, plain

TABLES = int(os.environ.get("CARDCLI_BENCH_TABLES", "50"))
MOVES = 12
"""Moves typed per table."""
THINK = 1.5
"""Mean pause before a move in the paced load, in seconds (uniform from 0.5 to 2.5 s, seeded)."""
ROOT = Path(__file__).resolve().parents[2]
_SEAT = r"(?:South|West|North|East)"
_PROMPT = re.compile(rf"\b({_SEAT})( \({_SEAT} to play\))?>")
_HAND = re.compile(r"Your hand \(\d+\): ([^\n]*)")
_NARRATION = re.compile(r"(?m)^  \S")


class RemoteServer:
    """The server's process: its port, and its CPU and memory on request."""

    def __init__(self, folder: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tests.serve.server_process", str(folder)],
            cwd=ROOT,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        assert self.proc.stdout is not None
        self.port = int(self.proc.stdout.readline())

    def usage(self) -> dict[str, float]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write("usage\n")
        self.proc.stdin.flush()
        return dict(json.loads(self.proc.stdout.readline()))

    def stop(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write("stop\n")
        self.proc.stdin.flush()
        self.proc.wait(HANG)


def _since(p: Player, mark: int) -> str:
    return plain("".join(c for c, _s in p.chunks[mark:]))


def _narrated(p: Player, mark: int) -> float | None:
    """When the first line narrating a move reached ``p`` after chunk ``mark``."""
    for i in range(mark, len(p.chunks)):
        if _NARRATION.search(plain(p.chunks[i][0])):
            return p.stamps[i]
    return None


def _turn(p: Player) -> tuple[str, bool] | None:
    """The seat ``p``'s last prompt names, and whether it is that person's turn."""
    found = _PROMPT.findall(p.text[-400:])
    if not found:
        return None
    seat, other = found[-1]
    return seat, not other


async def _settled(players: list[Player], marks: list[int]) -> Player:
    """Wait until every screen shows its prompt again and nothing more arrives; the player to move."""

    def ready() -> bool:
        return all(_PROMPT.search(_since(p, m)) for p, m in zip(players, marks))

    await players[0].until(ready)
    while True:
        counts = [len(p.chunks) for p in players]
        await asyncio.sleep(0.05)
        if counts == [len(p.chunks) for p in players]:
            break
    movers = [p for p in players if (t := _turn(p)) is not None and t[1]]
    assert len(movers) == 1, [p.text[-300:] for p in players]
    return movers[0]


async def _table(players: list[Player], latencies: list[float], think: float) -> None:
    host = players[0]
    rng = random.Random(host.name)
    out = await host.say("new burraco --hands 1 --seed 5", "join code")
    code = code_in(out)
    for p in players[1:]:
        await p.say(f"join {code}", "You sit")
    marks = [len(p.chunks) for p in players]
    await host.say("start", "Hand 1")
    last: Player | None = None
    for _i in range(MOVES):
        mover = await _settled(players, marks)
        if think:
            await asyncio.sleep(rng.uniform(think - 1.0, think + 1.0))
        if mover is not last:
            move = "draw"
        else:
            hands = _HAND.findall(mover.text)
            assert hands, mover.text[-500:]
            move = "discard " + rng.choice(hands[-1].split())
        last = mover
        marks = [len(p.chunks) for p in players]
        t0 = time.perf_counter()
        mover.send(move)
        await host.until(lambda marks=marks: all(_narrated(p, m) is not None for p, m in zip(players, marks)))  # type: ignore[misc]
        latencies.append(max(_narrated(p, m) or t0 for p, m in zip(players, marks)) - t0)


def _cpu() -> float:
    ru = resource.getrusage(resource.RUSAGE_SELF)
    return ru.ru_utime + ru.ru_stime


@pytest.mark.benchmark
@pytest.mark.parametrize("think", [THINK, 0.0], ids=["paced", "back-to-back"])
def test_fifty_tables_of_four(tmp_path: Path, think: float) -> None:
    server = RemoteServer(tmp_path)

    async def go() -> dict[str, Any]:
        base = server.usage()
        groups = []
        for t in range(TABLES):
            group = [Player(f"p{t}-{i}") for i in range(4)]
            for p in group:
                await p.connect(server.port)
            groups.append(group)
        latencies: list[float] = []
        before, cpu0, wall0 = server.usage(), _cpu(), time.perf_counter()
        await asyncio.gather(*(_table(g, latencies, think) for g in groups))
        wall, cpu1, after = time.perf_counter() - wall0, _cpu(), server.usage()
        for g in groups:
            for p in g:
                p.close()
        return {"base": base, "before": before, "after": after, "latencies": latencies, "wall": wall, "clients": cpu1 - cpu0}

    try:
        got = asyncio.run(go())
    finally:
        server.stop()
    lat, base, after = got["latencies"], got["base"], got["after"]
    q = statistics.quantiles(lat, n=20)
    cpu = after["cpu"] - got["before"]["cpu"]
    print(
        f"\n{TABLES} tables x 4 clients, {'paced' if think else 'back to back'}, {len(lat)} moves in {got['wall']:.1f} s: "
        f"move-to-screen p50 {statistics.median(lat) * 1000:.0f} ms, p95 {q[18] * 1000:.0f} ms; "
        f"server CPU {cpu:.1f} s ({cpu / TABLES * 1000:.0f} ms per table, {cpu / len(lat) * 1000:.1f} ms per move); "
        f"server memory {(after['rss_kib'] - base['rss_kib']) / TABLES:.0f} KiB per table (resident, 4 connections included); "
        f"clients' CPU {got['clients']:.1f} s (another process)"
    )
    assert len(lat) == TABLES * MOVES
