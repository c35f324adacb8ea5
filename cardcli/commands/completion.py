"""`cardcli completion SHELL` and the completers behind it (click's shell completion).

The script printed for bash, zsh or fish calls cardcli back with
``_CARDCLI_COMPLETE=<shell>_complete``; click then asks the parameters below for
candidates: games, presets and rule options of the game already typed, seats,
saves, lessons, and files (click completes ``click.Path`` arguments itself).
"""

from __future__ import annotations

from typing import Any

import click
from click.shell_completion import CompletionItem, get_completion_class

from cardcli.i18n import _

SHELLS = ("bash", "zsh", "fish")
VAR = "_CARDCLI_COMPLETE"



def script(shell: str) -> str:
    """The completion script for ``shell`` (what ``cardcli completion SHELL`` prints)."""
    from cardcli.cli import cli

    cls = get_completion_class(shell)
    if cls is None:
        raise click.UsageError(_("unknown shell {shell!r} (bash, zsh or fish)").format(shell=shell))
    return cls(cli, {}, "cardcli", VAR).source()


def _typed_game(ctx: click.Context) -> str | None:
    """The game already typed: parsed by click, or (an option still waiting for its value stops
    click's parsing) the first game name among the words the shell sent."""
    name = ctx.params.get("game")
    if name:
        return str(name)
    import os
    import shlex

    from cardcli.engine.registry import names

    try:
        words = shlex.split(os.environ.get("COMP_WORDS", ""))
    except ValueError:
        words = os.environ.get("COMP_WORDS", "").split()
    known = set(names())
    return next((w for w in words[1:] if w in known), None)


def _game(ctx: click.Context) -> Any | None:
    name = _typed_game(ctx)
    if not name:
        return None
    try:
        from cardcli.engine.registry import load

        return load(str(name))
    except Exception:  # an unknown game completes nothing
        return None


def complete_preset(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    game = _game(ctx)
    if game is None:
        return []
    return [CompletionItem(p, help=_(game.preset_help.get(p, "")) or None) for p in game.presets if p.startswith(incomplete)]


def complete_option(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    game = _game(ctx)
    if game is None:
        return []
    if "=" in incomplete:
        key, _sep, value = incomplete.partition("=")
        for o in game.options():
            if o.name == key:
                values = ["true", "false"] if o.type == "bool" else o.type.split("|") if "|" in o.type else []
                return [CompletionItem(f"{key}={v}") for v in values if v.startswith(value)]
        return []
    return [CompletionItem(f"{o.name}=", help=_(o.help) or None) for o in game.options() if o.name.startswith(incomplete)]


def complete_seat(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    game = _game(ctx)
    if game is None:
        return []
    players = ctx.params.get("players") or game.default_players
    try:
        names = game.seat_names(int(players))
    except Exception:
        return []
    return [CompletionItem(n) for n in names if n.lower().startswith(incomplete.lower())]


def complete_save(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    from cardcli.saves import list_saves

    try:
        found = [CompletionItem(s.name, help=s.game) for s in list_saves(ctx.params.get("game"))
                 if s.name.startswith(incomplete)]
    except Exception:
        found = []
    return found + [CompletionItem(incomplete, type="file")]


def complete_lesson(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[CompletionItem]:
    game = _typed_game(ctx)
    if not game:
        return []
    from cardcli.tutor.catalog import lessons

    return [CompletionItem(e.id) for e in lessons(str(game)) if e.id.startswith(incomplete)
            or e.id.split("-", 1)[-1].startswith(incomplete)]

