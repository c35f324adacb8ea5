"""Files of other formats (bridge: PBN, LIN, a BBO handviewer link) read as verified cardcli replays.

One place reads them, so that every command taking a replay FILE (show, view, verify, review, export,
play on from) takes a .pbn or .lin file as it is, and `cardcli replay import` only adds the writing.
Nothing goes through temporary files: the imported games are verified replays in memory.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import click
import msgspec

from cardcli.engine.text import safe
from cardcli.i18n import _
from cardcli.replay.io import ReplayError
from cardcli.replay.model import Replay
from cardcli.session import Session


@dataclass
class Imported:
    """What one file held: its games (one replay per rubber or run of boards) and the boards left out."""

    name: str  # the file's name as given, or "link" (already made safe for a terminal)
    game: str
    replays: list[Replay]
    left: list[str] = field(default_factory=list)


def _exists(file: str) -> bool:
    try:
        return Path(file).is_file()
    except OSError:  # a share code longer than a file name can be
        return False


def importable(file: str) -> bool:
    """Whether ``file`` is read by a game's importer (by its extension, or as a link) rather than as JSON."""
    from cardcli.engine.registry import available, load

    if not _exists(file):
        return any(load(n).link_format(file) for n in available())
    ext = Path(file).suffix.lstrip(".").lower()
    return any(ext in load(n).import_formats for n in available())


def imported(file: str) -> Imported:
    """Every game of ``file`` (a .pbn, a .lin, a link) as a verified replay; one clear line when it cannot be."""
    from cardcli.engine.registry import available, load

    exists = _exists(file)
    link = None if exists else next((f for n in available() if (f := load(n).link_format(file))), None)
    url = link is not None  # a link (bridge: a BBO handviewer link) read as its format
    ext = link or Path(file).suffix.lstrip(".").lower()
    game = next((load(n) for n in available() if ext in load(n).import_formats), None)
    if game is None:
        raise click.ClickException(_("{file}: cardcli cannot import .{ext} files").format(file=safe(file), ext=safe(ext)))
    name = "link" if url else safe(file)
    try:
        raw = b"" if url else Path(file).read_bytes()
        text = file if url else game.decode_import(ext, raw)  # the format's own charset rules (PBN: Latin-1)
    except OSError as err:
        raise click.ClickException(_("{file}: cannot read it ({reason})").format(file=name, reason=err.strerror)) from None
    except UnicodeDecodeError:
        raise click.ClickException(_("{file}: not a text file").format(file=name)) from None
    except ValueError as err:
        raise click.ClickException(f"{name}: {safe(str(err))}") from None
    try:
        read = game.import_hands(ext, text)
    except ValueError as err:
        raise click.ClickException(f"{name}: {safe(str(err))}") from None
    parts = getattr(read, "parts", None) or [read]  # boards that are not one rubber: one game each
    replays = [_verified(_replay(game, match), name) for match in parts]
    return Imported(name, game.name, replays, list(read.meta.get("left out") or []))


def _replay(game: Any, match: Any) -> Replay:
    """One imported match as a replay: its seats named by the game, its file notes kept as notes."""
    from cardcli import __version__
    from cardcli.replay.model import FORMAT, VERSION, Annotation, HandRecord, MoveRecord, SeatRecord

    names = game.seat_names(match.players)
    started = str(match.meta.get("started") or dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat())
    return Replay(
        format=FORMAT,
        version=VERSION,
        app_version=__version__,
        game=game.name,
        preset=str(match.meta.get("preset") or game.default_preset),
        config=msgspec.to_builtins(match.config),
        players=match.players,
        seats=[SeatRecord(name=n, kind="human") for n in names],
        seed=None,
        first_dealer=match.first_dealer,
        started=started,
        hands=[
            HandRecord(dealer=h.dealer, deck=h.deck, moves=[MoveRecord(s, m) for s, m in h.moves], extra=h.extra)
            for h in match.hands
        ],
        annotations=[
            Annotation(hand=0, ply=0, kind="note", text=f"{k}: {'; '.join(v) if isinstance(v, list) else v}")
            for k, v in match.meta.items()
            if k not in ("started", "preset", "title") and v
        ]
        + [Annotation(hand=h, ply=p, kind="note", text=t) for h, p, t in match.notes],
        title=match.meta.get("title"),
    )


def _verified(replay: Replay, name: str) -> Replay:
    """The replay with each hand's result and the match's, as the game scores them: refused if it does not verify."""
    try:
        session = Session.from_replay(replay)
    except ReplayError as err:
        raise click.ClickException(
            _("{file}: the imported game does not verify: {reason}").format(file=name, reason=safe(str(err)))
        ) from None
    return msgspec.structs.replace(
        replay,
        hands=[msgspec.structs.replace(h, result=r) for h, r in zip(replay.hands, session.results)],
        result=session.match_result() if session.finished else None,
    )


def left_out_line(found: Imported) -> str | None:
    """The boards that could not be read, said rather than lost silently (None: none)."""
    if not found.left:
        return None
    more = len(found.left) - 3
    what = "; ".join(found.left[:3]) + ("; " + _("and {n} more").format(n=more) if more > 0 else "")
    return _("{file}: left out: {what}").format(file=found.name, what=safe(what))


def replays_of(file: str) -> list[Replay]:
    """The games ``file`` names: a cardcli replay or share code (one), or every game of a .pbn/.lin file.

    Boards left out of an imported file are said on standard error, as `replay import` says them."""
    from cardcli.replay.share import load as read

    if importable(file):
        found = imported(file)
        line = left_out_line(found)
        if line:
            click.echo(line, err=True)
        return found.replays
    try:
        return [read(file)]
    except ReplayError as err:
        raise click.ClickException(str(err)) from None


def first_of(file: str) -> Replay:
    """The first game ``file`` names; when the file holds more, a line says so (`replay import` writes each)."""
    replays = replays_of(file)
    if len(replays) > 1:
        click.echo(
            _("{file} holds {n} games; this is the first (`cardcli replay import` writes each to a file)").format(
                file=safe(file), n=len(replays)
            ),
            err=True,
        )
    return replays[0]
