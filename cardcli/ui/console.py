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
import re
import shutil
import sys
from dataclasses import dataclass, field
from typing import IO, Any, Literal

from cardcli.engine.cards import Charset
from cardcli.engine.game import Line
from cardcli.engine.text import text_width

ColorChoice = Literal["auto", "always", "never"]

_ANSI = {
    "suit-H": "31",
    "suit-D": "31",
    "suit-C": "",
    "suit-S": "",
    "joker": "35",
    "title": "1",
    "label": "",
    "dim": "2",
    "turn": "1",
    "error": "31;1",
    "ok": "32",
    "hint": "36",
    "warn": "33",
    "secret": "35",
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
    width: int | None = None
    """Wrap lines at word boundaries to this many columns; ``0`` follows the terminal's width,
    ``None`` (pipes, tests) never wraps."""

    @classmethod
    def detect(cls, color: ColorChoice = "auto", charset: str | None = None, four_colour: bool = False) -> Console:
        tty = bool(getattr(sys.stdout, "isatty", lambda: False)())
        return cls(color=color_enabled(color), charset=pick_charset(charset), four_colour=four_colour, width=0 if tty else None)

    def columns(self) -> int | None:
        """The width lines are wrapped to now, or None when they are not wrapped."""
        if self.width is None:
            return None
        if self.width > 0:
            return self.width
        return shutil.get_terminal_size((80, 24)).columns

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
        cols = self.columns()
        for line in lines:
            for part in wrap_line(line, cols) if cols else [line]:
                self.out.write(self.styled(part) + "\n")
        self.out.flush()

    def say(self, text: str, style: str = "") -> None:
        cols = self.columns()
        for part in text.splitlines() or [""]:
            for piece in wrap_line([(style, part)], cols) if cols else [[(style, part)]]:
                self.out.write(self.styled(piece) + "\n")
        self.out.flush()

    def tell(self, text: str, style: str = "", game: object = None) -> None:
        """A narration line: card notation in it is written in the console's charset (``game``'s
        ``spell_cards`` decides which tokens are cards, when it has one: bridge's ``2S`` is a call)."""
        self.say(spell(game, text, self.charset), style)

    def error(self, text: str) -> None:
        self.say(text, "error")


def spell(game: object, text: str, charset: Charset) -> str:
    """``text`` with its card notation written for ``charset``, as ``game`` (or the default) reads cards."""
    hook = getattr(game, "spell_cards", None)  # a Game's hook; ``game`` may be any object (the default then)
    if hook is not None:
        return str(hook(text, charset))
    from cardcli.engine.text import cards_in_text

    return cards_in_text(text, charset)


def flush_terminal_input() -> None:
    """Throw away keys typed ahead (while the bots played): they were not meant as the next move."""
    try:
        import termios

        if sys.stdin.isatty():
            termios.tcflush(sys.stdin.fileno(), termios.TCIFLUSH)
    except (ImportError, OSError, ValueError):
        pass


class QuietKeys:
    """Keys typed while the bots play are not echoed: the terminal's echo is off until the game waits
    for the player again (and :func:`flush_terminal_input` then drops what was typed), so nothing
    typed ahead shows up in the log between the bots' moves as if it were a move.

    ``with quiet:`` turns echo off (nesting is counted); ``with quiet.typing():`` turns it back on for
    a question asked meanwhile (press Enter for the next hand, how to watch the hand)."""

    def __init__(self) -> None:
        self._saved: list[Any] | None = None
        self._depth = 0

    def _set_echo(self, on: bool) -> None:
        try:
            import termios

            fd = sys.stdin.fileno()
            if not os.isatty(fd):
                return
            attrs = termios.tcgetattr(fd)
            if self._saved is None:
                self._saved = list(attrs)
            attrs[3] = attrs[3] | termios.ECHO if on else attrs[3] & ~termios.ECHO
            termios.tcsetattr(fd, termios.TCSANOW, attrs)
        except (ImportError, OSError, ValueError, AttributeError):
            pass

    def __enter__(self) -> QuietKeys:
        if self._depth == 0:
            self._set_echo(False)
        self._depth += 1
        return self

    def __exit__(self, *exc: object) -> None:
        self._depth -= 1
        if self._depth == 0 and self._saved is not None:
            try:
                import termios

                termios.tcsetattr(sys.stdin.fileno(), termios.TCSANOW, self._saved)
            except (ImportError, OSError, ValueError):
                pass
            self._saved = None

    def typing(self) -> _Echo:
        return _Echo(self)


class _Echo:
    def __init__(self, quiet: QuietKeys) -> None:
        self.quiet = quiet

    def __enter__(self) -> None:
        if self.quiet._depth:
            self.quiet._set_echo(True)

    def __exit__(self, *exc: object) -> None:
        if self.quiet._depth:
            self.quiet._set_echo(False)


def poll_terminal_line() -> str | None:
    """A line typed at the terminal meanwhile, read without waiting; None when nothing was typed."""
    try:
        import select

        if not sys.stdin.isatty():
            return None
        ready, _w, _x = select.select([sys.stdin], [], [], 0)
        return sys.stdin.readline() if ready else None
    except (ImportError, OSError, ValueError):
        return None


_PIECES = re.compile(r"\S+|\s+")


def wrap_line(line: Line, width: int, indent: str = "    ") -> list[Line]:
    """``line`` broken at spaces into lines of at most ``width`` columns, styles kept.

    A continuation starts with ``indent`` (or the line's own leading spaces, if deeper), so it
    reads as part of the line above. Only a single word longer than the width is ever cut.
    """
    plain = "".join(t for _s, t in line)
    if text_width(plain) <= width or width < 20:
        return [line]
    lead = len(plain) - len(plain.lstrip(" "))
    cont = " " * max(lead, len(indent)) if lead < width // 2 else indent
    out: list[Line] = []
    cur: Line = []
    used = 0
    pending_space: tuple[str, str] | None = None
    for style, text in line:
        for piece in _PIECES.findall(text):
            if piece.isspace():
                if cur:
                    pending_space = (style, piece)
                else:
                    cur.append((style, piece))
                    used += text_width(piece)
                continue
            w = text_width(piece)
            space_w = text_width(pending_space[1]) if pending_space else 0
            if cur and used + space_w + w > width and used > len(cont):
                out.append(cur)
                cur, used, pending_space = [("", cont)], len(cont), None
                space_w = 0
            if pending_space:
                cur.append(pending_space)
                used += space_w
                pending_space = None
            while used + w > width and w > 1:  # one word longer than the line: cut it
                room = max(1, width - used)
                cur.append((style, piece[:room]))
                out.append(cur)
                piece = piece[room:]
                w = text_width(piece)
                cur, used = [("", cont)], len(cont)
            cur.append((style, piece))
            used += w
    if cur:
        out.append(cur)
    return [_merge(part) for part in out]


def _merge(line: Line) -> Line:
    """Adjacent fragments of one style joined again (one escape sequence per run, not per word)."""
    merged: Line = []
    for style, text in line:
        if merged and merged[-1][0] == style:
            merged[-1] = (style, merged[-1][1] + text)
        else:
            merged.append((style, text))
    return merged
