"""Share codes: the refusals after the checksum word for word, and telling a code from a file name.

Mutation testing found the later checks matched only by a pattern inside the message, so added words
passed, and :func:`share.looks_like_code` and :func:`share.load` untested at their edges.
"""

from __future__ import annotations

import re
from pathlib import Path

import msgspec
import pytest

from cardcli.replay import share
from cardcli.replay.io import ReplayError, read
from cardcli.replay.share import ShareError, decode, encode
from tests.replay.test_share_mutants import ROOT, RUMMY, _payload, _wrap

ELEUSIS = ROOT / "replays" / "eleusis" / "human-dealer-own-rule.cardcli.json"


def _refused(payload: share._Code, message: str) -> None:
    with pytest.raises(ShareError, match=f"^{re.escape(message)}$"):
        decode(_wrap(payload))


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"seed": None}, "share code: a hand uses the seed's deck, but there is no seed"),
        ({"players": 7}, "share code: 7 players do not suit rummy or the seats"),
        (
            {"digest": b"\x00\x00\x00"},
            "share code: it decodes to another game than the one shared (made by a different cardcli version?)",
        ),
        ({"game": "chess"}, "share code: unknown game 'chess' (games: bridge, canasta, burraco, rummy, eleusis)"),
    ],
)
def test_a_consistent_checksum_with_inconsistent_contents_is_refused_in_one_exact_line(
    change: dict[str, object], message: str
) -> None:
    _refused(msgspec.structs.replace(_payload(encode(read(RUMMY))), **change), message)


def test_the_moves_a_hand_claims_must_be_the_moves_it_holds() -> None:
    payload = _payload(encode(read(RUMMY)))
    first, rest = payload.hands[0], payload.hands[1:]
    _refused(
        msgspec.structs.replace(payload, hands=[msgspec.structs.replace(first, literals=["discard KS"]), *rest]),
        "share code: hand 1 holds more written-out moves than it uses",
    )
    _refused(
        msgspec.structs.replace(payload, hands=[msgspec.structs.replace(first, moves=first.moves - 1), *rest]),
        "share code: hand 1 does not decode to whole moves",
    )
    # one move more than the digits hold: the digits run out before the legal list does
    longer = msgspec.structs.replace(first, moves=first.moves + 1, number=first.number)
    with pytest.raises(ShareError) as err:
        decode(_wrap(msgspec.structs.replace(payload, hands=[longer, *rest])))
    assert str(err.value) in (
        "share code: hand 1 holds fewer moves than it claims",
        "share code: hand 1 ended before its last move",
        "share code: hand 1 lacks a written-out move",
    )


def test_a_move_no_legal_list_holds_must_be_written_out() -> None:
    """An eleusis rule is free text, written out in the code; a code without it is refused."""
    payload = _payload(encode(read(ELEUSIS)))
    first, rest = payload.hands[0], payload.hands[1:]
    assert first.literals and first.literals[0].startswith("rule ")
    _refused(
        msgspec.structs.replace(payload, hands=[msgspec.structs.replace(first, literals=[]), *rest]),
        "share code: hand 1 lacks a written-out move",
    )


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("cc1-AAAA", True),
        ("cc-x", True),
        ("  cc12-A  ", True),
        ("CC1-AAAA", False),
        ("A" * 24, True),
        ("A" * 23, False),
        ("A" * 23 + ".", False),
        ("A" * 23 + "!", False),
        ("game.cardcli.json", False),
    ],
)
def test_what_looks_like_a_code(text: str, code: bool) -> None:
    assert share.looks_like_code(text) is code


def test_an_existing_file_is_read_even_when_its_name_looks_like_a_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    name = "cc1-" + "A" * 24
    (tmp_path / name).write_bytes(RUMMY.read_bytes())
    monkeypatch.chdir(tmp_path)
    assert share.load(name).hands == read(RUMMY).hands
    code = encode(read(RUMMY))
    assert share.load(code).hands[0].deck == read(RUMMY).hands[0].deck  # no such file: a code
    with pytest.raises(ReplayError):
        share.load("missing.cardcli.json")  # neither: the file reader's one line


def test_sharing_a_hand_the_replay_lacks_says_how_many_it_has() -> None:
    replay = read(RUMMY)
    n = len(replay.hands)
    with pytest.raises(ShareError, match=f"^the replay has {n} hands; there is no hand {n + 1}$"):
        encode(replay, hand=n + 1)
    one = msgspec.structs.replace(replay, hands=replay.hands[:1], result=None)
    with pytest.raises(ShareError, match="^the replay has 1 hand; there is no hand 2$"):
        encode(one, hand=2)


def test_seats_and_names_come_back_as_shared() -> None:
    replay = read(RUMMY)
    assert [s.name for s in replay.seats] == ["P1", "P2"] and _payload(encode(replay)).names is None  # the defaults
    seats = [msgspec.structs.replace(replay.seats[0], name="Ann"), msgspec.structs.replace(replay.seats[1], name="Bo")]
    named = msgspec.structs.replace(replay, seats=seats)
    assert _payload(encode(named)).names == ["Ann", "Bo"]
    got = decode(encode(named))
    assert [s.name for s in got.seats] == ["Ann", "Bo"]
    assert [(s.kind, s.bot) for s in got.seats] == [(s.kind, s.bot) for s in replay.seats]
