"""`cardcli saves`: the unfinished games kept in the user data directory."""

from __future__ import annotations

import datetime as dt

import click

from cardcli.engine.text import safe
from cardcli.i18n import _
from cardcli.saves import list_saves


def list_command(game: str | None) -> int:
    found = list_saves(game)
    if not found:
        click.echo(_("no saved games") + (f" ({game})" if game else ""))
        return 0
    for s in found:
        when = dt.datetime.fromtimestamp(s.modified).strftime("%Y-%m-%d %H:%M")
        if s.problem:
            click.echo(f"{s.name:<32} {when}  " + _("damaged: {why}").format(why=safe(s.problem)))
            continue
        line = _("{name}  {when}  {game}, seed {seed}, hand {hands}, {moves} moves").format(
            name=f"{s.name:<32}", when=when, game=s.game, seed=safe(s.seed or "-"), hands=s.hands, moves=s.moves)
        if s.record:
            line += "  " + _("recording to {path}").format(path=safe(str(s.record)))
        click.echo(line)
    click.echo(_("Resume one with `cardcli play --resume NAME` (or `--resume` for the newest)."))
    return 0
