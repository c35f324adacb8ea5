"""Autosaves as an append-only journal: a save costs the same at move 10 and at move 2,000.

A journal (``*.cardcli.jsonl``) is one JSON value per line, each followed by a space and the
CRC-32 of the JSON in eight hex digits. The first two lines are the header, written twice (the
match as a replay with no hands: game, rules, seats, seed …, plus the ``--record`` file the
player asked for), so that one damaged copy never loses the match. Every later line is one
event, appended and flushed to disk as it happens::

    {"deal": ["TH", ...], "dealer": 0}   a hand was dealt (the full deck, top first)
    [1, "discard KS"]               a move, [seat, notation]
    [0, "rule accept: …", true]     a secret move (eleusis' rule), as in replay files
    {"undo": 1}                     the last move(s) taken back
    {"note": {...}}                 an annotation (hint taken, tutor remark)
    {"title": "..."}                the caption changed

A crash can at worst cut the last line short; the reader ignores an incomplete final line, so
every event whose line was completed survives ``kill -9``. The checksum tells a damaged line
from a sound one (a changed byte can turn one legal move into another, which no rule would
notice): :func:`read_journal` refuses a journal with a damaged line, naming it, and
:mod:`cardcli.replay.repair` rebuilds what can be rebuilt. Version 1 journals (no checksums,
one header) are still read.

Reading a journal gives an ordinary :class:`~cardcli.replay.model.Replay`, which is then folded
strictly like any file: nothing in a journal is trusted.
"""

from __future__ import annotations

import os
import re
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import msgspec

from cardcli.i18n import _, ngettext
from cardcli.replay.io import MAX_DEPTH, MAX_SIZE, ReplayError, nesting_depth, read_bytes
from cardcli.replay.model import Annotation, HandRecord, MoveRecord, Replay, clip_labels

FORMAT = "cardcli-journal"
VERSION = 2
SUFFIX = ".cardcli.jsonl"

_enc = msgspec.json.Encoder(order="deterministic")
_FRAMED = re.compile(rb"^(.*) ([0-9a-f]{8})$", re.DOTALL)


class Header(msgspec.Struct, kw_only=True, omit_defaults=True):
    format: str
    version: int
    replay: Replay
    record: str | None = None


def encode_event(event: Any) -> bytes:
    """An event's JSON, as a version 1 journal wrote it (one line, keys in order)."""
    return _enc.encode(event)


def frame(event: Any) -> bytes:
    """One journal line (without its newline): the event's JSON, a space and its CRC-32."""
    body = _enc.encode(event)
    return body + b" %08x" % zlib.crc32(body)


def unframe(raw: bytes) -> bytes | None:
    """The JSON of a version 2 line whose checksum matches, else ``None``."""
    m = _FRAMED.match(raw)
    if m is None or int(m.group(2), 16) != zlib.crc32(m.group(1)):
        return None
    return m.group(1)


def header_line(replay: Replay, record: Path | None) -> bytes:
    header = Header(
        format=FORMAT,
        version=VERSION,
        replay=msgspec.structs.replace(replay, hands=[]),
        record=str(record) if record is not None else None,
    )
    return frame(header)


def lines_of(replay: Replay, record: Path | None) -> list[bytes]:
    """The lines of a fresh journal holding ``replay`` (its hands become events)."""
    head = header_line(replay, record)
    lines = [head, head]
    for hand in replay.hands:
        lines.append(frame({"deal": list(hand.deck), "dealer": hand.dealer}))
        lines.extend(frame(move_event(m.seat, m.move, m.secret)) for m in hand.moves)
    return lines


def move_event(seat: int, notation: str, secret: bool) -> list[Any]:
    return [seat, notation, True] if secret else [seat, notation]


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
        try:
            with open(tmp, "wb") as fh:
                fh.write(b"\n".join(lines_of(replay, record)) + b"\n")
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
        self._fh.write(frame(event) + b"\n")
        self._fh.flush()
        os.fsync(self._fh.fileno())

    def close(self) -> None:
        try:
            self._fh.close()
        except OSError:
            pass


