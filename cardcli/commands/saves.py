"""`cardcli saves`: the unfinished games kept in the user data directory, and `--repair NAME`."""

from __future__ import annotations

import datetime as dt

import click

from cardcli.engine.text import safe
from cardcli.i18n import _
from cardcli.saves import list_saves


def list_command(game: str | None, repair: str | None = None) -> int:
    if repair is not None:
        return repair_command(repair)
    found = list_saves(game)
    if not found:
        click.echo(_("no saved games") + (f" ({game})" if game else ""))
        return 0
    for s in found:
        when = dt.datetime.fromtimestamp(s.modified).strftime("%Y-%m-%d %H:%M")
        busy = "  " + _("being played now ({who})").format(who=s.in_use) if s.in_use else ""
        if s.problem:
            click.echo(f"{s.name:<32} {when}  " + _("damaged: {why}").format(why=safe(s.problem)) + busy)
            if s.recovery:
                click.echo("    " + _("`cardcli saves --repair {name}` mends it: {what}").format(
                    name=s.name, what=safe(s.recovery)))
            else:
                click.echo("    " + _("nothing of it can be recovered"))
            continue
        line = _("{name}  {when}  {game}, seed {seed}, hand {hands}, {moves} moves").format(
            name=f"{s.name:<32}", when=when, game=s.game, seed=safe(s.seed or "-"), hands=s.hands, moves=s.moves)
        if s.record:
            line += "  " + _("recording to {path}").format(path=safe(str(s.record)))
        click.echo(line + busy)
    click.echo(_("Resume one with `cardcli play --resume NAME` (or `--resume` for the newest)."))
    return 0


def repair_command(name: str) -> int:
    """Rewrite a damaged save as what can be recovered of it; the damaged file is kept beside it."""
    from cardcli.replay.io import ReplayError
    from cardcli.replay.journal import SUFFIX
    from cardcli.savelock import SaveBusy, SaveLock
    from cardcli.saves import find_save, load_save, repair_save, save_name

    path = find_save(name)
    if path is None or not path.name.endswith(SUFFIX):
        raise click.ClickException(_("no saved game called {name!r} (`cardcli saves` lists them)").format(
            name=safe(name)))
    try:
        lock = SaveLock.take(path)
    except SaveBusy as err:
        raise click.ClickException(str(err)) from None
    try:
        try:
            load_save(path)
        except ReplayError:
            pass
        else:
            click.echo(_("{name} is sound: nothing to repair.").format(name=save_name(path)))
            return 0
        try:
            rec, backup = repair_save(path)
        except ReplayError as err:
            raise click.ClickException(_("{problem} (nothing of it can be recovered)").format(
                problem=safe(str(err)))) from None
        except OSError as err:
            raise click.ClickException(_("cannot repair {path}: {why}").format(
                path=path, why=err.strerror or err)) from None
    finally:
        lock.release()
    click.echo(_("{name} repaired: {what}.").format(name=save_name(path), what=safe(rec.summary())))
    click.echo(_("The damaged file is kept as {path}; `cardcli play --resume {name}` goes on.").format(
        path=backup, name=save_name(path)))
    return 0
