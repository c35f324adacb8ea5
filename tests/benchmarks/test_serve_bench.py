"""Load on `cardcli serve`: many tables of four SSH clients each, playing seeded burraco hands.

Run with ``pytest -m benchmark -s tests/benchmarks/test_serve_bench.py``. Bounded by counts: each
table plays a fixed number of moves. The clients run in the same process as the server (one event
loop), so the figures include the clients' own work: an upper bound on the server's.
Move-to-screen latency is the time from a move typed until all four clients at the table have
received text written after it.

Two loads: *paced*, where the player to move thinks first (a seeded pause, 1.5 s on average, as
people at a table do), which is what a person at one of fifty busy tables feels; and *back to back*,
every table moving the moment the last move has arrived, which saturates the server and measures
its throughput: there the latency is mostly the queue of other tables' moves.
"""

from __future__ import annotations

import asyncio
import os
import random
import resource
import statistics
import time
from pathlib import Path

import pytest

from tests.serve.harness import Player, open_table, position, quiet, start_server

TABLES = int(os.environ.get("CARDCLI_BENCH_TABLES", "50"))
MOVES = 12
"""Moves typed per table."""
THINK = 1.5
"""Mean pause before a move in the paced load, in seconds (uniform from 0.5 to 2.5 s, seeded)."""


async def _table(server, players: list[Player], latencies: list[float], think: float) -> None:  # type: ignore[no-untyped-def]
    host = players[0]
    rng = random.Random(host.name)
    table = await open_table(server, players, "new burraco --hands 1 --seed 5")
    await host.say("start", "Hand 1")
    seats = {c.seat: p for p in players for c in table.clients if c.name == p.name}
    for _i in range(MOVES):
        await quiet(server, table, players)
        if think:
            await asyncio.sleep(rng.uniform(think - 1.0, think + 1.0))
        with table.lock:  # a cheap seeded choice: the clients' cost should not hide the server's
            s = table.session
            actor = s.to_act() if s is not None else None
            if s is None or actor is None or table.closed:
                return
            who, move = s.plays_for(actor), rng.choice(s.legal_notation())
        before = position(table)
        marks = [len(p.chunks) for p in players]
        t0 = time.perf_counter()
        seats[who].send(move)

        def arrived(p: Player, mark: int, before: tuple[int, int] = before) -> float | None:
            for i in range(mark, len(p.chunks)):
                if p.chunks[i][1] != before:
                    return p.stamps[i]
            return None

        await host.until(lambda marks=marks: all(arrived(p, m) is not None for p, m in zip(players, marks)))  # type: ignore[misc]
        latencies.append(max(arrived(p, m) or t0 for p, m in zip(players, marks)) - t0)


@pytest.mark.benchmark
@pytest.mark.parametrize("think", [THINK, 0.0], ids=["paced", "back-to-back"])
def test_fifty_tables_of_four(tmp_path: Path, think: float) -> None:
    async def go() -> None:
        server = await start_server(tmp_path)
        base_mem = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        groups = []
        for t in range(TABLES):
            group = [Player(f"p{t}-{i}") for i in range(4)]
            for p in group:
                await p.connect(server.port)
            groups.append(group)
        latencies: list[float] = []
        cpu0 = resource.getrusage(resource.RUSAGE_SELF)
        wall0 = time.perf_counter()
        await asyncio.gather(*(_table(server, g, latencies, think) for g in groups))
        wall = time.perf_counter() - wall0
        cpu1 = resource.getrusage(resource.RUSAGE_SELF)
        mem = (resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base_mem) * 1024  # peak RSS growth
        cpu = (cpu1.ru_utime + cpu1.ru_stime) - (cpu0.ru_utime + cpu0.ru_stime)
        q = statistics.quantiles(latencies, n=20)
        print(
            f"\n{TABLES} tables x 4 clients, {'paced' if think else 'back to back'}, {len(latencies)} moves in {wall:.1f} s: "
            f"move-to-screen p50 {statistics.median(latencies) * 1000:.0f} ms, p95 {q[18] * 1000:.0f} ms; "
            f"CPU {cpu / TABLES * 1000:.0f} ms per table (clients included); "
            f"memory {mem / TABLES / 1024:.0f} KiB per table (4 connections included)"
        )
        assert len(latencies) == TABLES * MOVES
        for g in groups:
            for p in g:
                p.close()
        await server.stop()

    asyncio.run(go())
