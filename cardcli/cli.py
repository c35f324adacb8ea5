"""The command line: option parsing only, everything else is imported when a command runs.

``cardcli --help`` and ``--version`` import click and this module and nothing
heavier (a test checks ``sys.modules``); the command bodies live in
:mod:`cardcli.commands` and are imported inside the callbacks.

Exit codes: 0 success, 1 error (bad file, failed verification, bad input),
2 usage, 130 interrupted.
"""

from __future__ import annotations

import sys
from typing import Any

import click

from cardcli import __version__

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}

_charset = click.option("--charset", type=click.Choice(["unicode", "ascii", "words"]), default=None,
                        help="How cards are drawn: suit symbols, ASCII letters, or words (screen readers).")
_color = click.option("--color/--no-color", "color", default=None,
                      help="Force colour on or off (default: on for terminals unless NO_COLOR or TERM=dumb).")
_preset = click.option("--preset", default=None, metavar="NAME", help="A named rule set (see `cardcli games`).")
_option = click.option("--option", "-o", "options", multiple=True, metavar="KEY=VALUE",
                       help="Change one rule (repeatable); `cardcli rules GAME options` lists them.")
_players = click.option("--players", "-n", type=click.IntRange(2, 8), default=None, help="Number of players.")


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


@click.group(context_settings=CONTEXT)
@click.version_option(__version__, "--version", "-V", package_name="cardcli", prog_name="cardcli")
def cli() -> None:
    """Play and learn bridge, Italian canasta, burraco, rummy and eleusis in the terminal.

    \b
    Quick start:
      cardcli play rummy              play rummy against a bot
      cardcli rules rummy             read the rules
      cardcli games                   list the games, presets and options
    """


@cli.command(context_settings=CONTEXT)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def games(as_json: bool) -> None:
    """List the games, their player counts, presets and bots."""
    from cardcli.commands.info import list_games

    list_games(as_json)


@cli.command(context_settings=CONTEXT)
@click.argument("game", type=GAME, required=False)
@click.option("--seed", "-s", default=None, help="Deal from this seed (a number or any text); random when omitted.")
@_players
@click.option("--seat", default=None, metavar="SEAT", help="Your seat (number or name, e.g. 1, P1, South).")
@click.option("--bots", default=None, metavar="all|SEATS",
              help="Which seats bots play: `all` (no human, no prompt) or a comma list. Default: all but yours.")
@click.option("--bot", "bot_id", default=None, metavar="ID[,ID...]",
              help="Which bot plays the bot seats (see `cardcli games`); a comma list is given to the seats in turn.")
@_preset
@_option
@click.option("--record", type=click.Path(dir_okay=False), default=None, help="Write the game to this replay file.")
@click.option("--resume", is_flag=False, flag_value="latest", default=None, metavar="[FILE]",
              help="Continue a saved game (the last autosave when no FILE is given).")
@click.option("--hands", type=click.IntRange(1), default=None, help="Stop after this many hands.")
@click.option("--title", default=None, help="A caption stored in the recorded replay.")
@click.option("--plain", is_flag=True, help="Plain line-by-line interface (no completion menu or toolbar).")
@click.option("--verbose", "-v", is_flag=True, help="With --bots all: print every move, not only the hands' results.")
@_charset
@_color
def play(game: str | None, **kw: Any) -> None:
    """Play GAME against bots (or watch bots play with --bots all).

    Moves are typed in the notation shown by `help` inside the game; Tab
    completes them. `quit` (or Ctrl-D) saves, and `cardcli play --resume`
    continues.
    """
    from cardcli.commands.play import run_play

    sys.exit(run_play(game, **kw))


@cli.command(context_settings=CONTEXT)
@click.argument("game", type=GAME)
@click.option("--seed", "-s", required=True, help="The seed to deal from.")
@_players
@_preset
@_option
@click.option("--format", "fmt", default="text", metavar="text|json|pbn", help="Output format (pbn: bridge only).")
@_charset
def deal(game: str, **kw: Any) -> None:
    """Print the first deal a seed gives, identical on every machine."""
    from cardcli.commands.info import show_deal

    show_deal(game, **kw)


