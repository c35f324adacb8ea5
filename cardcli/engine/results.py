"""The records a game's hands and matches leave: what a hand scored, how a match ended, the scoring
sides, and the plain-data hands that importers, exporters and the scorepad pass around.

Kept apart from the game protocol (:mod:`cardcli.engine.game`) because they are data, not rules:
replays, scorepads and file formats read them without the protocol.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

import msgspec

from cardcli.engine.cards import Card

Number = int | float


class HandResult(msgspec.Struct, kw_only=True, omit_defaults=True):
    """What one hand scored, per side (seat or partnership), and the running totals.

    ``detail`` carries game-specific facts needed to explain the score (who
    closed, whether it was a rummy, the contract …) in plain JSON values.
    """

    points: list[Number]
    totals: list[Number]
    detail: dict[str, Any] = {}


class MatchResult(msgspec.Struct, kw_only=True, omit_defaults=True):
    """The outcome of a match: final totals per side and the winning side(s)."""

    totals: list[Number]
    winners: list[int]
    hands: int
    complete: bool = True


@dataclass(frozen=True, slots=True)
class Side:
    """A scoring unit: one seat, or a partnership of seats."""

    name: str
    seats: tuple[int, ...]


@dataclass
class RecordedHand:
    """One hand as plain data (no file format): used by exporters and importers."""

    dealer: int
    deck: list[Card]
    moves: list[tuple[int, str]]
    result: HandResult | None = None
    extra: dict[str, Any] = field(default_factory=dict)
    """The hand's plain JSON facts (a replay's ``HandRecord.extra``): an imported board's record of what
    its file said (tags, names, notes), which an exporter writes back."""


@dataclass
class ImportedMatch:
    """What an importer read: enough to build and verify a replay."""

    config: Any
    players: int
    first_dealer: int
    hands: list[RecordedHand]
    meta: dict[str, Any] = field(default_factory=dict)
    """Free-form facts about the whole file (event, what the import did) kept as replay annotations."""
    notes: list[tuple[int, int, str]] = field(default_factory=list)
    """(hand, move, text): what the file says at a move (a board's number and players, an alert, a
    comment, where its record stops), kept as the replay's notes there."""


@dataclass
class ScoreSheet:
    """A hand scored line by line for ``cardcli score`` (text and ``--json``)."""

    lines: list[str]
    points: Mapping[str, Number]
    """Points of the hand per side name."""
    data: dict[str, Any] = field(default_factory=dict)
