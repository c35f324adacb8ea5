"""Errors of the rule language: one kind, one message, one position.

Every problem with a rule text is a :class:`RuleError` whose ``kind`` maps to
a rulebook id (``rule.syntax``, ``rule.types``, ``rule.limits``,
``rule.fifth``), so the REPL, ``why`` and ``replay verify`` all explain it the
same way. ``pos`` is a 0-based offset into the text; :meth:`RuleError.where`
turns it into the column people read.
"""

from __future__ import annotations

from typing import Literal

ErrorKind = Literal["syntax", "types", "limits", "fifth"]


class RuleError(ValueError):
    """A rule text that cannot be used, with the reason and where it is."""

    def __init__(self, kind: ErrorKind, message: str, pos: int | None = None, text: str = "") -> None:
        super().__init__(message)
        self.kind = kind
        self.message = message
        self.pos = pos
        self.text = text

    @property
    def rule_id(self) -> str:
        """The rulebook id that explains this kind of problem."""
        return f"rule.{self.kind}"

    def where(self) -> str:
        """``column 17 (at ')')`` for a single-line text, ``line 2, column 5 …`` otherwise."""
        if self.pos is None:
            return ""
        before = self.text[: self.pos]
        line = before.count("\n") + 1
        col = self.pos - (before.rfind("\n") + 1) + 1
        near = self.text[self.pos : self.pos + 12].split("\n", 1)[0]
        from cardcli.i18n import _

        at = _(" (at {text})").format(text=repr(near)) if near.strip() else _(" (at the end)")
        if line > 1 or "\n" in self.text:
            return _("line {line}, column {col} of the rule{at}").format(line=line, col=col, at=at)
        return _("column {col} of the rule{at}").format(col=col, at=at)

    def one_line(self) -> str:
        """The message people see: position first, then the problem."""
        w = self.where()
        return f"{w}: {self.message}" if w else self.message