@cli.command(context_settings=CONTEXT)
@click.argument("game", type=GAME)
@click.argument("topic", required=False)
def rules(game: str, topic: str | None) -> None:
    """Explain the rules of GAME, or one TOPIC of them (`options` lists rule options)."""
    from cardcli.commands.info import show_rules

    show_rules(game, topic)


@cli.command(context_settings=CONTEXT)
@click.argument("game", type=GAME)
@click.argument("file", type=click.File("r"), default="-", required=False)
@_players
@_preset
@_option
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def score(game: str, file: Any, **kw: Any) -> None:
    """Score a finished hand typed in by hand (from FILE, or stdin).

    The input format of each game is described by `cardcli rules GAME score`.
    """
    from cardcli.commands.info import run_score

    sys.exit(run_score(game, file, **kw))


@cli.command(context_settings=CONTEXT)
@click.argument("game", type=GAME)
@click.option("--games", "count", type=click.IntRange(1), default=100, show_default=True, help="How many matches.")
@click.option("--seed", "-s", default="1", show_default=True, help="Base seed; match i uses SEED/i.")
@_players
@click.option("--bots", "bot_ids", default=None, metavar="ID,ID...",
              help="Bot per seat, repeated cyclically (default: the game's best bot everywhere).")
@_preset
@_option
@click.option("--hands", type=click.IntRange(1), default=None, help="Play this many hands per match instead of whole matches.")
@click.option("--jobs", "-j", type=click.IntRange(1), default=1, show_default=True, help="Worker processes.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def simulate(game: str, **kw: Any) -> None:
    """Play many seeded bot-vs-bot matches and print win rates, scores and speed."""
    from cardcli.commands.simulate import run_simulate

    sys.exit(run_simulate(game, **kw))


@cli.group(context_settings=CONTEXT)
def replay() -> None:
    """Show, verify and step through recorded games."""


@replay.command("show", context_settings=CONTEXT)
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the replay as JSON.")
@click.option("--reveal", is_flag=True, help="Show secret moves (eleusis' rule) and every drawn card.")
@_charset
def replay_show(file: str, **kw: Any) -> None:
    """Print a recorded game move by move, with the results."""
    from cardcli.commands.replays import show

    sys.exit(show(file, **kw))


@replay.command("verify", context_settings=CONTEXT)
@click.argument("files", type=click.Path(dir_okay=False), nargs=-1, required=True)
def replay_verify(files: tuple[str, ...]) -> None:
    """Check that every move of FILES is legal and the recorded results match (exit 1 if not)."""
    from cardcli.commands.replays import verify

    sys.exit(verify(files))


@replay.command("view", context_settings=CONTEXT)
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--seat", default=None, metavar="SEAT", help="Start with this seat's view (default: all hands).")
@click.option("--reveal", is_flag=True, help="Show secret moves (eleusis' rule) as they are made.")
@_charset
def replay_view(file: str, **kw: Any) -> None:
    """Step through a recorded game: next, back, jump N, seat S, all, quit."""
    from cardcli.commands.replays import view

    sys.exit(view(file, **kw))


@replay.command("export", context_settings=CONTEXT)
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--format", "fmt", required=True, metavar="FORMAT", help="Target format (bridge: pbn).")
@click.option("--output", "-o", type=click.Path(dir_okay=False), default=None, help="Write here instead of stdout.")
def replay_export(file: str, fmt: str, output: str | None) -> None:
    """Write a recorded game in another format (bridge: PBN)."""
    from cardcli.commands.replays import export

    sys.exit(export(file, fmt.lower(), output))


@replay.command("import", context_settings=CONTEXT)
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--output", "-o", type=click.Path(dir_okay=False), default=None,
              help="Replay file to write (default: FILE with .cardcli.json).")
def replay_import(file: str, output: str | None) -> None:
    """Turn a game in another format (bridge: .pbn) into a verified cardcli replay."""
    from cardcli.commands.replays import import_

    sys.exit(import_(file, output))


@replay.command("schema", context_settings=CONTEXT)
def replay_schema() -> None:
    """Print the JSON Schema of replay files."""
    from cardcli.commands.replays import schema

    schema()


def main() -> None:
    """Console-script entry point."""
    try:
        cli(prog_name="cardcli")
    except KeyboardInterrupt:  # pragma: no cover - interactive only
        click.echo("", err=True)
        sys.exit(130)
