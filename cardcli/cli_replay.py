"""The ``cardcli replay`` group: show, verify, view, review, play on from, export and import
recorded games."""

from __future__ import annotations

import sys
from typing import Any

import click

from cardcli.cli_options import CONTEXT, charset_option, color_option


@click.group(context_settings=CONTEXT)
def replay() -> None:
    """Show, verify and step through recorded games.

    Wherever a FILE is asked for, a share code (`cardcli share`) works too.
    """


@replay.command("show", context_settings=CONTEXT)
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--json", "as_json", is_flag=True, help="Print the replay as JSON.")
@click.option("--reveal", is_flag=True, help="Show secret moves (eleusis' rule) and every drawn card.")
@charset_option
def replay_show(file: str, **kw: Any) -> None:
    """Print a recorded game move by move, with the results."""
    from cardcli.commands.replays import show

    sys.exit(show(file, **kw))


@replay.command("verify", context_settings=CONTEXT)
@click.argument("files", type=click.Path(dir_okay=False), nargs=-1, required=True)
@click.option("--legal", is_flag=True, help="Also check that each move is among the legal moves the game lists in its position.")
def replay_verify(files: tuple[str, ...], legal: bool) -> None:
    """Check that every move of FILES is legal and the recorded results match (exit 1 if not)."""
    from cardcli.commands.replays import verify

    sys.exit(verify(files, legal))


@replay.command("view", context_settings=CONTEXT)
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--seat", default=None, metavar="SEAT", help="Start with this seat's view (default: all hands).")
@click.option("--reveal", is_flag=True, help="Show secret moves (eleusis' rule) as they are made.")
@click.option("--plain", is_flag=True, help="Line-by-line commands instead of the full-screen viewer.")
@charset_option
def replay_view(file: str, **kw: Any) -> None:
    """Step through a recorded game, from any seat or with all hands.

    \b
    In a terminal: arrows move by a move (left/right) or a trick or turn
    (up/down), PgUp/PgDn by a hand, Home/End; s changes seat, a shows all
    hands, r reveals secret moves, / jumps to a move, p plays on from there,
    ? lists the keys, q quits. With --plain or a pipe: next, back, jump H.P,
    seat S, all, quit.
    """
    from cardcli.commands.replays import view

    sys.exit(view(file, **kw))


@replay.command("review", context_settings=CONTEXT)
@click.argument("file", metavar="FILE|last|N", type=click.Path(dir_okay=False))
@click.option(
    "--seat",
    default=None,
    metavar="SEAT",
    help="Review this seat's decisions (default: the human seats, else the game's usual seat).",
)
@click.option("--hand", "hands", type=click.IntRange(1), multiple=True, help="Review only this hand (repeatable).")
@click.option(
    "--full", is_flag=True, help="The whole review (the hands as dealt, every decision), through a pager in a terminal."
)
@click.option("--write", is_flag=True, help="Keep the review in FILE as annotations (`replay view` shows them).")
@charset_option
@color_option
def replay_review(file: str, **kw: Any) -> None:
    """The review of every hand of FILE, or of a game of your history: `last`, or its number N
    in `cardcli history` (every game you play keeps its replay there, finished or not).

    \b
    Each hand's review is a summary: what happened, the score, the result
    against the best, the decisions that cost most. --full adds the hands as
    dealt and every decision (bridge: the double-dummy table and every card's
    cost, with the dds extra; rummy, burraco, canasta: the strongest bot's other
    choices and the points at stake; eleusis: the mainline with the rule)."""
    from cardcli.commands.review import review

    sys.exit(review(file, **kw))


@replay.command("play", context_settings=CONTEXT)
@click.argument("file", type=click.Path(dir_okay=False))
@click.option("--at", default=None, metavar="H.P", help="Start after move P of hand H (default 1.0, the first deal).")
@click.option("--seat", default=None, metavar="SEAT", help="Your seat (default: the file's human, or the seat to act).")
@click.option("--record", type=click.Path(dir_okay=False), default=None, help="Write the new game to this replay file.")
@click.option("--plain", is_flag=True, help="Plain line-by-line interface (no completion menu or toolbar).")
@charset_option
@color_option
def replay_play(file: str, **kw: Any) -> None:
    """Play on from a position of FILE: the same cards and moves up to there, then you and bots.

    FILE is a replay, a share code, or a bridge file (.pbn, .lin, a handviewer link). The seed
    stays, so later hands deal as they did; the new game has its own save
    (`cardcli play --resume` continues it) and the file is never changed.
    """
    from cardcli.commands.replays import play

    sys.exit(play(file, **kw))


@replay.command("export", context_settings=CONTEXT)
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "--format",
    "fmt",
    required=True,
    metavar="FORMAT",
    help="Target format: html (a web page to step through, any game); bridge also pbn, lin.",
)
@click.option("--output", "-o", type=click.Path(dir_okay=False), default=None, help="Write here instead of stdout.")
def replay_export(file: str, fmt: str, output: str | None) -> None:
    """Write a recorded game in another format: one self-contained HTML page that steps through
    it (any game), or for bridge PBN and BBO LIN (one board per hand)."""
    from cardcli.commands.replays import export

    sys.exit(export(file, fmt.lower(), output))


@replay.command("import", context_settings=CONTEXT)
@click.argument("file", type=click.Path(dir_okay=False))
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False),
    default=None,
    help="Replay file to write (default: FILE with .cardcli.json).",
)
def replay_import(file: str, output: str | None) -> None:
    """Turn a game in another format (bridge: .pbn, .lin or a BBO handviewer link), or a share code,
    into a verified cardcli replay. Each board is what the file records — a deal to play, a position to
    play on from, or a finished hand — with its tags, names, notes and alerts kept; nothing is made up,
    and a board that cannot be read is left out with its reason."""
    from cardcli.commands.replays import import_

    sys.exit(import_(file, output))


@replay.command("schema", context_settings=CONTEXT)
def replay_schema() -> None:
    """Print the JSON Schema of replay files."""
    from cardcli.commands.replays import schema

    schema()
