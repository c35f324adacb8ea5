"""Reading a hand typed in by hand for ``cardcli score``: lines, comments and line numbers.

Every game's scorepad input is a list of ``KEY REST`` lines with ``#`` comments;
errors must name the line. The games parse the contents; this module only
splits the text the same way for all of them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class InputLine:
    number: int
    """1-based line number in the input, for error messages."""
    word: str
    """The first word as typed."""
    rest: str
    """Everything after the first word, stripped."""

    @property
    def key(self) -> str:
        """The first word, lower-cased, without a trailing colon (``Closer:`` → ``closer``)."""
        return self.word.lower().rstrip(":")

    def error(self, message: str) -> ValueError:
        return ValueError(f"line {self.number}: {message}")


def input_lines(text: str) -> list[InputLine]:
    """The non-blank lines of ``text`` with ``#`` comments removed, split into first word and rest."""
    out: list[InputLine] = []
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if line:
            word, _sep, rest = line.partition(" ")
            out.append(InputLine(number, word, rest.strip()))
    return out
