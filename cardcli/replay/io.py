"""Reading and writing replay files: envelope first, one-line errors, atomic writes."""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path
from typing import Any, Literal

import msgspec

from cardcli.i18n import _
from cardcli.replay.migrate import upgrade
from cardcli.replay.model import FORMAT, VERSION, Envelope, Replay, clip_labels


class ReplayError(ValueError):
    """A replay file that cannot be used; the message is one line for the user."""


_envelope_json = msgspec.json.Decoder(Envelope)
_replay_json = msgspec.json.Decoder(Replay)
_envelope_mp = msgspec.msgpack.Decoder(Envelope)
_replay_mp = msgspec.msgpack.Decoder(Replay)
_encoder = msgspec.json.Encoder(order="deterministic")
_mp_encoder = msgspec.msgpack.Encoder(order="deterministic")


def is_msgpack(path: str | Path) -> bool:
    return str(path).endswith((".msgpack", ".mpk", ".cardcli.mp"))


MAX_DEPTH = 64
"""Deepest nesting a replay may have (a real one is under 10 deep)."""
MAX_SIZE = 64 * 1024 * 1024
"""Largest replay file read (a 1,000-hand match is a few MB)."""


def decode(data: bytes, name: str = "replay", msgpack: bool | None = None) -> Replay:
    """Decode a replay from bytes, checking the size, the nesting and the envelope before the body.

    Deep nesting is refused with one line before msgspec sees it (msgspec would
    raise RecursionError, or build values that later code cannot walk).
    """
    if len(data) > MAX_SIZE:
        raise ReplayError(
            _("{name}: not a cardcli replay ({size} bytes is more than any replay)").format(name=name, size=len(data))
        )
    if msgpack is None:
        msgpack = bool(data) and data[:1] not in (b"{", b"[", b" ", b"\n", b"\r", b"\t", b"\xef")
    depth = nesting_depth(data, msgpack)
    if depth > MAX_DEPTH:
        raise ReplayError(
            _("{name}: not a cardcli replay (nested more than {depth} levels deep)").format(name=name, depth=MAX_DEPTH)
        )
    env_dec, body_dec = (_envelope_mp, _replay_mp) if msgpack else (_envelope_json, _replay_json)
    try:  # a good file is read once; anything else has its envelope read, to name its problem first
        replay = body_dec.decode(data)
        if replay.format == FORMAT and 1 <= replay.version <= VERSION:
            return clip_labels(upgrade(replay))
        body_err: Exception | None = None
    except (msgspec.ValidationError, msgspec.DecodeError, RecursionError) as err:
        body_err = err
    try:
        env = env_dec.decode(data)
    except RecursionError:
        raise ReplayError(_("{name}: not a cardcli replay (nested too deeply)").format(name=name)) from None
    except msgspec.DecodeError as err:
        kind = "MessagePack" if msgpack else "JSON"
        if not data.strip():
            raise ReplayError(_("{name}: the file is empty").format(name=name)) from None
        raise ReplayError(
            _("{name}: not a cardcli replay ({kind} is malformed or truncated: {detail})").format(
                name=name, kind=kind, detail=_short(err)
            )
        ) from None
    except msgspec.ValidationError as err:
        raise ReplayError(_("{name}: not a cardcli replay ({detail})").format(name=name, detail=_short(err))) from None
    if env.format != FORMAT:
        raise ReplayError(
            _("{name}: not a cardcli replay (format is {format}, expected {expected})").format(
                name=name, format=repr(env.format), expected=repr(FORMAT)
            )
        )
    if env.version > VERSION:
        message = _(
            "{name}: made by a newer cardcli (replay version {version}; this one reads up to {supported}); please upgrade cardcli"
        )
        raise ReplayError(message.format(name=name, version=env.version, supported=VERSION))
    if env.version < 1:
        raise ReplayError(_("{name}: unknown replay version {version}").format(name=name, version=env.version))
    # the envelope is one this cardcli reads, so the body was what failed
    if isinstance(body_err, RecursionError):
        raise ReplayError(_("{name}: not a cardcli replay (nested too deeply)").format(name=name))
    raise ReplayError(_("{name}: invalid replay: {detail}").format(name=name, detail=_short(body_err or ValueError())))


