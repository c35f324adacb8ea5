"""Verdicts and move errors: every refusal carries a reason and a rule id.

The rules layer never answers a bare ``False``. A :class:`Verdict` says whether
a move is allowed and, when it is not, gives a one-line reason and the id of
the rule that forbids it. ``cardcli rules GAME RULE``, the REPL's ``why``, the
tutor and the man pages all resolve that id to the same text.

Parsing a typed move fails in one of three ways, as in python-chess:
:class:`InvalidMove` (the text is not a move at all), :class:`IllegalMove` (it
is a move, but the rules forbid it now; carries the verdict) and
:class:`AmbiguousMove` (shorthand that matches several legal moves; carries
the candidates).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Verdict:
    ok: bool
    reason: str = ""
    rule: str = ""

    def __bool__(self) -> bool:
        return self.ok


ALLOWED = Verdict(True)


def refuse(rule: str, reason: str) -> Verdict:
    """A refusal of the rule ``rule`` with a one-line ``reason``."""
    return Verdict(False, reason, rule)


class MoveError(ValueError):
    """Base of the three ways a typed move can fail."""

    kind = "error"

    def __init__(self, message: str, rule: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.rule = rule


class InvalidMove(MoveError):
    """The text is not a move of this game (a syntax problem)."""

    kind = "invalid"


class IllegalMove(MoveError):
    """A well-formed move the rules forbid right now."""

    kind = "illegal"

    def __init__(self, verdict: Verdict) -> None:
        super().__init__(verdict.reason, verdict.rule)
        self.verdict = verdict


class AmbiguousMove(MoveError):
    """Shorthand matching more than one legal move."""

    kind = "ambiguous"

    def __init__(self, message: str, candidates: Sequence[str]) -> None:
        super().__init__(message)
        self.candidates = list(candidates)
