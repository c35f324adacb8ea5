"""The command line: option parsing only, everything else is imported when a command runs.

``cardcli --help`` and ``--version`` import click and this module and nothing
heavier (a test checks ``sys.modules``); the shared options are in
:mod:`cardcli.cli_options`, the ``score``/``scorepad`` and ``replay`` commands in
:mod:`cardcli.cli_scorepad` and :mod:`cardcli.cli_replay`; the command bodies live in
:mod:`cardcli.commands` and are imported inside the callbacks.

Exit codes: 0 success, 1 error (bad file, failed verification, bad input),
2 usage, 130 interrupted.
"""

from __future__ import annotations

import os
import sys
from typing import Any

import click

from cardcli import __version__
from cardcli.cli_options import (
    CONTEXT,
    GAME,
    charset_option,
    color_option,
    lazy_completer,
    players_option,
    preset_option,
    rule_option,
)
from cardcli.cli_replay import replay
from cardcli.cli_scorepad import score, scorepad


class _Root(click.Group):
    """The ``cardcli`` group: each run starts in the environment's language, help texts translated."""

    def main(self, *args: Any, **kwargs: Any) -> Any:
        from cardcli import i18n

        i18n.set_language(None)
        i18n.localize(self)
        if "_CARDCLI_COMPLETE" in os.environ:  # the shell asks for candidates: cardcli's own bash reading
            from cardcli.commands.completion import register

            register()
        return super().main(*args, **kwargs)

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, hoist_lang(args))


def hoist_lang(args: list[str]) -> list[str]:
    """``--lang`` moved to the front: people type it after the command too (``cardcli play rummy
    --lang it``, as the shared tables take it), and it must be read before anything is printed.
    Nothing after ``--`` is touched."""
    front: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(args):
        a = args[i]
        if a == "--":
            rest.extend(args[i:])
            break
        if a == "--lang":
            if i + 1 == len(args):  # no value: the root says that, not a subcommand
                return ["--lang"]
            front.extend(args[i : i + 2])
            i += 2
            continue
        (front if a.startswith("--lang=") else rest).append(a)
        i += 1
    return front + rest


def _set_lang(ctx: click.Context, param: click.Parameter, value: str | None) -> None:
    if value is None:
        return
    from cardcli import i18n

    try:
        i18n.set_language(value)
    except ValueError as err:
        raise click.BadParameter(str(err), ctx, param) from None
    i18n.localize(ctx.find_root().command)


@click.group(cls=_Root, context_settings=CONTEXT)
@click.version_option(__version__, "--version", "-V", package_name="cardcli", prog_name="cardcli")
@click.option(
    "--lang",
    metavar="it|en",
    default=None,
    expose_value=False,
    is_eager=True,
    callback=_set_lang,
    shell_complete=lazy_completer("complete_lang"),
    help="Language of messages and help (default: CARDCLI_LANG, then the locale, e.g. LANG=it_IT.UTF-8).",
)
def cli() -> None:
    """Play and learn bridge, Italian canasta, burraco, rummy and eleusis in the terminal.

    \b
    Quick start:
      cardcli play rummy              play rummy against a bot
      cardcli rules rummy             read the rules
      cardcli games                   list the games, presets and options
    """


@cli.command(context_settings=CONTEXT)
@click.option("--host", default="0.0.0.0", show_default=True, help="Address to listen on (127.0.0.1: this machine only).")
@click.option("--port", "-p", type=click.IntRange(0, 65535), default=2222, show_default=True, help="Port to listen on.")
@click.option(
    "--bot-timeout",
    type=click.FloatRange(1, 3600),
    default=120,
    show_default=True,
    help="Seconds a dropped player's seat waits before a bot plays it (until they are back).",
)
def serve(host: str, port: int, bot_timeout: float) -> None:
    """Open shared tables that friends join over SSH: `ssh -p 2222 table@HOST`.

    Joining shows a lobby: `new GAME` opens a table and gives its join code, `join CODE` or
    `sit SEAT CODE` sits down, `watch CODE` watches; seats nobody takes are bots, and the
    table starts when its creator types `start`. Ctrl-C stops the server; the games are kept
    in the history like those of `cardcli play`.

    Each person has their own language: `lang it` or `lang en` in the lobby or at a table, or
    `--lang it` after `new`, `join`, `sit` or `watch` to enter the table in it (the default is
    the LANG the SSH client sends, else the server's).
    """
    from cardcli.commands.serve import run_serve

    sys.exit(run_serve(host, port, bot_timeout))


