"""The console: colour and charset decisions made once, and styled text output.

Precedence for colour (no-color.org and the anchors' notes): an explicit
``--color``/``--no-color`` flag, then ``NO_COLOR`` (non-empty), then
``FORCE_COLOR``, then ``TERM=dumb``, then whether stdout is a terminal. Colour
never carries meaning alone: suits always keep their symbol or letter.

The charset is ``unicode`` (suit symbols) unless the output encoding cannot
encode them, ``TERM=dumb``, or ``--charset``/``CARDCLI_CHARSET`` says
otherwise; ``words`` spells cards out for screen readers.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field
from typing import IO, Literal

from cardcli.engine.cards import Charset
from cardcli.engine.game import Line

ColorChoice = Literal["auto", "always", "never"]

_ANSI = {
    "suit-H": "31", "suit-D": "31", "suit-C": "", "suit-S": "",
    "joker": "35", "title": "1", "label": "", "dim": "2", "turn": "1", "error": "31;1",
    "ok": "32", "hint": "36", "warn": "33", "secret": "35",
}
_FOUR_COLOUR = {"suit-D": "34", "suit-C": "32"}


def color_enabled(choice: ColorChoice = "auto", stream: IO[str] | None = None) -> bool:
    if choice == "always":
        return True
    if choice == "never":
        return False
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    if os.environ.get("TERM") == "dumb":
        return False
    s = stream or sys.stdout
    return bool(getattr(s, "isatty", lambda: False)())


def pick_charset(choice: str | None = None, stream: IO[str] | None = None) -> Charset:
    wanted = choice or os.environ.get("CARDCLI_CHARSET")
    if wanted in ("unicode", "ascii", "words"):
        return wanted  # type: ignore[return-value]
    if os.environ.get("TERM") == "dumb":
        return "ascii"
    enc = getattr(stream or sys.stdout, "encoding", None) or "ascii"
    try:
        "♠♥♦♣▶·×".encode(enc)
    except (UnicodeEncodeError, LookupError):
        return "ascii"
    return "unicode"


@dataclass
class Console:
    """Where output goes and how it looks; tests pass their own streams."""

    out: IO[str] = field(default_factory=lambda: sys.stdout)
    err: IO[str] = field(default_factory=lambda: sys.stderr)
    color: bool = False
    charset: Charset = "unicode"
    four_colour: bool = False

    @classmethod
    def detect(cls, color: ColorChoice = "auto", charset: str | None = None, four_colour: bool = False) -> Console:
        return cls(color=color_enabled(color), charset=pick_charset(charset), four_colour=four_colour)

    def styled(self, line: Line) -> str:
        if not self.color:
            return "".join(self._plain(t) for _s, t in line)
        parts = []
        for style, text in line:
            code = ";".join(c for c in (self._code(cls) for cls in style.split()) if c)
            parts.append(f"\x1b[{code}m{self._plain(text)}\x1b[0m" if code else self._plain(text))
        return "".join(parts)

    def _plain(self, text: str) -> str:
        if self.charset == "unicode":
            return text
        return text.replace("▶", ">").replace("·", "-").replace("×", "x").replace("—", "-")

    def _code(self, cls: str) -> str:
        if self.four_colour and cls in _FOUR_COLOUR:
            return _FOUR_COLOUR[cls]
        return _ANSI.get(cls, "")

    def print_lines(self, lines: list[Line]) -> None:
        for line in lines:
            self.out.write(self.styled(line) + "\n")
        self.out.flush()

    def say(self, text: str, style: str = "") -> None:
        for part in text.splitlines() or [""]:
            self.out.write(self.styled([(style, part)]) + "\n")
        self.out.flush()

    def tell(self, text: str, style: str = "") -> None:
        """A narration line: card notation in it is written in the console's charset."""
        from cardcli.engine.text import cards_in_text

        self.say(cards_in_text(text, self.charset), style)

    def error(self, text: str) -> None:
        self.out.write(self.styled([("error", text)]) + "\n")
        self.out.flush()
