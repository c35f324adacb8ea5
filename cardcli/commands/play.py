"""`cardcli play`: build a session (new or resumed) and hand it to a driver."""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

import click

from cardcli.commands.common import load_game, parse_options, parse_seat
from cardcli.i18n import _
from cardcli.replay.io import ReplayError
from cardcli.replay.model import Replay
from cardcli.session import Event, Session, SessionError
from cardcli.ui.console import Console


def run_play(
    game: str | None,
    *,
    seed: str | None,
    players: int | None,
    seat: str | None,
    bots: str | None,
    bot_id: str | None,
    preset: str | None,
    options: tuple[str, ...],
    record: str | None,
    resume: str | None,
    hands: int | None,
    title: str | None,
    plain: bool,
    verbose: bool,
    charset: str | None,
    color: bool | None,
    pace: float | None = None,
    fast: bool = False,
    dealer: str | None = None,
    declare: str = "auto",
    autoplay: bool = True,
    coach: bool = False,
    from_: str | None = None,
    deal: str | None = None,
) -> int:
    if from_ is not None or deal is not None:
        if from_ is not None and deal is not None:
            raise click.UsageError("--from and --deal each start a game: give one of them")
        if resume:
            raise click.UsageError(f"--resume continues a saved game; it does not go with {'--from' if from_ else '--deal'}")
        if from_ is not None:
            return play_from(game, from_, seat=seat, record=record, plain=plain, charset=charset, color=color)
        return play_deal(game, deal or "", seat=seat, record=record, plain=plain, charset=charset, color=color)
    console = Console.detect("auto" if color is None else ("always" if color else "never"), charset)
    record_path = Path(record).expanduser() if record else None
    save_path: Path | None = None
    lock: Any = None
    if resume:
        session, save_path, kept_record, lock = _resume(game, resume)
        record_path = record_path or kept_record
    else:
        if game is None:
            raise click.UsageError("name a game to play (`cardcli games` lists them), or use --resume")
        session = _new_session(game, seed, players, seat, bots, bot_id, preset, options, hands, dealer)
    if title:
        session.title = title
    if record_path is not None:
        try:
            record_path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as err:
            if lock is not None:
                lock.release()
            raise click.ClickException(f"cannot write {record_path}: {err.strerror}") from None
    if not session.human_seats:  # a new bots-only game (a resumed one always has a person)
        return _watch(session, console, verbose, record_path)
    from cardcli.saves import AutoSave, new_save_path

    if save_path is None or not save_path.name.endswith(".cardcli.jsonl"):
        if lock is not None:
            lock.release()
            lock = None
        save_path = new_save_path(session.game.name)
    autosave = AutoSave(session, save_path, record_path, lock)
    from cardcli.ui.commands import Controller

    controller = Controller(session, console, autosave=autosave, record_path=record_path)
    controller.review_hands = True  # the review at the end of every hand
    controller.coach = coach
    session.declare = declare
    controller.autoplay = autoplay
    if sys.stdout.isatty() and not fast:  # pipes, files and tests stay instant
        controller.pace = pace_seconds(pace)
    terminal = sys.stdin.isatty() and sys.stdout.isatty()
    if terminal and not plain and os.environ.get("TERM") != "dumb":
        from cardcli.ui.ptk.app import run

        return run(controller)
    from cardcli.ui.line_driver import run as run_lines

    return run_lines(controller, sys.stdin, interactive=sys.stdin.isatty())


def _split(arg: str, sep: str) -> tuple[str, str | None]:
    """``FILE`` and the position after its last ``sep`` (``g.json@1.10``, ``deals.pbn:3``); an existing
    file or a share code is taken whole."""
    from cardcli.replay.share import looks_like_code

    try:
        whole = Path(arg).exists()
    except OSError:  # a name too long for a file: a share code
        whole = False
    if whole or sep not in arg:
        return arg, None
    head, _sep, tail = arg.rpartition(sep)
    if not head or (looks_like_code(arg) and not looks_like_code(head)):
        return arg, None
    return head, tail


def play_from(
    game: str | None, arg: str, *, seat: str | None, record: str | None, plain: bool, charset: str | None, color: bool | None
) -> int:
    """`cardcli play --from FILE_OR_CODE[@HAND.MOVE]`: a new game from that position of a replay (or a share
    code, or a bridge .pbn/.lin deal): the same cards, the moves up to there, then you and bots."""
    from cardcli.commands.replays import _replay_or_import, play_replay
    from cardcli.ui.viewer.model import parse_position

    file, at = _split(arg, "@")
    pos = parse_position(at or "1.0", 1)
    if pos is None or pos[0] < 1 or pos[1] < 0:
        raise click.UsageError(f"--from takes FILE_OR_CODE@HAND.MOVE (e.g. game.cardcli.json@1.10), not {at!r}")
    replay = _replay_or_import(file)
    if at is None and replay.hands and "source" in replay.hands[0].extra:
        # a record from another program (a bidding or lead problem): on from where it stops
        pos = (1, len(replay.hands[0].moves))
    _same_game(game, replay.game, file)
    who = parse_seat(seat, [s.name for s in replay.seats]) if seat else None
    return play_replay(replay, pos[0], pos[1], who, record=record, plain=plain, charset=charset, color=color)