# -- reading ------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Event:
    """One line after the header, read: ``kind`` is ``move``, ``deal``, ``undo``, ``note``,
    ``title``, ``header`` (the header's second copy) or ``damaged`` (then ``value`` says why)."""

    line: int
    kind: str
    value: Any
    raw: bytes


@dataclass
class Lines:
    """A journal split into its header and its events, before anything is folded."""

    header: Header
    header_raw: bytes
    version: int
    events: list[Event] = field(default_factory=list)


def split(data: bytes, name: str) -> Lines:
    """The header and the events of a journal's bytes; ReplayError only when no header can be read."""
    if len(data) > MAX_SIZE:
        raise ReplayError(_("{path}: not a cardcli save ({size} bytes is more than any save)").format(path=name, size=len(data)))
    raw_lines = data.split(b"\n")
    last = raw_lines.pop()
    if last and unframe(last) is not None:
        raw_lines.append(last)  # only its newline is missing: the checksum says the line is whole
    numbered = [(n, ln) for n, ln in enumerate(raw_lines, 1) if ln.strip()]
    if not numbered:
        raise ReplayError(_("{path}: the saved game is empty").format(path=name))
    header, header_raw, version, first_error, start = None, b"", 1, "", 0
    for i, (number, raw) in enumerate(numbered[:3]):
        got = _header(raw, name, number)
        if isinstance(got, str):
            first_error = first_error or got
            continue
        header, header_raw, start = got, raw, i + 1
        version = 2 if unframe(raw) is not None else 1
        break
    if header is None:
        raise ReplayError(first_error)
    if version == 1 and start != 1:
        raise ReplayError(first_error)
    out = Lines(header, header_raw, version)
    for number, raw in numbered[start:]:
        ev = read_event(raw, number, version, header_raw)
        if ev.kind == "damaged" and not out.events and version >= 2 and near(raw, header_raw):
            ev = Event(number, "header", None, raw)  # the header's second copy, damaged: the first is sound
        out.events.append(ev)
    return out


def near(a: bytes, b: bytes) -> bool:
    """``a`` is ``b`` with at most one byte changed (the damage a save is expected to survive)."""
    if len(a) != len(b):
        return False
    if a == b:
        return True
    first = next(i for i, (x, y) in enumerate(zip(a, b)) if x != y)
    return a[first + 1 :] == b[first + 1 :]


def _header(raw: bytes, name: str, number: int) -> Header | str:
    """The header a line holds, or the one-line reason it holds none."""
    body = unframe(raw)
    if body is None:
        if _FRAMED.match(raw):
            return _("{path}: line {line} is damaged").format(path=name, line=number)
        body = raw  # version 1: no checksum
    if nesting_depth(body) > MAX_DEPTH:
        return _("{path}: line {line} is nested more than {depth} levels deep").format(path=name, line=number, depth=MAX_DEPTH)
    try:
        header = msgspec.json.decode(body, type=Header)
    except RecursionError:
        return _("{path}: line {line} is nested too deeply").format(path=name, line=number)
    except (msgspec.DecodeError, msgspec.ValidationError) as err:
        return _("{path}: not a cardcli save ({detail})").format(path=name, detail=str(err).splitlines()[0])
    if header.format != FORMAT:
        return _("{path}: not a cardcli save (format is {format})").format(path=name, format=repr(header.format))
    if header.version > VERSION:
        return _("{path}: made by a newer cardcli (save version {version}); please upgrade cardcli").format(
            path=name, version=header.version
        )
    return header


