"""`cardcli replay review FILE|last|N`: the end-of-hand review of every hand of a game.

FILE is a replay file or a share code; ``last`` and ``N`` are games of the history
(``cardcli history`` numbers them), whose replays the store keeps: every game a person
plays can be reviewed later, recorded or not, finished or left unfinished. Each hand's
review is a summary that fits the screen; ``--full`` gives all of it (through a pager
in a terminal).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from cardcli.engine.text import safe
from cardcli.i18n import _, ngettext
from cardcli.replay.io import ReplayError
from cardcli.replay.model import Replay
from cardcli.session import Session
from cardcli.ui.console import Console

if TYPE_CHECKING:
    from cardcli.store.history import GameRecord


def history_game(arg: str) -> GameRecord | None:
    """The history's game ``arg`` names (``last``, ``7``, ``#7``: its record), or None when it names a
    file or a code."""
    text = arg.strip()
    if text.lower() != "last" and not text.lstrip("#").isdigit():
        return None
    try:
        if Path(arg).exists():
            return None
    except OSError:
        return None
    from cardcli.store import StoreError, history

    try:
        records = history()
    except StoreError as err:
        raise click.ClickException(str(err)) from None
    if text.lower() == "last":
        kept = next((r for r in records if r.kept), None)
        if kept is None:
            raise click.ClickException(
                _(
                    "no game in your history keeps its replay yet: play one with "
                    "`cardcli play GAME`, then `cardcli replay review last`"
                )
            )
        return kept
    number = int(text.lstrip("#"))
    found = next((r for r in records if r.id == number), None)
    if found is None:
        raise click.ClickException(_("there is no game #{n} in your history (`cardcli history` lists them)").format(n=number))
    if not found.kept:
        if found.replay and Path(found.replay).exists():
            raise click.ClickException(
                _("the history keeps no replay of game #{n}; its file is {path}").format(n=number, path=safe(found.replay))
            )
        raise click.ClickException(
            _("the history keeps no replay of game #{n} (older games lose theirs: `cardcli history --prune`)").format(n=number)
        )
    return found


def load_replay(arg: str) -> tuple[Replay, int | None]:
    """The replay ``arg`` names, and its number in the history (None: a file or a share code)."""
    record = history_game(arg)
    if record is None:
        from cardcli.commands.importing import first_of

        return first_of(arg), None  # a file, a share code, or the first game of a .pbn/.lin file
    number = record.id
    from cardcli.store import StoreError, stored_replay, unpack_replay

    try:
        data = stored_replay(number)
    except StoreError as err:
        raise click.ClickException(str(err)) from None
    if data is None:
        raise click.ClickException(_("the history keeps no replay of game #{n}").format(n=number))
    kept = unpack_replay(data, f"#{number}")
    newer = _from_save(record)
    if newer is not None and len(newer.hands) >= len(kept.hands) and _moves(newer) >= _moves(kept):
        return newer, number
    return kept, number


def _moves(replay: Replay) -> int:
    return sum(len(h.moves) for h in replay.hands)


def _from_save(record: GameRecord) -> Replay | None:
    """The game's save, when it is still there: an unfinished game's save is written move by move, so
    it holds what the history's copy (written when the game was left) lacks after a crash or a kill."""
    from cardcli.replay.journal import SUFFIX, read_journal
    from cardcli.saves import find_save

    if record.complete or not record.save:
        return None
    path = find_save(record.save)
    if path is None or not path.name.endswith(SUFFIX):
        return None
    try:
        return read_journal(path)[0]
    except (ReplayError, OSError):
        return None  # a damaged save: the history's copy is what can be reviewed


def review(
    file: str,
    seat: str | None,
    hands: tuple[int, ...],
    write: bool,
    charset: str | None,
    color: bool | None = None,
    full: bool = False,
) -> int:
    from cardcli.commands.common import parse_seat
    from cardcli.review import review_replay
    from cardcli.review.show import as_annotations, print_review

    try:
        replay, number = load_replay(file)
        session = Session.from_replay(replay)  # strict: a review is of a game that verifies
    except ReplayError as err:
        raise click.ClickException(str(err)) from None
    if write and number is not None:
        raise click.UsageError(
            _(
                "--write keeps the review in a replay file; {arg} is a game of the history "
                "(`cardcli replay export` can write it to a file)"
            ).format(arg=file)
        )
    names = [s.name for s in replay.seats]
    seats = [parse_seat(seat, names)] if seat else None
    for h in hands:
        if h > len(replay.hands):
            n = len(replay.hands)
            raise click.UsageError(
                ngettext("the file has {n} hand, not {h}", "the file has {n} hands, not {h}", n).format(n=n, h=h)
            )
    console = Console.detect("auto" if color is None else ("always" if color else "never"), charset)
    reviews = review_replay(replay, seats, set(hands) or None, console.charset)
    pager = full and sys.stdout.isatty() and sys.stdin.isatty()
    if pager:  # the whole review through a pager: it is longer than a screen
        import io

        buffer = io.StringIO()
        # plain text: a pager started without -R would show the colour codes as text
        console = Console(out=buffer, color=False, charset=console.charset, width=console.width)
    spell = lambda text: session.game.spell_cards(text, console.charset)  # noqa: E731
    title = safe(replay.title or _("{game} replay").format(game=session.game.match_title(session.config)))
    if number is not None:
        title = f"#{number} · {title}"
    console.say(title, "title")
    if not session.finished:
        console.say(_("unfinished: the hands played so far"), "dim")
    more = _("(the whole review, with the hands as dealt: --full)")
    for i, r in enumerate(reviews):
        console.say("")
        print_review(console, r, [safe(n) for n in names], spell, full=full, more=more if i == len(reviews) - 1 else None)
    if not reviews:
        console.say(_("no finished hand to review"))
    if pager:
        click.echo_via_pager(buffer.getvalue(), color=False)
    if write:
        import msgspec

        from cardcli.replay.io import write as write_replay

        done = {r.hand for r in reviews}
        kept = [a for a in replay.annotations if not (a.kind == "review" and a.hand in done)]
        notes = kept + [a for r in reviews for a in as_annotations(r)]
        notes.sort(key=lambda a: (a.hand, a.ply))
        try:
            write_replay(file, msgspec.structs.replace(replay, annotations=notes))
        except OSError as err:
            raise click.ClickException(f"cannot write {file}: {err.strerror}") from None
        console.say(_("review written into {file} (`cardcli replay view` shows it)").format(file=file), "ok")
    return 0