def _same_game(game: str | None, name: str, file: str) -> None:
    if game is not None and load_game(game).name != name:
        raise click.UsageError(f"{file} is a {name} game, not {load_game(game).name}")


def play_deal(
    game: str | None, arg: str, *, seat: str | None, record: str | None, plain: bool, charset: str | None, color: bool | None
) -> int:
    """`cardcli play bridge --deal FILE[:BOARD]`: board BOARD (the first by default) of a .pbn or .lin file
    played from its deal, whatever the file records after it (nothing, an auction, the play). BOARD is the
    board's own number when the file numbers its boards, else its place in the file."""
    from cardcli.commands.importing import imported
    from cardcli.commands.replays import play_replay
    from cardcli.engine.registry import available, load
    from cardcli.replay.share import decode, encode

    file, board_s = _split(arg, ":")
    if board_s is not None and not board_s.isdigit():
        file, board_s = arg, None
    board = int(board_s) if board_s else 1
    ext = Path(file).suffix.lstrip(".").lower()
    readers = [n for n in available() if ext in load(n).import_formats]
    if not readers:
        raise click.UsageError(f"--deal takes a deal file (bridge: .pbn or .lin), not {file!r}")
    _same_game(game, readers[0], file)
    if not Path(file).is_file():
        raise click.ClickException(f"{file}: no such file")
    if board < 1:
        raise click.UsageError("boards are numbered from 1")
    replays = imported(file).replays
    boards = [(r, h) for r in replays for h in range(1, len(r.hands) + 1)]
    # the boards' own numbers where the file gives them (hand records often start at 17): `:17` is board 17
    labels = [label for r in replays for label in _board_labels(r)] if board_s is not None else []
    if board_s in labels:
        replay, hand = boards[labels.index(board_s)]
    elif board > len(boards):
        raise click.ClickException(f"{file} has {len(boards)} board{'s' if len(boards) != 1 else ''}; there is no board {board}")
    else:
        replay, hand = boards[board - 1]
    if len(replay.hands) > 1:  # the board as a deal of its own (its vulnerability and dealer kept)
        replay = decode(encode(replay, hand))
    game_ = load(replay.game)
    # you sit where the game puts you (bridge: South), unless --seat says otherwise
    who = parse_seat(seat, [s.name for s in replay.seats]) if seat else game_.default_seat
    return play_replay(replay, 1, 0, who, record=record, plain=plain, charset=charset, color=color)


def _board_labels(replay: Replay) -> list[str]:
    """The board numbers an imported set of deals records, one per hand (each hand's ``board``), else ""."""
    return [str(h.extra.get("board", "")) for h in replay.hands]


DEFAULT_PACE = 0.6
"""Seconds between two bot moves in a terminal: slow enough to read one line, quick enough not to wait."""


def pace_seconds(pace: float | None) -> float:
    """``--pace``, else ``CARDCLI_PACE``, else the default; a bad ``CARDCLI_PACE`` is ignored."""
    if pace is None:
        try:
            pace = float(os.environ.get("CARDCLI_PACE", DEFAULT_PACE))
        except ValueError:
            pace = DEFAULT_PACE
    return max(0.0, min(pace, 10.0))


def _resume(game: str | None, resume: str) -> tuple[Session, Path, Path | None, Any]:
    """The session to continue, the save it came from, the record file it keeps writing, and the
    save's lock (taken before the save is read: one writer per save)."""
    from cardcli.replay.journal import SUFFIX
    from cardcli.savelock import SaveBusy, SaveLock
    from cardcli.saves import find_save, load_save

    path = find_save(resume, game)
    if path is None:
        if resume == "latest":
            raise click.ClickException(
                "there is no saved game to resume" + (f" for {game}" if game else "") + " (`cardcli saves` lists them)"
            )
        if resume.endswith((".json", ".jsonl", ".mp", ".msgpack")) or "/" in resume:
            raise click.ClickException(f"{resume}: no such file")
        raise click.ClickException(f"no saved game or file called {resume!r} (`cardcli saves` lists them)")
    lock: Any = None
    if path.name.endswith(SUFFIX):
        try:
            lock = SaveLock.take(path)
        except SaveBusy as err:
            raise click.ClickException(str(err)) from None
    try:
        try:
            session, record = load_save(path)
        except ReplayError as err:
            session, record = _recover(path, err)
        if game and session.game.name != game:
            raise click.ClickException(f"{path.name} is a {session.game.name} game, not {game}")
        if session.finished:
            raise click.ClickException(f"{path}: that match is already finished (`cardcli replay show {path}`)")
    except BaseException:
        if lock is not None:
            lock.release()
        raise
    if not session.human_seats:
        # A recorded bot game becomes playable from seat 1 when resumed.
        session.seats[0].human = True
    if not path.name.endswith(".cardcli.jsonl") and record is None:
        record = path  # resuming a replay file keeps writing it
    return session, path, record, lock