def read_event(raw: bytes, number: int, version: int, header_raw: bytes) -> Event:
    if version >= 2:
        body = unframe(raw)
        if body is None:
            return Event(number, "damaged", _("the line's checksum does not match"), raw)
        if raw == header_raw:
            return Event(number, "header", None, raw)
    else:
        body = raw
    if nesting_depth(body) > MAX_DEPTH:
        return Event(number, "damaged", _("nested more than {depth} levels deep").format(depth=MAX_DEPTH), raw)
    try:
        event = msgspec.json.decode(body)
    except (msgspec.DecodeError, RecursionError):
        return Event(number, "damaged", _("not JSON"), raw)
    if (
        isinstance(event, list)
        and len(event) in (2, 3)
        and isinstance(event[0], int)
        and isinstance(event[1], str)
        and (len(event) == 2 or event[2] is True)
    ):
        return Event(number, "move", MoveRecord(event[0], event[1], len(event) == 3), raw)
    if isinstance(event, dict):
        deal, dealer = event.get("deal"), event.get("dealer")
        if isinstance(deal, list) and isinstance(dealer, int) and all(isinstance(c, str) for c in deal):
            return Event(number, "deal", HandRecord(dealer=dealer, deck=list(deal), moves=[]), raw)
        if isinstance(event.get("undo"), int) and len(event) == 1:
            return Event(number, "undo", event["undo"], raw)
        if "note" in event and len(event) == 1:
            try:
                return Event(number, "note", msgspec.convert(event["note"], Annotation), raw)
            except msgspec.ValidationError:
                return Event(number, "damaged", _("a damaged note"), raw)
        if isinstance(event.get("title"), str) and len(event) == 1:
            return Event(number, "title", event["title"], raw)
    return Event(number, "damaged", _("not a cardcli save event"), raw)


def assemble(lines: Lines, name: str, events: list[Event] | None = None) -> Replay:
    """The replay the events make; ReplayError naming the first line that does not fit."""
    replay = lines.header.replay
    hands: list[HandRecord] = [msgspec.structs.replace(h) for h in replay.hands]
    notes: list[Annotation] = list(replay.annotations)
    title = replay.title
    for ev in lines.events if events is None else events:
        number = ev.line
        if ev.kind == "damaged":
            raise ReplayError(_("{path}: line {line} is damaged ({why})").format(path=name, line=number, why=ev.value))
        if ev.kind == "move":
            if not hands:
                raise ReplayError(_("{path}: line {line}: a move before any deal").format(path=name, line=number))
            hands[-1].moves.append(ev.value)
        elif ev.kind == "deal":
            hands.append(msgspec.structs.replace(ev.value, moves=[]))
        elif ev.kind == "undo":
            k = ev.value
            if not hands or not 0 < k <= len(hands[-1].moves):
                moves = len(hands[-1].moves) if hands else 0
                raise ReplayError(
                    ngettext(
                        "{path}: line {line}: undo of {k} move, but the hand has {moves}",
                        "{path}: line {line}: undo of {k} moves, but the hand has {moves}",
                        k,
                    ).format(path=name, line=number, k=k, moves=moves)
                )
            del hands[-1].moves[-k:]
        elif ev.kind == "note":
            notes.append(ev.value)
        elif ev.kind == "title":
            title = ev.value
    return clip_labels(msgspec.structs.replace(replay, hands=hands, annotations=notes, title=title, result=None))


def record_of(lines: Lines) -> Path | None:
    return Path(lines.header.record) if lines.header.record else None


def parse_journal(data: bytes, name: str) -> tuple[Replay, Path | None]:
    """The match a journal's bytes hold, and the record file it names. One-line ReplayError on bad input."""
    lines = split(data, name)
    return assemble(lines, name), record_of(lines)


def read_journal(path: str | Path) -> tuple[Replay, Path | None]:
    """The match a journal holds, and the record file it names. One-line ReplayError on bad input."""
    return parse_journal(read_bytes(path, "save"), str(path))


def looks_like_journal(path: str | Path, data: bytes) -> bool:
    """A save journal rather than a replay file: by its name, or by its first line."""
    return str(path).endswith(SUFFIX) or data.lstrip()[:40].replace(b" ", b"").startswith(b'{"format":"' + FORMAT.encode())
