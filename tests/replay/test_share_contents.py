"""A share code whose checksum is right but whose contents are not, refused word for word, and the
fields a code gives back as they were shared (start time, seats, notes, a hand shared alone).
Found by mutation testing: the refusals were matched by a pattern, and the fields not read back."""

from __future__ import annotations

import msgspec
import pytest

from cardcli.replay import share
from cardcli.replay.io import read
from cardcli.replay.share import ShareError, decode, encode
from tests.replay.test_share_mutants import RUMMY, _payload, _raw, _wrap

PAYLOAD = _payload(encode(read(RUMMY)))
FIRST = PAYLOAD.hands[0]


def _decoded(**change: object) -> object:
    return decode(_wrap(msgspec.structs.replace(PAYLOAD, **change)))


def _refusal(**change: object) -> str:
    with pytest.raises(ShareError) as refused:
        _decoded(**change)
    return str(refused.value)


@pytest.mark.parametrize(
    ("change", "said"),
    [
        ({"first_dealer": 9}, "share code: the first dealer is seat 10, but there are 2 seats"),
        ({"options": {"ace": "sideways"}}, "share code: bad rummy config: Invalid enum value 'sideways' - at `$.ace`"),
        ({"options": {"nonsense": 1}}, "share code: bad rummy config: Object contains unknown field `nonsense`"),
        ({"preset": "nope"}, "share code: hand 2: recorded, but the match had no hand left to deal"),
        ({"started": 10**18}, "share code: its start time (1000000000000000000) is not a date"),
        ({"notes": [share._Note(0, 1, "note", "x")]}, "share code: a note at hand 0, move 1 is outside the match"),
        ({"notes": [share._Note(99, 0, "note", "x")]}, "share code: a note at hand 99, move 0 is outside the match"),
        (
            {"notes": [share._Note(1, FIRST.moves + 1, "note", "x")]},
            f"share code: a note at hand 1, move {FIRST.moves + 1} is outside the match",
        ),
        (
            {"hands": [msgspec.structs.replace(FIRST, seeded=False, number=b"\xff" * 40), *PAYLOAD.hands[1:]]},
            "share code: hand 1 lacks a written-out move",
        ),
    ],
)
def test_contents_the_checksum_cannot_catch_are_refused_in_one_exact_line(change: dict[str, object], said: str) -> None:
    assert _refusal(**change) == said


def test_contents_that_are_not_a_match_are_unreadable_in_one_line() -> None:
    with pytest.raises(msgspec.ValidationError) as why:
        share._decoder.decode(b"yyyyy")
    detail = str(why.value).splitlines()[0]
    code = _raw(b"yyyyy")
    with pytest.raises(ShareError) as refused:
        decode(code)
    assert str(refused.value) == f"share code: unreadable contents ({detail})" and detail


def test_the_fields_come_back_as_shared() -> None:
    replay = read(RUMMY)
    assert _decoded(started=None).started == "1970-01-01T00:00:00+00:00"  # a code that kept no time
    assert _decoded(started="yesterday").started == "yesterday"  # a time kept as its text
    assert decode(encode(replay)).started == replay.started
    assert [(s.kind, s.bot) for s in _decoded(seats=[2, 0]).seats] == [("bot", None), ("human", None)]
    assert [(s.kind, s.bot) for s in _decoded(seats=[1, "random"]).seats] == [("bot", "basic"), ("bot", "random")]
    notes = _decoded(notes=[share._Note(0, 0, "note", "before"), share._Note(1, FIRST.moves, "tutor", "last")]).annotations
    assert [(a.hand, a.ply, a.kind, a.text) for a in notes] == [(0, 0, "note", "before"), (1, FIRST.moves, "tutor", "last")]


def test_a_seat_of_a_bot_with_no_id_is_shared_as_such() -> None:
    replay = read(RUMMY)
    anonymous = msgspec.structs.replace(replay, seats=[msgspec.structs.replace(replay.seats[0], bot=None), replay.seats[1]])
    assert _payload(encode(anonymous)).seats[0] == 2
    assert decode(encode(anonymous)).seats[0].bot is None


@pytest.mark.parametrize("seeded", [True, False])
def test_a_hand_shared_alone_says_so(seeded: bool) -> None:
    replay = read(RUMMY)
    if not seeded:
        replay = msgspec.structs.replace(replay, seed=None)
    alone = decode(encode(replay, hand=2))
    assert len(alone.hands) == 1 and alone.hands[0].deck == replay.hands[1].deck
    said = [(a.hand, a.ply, a.kind, a.text) for a in alone.annotations]
    where = f" (seed {replay.seed!r})" if seeded else ""
    assert said == [(0, 0, "note", f"hand 2 of a match{where}, shared alone")]
    assert alone.seed is None and alone.hands_limit == 1
