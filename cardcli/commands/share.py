"""`cardcli share FILE [--hand N]`: print a replay (or one hand of it) as a share code."""

from __future__ import annotations

import click

from cardcli.i18n import _, ngettext
from cardcli.replay.io import ReplayError


def share(file: str, hand: int | None, quiet: bool, notes: bool = False) -> int:
    from cardcli.replay.share import SHARED_NOTES, encode, load

    try:
        replay = load(file)
        code = encode(replay, hand, notes=notes)
    except ReplayError as err:
        raise click.ClickException(str(err)) from None
    click.echo(code)
    if not quiet:
        click.echo(
            _(
                "{n} characters; open it with `cardcli replay view CODE`, save it with `cardcli replay import CODE -o FILE`"
            ).format(n=len(code)),
            err=True,
        )
        comments = sum(a.kind in SHARED_NOTES and (hand is None or a.hand in (0, hand)) for a in replay.annotations)
        if not notes and (replay.title or comments):  # kept short by default: say what stays behind
            click.echo(
                ngettext(
                    "The title and {n} comment are not in the code; `--notes` adds them.",
                    "The title and {n} comments are not in the code; `--notes` adds them.",
                    comments,
                ).format(n=comments)
                if replay.title
                else ngettext(
                    "{n} comment is not in the code; `--notes` adds it.",
                    "{n} comments are not in the code; `--notes` adds them.",
                    comments,
                ).format(n=comments),
                err=True,
            )
    return 0
