"""`cardcli saves`: the unfinished games kept in the user data directory, and `--repair NAME`."""

from __future__ import annotations

import datetime as dt
import shutil
import textwrap

import click

from cardcli.engine.text import safe
from cardcli.i18n import _, ngettext
from cardcli.saves import list_saves


def _width() -> int:
    """The terminal's columns (80 when the output is not a terminal), at least 40."""
    return max(40, shutil.get_terminal_size((80, 24)).columns)


def _fit(name: str, column: int, rest: str, width: int) -> list[str]:
    """One save as its name (padded to the names' ``column``) and ``rest``: one line when it fits in
    ``width`` columns, else folded between words with the continuation under ``rest``; a name too
    long for the column stands on a line of its own, ``rest`` indented below it."""

    def wrap(text: str, first: str, then: str) -> list[str]:
        return textwrap.wrap(text, width, initial_indent=first, subsequent_indent=then, break_on_hyphens=False)

    if len(name) <= column:
        line = f"{name:<{column}}  {rest}"
        return [line] if len(line) <= width else wrap(line, "", " " * (column + 2))
    return wrap(name, "", "    ") + wrap(rest, "    ", "    ")


def list_command(game: str | None, repair: str | None = None) -> int:
    if repair is not None:
        return repair_command(repair)
    found = list_saves(game)
    if not found:
        click.echo(_("no saved games") + (f" ({game})" if game else ""))
        return 0
    width = _width()
    most = min(28, width // 2 - 2)  # a longer name stands on its own line rather than widen the column
    column = max((len(s.name) for s in found if len(s.name) <= most), default=most)
    for s in found:
        when = dt.datetime.fromtimestamp(s.modified).strftime("%Y-%m-%d %H:%M")
        busy = "  " + _("being played now ({who})").format(who=s.in_use) if s.in_use else ""
        if s.problem:
            for row in _fit(s.name, column, f"{when}  " + _("damaged: {why}").format(why=safe(s.problem)) + busy, width):
                click.echo(row)
            if s.recovery:
                mend = _("`cardcli saves --repair {name}` mends it: {what}").format(name=s.name, what=safe(s.recovery))
            else:
                mend = _("nothing of it can be recovered")
            for row in textwrap.wrap(mend, width, initial_indent="    ", subsequent_indent="      "):
                click.echo(row)
            continue
        moves = ngettext("{n} move", "{n} moves", s.moves).format(n=s.moves)
        line = _("{when}  {game}, seed {seed}, hand {hands}, {moves}").format(
            when=when, game=s.game, seed=safe(s.seed or "-"), hands=s.hands, moves=moves
        )
        for row in _fit(s.name, column, line + busy, width):
            click.echo(row)
        if s.record:
            for row in textwrap.wrap(
                _("recording to {path}").format(path=safe(str(s.record))),
                width,
                initial_indent="    ",
                subsequent_indent="      ",
                break_on_hyphens=False,
            ):
                click.echo(row)
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
        raise click.ClickException(_("no saved game called {name!r} (`cardcli saves` lists them)").format(name=safe(name)))
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
            raise click.ClickException(_("{problem} (nothing of it can be recovered)").format(problem=safe(str(err)))) from None
        except OSError as err:
            raise click.ClickException(_("cannot repair {path}: {why}").format(path=path, why=err.strerror or err)) from None
    finally:
        lock.release()
    click.echo(_("{name} repaired: {what}.").format(name=save_name(path), what=safe(rec.summary())))
    click.echo(
        _("The damaged file is kept as {path}; `cardcli play --resume {name}` goes on.").format(path=backup, name=save_name(path))
    )
    return 0
