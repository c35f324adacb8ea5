"""`cardcli replay show|verify|view|schema`."""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

import click
import msgspec

from cardcli.engine.deal import deck_digest
from cardcli.i18n import _
from cardcli.replay.io import ReplayError, encode_json, read
from cardcli.replay.model import MoveRecord, Replay, json_schema
from cardcli.session import Session
from cardcli.ui.console import Console


def verify(files: Sequence[str]) -> int:
    """Exit 0 when every file verifies; otherwise one line per bad file and exit 1."""
    bad = 0
    for f in files:
        try:
            replay = read(f)
            session = Session.from_replay(replay)
        except ReplayError as err:
            msg = str(err)
            click.echo(f"{f}: FAILED: {msg.removeprefix(f + ': ')}", err=True)
            bad += 1
            continue
        moves = sum(len(h.moves) for h in session.hands)
        state = _("complete") if session.finished else _("unfinished")
        click.echo(f"{f}: OK ({session.game.name}, {len(session.hands)} hands, {moves} moves, {state})")
    return 1 if bad else 0


def _masked(replay: Replay, reveal: bool) -> Replay:
    if reveal:
        return replay
    hands = []
    for h in replay.hands:
        moves = [MoveRecord(m.seat, "(secret)", True) if m.secret else m for m in h.moves]
        hands.append(msgspec.structs.replace(h, moves=moves))
    return msgspec.structs.replace(replay, hands=hands)


def show(file: str, as_json: bool, reveal: bool, charset: str | None) -> int:
    try:
        replay = read(file)
        session = Session.from_replay(replay)
    except ReplayError as err:
        raise click.ClickException(str(err)) from None
    asked = reveal  # secret moves stay masked in the listing unless --reveal (a hand's result reveals it)
    reveal = reveal or session.finished
    if as_json:
        sys.stdout.write(encode_json(_masked(replay, reveal)).decode())
        return 0
    game = session.game
    sides = game.sides(session.config, session.players)
    click.echo(click.style(replay.title or f"{game.title} replay", bold=True))
    click.echo(f"game {game.name} · preset {replay.preset} · seed {replay.seed or '-'} · started {replay.started}"
               f" · cardcli {replay.app_version}")
    click.echo("seats: " + ", ".join(
        f"{s.name} ({s.kind}{'' if s.kind == 'human' else ' ' + (s.bot or '')})" for s in replay.seats))
    for note in _notes(replay):
        click.echo(note)
    state = game.new_match(session.config, session.players, replay.first_dealer)
    for h_no, hand in enumerate(replay.hands, 1):
        game.start_hand(state, hand.deck)
        click.echo("")
        click.echo(click.style(f"Hand {h_no} · dealer {replay.seats[hand.dealer].name} · deck {deck_digest(hand.deck)}",
                               bold=True))
        for ply, rec in enumerate(hand.moves, 1):
            move = game.parse_move(rec.move)
            if rec.secret and not asked:
                text = _("{who} makes a secret move (shown with --reveal or at the end)").format(
                    who=replay.seats[rec.seat].name)
            else:
                text = game.narrate(state, move, rec.seat if reveal else None)
            click.echo(f"  {ply:>3}. {text}")
            game.apply(state, move)
        res = game.hand_result(state)
        if res is not None:
            for line in game.explain_result(res, session.config, session.players):
                click.echo("     " + line)
    click.echo("")
    if session.finished:
        click.echo(click.style(session.describe_match_result(), bold=True))
    else:
        totals = session.match_result().totals
        click.echo(_("unfinished: ") + ", ".join(f"{s.name} {t}" for s, t in zip(sides, totals)))
    return 0


def _notes(replay: Replay) -> list[str]:
    hints = sum(1 for a in replay.annotations if a.kind == "hint")
    undos = sum(1 for a in replay.annotations if a.kind == "undo")
    out = []
    if hints or undos:
        out.append(f"hints used: {hints} · undos: {undos}")
    out.extend(f"note (hand {a.hand}, move {a.ply}): {a.text}" for a in replay.annotations if a.kind in ("note", "tutor"))
    return out


