"""The scoring commands: ``cardcli score`` for a hand played with real cards, and the ``scorepad``
group that keeps, corrects and exports running matches of such hands."""

from __future__ import annotations

import sys
from typing import Any

import click

from cardcli.cli_options import (
    CONTEXT,
    GAME,
    charset_option,
    dealer_option,
    names_option,
    players_option,
    preset_option,
    rule_option,
)


@click.command(context_settings=CONTEXT)
@click.argument("game", type=GAME)
@click.argument("file", type=click.File("r"), default="-", required=False)
@players_option
@preset_option
@rule_option
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@click.option(
    "--match",
    "-m",
    default=None,
    metavar="NAME",
    help="Add the hand to this scorepad match (created on first use) and show the running pad.",
)
@names_option
@dealer_option
@charset_option
def score(game: str, file: Any, match: str | None, names: str | None, dealer: str | None, charset: str | None, **kw: Any) -> None:
    """Score a finished hand typed in by hand (from FILE, or stdin).

    The input format of each game is described by `cardcli rules GAME score`;
    a hand may also be typed as its points alone: `points NS 450 EW 120`.

    \b
    With --match NAME the hand joins a running match kept by cardcli:
      cardcli score burraco --match friday --names Anna,Bruno,Carla,Dino < hand.txt
      printf 'points NS 450 EW 120' | cardcli score burraco --match friday
    Several hands in one input are separated by `---` lines (bridge: one deal
    per line). At a terminal with no FILE, hands are typed one after another
    with completion of card names. See `cardcli scorepad --help`.
    """
    if match is not None:
        from cardcli.commands.scorepad import score_match

        sys.exit(
            score_match(game, file, match, kw["players"], kw["preset"], kw["options"], names, dealer, kw["as_json"], charset)
        )
    from cardcli.commands.info import run_score

    sys.exit(run_score(game, file, **kw))


@click.group(context_settings=CONTEXT)
def scorepad() -> None:
    """Running scorepads for games played with real cards: list, show, correct, export.

    \b
    A match keeps every hand as typed; totals, who deals next, the target and
    the winner follow from them, so a corrected or deleted hand changes
    everything after it. Everything is saved as soon as it is accepted.
      cardcli score canasta --match sunday < hand.txt   add a hand (creates the match)
      cardcli scorepad show sunday                      the whole pad
      cardcli scorepad fix sunday 3 < right.txt         type hand 3 again
      cardcli scorepad delete sunday --hand 3           delete hand 3
      cardcli scorepad export sunday --format csv       CSV or JSON
    """


@scorepad.command("list", context_settings=CONTEXT)
@click.argument("game", type=GAME, required=False)
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def scorepad_list(game: str | None, as_json: bool) -> None:
    """List the matches (of GAME), the most recent first."""
    from cardcli.commands.scorepad import list_matches

    sys.exit(list_matches(game, as_json))


@scorepad.command("new", context_settings=CONTEXT)
@click.argument("game", type=GAME)
@click.argument("name")
@players_option
@preset_option
@rule_option
@names_option
@dealer_option
@charset_option
def scorepad_new(game: str, name: str, **kw: Any) -> None:
    """Start match NAME of GAME with its players, preset and first dealer (fixed from then on)."""
    from cardcli.commands.scorepad import new

    sys.exit(new(game, name, **kw))


@scorepad.command("add", context_settings=CONTEXT)
@click.argument("name")
@click.argument("file", type=click.File("r"), default="-", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the whole pad as JSON.")
@charset_option
def scorepad_add(name: str, file: Any, **kw: Any) -> None:
    """Add the hand(s) in FILE (or stdin; typed at the prompt at a terminal) to match NAME."""
    from cardcli.commands.scorepad import add

    sys.exit(add(name, file, **kw))


@scorepad.command("show", context_settings=CONTEXT)
@click.argument("name")
@click.option("--brief", is_flag=True, help="One line per hand, without the breakdowns.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@charset_option
def scorepad_show(name: str, **kw: Any) -> None:
    """Show match NAME: every hand, the totals, who deals next, the result."""
    from cardcli.commands.scorepad import show

    sys.exit(show(name, **kw))


@scorepad.command("fix", context_settings=CONTEXT)
@click.argument("name")
@click.argument("hand", type=click.IntRange(1))
@click.argument("file", type=click.File("r"), default="-", required=False)
@charset_option
def scorepad_fix(name: str, hand: int, file: Any, charset: str | None) -> None:
    """Correct HAND of match NAME with the hand typed again in FILE (or stdin)."""
    from cardcli.commands.scorepad import fix

    sys.exit(fix(name, hand, file, charset))


@scorepad.command("delete", context_settings=CONTEXT)
@click.argument("name")
@click.option("--hand", type=click.IntRange(1), default=None, help="Delete only this hand; later hands move up.")
@click.option("--yes", "-y", is_flag=True, help="Delete a whole match without asking.")
@charset_option
def scorepad_delete(name: str, hand: int | None, yes: bool, charset: str | None) -> None:
    """Delete one hand of match NAME, or the whole match."""
    from cardcli.commands.scorepad import delete

    sys.exit(delete(name, hand, yes, charset))


@scorepad.command("export", context_settings=CONTEXT)
@click.argument("name")
@click.option(
    "--format",
    "fmt",
    type=click.Choice(["csv", "json"]),
    default="csv",
    show_default=True,
    help="CSV (one row per hand) or JSON (everything the pad shows).",
)
@click.option("--output", "-o", type=click.Path(dir_okay=False), default=None, help="Write here instead of stdout.")
def scorepad_export(name: str, fmt: str, output: str | None) -> None:
    """Write match NAME as CSV or JSON."""
    from cardcli.commands.scorepad import export

    sys.exit(export(name, fmt, output))
