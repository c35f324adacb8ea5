"""Load on `cardcli serve`: many tables of four SSH clients each, playing seeded burraco hands.

Run with ``pytest -m benchmark -s tests/benchmarks/test_serve_bench.py`` (``CARDCLI_BENCH_TABLES=N``
for fewer tables, ``CARDCLI_BENCH_PROFILE=FILE`` to profile the server). Bounded by counts: each
table plays a fixed number of moves. The server runs in a process of its own
(:mod:`tests.serve.server_process`), so its CPU and memory are measured apart from the clients',
and the clients know only what their screens show, as people do: each knows its seat and the dealer
from what it was told, reads its hand from the table, and draws then discards a seeded card.
Move-to-screen latency is the time from a move typed until all four clients at the table have
received the line narrating it; the tables are all opened and dealt first, and the figures (latency,
server CPU) are of the play that follows.

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
_HAND = re.compile(r"Your hand \(\d+\): ([^\n]*)\n")
_NARRATION = re.compile(r"(?m)^  \S")
_SAT = re.compile(rf"You sit ({_SEAT}) at table")
_DEALS = re.compile(rf"Hand 1: ({_SEAT}) deals\.")
ORDER = ["South", "West", "North", "East"]


class RemoteServer:
    """The server's process: its port, and its CPU and memory on request."""

    def __init__(self, folder: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(ROOT))
        profile = os.environ.get("CARDCLI_BENCH_PROFILE")  # a file: the server's cProfile statistics
        self.proc = subprocess.Popen(
            [
                sys.executable,
                *(["-m", "cProfile", "-o", profile] if profile else []),
                "-m",
                "tests.serve.server_process",
                str(folder),
            ],
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
        try:
            self.proc.stdin.write("stop\n")
            self.proc.stdin.flush()
            self.proc.wait(HANG)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait(HANG)


def _narrated(p: Player, mark: int) -> float | None:
    """When the first line narrating a move reached ``p`` after chunk ``mark``."""
    for i in range(mark, len(p.chunks)):
        if _NARRATION.search(plain(p.chunks[i][0])):
            return p.stamps[i]
    return None


async def _told(p: Player, line: str, pattern: re.Pattern[str]) -> tuple[str, str]:
    """Type ``line`` and wait for what matches ``pattern`` in the answer: its group, and the answer."""
    mark = len(p.text)
    p.send(line)
    await p.until(lambda: pattern.search(p.text[mark:]) is not None)
    out = p.text[mark:]
    m = pattern.search(out)
    assert m is not None
    return m.group(1), out


async def _open(players: list[Player]) -> tuple[dict[str, Player], int]:
    """The first player opens a burraco table, the others join, the game starts: who sits where
    (by seat name), and whose turn it is first (an index into :data:`ORDER`)."""
    host = players[0]
    seat, out = await _told(host, "new burraco --hands 1 --seed 5", _SAT)
    code = code_in(out)
    seats = {seat: host}
    for p in players[1:]:
        seats[(await _told(p, f"join {code}", _SAT))[0]] = p
    dealer, _out = await _told(host, "start", _DEALS)
    return seats, (ORDER.index(dealer) + 1) % len(ORDER)


async def _table(players: list[Player], seats: dict[str, Player], turn: int, latencies: list[float], think: float) -> None:
    host = players[0]
    rng = random.Random(host.name)
    drawn = False
    for _i in range(MOVES):
        mover = seats[ORDER[turn]]  # burraco's turn order: draw, then discard, then the next seat
        if think:
            await asyncio.sleep(rng.uniform(think - 1.0, think + 1.0))
        if not drawn:
            move, drawn = "draw", True
            mark = len(mover.text)
        else:
            await mover.until(lambda mover=mover, mark=mark: bool(_HAND.search(mover.text[mark:])))  # type: ignore[misc]
            hand = _HAND.findall(mover.text[mark:])[-1]
            move, drawn = "discard " + rng.choice(hand.split()), False
            turn = (turn + 1) % len(ORDER)
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
        opened = await asyncio.gather(*(_open(g) for g in groups))
        await asyncio.sleep(1.0)  # the tables are open and dealt: measure the play alone
        latencies: list[float] = []
        before, cpu0, wall0 = server.usage(), _cpu(), time.perf_counter()
        await asyncio.gather(*(_table(g, seats, turn, latencies, think) for g, (seats, turn) in zip(groups, opened)))
        wall, cpu1, after = time.perf_counter() - wall0, _cpu(), server.usage()
        for g in groups:
            for p in g:
                p.close()
        return {"base": base, "before": before, "after": after, "latencies": latencies, "wall": wall, "clients": cpu1 - cpu0}

    try:
        got = asyncio.run(go())
    finally:
        server.stop()
    assert server.proc.returncode == 0, "the server did not stop cleanly"
    lat, base, after = got["latencies"], got["base"], got["after"]
    q = statistics.quantiles(lat, n=20)
    cpu = after["cpu"] - got["before"]["cpu"]
    print(
        f"\n{TABLES} tables x 4 clients, {'paced' if think else 'back to back'}, {len(lat)} moves in {got['wall']:.1f} s: "
        f"move-to-screen p50 {statistics.median(lat) * 1000:.0f} ms, p95 {q[18] * 1000:.0f} ms; "
        f"server CPU {cpu:.1f} s ({cpu / TABLES * 1000:.0f} ms per table, {cpu / len(lat) * 1000:.1f} ms per move); "
        f"server memory {(got['before']['rss_kib'] - base['rss_kib']) / TABLES:.0f} KiB per table "
        "(resident, 4 connections included, once every table is open and dealt); "
        f"clients' CPU {got['clients']:.1f} s (another process)"
    )
    assert len(lat) == TABLES * MOVES
