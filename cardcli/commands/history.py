"""`history` and `stats`: the games played in cardcli, and how they went.

Both read the store only. The history says, for each game, how to look at it
again (its replay) or go on with it (its autosave).
"""

from __future__ import annotations

import json
from datetime import datetime
from pathlib import Path
from typing import Any

import click

from cardcli.engine.text import safe
from cardcli.i18n import _, ngettext


def _load(game: str | None, limit: int | None = None) -> list[Any]:
    from cardcli.store import StoreError, history

    try:
        return history(game, limit)
    except StoreError as err:
        raise click.ClickException(str(err)) from None


def _when(stamp: str | None) -> str:
    if not stamp:
        return "?"
    try:
        return datetime.fromisoformat(stamp).astimezone().strftime("%Y-%m-%d %H:%M")
    except ValueError:
        return stamp


def _next_step(r: Any) -> str:
    steps = []
    if not r.complete and r.save:
        from cardcli.replay.journal import SUFFIX
        from cardcli.saves import saves_dir

        if (saves_dir() / (r.save + SUFFIX)).is_file():
            steps.append(_("resume it: cardcli play --resume {name}").format(name=r.save))
    if r.kept:
        steps.append(_("review it: cardcli replay review {n}").format(n=r.id))
    if steps:
        return " · ".join(steps)
    if r.replay and Path(r.replay).exists():
        if r.complete:
            return _("view it: cardcli replay view {path}").format(path=r.replay)
        return _("resume it: cardcli play --resume {path}").format(path=r.replay)
    if r.share_code:
        return _("share code: {code}").format(code=r.share_code)
    if r.replay:
        return _("its replay file is no longer at {path}").format(path=r.replay)
    return _("no replay was kept")


def _saves_of(records: list[Any]) -> dict[str, Any]:
    """The saves of the unfinished games in ``records``, by name (none read when every game is finished)."""
    if all(r.complete or not r.save for r in records):
        return {}
    from cardcli.saves import list_saves

    try:
        return {s.name: s for s in list_saves() if s.problem is None}
    except OSError:
        return {}


def show_history(game: str | None, limit: int | None, as_json: bool) -> int:
    from cardcli.store.stats import seat_summary, winner_names

    records = _load(game, limit)
    if as_json:
        click.echo(
            json.dumps(
                [
                    {
                        "id": r.id,
                        "game": r.game,
                        "preset": r.preset,
                        "options": r.options,
                        "seed": r.seed,
                        "seats": [{"name": s.name, "bot": s.bot, "side": s.side} for s in r.seats],
                        "complete": r.complete,
                        "winners": r.winners,
                        "totals": r.totals,
                        "hands": r.hands,
                        "started": r.started,
                        "finished": r.finished,
                        "replay": r.replay,
                        "share_code": r.share_code,
                        "save": r.save,
                        "replay_kept": bool(r.kept),
                    }
                    for r in records
                ],
                indent=2,
                ensure_ascii=False,
            )
        )
        return 0
    if not records:
        click.echo(
            _("No games played yet{where}: `cardcli play GAME` starts one.").format(
                where=_(" of {game}").format(game=game) if game else ""
            )
        )
        return 0
    saved = _saves_of(records)
    for r in records:
        totals = "–".join(str(t) for t in r.totals)
        if r.complete:
            state = _("won by {who}").format(who=", ".join(winner_names(r)) or "-")
        elif r.save in saved:
            # the save is written move by move: after a crash it is ahead of the line the history kept
            state = _("unfinished, its save at hand {h} after {m} moves").format(h=saved[r.save].hands, m=saved[r.save].moves)
        else:
            state = _("unfinished")
        hands = ngettext("{n} hand", "{n} hands", r.hands).format(n=r.hands)
        line = f"{state}, {totals}, {hands}" if r.complete or r.save not in saved else state
        seed = _(", seed {s}").format(s=r.seed) if r.seed else ""
        # names, seeds and paths come from the store: control characters never reach a terminal
        click.echo(safe(f"#{r.id:<4} {_when(r.finished)}  {r.game} ({r.preset or '-'}{seed})  {seat_summary(r)}"))
        steps = _next_step(r).split(" · ")  # one line each: a save name and a command fill 80 columns
        if len(steps) == 1:
            click.echo(safe(f"       {line} · {steps[0]}"))
            continue
        click.echo(safe(f"       {line}"))
        for step in steps:
            click.echo(safe(f"         {step}"))
    return 0


