"""Share codes: the paths mutation testing found untested — the seeded-deck shortcut, and the checks a
code meets only after its checksum is right (a hand-made or damaged payload with a valid CRC). Tests
only; the codes here are built with the module's own payload struct and a correct checksum."""

from __future__ import annotations

import base64
import zlib
from pathlib import Path

import msgspec
import pytest

from cardcli.replay import share
from cardcli.replay.io import read
from cardcli.replay.share import ShareError, decode, encode

ROOT = Path(__file__).resolve().parents[2]
RUMMY = ROOT / "replays" / "rummy" / "pagat-basic-vs-random.cardcli.json"


def _payload(code: str) -> share._Code:
    return share._decoder.decode(share._unwrap(code))


def _wrap(payload: share._Code) -> str:
    """A code holding ``payload`` with the right length and checksum: only the later checks can refuse it."""
    return _raw(share._encoder.encode(payload))


def _raw(body: bytes) -> str:
    """A code around ``body`` (any bytes, not only a payload) with the right length and checksum."""
    head = share._varint(len(body))
    crc = zlib.crc32(head + body).to_bytes(4, "big")
    return "cc1-" + base64.urlsafe_b64encode(head + crc + body).decode().rstrip("=")


def test_a_seeded_deck_is_not_written_out_and_a_hand_made_deck_is() -> None:
    replay = read(RUMMY)
    seeded = encode(replay)
    assert all(h.seeded for h in _payload(seeded).hands)
    unseeded = msgspec.structs.replace(replay, seed=None)
    plain = encode(unseeded)
    assert not any(h.seeded for h in _payload(plain).hands)
    # the shortcut saves the deck's digits: a 52-card deck's index is about 28 bytes a hand
    assert len(plain) - len(seeded) > 30 * len(replay.hands)
    assert [h.deck for h in decode(seeded).hands] == [h.deck for h in replay.hands]
    assert [h.deck for h in decode(plain).hands] == [h.deck for h in replay.hands]


def test_the_round_trip_of_the_wrapper_itself() -> None:
    code = encode(read(RUMMY))
    assert _wrap(_payload(code)) == code


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"seed": None}, "a hand uses the seed's deck, but there is no seed"),
        ({"players": 7}, "7 players do not suit rummy or the seats"),
        ({"seats": [0]}, "2 players do not suit rummy or the seats"),
        ({"names": ["only one"]}, "2 players do not suit rummy or the seats"),
        ({"digest": b"\x00\x00\x00"}, "it decodes to another game than the one shared"),
        ({"game": "chess"}, "share code: "),
        ({"options": {"no_such_rule": 1}}, "share code: "),
        ({"started": 2**62}, "is not a date"),
    ],
)
def test_checks_after_the_checksum_refuse_an_inconsistent_code(change: dict[str, object], message: str) -> None:
    payload = msgspec.structs.replace(_payload(encode(read(RUMMY))), **change)
    with pytest.raises(ShareError, match=message) as err:
        decode(_wrap(payload))
    assert "\n" not in str(err.value)


def test_a_hand_with_moves_it_does_not_hold_or_more_written_out_moves_is_refused() -> None:
    payload = _payload(encode(read(RUMMY)))
    first = payload.hands[0]
    longer = msgspec.structs.replace(first, moves=first.moves + 1)
    with pytest.raises(ShareError, match="hand 1 (ended before its last move|holds fewer moves than it claims)"):
        decode(_wrap(msgspec.structs.replace(payload, hands=[longer, *payload.hands[1:]])))
    extra = msgspec.structs.replace(first, literals=["discard KS"])
    with pytest.raises(ShareError, match="hand 1 holds more written-out moves than it uses"):
        decode(_wrap(msgspec.structs.replace(payload, hands=[extra, *payload.hands[1:]])))
    shorter = msgspec.structs.replace(first, moves=first.moves - 1)
    with pytest.raises(ShareError, match="hand 1 does not decode to whole moves"):
        decode(_wrap(msgspec.structs.replace(payload, hands=[shorter, *payload.hands[1:]])))


def test_a_note_outside_the_match_is_refused_and_one_inside_is_kept() -> None:
    payload = _payload(encode(read(RUMMY)))
    inside = share._Note(hand=1, ply=2, kind="note", text="a fine discard")
    got = decode(_wrap(msgspec.structs.replace(payload, notes=[inside], title="T")))
    assert got.title == "T" and [(a.hand, a.ply, a.text) for a in got.annotations] == [(1, 2, "a fine discard")]
    for hand, ply in ((9, 0), (1, 10_000), (-1, 0)):
        bad = share._Note(hand=hand, ply=ply, kind="note", text="x")
        with pytest.raises(ShareError, match=f"a note at hand {hand}, move {ply} is outside the match"):
            decode(_wrap(msgspec.structs.replace(payload, notes=[bad])))


def test_one_hand_shared_alone_says_where_it_came_from() -> None:
    replay = read(ROOT / "replays" / "rummy" / "three-players-seed-7.cardcli.json")
    got = decode(encode(replay, hand=3))
    assert got.seed is None and len(got.hands) in (1, 3)
    if len(got.hands) == 1:
        assert any(a.text == "hand 3 of a match (seed '7'), shared alone" for a in got.annotations)
        assert got.hands[0].deck == replay.hands[2].deck


def test_a_payload_that_is_not_a_code_struct_is_one_line() -> None:
    body = share._encoder.encode(["not", "a", "code"])
    head = share._varint(len(body))
    code = "cc1-" + base64.urlsafe_b64encode(head + zlib.crc32(head + body).to_bytes(4, "big") + body).decode().rstrip("=")
    with pytest.raises(ShareError, match="share code: unreadable contents"):
        decode(code)
