"""`cardcli simulate`: seeded bot-vs-bot batches, optionally on several processes.

Match ``i`` of a batch with seed ``S`` uses the seed ``S/i``, so any single
match of a batch can be replayed with ``cardcli play GAME --seed S/i --bots all``.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from dataclasses import dataclass

import click

from cardcli.commands.common import load_game, make_config, parse_options, players_for


@dataclass
class Outcome:
    totals: list[float]
    winners: list[int]
    hands: int
    moves: int
    stats: list[tuple[str, int, float]] | None = None
    """(figure, seat, value) from :meth:`Game.hand_stats`, for every finished hand."""


def play_one(
    game: str, seed: str, players: int, bots: Sequence[str], preset: str | None, options: dict[str, str], hands: int | None
) -> Outcome:
    from cardcli.session import Session

    bot_map = {i: bots[i % len(bots)] for i in range(players)} if bots else {}
    s = Session.new(
        game, seed=seed, players=players, preset=preset, options=options, human_seats=(), bots=bot_map, hands_limit=hands
    )
    s.run_bots()
    res = s.match_result()
    stats = [
        (name, seat, float(v))
        for r in s.results
        if r is not None
        for name, values in s.game.hand_stats(r, players).items()
        for seat, v in enumerate(values)
        if v is not None
    ]
    return Outcome(list(res.totals), list(res.winners), res.hands, sum(len(h.moves) for h in s.hands), stats)


def _worker(args: tuple[str, str, int, Sequence[str], str | None, dict[str, str], int | None]) -> Outcome:
    return play_one(*args)


def run_simulate(
    game: str,
    *,
    count: int,
    seed: str,
    players: int | None,
    bot_ids: str | None,
    preset: str | None,
    options: tuple[str, ...],
    hands: int | None,
    jobs: int,
    as_json: bool,
) -> int:
    g = load_game(game)
    config = make_config(g, preset, options)
    n = players_for(g, config, players)
    bots = [b.strip() for b in bot_ids.split(",")] if bot_ids else [g.default_bot]
    for b in bots:
        if b not in g.bots:
            raise click.UsageError(f"{g.name} has no bot {b!r} (bots: {', '.join(g.bots)})")
    opts = parse_options(options)
    tasks = [(g.name, f"{seed}/{i}", n, bots, preset, opts, hands) for i in range(count)]
    start = time.perf_counter()
    if jobs > 1:
        import multiprocessing

        with multiprocessing.get_context("spawn").Pool(jobs) as pool:
            outcomes = pool.map(_worker, tasks, chunksize=max(1, count // (jobs * 4)))
    else:
        outcomes = [_worker(t) for t in tasks]
    elapsed = time.perf_counter() - start
    sides = g.sides(config, n)
    bot_of_side = [",".join(sorted({bots[s % len(bots)] for s in side.seats})) for side in sides]
    wins = [0.0] * len(sides)
    for o in outcomes:
        for w in o.winners:
            wins[w] += 1 / len(o.winners)
    avg = [sum(o.totals[i] for o in outcomes) / count for i in range(len(sides))]
    report = {
        "game": g.name,
        "players": n,
        "games": count,
        "seed": seed,
        "jobs": jobs,
        "sides": [
            {"side": s.name, "bot": b, "wins": w, "win_rate": w / count, "average_score": a}
            for s, b, w, a in zip(sides, bot_of_side, wins, avg)
        ],
        "average_hands": sum(o.hands for o in outcomes) / count,
        "average_moves": sum(o.moves for o in outcomes) / count,
        "seconds": elapsed,
        "games_per_second": count / elapsed if elapsed else float("inf"),
    }
    sums: dict[str, dict[str, list[float]]] = {}
    for o in outcomes:
        for name, seat, v in o.stats or ():
            acc = sums.setdefault(name, {}).setdefault(bots[seat % len(bots)], [0.0, 0.0])
            acc[0] += v
            acc[1] += 1
    if sums:
        report["per_hand"] = {name: {b: t / c for b, (t, c) in by_bot.items()} for name, by_bot in sums.items()}
    if as_json:
        click.echo(json.dumps(report, indent=2))
        return 0
    unit = "hands" if hands else "matches"
    click.echo(f"{g.title}: {count} {unit}, {n} players, seed {seed}")
    for row in report["sides"]:
        click.echo(
            f"  {row['side']:<6} {row['bot']:<12} wins {row['wins']:>6.1f}  ({100 * row['win_rate']:5.1f}%)"
            f"  average score {row['average_score']:8.1f}"
        )
    click.echo(f"  {report['average_hands']:.1f} hands and {report['average_moves']:.0f} moves per match on average")
    for name, by_bot in report.get("per_hand", {}).items():
        click.echo(f"  {name} per hand: " + ", ".join(f"{b} {v:.2f}" for b, v in sorted(by_bot.items())))
    click.echo(
        f"  {elapsed:.2f} s, {report['games_per_second']:.1f} {unit} per second ({jobs} process{'es' if jobs > 1 else ''})"
    )
    return 0
