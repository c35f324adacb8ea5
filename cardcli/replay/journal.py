"""Autosaves as an append-only journal: a save costs the same at move 10 and at move 2,000.

A journal (``*.cardcli.jsonl``) is one JSON value per line. The first line is the
header: the match as a replay with no hands (game, rules, seats, seed …) plus the
``--record`` file the player asked for. Every later line is one event, appended
and flushed to disk as it happens::

    {"deal": ["TH", ...], "dealer": 0}   a hand was dealt (the full deck, top first)
    [1, "discard KS"]               a move, [seat, notation]
    [0, "rule accept: …", true]     a secret move (eleusis' rule), as in replay files
    {"undo": 1}                     the last move(s) taken back
    {"note": {...}}                 an annotation (hint taken, tutor remark)
    {"title": "..."}                the caption changed

A crash can at worst cut the last line short; the reader ignores an incomplete
final line, so every event whose line was completed survives ``kill -9``.
Reading a journal gives an ordinary :class:`~cardcli.replay.model.Replay`, which
is then folded strictly like any file: nothing in a journal is trusted.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO, Any

import msgspec

from cardcli.i18n import _, ngettext
from cardcli.replay.io import MAX_DEPTH, MAX_SIZE, ReplayError, nesting_depth, read_bytes
from cardcli.replay.model import Annotation, HandRecord, MoveRecord, Replay

FORMAT = "cardcli-journal"
VERSION = 1
SUFFIX = ".cardcli.jsonl"

_enc = msgspec.json.Encoder(order="deterministic")


class Header(msgspec.Struct, kw_only=True, omit_defaults=True):
    format: str
    version: int
    replay: Replay
    record: str | None = None


class Journal:
    """An open journal: appends events and makes each durable before returning."""

    def __init__(self, path: Path, fh: IO[bytes]) -> None:
        self.path = path
        self._fh = fh

    @classmethod
    def create(cls, path: Path, replay: Replay, record: Path | None) -> Journal:
        """Start a journal holding ``replay`` (its hands become events) — replaces any file at ``path``."""
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(f".{path.name}.tmp")
        header = Header(format=FORMAT, version=VERSION, replay=msgspec.structs.replace(replay, hands=[]),
                        record=str(record) if record is not None else None)
        lines = [_enc.encode(header)]
        for hand in replay.hands:
            lines.append(_enc.encode({"deal": list(hand.deck), "dealer": hand.dealer}))
            lines.extend(_enc.encode([m.seat, m.move, True] if m.secret else [m.seat, m.move]) for m in hand.moves)
        try:
            with open(tmp, "wb") as fh:
                fh.write(b"\n".join(lines) + b"\n")
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except BaseException:
            try:
                tmp.unlink()
            except OSError:
                pass
            raise
        return cls(path, open(path, "ab"))

    def append(self, event: Any) -> None:
        self._fh.write(_enc.encode(event) + b"\n")
        self._fh.flush()
        os.fsync(self._fh.fileno())

    def close(self) -> None:
        try:
            self._fh.close()
        except OSError:
            pass


def read_journal(path: str | Path) -> tuple[Replay, Path | None]:
    """The match a journal holds, and the record file it names. One-line ReplayError on bad input."""
    data = read_bytes(path, "save")
    if len(data) > MAX_SIZE:
        raise ReplayError(_("{path}: not a cardcli save ({size} bytes is more than any save)").format(
            path=path, size=len(data)))
    lines = data.split(b"\n")
    if not data.endswith(b"\n"):
        lines = lines[:-1]  # a line cut short by a crash: that event never completed
    lines = [ln for ln in lines if ln.strip()]
    if not lines:
        raise ReplayError(_("{path}: the saved game is empty").format(path=path))
    for number, raw in enumerate(lines, 1):
        if nesting_depth(raw) > MAX_DEPTH:
            raise ReplayError(_("{path}: line {line} is nested more than {depth} levels deep").format(
                path=path, line=number, depth=MAX_DEPTH))
    try:
        header = msgspec.json.decode(lines[0], type=Header)
    except RecursionError:
        raise ReplayError(_("{path}: line 1 is nested too deeply").format(path=path)) from None
    except (msgspec.DecodeError, msgspec.ValidationError) as err:
        raise ReplayError(_("{path}: not a cardcli save ({detail})").format(
            path=path, detail=str(err).splitlines()[0])) from None
    if header.format != FORMAT:
        raise ReplayError(_("{path}: not a cardcli save (format is {format})").format(
            path=path, format=repr(header.format)))
    if header.version > VERSION:
        raise ReplayError(_("{path}: made by a newer cardcli (save version {version}); please upgrade cardcli").format(
            path=path, version=header.version))
    replay = header.replay
    hands: list[HandRecord] = [msgspec.structs.replace(h) for h in replay.hands]
    notes: list[Annotation] = list(replay.annotations)
    title = replay.title
    for number, raw in enumerate(lines[1:], 2):
        try:
            event = msgspec.json.decode(raw)
        except (msgspec.DecodeError, RecursionError):
            raise ReplayError(_("{path}: line {line} is damaged").format(path=path, line=number)) from None
        if (isinstance(event, list) and len(event) in (2, 3) and isinstance(event[0], int)
                and isinstance(event[1], str) and (len(event) == 2 or event[2] is True)):
            if not hands:
                raise ReplayError(_("{path}: line {line}: a move before any deal").format(path=path, line=number))
            hands[-1].moves.append(MoveRecord(event[0], event[1], len(event) == 3))
        elif isinstance(event, dict) and isinstance(event.get("deal"), list) and isinstance(event.get("dealer"), int):
            hands.append(HandRecord(dealer=event["dealer"], deck=[str(c) for c in event["deal"]], moves=[]))
        elif isinstance(event, dict) and isinstance(event.get("undo"), int) and hands:
            k = event["undo"]
            if not 0 < k <= len(hands[-1].moves):
                raise ReplayError(ngettext("{path}: line {line}: undo of {k} move, but the hand has {moves}",
                                           "{path}: line {line}: undo of {k} moves, but the hand has {moves}",
                                           k).format(path=path, line=number, k=k, moves=len(hands[-1].moves)))
            del hands[-1].moves[-k:]
        elif isinstance(event, dict) and "note" in event:
            try:
                notes.append(msgspec.convert(event["note"], Annotation))
            except msgspec.ValidationError:
                raise ReplayError(_("{path}: line {line}: a damaged note").format(path=path, line=number)) from None
        elif isinstance(event, dict) and isinstance(event.get("title"), str):
            title = event["title"]
        else:
            raise ReplayError(_("{path}: line {line} is not a cardcli save event").format(path=path, line=number))
    replay = msgspec.structs.replace(replay, hands=hands, annotations=notes, title=title, result=None)
    return replay, Path(header.record) if header.record else None
