"""`cardcli share FILE [--hand N]`: print a replay (or one hand of it) as a share code."""

from __future__ import annotations

import click

from cardcli.i18n import _
from cardcli.replay.io import ReplayError


def share(file: str, hand: int | None, quiet: bool) -> int:
    from cardcli.replay.share import encode, load

    try:
        code = encode(load(file), hand)
    except ReplayError as err:
        raise click.ClickException(str(err)) from None
    click.echo(code)
    if not quiet:
        click.echo(_("{n} characters; open it with `cardcli replay view CODE`, save it with "
                     "`cardcli replay import CODE -o FILE`").format(n=len(code)), err=True)
    return 0
