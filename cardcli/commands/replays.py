"""`cardcli replay show|verify|view|schema`."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

import click
import msgspec

from cardcli.engine.deal import deck_digest
from cardcli.engine.fold import Step, Table, Visitor, fold
from cardcli.engine.game import HandResult
from cardcli.engine.text import safe
from cardcli.i18n import _, ngettext
from cardcli.replay.io import ReplayError, encode_json
from cardcli.replay.model import Annotation, MoveRecord, Replay, json_schema
from cardcli.replay.share import SHARED_NOTES
from cardcli.replay.share import load as read  # a replay file, or a share code
from cardcli.session import Session, log_of
from cardcli.ui.console import Console


def verify(files: Sequence[str], legal: bool = False) -> int:
    """Exit 0 when every file verifies; otherwise one line per bad file and exit 1. ``legal``: each move
    must also be among the legal moves the game lists in its position. A .pbn or .lin file is checked
    game by game, as `replay import` reads it."""
    from cardcli.commands.importing import importable, imported

    bad = 0
    for f in files:
        try:
            replays = imported(f).replays if importable(f) else [read(f)]
            sessions = [Session.from_replay(r, legal=legal) for r in replays]
        except (ReplayError, click.ClickException) as err:
            msg = err.message if isinstance(err, click.ClickException) else str(err)
            click.echo(_("{file}: FAILED: {reason}").format(file=safe(f), reason=msg.removeprefix(safe(f) + ": ")), err=True)
            bad += 1
            continue
        played = [h for s in sessions for h in s.hands]
        moves = sum(len(h.moves) for h in played)
        state = _("complete") if all(s.finished for s in sessions) else _("unfinished")
        hands = ngettext("{n} hand", "{n} hands", len(played)).format(n=len(played))
        made = ngettext("{n} move", "{n} moves", moves).format(n=moves)
        click.echo(
            _("{file}: OK ({game}, {hands}, {moves}, {state})").format(
                file=safe(f), game=sessions[0].game.name, hands=hands, moves=made, state=state
            )
        )
    return 1 if bad else 0


def _masked(replay: Replay, reveal: bool, secret: list[list[bool]]) -> Replay:
    """The replay with secret moves (as the rules say, not as the file says) hidden unless revealed."""
    if reveal:
        return replay
    hands = []
    for h, flags in zip(replay.hands, secret):
        moves = [MoveRecord(m.seat, "(secret)", True) if f else MoveRecord(m.seat, m.move) for m, f in zip(h.moves, flags)]
        hands.append(msgspec.structs.replace(h, moves=moves))
    return msgspec.structs.replace(replay, hands=hands)


class _Printer(Visitor):
    """``replay show``: each hand and move as the fold makes it, told to a spectator (or, revealed, to the mover)."""

    def __init__(self, console: Console, names: list[str], reveal: bool, asked: bool) -> None:
        self.console = console
        self.names = names
        self.reveal = reveal
        self.asked = asked

    def begin_hand(self, table: Table[Any, Any], hand: int) -> None:
        dealer = self.names[table.dealer() or 0]
        self.console.say("")
        self.console.say(
            _("Hand {n} · dealer {dealer} · deck {digest}").format(
                n=hand, dealer=safe(dealer), digest=deck_digest(table.hands[-1].deck)
            ),
            "title",
        )
        if self.asked:  # --reveal: the hand as dealt, every seat's cards, drawn as `cardcli deal` draws it
            game = table.game
            for line in game.render(game.full_view(table.state), self.console.charset):
                self.console.print_lines([[("", "     ")] + [(style, safe(text)) for style, text in line]])

    def after_move(self, table: Table[Any, Any], step: Step[Any]) -> None:
        if step.secret and not self.asked:
            text = _("{who} makes a secret move (shown with --reveal or at the end)").format(who=safe(self.names[step.seat]))
        else:
            text = table.game.narrate(step.outcome, step.seat if self.reveal else None)
        self.console.tell(f"  {step.ply:>3}. {text}", game=table.game)

    def end_hand(self, table: Table[Any, Any], hand: int, result: HandResult | None) -> None:
        if result is not None:
            for line in table.game.explain_result(result, table.config, table.players, table.results[: hand - 1]):
                self.console.tell("     " + line, game=table.game)


def show(file: str, as_json: bool, reveal: bool, charset: str | None) -> int:
    from cardcli.commands.importing import first_of

    replay = first_of(file)  # a .pbn or .lin file is read as it is
    try:
        session = Session.from_replay(replay)
    except ReplayError as err:
        raise click.ClickException(str(err)) from None
    asked = reveal  # secret moves stay masked in the listing unless --reveal (a hand's result reveals it)
    reveal = reveal or session.finished
    if as_json:
        flags = [[bool(m.secret) for m in h.moves] for h in session.hands]
        sys.stdout.write(encode_json(_masked(replay, reveal, flags)).decode())
        return 0
    console = Console.detect(charset=charset)
    game = session.game
    sides = game.sides(session.config, session.players)
    console.say(safe(replay.title or _("{game} replay").format(game=game.match_title(session.config))), "title")
    console.say(
        _("game {game} · preset {preset} · seed {seed} · started {started} · cardcli {version}").format(
            game=game.name,
            preset=safe(replay.preset),
            seed=safe(replay.seed or "-"),
            started=safe(replay.started),
            version=safe(replay.app_version),
        )
    )
    console.say(
        _("seats: {seats}").format(
            seats=", ".join(
                safe(s.name)
                + " ("
                + (_("human") if s.kind == "human" else _("bot {id}").format(id=safe(s.bot or "")).strip())
                + ")"
                for s in replay.seats
            )
        )
    )
    for note in _notes(replay):
        console.say(safe(note))
    if not reveal:
        console.say(
            _(
                "(as a spectator saw it: cards drawn face down and secret moves are hidden until the "
                "match ends; --reveal shows them, and every hand as dealt)"
            ),
            "dim",
        )
    names = [s.name for s in replay.seats]
    fold(
        session.game,
        session.config,
        session.players,
        session.first_dealer,
        log_of(replay),
        strict=False,
        visitors=[_Printer(console, names, reveal, asked)],
    )
    console.say("")
    if session.finished:
        console.tell(session.describe_match_result(), "title")
    else:
        totals = session.match_result().totals
        console.say(_("unfinished: ") + ", ".join(f"{safe(s.name)} {t}" for s, t in zip(sides, totals)))
    return 0


def _notes(replay: Replay) -> list[str]:
    hints = sum(1 for a in replay.annotations if a.kind == "hint")
    undos = sum(1 for a in replay.annotations if a.kind == "undo")
    out = []
    if hints or undos:
        out.append(_("hints used: {hints} · undos: {undos}").format(hints=hints, undos=undos))
    out.extend(_note_line(a) for a in replay.annotations if a.kind in SHARED_NOTES)
    return out


def _note_line(a: Annotation) -> str:
    """A note labelled with where it belongs: the whole match (hand 0), a hand (move 0), or a move."""
    if a.hand <= 0:
        return _("note: {text}").format(text=a.text)
    if a.ply <= 0:
        return _("note (hand {hand}): {text}").format(hand=a.hand, text=a.text)
    return _("note (hand {hand}, move {ply}): {text}").format(hand=a.hand, ply=a.ply, text=a.text)


def view(file: str, seat: str | None, reveal: bool, charset: str | None, plain: bool = False) -> int:
    return view_replay(_replay_or_import(file), seat, reveal, charset, plain)


def view_replay(replay: Replay, seat: str | None, reveal: bool, charset: str | None, plain: bool = False) -> int:
    """Step through a verified replay: the key-driven viewer in a terminal, the line viewer otherwise."""
    import os

    from cardcli.commands.common import parse_seat

    console = Console.detect(charset=charset)
    names = [s.name for s in replay.seats]
    start_seat = parse_seat(seat, names) if seat else None
    if sys.stdin.isatty() and sys.stdout.isatty() and not plain and os.environ.get("TERM") != "dumb":
        from cardcli.ui.viewer.app import PlayOn, run
        from cardcli.ui.viewer.model import ViewerModel

        try:
            result = run(ViewerModel(replay, start_seat, reveal, console.charset), color=console.color)
        except KeyboardInterrupt:  # still reading the file: a viewer has nothing to save
            return 0
        if isinstance(result, PlayOn):
            return play_replay(
                replay, result.hand, result.ply, result.seat, record=None, plain=False, charset=charset, color=None
            )
        return result
    from cardcli.ui.replay_viewer import Viewer

    return Viewer(replay, console, start_seat, reveal).run(sys.stdin, interactive=sys.stdin.isatty())


def play(
    file: str, at: str | None, seat: str | None, record: str | None, plain: bool, charset: str | None, color: bool | None
) -> int:
    """`cardcli replay play FILE --at H.P`: a new game from that position (a .pbn deal is imported first)."""
    from cardcli.commands.common import parse_seat
    from cardcli.ui.viewer.model import parse_position

    replay = _replay_or_import(file)
    pos = parse_position(at or "1.0", 1)
    if pos is None or pos[0] < 1 or pos[1] < 0:
        raise click.UsageError(f"--at takes HAND.MOVE or MOVE (e.g. 1.20), not {safe(at or '')!r}")
    who = parse_seat(seat, [s.name for s in replay.seats]) if seat else None
    return play_replay(replay, pos[0], pos[1], who, record=record, plain=plain, charset=charset, color=color)


def _replay_or_import(file: str) -> Replay:
    """A verified replay from ``file``: a replay, a share code, or the first game of a .pbn/.lin file."""
    from cardcli.commands.importing import first_of

    replay = first_of(file)
    try:
        Session.from_replay(replay)
    except ReplayError as err:
        raise click.ClickException(str(err)) from None
    return replay


def play_replay(
    replay: Replay,
    hand: int,
    ply: int,
    seat: int | None,
    *,
    record: str | None,
    plain: bool,
    charset: str | None,
    color: bool | None,
) -> int:
    """Play on from (hand, ply) of ``replay`` as ``seat``: a new save, continued as `play --resume` does."""
    from cardcli.commands.play import run_play
    from cardcli.saves import save_name
    from cardcli.ui.viewer.playon import PlayOnError, default_seat, save_for

    try:
        who = seat if seat is not None else default_seat(replay, hand, ply)
        path = save_for(replay, hand, ply, who)
    except PlayOnError as err:
        raise click.ClickException(str(err)) from None
    console = Console.detect("auto" if color is None else ("always" if color else "never"), charset)
    console.say(
        _("Playing on from hand {h}, move {p}, as {who}; bots play the other seats. This game is saved as {name}.").format(
            h=hand, p=min(ply, len(replay.hands[hand - 1].moves)), who=safe(replay.seats[who].name), name=save_name(path)
        ),
        "dim",
    )
    return run_play(
        None,
        seed=None,
        players=None,
        seat=None,
        bots=None,
        bot_id=None,
        preset=None,
        options=(),
        record=record,
        resume=str(path),
        hands=None,
        title=None,
        plain=plain,
        verbose=False,
        charset=charset,
        color=color,
    )


def schema() -> None:
    click.echo(json.dumps(json_schema(), indent=2, sort_keys=True))


def export(file: str, fmt: str, output: str | None) -> int:
    """Write a replay in another format: a web page (html) for any game; bridge: PBN, LIN."""
    from cardcli.engine.game import RecordedHand

    replay = _replay_or_import(file)  # a .pbn or .lin file is read as it is
    session = Session.from_replay(replay)
    game = session.game
    if fmt == "html":  # every game: a web page that steps through it (bridge: a hand viewer)
        from cardcli.replay.html import page

        return _write(output, page(replay))
    if fmt not in game.export_formats:
        can = ", ".join(("html", *game.export_formats))
        raise click.ClickException(f"{game.name} replays can be exported as {can}, not {safe(fmt)!r}")
    hands = [
        RecordedHand(h.dealer, list(h.deck), [(m.seat, m.move) for m in h.moves], h.result, dict(h.extra)) for h in replay.hands
    ]
    meta = {
        "seed": replay.seed,
        "started": replay.started,
        "seats": [s.name for s in replay.seats],
        "preset": replay.preset,
        "title": replay.title,
    }
    return _write(output, game.export_hands(fmt, session.config, session.players, hands, meta))


def _write(output: str | None, text: str) -> int:
    if output:
        from cardcli.replay.io import atomic_write

        atomic_write(output, text.encode())
        click.echo(_("wrote {file}").format(file=output))
    else:
        click.echo(text, nl=False)
    return 0


def _imported(where: str, hands: int, game: str, out: str) -> str:
    return where + ngettext("imported {n} {game} hand into {file}", "imported {n} {game} hands into {file}", hands).format(
        n=hands, game=game, file=out
    )


def import_(file: str, output: str | None) -> int:
    """Read another format (by its extension), or a share code, into verified cardcli replay files."""
    from pathlib import Path

    from cardcli.commands.importing import imported, left_out_line
    from cardcli.replay.io import write
    from cardcli.replay.share import looks_like_code

    try:
        exists = Path(file).exists()
    except OSError:  # a share code longer than a file name can be
        exists = False
    if not exists and looks_like_code(file):
        try:
            replay = read(file)
        except ReplayError as err:
            raise click.ClickException(str(err)) from None
        out = output or f"shared-{replay.game}.cardcli.json"
        write(out, replay)
        click.echo(_imported("", len(replay.hands), replay.game, out))
        return 0
    found = imported(file)
    base = output or ("board.cardcli.json" if found.name == "link" else str(Path(file).with_suffix("")) + ".cardcli.json")
    for number, replay in enumerate(found.replays, 1):
        many = len(found.replays) > 1
        out = base.removesuffix(".cardcli.json").removesuffix(".json") + f"-{number}.cardcli.json" if many else base
        write(out, replay)
        click.echo(_imported(found.name + ": ", len(replay.hands), found.game, out))
    line = left_out_line(found)  # boards that could not be read: said, not lost silently
    if line:
        click.echo(line, err=True)
    return 0
