"""What the tutor asks a game about a move, so that a lesson is judged by the game's own knowledge.

A lesson step states a *goal*, not a spelling (``cardcli/tutor/judge.py``). To
judge a learner's move the tutor needs answers only the game can give, and a
game gives them through these hooks (every game inherits the defaults):

* :meth:`Teaching.position_key`: two moves that lead to the same position are
  the same move, whatever order or shorthand the learner typed them in;
* :meth:`Teaching.goal_met`: whether a move does what a goal word asks
  ("melds 8", "makes burraco", "rule …"); ``None`` when the game does not know
  the goal, which ``learn --check`` reports;
* :meth:`Teaching.rate_move`: how good a move is by a measure the game is sure
  of (bridge: double-dummy tricks; the meld games: points put on the table), so a
  move at least as good as the lesson's is praised, never called a mistake;
* :meth:`Teaching.audit_move`: whether a *scripted* move is sound play by the
  game's own knowledge (bridge: a call fits the system's meaning for the hand,
  a card loses no trick double dummy), which ``learn --check`` holds every
  lesson to;
* :meth:`Teaching.hand_facts` and :meth:`Teaching.rule_claims`: the numbers a
  lesson text may state about a hand or about the rules, so the check can
  compare what a text says with what the game computes.

The hooks are pure: they read states and never change them.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class RuleClaim:
    """A number a lesson text may quote about the rules, and the value the lesson's options give it.

    ``pattern`` is a regular expression (case-insensitive) whose first group is the number as
    written, in figures or in words ("at most (two) wildcards"); ``what`` names it in a problem."""

    pattern: str
    value: int
    what: str


@dataclass(frozen=True)
class Rating:
    """A move's value by the game's sure measure, and how to say it ("11 tricks", "+45 on the table")."""

    value: float
    text: str
    sure: bool = False
    """Exact (bridge's double dummy), not an estimate: then even a move the lesson calls wrong is
    accepted when it rates as high, and ``learn --check`` reports the lesson."""


def freeze(value: Any) -> Hashable:
    """A hashable, order-blind copy of a state: lists of cards become sorted tuples (a hand is a
    multiset), dataclasses and structs their fields, everything else itself or its repr."""
    if isinstance(value, str | int | float | bool) or value is None:
        return value
    if isinstance(value, list | tuple):
        items = [freeze(v) for v in value]
        if items and all(isinstance(v, str) for v in items):
            return ("cards", tuple(sorted(items)))  # type: ignore[type-var]
        return tuple(items)
    if isinstance(value, dict):
        return tuple(sorted((repr(k), freeze(v)) for k, v in value.items()))
    if isinstance(value, set | frozenset):
        return tuple(sorted(repr(v) for v in value))
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return (
            type(value).__name__,
            *(freeze(getattr(value, f.name)) for f in dataclasses.fields(value) if not f.name.startswith("_")),
        )
    fields = getattr(value, "__struct_fields__", None)
    if fields is not None:
        return (type(value).__name__, *(freeze(getattr(value, f)) for f in fields))
    slots = getattr(type(value), "__slots__", None)
    if slots:
        return (type(value).__name__, *(freeze(getattr(value, s, None)) for s in slots if not s.startswith("_")))
    return repr(value)


class Teaching:
    """The tutor's questions to a game, with defaults that know nothing game-specific."""

    tutor_module: str | None = None
    """The game's own part of the tutor, imported only when a lesson or drill needs it
    (``cardcli.games.NAME.tutoring``); each name it defines is optional:

    * ``COMPUTES``: quiz words → ``(session, arg) → answer`` (a lesson's ``compute = "WORD ARG"``), and
      ``CHOICE_COMPUTES``: words whose answer is one of the step's choices, ``(session, arg, choices)``;
    * ``DRILLS``: drill kinds → ``(summary, seed → Exercise)`` (``cardcli learn GAME --drill KIND``);
    * ``position_deck(game, config, players, dealer, position)``: the deck whose deal gives each seat
      a lesson position's hand.

    ``None``: the game has no part of its own (lessons on seeded deals, the generic quiz words)."""

    def tutor_part(self, name: str, default: Any = None) -> Any:
        """``name`` from the game's :attr:`tutor_module`, or ``default`` when it has none."""
        if self.tutor_module is None:
            return default
        import importlib

        return getattr(importlib.import_module(self.tutor_module), name, default)

    def position_key(self, state: Any) -> Hashable:
        """Equal for two states a learner cannot tell apart by what is on the table and in the hands."""
        return freeze(state)

    def same_move(self, state: Any, a: Any, b: Any) -> bool | None:
        """Whether two moves count as the same beyond the positions they lead to (eleusis: two texts
        of one rule); ``None`` leaves the answer to :meth:`position_key`."""
        return None

    def goal_met(self, goal: str, before: Any, move: Any, after: Any, seat: int) -> bool | None:
        """Whether ``move`` (made by ``seat`` in ``before``, giving ``after``) does what ``goal`` asks;
        ``None`` when this game has no such goal. The generic goals (``any``, ``kind WORD``, ``over``)
        are the tutor's; a game adds its own words (:meth:`goal_words`)."""
        return None

    def goal_words(self) -> dict[str, str]:
        """The goals :meth:`goal_met` knows, each with what it asks (for the lesson author's guide)."""
        return {}

    def rate_move(self, state: Any, move: Any, seat: int) -> Rating | None:
        """How good ``move`` is for ``seat``'s side, comparable between the moves of one position;
        ``None`` where the game has no sure measure (a draw, a discard, a call)."""
        return None

    def audit_move(self, state: Any, move: Any, seat: int) -> str | None:
        """Why a lesson may not present ``move`` (by ``seat`` in ``state``) as right play, or ``None``
        when it is sound by the game's own knowledge."""
        return None

    def hand_facts(self, state: Any, seat: int) -> dict[str, int]:
        """Numbers a lesson text may state about a seat's hand (``{"points": 34}``, bridge ``hcp``)."""
        return {}

    def rule_claims(self, config: Any) -> Sequence[RuleClaim]:
        """Numbers of the rules a lesson text may quote, with their values under ``config``."""
        return ()


RANK_WORDS = {
    "ace": "A",
    "aces": "A",
    "king": "K",
    "kings": "K",
    "queen": "Q",
    "queens": "Q",
    "jack": "J",
    "jacks": "J",
    "ten": "T",
    "tens": "T",
    "10": "T",
    "nine": "9",
    "nines": "9",
    "eight": "8",
    "eights": "8",
    "seven": "7",
    "sevens": "7",
    "six": "6",
    "sixes": "6",
    "five": "5",
    "fives": "5",
    "four": "4",
    "fours": "4",
    "three": "3",
    "threes": "3",
    "two": "2",
    "twos": "2",
}
"""A goal's rank, in figures or words (``melds 8``, ``melds eights``, ``melds 10``)."""


def goal_rank(text: str) -> str:
    """The rank character a goal names (``"8"``, ``"eights"``, ``"10"`` → ``"8"``, ``"8"``, ``"T"``)."""
    t = text.strip().lower()
    return RANK_WORDS.get(t, t.upper()[:1])


def melds_rank(cards: Sequence[str], rank: str, is_wild: Callable[[str], bool]) -> bool:
    """A goal ``melds R``: every natural card the move puts down is of rank R (wildcards may join)."""
    naturals = [c for c in cards if not is_wild(c)]
    return bool(naturals) and all(c[0] == rank for c in naturals)
