"""`cardcli replay view` line by line (``--plain``, pipes, ``TERM=dumb``, screen readers).

The same model as the key-driven viewer (:mod:`cardcli.ui.viewer.model`): every position is
kept from one fold of the file. Commands are words; arrow and paging keys typed at a line
prompt arrive as escape sequences and are understood too, and never echoed raw.
"""

from __future__ import annotations

from typing import IO

from cardcli.engine.text import safe
from cardcli.i18n import _
from cardcli.replay.model import Replay
from cardcli.ui.console import Console
from cardcli.ui.viewer.model import ViewerModel, parse_position

HELP = (
    "next (n or Enter), back (b), turn / turn back (t, tb: one trick or turn), jump H.P (hand H, move P) "
    "or jump P, hand H, home, end, seat NAME, all, reveal, quit (q)"
)

_KEYS = {  # escape sequences of the arrow and paging keys, as a line prompt receives them
    "\x1b[C": "next",
    "\x1bOC": "next",
    "\x1b[D": "back",
    "\x1bOD": "back",
    "\x1b[B": "turn",
    "\x1bOB": "turn",
    "\x1b[A": "turn-back",
    "\x1bOA": "turn-back",
    "\x1b[6~": "hand-next",
    "\x1b[5~": "hand-back",
    "\x1b[H": "home",
    "\x1bOH": "home",
    "\x1b[1~": "home",
    "\x1b[7~": "home",
    "\x1b[F": "end",
    "\x1bOF": "end",
    "\x1b[4~": "end",
    "\x1b[8~": "end",
}


class Viewer:
    def __init__(self, replay: Replay, console: Console, seat: int | None = None, reveal: bool = False) -> None:
        self.replay = replay
        self.console = console
        self.model = ViewerModel(replay, seat, reveal, console.charset)
        self.game = self.model.game
        self.names = self.model.names

    @property
    def hand(self) -> int:
        return self.model.hand

    @property
    def ply(self) -> int:
        return self.model.ply

    def show(self) -> None:
        m = self.model
        if not m.hands:
            self.console.say(_("this replay has no hands"))
            return
        screen = m.screen()
        self.console.tell(safe(f"{m.where()}: {m.narration()}"), "title")
        self.console.print_lines(screen.table)
        for line in (*screen.notes, *screen.score):
            self.console.print_lines([line])

    def _keys(self, line: str) -> str:
        """A line made of arrow/paging key sequences becomes the command they stand for."""
        text = line.strip("\r\n")
        for seq, cmd in _KEYS.items():
            if text.startswith(seq) and text.replace(seq, "") == "":
                return cmd + " " + str(text.count(seq))
        return line

    def command(self, line: str) -> bool:
        m = self.model
        words = self._keys(line).strip().split()
        if not words:
            m.step(1)
            self.show()
            return True
        cmd, args = words[0].lower(), words[1:]
        count = int(args[0]) if args and args[0].isdigit() else 1
        if cmd in ("q", "quit", "exit"):
            return False
        if cmd in ("n", "next", "f", "forward"):
            m.step(count)
        elif cmd in ("b", "back", "p", "prev"):
            m.step(-count)
        elif cmd in ("t", "turn", "trick"):
            for _i in range(count):
                m.turn(1)
        elif cmd in ("tb", "turn-back", "trick-back"):
            for _i in range(count):
                m.turn(-1)
        elif cmd in ("hand-next", "hand-back"):
            for _i in range(count):
                m.next_hand(1 if cmd == "hand-next" else -1)
        elif cmd in ("j", "jump", "goto") and args:
            pos = parse_position(args[0], m.hand)
            if pos is None:
                self.console.error(_("jump takes a move number or HAND.MOVE, e.g. `jump 2.15`"))
                return True
            if not m.go(*pos):
                self.console.error(m.message)
                return True
        elif cmd == "hand" and args and args[0].isdigit():
            if not m.go(int(args[0]), 0):
                self.console.error(m.message)
                return True
        elif cmd == "home":
            m.home()
        elif cmd == "end":
            m.end()
        elif cmd == "all":
            m.all_hands()
            if m.locked is not None:
                self.console.error(m.message)
                return True
        elif cmd == "reveal":
            m.toggle_reveal()
            self.console.say(m.message)
            if not m.has_secrets():
                return True
        elif cmd == "seat" and args:
            low = " ".join(args).lower()
            match = [i for i, n in enumerate(self.names) if n.lower() == low or str(i + 1) == low]
            if not match:
                self.console.error(
                    _("no seat {s!r} (seats: {all})").format(s=safe(" ".join(args)), all=", ".join(safe(n) for n in self.names))
                )
                return True
            m.set_seat(match[0])
            if m.locked is not None and match[0] != m.locked:
                self.console.error(m.message)
                return True
        elif cmd in ("help", "h", "?"):
            self.console.say(HELP)
            return True
        elif "\x1b" in line:
            self.console.error(_("that key does nothing at this prompt: type a command ({help})").format(help=HELP))
            return True
        else:
            self.console.error(_("unknown command {c!r}: {help}").format(c=safe(words[0]), help=HELP))
            return True
        self.show()
        return True

    def run(self, stdin: IO[str], interactive: bool) -> int:
        """Read commands until ``quit``, the end of input or Ctrl-C (0: a viewer has nothing to save)."""
        try:
            self.console.say(HELP, "dim")
            self.show()
            while True:
                if interactive:
                    self.console.out.write("view> ")
                    self.console.out.flush()
                line = stdin.readline()
                if not line:
                    return 0
                if not self.command(line):
                    return 0
        except KeyboardInterrupt:
            self.console.say("")
            return 0
