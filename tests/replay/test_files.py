"""Replay files: every shipped replay verifies, tampering is caught with the move number and
rule, broken files get a one-line error, the shipped JSON Schema is current."""

from __future__ import annotations

import json
from pathlib import Path

import msgspec
import pytest
from click.testing import CliRunner

from cardcli.cli import cli
from cardcli.replay.io import ReplayError, decode, encode_json, encode_msgpack, read, write
from cardcli.replay.model import json_schema
from cardcli.session import Session

ROOT = Path(__file__).resolve().parents[2]
REPLAYS = sorted((ROOT / "replays").glob("**/*.cardcli.json"))


def test_there_are_rummy_replays() -> None:
    assert len([p for p in REPLAYS if p.parent.name == "rummy"]) >= 2


@pytest.mark.parametrize("path", REPLAYS, ids=[str(p.relative_to(ROOT)) for p in REPLAYS])
def test_shipped_replays_verify(path: Path) -> None:
    replay = read(path)
    session = Session.from_replay(replay)
    assert session.hands, "a replay with no hands"
    # The file is in canonical form: re-encoding gives the same replay back.
    assert decode(encode_json(replay)) == replay


def test_shipped_schema_is_current() -> None:
    shipped = json.loads((ROOT / "cardcli" / "data" / "replay.schema.json").read_text())
    assert shipped == json.loads(json.dumps(json_schema()))


@pytest.fixture()
def recorded(tmp_path: Path) -> Path:
    out = tmp_path / "game.cardcli.json"
    res = CliRunner().invoke(cli, ["play", "rummy", "--seed", "7", "--players", "3", "--bots", "all", "--record", str(out)])
    assert res.exit_code == 0, res.output
    return out


def test_record_and_verify(recorded: Path) -> None:
    res = CliRunner().invoke(cli, ["replay", "verify", str(recorded)])
    assert res.exit_code == 0 and "OK (rummy" in res.output and "complete" in res.output


def _tamper(path: Path, hand: int, ply: int, new_move: str) -> None:
    data = json.loads(path.read_text())
    data["hands"][hand]["moves"][ply][1] = new_move
    path.write_text(json.dumps(data))


def test_changed_move_fails_with_move_number_and_rule(recorded: Path) -> None:
    replay = read(recorded)
    moves = replay.hands[0].moves
    i = next(k for k, m in enumerate(moves) if m.move.startswith("discard"))
    # Fold the hand up to that move to learn what the player holds, then discard a card they do not hold.
    cut = msgspec.structs.replace(
        replay, hands=[msgspec.structs.replace(replay.hands[0], moves=moves[:i], result=None)], result=None
    )
    state = Session.from_replay(cut).state
    fake = next(c for c in replay.hands[0].deck if c not in state.hands[moves[i].seat])
    _tamper(recorded, 0, i, f"discard {fake}")
    res = CliRunner().invoke(cli, ["replay", "verify", str(recorded)])
    assert res.exit_code == 1
    assert f"hand 1, move {i + 1}" in res.output
    assert "illegal" in res.output and "[rule rummy discard.held]" in res.output


def test_changed_result_fails(recorded: Path) -> None:
    data = json.loads(recorded.read_text())
    data["hands"][0]["result"]["points"] = [999, 0, 0]
    recorded.write_text(json.dumps(data))
    res = CliRunner().invoke(cli, ["replay", "verify", str(recorded)])
    assert res.exit_code == 1 and "hand 1: the recorded result" in res.output


