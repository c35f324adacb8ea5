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

_SEPARATORS = "|·"
"""Characters that, with a space each side, separate the items of a listed line."""
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


def fold_line(line: Line, width: int, indent: str = "  ") -> list[Line]:
    """``line`` split into rows of at most ``width`` columns (an empty line stays one row).

    Rows break at a space (the space is dropped and the next row starts with ``indent``, so a
    folded line reads as one), rather after a separator such as `` | `` so a listed item stays
    on one row, never inside a word or a card; only a word wider than a row is cut, because
    nothing may be lost.
    """
    if line_width(line) <= width:
        return [line] if line else [[]]
    if cwidth(indent) * 2 > width:
        indent = ""
    chars = [(style, ch) for style, text in line for ch in text]
    lead = cwidth(indent)
    rows: list[list[tuple[str, str]]] = []
    row: list[tuple[str, str]] = []
    used = 0
    for style, ch in chars:
        w = cwidth(ch)
        while used + w > width and used > (lead if rows else 0):
            # break at the last space that has a word before it on this row (a leading indent is none)
            start = next((i for i, (_s, c) in enumerate(row) if c != " "), len(row))
            space = max((i for i in range(start, len(row)) if row[i][1] == " "), default=-1)
            # rather after a list's separator (" | ", " · ") in the row's second half: items stay whole
            seps = [
                i + 1
                for i in range(max(start + 1, len(row) // 2), len(row) - 1)
                if row[i][1] in _SEPARATORS and row[i - 1][1] == " " and row[i + 1][1] == " "
            ]
            space = seps[-1] if seps else space
            rest = row[space + 1 :] if space > start else []
            row = row[:space] if space > start else row
            while row and row[-1][1] == " ":
                row.pop()
            rows.append(row)
            row = [(rest[0][0] if rest else style, c) for c in indent] + rest
            used = sum(cwidth(c) for _s, c in row)
        if ch == " " and rows and used == lead:
            continue  # a space that falls at a break is the break
        row.append((style, ch))
        used += w
    rows.append(row)
    return [_regroup(r) for r in rows]


def _regroup(chars: list[tuple[str, str]]) -> Line:
    """Characters with their styles back into fragments (neighbours of one style joined)."""
    out: Line = []
    for style, ch in chars:
        if out and out[-1][0] == style:
            out[-1] = (style, out[-1][1] + ch)
        else:
            out.append((style, ch))
    return out


def cut(line: Line, width: int) -> Line:
    """``line`` cut to ``width`` columns (for the one-row title)."""
    if line_width(line) <= width:
        return line
    out: Line = []
    used = 0
    for style, text in line:
        piece = ""
        for ch in text:
            if used + cwidth(ch) > width:
                return out + ([(style, piece)] if piece else [])
            piece += ch
            used += cwidth(ch)
        out.append((style, piece))
    return out


def wrap_parts(parts: list[str], width: int, sep: str = "  ") -> list[str]:
    """``parts`` (the keys of the status bar, a message) joined with ``sep`` into as few rows of at most
    ``width`` columns as they fit in, breaking only between parts (a part wider than a row is cut)."""
    rows: list[str] = []
    for part in parts:
        if rows and cwidth(rows[-1] + sep + part) <= width:
            rows[-1] += sep + part
        else:
            rows.append(part)
    return [row if cwidth(row) <= width else "".join(t for _s, t in cut([("", row)], width)) for row in rows] or [""]


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


def compose(
    screen: Screen,
    width: int,
    height: int,
    scroll: int,
    status: list[Line],
    charset: str = "unicode",
    overlay: list[Line] | None = None,
) -> Fitted:
    """Exactly ``height`` rows of at most ``width`` columns (``j``/``k`` scroll the table part).

    ``status`` is the rows of the bar at the bottom (one or two: the keys wrap rather than be cut);
    ``overlay`` (the help) replaces the table and the panel below it.
    """
    width, height = max(width, 20), max(height, 4)
    title = [cut(plain(screen.title, charset), width)]
    bottom = [cut(plain(row, charset), width) for row in (status or [[]])][: max(1, height // 4)]
    room = height - 1 - len(bottom)
    if overlay is not None:
        body = [r for line in overlay for r in fold_line(plain(line, charset), width)]
        body = body[:room] + [[] for _i in range(room - len(body))]
        return Fitted(title + body + bottom, 0, 0, room)
    panel = [r for line in (*screen.narration, *screen.notes) for r in fold_line(plain(line, charset), width)]
    panel = panel[: max(1, room // 2)] if len(panel) > room // 2 else panel
    table = [plain(r, charset) for r in table_rows(screen, width)]
    if screen.score:  # the hand's score below its table, in the part that scrolls
        table += [[]] + [plain(r, charset) for line in screen.score for r in fold_line(line, width)]
    space = room - len(panel)
    scroll = max(0, min(scroll, len(table) - space))
    shown = table[scroll : scroll + space]
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