@cli.command(context_settings=CONTEXT)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def games(as_json: bool) -> None:
    """List the games, their player counts, presets and bots."""
    from cardcli.commands.info import list_games

    list_games(as_json)


@cli.command(context_settings=CONTEXT)
@click.argument("game", type=GAME, required=False)
@click.option("--seed", "-s", default=None, help="Deal from this seed (a number or any text); random when omitted.")
@players_option
@click.option(
    "--seat",
    default=None,
    metavar="SEAT",
    help="Your seat (number or name, e.g. 1, P1, South).",
    shell_complete=lazy_completer("complete_seat"),
)
@click.option(
    "--bots",
    default=None,
    metavar="all|SEATS",
    shell_complete=lazy_completer("complete_bots"),
    help="Which seats bots play: `all` (no human, no prompt) or a comma list. Default: all but yours.",
)
@click.option(
    "--bot",
    "bot_id",
    default=None,
    metavar="ID[,ID...]",
    shell_complete=lazy_completer("complete_bot"),
    help="Which bot plays the bot seats (see `cardcli games`); a comma list is given to the seats in turn.",
)
@preset_option
@rule_option
@click.option("--record", type=click.Path(dir_okay=False), default=None, help="Write the game to this replay file.")
@click.option(
    "--resume",
    is_flag=False,
    flag_value="latest",
    default=None,
    metavar="[NAME|FILE]",
    shell_complete=lazy_completer("complete_save"),
    help="Continue a saved game: by name (`cardcli saves` lists them), a replay FILE, or the newest.",
)
@click.option(
    "--from",
    "from_",
    default=None,
    metavar="FILE_OR_CODE[@H.P]",
    shell_complete=lazy_completer("complete_file"),
    help="Start from move P of hand H of a replay or share code (default 1.0; a .pbn, .lin or handviewer "
    "link: where its record stops): same cards, then you and bots.",
)
@click.option(
    "--deal",
    default=None,
    metavar="FILE[:BOARD]",
    shell_complete=lazy_completer("complete_file"),
    help="Bridge: play board BOARD (default 1; the file's own board number, else counted in the file) "
    "of a .pbn or .lin file from its deal; you sit South unless --seat says otherwise.",
)
@click.option("--hands", type=click.IntRange(1), default=None, help="Stop after this many hands.")
@click.option("--title", default=None, help="A caption stored in the recorded replay.")
@click.option("--plain", is_flag=True, help="Plain line-by-line interface (no completion menu or toolbar).")
@click.option("--verbose", "-v", is_flag=True, help="With --bots all: print every move, not only the hands' results.")
@click.option(
    "--coach", is_flag=True, help="After each move of yours the strongest bot would not have made, say what it would do and why."
)
@click.option(
    "--dealer",
    default=None,
    metavar="SEAT",
    shell_complete=lazy_completer("complete_dealer"),
    help="Who deals the first hand (seat number or name, or `me`); default: a seeded cut.",
)
@click.option(
    "--pace",
    type=click.FloatRange(0, 10),
    default=None,
    metavar="SECONDS",
    help="Pause before each bot move in a terminal (default 0.6, or CARDCLI_PACE).",
)
@click.option("--fast", is_flag=True, help="Show bot moves at once (output that is not a terminal always is).")
@click.option(
    "--declare",
    type=click.Choice(["auto", "me", "partner"]),
    default="auto",
    show_default=True,
    help="Bridge: who plays a contract your partner wins. `auto`: you declare whenever your "
    "side wins the contract: you play both hands from the declarer's seat (the table turns "
    "so that the declarer's hand is at the bottom, dummy's on top), unless partner is a "
    "person, who plays their own; `me`: the same; `partner`: partner's bot plays it.",
)
@click.option(
    "--autoplay/--no-autoplay",
    default=True,
    show_default=True,
    help="Play a forced card (the only legal one, the last trick) for you, and say so.",
)
@charset_option
@color_option
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
@players_option
@preset_option
@rule_option
@click.option("--format", "fmt", default="text", metavar="text|json|pbn", help="Output format (pbn: bridge only).")
@charset_option
def deal(game: str, **kw: Any) -> None:
    """Print the first deal a seed gives, identical on every machine."""
    from cardcli.commands.info import show_deal

    show_deal(game, **kw)


