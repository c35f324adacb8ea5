"""What a hand's review holds: sections for people, notes for the replay file."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardcli.engine.game import Line


@dataclass
class Section:
    """One part of a review: a title and its lines.

    ``lines`` are plain text with cards in canonical notation (the console spells
    them for its charset); ``drawn`` are styled lines (the hands as dealt).
    """

    title: str
    lines: list[str] = field(default_factory=list)
    drawn: list[Line] = field(default_factory=list)
    score: bool = False
    """The hand's score: the REPL has just printed it when the hand ended, so its review leaves it out."""


@dataclass
class Note:
    """A line of the review kept in the replay, attached to a move (``ply``) of the hand."""

    ply: int
    text: str


@dataclass
class HandReview:
    hand: int
    seats: tuple[int, ...]
    """The seats whose decisions were reviewed."""
    sections: list[Section] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)
    figures: dict[str, Any] = field(default_factory=dict)
    """Numbers behind the text (tests and the benchmark read them): the DD table, rollout counts …"""
    brief: list[str] = field(default_factory=list)
    """The analysis in a line or two for the summary (bridge: par, the tricks lost in all)."""
    costly: list[tuple[float, str]] = field(default_factory=list)
    """The decisions that cost something, with what they cost (tricks, points): the summary shows the
    costliest few, the full review all of them."""

    def section(self, title: str) -> Section | None:
        return next((s for s in self.sections if s.title == title), None)
