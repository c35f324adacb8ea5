"""The replay file format, version 2 (version 1 files are read too: :mod:`cardcli.replay.migrate`).

A replay is an envelope (``format``, ``version``) around a match: the game and
its rules, the seats, the seed, and for every hand the explicit deck order and
the moves in canonical notation, with the results. Moves are stored as
notation strings, not as per-game tagged structs: notation is the interface
(like PGN's SAN or PBN's calls), it keeps the schema identical for every game,
and a new kind of move in a game never breaks an older reader's decoding.

Decoding is two-phase: :class:`Envelope` first (it ignores every other field),
then the struct for that version. A newer version than this reader knows is a
clear error; older versions are migrated in :mod:`cardcli.replay.io`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import msgspec

from cardcli.engine.game import HandResult, MatchResult

FORMAT = "cardcli-replay"
VERSION = 2

_CARD_TEXT = Literal[
    "2C",
    "3C",
    "4C",
    "5C",
    "6C",
    "7C",
    "8C",
    "9C",
    "TC",
    "JC",
    "QC",
    "KC",
    "AC",
    "2D",
    "3D",
    "4D",
    "5D",
    "6D",
    "7D",
    "8D",
    "9D",
    "TD",
    "JD",
    "QD",
    "KD",
    "AD",
    "2H",
    "3H",
    "4H",
    "5H",
    "6H",
    "7H",
    "8H",
    "9H",
    "TH",
    "JH",
    "QH",
    "KH",
    "AH",
    "2S",
    "3S",
    "4S",
    "5S",
    "6S",
    "7S",
    "8S",
    "9S",
    "TS",
    "JS",
    "QS",
    "KS",
    "AS",
    "JK",
]
"""A card as replays write it: rank and suit, or ``JK`` for a joker. A set of values rather than a
pattern: msgspec checks it with one lookup (a regex per card was a third of decoding a replay)."""
if TYPE_CHECKING:
    CardText = str  # to the type checker a card is the text the games pass around
else:
    CardText = _CARD_TEXT


class Envelope(msgspec.Struct):
    format: str
    version: int


class SeatRecord(msgspec.Struct, kw_only=True, omit_defaults=True):
    name: str
    kind: Literal["human", "bot"]
    bot: str | None = None


class MoveRecord(msgspec.Struct, array_like=True, omit_defaults=True, gc=False):
    """``[seat, "notation"]``, or ``[seat, "notation", true]`` for a secret move
    (eleusis' rule) that ``replay show`` hides until revealed."""

    seat: int
    move: str
    secret: bool = False
    # gc=False: a record holds an int, a str and a bool, so it can never be part of a cycle, and a
    # long replay has thousands of them for the collector to walk over while decoding


class HandRecord(msgspec.Struct, kw_only=True, omit_defaults=True, forbid_unknown_fields=True):
    """One hand. Unknown keys are refused, naming the key and the hand: a misspelt ``moves`` would
    otherwise leave the hand without its moves, and a game's own facts belong in ``extra``."""

    dealer: int
    deck: list[CardText]
    """The full deck order as dealt, top card first."""
    moves: list[MoveRecord] = []
    result: HandResult | None = None
    extra: dict[str, Any] = {}


class Annotation(msgspec.Struct, kw_only=True, omit_defaults=True):
    """A note attached to a move: a hint taken, an undo, a tutor remark, a comment, a line of the
    review at the end of a hand, or the coach's remark on a move (``play --coach``)."""

    hand: int
    ply: int
    kind: Literal["hint", "undo", "note", "tutor", "claim", "review", "coach"]
    text: str = ""


class Replay(msgspec.Struct, kw_only=True, omit_defaults=True):
    format: str
    """Always ``cardcli-replay`` (required, so it is written even with ``omit_defaults``)."""
    version: int
    app_version: str
    game: str
    preset: str
    config: dict[str, Any]
    players: int
    seats: list[SeatRecord]
    seed: str | None = None
    first_dealer: int
    started: str
    """UTC start time, ISO 8601."""
    hands_limit: int | None = None
    """Set when the match was played for a fixed number of hands (``--hands``)."""
    hands: list[HandRecord] = []
    result: MatchResult | None = None
    annotations: list[Annotation] = []
    title: str | None = None
    """Optional caption shown by ``replay show`` (example games carry one)."""


NAME_LIMIT = 64
"""Longest seat name kept from a file (longer ones are cut, with an ellipsis): a name is a label on a
table, and a 100,000-character one made every view and export crawl."""
TITLE_LIMIT = 200
"""Longest caption kept from a file."""


def clip(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def clip_labels(replay: Replay) -> Replay:
    """``replay`` with its seat names and title cut to :data:`NAME_LIMIT` and :data:`TITLE_LIMIT`."""
    long_seat = any(len(s.name) > NAME_LIMIT for s in replay.seats)
    if not long_seat and (replay.title is None or len(replay.title) <= TITLE_LIMIT):
        return replay
    seats = [msgspec.structs.replace(s, name=clip(s.name, NAME_LIMIT)) for s in replay.seats]
    title = clip(replay.title, TITLE_LIMIT) if replay.title is not None else None
    return msgspec.structs.replace(replay, seats=seats, title=title)


def json_schema() -> dict[str, Any]:
    """The JSON Schema of the replay format (shipped as ``data/replay.schema.json``)."""
    return msgspec.json.schema(Replay)
