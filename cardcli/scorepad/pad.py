"""A scorepad match computed from its typed hands: rows, running totals, dealer, end and winner.

The games already know how to score one hand typed in by hand (their
``score_sheet``, behind ``cardcli score GAME``); this module only runs that
parser over every hand of a match, adds the totals up and applies the match
rules a paper pad needs (who deals, the target, the tie rule). It never scores
cards itself. A hand may also be typed as its points alone
(``points NS 450 EW 120``), as players who count on paper do.

Each game's specifics (dealer rotation, end of the match, canasta's opening
minimum, the bridge pad, burraco's victory points) are a :class:`Table`
subclass in :mod:`cardcli.scorepad.tables`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from cardcli.engine.scorepad import input_lines
from cardcli.i18n import _

Number = int | Fraction


@dataclass
class Row:
    """One hand of the pad."""

    number: int
    text: str
    points: list[Number]
    totals: list[Number]
    """Running totals after this hand."""
    lines: list[str] = field(default_factory=list)
    """The hand's breakdown, as the game's scorepad explains it."""
    dealer: str | None = None
    notes: list[str] = field(default_factory=list)
    """Facts of the hand beside the score (canasta: the opening minimum that applied)."""
    data: dict[str, Any] = field(default_factory=dict)
    error: str | None = None


@dataclass
class Pad:
    """The whole match as the pad shows it."""

    sides: list[str]
    labels: list[str]
    """Side names with the players' names, for people."""
    rows: list[Row]
    totals: list[Number]
    over: bool
    winners: list[int]
    result: str
    """One line: who leads or won, or why the match goes on."""
    rules: list[str]
    """The target and the tie rule of the preset."""
    next_dealer: str | None
    extra: list[str] = field(default_factory=list)
    """Game-specific lines after the rows (bridge's paper pad, victory points, next opening minimum)."""


def fmt(value: Number | float) -> str:
    """A score for people: integers plainly, fractions (eleusis) as decimals."""
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}".rstrip("0")
    if isinstance(value, float):
        return str(int(value)) if value.is_integer() else f"{value:.2f}".rstrip("0")
    return str(value)


def as_number(value: Any) -> Number:
    f = Fraction(value) if not isinstance(value, Fraction) else value
    return int(f) if f.denominator == 1 else f


def is_points(text: str) -> bool:
    """True when a hand is typed as its points alone (``points NS 450 EW 120``)."""
    lines = input_lines(text)
    return bool(lines) and lines[0].key == "points"


def key(name: str) -> str:
    """A side or player name compared loosely: ``N-S``, ``ns`` and ``NS`` are one."""
    return re.sub(r"[\s\-_/&]", "", name).upper()


def parse_points(text: str, sides: Sequence[str], aliases: dict[str, int], step: int, need_all: bool) -> list[Number]:
    """The points of ``points SIDE N [SIDE N …]`` lines; ``ValueError`` names what is wrong."""
    got: dict[int, Number] = {}
    for ln in input_lines(text):
        if ln.key != "points":
            raise ValueError(
                _("a hand typed as points has only `points` lines (`points {a} 450 {b} 120`)").format(a=sides[0], b=sides[-1])
            )
        words = ln.rest.replace(",", " ").replace(":", " ").replace("=", " ").split()
        if not words or len(words) % 2:
            raise ValueError(
                _("`points` takes pairs of a side and a number, e.g. `points {a} 450 {b} 120`").format(a=sides[0], b=sides[-1])
            )
        for who, value in zip(words[::2], words[1::2]):
            side = aliases.get(key(who))
            if side is None:
                raise ValueError(
                    _("{who!r} is not a side or player of this match ({sides})").format(who=who, sides=", ".join(sides))
                )
            try:
                number = as_number(Fraction(value))
            except (ValueError, ZeroDivisionError):
                raise ValueError(_("{value!r} is not a number of points").format(value=value)) from None
            if step > 1 and (not isinstance(number, int) or number % step):
                raise ValueError(
                    _("{value} is not a possible score here: scores are multiples of {s}").format(value=value, s=step)
                )
            if side in got:
                raise ValueError(_("{side} is given twice").format(side=sides[side]))
            got[side] = number
    if need_all and len(got) < len(sides):
        missing = [s for i, s in enumerate(sides) if i not in got]
        raise ValueError(_("give the points of every side: {missing} missing").format(missing=", ".join(missing)))
    return [got.get(i, 0) for i in range(len(sides))]


def substitute_names(text: str, names: Sequence[str], tokens: Sequence[str]) -> str:
    """Replace each player's name by the token the game's parser expects (their seat or side)."""
    for name, token in zip(names, tokens):
        if name:
            text = re.sub(rf"(?<![\w-]){re.escape(name)}(?![\w-])", token, text, flags=re.IGNORECASE)
    return text


def split_hands(text: str) -> list[str]:
    """Several hands in one input, separated by lines of ``---`` (or ``next``)."""
    hands: list[str] = []
    current: list[str] = []
    for line in text.splitlines():
        if line.strip() in ("---", "--", "next", "----"):
            hands.append("\n".join(current))
            current = []
        else:
            current.append(line)
    hands.append("\n".join(current))
    return [h.strip("\n") for h in hands if input_lines(h)]