def nesting_depth(data: bytes, msgpack: bool = False, stop: int = MAX_DEPTH) -> int:
    """How deeply ``data`` nests arrays and objects (stops counting past ``stop``).

    JSON: one pass over the strings and brackets, skipping the text between them.
    MessagePack: one pass over the items, skipping the bytes of strings and binaries.
    Malformed data gets whatever depth was reached (the decoder then names the problem).
    """
    if not msgpack:
        if b"[" not in data[1:] and b"{" not in data[1:]:
            return 1  # nothing nested past the top level: skip the scan
        # Escapes out first (an escaped quote or backslash is never structure), then every byte but
        # quotes and brackets, with braces read as brackets (the depth is the same). Most strings
        # hold no bracket and are now an empty quote pair: those go in one C-level pass (taking
        # away a pair that closes one string and opens the next merges the two, which keeps each
        # bracket inside a string inside one); the regex takes the few left. Then each pass takes
        # away every innermost "[]" (they cannot overlap), one level per pass.
        bare = data.replace(b"\\\\", b"").replace(b'\\"', b"") if b"\\" in data else data  # most files: none
        bare = bare.translate(_AS_BRACKETS, _NOT_STRUCTURE)
        brackets = _JSON_STRING.sub(b"", bare.replace(b'""', b""))
        depth = 0
        while brackets:
            inner = brackets.replace(b"[]", b"")
            if len(inner) == len(brackets):  # unbalanced: whatever depth is left open
                return depth + _open_depth(brackets, stop - depth)
            depth += 1
            if depth > stop:
                return depth
            brackets = inner
        return depth
    return _msgpack_depth(data, stop)


_JSON_STRING = re.compile(rb'"[^"]*"')
_NOT_STRUCTURE = bytes(b for b in range(256) if b not in b'"[]{}')
_AS_BRACKETS = bytes.maketrans(b"{}", b"[]")


def _open_depth(brackets: bytes, stop: int) -> int:
    """The deepest opening run in what is left of malformed input (brackets only)."""
    depth = deepest = 0
    for c in brackets:
        depth += 1 if c == 0x5B else -1  # braces were read as brackets
        if depth > deepest:
            deepest = depth
            if deepest > stop:
                break
    return deepest


def _msgpack_depth(data: bytes, stop: int) -> int:
    pending = [1]  # items still to read at each open level
    pos, n, deepest = 0, len(data), 1
    while pos < n and pending:
        b = data[pos]
        pos += 1
        pending[-1] -= 1
        count = 0
        if b <= 0x7F or b >= 0xE0 or b in (0xC0, 0xC2, 0xC3):
            pass
        elif 0x80 <= b <= 0x8F:
            count = 2 * (b & 0x0F)
        elif 0x90 <= b <= 0x9F:
            count = b & 0x0F
        elif 0xA0 <= b <= 0xBF:
            pos += b & 0x1F
        elif b in (0xC4, 0xD9):
            pos += 1 + (data[pos] if pos < n else 0)
        elif b in (0xC5, 0xDA):
            pos += 2 + int.from_bytes(data[pos : pos + 2], "big")
        elif b in (0xC6, 0xDB):
            pos += 4 + int.from_bytes(data[pos : pos + 4], "big")
        elif b in (0xCC, 0xD0):
            pos += 1
        elif b in (0xCD, 0xD1):
            pos += 2
        elif b in (0xCA, 0xCE, 0xD2):
            pos += 4
        elif b in (0xCB, 0xCF, 0xD3):
            pos += 8
        elif b == 0xD4:
            pos += 2
        elif b == 0xD5:
            pos += 3
        elif b == 0xD6:
            pos += 5
        elif b == 0xD7:
            pos += 9
        elif b == 0xD8:
            pos += 17
        elif b in (0xC7, 0xC8, 0xC9):
            size = {0xC7: 1, 0xC8: 2, 0xC9: 4}[b]
            pos += size + 1 + int.from_bytes(data[pos : pos + size], "big")
        elif b in (0xDC, 0xDD, 0xDE, 0xDF):
            size = 2 if b in (0xDC, 0xDE) else 4
            count = int.from_bytes(data[pos : pos + size], "big") * (2 if b >= 0xDE else 1)
            pos += size
        if count:
            pending.append(count)
            if len(pending) > deepest:
                deepest = len(pending)
                if deepest > stop:
                    return deepest
        while pending and pending[-1] == 0:
            pending.pop()
    return deepest