def _recover(path: Path, err: ReplayError) -> tuple[Session, Path | None]:
    """A save that does not resume as it is: rebuild what can be rebuilt and, when moves would be
    dropped, ask first (in a terminal; elsewhere say how). The damaged file is always kept."""
    from cardcli.engine.text import safe
    from cardcli.replay.journal import SUFFIX
    from cardcli.saves import load_save, recover_save, repair_save, save_name

    if not path.name.endswith(SUFFIX):
        raise click.ClickException(str(err)) from None
    try:
        _session, _record, rec = recover_save(path)
    except ReplayError:
        raise click.ClickException(str(err)) from None
    name = save_name(path)
    if rec.lost:
        if not (sys.stdin.isatty() and sys.stdout.isatty()):
            raise click.ClickException(
                _(
                    "{name} is damaged: {summary}. `cardcli saves --repair {name}` makes that change (the damaged file is kept)"
                ).format(name=name, summary=safe(rec.summary()))
            )
        click.echo(_("{name} is damaged: {summary}.").format(name=name, summary=safe(rec.summary())), err=True)
        if not click.confirm(_("Continue from there? (the damaged file is kept beside the save)"), default=False):
            raise click.ClickException(_("nothing was changed; `cardcli saves` lists {name} as damaged").format(name=name))
    rec, backup = repair_save(path)
    if not rec.lost:
        click.echo(
            _("{name}: {summary} (the damaged file is kept as {backup})").format(
                name=name, summary=safe(rec.summary()), backup=backup.name
            ),
            err=True,
        )
    return load_save(path)


def _new_session(
    game: str,
    seed: str | None,
    players: int | None,
    seat: str | None,
    bots: str | None,
    bot_id: str | None,
    preset: str | None,
    options: tuple[str, ...],
    hands: int | None,
    dealer: str | None = None,
) -> Session:
    from cardcli.commands.common import make_config, players_for

    g = load_game(game)
    n = players_for(g, make_config(g, preset, options), players)  # the game's own check_setup message
    names = g.seat_names(n)
    humans: list[int]
    if bots and bots.strip().lower() == "all":
        humans = []
    elif bots:
        bot_seats = {parse_seat(b, names) for b in bots.split(",") if b.strip()}
        humans = [i for i in range(n) if i not in bot_seats]
        if seat is not None and parse_seat(seat, names) in bot_seats:
            raise click.UsageError("--seat names a seat that --bots gives to a bot")
    else:
        humans = [parse_seat(seat, names) if seat else g.default_seat]
    from cardcli.engine.options import ConfigError

    bot_ids = [b.strip() for b in bot_id.split(",") if b.strip()] if bot_id else []
    per_seat = {i: bot_ids[i % len(bot_ids)] for i in range(n)} if len(bot_ids) > 1 else {}
    try:
        session = Session.new(
            game,
            seed=seed,
            players=n,
            preset=preset,
            options=parse_options(options),
            human_seats=humans,
            bot=bot_ids[0] if len(bot_ids) == 1 else None,
            bots=per_seat,
            hands_limit=hands,
        )
    except ConfigError as err:
        raise click.UsageError(str(err)) from None
    except SessionError as err:
        raise click.UsageError(str(err)) from None
    if dealer is not None:
        # `--dealer me` is your own seat; nothing is dealt yet, so the match simply starts over
        from cardcli.engine.fold import Table

        first = humans[0] if dealer.strip().lower() in ("me", "you") and humans else parse_seat(dealer, names)
        session.first_dealer = first
        session.table = Table(session.game, session.config, session.players, first)
    return session


def _watch(session: Session, console: Console, verbose: bool, record_path: Path | None) -> int:
    """Bots only: play the whole match with no prompt, printing results as they come."""
    hand = {"n": 0}

    def on_event(ev: Event) -> None:
        if ev.kind == "deal":
            hand["n"] += 1
            if verbose:
                console.say(ev.text, "title")
        elif ev.kind == "move" and verbose:
            console.tell("  " + ev.text, game=session.game)
        elif ev.kind == "hand-over":
            if record_path is not None:  # a recorded match is kept hand by hand, not only at the end
                try:
                    session.save(record_path)
                except OSError:
                    pass
            console.say(_("Hand {n}:").format(n=hand["n"]), "title")
            for line in ev.text.splitlines():
                console.tell("  " + line, game=session.game)
        elif ev.kind == "match-over":
            console.say(ev.text, "title")

    console.say(
        _("{title} · seed {seed} · {players} bots").format(
            title=session.game.match_title(session.config), seed=session.seed or _("none"), players=session.players
        ),
        "title",
    )
    session.run_bots(observer=None, on_event=on_event)
    if record_path is not None:
        try:
            session.save(record_path)
        except OSError as err:
            raise click.ClickException(f"cannot write {record_path}: {err.strerror}") from None
        console.say(_("Game recorded in {path}").format(path=record_path), "ok")
    return 0
