"""The command line: option parsing only, everything else is imported when a command runs.

``cardcli --help`` and ``--version`` import click and this module and nothing
heavier (a test checks ``sys.modules``); the command bodies live in
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

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}

_charset = click.option(
    "--charset",
    type=click.Choice(["unicode", "ascii", "words"]),
    default=None,
    help="How cards are drawn: suit symbols, ASCII letters, or words (screen readers).",
)
_color = click.option(
    "--color/--no-color",
    "color",
    default=None,
    help="Force colour on or off (default: on for terminals unless NO_COLOR or TERM=dumb).",
)


def _lazy_completer(name: str) -> Any:
    """A shell completer from :mod:`cardcli.commands.completion`, imported only when completing."""

    def complete(ctx: click.Context, param: click.Parameter, incomplete: str) -> list[Any]:
        from cardcli.commands import completion

        return getattr(completion, name)(ctx, param, incomplete)  # type: ignore[no-any-return]

    return complete


_preset = click.option(
    "--preset",
    default=None,
    metavar="NAME",
    help="A named rule set (see `cardcli games`).",
    shell_complete=_lazy_completer("complete_preset"),
)
_option = click.option(
    "--option",
    "-o",
    "options",
    multiple=True,
    metavar="KEY=VALUE",
    help="Change one rule (repeatable); `cardcli rules GAME options` lists them.",
    shell_complete=_lazy_completer("complete_option"),
)
_players = click.option("--players", "-n", type=click.IntRange(2, 8), default=None, help="Number of players.")
_names = click.option(
    "--names",
    default=None,
    metavar="A,B,...",
    help="Scorepad match: the players' names in seat order (they may then be typed instead of seats).",
)
_dealer = click.option(
    "--dealer",
    default=None,
    metavar="SEAT",
    shell_complete=_lazy_completer("complete_dealer"),
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
    shell_complete=_lazy_completer("complete_lang"),
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
@_players
@click.option(
    "--seat",
    default=None,
    metavar="SEAT",
    help="Your seat (number or name, e.g. 1, P1, South).",
    shell_complete=_lazy_completer("complete_seat"),
)
@click.option(
    "--bots",
    default=None,
    metavar="all|SEATS",
    shell_complete=_lazy_completer("complete_bots"),
    help="Which seats bots play: `all` (no human, no prompt) or a comma list. Default: all but yours.",
)
@click.option(
    "--bot",
    "bot_id",
    default=None,
    metavar="ID[,ID...]",
    shell_complete=_lazy_completer("complete_bot"),
    help="Which bot plays the bot seats (see `cardcli games`); a comma list is given to the seats in turn.",
)
@_preset
@_option
@click.option("--record", type=click.Path(dir_okay=False), default=None, help="Write the game to this replay file.")
@click.option(
    "--resume",
    is_flag=False,
    flag_value="latest",
    default=None,
    metavar="[NAME|FILE]",
    shell_complete=_lazy_completer("complete_save"),
    help="Continue a saved game: by name (`cardcli saves` lists them), a replay FILE, or the newest.",
)
@click.option(
    "--from",
    "from_",
    default=None,
    metavar="FILE_OR_CODE[@H.P]",
    shell_complete=_lazy_completer("complete_file"),
    help="Start from move P of hand H of a replay or share code (default 1.0; a .pbn, .lin or handviewer "
    "link: where its record stops): same cards, then you and bots.",
)
@click.option(
    "--deal",
    default=None,
    metavar="FILE[:BOARD]",
    shell_complete=_lazy_completer("complete_file"),
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
    shell_complete=_lazy_completer("complete_dealer"),
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
@click.argument("game", type=GAME, required=False)
@click.argument("lesson", required=False, shell_complete=_lazy_completer("complete_lesson"))
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
    shell_complete=_lazy_completer("complete_drill"),
    help="Endless seeded practice of one kind; alone, lists the kinds.",
)
@click.option("--seed", "-s", default=None, help="With --drill: start from this seed.")
@click.option("--count", type=click.IntRange(1), default=None, help="With --drill: stop after this many items.")
@click.option("--reset", is_flag=True, help="Forget the progress of GAME's course (or of every course).")
@click.option("--plain", is_flag=True, help="Plain line-by-line interface (no completion menu or toolbar).")
@_charset
@_color
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
@click.argument("topic", required=False, shell_complete=_lazy_completer("complete_topic"))
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
@click.option(
    "--match",
    "-m",
    default=None,
    metavar="NAME",
    help="Add the hand to this scorepad match (created on first use) and show the running pad.",
)
@_names
@_dealer
@_charset
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


@cli.group(context_settings=CONTEXT)
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
@_players
@_preset
@_option
@_names
@_dealer
@_charset
def scorepad_new(game: str, name: str, **kw: Any) -> None:
    """Start match NAME of GAME with its players, preset and first dealer (fixed from then on)."""
    from cardcli.commands.scorepad import new

    sys.exit(new(game, name, **kw))


@scorepad.command("add", context_settings=CONTEXT)
@click.argument("name")
@click.argument("file", type=click.File("r"), default="-", required=False)
@click.option("--json", "as_json", is_flag=True, help="Print the whole pad as JSON.")
@_charset
def scorepad_add(name: str, file: Any, **kw: Any) -> None:
    """Add the hand(s) in FILE (or stdin; typed at the prompt at a terminal) to match NAME."""
    from cardcli.commands.scorepad import add

    sys.exit(add(name, file, **kw))


@scorepad.command("show", context_settings=CONTEXT)
@click.argument("name")
@click.option("--brief", is_flag=True, help="One line per hand, without the breakdowns.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
@_charset
def scorepad_show(name: str, **kw: Any) -> None:
    """Show match NAME: every hand, the totals, who deals next, the result."""
    from cardcli.commands.scorepad import show

    sys.exit(show(name, **kw))


@scorepad.command("fix", context_settings=CONTEXT)
@click.argument("name")
@click.argument("hand", type=click.IntRange(1))
@click.argument("file", type=click.File("r"), default="-", required=False)
@_charset
def scorepad_fix(name: str, hand: int, file: Any, charset: str | None) -> None:
    """Correct HAND of match NAME with the hand typed again in FILE (or stdin)."""
    from cardcli.commands.scorepad import fix

    sys.exit(fix(name, hand, file, charset))


@scorepad.command("delete", context_settings=CONTEXT)
@click.argument("name")
@click.option("--hand", type=click.IntRange(1), default=None, help="Delete only this hand; later hands move up.")
@click.option("--yes", "-y", is_flag=True, help="Delete a whole match without asking.")
@_charset
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
@_charset
def stats(game: str | None, as_json: bool, charset: str | None) -> None:
    """Your games, wins and average score against each bot and per preset, and lesson progress."""
    from cardcli.commands.history import show_stats

    sys.exit(show_stats(game, as_json, charset))


@cli.command(context_settings=CONTEXT)
@click.argument("game", type=GAME)
@click.option("--games", "count", type=click.IntRange(1), default=100, show_default=True, help="How many matches.")
@click.option("--seed", "-s", default="1", show_default=True, help="Base seed; match i uses SEED/i.")
@_players
@click.option(
    "--bots",
    "bot_ids",
    default=None,
    metavar="ID,ID...",
    help="Bot per seat, repeated cyclically (default: the game's best bot everywhere).",
)
@_preset
@_option
@click.option("--hands", type=click.IntRange(1), default=None, help="Play this many hands per match instead of whole matches.")
@click.option("--jobs", "-j", type=click.IntRange(1), default=1, show_default=True, help="Worker processes.")
@click.option("--json", "as_json", is_flag=True, help="Machine-readable output.")
def simulate(game: str, **kw: Any) -> None:
    """Play many seeded bot-vs-bot matches and print win rates, scores and speed."""
    from cardcli.commands.simulate import run_simulate

    sys.exit(run_simulate(game, **kw))


@cli.command(context_settings=CONTEXT)
@click.argument("file", metavar="FILE_OR_CODE", shell_complete=_lazy_completer("complete_file"))
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


@cli.group(context_settings=CONTEXT)
def replay() -> None:
    """Show, verify and step through recorded games.

    Wherever a FILE is asked for, a share code (`cardcli share`) works too.
    """


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
@_charset
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
@_charset
@_color
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
@_charset
@_color
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


@cli.command(context_settings=CONTEXT)
@click.argument("game", type=GAME, required=False)
@click.option(
    "--repair",
    metavar="NAME",
    default=None,
    shell_complete=_lazy_completer("complete_save"),
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