def prune_history(keep: int) -> int:
    """`history --prune`: keep the replays of the newest ``keep`` games only (their lines stay)."""
    from cardcli.store import StoreError, prune_replays

    try:
        dropped = prune_replays(keep)
    except StoreError as err:
        raise click.ClickException(str(err)) from None
    click.echo(
        ngettext(
            "{n} replay removed; the newest {k} games keep theirs.",
            "{n} replays removed; the newest {k} games keep theirs.",
            dropped,
        ).format(n=dropped, k=keep)
    )
    return 0


def show_stats(game: str | None, as_json: bool, charset: str | None) -> int:
    from cardcli.scorepad.chart import bar, sparkline
    from cardcli.store import StoreError, progress
    from cardcli.store.stats import game_stats
    from cardcli.ui.console import pick_charset

    stats = game_stats(_load(game))
    try:
        lessons = progress(game)
    except StoreError as err:
        raise click.ClickException(str(err)) from None
    if as_json:
        click.echo(
            json.dumps(
                {
                    g: {
                        "games": s.overall.games,
                        "wins": s.overall.wins,
                        "average": round(s.overall.average, 1),
                        "unfinished": s.unfinished,
                        "bots_only": s.bots_only,
                        "by_bot": {
                            k: {"games": t.games, "wins": t.wins, "average": round(t.average, 1)} for k, t in s.by_bot.items()
                        },
                        "by_preset": {
                            k: {"games": t.games, "wins": t.wins, "average": round(t.average, 1)} for k, t in s.by_preset.items()
                        },
                        "win_rate_over_time": [round(x, 3) for x in s.rate_over_time],
                    }
                    for g, s in stats.items()
                }
                | {"lessons": [{"course": p.course, "lesson": p.lesson, "stars": p.stars, "done": p.done} for p in lessons]},
                indent=2,
                ensure_ascii=False,
            )
        )
        return 0
    cs = pick_charset(charset)
    if not stats and not lessons:
        click.echo(
            _("No games played and no lessons taken yet{where}.").format(where=_(" in {game}").format(game=game) if game else "")
        )
        return 0
    for name, s in stats.items():
        click.echo(
            click.style(name, bold=True)
            + "  "
            + ngettext(
                "{g} game, {w} won ({p:.0%}), average score {a:.0f}",
                "{g} games, {w} won ({p:.0%}), average score {a:.0f}",
                s.overall.games,
            ).format(g=s.overall.games, w=s.overall.wins, p=s.overall.win_rate, a=s.overall.average)
        )
        for title, table in ((_("against"), s.by_bot), (_("preset"), s.by_preset)):
            for label, t in sorted(table.items()):
                click.echo(
                    f"  {title} {label:<16} {bar(t.win_rate, 12, cs)} "
                    + _("{w}/{g} won, average {a:.0f}").format(w=t.wins, g=t.games, a=t.average)
                )
        if len(s.rate_over_time) >= 2:
            click.echo(
                "  " + _("win rate over time") + f"  {sparkline(s.rate_over_time, cs, 0.0, 1.0)}  {s.rate_over_time[-1]:.0%}"
            )
        if s.unfinished or s.bots_only:
            click.echo("  " + _("also {u} left unfinished, {b} played by bots only").format(u=s.unfinished, b=s.bots_only))
    by_course: dict[str, list[Any]] = {}
    for p in lessons:
        by_course.setdefault(p.course, []).append(p)
    for course, items in by_course.items():
        done = sum(1 for p in items if p.done)
        stars = sum(p.stars for p in items)
        click.echo(
            click.style(_("lessons: {c}").format(c=course), bold=True)
            + "  "
            + ngettext("{d} done, {s} star: {ids}", "{d} done, {s} stars: {ids}", stars).format(
                d=done,
                s=stars,
                ids=", ".join(f"{p.lesson}{'✓' if p.done and cs == 'unicode' else '*' if p.done else ''}" for p in items),
            )
        )
    return 0