def view(file: str, seat: str | None, reveal: bool, charset: str | None) -> int:
    from cardcli.commands.common import parse_seat
    from cardcli.ui.replay_viewer import Viewer

    try:
        replay = read(file)
        Session.from_replay(replay)
    except ReplayError as err:
        raise click.ClickException(str(err)) from None
    console = Console.detect(charset=charset)
    names = [s.name for s in replay.seats]
    start_seat = parse_seat(seat, names) if seat else None
    return Viewer(replay, console, start_seat, reveal).run(sys.stdin, interactive=sys.stdin.isatty())


def schema() -> None:
    click.echo(json.dumps(json_schema(), indent=2, sort_keys=True))


def export(file: str, fmt: str, output: str | None) -> int:
    """Write a replay in another format (bridge: PBN)."""
    from cardcli.engine.game import RecordedHand

    try:
        replay = read(file)
        session = Session.from_replay(replay)
    except ReplayError as err:
        raise click.ClickException(str(err)) from None
    game = session.game
    if fmt not in game.export_formats:
        can = ", ".join(game.export_formats) or "no other format"
        raise click.ClickException(f"{game.name} replays can be exported as {can}, not {fmt!r}")
    hands = [RecordedHand(h.dealer, list(h.deck), [(m.seat, m.move) for m in h.moves], h.result)
             for h in replay.hands]
    meta = {"seed": replay.seed, "started": replay.started, "seats": [s.name for s in replay.seats],
            "preset": replay.preset, "title": replay.title}
    text = game.export_hands(fmt, session.config, session.players, hands, meta)
    if output:
        from cardcli.replay.io import atomic_write

        atomic_write(output, text.encode())
        click.echo(f"wrote {output}")
    else:
        click.echo(text, nl=False)
    return 0


def import_(file: str, output: str | None) -> int:
    """Read another format (by its extension) into a verified cardcli replay."""
    import datetime as dt
    from pathlib import Path

    from cardcli import __version__
    from cardcli.engine.registry import available, load
    from cardcli.replay.io import write
    from cardcli.replay.model import FORMAT, VERSION, Annotation, HandRecord, SeatRecord

    ext = Path(file).suffix.lstrip(".").lower()
    game = next((load(n) for n in available() if ext in load(n).import_formats), None)
    if game is None:
        raise click.ClickException(f"{file}: cardcli cannot import .{ext} files")
    try:
        text = Path(file).read_text(encoding="utf-8-sig")
    except OSError as err:
        raise click.ClickException(f"{file}: cannot read ({err.strerror})") from None
    except UnicodeDecodeError:
        raise click.ClickException(f"{file}: not a text file") from None
    try:
        match = game.import_hands(ext, text)
    except ValueError as err:
        raise click.ClickException(f"{file}: {err}") from None
    names = game.seat_names(match.players)
    started = str(match.meta.get("started") or dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat())
    replay = Replay(
        format=FORMAT, version=VERSION, app_version=__version__, game=game.name,
        preset=str(match.meta.get("preset") or game.default_preset), config=msgspec.to_builtins(match.config),
        players=match.players, seats=[SeatRecord(name=n, kind="human") for n in names], seed=None,
        first_dealer=match.first_dealer, started=started,
        hands=[HandRecord(dealer=h.dealer, deck=h.deck, moves=[MoveRecord(s, m) for s, m in h.moves])
               for h in match.hands],
        annotations=[Annotation(hand=0, ply=0, kind="note", text=f"{k}: {v}")
                     for k, v in match.meta.items() if k not in ("started", "preset") and v],
        title=match.meta.get("title"),
    )
    try:
        session = Session.from_replay(replay)
    except ReplayError as err:
        raise click.ClickException(f"{file}: the imported game does not verify: {err}") from None
    replay = msgspec.structs.replace(
        replay,
        hands=[msgspec.structs.replace(h, result=r) for h, r in zip(replay.hands, session.results)],
        result=session.match_result() if session.finished else None)
    out = output or str(Path(file).with_suffix("")) + ".cardcli.json"
    write(out, replay)
    click.echo(f"{file}: imported {len(replay.hands)} {game.name} hands into {out}")
    return 0
