"""The options and argument types several commands share (seat, preset, rule and card options).

Kept apart from :mod:`cardcli.cli` so that each command group's module declares its commands with
the same options; like the rest of the command line, nothing here imports a game.
"""

from __future__ import annotations

from typing import Any

import click

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}

charset_option = click.option(
    "--charset",
    type=click.Choice(["unicode", "ascii", "words"]),
    default=None,
    help="How cards are drawn: suit symbols, ASCII letters, or words (screen readers).",
)
color_option = click.option(
    "--color/--no-color",
    "color",
    default=None,
    help="Force colour on or off (default: on for terminals unless NO_COLOR or TERM=dumb).",
)


def lazy_completer(name: str) -> Any:
    """A shell completer from :mod:`cardcli.commands.completion`, imported only when completing."""

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        from cardcli.commands import completion

        return getattr(completion, name)(ctx, param, incomplete)  # type: ignore[no-any-return]

    return complete


preset_option = click.option(
    "--preset",
    default=None,
    metavar="NAME",
    help="A named rule set (see `cardcli games`).",
    shell_complete=lazy_completer("complete_preset"),
)
rule_option = click.option(
    "--option",
    "-o",
    "options",
    multiple=True,
    metavar="KEY=VALUE",
    help="Change one rule (repeatable); `cardcli rules GAME options` lists them.",
    shell_complete=lazy_completer("complete_option"),
)
players_option = click.option("--players", "-n", type=click.IntRange(2, 8), default=None, help="Number of players.")
names_option = click.option(
    "--names",
    default=None,
    metavar="A,B,...",
    help="Scorepad match: the players' names in seat order (they may then be typed instead of seats).",
)
dealer_option = click.option(
    "--dealer",
    default=None,
    metavar="SEAT",
    shell_complete=lazy_completer("complete_dealer"),
    help="Scorepad match: who deals the first hand (seat or name; default the first seat).",
)


def _game_names() -> list[str]:
    from cardcli.engine.registry import names

    return names()


class _GameType(click.ParamType):
    """A game name or alias; completes from the registry without importing any game."""

    name = "GAME"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        from cardcli.engine.registry import UnknownGame, canonical_name

        try:
            return canonical_name(str(value))
        except UnknownGame as err:
            self.fail(str(err), param, ctx)

    def shell_complete(self, ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        from click.shell_completion import CompletionItem

        return [CompletionItem(n) for n in _game_names() if n.startswith(incomplete)]


GAME = _GameType()
