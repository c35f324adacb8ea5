"""Reading and writing replay files: envelope first, one-line errors, atomic writes."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

import msgspec

from cardcli.replay.model import FORMAT, VERSION, Envelope, Replay


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


def decode(data: bytes, name: str = "replay", msgpack: bool | None = None) -> Replay:
    """Decode a replay from bytes, checking the envelope before the body."""
    if msgpack is None:
        msgpack = bool(data) and data[:1] not in (b"{", b" ", b"\n", b"\r", b"\t", b"\xef")
    env_dec, body_dec = (_envelope_mp, _replay_mp) if msgpack else (_envelope_json, _replay_json)
    try:
        env = env_dec.decode(data)
    except msgspec.DecodeError as err:
        kind = "MessagePack" if msgpack else "JSON"
        if not data.strip():
            raise ReplayError(f"{name}: the file is empty") from None
        raise ReplayError(f"{name}: not a cardcli replay ({kind} is malformed or truncated: {_short(err)})") from None
    except msgspec.ValidationError as err:
        raise ReplayError(f"{name}: not a cardcli replay ({_short(err)})") from None
    if env.format != FORMAT:
        raise ReplayError(f"{name}: not a cardcli replay (format is {env.format!r}, expected {FORMAT!r})")
    if env.version > VERSION:
        raise ReplayError(
            f"{name}: made by a newer cardcli (replay version {env.version}; this one reads up to {VERSION}); "
            "please upgrade cardcli")
    if env.version < 1:
        raise ReplayError(f"{name}: unknown replay version {env.version}")
    try:
        return body_dec.decode(data)
    except (msgspec.ValidationError, msgspec.DecodeError) as err:
        raise ReplayError(f"{name}: invalid replay: {_short(err)}") from None


def _short(err: Exception) -> str:
    return str(err).splitlines()[0] if str(err) else type(err).__name__


def read(path: str | Path) -> Replay:
    p = Path(path)
    try:
        data = p.read_bytes()
    except FileNotFoundError:
        raise ReplayError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise ReplayError(f"{path}: is a directory, not a replay file") from None
    except OSError as err:
        raise ReplayError(f"{path}: cannot read ({err.strerror})") from None
    return decode(data, str(path), msgpack=True if is_msgpack(p) else None)


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