@cli.command(context_settings=CONTEXT)
@click.argument("game", type=GAME, required=False)
@click.argument("lesson", required=False, shell_complete=lazy_completer("complete_lesson"))
@click.option("--auto", is_flag=True, help="Demonstrate the lesson: play and explain each step (earns no stars).")
@click.option(
    "--delay",
    type=click.FloatRange(0, 60),
    default=None,
    metavar="SECONDS",
    help="With --auto: wait this long between steps instead of waiting for Enter.",
)
@click.option(
    "--check",
    multiple=True,
    type=click.Path(dir_okay=False),
    metavar="FILE",
    help="Validate a lesson file (repeatable): every move, rule id and quiz answer.",
)
@click.option(
    "--drill",
    is_flag=False,
    flag_value="",
    default=None,
    metavar="[KIND]",
    shell_complete=lazy_completer("complete_drill"),
    help="Endless seeded practice of one kind; alone, lists the kinds.",
)
@click.option("--seed", "-s", default=None, help="With --drill: start from this seed.")
@click.option("--count", type=click.IntRange(1), default=None, help="With --drill: stop after this many items.")
@click.option("--reset", is_flag=True, help="Forget the progress of GAME's course (or of every course).")
@click.option("--plain", is_flag=True, help="Plain line-by-line interface (no completion menu or toolbar).")
@charset_option
@color_option
def learn(game: str | None, lesson: str | None, **kw: Any) -> None:
    """Guided lessons and drills: `cardcli learn` lists the courses.

    `cardcli learn GAME` continues at your next lesson, `cardcli learn GAME N`
    plays lesson N; `hint`, `why`, `rules` and `quit` work inside a lesson.
    `--drill KIND` practises without end (`--drill` alone lists the kinds).
    """
    from cardcli.commands.learn import run_learn

    sys.exit(run_learn(game, lesson, **kw))


@cli.command(context_settings=CONTEXT)
@click.argument("game", type=GAME)
@click.argument("topic", required=False, shell_complete=lazy_completer("complete_topic"))
def rules(game: str, topic: str | None) -> None:
    """Explain the rules of GAME, or one TOPIC of them (`options` lists rule options)."""
    from cardcli.commands.info import show_rules

    show_rules(game, topic)


@cli.command(context_settings=CONTEXT)
@click.argument("game", type=GAME, required=False)
@click.option("--limit", type=click.IntRange(1), default=None, help="Show only the most recent N games.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.option(
    "--prune", is_flag=True, help="Forget the replays of older games, keeping the newest --keep (the list of games stays)."
)
@click.option(
    "--keep",
    type=click.IntRange(0),
    default=50,
    show_default=True,
    help="With --prune: how many of the newest games keep their replay.",
)
def history(game: str | None, limit: int | None, as_json: bool, prune: bool, keep: int) -> None:
    """List the games played in cardcli (of GAME), with how to review, view or resume each.

    Every game you play keeps its replay here (the newest 200, 32 MB at most):
    `cardcli replay review N` reviews game #N, `cardcli replay review last` the latest.
    """
    from cardcli.commands.history import prune_history, show_history

    if prune:
        sys.exit(prune_history(keep))
    sys.exit(show_history(game, limit, as_json))


@cli.command(context_settings=CONTEXT)
@click.argument("game", type=GAME, required=False)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@charset_option
def stats(game: str | None, as_json: bool, charset: str | None) -> None:
    """Your games, wins and average score against each bot and per preset, and lesson progress."""
    from cardcli.commands.history import show_stats

    sys.exit(show_stats(game, as_json, charset))


