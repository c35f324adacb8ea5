"""Fitting a position's screen into a terminal of any size (80×24 and up), with no prompt-toolkit.

From the top: one title line, the table and, at a hand's end, its score (cut to the rows
left over and scrolled with ``j``/``k``), the narration and the notes at this position,
and a status line at the bottom. Lines wider than the terminal are folded, never cut, so no card is lost.
"""

from __future__ import annotations

import unicodedata
from typing import NamedTuple

from cardcli.engine.game import Fragment, Line
from cardcli.ui.viewer.model import Screen

_ASCII = str.maketrans({"▶": ">", "·": "-", "×": "x", "—": "-", "↑": "^", "↓": "v", "←": "<", "→": ">"})


def cwidth(text: str) -> int:
    """Columns ``text`` takes in a terminal (wide East Asian characters take two, combining marks none)."""
    n = 0
    for ch in text:
        if unicodedata.combining(ch):
            continue
        n += 2 if unicodedata.east_asian_width(ch) in ("W", "F") else 1
    return n


def line_width(line: Line) -> int:
    return sum(cwidth(t) for _s, t in line)


def fold_line(line: Line, width: int) -> list[Line]:
    """``line`` split into rows of at most ``width`` columns (an empty line stays one row)."""
    rows: list[Line] = [[]]
    used = 0
    for style, text in line:
        piece = ""
        for ch in text:
            w = cwidth(ch)
            if used + w > width:
                if piece:
                    rows[-1].append((style, piece))
                rows.append([])
                piece, used = "", 0
            piece += ch
            used += w
        if piece:
            rows[-1].append((style, piece))
    return rows


def cut(line: Line, width: int) -> Line:
    """``line`` cut to ``width`` columns (for the one-row title and status)."""
    return fold_line(line, width)[0] if line_width(line) > width else line


def plain(line: Line, charset: str) -> Line:
    """Symbols outside ASCII replaced for the ``ascii`` and ``words`` charsets."""
    if charset == "unicode":
        return line
    return [(s, t.translate(_ASCII)) for s, t in line]


def table_rows(screen: Screen, width: int) -> list[Line]:
    return [row for line in screen.table for row in fold_line(line, width)]


class Fitted(NamedTuple):
    rows: list[Line]
    """Exactly the terminal's height of rows, none wider than the terminal."""
    scroll: int
    """The first row of the scrolling part shown (clamped)."""
    total: int
    """Rows of the scrolling part when they do not all fit, else 0."""
    space: int
    """Rows the scrolling part gets."""


def compose(screen: Screen, width: int, height: int, scroll: int, status: Line, charset: str = "unicode",
            overlay: list[Line] | None = None) -> Fitted:
    """Exactly ``height`` rows of at most ``width`` columns (``j``/``k`` scroll the table part).

    ``overlay`` (the help) replaces the table and the panel below it.
    """
    width, height = max(width, 20), max(height, 4)
    title = [cut(plain(screen.title, charset), width)]
    bottom = [cut(plain(status, charset), width)]
    if overlay is not None:
        body = [r for line in overlay for r in fold_line(plain(line, charset), width)]
        body = body[:height - 2] + [[] for _i in range(height - 2 - len(body))]
        return Fitted(title + body + bottom, 0, 0, height - 2)
    panel = [r for line in (*screen.narration, *screen.notes) for r in fold_line(plain(line, charset), width)]
    room = height - 2
    panel = panel[:max(1, room // 2)] if len(panel) > room // 2 else panel
    table = [plain(r, charset) for r in table_rows(screen, width)]
    if screen.score:  # the hand's score below its table, in the part that scrolls
        table += [[]] + [plain(r, charset) for line in screen.score for r in fold_line(line, width)]
    space = room - len(panel)
    scroll = max(0, min(scroll, len(table) - space))
    shown = table[scroll:scroll + space]
    shown += [[] for _i in range(space - len(shown))]
    return Fitted(title + shown + panel + bottom, scroll, len(table) if len(table) > space else 0, space)


def to_text(rows: list[Line]) -> list[str]:
    return ["".join(t for _s, t in r) for r in rows]


def fragment_style(style: str) -> str:
    """A cardcli style class (``card suit-H``) as prompt-toolkit's ``class:card class:suit-h``
    (its class names are lower case)."""
    return " ".join("class:" + w.lower() for w in style.split())


def to_fragments(rows: list[Line]) -> list[Fragment]:
    out: list[Fragment] = []
    for i, row in enumerate(rows):
        if i:
            out.append(("", "\n"))
        out.extend((fragment_style(s), t) for s, t in row)
    return out
