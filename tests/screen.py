"""A small VT100 screen for pty tests: what a person would see on a terminal of a given size.

It understands what cardcli and prompt-toolkit write: printable text, CR, LF, BS, the cursor
moves (CUU/CUD/CUF/CUB/CHA/CUP), erase in line and display, and ignores colours and modes.
It also counts *autowraps*: a printable character written past the last column. cardcli
wraps its own lines at word boundaries, so a line that the terminal had to wrap is a line
that was too long.
"""

from __future__ import annotations

import re

_CSI = re.compile(r"\x1b\[([?>=]?)([0-9;]*)([ -/]*)([@-~])")
_OSC = re.compile(r"\x1b\][^\x07\x1b]*(\x07|\x1b\\)")


class Screen:
    def __init__(self, rows: int = 24, cols: int = 80) -> None:
        self.rows, self.cols = rows, cols
        self.grid = [[" "] * cols for _ in range(rows)]
        self.y = self.x = 0
        self.pending_wrap = False
        self.autowraps: list[str] = []
        """The row text (before the wrap) each time the terminal had to wrap a line."""

    def _scroll(self) -> None:
        self.grid.pop(0)
        self.grid.append([" "] * self.cols)

    def _newline(self) -> None:
        if self.y == self.rows - 1:
            self._scroll()
        else:
            self.y += 1

    def _put(self, ch: str) -> None:
        if self.pending_wrap:
            self.autowraps.append("".join(self.grid[self.y]).rstrip())
            self.x = 0
            self._newline()
            self.pending_wrap = False
        self.grid[self.y][self.x] = ch
        if self.x == self.cols - 1:
            self.pending_wrap = True
        else:
            self.x += 1

    def feed(self, data: str) -> None:
        data = _OSC.sub("", data)
        i = 0
        while i < len(data):
            ch = data[i]
            if ch == "\x1b":
                m = _CSI.match(data, i)
                if m:
                    self._csi(m.group(1), m.group(2), m.group(4))
                    i = m.end()
                    continue
                i += 2  # a two-character escape (charset selection, keypad mode ...)
                continue
            if ch == "\r":
                self.x, self.pending_wrap = 0, False
            elif ch == "\n":
                self.pending_wrap = False
                self._newline()
            elif ch == "\b":
                self.x, self.pending_wrap = max(0, self.x - 1), False
            elif ch == "\t":
                self.x = min(self.cols - 1, (self.x // 8 + 1) * 8)
            elif ch >= " " and ch != "\x7f":
                self._put(ch)
            i += 1

    def _csi(self, private: str, params: str, final: str) -> None:
        if private:
            return
        nums = [int(p) if p else 0 for p in params.split(";")] if params else []
        n = (nums[0] if nums else 0) or 1
        if final in "ABCDGH":
            self.pending_wrap = False
        if final == "A":
            self.y = max(0, self.y - n)
        elif final == "B":
            self.y = min(self.rows - 1, self.y + n)
        elif final == "C":
            self.x = min(self.cols - 1, self.x + n)
        elif final == "D":
            self.x = max(0, self.x - n)
        elif final == "G":
            self.x = min(self.cols - 1, n - 1)
        elif final in "Hf":
            row = (nums[0] if nums else 1) or 1
            col = (nums[1] if len(nums) > 1 else 1) or 1
            self.y, self.x = min(self.rows, row) - 1, min(self.cols, col) - 1
        elif final == "K":
            mode = nums[0] if nums else 0
            cells = self.grid[self.y]
            if mode == 0:
                cells[self.x :] = [" "] * (self.cols - self.x)
            elif mode == 1:
                cells[: self.x + 1] = [" "] * (self.x + 1)
            else:
                cells[:] = [" "] * self.cols
        elif final == "J":
            mode = nums[0] if nums else 0
            if mode == 0:
                self.grid[self.y][self.x :] = [" "] * (self.cols - self.x)
                for r in range(self.y + 1, self.rows):
                    self.grid[r] = [" "] * self.cols
            elif mode == 2:
                self.grid = [[" "] * self.cols for _ in range(self.rows)]

    @property
    def lines(self) -> list[str]:
        return ["".join(r).rstrip() for r in self.grid]

    @property
    def text(self) -> str:
        return "\n".join(self.lines)