@cli.command(context_settings=CONTEXT)
@click.argument("game", type=GAME)
@click.option("--games", "count", type=click.IntRange(1), default=100, show_default=True, help="How many matches.")
@click.option("--seed", "-s", default="1", show_default=True, help="Base seed; match i uses SEED/i.")
@players_option
@click.option(
    "--bots",
    "bot_ids",
    default=None,
    metavar="ID,ID...",
    help="Bot per seat, repeated cyclically (default: the game's best bot everywhere).",
)
@preset_option
@rule_option
@click.option("--hands", type=click.IntRange(1), default=None, help="Play this many hands per match instead of whole matches.")
@click.option("--jobs", "-j", type=click.IntRange(1), default=1, show_default=True, help="Worker processes.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def simulate(game: str, **kw: Any) -> None:
    """Play many seeded bot-vs-bot matches and print win rates, scores and speed."""
    from cardcli.commands.simulate import run_simulate

    sys.exit(run_simulate(game, **kw))


@cli.command(context_settings=CONTEXT)
@click.argument("file", metavar="FILE_OR_CODE", shell_complete=lazy_completer("complete_file"))
@click.option("--hand", type=click.IntRange(1), default=None, help="Share only this hand (1-based), as a one-hand game.")
@click.option("--notes", is_flag=True, help="Also carry the replay's title and comments (a longer code).")
@click.option("--quiet", "-q", is_flag=True, help="Print only the code (no length and hint on stderr).")
def share(file: str, hand: int | None, notes: bool, quiet: bool) -> None:
    """Print a recorded game (or one hand of it) as a short share code.

    \b
    The code (cc1-...) holds the game, its rules, the seats, the seed, and every
    deck and move; it has a checksum, so a mistyped or cut code is refused.
    Anyone can open it where a replay file is accepted:
      cardcli share replays/bridge/small-slam.cardcli.json
      cardcli replay view cc1-...      cardcli replay import cc1-... -o game.cardcli.json
    """
    from cardcli.commands.share import share as run

    sys.exit(run(file, hand, quiet, notes))


@cli.command(context_settings=CONTEXT)
@click.argument("game", type=GAME, required=False)
@click.option(
    "--repair",
    metavar="NAME",
    default=None,
    shell_complete=lazy_completer("complete_save"),
    help="Rewrite the damaged save NAME as what can be recovered (the damaged file is kept).",
)
def saves(game: str | None, repair: str | None) -> None:
    """List the saved (unfinished) games, newest first; resume one with `cardcli play --resume NAME`.

    A damaged save is listed with what is wrong and what can be recovered of it."""
    from cardcli.commands.saves import list_command

    sys.exit(list_command(game, repair))


@cli.command(context_settings=CONTEXT)
@click.argument("shell", type=click.Choice(["bash", "zsh", "fish"]))
def completion(shell: str) -> None:
    """Print the shell completion script for SHELL (bash, zsh or fish).

    \b
    Enable it once:
      bash:  eval "$(cardcli completion bash)"    (in ~/.bashrc)
      zsh:   eval "$(cardcli completion zsh)"     (in ~/.zshrc)
      fish:  cardcli completion fish > ~/.config/fish/completions/cardcli.fish
    It completes commands, options, games, presets, rule options, seats,
    saves, lessons and files.
    """
    from cardcli.commands.completion import script

    click.echo(script(shell))


# The command groups declared in modules of their own.
cli.add_command(score)
cli.add_command(scorepad)
cli.add_command(replay)


def main() -> None:
    """Console-script entry point: exit 130 on Ctrl-C (not click's "Aborted!" and 1)."""
    try:
        rv = cli.main(prog_name="cardcli", standalone_mode=False)
    except (KeyboardInterrupt, click.exceptions.Abort):
        click.echo("", err=True)
        sys.exit(130)
    except click.ClickException as err:
        err.show()
        sys.exit(err.exit_code)
    except click.exceptions.Exit as err:
        sys.exit(err.exit_code)
    sys.exit(rv if isinstance(rv, int) else 0)