def test_changed_deck_fails(recorded: Path) -> None:
    data = json.loads(recorded.read_text())
    deck = data["hands"][0]["deck"]
    deck[0], deck[1] = deck[1], deck[0]
    recorded.write_text(json.dumps(data))
    res = CliRunner().invoke(cli, ["replay", "verify", str(recorded)])
    assert res.exit_code == 1 and "hand 1: the deck is not the one seed '7' deals" in res.output


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "the file is empty"),
        (b"hello, world", "not a cardcli replay"),
        (b'{"format": "cardcli-replay", "version": 1, "game": "rummy"', "malformed or truncated"),
        (b'{"format": "something-else", "version": 1}', "format is 'something-else'"),
        (b'{"format": "cardcli-replay", "version": 99}', "made by a newer cardcli"),
        (b'{"format": "cardcli-replay", "version": 1}', "invalid replay"),
        (b"[1, 2, 3]", "not a cardcli replay"),
        (
            b'{"format": "cardcli-replay", "version": 1, "app_version": "0", "game": "chess", "preset": "x", '
            b'"config": {}, "players": 2, "seats": [], "first_dealer": 0, "started": "now"}',
            "unknown game 'chess'",
        ),
    ],
)
def test_broken_files_get_one_line(tmp_path: Path, content: bytes, message: str) -> None:
    p = tmp_path / "bad.cardcli.json"
    p.write_bytes(content)
    res = CliRunner().invoke(cli, ["replay", "verify", str(p)])
    assert res.exit_code == 1
    out = res.output.strip()
    assert message in out and len(out.splitlines()) == 1 and "Traceback" not in out


def test_truncated_real_file(recorded: Path) -> None:
    data = recorded.read_bytes()
    recorded.write_bytes(data[: len(data) // 2])
    res = CliRunner().invoke(cli, ["replay", "verify", str(recorded)])
    assert res.exit_code == 1 and "malformed or truncated" in res.output


def test_missing_file() -> None:
    res = CliRunner().invoke(cli, ["replay", "verify", "no/such/file.cardcli.json"])
    assert res.exit_code == 1 and "no such file" in res.output


def test_msgpack_round_trip(recorded: Path, tmp_path: Path) -> None:
    replay = read(recorded)
    mp = tmp_path / "game.cardcli.msgpack"
    write(mp, replay)
    assert read(mp) == replay
    assert len(encode_msgpack(replay)) < len(encode_json(replay))
    res = CliRunner().invoke(cli, ["replay", "verify", str(mp)])
    assert res.exit_code == 0


def test_unknown_fields_are_ignored_for_forward_compatibility(recorded: Path) -> None:
    data = json.loads(recorded.read_text())
    data["future_field"] = {"anything": 1}
    recorded.write_text(json.dumps(data))
    assert read(recorded).game == "rummy"


def test_envelope_comes_first_and_moves_are_compact(recorded: Path) -> None:
    text = recorded.read_text()
    assert text.startswith('{\n  "format": "cardcli-replay",\n  "version": 2,')
    assert '\n        [1, "draw stock"],' in text or '[0, "draw stock"]' in text or '[2, "draw stock"]' in text


def test_atomic_write_leaves_no_temp_files(tmp_path: Path, recorded: Path) -> None:
    target = tmp_path / "out" / "g.cardcli.json"
    write(target, read(recorded))
    assert [p.name for p in target.parent.iterdir()] == ["g.cardcli.json"]


def test_decode_error_type() -> None:
    with pytest.raises(ReplayError):
        decode(b"{", "x")
    with pytest.raises(msgspec.DecodeError):
        msgspec.json.decode(b"{")


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("version", 99, "made by a newer cardcli (replay version 99"),
        ("version", 0, "unknown replay version 0"),
        ("format", "cardcli-lesson", "format is 'cardcli-lesson'"),
    ],
)
def test_a_whole_file_with_a_wrong_envelope_is_refused(tmp_path: Path, field: str, value: object, message: str) -> None:
    """A file whose body reads as a replay but whose format or version is not one this cardcli reads."""
    data = json.loads((ROOT / "replays" / "bridge" / "passed-out.cardcli.json").read_text())
    data[field] = value
    p = tmp_path / "x.cardcli.json"
    p.write_text(json.dumps(data))
    res = CliRunner().invoke(cli, ["replay", "verify", str(p)])
    assert res.exit_code == 1 and message in res.output and len(res.output.strip().splitlines()) == 1, res.output