def _short(err: Exception) -> str:
    return str(err).splitlines()[0] if str(err) else type(err).__name__


def read_bytes(path: str | Path, what: Literal["replay", "save"] = "replay") -> bytes:
    """A file's bytes, or a one-line ReplayError saying why they cannot be read.

    ``what`` the file should be (the message for a directory says so): a replay file or a saved game."""
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise ReplayError(_("{path}: no such file").format(path=path)) from None
    except IsADirectoryError:
        message = (
            _("{path}: is a directory, not a saved game") if what == "save" else _("{path}: is a directory, not a replay file")
        )
        raise ReplayError(message.format(path=path)) from None
    except OSError as err:
        raise ReplayError(_("{path}: cannot read ({reason})").format(path=path, reason=err.strerror)) from None


def read(path: str | Path) -> Replay:
    """A replay file, or a save's journal (``*.cardcli.jsonl``): every replay tool reads both."""
    data = read_bytes(path)
    from cardcli.replay.journal import looks_like_journal, parse_journal

    if looks_like_journal(path, data):
        return parse_journal(data, str(path))[0]
    return decode(data, str(path), msgpack=True if is_msgpack(Path(path)) else None)


def encode_json(replay: Replay) -> bytes:
    """Deterministic, human-readable JSON: one move per line, two-space indent."""
    builtins = msgspec.to_builtins(replay, order="deterministic")
    for hand in builtins.get("hands", []):
        # [seat, move, false] → [seat, move]: the secret flag is written only when true.
        hand["moves"] = [m[:2] if len(m) == 3 and m[2] is False else m for m in hand.get("moves", [])]
    return (_pretty(builtins, 0) + "\n").encode()


def encode_msgpack(replay: Replay) -> bytes:
    return _mp_encoder.encode(replay)


def _pretty(obj: Any, level: int) -> str:
    pad = "  " * (level + 1)
    end = "  " * level
    if isinstance(obj, dict):
        if not obj:
            return "{}"
        items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {_pretty(v, level + 1)}" for k, v in obj.items()]
        return "{\n" + ",\n".join(items) + "\n" + end + "}"
    if isinstance(obj, list):
        if not obj:
            return "[]"
        if all(not isinstance(x, (dict, list)) for x in obj):
            return json.dumps(obj, ensure_ascii=False, separators=(", ", ": "))
        if all(isinstance(x, list) and all(not isinstance(y, (dict, list)) for y in x) for x in obj):
            rows = [pad + json.dumps(x, ensure_ascii=False, separators=(", ", ": ")) for x in obj]
            return "[\n" + ",\n".join(rows) + "\n" + end + "]"
        return "[\n" + ",\n".join(pad + _pretty(x, level + 1) for x in obj) + "\n" + end + "]"
    return json.dumps(obj, ensure_ascii=False)


def atomic_write(path: str | Path, data: bytes) -> None:
    """Write ``data`` to ``path`` via a temporary file and a rename, so a crash never
    leaves a half-written save."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=str(p.parent))
    try:
        mask = os.umask(0)
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, p)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def write(path: str | Path, replay: Replay) -> None:
    atomic_write(path, encode_msgpack(replay) if is_msgpack(path) else encode_json(replay))
